// A static file server for the site: `node scripts/serve.mjs DIR [PORT] [--no-coi]`.
// It sends the COOP/COEP headers that make the page cross-origin isolated (SharedArrayBuffer, so the
// threaded engine can run rayon on Web Workers); --no-coi leaves them out, as plain static hosting does.
// PORT 0 picks a free port. The URL is printed on the first line of standard output.
//
// It serves only what a static host would: GET and HEAD (other methods get 405 with an Allow header),
// regular files whose real path (symbolic links resolved) lies under the root, and no dotfiles (no path
// segment may start with '.'). Everything refused looks like a missing file (404).
import { createServer } from 'node:http';
import { readFile, realpath, stat } from 'node:fs/promises';
import { extname, join, relative, resolve, sep } from 'node:path';

const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.wasm': 'application/wasm',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.txt': 'text/plain; charset=utf-8',
};

const ALLOWED_METHODS = ['GET', 'HEAD'];

/** A request the server refuses to answer with a file: its status and a short reason. */
class Refusal extends Error {
  constructor(status, message) {
    super(message);
    this.status = status;
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

/** The real path of the regular file that `urlPath` names under `root` (a real path), or a Refusal. */
async function fileFor(root, urlPath) {
  if (hasDotSegment(urlPath)) throw notFound();
  let file = await realpathOrNull(join(root, urlPath));
  if (file && isUnder(root, file) && (await stat(file)).isDirectory()) {
    file = await realpathOrNull(join(file, 'index.html'));
  }
  if (!file || !isUnder(root, file) || hasDotSegment(relative(root, file))) throw notFound();
  if (!(await stat(file)).isFile()) throw notFound();
  return file;
}

async function realpathOrNull(path) {
  try {
    return await realpath(path);
  } catch {
    return null;
  }
}

/** The response headers every answer carries: no caching, and COOP/COEP/CORP when `coi`. */
function baseHeaders(coi) {
  const headers = { 'Cache-Control': 'no-cache' };
  if (coi) {
    headers['Cross-Origin-Opener-Policy'] = 'same-origin';
    headers['Cross-Origin-Embedder-Policy'] = 'require-corp';
    headers['Cross-Origin-Resource-Policy'] = 'same-origin';
  }
  return headers;
}

async function answer(root, coi, req, res) {
  const headers = baseHeaders(coi);
  try {
    if (!ALLOWED_METHODS.includes(req.method)) {
      headers.Allow = ALLOWED_METHODS.join(', ');
      throw new Refusal(405, `method ${req.method} not allowed`);
    }
    const file = await fileFor(root, requestPath(req.url));
    const body = await readFile(file);
    headers['Content-Type'] = TYPES[extname(file)] ?? 'application/octet-stream';
    headers['Content-Length'] = body.length;
    res.writeHead(200, headers).end(req.method === 'HEAD' ? undefined : body);
  } catch (e) {
    const status = e instanceof Refusal ? e.status : 404;
    const text = `${e instanceof Refusal ? e.message : 'not found'}\n`;
    headers['Content-Type'] = 'text/plain; charset=utf-8';
    headers['Content-Length'] = Buffer.byteLength(text);
    res.writeHead(status, headers).end(req.method === 'HEAD' ? undefined : text);
  }
}

/** Serves `dir` on `host`:`port`; resolves to `{server, url}` once listening. */
export async function serve(dir, { port = 8080, coi = true, host = '127.0.0.1' } = {}) {
  const root = await realpath(resolve(dir));
  const server = createServer((req, res) => answer(root, coi, req, res));
  return new Promise((ok, fail) => {
    server.once('error', fail);
    server.listen(port, host, () => ok({ server, url: `http://${host}:${server.address().port}/` }));
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
