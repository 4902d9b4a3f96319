#!/usr/bin/env bash
# The Python package (crate/python): builds the wheel with maturin in the `ci` profile, installs it into
# target/venv and runs its pytest suite, which compares every function with the command line
# ($SHOGI_REACH_CLI, else ci/shogi-reach in $CARGO_TARGET_DIR or target) and with cshogi and
# python-shogi. `npm test` runs it after the Rust tests, so the engine is already built in that profile
# and only the bindings compile (about 10 s; scripts/python-features.mjs checks that this crate alone gives
# its dependencies the workspace's features, else maturin compiles the engine again). Arguments go to
# pytest (`-k estimate`, `-x`).
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/setup.sh
need_python
need_apt /usr/games/fairy-stockfish fairy-stockfish
node scripts/python-features.mjs
wheels=target/python-wheels
rm -rf "$wheels"
"$(dirname "$VENV_PYTHON")/maturin" build --quiet --profile ci -m crate/python/Cargo.toml -i "$VENV_PYTHON" \
  --out "$wheels"
"$VENV_PYTHON" -m pip install --quiet --disable-pip-version-check --force-reinstall --no-deps "$wheels"/shogi_reach-*.whl
# The CLI the ci profile built, in $CARGO_TARGET_DIR when that is set (as an absolute path: the tests run
# from crate/python).
if [ -z "${SHOGI_REACH_CLI:-}" ]; then
  cli=${CARGO_TARGET_DIR:-target}/ci/shogi-reach
  if [ ! -x "$cli" ]; then
    cargo build --profile ci -p shogi-reach
  fi
  SHOGI_REACH_CLI=$(realpath "$cli")
  export SHOGI_REACH_CLI
fi
# No bytecode or pytest cache in the source tree.
cd crate/python
PYTHONDONTWRITEBYTECODE=1 "$VENV_PYTHON" -m pytest -q -p no:cacheprovider tests "$@"
