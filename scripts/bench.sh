#!/usr/bin/env bash
# Benchmarks (criterion). Extra arguments go to criterion, e.g. `npm run bench -- perft`; `npm run bench --
# stages` first prints the time per pipeline stage and the thread scaling on this machine's cores.
set -euo pipefail
cd "$(dirname "$0")/.."
cargo bench -p shogi-reach-bench --bench engine -- "$@"
