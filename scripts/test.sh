#!/usr/bin/env bash
# `npm test`: every test of the project, on a clone with nothing beside it. Installs what it needs
# (idempotently), checks the page's types and the Rust style, runs the native tests (scripts/test-native.sh:
# clippy, Rust with the fuzz targets' seeds, Python, GNU parallel, Slurm), builds the WebAssembly builds
# and the site, and runs the server's tests and the real-browser tests in Debian's Chromium and Firefox
# ESR. One part after the other: on two cores each part alone keeps the machine busy (running the native
# tests beside the browser tests was measured slower, 2026-11-27).
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/setup.sh
# The key that signs checkpoints (docs/cli.md): one of the tests', never the user's in ~/.config.
export SHOGI_REACH_KEY=$PWD/target/test-key/key
# Every install first, so that the log shows each part's own time.
part setup
need_npm
need_rust
need_wasm_bindgen
need_python
need_apt parallel parallel
need_slurm
need_chromium
need_firefox
# The page's types: www/js checked by TypeScript against its declarations (tsconfig.json). The page's
# DOM-free modules (SFEN, the editor, the link, notation, errors, the estimate's checks) under Node.
part types and unit tests
npx tsc -p .
node --test --test-reporter=spec tests/unit/
part style and layers
cargo fmt --check
node scripts/layers.mjs
node scripts/sizes.mjs --check
# The native tests (clippy, Rust, Python, GNU parallel, Slurm). The browser and shard tests then
# run the CLI that the Rust tests built (the `ci` profile: optimised, with the engine's internal checks on)
# rather than a second full build in the release profile.
export SHOGI_REACH_CLI=$PWD/target/ci/shogi-reach
TEST_START=$SECONDS bash scripts/test-native.sh
part build the site
bash scripts/build.sh
part server tests, in Chromium
node --test --test-reporter=spec tests/serve.test.mjs
# The Chromium tests, one file per tab or concern (tests/browser/), two files at a time. The exports' test
# and the records check read files with cshogi and python-shogi ($VENV_PYTHON).
part browser tests
node --test --test-concurrency=2 --test-reporter=spec tests/browser/
part estimate runs
node --test --test-reporter=spec tests/estimate-runs.test.mjs
# The record reader's header, comments and moves against cshogi and python-shogi.
part records against cshogi and python-shogi
node --test --test-reporter=spec tests/records-python.test.mjs
# The site's promises (firefox.test.mjs), its saved runs and shard files, phones and both languages, its
# explanations, its exports and its update bar, two files at a time (the longest first).
part firefox
node --test --test-concurrency=2 --test-reporter=spec tests/firefox.test.mjs tests/firefox-runs.test.mjs \
  tests/firefox-phones.test.mjs tests/firefox-explain.test.mjs tests/firefox-export.test.mjs \
  tests/firefox-offline.test.mjs
part done
