// A static file server for the site: `node scripts/serve.mjs DIR [PORT] [--no-coi]`.
// It sends the COOP/COEP headers that make the page cross-origin isolated (SharedArrayBuffer, so the
// threaded engine can run rayon on Web Workers); --no-coi leaves them out, as plain static hosting does.
// PORT 0 picks a free port. The URL is printed on the first line of standard output.
import { createServer } from 'node:http';
import { readFile, stat } from 'node:fs/promises';
import { extname, join, normalize, resolve, sep } from 'node:path';

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

export function serve(dir, { port = 8080, coi = true, host = '127.0.0.1' } = {}) {
  const root = resolve(dir);
  const server = createServer(async (req, res) => {
    const headers = { 'Cache-Control': 'no-cache' };
    if (coi) {
      headers['Cross-Origin-Opener-Policy'] = 'same-origin';
      headers['Cross-Origin-Embedder-Policy'] = 'require-corp';
      headers['Cross-Origin-Resource-Policy'] = 'same-origin';
    }
    try {
      const path = decodeURIComponent(new URL(req.url, 'http://x').pathname);
      let file = normalize(join(root, path));
      if (file !== root && !file.startsWith(root + sep)) throw new Error('outside the site');
      if ((await stat(file)).isDirectory()) file = join(file, 'index.html');
      const body = await readFile(file);
      headers['Content-Type'] = TYPES[extname(file)] ?? 'application/octet-stream';
      res.writeHead(200, headers).end(body);
    } catch {
      res.writeHead(404, { ...headers, 'Content-Type': 'text/plain' }).end('not found\n');
    }
  });
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
