#!/usr/bin/env bash
# Tools for scripts/selfplay.py (not needed by the tests or the benchmark, which only read the TSVs):
# Debian's fairy-stockfish (installed to /usr/games) and PyPI's cshogi (independent Shogi SFENs).
set -euo pipefail

install_selfplay_tools() {
  if ! command -v fairy-stockfish >/dev/null && [ ! -x /usr/games/fairy-stockfish ]; then
    if [ "$(id -u)" -eq 0 ]; then apt-get install -y fairy-stockfish; else sudo apt-get install -y fairy-stockfish; fi
  fi
  if ! python3 -c 'import cshogi' 2>/dev/null; then
    python3 -m pip install cshogi
  fi
}

if [ "${BASH_SOURCE[0]}" = "$0" ]; then
  install_selfplay_tools
fi
