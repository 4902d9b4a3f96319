#!/usr/bin/env bash
# The native half of `npm test` (scripts/test.sh runs it before the site's build and the browser tests):
# clippy, the Rust unit and integration tests (oracle, perft, properties, statistics, CLI) in the `ci`
# profile (optimised, with debug assertions and overflow checks), the Python package, every fuzz target
# for FUZZ_SECONDS (10) each, the GNU parallel recipe and the Slurm scripts on a real one-node cluster.
# Expects what scripts/test.sh installed and exported (SHOGI_REACH_KEY; SHOGI_REACH_CLI, the CLI that
# `cargo test` builds, for the Python, parallel and Slurm tests).
set -euo pipefail
cd "$(dirname "$0")/.."
# Times since the start of `npm test` (TEST_START: its seconds when this script began).
offset=${TEST_START:-0}
part() { local s=$((SECONDS + offset)); printf '\n[%d:%02d] %s\n' $((s / 60)) $((s % 60)) "$*"; }
part clippy
cargo clippy --profile ci --all-targets -- -D warnings
part rust tests
cargo test --profile ci --workspace
# The Python package (crate/python): its wheel built by maturin, installed into target/venv, its pytest
# suite against the CLI, cshogi and python-shogi.
part python package
bash scripts/test-python.sh
# A short fuzzing run of every target (scripts/fuzz.sh runs longer ones on request).
part fuzz
bash scripts/fuzz.sh "${FUZZ_SECONDS:-10}"
part GNU parallel
bash tests/parallel-shards.sh
# The Slurm scripts without a cluster (seconds): submit.sh's checks of its numbers, and merge.sbatch leaving
# no merged.json when the merge fails.
part Slurm scripts
bash tests/slurm-scripts.sh
# Slurm: the job array of scripts/slurm/ on a real one-node cluster started by the test, one task
# requeued mid-run; the merged report equals one run.
part Slurm
bash tests/slurm-shards.sh
part native tests done
