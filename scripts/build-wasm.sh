#!/usr/bin/env bash
# Builds the engine for the browser, twice, into www/pkg (threaded: rayon on Web Workers through
# wasm-bindgen-rayon, needs cross-origin isolation) and www/pkg-st (plain, for pages that are not isolated).
# Needs what scripts/setup.sh installs (need_rust, need_wasm_bindgen, need_npm). NO_OPT=1 skips wasm-opt.
# The two builds run side by side: each ends in a single-threaded link-time optimisation and wasm-opt, so
# together they keep two cores busy where one after the other would leave one idle.
set -euo pipefail
cd "$(dirname "$0")/.."
T=wasm32-unknown-unknown
NAME=shogi_reach
# rustc no longer turns on shared memory for +atomics (rust-lang/rust#147225): the linker needs these.
# 4 GiB is the most a wasm32 memory can have; the searches cap their own size.
MT_RUSTFLAGS="-C target-feature=+atomics,+bulk-memory \
 -C link-arg=--shared-memory -C link-arg=--max-memory=4294967296 -C link-arg=--import-memory \
 -C link-arg=--export=__wasm_init_tls -C link-arg=--export=__tls_size \
 -C link-arg=--export=__tls_align -C link-arg=--export=__tls_base"

# wasm-opt from npm's binaryen: Debian's (version 108) breaks wasm-bindgen's output.
optimise() {
  [ -n "${NO_OPT:-}" ] && return 0
  node_modules/.bin/wasm-opt -O3 --enable-threads --enable-bulk-memory --enable-nontrapping-float-to-int \
    --enable-sign-ext --enable-mutable-globals --enable-reference-types --enable-multivalue \
    "$1/${NAME}_bg.wasm" -o "$1/${NAME}_bg.wasm"
}

# Threaded: std rebuilt with atomics (stable toolchain with RUSTC_BOOTSTRAP=1 for -Z build-std), without
# its `backtrace` feature: wasm32-unknown-unknown cannot capture a backtrace, and the symbolizer's crates
# (gimli, object, addr2line) were a tenth of the build's CPU time.
# Separate target dirs keep both flavours cached (changing rustflags would rebuild std) and let the two
# builds run at once.
threaded() {
  RUSTC_BOOTSTRAP=1 CARGO_TARGET_WASM32_UNKNOWN_UNKNOWN_RUSTFLAGS="$MT_RUSTFLAGS" \
    cargo build -p shogi-reach-wasm --lib --release --target $T --target-dir target/wasm-mt -Z build-std=panic_abort,std \
    -Z build-std-features=
  wasm-bindgen --target web --out-name $NAME --out-dir www/pkg target/wasm-mt/$T/release/${NAME}_wasm.wasm
  optimise www/pkg
}

# Plain: the stable toolchain as it is.
plain() {
  cargo build -p shogi-reach-wasm --lib --release --target $T --target-dir target/wasm-st
  wasm-bindgen --target web --out-name $NAME --out-dir www/pkg-st target/wasm-st/$T/release/${NAME}_wasm.wasm
  optimise www/pkg-st
}

threaded & mt=$!
plain & st=$!
# Both are waited for, so that a failing one leaves no build running behind the script.
failed=0
wait $mt || failed=1
wait $st || failed=1
[ $failed = 0 ] || { echo "a WebAssembly build failed (its messages are above)" >&2; exit 1; }
ls -l www/pkg/${NAME}_bg.wasm www/pkg-st/${NAME}_bg.wasm
