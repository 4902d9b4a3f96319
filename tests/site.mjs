// What the real-browser test files share (Playwright's and Puppeteer's pages alike): where things are, the
// native CLI to compare with, a page that fails with a screenshot and its errors, and axe-core's findings;
// for the Chromium files (tests/browser/): the browser and the two servers, and the helpers that read the
// page's editor, estimate tab, records, explorer and certificate.
import { after, before } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { serve } from '../scripts/serve.mjs';
import { driver } from './scenarios/ui.mjs';

export const ROOT = new URL('..', import.meta.url).pathname;
// The CLI to compare with: `npm test` passes the one its Rust tests built (SHOGI_REACH_CLI).
export const CLI = process.env.SHOGI_REACH_CLI ?? join(ROOT, 'target/release/shogi-reach');
export const SHOTS = join(ROOT, 'test-results');
const AXE = join(ROOT, 'node_modules/axe-core/axe.min.js');
export const cli = (...args) => execFileSync(CLI, args, { encoding: 'utf8', maxBuffer: 256 << 20 });
// Debian's old headless shell (package chromium-headless-shell): the engine of its `chromium` at about half
// the CPU per page load, which bounds these tests on two cores (CHROMIUM names another browser).
export const CHROMIUM = process.env.CHROMIUM ?? '/usr/bin/chromium-headless-shell';

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

/**
 * Stops the answer card's game search, which every reachable Prove starts: for a test about something else
 * on a position far from the start, where it would take the cores for seconds (tests/browser/answer.test.mjs
 * tests the card).
 */
export async function stopAnswerSearch(page) {
  await page.waitForSelector('#answer[data-state="searching"]');
  await page.click('#answer-cancel');
  await page.waitForSelector('#answer[data-state="cancelled"]');
}

