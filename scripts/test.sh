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
node --test --test-force-exit --test-timeout=300000 --test-reporter=spec tests/unit/
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
# Every real-browser file in one pool, two files at a time, the longest first: the server's rules
# (tests/serve.test.mjs), the Chromium files (tests/browser/, one per tab or concern), the reloaded and
# verified estimate runs, the record reader against cshogi and python-shogi (tests/records-python.test.mjs;
# it and the exports' test read files with $VENV_PYTHON), and Firefox ESR's (the site's promises, saved
# runs and shard files, phones and both languages, explanations, exports, the update bar). As parts of
# their own each ended with one file running alone and a core idle.
part browser tests: the server, Chromium, the estimate runs, the records, Firefox
longest=(tests/firefox.test.mjs tests/estimate-runs.test.mjs tests/firefox-runs.test.mjs
  tests/browser/answer.test.mjs tests/firefox-phones.test.mjs tests/browser/saved-run.test.mjs
  tests/browser/offline.test.mjs tests/browser/prove.test.mjs)
rest=()
for file in tests/*.test.mjs tests/browser/*.test.mjs; do
  [[ " ${longest[*]} " == *" $file "* ]] || rest+=("$file")
done
# A file whose test failed with a socket or a browser still open would keep its process alive, and the
# run with it, for good: --test-force-exit ends each file once its tests have, and a file still running
# after 15 minutes (the longest take under 2 here) is stopped and fails.
node --test --test-concurrency=2 --test-force-exit --test-timeout=900000 --test-reporter=spec \
  "${longest[@]}" "${rest[@]}"
part done
