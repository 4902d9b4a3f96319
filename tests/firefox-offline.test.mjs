// The update bar in Debian's Firefox ESR (puppeteer-core over WebDriver BiDi), as
// tests/browser/offline.test.mjs checks it in Chromium: a page controlled by the service worker finds a new
// build (its app.js marks the page; its sw.js lists the build's files and hashes, as build-offline.mjs
// writes them), whose worker installs and waits; the page shows the bar, and one click on *Reload* runs the
// page on the new build, from the new cache. The site in dist/ (`npm run build`) is copied to a scratch
// folder. A failing test leaves a screenshot in test-results/.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import puppeteer from 'puppeteer-core';
import { buildList } from '../scripts/build-offline.mjs';
import { serve } from '../scripts/serve.mjs';
import { ROOT, runOnPage } from './site.mjs';

let browser, site, dir;
before(async () => {
  dir = mkdtempSync(join(tmpdir(), 'shogi-reach-firefox-offline-'));
  cpSync(join(ROOT, 'dist'), dir, { recursive: true, preserveTimestamps: true });
  site = await serve(dir, { port: 0 });
  browser = await puppeteer.launch({
    browser: 'firefox',
    executablePath: process.env.FIREFOX ?? '/usr/bin/firefox-esr',
    headless: true,
    protocol: 'webDriverBiDi',
    defaultViewport: { width: 1280, height: 900 },
  });
});
after(async () => {
  await browser?.close();
  site?.server.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe('Firefox: the update bar', () => {
  test('a new build installs and waits; the bar shows, and one click reloads the page into it', async (t) => {
    await runOnPage(await browser.newPage(), site.url, `firefox-${t.name}`, async (page) => {
      await page.waitForFunction(() => navigator.serviceWorker.controller?.state === 'activated', { timeout: 60_000 });
      const cacheNames = () => page.evaluate(async () => (await caches.keys()).filter((k) => k.startsWith('shogi-reach-')));
      const old = buildList(dir).version;
      assert.deepEqual(await cacheNames(), [`shogi-reach-${old}`]);
      assert.equal(await page.$eval('#update-bar', (e) => e.hidden), true);
      // Build B, deployed whole.
      const app = join(dir, 'js/app.js');
      writeFileSync(app, `${readFileSync(app, 'utf8')}\ndocument.documentElement.dataset.build = 'B';\n`);
      const fresh = buildList(dir);
      const sw = join(dir, 'sw.js');
      writeFileSync(sw, readFileSync(sw, 'utf8').replace(/^const BUILD = .*;$/m, `const BUILD = ${JSON.stringify(fresh)};`));
      const state = await page.evaluate(async () => {
        const registration = await navigator.serviceWorker.getRegistration();
        await registration.update();
        const next = registration.installing ?? registration.waiting;
        if (next?.state === 'installing') {
          await new Promise((ok) => next.addEventListener('statechange', () => next.state !== 'installing' && ok()));
        }
        return next?.state ?? 'none';
      });
      assert.equal(state, 'installed');
      await page.waitForSelector('#update-bar:not([hidden])', { timeout: 30_000 });
      assert.equal(await page.$eval('#update-bar span', (e) => e.textContent), 'A new version of this site is ready.');
      assert.equal(await page.$eval('html', (e) => e.dataset.build ?? null), null, 'still the old build');
      // One click: the page runs B, from B's cache.
      await Promise.all([page.waitForNavigation({ timeout: 60_000 }), page.click('#update-reload')]);
      await page.waitForSelector('#engine-status[data-state="ready"]', { timeout: 60_000 });
      assert.equal(await page.$eval('html', (e) => e.dataset.build ?? null), 'B');
      assert.equal(await page.$eval('#update-bar', (e) => e.hidden), true);
      assert.deepEqual(await cacheNames(), [`shogi-reach-${fresh.version}`]);
    });
  });
});
