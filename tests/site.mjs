// What the real-browser test files share (Playwright's and Puppeteer's pages alike): where things are, the
// native CLI to compare with, a page that fails with a screenshot and its errors, and axe-core's findings.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

export const ROOT = new URL('..', import.meta.url).pathname;
// The CLI to compare with: `npm test` passes the one its Rust tests built (SHOGI_REACH_CLI).
export const CLI = process.env.SHOGI_REACH_CLI ?? join(ROOT, 'target/release/shogi-reach');
export const SHOTS = join(ROOT, 'test-results');
const AXE = join(ROOT, 'node_modules/axe-core/axe.min.js');
export const cli = (...args) => execFileSync(CLI, args, { encoding: 'utf8', maxBuffer: 256 << 20 });

/**
 * Opens `page` at `url`, waits for the engine, runs `body(page)` and checks that the page logged no error;
 * on failure saves test-results/`shot`.png and adds the page's errors to the message. Closes the page.
 */
export async function runOnPage(page, url, shot, body) {
  const errors = [];
  page.on('pageerror', (e) => errors.push(e.message));
  page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
  try {
    await page.goto(url);
    await page.waitForSelector('#engine-status[data-state="ready"]', { timeout: 30_000 });
    await body(page);
    assert.deepEqual(errors, [], 'no errors on the page');
  } catch (e) {
    mkdirSync(SHOTS, { recursive: true });
    const file = join(SHOTS, `${shot.replace(/[^a-z0-9]+/gi, '-')}.png`);
    await page.screenshot({ path: file, fullPage: true }).catch(() => {});
    e.message += `\n(screenshot: ${file}; page errors: ${JSON.stringify(errors)})`;
    throw e;
  } finally {
    await page.close();
  }
}

/** axe-core's critical and serious violations on the page as it is: ["rule (nodes): first target"]. */
export async function axeViolations(page) {
  // Evaluated by the driver rather than added as a <script>: the site's Content-Security-Policy refuses
  // inline scripts, and rightly.
  await page.evaluate(readFileSync(AXE, 'utf8'));
  const { violations } = await page.evaluate(() => axe.run(document, { resultTypes: ['violations'] }));
  return violations
    .filter((v) => v.impact === 'critical' || v.impact === 'serious')
    .map((v) => `${v.id} (${v.nodes.length}): ${v.nodes[0].target.join(' ')}`);
}

/**
 * Counts every read of a Blob or File on the page from now on (`window.__reads`: `[method, bytes]`), so that
 * a test can tell that a file was refused without being read.
 */
export const countReads = (page) => page.evaluate(() => {
  window.__reads = [];
  const spy = (proto, names) => {
    for (const name of names) {
      const read = proto[name];
      if (typeof read !== 'function') continue;
      proto[name] = function (...args) {
        window.__reads.push([name, this.size ?? args[0]?.size]);
        return read.apply(this, args);
      };
    }
  };
  spy(Blob.prototype, ['arrayBuffer', 'text', 'stream', 'bytes']);
  spy(FileReader.prototype, ['readAsArrayBuffer', 'readAsText', 'readAsDataURL', 'readAsBinaryString']);
});
