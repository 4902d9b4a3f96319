// Build step of scripts/build.sh: precompressed copies of the site's compressible files, for servers that
// send them to clients that accept them (scripts/serve.mjs does; see docs/server.md).
//
// Every file under DIR whose name ends in .html, .js, .mjs, .css, .wasm, .json, .webmanifest, .txt or .svg gets FILE.br
// (brotli, quality 11) and FILE.gz (gzip, level 9) beside it, each kept only when it is smaller than the
// file. Fonts (.woff2) are compressed already. Dotfiles and symbolic links are left alone; stale copies of
// an earlier run are replaced or removed.
//
// Usage: node scripts/compress.mjs DIR
import { lstatSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { extname, join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

export const COMPRESSIBLE = ['.html', '.js', '.mjs', '.css', '.wasm', '.json', '.webmanifest', '.txt', '.svg'];

/** Every regular file under `dir` (no dotfiles, no symbolic links) whose extension is compressible. */
function files(dir) {
  return readdirSync(dir).flatMap((name) => {
    if (name.startsWith('.')) return [];
    const path = join(dir, name);
    const stats = lstatSync(path);
    if (stats.isDirectory()) return files(path);
    return stats.isFile() && COMPRESSIBLE.includes(extname(name)) ? [path] : [];
  });
}

const brotli = (bytes, text) =>
  brotliCompressSync(bytes, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: 11,
      [constants.BROTLI_PARAM_MODE]: text ? constants.BROTLI_MODE_TEXT : constants.BROTLI_MODE_GENERIC,
      [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
    },
  });
const gzip = (bytes) => gzipSync(bytes, { level: 9 });

/** Writes the .br and .gz copies of the compressible files under `dir`; returns [{file, size, br, gz}]. */
export function compress(dir) {
  return files(dir).map((file) => {
    const bytes = readFileSync(file);
    const sizes = { file, size: bytes.length };
    for (const [suffix, pack] of [['.br', brotli], ['.gz', gzip]]) {
      const packed = pack(bytes, extname(file) !== '.wasm');
      rmSync(file + suffix, { force: true });
      if (packed.length < bytes.length) writeFileSync(file + suffix, packed);
      sizes[suffix.slice(1)] = packed.length < bytes.length ? packed.length : null;
    }
    return sizes;
  });
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const dir = process.argv[2];
  if (!dir) throw new Error('usage: node scripts/compress.mjs DIR');
  const done = compress(dir);
  const total = (key) => done.reduce((sum, f) => sum + (f[key] ?? f.size), 0);
  const mib = (n) => `${(n / 2 ** 20).toFixed(2)} MiB`;
  console.log(`compressed ${done.length} files in ${dir}: ${mib(total('size'))}, ` +
    `brotli ${mib(total('br'))}, gzip ${mib(total('gz'))}`);
}
