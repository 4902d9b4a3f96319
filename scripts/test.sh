#!/usr/bin/env bash
# `npm test`: every test of the project, on a clone with nothing beside it. Installs what it needs
# (idempotently), checks the page's types and the Rust style, builds the CLI, then runs two lanes at once:
#  - the native tests (scripts/test-native.sh: clippy, Rust, Python, fuzzing, GNU parallel, Slurm) at a
#    lower priority, with their log in target/test-logs/native.log, printed when they end;
#  - the WebAssembly builds and the site, the server's tests and the real-browser tests in Debian's
#    Chromium and Firefox ESR, which wait on pages and workers and leave much of the machine idle.
# The browser tests compare the site with the CLI built first (`ci` profile: optimised, with the engine's
# internal checks on), copied aside so that the Rust tests' build cannot replace it under them.
set -euo pipefail
cd "$(dirname "$0")/.."
# Each part's start, in minutes and seconds since the beginning, so a slow part shows in the log.
part() { printf '\n[%d:%02d] %s\n' $((SECONDS / 60)) $((SECONDS % 60)) "$*"; }
source scripts/setup.sh
# The key that signs checkpoints (docs/cli.md): one of the tests', never the user's in ~/.config.
export SHOGI_REACH_KEY=$PWD/target/test-key/key
# Every install first, one after the other (apt and pip cannot share their locks with the lanes).
part setup
need_npm
need_rust
need_wasm_bindgen
need_python
need_fuzz_tools
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
part the CLI
cargo build --profile ci -p shogi-reach
mkdir -p target/test-cli target/test-logs
cp target/ci/shogi-reach target/test-cli/shogi-reach
export SHOGI_REACH_CLI=$PWD/target/test-cli/shogi-reach

part "native tests start (nice 10; log: target/test-logs/native.log)"
native_log=target/test-logs/native.log
TEST_START=$SECONDS nice -n 10 bash scripts/test-native.sh >"$native_log" 2>&1 &
native=$!
# However the browser lane ends, the native lane is waited for and its log shown.
native_done() {
  local status=0
  wait "$native" || status=$?
  part "native tests (started at the mark above), their log:"
  cat "$native_log"
  return $status
}
trap 'native_done || true' EXIT

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
# The site's promises (firefox.test.mjs), its explanations, its exports and its update bar, two files at
# a time.
part firefox
node --test --test-concurrency=2 --test-reporter=spec tests/firefox.test.mjs tests/firefox-explain.test.mjs \
  tests/firefox-export.test.mjs tests/firefox-offline.test.mjs
part browser tests done, waiting for the native tests
trap - EXIT
native_done
part done
