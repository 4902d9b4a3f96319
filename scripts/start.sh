#!/usr/bin/env bash
# The main job: build the engine and its command line.
set -euo pipefail
cd "$(dirname "$0")/.."
cargo build --release
echo "built target/release/shogi-reach; try: target/release/shogi-reach count --variant minishogi"
