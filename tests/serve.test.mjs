// Tests of scripts/serve.mjs (the server of `npm start` and the browser tests): it serves only regular files
// under its root (symbolic links resolved), no dotfiles, GET and HEAD only, with or without the COOP/COEP
// headers, with a Content-Security-Policy and nosniff, validators (304), precompressed copies (written by
// compress.mjs: tests/compress.test.mjs), streaming with a bound on the files streamed at once (the server's memory stays
// small under hundreds of parallel GETs of large files), HEAD from stat. The last test loads the built site
// (dist/) in Debian's Chromium under the server's CSP. Run: node --test tests/serve.test.mjs (loopback only).
// SERVE_MJS=path runs the child-process tests on another server script (to measure an older one).
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync, spawn } from 'node:child_process';
import {
  existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, readlinkSync, rmSync,
  symlinkSync, utimesSync, writeFileSync,
} from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { describeCopies, RECORD } from '../scripts/compress.mjs';
import { CSP, MAX_STREAMS, serve } from '../scripts/serve.mjs';

const ROOT = new URL('..', import.meta.url).pathname;
const SERVER = process.env.SERVE_MJS ?? join(ROOT, 'scripts/serve.mjs');
const MiB = 2 ** 20;

let base, root, isolated, plain;
const TEXT = 'export const text = "compressible";\n'.repeat(200);

/** The precompressed copies of the tests, and the record of them (compress.mjs's RECORD). */
function writeCopies(root, outside) {
  // A text with precompressed copies (marked so that the test sees which copy came), one whose copies are
  // older than itself (stale), and one whose .br copy is a symbolic link out of the root.
  writeFileSync(join(root, 'big.js'), TEXT);
  writeFileSync(join(root, 'big.js.br'), brotliCompressSync(TEXT + '// br\n'));
  writeFileSync(join(root, 'big.js.gz'), gzipSync(TEXT + '// gz\n'));
  writeFileSync(join(root, 'stale.js'), TEXT);
  writeFileSync(join(root, 'stale.js.br'), brotliCompressSync('old'));
  writeFileSync(join(root, 'stale.js.gz'), gzipSync('old'));
  const past = new Date(Date.now() - 3600_000);
  utimesSync(join(root, 'stale.js.br'), past, past);
  utimesSync(join(root, 'stale.js.gz'), past, past);
  writeFileSync(join(root, 'escape.js'), TEXT);
  writeFileSync(join(outside, 'escape.js.br'), brotliCompressSync('outside the root'));
  symlinkSync(join(outside, 'escape.js.br'), join(root, 'escape.js.br'));
  writeFileSync(join(root, '.escape.gz'), gzipSync('dotfile'));
  symlinkSync(join(root, '.escape.gz'), join(root, 'escape.js.gz'));
  // Copies of the same size and time, which only their encoding tells apart.
  writeFileSync(join(root, 'twins.js'), TEXT);
  writeFileSync(join(root, 'twins.js.br'), Buffer.alloc(100, 1));
  writeFileSync(join(root, 'twins.js.gz'), Buffer.alloc(100, 2));
  const now = new Date();
  for (const name of ['twins.js', 'twins.js.br', 'twins.js.gz']) utimesSync(join(root, name), now, now);
  // Copies made for an earlier content of their file, newer than it (as a copy that resets times leaves
  // them): moved.js's record is the earlier one, as compress.mjs wrote it then; rewritten.js's is the new
  // build's, but its copies are the earlier ones.
  const OLD = 'export const text = "old";\n'.repeat(200);
  for (const name of ['moved.js', 'rewritten.js']) {
    writeFileSync(join(root, name), OLD);
    writeFileSync(join(root, `${name}.br`), brotliCompressSync(OLD));
    writeFileSync(join(root, `${name}.gz`), gzipSync(OLD));
  }
  const record = Object.fromEntries(['big.js', 'twins.js', 'moved.js'].map((f) => [f, describeCopies(root, f)]));
  const older = new Map(['.br', '.gz'].map((s) => [s, readFileSync(join(root, `rewritten.js${s}`))]));
  writeFileSync(join(root, 'rewritten.js.br'), brotliCompressSync(TEXT));
  writeFileSync(join(root, 'rewritten.js.gz'), gzipSync(TEXT));
  for (const name of ['moved.js', 'rewritten.js']) writeFileSync(join(root, name), TEXT);
  record['rewritten.js'] = describeCopies(root, 'rewritten.js');
  for (const [suffix, bytes] of older) writeFileSync(join(root, `rewritten.js${suffix}`), bytes);
  const later = new Date(Date.now() + 3600_000);
  for (const name of ['moved.js', 'rewritten.js']) for (const s of ['.br', '.gz']) utimesSync(join(root, name + s), later, later);
  writeFileSync(join(root, RECORD), JSON.stringify(record));
}

