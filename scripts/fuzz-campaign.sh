#!/usr/bin/env bash
# A long fuzzing campaign (not part of `npm test`): scripts/fuzz-campaign.sh [MINUTES] shares MINUTES
# (default 60) among the fuzz targets of crate/fuzz — the SFEN and record readers, ranking, the prover and
# proof games, the estimate report (shard and checkpoint) reader and merge, the CLI's bounded file reader —
# through scripts/fuzz.sh, and prints per target the seconds, the inputs run, the corpus size and any new
# reproducer, as TSV on standard output (the log of each run goes to standard error). Exits 1 if any target
# found a problem.
set -euo pipefail
cd "$(dirname "$0")/.."

minutes=${1:-60}
case $minutes in '' | *[!0-9]* | 0) echo "usage: scripts/fuzz-campaign.sh [MINUTES]" >&2; exit 2 ;; esac
targets=${FUZZ_TARGETS:-sfen records rank prove shard input}
read -ra list <<<"$targets"
seconds=$((minutes * 60 / ${#list[@]}))

# Files in a folder (0 when it does not exist yet).
files() { if [ -d "$1" ]; then find "$1" -maxdepth 1 -type f | wc -l; else echo 0; fi; }

status=0
printf 'target\tseconds\tinputs_run\tcorpus_files\tnew_reproducers\n'
for t in "${list[@]}"; do
  before=$(files crate/fuzz/artifacts/"$t")
  log=$(mktemp)
  FUZZ_TARGETS=$t bash scripts/fuzz.sh "$seconds" 2>&1 | tee "$log" >&2 || status=1
  runs=$(grep -o 'stat::number_of_executed_units: *[0-9]*' "$log" | grep -o '[0-9]*$' | tail -1 || true)
  after=$(files crate/fuzz/artifacts/"$t")
  printf '%s\t%s\t%s\t%s\t%s\n' "$t" "$seconds" "${runs:-?}" "$(files crate/fuzz/corpus/"$t")" \
    "$((after - before))"
  rm -f "$log"
done
exit $status
