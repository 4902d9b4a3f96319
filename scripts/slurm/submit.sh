#!/usr/bin/env bash
# Submits an estimate to Slurm: a job array of SHARDS tasks (estimate-array.sbatch, each a shard with a
# checkpoint, requeued or preempted tasks resuming theirs), and a merge job (merge.sbatch) that starts when
# every task has succeeded (--dependency=afterok) and checks the shards with `merge --verify`.
#
#   scripts/slurm/submit.sh --dir DIR --game shogi --samples 1000000000 --seed 7 --shards 64 \
#     [--bin PATH] [--cpus C] [--checkpoint-every S] [--verify K|auto] [--resume-verify K] [-- SBATCH_OPTION…]
#
# --bin: the CLI (default: shogi-reach on PATH); --cpus: threads per task (1); --checkpoint-every: seconds
# (300); --verify: blocks of each shard the merge recomputes (auto); --resume-verify: blocks of its own
# checkpoint a restarted task recomputes (4). DIR must be on a file system every node sees. Prints
# "ARRAY_JOB_ID MERGE_JOB_ID". Options after `--` go to both sbatch calls (--partition, --time, --account…).
# Every value is checked before anything is submitted: SAMPLES 1 to 2^64-1, SEED 0 to 2^64-1, SHARDS 1 to
# 1000000, C 1 to 1024; a bad one stops it with exit 2, naming the option.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
bin=$(command -v shogi-reach || true) dir="" game=shogi samples="" seed="" shards="" cpus=1
every=300 verify=auto resume_verify=4
# The comment above, less its marks.
usage() { awk 'NR > 1 && /^#/ { sub(/^# ?/, ""); print; next } NR > 1 { exit }' "$0" >&2; exit 2; }
while [ $# -gt 0 ]; do
  [ "$1" = -- ] || [ $# -ge 2 ] || { echo "submit.sh: $1 needs a value" >&2; usage; }
  case $1 in
    --bin) bin=$2 ;; --dir) dir=$2 ;; --game | --variant) game=$2 ;; --samples) samples=$2 ;; --seed) seed=$2 ;;
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
# Every number is checked before any arithmetic or submission, its digits first: shell arithmetic wraps
# past 2^63 without a word.
refuse() { echo "submit.sh: --$1 ${2:0:40}: $3" >&2; exit 2; }
# NAME VALUE MIN MAX: a whole number from MIN to MAX (at most 18 digits, which shell arithmetic holds).
whole() {
  [[ $2 =~ ^[0-9]{1,18}$ ]] && ((10#$2 >= $3 && 10#$2 <= $4)) || refuse "$1" "$2" "a whole number from $3 to $4"
}
# NAME VALUE MIN: a whole number from MIN (0 or 1) to 2^64 - 1, as the CLI reads it, compared as text.
whole64() {
  local digits=${2#"${2%%[!0]*}"}
  [[ $2 =~ ^[0-9]+$ ]] && [ "${#digits}" -le 20 ] && [ "${#digits}" -ge "$3" ] &&
    { [ "${#digits}" -lt 20 ] || [[ $digits < 18446744073709551616 ]]; } ||
    refuse "$1" "$2" "a whole number from $3 to 18446744073709551615"
}
# NAME VALUE: a number of blocks to recompute, or auto.
blocks() { [ "$2" = auto ] || whole "$1" "$2" 0 1000000000; }
whole64 samples "$samples" 1
whole64 seed "$seed" 0
# Slurm's largest array (MaxArraySize) is at most 4000001; a cluster's own limit is sbatch's to name.
whole shards "$shards" 1 1000000
whole cpus "$cpus" 1 1024
whole checkpoint-every "$every" 0 1000000000
blocks verify "$verify"
blocks resume-verify "$resume_verify"
shards=$((10#$shards)) cpus=$((10#$cpus)) # without leading zeros (0009 is no octal number)
[ -x "$bin" ] && [ -f "$bin" ] || refuse bin "$bin" "not an executable file"
bin=$(realpath "$bin")
# The games are the CLI's to know (shogi-reach games lists them).
"$bin" count --game "$game" >/dev/null 2>&1 || refuse game "$game" "not a game of $bin (shogi-reach games lists them)"
mkdir -p "$dir"
dir=$(realpath "$dir")
array=$(sbatch --parsable --job-name=estimate --array=0-$((shards - 1)) --cpus-per-task="$cpus" \
  --output="$dir/slurm-%A_%a.out" "$@" \
  "$here/estimate-array.sbatch" "$bin" "$dir" "$game" "$samples" "$seed" "$shards" "$every" "$resume_verify")
array=${array%%;*}
merge=$(sbatch --parsable --job-name=estimate-merge --dependency=afterok:"$array" --kill-on-invalid-dep=yes \
  --output="$dir/slurm-%j.out" "$@" \
  "$here/merge.sbatch" "$bin" "$dir" "$shards" "$verify")
echo "${array} ${merge%%;*}"