before(async () => {
  base = mkdtempSync(join(tmpdir(), 'shogi-reach-serve-'));
  root = join(base, 'site');
  const outside = join(base, 'outside');
  mkdirSync(join(root, 'sub'), { recursive: true });
  mkdirSync(join(root, '.hidden'));
  mkdirSync(outside);
  writeFileSync(join(root, 'index.html'), '<p>home</p>');
  writeFileSync(join(root, 'app.js'), 'export {};');
  writeFileSync(join(root, 'sub', 'index.html'), '<p>sub</p>');
  writeFileSync(join(root, '.secret'), 'dotfile');
  writeFileSync(join(root, '.hidden', 'file.txt'), 'in a dot folder');
  writeFileSync(join(outside, 'secret.txt'), 'outside the root');
  symlinkSync(join(outside, 'secret.txt'), join(root, 'link-out.txt'));
  symlinkSync(outside, join(root, 'dir-out'));
  symlinkSync(join(root, 'app.js'), join(root, 'link-in.js'));
  symlinkSync(join(root, '.secret'), join(root, 'link-to-dotfile.txt'));
  execFileSync('mkfifo', [join(root, 'fifo')]);
  for (const [name, text] of [['font.woff2', 'wOF2'], ['engine.wasm', '\0asm'], ['data.json', '{}'], ['notes.txt', 'notes'],
    ['icon.svg', '<svg/>'], ['style.css', 'p {}'], ['no-extension', 'x'], ['app.webmanifest', '{}'], ['icon.png', 'PNG']]) {
    writeFileSync(join(root, name), text);
  }
  writeCopies(root, outside);
  // Larger than what the loopback's socket buffers hold, so that a client that does not read holds its stream.
  execFileSync('truncate', ['-s', String(256 * MiB), join(root, 'large.bin')]);
  isolated = await serve(root, { port: 0, host: '127.0.0.1', coi: true });
  plain = await serve(root, { port: 0, host: '127.0.0.1', coi: false });
});

after(() => {
  for (const s of [isolated, plain]) {
    s?.server.close();
    s?.server.closeAllConnections();
  }
  if (base) rmSync(base, { recursive: true, force: true });
});

/**
 * Sends `method path` as is (no client-side normalisation of '..') with `headers` and resolves
 * {status, headers, body} (body: a Buffer when `raw`, else UTF-8 text).
 */
function send(server, method, path, headers = {}, { raw = false } = {}) {
  const { port } = new URL(server.url);
  return new Promise((ok, fail) => {
    const req = request({ host: '127.0.0.1', port, method, path, headers, agent: false }, (res) => {
      const chunks = [];
      res.on('data', (chunk) => chunks.push(chunk));
      res.on('end', () => {
        const body = Buffer.concat(chunks);
        ok({ status: res.statusCode, headers: res.headers, body: raw ? body : body.toString('utf8') });
      });
    });
    req.on('error', fail);
    req.setTimeout(10_000, () => req.destroy(new Error(`${method} ${path}: no answer in 10 s`)));
    req.end();
  });
}

/** Starts a GET of `path` whose body is not read: resolves to {res, req} once the headers came. */
function openGet(server, path) {
  const { port } = new URL(server.url);
  return new Promise((ok, fail) => {
    const req = request({ host: '127.0.0.1', port, path, agent: false }, (res) => {
      res.pause();
      ok({ res, req });
    });
    req.on('error', fail);
    req.end();
  });
}

