#!/usr/bin/env bash
# `npm test`: every test of the project. Installs what it needs (idempotently), then runs the Rust
# unit/integration tests (oracle, perft, properties, statistics, CLI), the GNU parallel recipe, the
# WebAssembly builds and the site, and the real-browser tests in Debian's Chromium.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/setup.sh
if [ ! -d ../shared/oracle ] && [ -z "${SHOGI_REACH_SHARED:-}" ]; then
  echo "error: ../shared/oracle not found (set SHOGI_REACH_SHARED to the shared/ folder)" >&2
  exit 1
fi
need_rust
cargo test --release --workspace
cargo build --release
need_apt parallel parallel
bash tests/parallel-shards.sh
bash scripts/build.sh
need_chromium
node --test --test-reporter=spec tests/browser.test.mjs
