#!/usr/bin/env bash
# Fuzzing: scripts/fuzz.sh [SECONDS] builds the cargo-fuzz targets of crate/fuzz and runs each for
# SECONDS (default 60) in a process of its own, as many at once as there are cores (FUZZ_JOBS sets it).
#
# Targets: sfen, records, rank, prove, shard, input (crate/fuzz/fuzz_targets/*.rs; FUZZ_TARGETS="a b"
# picks some). Each starts from its committed seeds (crate/fuzz/seeds/<target>/) and grows a working
# corpus in crate/fuzz/corpus/<target>/ (ignored by git, kept between runs). A crash, timeout or out-of-memory
# input is written to crate/fuzz/artifacts/<target>/; the script then goes on with the other targets,
# prints every reproducer and exits 1. Reproduce one with
#   RUSTC_BOOTSTRAP=1 cargo fuzz run -s none <target> <file>   (in crate/fuzz)
#
# The pinned stable toolchain (rust-toolchain.toml) builds the targets: RUSTC_BOOTSTRAP=1 lets it take
# cargo-fuzz's nightly flags. No sanitizer (-s none): the library has no unsafe code, and without
# AddressSanitizer the targets run about twice as fast; debug assertions and overflow checks are on.
set -euo pipefail
cd "$(dirname "$0")/.."

seconds=${1:-60}
case $seconds in '' | *[!0-9]*) echo "usage: scripts/fuzz.sh [SECONDS]" >&2; exit 2 ;; esac
targets=${FUZZ_TARGETS:-sfen records rank prove shard input}

source scripts/setup.sh
need_fuzz_tools
export RUSTC_BOOTSTRAP=1
cd crate/fuzz

# The fuzz crate is a workspace of its own inside the main one: name its folder.
cargo fuzz build -s none --fuzz-dir .

# One target: its corpus folders, its timeout, and libFuzzer's run.
fuzz_one() {
  local t=$1 timeout=10
  mkdir -p "corpus/$t" "artifacts/$t"
  echo "== fuzz target $t: ${seconds}s" >&2
  # libFuzzer's default mode is one process, one worker (-jobs/-workers would fork a child that logs
  # to fuzz-N.log instead). New inputs go to the first corpus folder; the seeds are only read.
  # A timeout is a hang, not a slow input: `prove` builds whole proof games (its slowest inputs take
  # about 2.5 s alone under the fuzzer's instrumentation, and four times that on a loaded machine).
  # FUZZ_TIMEOUT sets one for every target (a long campaign on a loaded machine).
  [ "$t" = prove ] && timeout=60
  timeout=${FUZZ_TIMEOUT:-$timeout}
  cargo fuzz run -s none --fuzz-dir . "$t" "corpus/$t" "seeds/$t" -- \
    -max_total_time="$seconds" -rss_limit_mb=2048 -timeout="$timeout" -print_final_stats=1
}

# libFuzzer runs one thread: as many targets at once as there are cores (FUZZ_JOBS), each logging to
# its own file, printed whole when it ends.
jobs=${FUZZ_JOBS:-$(nproc)}
logs=$(mktemp -d)
trap 'rm -rf "$logs"' EXIT
failed=()
declare -A pid=() before=()
set -- $targets
while [ $# -gt 0 ]; do
  batch=()
  while [ $# -gt 0 ] && [ ${#batch[@]} -lt "$jobs" ]; do batch+=("$1"); shift; done
  for t in "${batch[@]}"; do
    before[$t]=$(ls "artifacts/$t" 2>/dev/null || true)
    fuzz_one "$t" > "$logs/$t.log" 2>&1 &
    pid[$t]=$!
  done
  for t in "${batch[@]}"; do
    wait "${pid[$t]}" || failed+=("$t")
    cat "$logs/$t.log" >&2
    for f in $(ls "artifacts/$t"); do
      if ! grep -qxF "$f" <<<"${before[$t]}"; then
        echo "fuzz target $t: reproducer crate/fuzz/artifacts/$t/$f" >&2
      fi
    done
  done
done

if [ ${#failed[@]} -gt 0 ]; then
  echo "fuzzing found problems in: ${failed[*]} (reproducers above, in crate/fuzz/artifacts/)" >&2
  exit 1
fi
echo "fuzzing: no crash in ${targets// /, } (${seconds}s each)" >&2
