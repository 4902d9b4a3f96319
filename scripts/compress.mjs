// Build step of scripts/build.sh: precompressed copies of the site's compressible files, for servers that
// send them to clients that accept them (scripts/serve.mjs does; see docs/server.md).
//
// Every file under DIR whose name ends in .html, .js, .mjs, .css, .wasm, .json, .webmanifest, .txt or .svg gets FILE.br
// (brotli, quality 11) and FILE.gz (gzip, level 9) beside it, each kept only when it is smaller than the
// file. Fonts (.woff2) are compressed already. Dotfiles and symbolic links are left alone; stale copies of
// an earlier run are replaced or removed.
//
// DIR/.compressed.json (RECORD) records, per file, the size and sha256 of the bytes compressed and of each
// copy kept: `{"js/app.js": {size, sha256, br: {size, sha256}, gz: {size, sha256}}}`. A server sends a copy
// only when both still match, so a copy is never sent for another content of its file, whatever the files'
// times say (a copy that resets them, `cp` without -p or a git checkout, leaves an older copy newer).
//
// Usage: node scripts/compress.mjs DIR
import { createHash } from 'node:crypto';
import { lstatSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { extname, join, relative, sep } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip as zlibGzip } from 'node:zlib';

/** The record of the copies and what they are copies of, in DIR (a dotfile: servers never send it). */
export const RECORD = '.compressed.json';

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

// Asynchronous: the files are compressed on libuv's thread pool, several at once (brotli at quality 11 is
// most of the site's build after the WebAssembly).
const brotliAsync = promisify(brotliCompress);
const gzipAsync = promisify(zlibGzip);
const brotli = (bytes, text) =>
  brotliAsync(bytes, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: 11,
      [constants.BROTLI_PARAM_MODE]: text ? constants.BROTLI_MODE_TEXT : constants.BROTLI_MODE_GENERIC,
      [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
    },
  });
const gzip = (bytes) => gzipAsync(bytes, { level: 9 });

const sha256 = (bytes) => createHash('sha256').update(bytes).digest('hex');
const described = (bytes) => ({ size: bytes.length, sha256: sha256(bytes) });

/**
 * Writes the .br and .gz copies of the compressible files under `dir`, and the record of them (RECORD);
 * resolves to [{file, size, br, gz}] (the sizes; null for a copy not kept).
 */
export async function compress(dir) {
  const list = files(dir);
  const packs = await Promise.all(list.map((file) => {
    const bytes = readFileSync(file);
    return Promise.all([bytes, brotli(bytes, extname(file) !== '.wasm'), gzip(bytes)]);
  }));
  const record = {};
  const done = list.map((file, i) => {
    const [bytes, br, gz] = packs[i];
    const sizes = { file, size: bytes.length };
    const entry = described(bytes);
    for (const [suffix, packed] of [['.br', br], ['.gz', gz]]) {
      const kept = packed.length < bytes.length;
      rmSync(file + suffix, { force: true });
      if (kept) writeFileSync(file + suffix, packed);
      if (kept) entry[suffix.slice(1)] = described(packed);
      sizes[suffix.slice(1)] = kept ? packed.length : null;
    }
    record[relative(dir, file).split(sep).join('/')] = entry;
    return sizes;
  });
  writeFileSync(join(dir, RECORD), `${JSON.stringify(record, null, 1)}\n`);
  return done;
}

/**
 * The record's entry for `file` (a path under `dir`) as its copies are now: for a test or a tool that
 * writes copies of its own.
 */
export function describeCopies(dir, file) {
  const entry = described(readFileSync(join(dir, file)));
  for (const suffix of ['br', 'gz']) {
    try {
      entry[suffix] = described(readFileSync(join(dir, `${file}.${suffix}`)));
    } catch {}
  }
  return entry;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const dir = process.argv[2];
  if (!dir) throw new Error('usage: node scripts/compress.mjs DIR');
  const done = await compress(dir);
  const total = (key) => done.reduce((sum, f) => sum + (f[key] ?? f.size), 0);
  const mib = (n) => `${(n / 2 ** 20).toFixed(2)} MiB`;
  console.log(`compressed ${done.length} files in ${dir}: ${mib(total('size'))}, ` +
    `brotli ${mib(total('br'))}, gzip ${mib(total('gz'))}`);
}