/** Sends a GET of `path` and reports when its headers came, without waiting for them. */
function pendingGet(server, path) {
  const { port } = new URL(server.url);
  const state = { res: null, req: null };
  state.req = request({ host: '127.0.0.1', port, path, agent: false }, (res) => {
    res.pause();
    state.res = res;
  });
  state.req.on('error', () => {});
  state.req.end();
  return state;
}

const sleep = (ms) => new Promise((ok) => setTimeout(ok, ms));
/** Resolves once `ready()` holds, checked every 20 ms; rejects naming `what` after `ms` (a loaded machine is slow). */
async function until(ready, what, ms = 30_000) {
  for (const end = Date.now() + ms; !ready(); await sleep(20)) {
    if (Date.now() > end) throw new Error(`${what}: not within ${ms / 1000} s`);
  }
}

describe('serve.mjs', () => {
  test('serves regular files under the root, index.html for folders, with their types', async () => {
    const home = await send(isolated, 'GET', '/');
    assert.equal(home.status, 200);
    assert.equal(home.body, '<p>home</p>');
    assert.equal(home.headers['content-type'], 'text/html; charset=utf-8');
    const js = await send(isolated, 'GET', '/app.js');
    assert.equal(js.status, 200);
    assert.equal(js.headers['content-type'], 'text/javascript; charset=utf-8');
    assert.equal((await send(isolated, 'GET', '/sub/')).body, '<p>sub</p>');
    assert.equal((await send(isolated, 'GET', '/sub')).body, '<p>sub</p>');
    assert.equal((await send(isolated, 'GET', '/missing.js')).status, 404);
  });

  test('fonts, wasm, JSON, manifests, text, images and CSS get their types; an unknown extension is plain bytes', async () => {
    const types = {
      '/font.woff2': 'font/woff2', '/engine.wasm': 'application/wasm', '/data.json': 'application/json',
      '/notes.txt': 'text/plain; charset=utf-8', '/icon.svg': 'image/svg+xml', '/style.css': 'text/css; charset=utf-8',
      '/no-extension': 'application/octet-stream', '/app.webmanifest': 'application/manifest+json', '/icon.png': 'image/png',
    };
    for (const [path, type] of Object.entries(types)) {
      const r = await send(isolated, 'GET', path);
      assert.equal(r.status, 200, path);
      assert.equal(r.headers['content-type'], type, path);
    }
  });

  test('a symbolic link is followed only when its target lies under the root and is no dotfile', async () => {
    assert.equal((await send(isolated, 'GET', '/link-in.js')).body, 'export {};');
    for (const path of ['/link-out.txt', '/dir-out/secret.txt', '/dir-out/', '/link-to-dotfile.txt']) {
      const r = await send(isolated, 'GET', path);
      assert.equal(r.status, 404, path);
      assert.doesNotMatch(r.body, /outside the root|dotfile/, path);
    }
  });

  test('paths that climb out of the root are refused, raw or percent-encoded', async () => {
    for (const path of ['/../outside/secret.txt', '/sub/../../outside/secret.txt', '/%2e%2e/outside/secret.txt',
      '/sub/%2e%2e%2f%2e%2e%2foutside%2fsecret.txt']) {
      const r = await send(isolated, 'GET', path);
      assert.notEqual(r.status, 200, path);
      assert.doesNotMatch(r.body, /outside the root/, path);
    }
  });

  test('dotfiles and dot folders are not served', async () => {
    for (const path of ['/.secret', '/.hidden/file.txt', '/sub/../.secret', '/%2esecret', '/.hidden/']) {
      const r = await send(isolated, 'GET', path);
      assert.equal(r.status, 404, path);
      assert.doesNotMatch(r.body, /dotfile|dot folder/, path);
    }
  });

  test('what is not a regular file (a FIFO) is not served', async () => {
    assert.equal((await send(isolated, 'GET', '/fifo')).status, 404);
  });

  test('a malformed percent-encoding is a bad request', async () => {
    assert.equal((await send(isolated, 'GET', '/%E0%A4%A')).status, 400);
  });

  test('HEAD answers the headers of GET without a body', async () => {
    const r = await send(isolated, 'HEAD', '/app.js');
    assert.equal(r.status, 200);
    assert.equal(r.body, '');
    assert.equal(r.headers['content-length'], String('export {};'.length));
    assert.equal(r.headers['cross-origin-embedder-policy'], 'require-corp');
    const get = await send(isolated, 'GET', '/app.js');
    for (const name of ['content-type', 'etag', 'last-modified', 'content-security-policy', 'vary']) {
      assert.equal(r.headers[name], get.headers[name], name);
    }
  });

  test('methods other than GET and HEAD get 405 with an Allow header', async () => {
    for (const method of ['POST', 'PUT', 'DELETE', 'TRACE', 'PATCH', 'OPTIONS']) {
      const r = await send(isolated, method, '/index.html');
      assert.equal(r.status, 405, method);
      assert.equal(r.headers.allow, 'GET, HEAD', method);
      assert.doesNotMatch(r.body, /home/, method);
    }
  });

  test('COOP/COEP headers are sent when cross-origin isolated, and left out otherwise', async () => {
    const on = await send(isolated, 'GET', '/');
    assert.equal(on.headers['cross-origin-opener-policy'], 'same-origin');
    assert.equal(on.headers['cross-origin-embedder-policy'], 'require-corp');
    assert.equal(on.headers['cross-origin-resource-policy'], 'same-origin');
    const off = await send(plain, 'GET', '/');
    assert.equal(off.status, 200);
    assert.equal(off.headers['cross-origin-opener-policy'], undefined);
    assert.equal(off.headers['cross-origin-embedder-policy'], undefined);
  });

  test('every answer, files and refusals alike, carries nosniff and the Content-Security-Policy', async () => {
    for (const [method, path, status] of [['GET', '/', 200], ['GET', '/app.js', 200], ['HEAD', '/', 200],
      ['GET', '/missing', 404], ['GET', '/.secret', 404], ['POST', '/', 405], ['GET', '/%E0%A4%A', 400]]) {
      for (const server of [isolated, plain]) {
        const r = await send(server, method, path);
        assert.equal(r.status, status, `${method} ${path}`);
        assert.equal(r.headers['x-content-type-options'], 'nosniff', `${method} ${path}`);
        assert.equal(r.headers['content-security-policy'], CSP, `${method} ${path}`);
        assert.equal(r.headers['referrer-policy'], 'no-referrer', `${method} ${path}`);
      }
    }
    assert.match(CSP, /script-src 'self' 'wasm-unsafe-eval'(;|$)/);
    assert.doesNotMatch(CSP, /unsafe-inline|'unsafe-eval'/);
  });

  test('files carry an ETag and Last-Modified; a conditional GET of an unchanged file gets 304', async () => {
    const first = await send(isolated, 'GET', '/app.js');
    const { etag } = first.headers;
    assert.match(etag, /^W\/"[0-9a-f]+-[0-9a-f]+"$/);
    assert.ok(Date.parse(first.headers['last-modified']) > 0);
    assert.equal(first.headers['cache-control'], 'no-cache', 'revalidated at each use');
    for (const headers of [{ 'If-None-Match': etag }, { 'If-None-Match': `"other", ${etag}` },
      { 'If-Modified-Since': first.headers['last-modified'] }]) {
      const r = await send(isolated, 'GET', '/app.js', headers);
      assert.equal(r.status, 304, JSON.stringify(headers));
      assert.equal(r.body, '');
      assert.equal(r.headers.etag, etag);
      assert.equal(r.headers['cross-origin-embedder-policy'], 'require-corp');
      assert.equal(r.headers['content-security-policy'], CSP);
    }
    assert.equal((await send(isolated, 'GET', '/app.js', { 'If-None-Match': '"other"' })).status, 200);
    assert.equal((await send(isolated, 'GET', '/app.js', { 'If-Match': '"other"' })).status, 412);
    assert.equal((await send(isolated, 'GET', '/app.js', { 'If-Unmodified-Since': 'Thu, 01 Jan 1970 00:00:00 GMT' })).status, 412);
    // Ranges are not supported: the whole file comes.
    const ranged = await send(isolated, 'GET', '/app.js', { Range: 'bytes=0-1' });
    assert.equal(ranged.status, 200);
    assert.equal(ranged.body, 'export {};');
    // A changed file gets a new validator, and the old one no longer matches.
    writeFileSync(join(root, 'changed.js'), 'one');
    const before = (await send(isolated, 'GET', '/changed.js')).headers.etag;
    const later = new Date(Date.now() + 5000);
    writeFileSync(join(root, 'changed.js'), 'two');
    utimesSync(join(root, 'changed.js'), later, later);
    const r = await send(isolated, 'GET', '/changed.js', { 'If-None-Match': before });
    assert.equal(r.status, 200);
    assert.equal(r.body, 'two');
    assert.notEqual(r.headers.etag, before);
  });

  test('a precompressed copy is sent to clients that accept its encoding, with Content-Encoding and Vary', async () => {
    const cases = [
      ['br', 'br', '// br\n'], ['gzip, deflate, br, zstd', 'br', '// br\n'], ['gzip', 'gzip', '// gz\n'],
      ['br;q=0, gzip', 'gzip', '// gz\n'], ['gzip;q=1, br;q=0.5', 'gzip', '// gz\n'], ['*', 'br', '// br\n'],
      ['identity', undefined, ''], ['br;q=0, gzip;q=0', undefined, ''], [undefined, undefined, ''],
    ];
    const etags = new Set();
    for (const [accept, encoding, mark] of cases) {
      const headers = accept === undefined ? {} : { 'Accept-Encoding': accept };
      const r = await send(isolated, 'GET', '/big.js', headers, { raw: true });
      assert.equal(r.status, 200, accept);
      assert.equal(r.headers['content-encoding'], encoding, accept);
      assert.equal(r.headers.vary, 'Accept-Encoding', accept);
      assert.equal(r.headers['content-type'], 'text/javascript; charset=utf-8', accept);
      assert.equal(Number(r.headers['content-length']), r.body.length, accept);
      const text = encoding === 'br' ? brotliDecompressSync(r.body) : encoding === 'gzip' ? gunzipSync(r.body) : r.body;
      assert.equal(text.toString(), TEXT + mark, accept);
      etags.add(r.headers.etag);
      // The validator belongs to the representation: a 304 for the same encoding only.
      assert.equal((await send(isolated, 'GET', '/big.js', { ...headers, 'If-None-Match': r.headers.etag })).status, 304, accept);
    }
    assert.equal(etags.size, 3, 'br, gzip and identity each have their own ETag');
    const twins = await Promise.all(['br', 'gzip'].map((e) => send(isolated, 'GET', '/twins.js', { 'Accept-Encoding': e })));
    assert.deepEqual(twins.map((r) => r.headers['content-length']), ['100', '100']);
    assert.notEqual(twins[0].headers.etag, twins[1].headers.etag, 'copies of the same size and time');
    const head = await send(isolated, 'HEAD', '/big.js', { 'Accept-Encoding': 'br' });
    assert.equal(head.headers['content-encoding'], 'br');
    assert.equal(Number(head.headers['content-length']), readFileSync(join(root, 'big.js.br')).length);
  });

  test('a copy of another content than its file\'s, newer or older, or a link out of the root or to a dotfile, is not sent', async () => {
    // moved.js and rewritten.js: copies of an earlier content, newer than the file; stale.js: copies older
    // than it, and not recorded.
    for (const path of ['/moved.js', '/rewritten.js', '/stale.js', '/escape.js']) {
      const r = await send(isolated, 'GET', path, { 'Accept-Encoding': 'br, gzip' });
      assert.equal(r.status, 200, path);
      assert.equal(r.headers['content-encoding'], undefined, path);
      assert.equal(r.body, TEXT, path);
    }
  });

  test('at most maxStreams files are streamed at once; more GETs wait their turn, and beyond maxWaiting get 503', async () => {
    const small = await serve(root, { port: 0, maxStreams: 2, maxWaiting: 2 });
    const streaming = [];
    const waiting = [];
    try {
      streaming.push(await openGet(small, '/large.bin'), await openGet(small, '/large.bin'));
      waiting.push(pendingGet(small, '/large.bin'), pendingGet(small, '/large.bin'));
      await until(() => small.gate.waiting.length === 2, 'two GETs waiting');
      assert.ok(waiting.every((w) => w.res === null), 'the third and fourth GETs wait');
      const refused = await send(small, 'GET', '/app.js');
      assert.equal(refused.status, 503);
      assert.equal(refused.headers['retry-after'], '1');
      assert.equal((await send(small, 'HEAD', '/large.bin')).status, 200, 'a HEAD streams nothing and waits for nothing');
      // A client that goes away frees its place for the first that waits.
      streaming[0].req.destroy();
      await until(() => waiting[0].res, 'the first waiting GET served');
      assert.equal(waiting[0].res?.statusCode, 200, 'the first waiting GET is served');
      assert.equal(waiting[1].res, null, 'the second still waits');
      for (const s of [streaming[1], ...waiting]) s.req.destroy();
      await sleep(100);
      assert.equal((await send(small, 'GET', '/app.js')).status, 200, 'places are given back');
    } finally {
      // Whatever failed, no socket is left open: one would keep this file's process alive for good.
      for (const s of [...streaming, ...waiting]) s.req.destroy();
      small.server.close();
      small.server.closeAllConnections();
    }
  });

  test('it listens on the loopback address it was given, and on no other', async () => {
    assert.match(isolated.url, /^http:\/\/127\.0\.0\.1:\d+\/$/);
    assert.equal(isolated.server.address().address, '127.0.0.1');
    for (const host of ['0.0.0.0', '::', '192.168.1.1']) {
      await assert.rejects(serve(root, { port: 0, host }), /loopback/, host);
    }
  });
});

