#!/usr/bin/env bash
# The Slurm recipe's scripts (scripts/slurm/) without a cluster, in seconds: submit.sh refuses a bad
# number, naming its option, before it submits anything or computes with it (shell arithmetic wraps past
# 2^63), and hands good ones to sbatch (here a stand-in that records its arguments); merge.sbatch, run as
# the merge job runs it, leaves no merged.json or merged.txt when the merge fails (a corrupt shard, a
# missing one) and writes both, equal to one run's, when it succeeds. tests/slurm-shards.sh runs the
# recipe on a real cluster.
set -euo pipefail
cd "$(dirname "$0")/.."
bin=${SHOGI_REACH_CLI:-$PWD/target/release/shogi-reach}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
passed=0
fail() { echo "$passed passed, 1 failed: $*"; exit 1; }

# A stand-in for sbatch: one line of arguments per call, and a job id.
mkdir "$work/fake"
printf '#!/usr/bin/env bash\nprintf "%%s\\n" "$*" >> "$SBATCH_LOG"\necho 100\n' > "$work/fake/sbatch"
chmod +x "$work/fake/sbatch"
export SBATCH_LOG=$work/sbatch.log
# submit.sh with good values (the game by --variant, the older spelling of --game, still taken); later
# options replace them.
submit() {
  PATH=$work/fake:$PATH scripts/slurm/submit.sh --bin "$bin" --dir "$work/run" --variant minishogi \
    --samples 1000 --seed 7 --shards 4 "$@"
}

refused() {
  local option=$1 value=$2 err status=0
  err=$(submit "$option" "$value" 2>&1 >/dev/null) || status=$?
  [ "$status" = 2 ] || fail "submit.sh $option '$value': exit $status, not 2 ($err)"
  [[ $err == *"submit.sh: $option "* ]] || fail "submit.sh $option '$value' does not name the option: $err"
  [ ! -e "$SBATCH_LOG" ] || fail "submit.sh $option '$value' called sbatch: $(cat "$SBATCH_LOG")"
  [ ! -e "$work/run" ] || fail "submit.sh $option '$value' made the run's folder"
}
for v in 99999999999999999999 18446744073709551616 9223372036854775808 1000001 0 -1 1e3 0x10 4x ' 4' ''; do
  refused --shards "$v"
done
for v in 0 000 18446744073709551616 99999999999999999999999 -5 abc 1.5; do refused --samples "$v"; done
for v in 18446744073709551616 -1 1.5 ''; do refused --seed "$v"; done
for v in 0 1025 99999999999999999999 two; do refused --cpus "$v"; done
for v in -1 9999999999999999999; do refused --checkpoint-every "$v"; done
for v in x -1 99999999999999999999; do refused --verify "$v"; refused --resume-verify "$v"; done
refused --game chess
refused --game judkin
refused --bin "$work/no-such-cli"
passed=$((passed + 1))

accepted() {
  rm -f "$SBATCH_LOG"
  submit "$@" > "$work/ids" || fail "submit.sh $* refused good values"
  [ "$(cat "$work/ids")" = "100 100" ] || fail "submit.sh $*: printed $(cat "$work/ids")"
}
accepted
grep -q -- "--array=0-3 " "$SBATCH_LOG" || fail "the array is not 0-3: $(cat "$SBATCH_LOG")"
accepted --shards 0009 --cpus 08 --samples 18446744073709551615 --seed 18446744073709551615 --verify 0
grep -q -- "--array=0-8 --cpus-per-task=8 " "$SBATCH_LOG" || fail "leading zeros: $(cat "$SBATCH_LOG")"
grep -q "minishogi 18446744073709551615 18446744073709551615 0009 " "$SBATCH_LOG" &&
  fail "the shards went on with their leading zeros"
passed=$((passed + 1))

# merge.sbatch as the merge job runs it (its #SBATCH lines are comments to bash).
run=$work/merge
mkdir "$run"
for k in 0 1; do
  "$bin" estimate --game minishogi --samples 2000 --seed 7 --shard "$k/2" --threads 1 --json \
    > "$run/shard-$k.json"
done
merge() { bash scripts/slurm/merge.sbatch "$bin" "$run" "$@" 2> "$work/merge.err"; }
nothing_left() {
  [ ! -e "$run/merged.json" ] && [ ! -e "$run/merged.txt" ] || fail "$1 left $(ls "$run")"
  ! ls "$run" | grep -q partial || fail "$1 left a partial file: $(ls "$run")"
}
cp "$run/shard-1.json" "$work/shard-1.json"
echo '{"format": 2, "variant": "minishogi"' > "$run/shard-1.json" # cut short
echo 'an earlier merge' > "$run/merged.json"
! merge 2 1 || fail "the merge of a corrupt shard succeeded"
grep -q "shard-1.json" "$work/merge.err" || fail "the merge's error names no file: $(cat "$work/merge.err")"
nothing_left "a failed merge"
rm "$run/shard-1.json"
! merge 2 1 || fail "the merge of a missing shard succeeded"
nothing_left "a merge with a missing shard"
status=0
merge 99999999999999999999 1 || status=$?
[ $status = 2 ] && grep -q "SHARDS 99999999999999999999: a whole number" "$work/merge.err" ||
  fail "merge.sbatch with SHARDS 99999999999999999999: exit $status, $(cat "$work/merge.err")"
cp "$work/shard-1.json" "$run/shard-1.json"
merge 2 1 || fail "the merge of good shards failed: $(cat "$work/merge.err")"
"$bin" estimate --game minishogi --samples 2000 --seed 7 --json > "$work/single.json"
# The counts only: each report's provenance (program, machine, time) and the merge's shard list differ.
counts='const { provenance, shards, ...r } = JSON.parse(require("fs").readFileSync(process.argv[1], "utf8"));
  if (!provenance) throw new Error("no provenance"); console.log(JSON.stringify(r, null, 2));'
cmp -s <(node -e "$counts" "$run/merged.json") <(node -e "$counts" "$work/single.json") ||
  fail "merged.json's counts differ from the single run's"
grep -q "p = " "$run/merged.txt" || fail "merged.txt has no estimate"
! ls "$run" | grep -q partial || fail "a merge left a partial file: $(ls "$run")"
passed=$((passed + 1))
echo "$passed passed, 0 failed: submit.sh refuses bad numbers before submitting and passes good ones; merge.sbatch leaves no merged.json when the merge fails and writes it when it succeeds"
