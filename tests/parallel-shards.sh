#!/usr/bin/env bash
# The README's GNU parallel recipe, run for real on small numbers: M shards merged equal one run.
set -euo pipefail
cd "$(dirname "$0")/.."
bin=${SHOGI_REACH_CLI:-$PWD/target/release/shogi-reach}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
samples=20000 seed=42 shards=4

seq 0 $((shards - 1)) | parallel -j2 \
  "$bin estimate --game minishogi --samples $samples --seed $seed --shard {}/$shards --threads 1 --json > $work/shard-{}.json"
"$bin" merge --json "$work"/shard-*.json > "$work/merged.json"
"$bin" estimate --game minishogi --samples $samples --seed $seed --json > "$work/single.json"
# The counts byte for byte: each report without its provenance (program, machine, time) and the merge's
# list of shard files, written again as they were.
counts='const read = (f) => { const { provenance, shards, ...r } = JSON.parse(require("fs").readFileSync(f, "utf8"));
  if (!provenance) throw new Error(`${f}: no provenance`); return JSON.stringify(r, null, 2); };
  require("fs").writeFileSync(process.argv[2], read(process.argv[1]))'
node -e "$counts" "$work/merged.json" "$work/merged.counts"
node -e "$counts" "$work/single.json" "$work/single.counts"
if cmp -s "$work/merged.counts" "$work/single.counts"; then
  echo "1 passed, 0 failed: $shards GNU parallel shards merge to the single run"
else
  diff "$work/merged.counts" "$work/single.counts" | head -20
  echo "0 passed, 1 failed: merged shards differ from the single run"
  exit 1
fi
