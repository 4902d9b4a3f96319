#!/usr/bin/env bash
# `npm start`, the main job: installs what is missing, builds the command line (target/release/shogi-reach)
# and the site (dist/), and serves the site cross-origin isolated at the URL it prints (PORT, default 8080).
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/setup.sh
need_rust
cargo build --release -p shogi-reach
bash scripts/build.sh
echo "command line: target/release/shogi-reach (try: target/release/shogi-reach count --game minishogi)"
echo "open this in a browser (Ctrl-C stops the server):"
exec node scripts/serve.mjs dist "${PORT:-8080}"
