#!/usr/bin/env bash
# The Slurm recipe (scripts/slurm/) run for real on a one-node cluster started here: a job array of shards
# with checkpoints and a merge job after it (afterok, merge --verify) give the report of one run of the
# same samples, byte for byte, although one task is requeued (killed, SIGTERM) in the middle of its shard
# and resumes its checkpoint. Then `replicate --shard K` as array tasks, as docs/clusters.md says. Needs root (the Slurm daemons) and Debian's slurm-wlm and munge.
set -euo pipefail
cd "$(dirname "$0")/.."
bin=${SHOGI_REACH_CLI:-$PWD/target/release/shogi-reach}
[ "$(id -u)" = 0 ] || { echo "0 passed, 1 failed: the Slurm daemons of this test need root"; exit 1; }
work=$(mktemp -d)
source scripts/slurm/local-cluster.sh
# The daemons are stopped and the folder removed however the test ends.
trap 'cluster_stop; rm -rf "$work"' EXIT
samples=300000 seed=42 shards=4
fail() {
  echo "0 passed, 1 failed: $*"
  local f
  for f in "$work"/run/*.log "$work"/run/slurm-*.out "$work/cluster/slurmctld.log"; do
    [ -s "$f" ] && { echo "== $f"; tail -15 "$f"; }
  done
  exit 1
}

# The state of a job (an array task as ID_K), read from the controller.
job_state() { scontrol -o show job "$1" 2>/dev/null | grep -o 'JobState=[A-Z_]*' | head -1 | cut -d= -f2; }

# Waits until `$@` succeeds, checking every 0.1 s, at most $limit checks.
wait_for() {
  local what=$1 limit=$2 i; shift 2
  for i in $(seq 1 "$limit"); do "$@" && return 0; sleep 0.1; done
  fail "$what (not after $((limit / 10)) s)"
}

cluster_start "$work/cluster" || fail "the local Slurm cluster did not start"
read -r array merge < <(scripts/slurm/submit.sh --bin "$bin" --dir "$work/run" --game minishogi \
  --samples $samples --seed $seed --shards $shards --checkpoint-every 0 --resume-verify 1)

# Task 0 is requeued once its checkpoint holds part, not all, of its shard: Slurm kills it (SIGTERM, the CLI
# saves and exits) and runs it again, and the second attempt resumes the checkpoint.
shard_end=$((samples / shards))
mid_run() {
  case $(job_state "${array}_0") in FAILED | CANCELLED | COMPLETED) fail "task 0 $(job_state "${array}_0") before it could be requeued" ;; esac
  [ "$(job_state "${array}_0")" = RUNNING ] && [ -s "$work/run/ck-0.json" ] &&
    node -e 'const r = JSON.parse(require("fs").readFileSync(process.argv[1], "utf8"));
      process.exit(r.ranges.length === 1 && r.ranges[0][1] < Number(process.argv[2]) ? 0 : 1)' \
      "$work/run/ck-0.json" "$shard_end" 2>/dev/null
}
wait_for "task 0 running with a checkpoint of part of its shard" 600 mid_run
scontrol requeue "${array}_0"
# Slurm holds a requeued job back (Reason=BeginTime, about two minutes); a test need not wait.
wait_for "task 0 requeued" 600 eval '[ "$(job_state "${array}_0")" = PENDING ]'
scontrol update jobid="${array}_0" StartTime=now

# The reference while the cluster works: one run of the same samples.
"$bin" estimate --game minishogi --samples $samples --seed $seed --threads 1 --json > "$work/single.json"

merge_done() { case $(job_state "$merge") in COMPLETED) return 0 ;; FAILED | CANCELLED | TIMEOUT) fail "merge job $(job_state "$merge")" ;; *) return 1 ;; esac; }
wait_for "the merge job completed" 1200 merge_done

grep -q "interrupted after" "$work/run/shard-0.log" || fail "task 0 was not interrupted"
grep -q "verified 1 of the" "$work/run/shard-0.log" || fail "task 0 did not resume its checkpoint"
grep -q "attempt 2" "$work/run/shard-0.log" || fail "task 0 did not run twice"
# The counts byte for byte: each report without its provenance (program, machine, time) and the merge's
# list of shard files, written again as they were.
counts='const read = (f) => { const { provenance, shards, ...r } = JSON.parse(require("fs").readFileSync(f, "utf8"));
  if (!provenance) throw new Error(`${f}: no provenance`); return JSON.stringify(r, null, 2); };
  require("fs").writeFileSync(process.argv[2], read(process.argv[1]))'
node -e "$counts" "$work/run/merged.json" "$work/merged.counts" || fail "the merged report cannot be read"
node -e "$counts" "$work/single.json" "$work/single.counts" || fail "the single run's report cannot be read"
if ! cmp -s "$work/merged.counts" "$work/single.counts"; then
  diff "$work/merged.counts" "$work/single.counts" | head -20
  fail "the merged shards differ from the single run"
fi

# The papers' experiment as docs/clusters.md runs it: `replicate --shard K` as array tasks sharing a folder,
# then `replicate` there prints what one replicate run prints (the folder's name aside).
rep=(replicate --game minishogi --fraction 2e-4 --shards 2 --threads 1 --json)
rep_array=$(sbatch --parsable --array=0-1 --output="$work/rep-%a.out" \
  --wrap "$bin ${rep[*]} --dir $work/rep --shard \$SLURM_ARRAY_TASK_ID")
rep_done() {
  local k state done=0
  for k in 0 1; do
    state=$(job_state "${rep_array}_$k")
    case $state in COMPLETED) done=$((done + 1)) ;; FAILED | CANCELLED) fail "replicate task $k $state" ;; esac
  done
  [ $done = 2 ]
}
wait_for "the replicate tasks completed" 600 rep_done
"$bin" "${rep[@]}" --dir "$work/rep" > "$work/rep-cluster.json"
"$bin" "${rep[@]}" --dir "$work/rep-here" > "$work/rep-here.json"
same_but_dir='const read = (f) => { const r = JSON.parse(require("fs").readFileSync(f, "utf8"));
  for (const o of [r, r.report]) { delete o.provenance; delete o.shards; } delete r.dir; return JSON.stringify(r); };
  process.exit(read(process.argv[1]) === read(process.argv[2]) ? 0 : 1)'
node -e "$same_but_dir" "$work/rep-cluster.json" "$work/rep-here.json" ||
  fail "replicate's shards run by Slurm give other tables than one replicate run"
echo "2 passed, 0 failed: $shards Slurm array tasks (task 0 requeued mid-run, resumed) merged with --verify equal the single run; replicate's shards as Slurm tasks give the tables of one replicate run"