/** Starts `node SERVER dir 0 ...flags` and resolves {child, url} once it printed its URL (its first line). */
function startServer(dir, ...flags) {
  const child = spawn(process.execPath, [SERVER, dir, '0', ...flags], { stdio: ['ignore', 'pipe', 'pipe'] });
  return new Promise((ok, fail) => {
    let out = '';
    child.stdout.setEncoding('utf8');
    child.stdout.on('data', (chunk) => {
      out += chunk;
      if (out.includes('\n')) ok({ child, url: out.split('\n')[0] });
    });
    child.once('exit', (code) => fail(new Error(`the server exited (${code}) before printing its URL`)));
    setTimeout(() => {
      child.kill();
      fail(new Error('the server printed no URL within 30 s'));
    }, 30_000).unref();
  });
}

/** A field of /proc/PID/status in KiB (VmHWM: the peak resident set). */
const procStatus = (pid, field) => Number(new RegExp(`${field}:\\s+(\\d+) kB`).exec(readFileSync(`/proc/${pid}/status`, 'utf8'))[1]);
/** The bytes process PID has read through read(2) and the like (/proc/PID/io rchar). */
const bytesRead = (pid) => Number(/rchar: (\d+)/.exec(readFileSync(`/proc/${pid}/io`, 'utf8'))[1]);
/** How many of process PID's open files are `file`. */
const openCopies = (pid, file) =>
  readdirSync(`/proc/${pid}/fd`).filter((fd) => {
    try {
      return readlinkSync(`/proc/${pid}/fd/${fd}`) === file;
    } catch {
      return false;
    }
  }).length;

