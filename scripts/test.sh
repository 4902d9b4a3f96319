#!/usr/bin/env bash
# Every test of the project. Installs what it needs (idempotently) and runs:
#   Rust unit/integration tests (oracle, perft, properties, statistics, CLI), then the GNU parallel recipe.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/setup.sh
if [ ! -d ../shared/oracle ] && [ -z "${SHOGI_REACH_SHARED:-}" ]; then
  echo "error: ../shared/oracle not found (set SHOGI_REACH_SHARED to the shared/ folder)" >&2
  exit 1
fi
cargo test --release --workspace
cargo build --release
need_apt parallel parallel
bash tests/parallel-shards.sh
