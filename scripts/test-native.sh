#!/usr/bin/env bash
# The native half of `npm test` (scripts/test.sh runs it before the site's build and the browser tests):
# clippy, the Rust unit and integration tests (oracle, perft, properties, statistics, CLI, and every fuzz
# target's seeds through its checks) in the `ci` profile (optimised, with debug assertions and overflow
# checks), the Python package, the GNU parallel recipe and the Slurm scripts on a real one-node cluster.
# The fuzzing itself is scripts/fuzz.sh and scripts/fuzz-campaign.sh (docs/testing.md).
# Expects what scripts/test.sh installed. Alone, it signs with the tests' key as `npm test` does, and the
# Python, parallel and Slurm tests run the CLI that `cargo test` builds.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/setup.sh
export SHOGI_REACH_KEY=${SHOGI_REACH_KEY:-$PWD/target/test-key/key}
export SHOGI_REACH_CLI=${SHOGI_REACH_CLI:-$PWD/target/ci/shogi-reach}
part clippy
cargo clippy --profile ci --all-targets -- -D warnings
part rust tests
cargo test --profile ci --workspace
# The Python package (crate/python): its wheel built by maturin, installed into target/venv, its pytest
# suite against the CLI, cshogi and python-shogi.
part python package
bash scripts/test-python.sh
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
