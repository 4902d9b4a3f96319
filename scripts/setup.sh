# Sourced by the other scripts: idempotent installs of what the project needs.

# part NAME: a part's start in the log of `npm test`, in minutes and seconds since its beginning (TEST_START:
# the seconds it had run when a script it started began), so a slow part shows.
part() { local s=$((SECONDS + ${TEST_START:-0})); printf '\n[%d:%02d] %s\n' $((s / 60)) $((s % 60)) "$*"; }

# need_apt COMMAND PACKAGE...: installs Debian packages when COMMAND is missing.
need_apt() {
  local cmd=$1; shift
  if ! command -v "$cmd" >/dev/null 2>&1; then
    echo "installing $* (Debian packages)" >&2
    local sudo=""; [ "$(id -u)" = 0 ] || sudo="sudo"
    $sudo apt-get update -qq >/dev/null
    DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "$@" >/dev/null
  fi
}

# The toolchain of rust-toolchain.toml with its wasm32 target and rust-src (for the threaded build).
need_rust() {
  rustup toolchain install >/dev/null
}

# wasm-bindgen-cli at exactly the version of the wasm-bindgen crate in Cargo.lock.
need_wasm_bindgen() {
  local want
  want=$(awk '/^name = "wasm-bindgen"$/ { getline; gsub(/version = |"/, ""); print; exit }' Cargo.lock)
  if [ "$(wasm-bindgen --version 2>/dev/null)" != "wasm-bindgen $want" ]; then
    echo "installing wasm-bindgen-cli $want (a few minutes, once)" >&2
    # Not --locked: its lock file names a crate version the registry here does not have. --debug: it builds
    # in half the time (50 s instead of 115 s on 2 cores), and its output is the same, in 0.6 s instead of 0.2.
    cargo install wasm-bindgen-cli --version "$want" --debug --quiet
  fi
}

# npm packages of package-lock.json (binaryen's wasm-opt, playwright-core, puppeteer-core, axe-core, the
# site's font and subset-font).
need_npm() {
  if [ ! -f node_modules/.package-lock.json ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
    npm ci --no-audit --no-fund --loglevel=error
  fi
}

# Debian's Chromium as its old headless shell, for the browser tests (playwright-core drives it; no browser
# download). The benchmarks (npm run bench:web, bench:load) drive the full `chromium`.
need_chromium() {
  need_apt chromium-headless-shell chromium-headless-shell
}

# Debian's Firefox ESR for the browser tests (puppeteer-core drives it over WebDriver BiDi; no download).
need_firefox() {
  need_apt firefox-esr firefox-esr
}

# A virtual environment, target/venv, with the pinned packages of scripts/requirements-test.txt (cshogi,
# python-shogi, pytest, maturin). Sets VENV_PYTHON to its interpreter.
need_python() {
  VENV_PYTHON=$PWD/target/venv/bin/python
  local stamp=target/venv/.requirements
  if [ ! -x "$VENV_PYTHON" ]; then
    python3 -m venv target/venv
  fi
  if ! cmp -s scripts/requirements-test.txt "$stamp"; then
    "$VENV_PYTHON" -m pip install --quiet --disable-pip-version-check -r scripts/requirements-test.txt
    cp scripts/requirements-test.txt "$stamp"
  fi
  export VENV_PYTHON
}

# Debian's Slurm (slurmctld, slurmd, sbatch…) and munge, for the real one-node cluster of
# tests/slurm-shards.sh (scripts/slurm/local-cluster.sh starts it in a folder of its own).
need_slurm() {
  need_apt slurmctld slurm-wlm munge
  need_apt munged munge
}

# What scripts/fuzz.sh needs besides the toolchain: a C++ compiler (libfuzzer-sys compiles libFuzzer from
# source) and cargo-fuzz.
need_fuzz_tools() {
  need_rust
  need_apt c++ g++
  if ! cargo fuzz --version >/dev/null 2>&1; then
    echo "installing cargo-fuzz (a few minutes, once)" >&2
    # --debug: a command that only starts cargo builds it faster (15 s instead of 25 s).
    cargo install cargo-fuzz --locked --debug --quiet
  fi
}
