#!/usr/bin/env bash
# Submits an estimate to Slurm: a job array of SHARDS tasks (estimate-array.sbatch, each a shard with a
# checkpoint, requeued or preempted tasks resuming theirs), and a merge job (merge.sbatch) that starts when
# every task has succeeded (--dependency=afterok) and checks the shards with `merge --verify`.
#
#   scripts/slurm/submit.sh --dir DIR --variant shogi --samples 1000000000 --seed 7 --shards 64 \
#     [--bin PATH] [--cpus C] [--checkpoint-every S] [--verify K|auto] [--resume-verify K] [-- SBATCH_OPTION…]
#
# --bin: the CLI (default: shogi-reach on PATH); --cpus: threads per task (1); --checkpoint-every: seconds
# (300); --verify: blocks of each shard the merge recomputes (auto); --resume-verify: blocks of its own
# checkpoint a restarted task recomputes (4). DIR must be on a file system every node sees. Prints
# "ARRAY_JOB_ID MERGE_JOB_ID". Options after `--` go to both sbatch calls (--partition, --time, --account…).
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
bin=$(command -v shogi-reach || true) dir="" variant=shogi samples="" seed="" shards="" cpus=1
every=300 verify=auto resume_verify=4
usage() { sed -n '2,15p' "$0" | sed 's/^# \{0,1\}//' >&2; exit 2; }
while [ $# -gt 0 ]; do
  [ "$1" = -- ] || [ $# -ge 2 ] || { echo "submit.sh: $1 needs a value" >&2; usage; }
  case $1 in
    --bin) bin=$2 ;; --dir) dir=$2 ;; --variant) variant=$2 ;; --samples) samples=$2 ;; --seed) seed=$2 ;;
    --shards) shards=$2 ;; --cpus) cpus=$2 ;; --checkpoint-every) every=$2 ;; --verify) verify=$2 ;;
    --resume-verify) resume_verify=$2 ;;
    --) shift; break ;;
    *) echo "submit.sh: unknown option $1" >&2; usage ;;
  esac
  shift 2
done
for v in dir samples seed shards bin; do
  [ -n "${!v}" ] || { echo "submit.sh: --$v is required" >&2; usage; }
done
[[ $shards =~ ^[1-9][0-9]*$ ]] || { echo "submit.sh: --shards $shards: a whole number, at least 1" >&2; exit 2; }
bin=$(realpath "$bin")
mkdir -p "$dir"
dir=$(realpath "$dir")
array=$(sbatch --parsable --job-name=estimate --array=0-$((shards - 1)) --cpus-per-task="$cpus" \
  --output="$dir/slurm-%A_%a.out" "$@" \
  "$here/estimate-array.sbatch" "$bin" "$dir" "$variant" "$samples" "$seed" "$shards" "$every" "$resume_verify")
array=${array%%;*}
merge=$(sbatch --parsable --job-name=estimate-merge --dependency=afterok:"$array" --kill-on-invalid-dep=yes \
  --output="$dir/slurm-%j.out" "$@" \
  "$here/merge.sbatch" "$bin" "$dir" "$shards" "$verify")
echo "${array} ${merge%%;*}"
