#!/usr/bin/env bash
# `npm run build`: the static site in dist/, self-contained (HTML, JS, both WebAssembly builds). Any static
# host serves it; hosts that send COOP/COEP (dist/_headers does so on Netlify and Cloudflare Pages) get the
# threaded engine, others a pool of single-threaded workers.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/setup.sh
need_rust
need_wasm_bindgen
need_npm
bash scripts/build-wasm.sh
rm -rf dist
mkdir -p dist
cp -r www/index.html www/style.css www/manifest.webmanifest www/icons www/pkg www/pkg-st dist/
# The JavaScript bundled: the page and each worker one file (scripts/bundle.mjs).
node scripts/bundle.mjs dist
# The Japanese font, cut down to the characters the site shows (fails if the font lacks one).
node scripts/build-fonts.mjs dist
# Headers for hosts that read dist/_headers (Netlify, Cloudflare Pages): those of scripts/serve.mjs.
node --input-type=module -e "
import { CSP } from './scripts/serve.mjs';
import { writeFileSync } from 'node:fs';
const headers = { 'Cross-Origin-Opener-Policy': 'same-origin', 'Cross-Origin-Embedder-Policy': 'require-corp',
  'Content-Security-Policy': CSP, 'X-Content-Type-Options': 'nosniff' };
writeFileSync('dist/_headers', '/*\\n' + Object.entries(headers).map(([k, v]) => '  ' + k + ': ' + v + '\\n').join(''));
"
# Module preloads in index.html, and the service worker with the build's file list and version (sw.js).
node scripts/build-offline.mjs dist
# Precompressed copies (FILE.br, FILE.gz) of the text and wasm files, sent by servers that look for them
# (scripts/serve.mjs does, see docs/server.md).
node scripts/compress.mjs dist
echo "built the site in dist/ ($(du -sh dist | cut -f1))"