/** Types `cap` into the node cap, which is in the search options (opened first). */
export async function setNodeCap(page, cap) {
  await page.$eval('#prove-options', (options) => (options.open = true));
  await page.fill('#max-nodes', String(cap));
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
 * Puts `record` in the page's IndexedDB as the saved run, as www/js/estimate/run-store.js keeps it, but
 * unchecked (the tests put forged and malformed records). For Playwright's and Puppeteer's pages alike.
 */
export const putSavedRun = (page, record) => page.evaluate((record) => new Promise((resolve, reject) => {
  const open = indexedDB.open('shogi-reach', 1);
  open.onupgradeneeded = () => open.result.createObjectStore('estimate-runs');
  open.onerror = () => reject(open.error);
  open.onsuccess = () => {
    const db = open.result;
    const tx = db.transaction('estimate-runs', 'readwrite');
    tx.objectStore('estimate-runs').put(record, 'current');
    tx.oncomplete = () => resolve(db.close());
    tx.onerror = () => reject(tx.error);
  };
}), record);

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

/**
 * Debian's headless Chromium (playwright-core) on dist/, served with cross-origin isolation (`isolated`)
 * and without (`plain`), for the tests of one file: started before them, closed after. `onPage(t, path,
 * body, {coi, context})` runs `body(page)` on a fresh page at `path` (see `runOnPage`). Service workers are
 * blocked here and in phone contexts: installing one caches the whole site (3 s of CPU a context), and
 * tests/browser/offline.test.mjs tests them.
 */
export function useChromium() {
  const site = { browser: null, isolated: null, plain: null, profile: null };
  before(async () => {
    site.isolated = await serve(join(ROOT, 'dist'), { port: 0, coi: true });
    site.plain = await serve(join(ROOT, 'dist'), { port: 0, coi: false });
    site.profile = mkdtempSync(join(tmpdir(), 'shogi-reach-chromium-'));
    site.browser = await chromium.launchPersistentContext(site.profile, {
      executablePath: CHROMIUM,
      headless: true,
      viewport: { width: 1280, height: 1000 },
      serviceWorkers: 'block',
      args: [
        '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking',
        '--disable-component-update', '--disable-sync',
      ],
    });
  });
  after(async () => {
    await site.browser?.close();
    site.isolated?.server.close();
    site.plain?.server.close();
    if (site.profile) rmSync(site.profile, { recursive: true, force: true });
  });
  site.onPage = async (t, path, body, { coi = true, context = site.browser } = {}) =>
    runOnPage(await context.newPage(), (coi ? site.isolated : site.plain).url + path, t.name, body);
  return site;
}

/**
 * A plain (not persistent) Chromium for phone contexts: mobile emulation needs `newContext`. Its contexts
 * block service workers unless their options say otherwise (see `useChromium`).
 */
export async function launchPhones() {
  const phones = await chromium.launch({
    executablePath: CHROMIUM,
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run'],
  });
  const newContext = phones.newContext.bind(phones);
  phones.newContext = (options) => newContext({ serviceWorkers: 'block', ...options });
  return phones;
}

/** A phone of this width: touch, mobile viewport, a 2× screen. */
export const phoneContext = (phones, width) =>
  phones.newContext({ viewport: { width, height: 780 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 });

/** A temporary folder for the tests of one file, removed after them. */
export function useScratch() {
  const dir = mkdtempSync(join(tmpdir(), 'shogi-reach-records-'));
  after(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

// The editor.
/**
 * In the page (`page.evaluate(fullSizeBoards)`, Playwright or Puppeteer): the boards drawn at full size (squares
 * of 30 px or more; the certificates' and the gallery's small boards have about 22), each with its id and
 * whether all of it (hands too) is inside the viewport.
 */
export function fullSizeBoards() {
  return [...document.querySelectorAll('.board-view')]
    .filter((b) => (b.querySelector('.grid .sq')?.getBoundingClientRect().width ?? 0) >= 30)
    .map((b) => {
      const r = b.getBoundingClientRect();
      const inside = r.top >= -0.5 && r.bottom <= innerHeight + 0.5 && r.left >= -0.5 && r.right <= innerWidth + 0.5;
      return { id: b.id, top: r.top, bottom: r.bottom, left: r.left, right: r.right, inside };
    });
}

export const sfenOf = (page) => page.inputValue('#sfen');
export const urlSfen = (page) => new URL(page.url()).searchParams.get('sfen');
/** Cell index of a Shogi square name (`5e`). */
export const index = (name, width = 9) => (name.charCodeAt(1) - 97) * width + (width - Number(name[0]));
export const square = (page, name) => page.locator(`#board [data-square="${index(name)}"]`);
/** The diagnostics shown for exactly this SFEN: [rule, ...] (Playwright or Puppeteer). */
export async function rules(page) {
  const ui = driver(page);
  await ui.waitFor(`#diagnostics[data-sfen="${await ui.value('#sfen')}"]`);
  return ui.readAll('#diagnostics li[data-rule]', (lis) => lis.map((li) => li.dataset.rule));
}

// The estimate tab (an estimate run in the page: tests/scenarios/estimate.mjs).
/** What the estimate tab's tables show (playwright's page or puppeteer's): the funnel's and Table 2's counts
 * and the stage table's [[stage name, samples decided there]] (NaN before a run). */
export const shownTables = (page) => page.evaluate(() => {
  const rows = (selector) => [...document.querySelectorAll(selector)].map((r) => /** @type {HTMLElement} */ (r).dataset);
  return {
    funnel: rows('#funnel tbody tr').map((d) => Number(d.count)),
    traced: rows('#traced tbody tr').map((d) => Number(d.count)),
    stages: rows('#stage-counts tbody tr').map((d) => [d.stage, Number(d.count)]),
  };
});

/** The same tables of a CLI report (`estimate --json`). */
export const tablesOf = (r) => ({ funnel: r.funnel.map(([, n]) => n), traced: r.tally.traced_back, stages: Object.entries(r.tally.stages) });

/** The CLI's estimate of the same run, as `shownTables` reads the page's. */
export const nativeEstimate = (game, samples, seed) =>
  tablesOf(JSON.parse(cli('estimate', '--game', game, '--samples', samples, '--seed', seed, '--json')));

/** The count of the funnel's first row ('' while the tables are empty). */
export const firstCount = (page) => page.evaluate(() => /** @type {HTMLElement} */ (document.querySelector('#funnel tbody tr')).dataset.count ?? '');

// Records, the explorer and certificates.
export const RECORDS = join(ROOT, 'crate/engine/tests/data/records');
// Reachable 17 plies back to KK, and a `reach` unreachable position (the search dies 4 plies back).
export const MINI_REACHABLE = '3b1/g2g1/B1SP+r/Ks1p1/2k1+r b - 1';
export const MINI_REACH = '1+r3/bs3/gs3/2b2/K+rk2 b GPp 1';
export const SHOGI_NO_PREV =
  '+P+S3g+S2/3p1p+L2/+Pp1+s2+p+pn/1+p2+N1+l1P/G1+L1n4/+P4+b+n+P1/1R+PKr2p1/+p1gP4L/2G+Bs+P2k b 2p 1';
/** Board, side and hands of an SFEN (the move number differs between writers). */
export const position = (sfen) => sfen.split(' ').slice(0, 3).join(' ');
/** A record file written by the CLI into `dir`: the proof game of `sfen`, as KIF. */
export function proofGameKif(dir, game, sfen) {
  const file = join(dir, `${game}-${position(sfen).replace(/[^a-z0-9]/gi, '_')}.kif`);
  writeFileSync(file, cli('proof-game', '--format', 'kif', '--game', game, sfen));
  return file;
}
/** The position after `ply` moves of a record, as the CLI reads it. */
export const afterPly = (file, ply) => JSON.parse(cli('prove', '--json', '--record', file, '--ply', String(ply))).sfen;
/** The moves of the line shown in the move tree (a record read, moves played), as the list writes them. */
export const recordTexts = (page) =>
  page.evaluate(() => [...document.querySelectorAll('#play-moves li > button')].map((b) => b.firstChild.textContent));
/** Reads `text` as a record; resolves once its moves are the move tree's (Playwright or Puppeteer). */
export async function readRecord(page, text) {
  const ui = driver(page);
  await ui.fill('#record-text', text);
  // The moves listed now are marked, so that the wait is for a new list.
  await ui.readAll('#play-moves button', (buttons) => buttons.forEach((b) => (b.dataset.before = '')));
  await ui.click('#record-read');
  await ui.waitFor('#play-moves button[aria-current]:not([data-before])');
}
/** Waits for the explorer to list the editor's position (Playwright or Puppeteer); that position. */
export async function retroShown(page) {
  const ui = driver(page);
  const sfen = await ui.value('#sfen');
  await ui.waitFor(`#retro-moves[data-state="done"][data-sfen="${sfen}"]`);
  return sfen;
}
/** Proves an unreachable position and opens its certificate, Why? (Playwright or Puppeteer). */
export async function whyOf(page) {
  const ui = driver(page);
  await ui.click('#prove');
  await ui.waitFor('#verdict[data-verdict="unreachable"]', 60_000);
  await ui.click('#answer-why');
  await ui.waitFor('#certificate[data-stage]', 60_000);
}
