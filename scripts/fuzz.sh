#!/usr/bin/env bash
# Fuzzing: scripts/fuzz.sh [SECONDS] builds the cargo-fuzz targets of crate/fuzz and runs each for
# SECONDS (default 60), one after the other, in one process each.
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

failed=()
for t in $targets; do
  mkdir -p "corpus/$t" "artifacts/$t"
  before=$(ls "artifacts/$t")
  echo "== fuzz target $t: ${seconds}s" >&2
  # libFuzzer's default mode is one process, one worker (-jobs/-workers would fork a child that logs
  # to fuzz-N.log instead). New inputs go to the first corpus folder; the seeds are only read.
  # A timeout is a hang, not a slow input: `prove` builds whole proof games (its slowest inputs take
  # about 2.5 s alone under the fuzzer's instrumentation, and four times that on a loaded machine).
  # FUZZ_TIMEOUT sets one for every target (a long campaign on a loaded machine).
  timeout=10; [ "$t" = prove ] && timeout=60
  timeout=${FUZZ_TIMEOUT:-$timeout}
  if ! cargo fuzz run -s none --fuzz-dir . "$t" "corpus/$t" "seeds/$t" -- \
    -max_total_time="$seconds" -rss_limit_mb=2048 -timeout="$timeout" -print_final_stats=1; then
    failed+=("$t")
  fi
  for f in $(ls "artifacts/$t"); do
    if ! grep -qxF "$f" <<<"$before"; then
      echo "fuzz target $t: reproducer crate/fuzz/artifacts/$t/$f" >&2
    fi
  done
done

if [ ${#failed[@]} -gt 0 ]; then
  echo "fuzzing found problems in: ${failed[*]} (reproducers above, in crate/fuzz/artifacts/)" >&2
  exit 1
fi
echo "fuzzing: no crash in ${targets// /, } (${seconds}s each)" >&2
