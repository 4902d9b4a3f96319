#!/usr/bin/env bash
# `npm test`: every test of the project, on a clone with nothing beside it. Installs what it needs
# (idempotently), then checks the Rust style (rustfmt, clippy), runs the Rust unit/integration tests (oracle,
# perft, properties, statistics, CLI) in the `ci` profile (optimised, with debug assertions and overflow
# checks), the GNU parallel recipe, the WebAssembly builds and the site, and the real-browser tests in
# Debian's Chromium.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/setup.sh
need_rust
cargo fmt --check
cargo clippy --profile ci --all-targets -- -D warnings
cargo test --profile ci --workspace
cargo build --release
need_apt parallel parallel
bash tests/parallel-shards.sh
node --test --test-reporter=spec tests/serve.test.mjs
bash scripts/build.sh
need_chromium
node --test --test-reporter=spec tests/browser.test.mjs
