#!/usr/bin/env bash
# Every test of the project. Installs nothing by hand: what it needs it sets up itself.
set -euo pipefail
cd "$(dirname "$0")/.."
if [ ! -d ../shared/oracle ] && [ -z "${SHOGI_REACH_SHARED:-}" ]; then
  echo "error: ../shared/oracle not found (set SHOGI_REACH_SHARED to the shared/ folder)" >&2
  exit 1
fi
cargo test --release --workspace