/** GETs `url` and counts the body's bytes without keeping them: resolves {status, length, bytes}. */
function drain(url, headers = {}) {
  return new Promise((ok, fail) => {
    const req = request(url, { agent: false, headers }, (res) => {
      let bytes = 0;
      res.on('data', (chunk) => (bytes += chunk.length));
      res.on('end', () => ok({ status: res.statusCode, length: Number(res.headers['content-length']), bytes }));
    });
    req.on('error', fail);
    req.setTimeout(120_000, () => req.destroy(new Error(`GET ${url}: stalled`)));
    req.end();
  });
}

describe('serve.mjs as a process: memory and large files', () => {
  const HUGE = 200 * 1000 * 1000;
  let dir, server;

  before(async () => {
    dir = mkdtempSync(join(tmpdir(), 'shogi-reach-serve-big-'));
    // A 200 MB sparse file (no disk blocks) and a 1.5 MB one like the engine's wasm.
    execFileSync('truncate', ['-s', String(HUGE), join(dir, 'huge.bin')]);
    writeFileSync(join(dir, 'engine.wasm'), Buffer.alloc(1.5 * MiB, 1));
    server = await startServer(dir, '--no-coi');
  });

  after(() => {
    server?.child.kill();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  test('the first line of standard output is the loopback URL with the port it got', () => {
    assert.match(server.url, /^http:\/\/127\.0\.0\.1:[1-9]\d*\/$/);
  });

  test('HEAD of a 200 MB file is answered from stat: its Content-Length, no body, nothing read', async () => {
    const { pid } = server.child;
    const before = bytesRead(pid);
    const r = await send(server, 'HEAD', '/huge.bin');
    assert.equal(r.status, 200);
    assert.equal(r.headers['content-length'], String(HUGE));
    assert.equal(r.body, '');
    await sleep(200);
    const read = bytesRead(pid) - before;
    assert.ok(read < MiB, `the server read ${read} bytes for a HEAD`);
  });

  test('10 parallel GETs of a 200 MB file and 200 of a 1.5 MB file: all complete, and the peak RSS stays under 150 MiB', async () => {
    const { pid } = server.child;
    const rssBefore = procStatus(pid, 'VmRSS');
    const gets = [
      ...Array.from({ length: 10 }, () => drain(server.url + 'huge.bin')),
      ...Array.from({ length: 200 }, () => drain(server.url + 'engine.wasm', { 'Accept-Encoding': 'gzip, br' })),
    ];
    // While they run, no more than MAX_STREAMS files are open at once.
    let mostOpen = 0;
    const watch = setInterval(() => {
      mostOpen = Math.max(mostOpen, openCopies(pid, join(dir, 'huge.bin')) + openCopies(pid, join(dir, 'engine.wasm')));
    }, 20);
    const results = await Promise.all(gets).finally(() => clearInterval(watch));
    for (const r of results) {
      assert.equal(r.status, 200);
      assert.equal(r.bytes, r.length);
    }
    assert.equal(results.slice(0, 10).reduce((n, r) => n + r.bytes, 0), 10 * HUGE);
    const peak = procStatus(pid, 'VmHWM') / 1024;
    const after = procStatus(pid, 'VmRSS') / 1024;
    console.log(`server RSS: ${(rssBefore / 1024).toFixed(0)} MiB before, peak ${peak.toFixed(0)} MiB, ` +
      `${after.toFixed(0)} MiB after; at most ${mostOpen} files open at once`);
    assert.ok(peak < 150, `peak RSS ${peak.toFixed(0)} MiB`);
    if (!process.env.SERVE_MJS) assert.ok(mostOpen <= MAX_STREAMS, `${mostOpen} files open at once`);
  });

  test('clients that go away mid-download leave no file open', async () => {
    const { pid } = server.child;
    const file = join(dir, 'huge.bin');
    const opened = await Promise.all(Array.from({ length: 20 }, () => openGet(server, '/huge.bin')));
    try {
      assert.ok(openCopies(pid, file) > 0, 'the files are open while streaming');
    } finally {
      for (const { req } of opened) req.destroy();
    }
    await until(() => openCopies(pid, file) === 0, 'every file closed');
    assert.equal((await send(server, 'HEAD', '/huge.bin')).status, 200, 'and the server still answers');
  });
});

/** The CSP violations seen on `page` and its workers (events and console), and each path's Content-Encoding. */
async function watchCsp(page) {
  const violations = [];
  const encodings = {};
  await page.exposeFunction('reportViolation', (v) => violations.push(v));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => window.reportViolation(`${e.violatedDirective} ${e.blockedURI}`));
  });
  const consoleCsp = (m) => /Content Security Policy/i.test(m.text()) && violations.push(m.text());
  page.on('console', consoleCsp);
  page.on('worker', (w) => w.on('console', consoleCsp));
  page.on('response', async (r) => (encodings[new URL(r.url()).pathname] = (await r.allHeaders())['content-encoding']));
  return { violations, encodings };
}

