// The Firefox tests' common part: Debian's Firefox ESR driven by puppeteer-core over WebDriver BiDi
// (Playwright's own Firefox build cannot be installed here; the Debian package can), the site in dist/
// served with and without cross-origin isolation, and small page helpers. `useFirefox()` registers the
// start and stop of both in the calling test file.
import { after, before } from 'node:test';
import { join } from 'node:path';
import puppeteer from 'puppeteer-core';
import { serve } from '../scripts/serve.mjs';
import { ROOT, runOnPage } from './site.mjs';

/** Starts Firefox and the two servers before the file's tests, stops them after; `browser()` is Firefox. */
export function useFirefox() {
  let browser, isolated, plain;
  before(async () => {
    isolated = await serve(join(ROOT, 'dist'), { port: 0, coi: true });
    plain = await serve(join(ROOT, 'dist'), { port: 0, coi: false });
    browser = await puppeteer.launch({
      browser: 'firefox',
      executablePath: process.env.FIREFOX ?? '/usr/bin/firefox-esr',
      headless: true,
      protocol: 'webDriverBiDi',
      defaultViewport: { width: 1280, height: 1000 },
    });
  });
  after(async () => {
    await browser?.close();
    isolated?.server.close();
    plain?.server.close();
  });
  /** Runs `body(page)` on a fresh page at `path` (see `runOnPage`). */
  const onPage = async (t, path, body, { coi = true, context = browser } = {}) =>
    runOnPage(await context.newPage(), (coi ? isolated : plain).url + path, `firefox-${t.name}`, body);
  return { onPage, browser: () => browser };
}

export const attr = (page, sel, name) => page.$eval(sel, (e, n) => e.getAttribute(n), name);
export const text = (page, sel) => page.$eval(sel, (e) => e.textContent);
export const sfenOf = (page) => page.$eval('#sfen', (e) => e.value);
export const count = (page, sel) => page.$$eval(sel, (es) => es.length);
/** Cell index of a Shogi square name (`5e`). */
export const index = (name, width = 9) => (name.charCodeAt(1) - 97) * width + (width - Number(name[0]));
