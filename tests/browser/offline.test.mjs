// The site offline and its downloads: a first visit, the service worker's install included, weighs at most
// 1.3 MB on the wire; after it the service worker (www/sw.js) answers every request, so a reload with no
// network loads the page, starts the engine and proves, cross-origin isolated as the server's pages are (the threaded estimate too); a rebuilt site (another version in sw.js) replaces
// the cache; a new build whose sw.js reached the server before its app.js does not install until the
// server has all of it, and then the update bar reloads the page into it (the scenario of
// tests/scenarios/update.mjs, which Firefox runs too); the web app manifest is served, valid and linked; and each WebAssembly build is downloaded at
// most once per page load, through load, prove, Why? and a short estimate, counted both at the server
// (answers with a body) and by watching the page's and its workers' requests.
// Real-browser tests of the site in dist/ (`npm run build`), copied to a scratch folder for each test.
import { after, afterEach, beforeEach, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { buildList } from '../../scripts/build-offline.mjs';
import { serve } from '../../scripts/serve.mjs';
import { axeViolations, CHROMIUM, cli, MINI_REACH, nativeEstimate, ROOT, runOnPage, SHOTS } from '../site.mjs';
import { estimate } from '../scenarios/estimate.mjs';
import { controlled, updateBar } from '../scenarios/update.mjs';
import { driver } from '../scenarios/ui.mjs';

const browser = await chromium.launch({
  executablePath: CHROMIUM,
  args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking'],
});
after(() => browser.close());

/** Per test: a copy of dist/ served cross-origin isolated, the server's .wasm answers, a fresh context. */
const site = {};
beforeEach(async () => {
  site.dir = mkdtempSync(join(tmpdir(), 'shogi-reach-offline-'));
  cpSync(join(ROOT, 'dist'), site.dir, { recursive: true, preserveTimestamps: true });
  const { server, url } = await serve(site.dir, { port: 0 });
  site.server = server;
  site.url = url;
  site.wasm = [];
  server.prependListener('request', (req, res) => {
    if (req.url.endsWith('.wasm')) res.once('close', () => site.wasm.push({ path: req.url, status: res.statusCode }));
  });
  site.context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
});
afterEach(async () => {
  await site.context.close();
  site.server.close();
  rmSync(site.dir, { recursive: true, force: true });
});

/** The .wasm files the server sent with a body (status 200) since `from`: {path: count}. */
function downloads(from) {
  const out = {};
  for (const { path, status } of site.wasm.slice(from)) if (status === 200) out[path] = (out[path] ?? 0) + 1;
  return out;
}

/** Records every .wasm request of `page` and its workers (from cache or network alike): {path: count}. */
function watchWasm(page) {
  const seen = {};
  page.on('request', (r) => {
    const path = new URL(r.url()).pathname;
    if (path.endsWith('.wasm')) seen[path] = (seen[path] ?? 0) + 1;
  });
  return seen;
}

/** Proves MINI_REACH on the page (on the Position tab: a reload keeps the tab shown) and checks the verdict
 * against the CLI's. */
async function proveReach(page) {
  const native = JSON.parse(cli('prove', '--json', '--game', 'minishogi', MINI_REACH));
  await page.click('#tab-position-button');
  await page.fill('#sfen', MINI_REACH);
  await page.click('#sfen-form button[type="submit"]');
  await page.click('#prove');
  await page.waitForSelector('#verdict[data-verdict]', { timeout: 60_000 });
  assert.equal(await page.getAttribute('#verdict', 'data-verdict'), native.verdict);
}

/** A 2 000-sample Mini Shogi estimate on `threads` threads; resolves to the status line. */
async function shortEstimate(page, threads = 2) {
  await page.click('#tab-estimate-button');
  await page.selectOption('#est-game', 'minishogi');
  await page.fill('#est-samples', '2000');
  await page.fill('#est-threads', String(threads));
  await page.click('#est-start');
  await page.waitForSelector('#est-status[data-state="finished"]', { timeout: 120_000 });
  return page.textContent('#est-status');
}

// The estimate's status names how it runs (en.js, modeThreads).
const ISOLATED_MODE = /2 threads \(threaded WebAssembly/;

describe('offline', () => {
  test('load, prove, Why? and an estimate download each WebAssembly build once; a reload none', async (t) => {
    const page = await site.context.newPage();
    const seen = watchWasm(page);
    await runOnPage(page, site.url, t.name, async () => {
      await proveReach(page);
      await page.click('#answer-why');
      await page.waitForSelector('#certificate[data-stage]', { timeout: 60_000 });
      await shortEstimate(page);
      await controlled(driver(page));
      // Asked for once each by the page (the workers get the compiled module), downloaded once each.
      assert.deepEqual(seen, { '/pkg-st/shogi_reach_bg.wasm': 1, '/pkg/shogi_reach_bg.wasm': 1 });
      assert.deepEqual(downloads(0), { '/pkg-st/shogi_reach_bg.wasm': 1, '/pkg/shogi_reach_bg.wasm': 1 });

      // A reload: everything from the service worker's cache, the engines still compiled once each.
      const before = site.wasm.length;
      for (const k of Object.keys(seen)) delete seen[k];
      await page.reload();
      await page.waitForSelector('#engine-status[data-state="ready"]', { timeout: 60_000 });
      await proveReach(page);
      await shortEstimate(page);
      assert.deepEqual(downloads(before), {});
      assert.deepEqual(seen, { '/pkg-st/shogi_reach_bg.wasm': 1, '/pkg/shogi_reach_bg.wasm': 1 });
    });
  });

  test('a first visit, the service worker\'s install included, moves at most 1.3 MB in at most 200 answers', async (t) => {
    // Counted at the server, headers included, as a phone's connection carries them (before the bundle:
    // 1 251 572 bytes in 320 answers). 1.2 MB until a third game (Judkins shogi) made the plain engine,
    // which every game's generic code is compiled into once per game, 0.6 MB of it: 1 238 808 bytes.
    let answers = 0;
    const sockets = new Set();
    site.server.on('connection', (socket) => sockets.add(socket));
    site.server.on('request', () => answers++);
    await runOnPage(await site.context.newPage(), site.url, t.name, async (page) => {
      await controlled(driver(page));
      const bytes = [...sockets].reduce((sum, socket) => sum + socket.bytesWritten, 0);
      assert.ok(bytes <= 1_300_000, `${bytes} bytes on the wire`);
      assert.ok(answers <= 200, `${answers} answers`);
    });
  });

  test('after a first visit the site works with no network: the engine starts, proves, and estimates threaded', async (t) => {
    const page = await site.context.newPage();
    await runOnPage(page, site.url, t.name, async () => {
      // The threaded build is cached when first used: the Estimate tab once, online (here before the
      // service worker took over: it adopts what the browser's HTTP cache holds).
      await shortEstimate(page);
      await controlled(driver(page));
      await site.context.setOffline(true);
      await page.reload();
      await page.waitForSelector('#engine-status[data-state="ready"]', { timeout: 60_000 });
      // The cached answers kept the server's COOP/COEP: the page is still cross-origin isolated.
      assert.equal(await page.evaluate(() => self.crossOriginIsolated), true);
      await proveReach(page);
      await page.click('#answer-why');
      await page.waitForSelector('#certificate[data-stage]', { timeout: 60_000 });
      assert.match(await shortEstimate(page), ISOLATED_MODE);
      // A link to a position (a query) is the same cached page.
      await page.goto(`${site.url}?game=minishogi&sfen=${encodeURIComponent(MINI_REACH)}`);
      await page.waitForSelector('#engine-status[data-state="ready"]', { timeout: 60_000 });
      assert.equal(await page.inputValue('#sfen'), MINI_REACH);
    });
  });

  test('offline before the threaded engine was ever kept, an estimate runs on workers and equals the CLI', async (t) => {
    const page = await site.context.newPage();
    await runOnPage(page, site.url, t.name, async () => {
      await controlled(driver(page));
      await site.context.setOffline(true);
      await page.reload();
      await page.waitForSelector('#engine-status[data-state="ready"]', { timeout: 60_000 });
      assert.equal(await page.evaluate(() => self.crossOriginIsolated), true);
      const run = await estimate(driver(page), { game: 'minishogi', samples: 3000, seed: 5, threads: 2 });
      assert.match(run.status, /2 workers .*threaded engine could not be loaded/);
      const native = nativeEstimate('minishogi', 3000, 5);
      assert.deepEqual([run.funnel, run.traced], [native.funnel, native.traced]);
      assert.deepEqual(downloads(0), { '/pkg-st/shogi_reach_bg.wasm': 1 });
    });
  });

  test('a rebuilt site (another version) replaces the cache, and the old cache goes', async (t) => {
    const page = await site.context.newPage();
    const version = () => page.evaluate(async () => (await caches.keys()).filter((k) => k.startsWith('shogi-reach-')));
    await runOnPage(page, site.url, t.name, async () => {
      await controlled(driver(page));
      const old = buildList(site.dir).version;
      assert.deepEqual(await version(), [`shogi-reach-${old}`]);

      // The rebuild: a changed page, and sw.js with the new list and version (as build-offline.mjs writes).
      const html = join(site.dir, 'index.html');
      writeFileSync(html, readFileSync(html, 'utf8').replace('<body>', '<body data-build="2">'));
      const fresh = buildList(site.dir);
      assert.notEqual(fresh.version, old);
      const sw = join(site.dir, 'sw.js');
      writeFileSync(sw, readFileSync(sw, 'utf8').replace(/^const BUILD = .*;$/m, `const BUILD = ${JSON.stringify(fresh)};`));

      // The open page finds the new worker, which waits until no page runs the old build.
      await page.evaluate(async () => {
        const registration = await navigator.serviceWorker.getRegistration();
        await registration.update();
        const next = registration.installing ?? registration.waiting;
        if (next && next.state !== 'installed') {
          await new Promise((ok) => next.addEventListener('statechange', () => next.state === 'installed' && ok()));
        }
      });
      assert.equal(await page.getAttribute('body', 'data-build'), null);
      await page.close();
      const next = await site.context.newPage();
      // Once no page runs the old build the new one takes over: a page opened then, or its next reload.
      // (A blank page left open meanwhile held the navigation up in Chromium: it is opened after.)
      let build = null;
      for (let i = 0; i < 10 && build !== '2'; i++) {
        await (i === 0 ? next.goto(site.url, { waitUntil: 'commit' }) : next.reload({ waitUntil: 'commit' }));
        await next.waitForSelector('#engine-status[data-state="ready"]', { timeout: 60_000 });
        build = await next.getAttribute('body', 'data-build');
      }
      assert.equal(build, '2');
      await next.waitForFunction(() => navigator.serviceWorker.controller, null, { timeout: 60_000 });
      assert.deepEqual(await next.evaluate(async () => caches.keys()), [`shogi-reach-${fresh.version}`]);
      await next.close();
    });
  });

  test('a new build installs only once the server has all of it; the bar then reloads the page into it', async (t) => {
    const page = await site.context.newPage();
    await runOnPage(page, site.url, t.name, () => updateBar(driver(page), site.dir, async () => {
      assert.deepEqual(await axeViolations(page), [], 'axe, the update bar');
      await page.screenshot({ path: join(SHOTS, 'update-bar-en.png') });
      // Another tab opened meanwhile (in Japanese, on a phone) still runs A, and offers B too.
      const phone = await site.context.newPage();
      await phone.setViewportSize({ width: 360, height: 780 });
      await phone.goto(`${site.url}?lang=ja`);
      await phone.waitForSelector('#update-bar:not([hidden])', { timeout: 60_000 });
      assert.equal(await phone.textContent('#update-bar span'), 'このサイトの新しいバージョンを利用できます。');
      assert.equal(await phone.textContent('#update-reload'), '再読み込み');
      assert.equal(await phone.getAttribute('html', 'data-build'), null, 'still A');
      const right = await phone.$eval('#update-bar', (e) => e.getBoundingClientRect().right);
      assert.ok(right <= 360, `the bar fits a phone: ${right}`);
      await phone.screenshot({ path: join(SHOTS, 'update-bar-ja-360.png') });
      await phone.close();
    }));
  });

  test('the web app manifest is served, valid and linked, with its icons', async (t) => {
    const page = await site.context.newPage();
    await runOnPage(page, site.url, t.name, async () => {
      assert.equal(await page.getAttribute('link[rel="manifest"]', 'href'), 'manifest.webmanifest');
      const response = await page.request.get(`${site.url}manifest.webmanifest`);
      assert.equal(response.status(), 200);
      assert.equal(response.headers()['content-type'], 'application/manifest+json');
      const manifest = await response.json();
      assert.ok(manifest.name && manifest.short_name);
      assert.equal(manifest.start_url, './');
      assert.equal(manifest.display, 'standalone');
      // Chromium's own reading of it: no errors, and the icons it would install.
      const cdp = await site.context.newCDPSession(page);
      const { errors, data } = await cdp.send('Page.getAppManifest');
      assert.deepEqual(errors, []);
      assert.equal(JSON.parse(data).name, manifest.name);
      for (const icon of manifest.icons) {
        const file = await page.request.get(new URL(icon.src, site.url).href);
        assert.equal(file.status(), 200, icon.src);
        assert.equal(file.headers()['content-type'], icon.type, icon.src);
        if (icon.type === 'image/png') {
          // The PNG's size is the one the manifest says (IHDR: width and height at bytes 16 and 20).
          const bytes = await file.body();
          assert.equal(`${bytes.readUInt32BE(16)}x${bytes.readUInt32BE(20)}`, icon.sizes, icon.src);
        }
      }
    });
  });
});
