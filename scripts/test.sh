#!/usr/bin/env bash
# `npm test`: every test of the project, on a clone with nothing beside it. Installs what it needs
# (idempotently), then checks the Rust style (rustfmt, clippy), runs the Rust unit/integration tests
# (oracle, perft, properties, statistics, CLI) in the `ci` profile (optimised, with debug assertions and
# overflow checks), every fuzz target for FUZZ_SECONDS (10) each, the GNU parallel recipe, the server's
# tests, the WebAssembly builds and the site, and the real-browser tests in Debian's Chromium and Firefox ESR.
# First of all, as they take seconds: the page's type check (tsc) and its unit tests under Node.
set -euo pipefail
cd "$(dirname "$0")/.."
# Each part's start, in minutes and seconds since the beginning, so a slow part shows in the log.
part() { printf '\n[%d:%02d] %s\n' $((SECONDS / 60)) $((SECONDS % 60)) "$*"; }
source scripts/setup.sh
# The key that signs checkpoints (docs/cli.md): one of the tests', never the user's in ~/.config.
export SHOGI_REACH_KEY=$PWD/target/test-key/key
part setup: npm
need_npm
# The page's types: www/js checked by TypeScript against its declarations (tsconfig.json).
npx tsc -p .
# The page's DOM-free modules (SFEN, the editor, the link, notation, errors, the estimate's checks) under
# Node: seconds, so before the long Rust tests.
part unit tests
node --test --test-reporter=spec tests/unit/
part setup: rust
need_rust
part style and layers
cargo fmt --check
node scripts/layers.mjs
node scripts/sizes.mjs --check
part clippy
cargo clippy --profile ci --all-targets -- -D warnings
part rust tests
cargo test --profile ci --workspace
# The CLI the remaining tests compare with: the one the Rust tests just built (the `ci` profile: optimised,
# with the engine's internal checks on), rather than a second full build in the release profile.
export SHOGI_REACH_CLI=$PWD/target/ci/shogi-reach
# The Python package (crate/python): its wheel built by maturin, installed into target/venv, its pytest
# suite against the CLI above, cshogi and python-shogi.
part python package
bash scripts/test-python.sh
# A short fuzzing run of every target (scripts/fuzz.sh runs longer ones on request).
part fuzz
bash scripts/fuzz.sh "${FUZZ_SECONDS:-10}"
part GNU parallel
need_apt parallel parallel
bash tests/parallel-shards.sh
# The Slurm scripts without a cluster (seconds): submit.sh's checks of its numbers, and merge.sbatch leaving
# no merged.json when the merge fails.
part Slurm scripts
bash tests/slurm-scripts.sh
# Slurm: the job array of scripts/slurm/ on a real one-node cluster started by the test, one task
# requeued mid-run; the merged report equals one run.
part Slurm
need_slurm
bash tests/slurm-shards.sh
part build the site
bash scripts/build.sh
part server tests, in Chromium
need_chromium
node --test --test-reporter=spec tests/serve.test.mjs
part browser tests
# The exports' test and the records check read files with cshogi and python-shogi ($VENV_PYTHON).
need_python
# The Chromium tests, one file per tab or concern (tests/browser/), one file at a time.
node --test --test-concurrency=1 --test-reporter=spec tests/browser/
part estimate runs
node --test --test-reporter=spec tests/estimate-runs.test.mjs
# The record reader's header, comments and moves against cshogi and python-shogi.
part records against cshogi and python-shogi
node --test --test-reporter=spec tests/records-python.test.mjs
part firefox
need_firefox
# The site's promises (firefox.test.mjs), its explanations, its exports and its update bar, one file at a
# time.
node --test --test-concurrency=1 --test-reporter=spec tests/firefox.test.mjs tests/firefox-explain.test.mjs \
  tests/firefox-export.test.mjs tests/firefox-offline.test.mjs
part done
