// A static file server for the site: `node scripts/serve.mjs DIR [PORT] [--no-coi]`. docs/server.md says
// what it does and why.
// It sends the COOP/COEP headers that make the page cross-origin isolated (SharedArrayBuffer, so the
// threaded engine can run rayon on Web Workers); --no-coi leaves them out, as plain static hosting does.
// PORT 0 picks a free port. The URL is printed on the first line of standard output. It listens on the
// loopback address only.
//
// It serves only what a static host would: GET and HEAD (other methods get 405 with an Allow header),
// regular files whose real path (symbolic links resolved) lies under the root, and no dotfiles (no path
// segment may start with '.'). Everything refused looks like a missing file (404).
//
// Files are streamed by `send` (npm, MIT): a HEAD is answered from `stat` alone, validators (a weak ETag
// and Last-Modified) give 304 to conditional GETs, and a stream is closed when its client goes away. At
// most MAX_STREAMS files are streamed at once; further GETs wait their turn, and beyond MAX_WAITING
// waiting ones a GET gets 503. Where the build left a smaller precompressed copy next to a file (FILE.br,
// FILE.gz: scripts/compress.mjs) and the request accepts that encoding, the copy is sent instead, with
// Content-Encoding and Vary: Accept-Encoding; only while the build's record of the copies (.compressed.json)
// says it is a compression of the file as it is now (sizes and sha256 of both).
import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { createServer } from 'node:http';
import { readFile, realpath, stat } from 'node:fs/promises';
import { extname, join, relative, resolve, sep } from 'node:path';
import send from 'send';

const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.webmanifest': 'application/manifest+json',
  '.wasm': 'application/wasm',
  '.woff2': 'font/woff2',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.txt': 'text/plain; charset=utf-8',
  '.md': 'text/markdown; charset=utf-8',
};

/**
 * The page's Content-Security-Policy: only its own files; module scripts and workers from the same origin
 * (no inline script, no eval), WebAssembly compiled from fetched bytes ('wasm-unsafe-eval'), workers also
 * from blob: URLs (wasm-bindgen-rayon starts its threads from a blob of its own script), stylesheets and
 * fonts from the same origin (the page sets styles through the CSSOM only, which CSP does not restrict), the
 * favicon's `data:` URL, and no plugins, frames, <base> or form posts elsewhere.
 */
