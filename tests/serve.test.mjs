// Tests of scripts/serve.mjs (the server of `npm start` and the browser tests): it serves only regular
// files under its root (symbolic links resolved), no dotfiles, GET and HEAD only, with or without the
// COOP/COEP headers. Run: node --test tests/serve.test.mjs (loopback only).
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { serve } from '../scripts/serve.mjs';

let base, root, isolated, plain;

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
  isolated = await serve(root, { port: 0, host: '127.0.0.1', coi: true });
  plain = await serve(root, { port: 0, host: '127.0.0.1', coi: false });
});

after(() => {
  isolated?.server.close();
  plain?.server.close();
  if (base) rmSync(base, { recursive: true, force: true });
});

/** Sends `method path` as is (no client-side normalisation of '..') and resolves {status, headers, body}. */
function send(server, method, path) {
  const { port } = new URL(server.url);
  return new Promise((ok, fail) => {
    const req = request({ host: '127.0.0.1', port, method, path }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk) => (body += chunk));
      res.on('end', () => ok({ status: res.statusCode, headers: res.headers, body }));
    });
    req.on('error', fail);
    req.setTimeout(5000, () => req.destroy(new Error(`${method} ${path}: no answer in 5 s`)));
    req.end();
  });
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

  test('it listens on the loopback address it was given', () => {
    assert.match(isolated.url, /^http:\/\/127\.0\.0\.1:\d+\/$/);
    assert.equal(isolated.server.address().address, '127.0.0.1');
  });
});