/** The policy is in force, and a violation would be seen: an inline script is refused, and reported. */
async function inlineScriptRefused(browser, url) {
  const page = await browser.newPage();
  const { violations } = await watchCsp(page);
  await page.goto(url);
  assert.equal(await page.evaluate(() => {
    const s = document.createElement('script');
    s.textContent = 'window.inlineRan = true;';
    document.head.append(s);
    return window.inlineRan ?? false;
  }), false);
  await until(() => violations.length >= 2, 'two violations reported', 10_000).catch(() => {});
  assert.equal(violations.length, 2, JSON.stringify(violations));
  assert.ok(violations.every((v) => /script-src/.test(v)), JSON.stringify(violations));
  await page.close();
}

describe('the built site under the Content-Security-Policy, in Chromium', () => {
  const CHROMIUM = process.env.CHROMIUM ?? '/usr/bin/chromium-headless-shell'; // as tests/site.mjs
  const DIST = join(ROOT, 'dist');
  const skip = !existsSync(join(DIST, 'index.html'))
    ? 'dist/ is not built: run `bash scripts/build.sh` (npm run build) first'
    : !existsSync(CHROMIUM) ? `no Chromium at ${CHROMIUM} (apt-get install chromium-headless-shell)` : false;

  test('the page and its workers load, compressed, and run an estimate with no CSP violation', { skip, timeout: 240_000 }, async () => {
    const { chromium } = await import('playwright-core');
    const { runOnPage } = await import('./site.mjs');
    const profile = mkdtempSync(join(tmpdir(), 'shogi-reach-csp-'));
    const servers = [await serve(DIST, { port: 0, coi: true }), await serve(DIST, { port: 0, coi: false })];
    const browser = await chromium.launchPersistentContext(profile, {
      executablePath: CHROMIUM,
      headless: true,
      args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking', '--disable-component-update'],
    });
    try {
      for (const server of servers) {
        const coi = server === servers[0];
        const page = await browser.newPage();
        const { violations, encodings } = await watchCsp(page);
        await runOnPage(page, `${server.url}?game=minishogi&tab=estimate`, `csp ${coi ? 'coi' : 'plain'}`, async () => {
          assert.equal(await page.evaluate(() => self.crossOriginIsolated), coi);
          await page.fill('#est-samples', '2000');
          await page.click('#est-start');
          await page.waitForSelector('#est-status[data-state="finished"]', { timeout: 120_000 });
          assert.deepEqual(violations, [], 'no CSP violation');
          // Workers' requests are not all seen as the page's: ask for the engine's wasm as a worker would.
          const wasm = coi ? 'pkg/shogi_reach_bg.wasm' : 'pkg-st/shogi_reach_bg.wasm';
          encodings[wasm] = await page.evaluate(async (path) => (await fetch(path)).headers.get('content-encoding'), wasm);
          console.log(`${coi ? 'isolated' : 'plain'}: Content-Encoding of / ${encodings['/']}, of ${wasm} ${encodings[wasm]}`);
          assert.equal(encodings['/'], 'br', 'the page came brotli-compressed');
          assert.equal(encodings['/js/app.js'], 'br', 'js/app.js came brotli-compressed');
          assert.equal(encodings[wasm], 'br', `${wasm} came brotli-compressed`);
        });
      }
      await inlineScriptRefused(browser, servers[0].url);
    } finally {
      await browser.close();
      for (const s of servers) {
        s.server.close();
        s.server.closeAllConnections();
      }
      rmSync(profile, { recursive: true, force: true });
    }
  });
});
