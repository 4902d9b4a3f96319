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
# Clippy lints the workspace's crates while `cargo test` and maturin compile them: clippy-driver as cargo's
# workspace wrapper with the lint flags in CLIPPY_ARGS, which is what `cargo clippy` sets up, except that
# the crates are then built rather than only checked, so they are compiled once instead of twice. The
# benchmarks, which no test builds, get `cargo clippy` of their own. tests/clippy-canary.rs makes sure the
# wrapper lints and fails on a warning.
part clippy and rust tests
export RUSTC_WORKSPACE_WRAPPER
RUSTC_WORKSPACE_WRAPPER=$(rustc --print sysroot)/bin/clippy-driver
export CLIPPY_ARGS=-D__CLIPPY_HACKERY__warnings__CLIPPY_HACKERY__
canary=$(mktemp -d)
if "$RUSTC_WORKSPACE_WRAPPER" rustc --edition 2021 --crate-type lib --emit metadata --out-dir "$canary" \
  tests/clippy-canary.rs 2>"$canary/log"; then
  echo "clippy-driver passed tests/clippy-canary.rs: the tests' build would not be linted" >&2
  exit 1
fi
grep -q 'clippy::needless_return' "$canary/log" || { cat "$canary/log" >&2; exit 1; }
rm -rf "$canary"
cargo test --profile ci --workspace
cargo clippy --profile ci -p shogi-reach-bench --benches -- -D warnings
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
