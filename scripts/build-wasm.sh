#!/usr/bin/env bash
# Builds the engine for the browser, twice, into www/pkg (threaded: rayon on Web Workers through
# wasm-bindgen-rayon, needs cross-origin isolation) and www/pkg-st (plain, for pages that are not isolated).
# Needs what scripts/setup.sh installs (need_rust, need_wasm_bindgen, need_npm). NO_OPT=1 skips wasm-opt.
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

# Threaded: std rebuilt with atomics (stable toolchain with RUSTC_BOOTSTRAP=1 for -Z build-std).
# Separate target dirs keep both flavours cached (changing rustflags would rebuild std).
RUSTC_BOOTSTRAP=1 CARGO_TARGET_WASM32_UNKNOWN_UNKNOWN_RUSTFLAGS="$MT_RUSTFLAGS" \
  cargo build -p shogi-reach-wasm --lib --release --target $T --target-dir target/wasm-mt -Z build-std=panic_abort,std
wasm-bindgen --target web --out-name $NAME --out-dir www/pkg target/wasm-mt/$T/release/${NAME}_wasm.wasm

# Plain: the stable toolchain as it is.
cargo build -p shogi-reach-wasm --lib --release --target $T --target-dir target/wasm-st
wasm-bindgen --target web --out-name $NAME --out-dir www/pkg-st target/wasm-st/$T/release/${NAME}_wasm.wasm

# wasm-opt from npm's binaryen: Debian's (version 108) breaks wasm-bindgen's output.
if [ -z "${NO_OPT:-}" ]; then
  for d in www/pkg www/pkg-st; do
    node_modules/.bin/wasm-opt -O3 --enable-threads --enable-bulk-memory --enable-nontrapping-float-to-int \
      --enable-sign-ext --enable-mutable-globals --enable-reference-types --enable-multivalue \
      "$d/${NAME}_bg.wasm" -o "$d/${NAME}_bg.wasm"
  done
fi
ls -l www/pkg/${NAME}_bg.wasm www/pkg-st/${NAME}_bg.wasm
