#!/usr/bin/env bash
# Benchmarks (criterion). Extra arguments go to criterion, e.g. `npm run bench -- perft`.
set -euo pipefail
cd "$(dirname "$0")/.."
cargo bench --bench engine -- "$@"
