// The update bar in Debian's Firefox ESR (puppeteer-core over WebDriver BiDi), the scenario of
// tests/scenarios/update.mjs that tests/browser/offline.test.mjs runs in Chromium: a page controlled by the
// service worker finds a new build deployed half-way, which does not install, then whole, whose worker
// installs and waits; the page shows the bar, and one click on *Reload* runs the page on the new build, from
// the new cache. The site in dist/ (`npm run build`) is copied to a scratch folder. A failing test leaves a
// screenshot in test-results/.
import { after, before, describe, test } from 'node:test';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import puppeteer from 'puppeteer-core';
import { serve } from '../scripts/serve.mjs';
import { ROOT, runOnPage } from './site.mjs';
import { updateBar } from './scenarios/update.mjs';
import { driver } from './scenarios/ui.mjs';

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
  test('a new build installs only once the server has all of it; the bar shows, and one click reloads the page into it', async (t) => {
    const page = await browser.newPage();
    await runOnPage(page, site.url, `firefox-${t.name}`, () => updateBar(driver(page), dir));
  });
});