export const CSP = [
  "default-src 'self'",
  "script-src 'self' 'wasm-unsafe-eval'",
  "worker-src 'self' blob:",
  "style-src 'self'",
  "img-src 'self' data:",
  "font-src 'self'",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

/** At most this many files are streamed at once (about 64 KiB of buffers each). */
export const MAX_STREAMS = 32;
/** At most this many GETs wait for a stream; a GET beyond them gets 503 with Retry-After. */
export const MAX_WAITING = 4096;

/** The precompressed copies the server looks for, best first: [encoding, suffix of the file's name]. */
const ENCODINGS = [['br', '.br'], ['gzip', '.gz']];
/** The build's record of its copies (scripts/compress.mjs: RECORD), under the root. */
const RECORD = '.compressed.json';

const ALLOWED_METHODS = ['GET', 'HEAD'];

/** A request the server refuses to answer with a file: its status and a short reason. */
class Refusal extends Error {
  constructor(status, message, headers = {}) {
    super(message);
    this.status = status;
    this.headers = headers;
  }
}
const notFound = () => new Refusal(404, 'not found');

/** Whether a path (segments separated by '/' or the platform's separator) has a segment starting with '.'. */
const hasDotSegment = (path) => path.split(/[/\\]/).some((segment) => segment.startsWith('.'));

/** Whether `file` (a resolved real path) is `root` itself or lies under it. */
const isUnder = (root, file) => file === root || file.startsWith(root + sep);

/** The URL path of a request, percent-decoded; a malformed path is a 400. */
function requestPath(url) {
  let path;
  try {
    path = decodeURIComponent(new URL(url, 'http://localhost').pathname);
  } catch {
    throw new Refusal(400, 'bad request path');
  }
  if (path.includes('\0')) throw new Refusal(400, 'bad request path');
  return path;
}

/** `{file, stats}` of the regular file that `urlPath` names under `root` (a real path), or a Refusal. */
async function fileFor(root, urlPath) {
  if (hasDotSegment(urlPath)) throw notFound();
  let file = await realpathOrNull(join(root, urlPath));
  if (file && isUnder(root, file) && (await stat(file)).isDirectory()) {
    file = await realpathOrNull(join(file, 'index.html'));
  }
  if (!file || !isUnder(root, file) || hasDotSegment(relative(root, file))) throw notFound();
  const stats = await stat(file);
  if (!stats.isFile()) throw notFound();
  return { file, stats };
}

async function realpathOrNull(path) {
  try {
    return await realpath(path);
  } catch {
    return null;
  }
}

/** The q-value that an Accept-Encoding header gives `coding` (explicitly or through `*`); 0 if none. */
function acceptance(header, coding) {
  let star = 0;
  for (const part of (header ?? '').split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const value = q === undefined ? 1 : Number(q.slice(2));
    const weight = Number.isFinite(value) ? value : 0;
    if (name.trim() === coding) return weight;
    if (name.trim() === '*') star = weight;
  }
  return star;
}

/**
 * What the server knows of file contents: the record of the copies under each root (read again when it
 * changes) and the sha256 of files, each computed once per path, size and modification time.
 */
class Digests {
  static MAX = 4096;
  /** @type {Map<string, {key: string, entries: Promise<object>}>} */
  records = new Map();
  /** @type {Map<string, Promise<string>>} */
  hashes = new Map();

  /** The entries of `root`'s record ({} when there is none, or it cannot be read). */
  async record(root) {
    const path = join(root, RECORD);
    const stats = await stat(path).catch(() => null);
    const key = stats?.isFile() ? `${stats.size}-${stats.mtimeMs}-${stats.ino}` : '';
    let cached = this.records.get(root);
    if (cached?.key !== key) {
      const entries = key ? readFile(path, 'utf8').then(JSON.parse).catch(() => ({})) : Promise.resolve({});
      cached = { key, entries };
      this.records.set(root, cached);
    }
    return cached.entries;
  }

  /** The sha256 (hex) of the file at `path` whose stat is `stats`. */
  sha256(path, stats) {
    const key = `${path}\0${stats.size}\0${stats.mtimeMs}\0${stats.ino}`;
    let hash = this.hashes.get(key);
    if (!hash) {
      if (this.hashes.size >= Digests.MAX) this.hashes.clear();
      hash = new Promise((ok, fail) => {
        const h = createHash('sha256');
        createReadStream(path).on('data', (chunk) => h.update(chunk)).on('end', () => ok(h.digest('hex'))).on('error', fail);
      });
      this.hashes.set(key, hash);
      hash.catch(() => this.hashes.delete(key));
    }
    return hash;
  }

  /**
   * Whether `copy` (stat `copyStats`) is, by the record, the `suffix` copy of `file` as it is now: the sizes
   * and sha256 of both are those recorded.
   */
  async current(root, file, stats, suffix, copy, copyStats) {
    const entry = (await this.record(root))[relative(root, file).split(sep).join('/')];
    const want = entry?.[suffix.slice(1)];
    if (!want || entry.size !== stats.size || want.size !== copyStats.size) return false;
    try {
      return (await this.sha256(file, stats)) === entry.sha256 && (await this.sha256(copy, copyStats)) === want.sha256;
    } catch {
      return false;
    }
  }
}

/**
 * The copy of `file` to send for a request accepting `acceptEncoding`: `{path, stats, encoding}` of the
 * precompressed copy the client accepts most (br before gzip on a tie), or of the file itself. A copy counts
 * only when it is a regular file under `root` (no symbolic link out of it, nor to a dotfile), and the
 * build's record says it is a compression of the file as it is now (a copy of an earlier content is left
 * alone, whatever the files' times say).
 */
async function variantFor(digests, root, file, stats, acceptEncoding) {
  let best = { path: file, stats, encoding: null, q: 0 };
  for (const [encoding, suffix] of ENCODINGS) {
    const q = acceptance(acceptEncoding, encoding);
    if (q <= best.q) continue;
    const path = await realpathOrNull(file + suffix);
    if (!path || !isUnder(root, path) || hasDotSegment(relative(root, path))) continue;
    const copy = await stat(path).catch(() => null);
    if (copy?.isFile() && (await digests.current(root, file, stats, suffix, path, copy))) best = { path, stats: copy, encoding, q };
  }
  return best;
}

/** A weak validator of one representation: its size, its modification time and its encoding. */
const etagOf = (stats, encoding) =>
  `W/"${stats.size.toString(16)}-${Math.floor(stats.mtimeMs).toString(16)}${encoding ? `-${encoding}` : ''}"`;

/** The headers every answer carries: CSP, nosniff, revalidation before any reuse, COOP/COEP/CORP when `coi`. */
function baseHeaders(coi) {
  const headers = {
    'Cache-Control': 'no-cache',
    'Content-Security-Policy': CSP,
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'no-referrer',
  };
  if (coi) {
    headers['Cross-Origin-Opener-Policy'] = 'same-origin';
    headers['Cross-Origin-Embedder-Policy'] = 'require-corp';
    headers['Cross-Origin-Resource-Policy'] = 'same-origin';
  }
  return headers;
}

/** Whether `host` is a loopback address (127.0.0.0/8, ::1) or localhost. */
const isLoopback = (host) => /^127(\.\d{1,3}){3}$/.test(host) || host === '::1' || host === 'localhost';

/** A counting gate: at most `max` holders at once, at most `maxWaiting` waiting, first come first served. */
class Gate {
  constructor(max, maxWaiting) {
    this.max = max;
    this.maxWaiting = maxWaiting;
    this.held = 0;
    this.waiting = [];
  }

  /**
   * Waits for a place for the response `res`, which holds it until it closes: resolves to true once it
   * has one, to false when the queue is full or `res` closed while waiting.
   */
  enter(res) {
    if (this.held < this.max) return Promise.resolve(this.#hold(res));
    if (this.waiting.length >= this.maxWaiting) return Promise.resolve(false);
    return new Promise((ok) => {
      const waiter = () => ok(this.#hold(res));
      this.waiting.push(waiter);
      res.once('close', () => {
        const i = this.waiting.indexOf(waiter);
        if (i >= 0) {
          this.waiting.splice(i, 1);
          ok(false);
        }
      });
    });
  }

  #hold(res) {
    this.held++;
    res.once('close', () => {
      this.held--;
      this.waiting.shift()?.();
    });
    return true;
  }
}

/** Answers a refusal (or another error: its status, else 404) as short plain text with `headers`. */
function refuse(req, res, headers, e) {
  if (res.headersSent) return res.destroy();
  const status = e?.status ?? 404;
  const text = `${e instanceof Refusal ? e.message : status === 404 ? 'not found' : 'error'}\n`;
  for (const name of res.getHeaderNames()) res.removeHeader(name);
  Object.assign(headers, e instanceof Refusal ? e.headers : {});
  headers['Content-Type'] = 'text/plain; charset=utf-8';
  headers['Content-Length'] = Buffer.byteLength(text);
  res.writeHead(status, headers).end(req.method === 'HEAD' ? undefined : text);
}

/** Sends `variant` (see variantFor) with `send`: HEAD from stat alone, 304 when the client's copy is fresh. */
function sendVariant(req, res, headers, variant, type) {
  for (const [name, value] of Object.entries(headers)) res.setHeader(name, value);
  res.setHeader('Content-Type', type);
  res.setHeader('Vary', 'Accept-Encoding');
  res.setHeader('ETag', etagOf(variant.stats, variant.encoding));
  if (variant.encoding) res.setHeader('Content-Encoding', variant.encoding);
  // send percent-decodes the path it is given: hand it the real path percent-encoded, segment by segment.
  const path = variant.path.split(sep).map(encodeURIComponent).join('/');
  send(req, path, { dotfiles: 'allow', index: false, redirect: false, acceptRanges: false, cacheControl: false })
    .on('error', (e) => refuse(req, res, headers, e))
    .pipe(res);
}

async function answer({ root, coi, gate, digests }, req, res) {
  const headers = baseHeaders(coi);
  try {
    if (!ALLOWED_METHODS.includes(req.method)) {
      throw new Refusal(405, `method ${req.method} not allowed`, { Allow: ALLOWED_METHODS.join(', ') });
    }
    const { file, stats } = await fileFor(root, requestPath(req.url));
    // A GET streams the file: it waits for a place at the gate (a HEAD reads nothing but stat).
    if (req.method === 'GET' && !(await gate.enter(res))) {
      if (res.destroyed) return;
      throw new Refusal(503, 'too many requests at once', { 'Retry-After': '1' });
    }
    const variant = await variantFor(digests, root, file, stats, req.headers['accept-encoding']);
    sendVariant(req, res, headers, variant, TYPES[extname(file)] ?? 'application/octet-stream');
  } catch (e) {
    refuse(req, res, headers, e);
  }
}

/**
 * Serves `dir` on `host`:`port` (a loopback address); resolves to `{server, url}` once listening. At most
 * `maxStreams` files are streamed at once, and `maxWaiting` GETs wait for a place (`gate`, which tests watch).
 */
export async function serve(dir, { port = 8080, coi = true, host = '127.0.0.1', maxStreams = MAX_STREAMS,
  maxWaiting = MAX_WAITING } = {}) {
  if (!isLoopback(host)) throw new Error(`serve.mjs listens on a loopback address only, not ${host}`);
  const root = await realpath(resolve(dir));
  const site = { root, coi, gate: new Gate(maxStreams, maxWaiting), digests: new Digests() };
  const server = createServer((req, res) => answer(site, req, res));
  return new Promise((ok, fail) => {
    server.once('error', fail);
    server.listen(port, host, () => ok({ server, url: `http://${host}:${server.address().port}/`, gate: site.gate }));
  });
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const args = process.argv.slice(2);
  const flags = args.filter((a) => a.startsWith('--'));
  const [dir = 'dist', port = '8080'] = args.filter((a) => !a.startsWith('--'));
  const coi = !flags.includes('--no-coi');
  const { url } = await serve(dir, { port: Number(port), coi });
  console.log(url);
  console.error(`serving ${dir} ${coi ? 'cross-origin isolated (COOP/COEP)' : 'without COOP/COEP'}; Ctrl-C stops`);
}
