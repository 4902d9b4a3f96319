// `npm run bench:load`: how fast the site loads on a slow connection, in Debian's Chromium (playwright-core)
// with the network throttled over CDP (1.6 Mbit/s down, 0.75 Mbit/s up, 150 ms round trip) and a cold
// cache (a fresh browser context per run). It serves DIR (dist/ by default) with scripts/serve.mjs,
// cross-origin isolated, and measures:
// - board: ms from the navigation's start until the board's squares are in the page;
// - engine: ms until the engine says it is ready (#engine-status[data-state=ready]);
// - first visit: bytes the server sent from the navigation until the network is quiet (QUIET_MS without a
//   request), the service worker's caching included; `toEngine`: those sent until the engine was ready;
// - the flow: an unreachable Mini Shogi position proved, its certificate (Why?), a 2 000-sample estimate;
// - reload: bytes the server sent on a reload after that flow, until the engine is ready and the network quiet;
// - wasm: downloads (answers 200 with a body) of each .wasm file, per page load, through the flow and
//   the reload (a 304 is no download), and the requests for it that reached the server (304s included).
// Bytes are counted at the server (every socket's bytes written, headers included): the page's, its
// workers' and its service worker's requests alike.
// Goals: board <= 2 s, engine <= 5 s, first visit <= 1.2 MB, reload <= 50 KB, each wasm once per page load.
// Usage: node scripts/bench-load.mjs [DIR] [RUNS] [--json FILE]   (the median of RUNS runs is printed)
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { serve } from './serve.mjs';

const ROOT = new URL('..', import.meta.url).pathname;
const args = process.argv.slice(2);
const jsonAt = args.indexOf('--json');
const jsonFile = jsonAt >= 0 ? args.splice(jsonAt, 2)[1] : null;
const [dir = join(ROOT, 'dist'), runs = '3'] = args;
const THROTTLE = { offline: false, latency: 150, downloadThroughput: 1.6e6 / 8, uploadThroughput: 0.75e6 / 8 };
const QUIET_MS = 2000;
// Unreachable: the search dies 4 plies back (tests/site.mjs, MINI_REACH).
const MINI_REACH = '1+r3/bs3/gs3/2b2/K+rk2 b GPp 1';

/** The server of DIR with a tally of what it sent: bytes (all sockets), requests, .wasm answers. */
async function countingServer() {
  const site = await serve(dir, { port: 0, coi: true });
  const sockets = new Set();
  const tally = { requests: 0, inFlight: 0, lastActivity: Date.now(), wasm: [] };
  site.server.on('connection', (s) => sockets.add(s));
  site.server.prependListener('request', (req, res) => {
    tally.requests++;
    tally.inFlight++;
    tally.lastActivity = Date.now();
    res.once('close', () => {
      tally.inFlight--;
      tally.lastActivity = Date.now();
      if (req.url.split('?')[0].endsWith('.wasm')) tally.wasm.push({ url: req.url, status: res.statusCode });
    });
  });
  tally.bytes = () => [...sockets].reduce((n, s) => n + s.bytesWritten, 0);
  return { ...site, tally };
}

/** Resolves once the server has had no request in flight for QUIET_MS. */
async function quiet(tally) {
  for (;;) {
    await new Promise((r) => setTimeout(r, 200));
    if (tally.inFlight === 0 && Date.now() - tally.lastActivity >= QUIET_MS) return;
  }
}

/** performance.now() in the page when `test` (a predicate in the page) first holds, polled every frame. */
// (A function, not a string: the page's Content-Security-Policy refuses eval.)
const when = (page, selector, timeout = 120_000) =>
  page
    .waitForFunction((s) => document.querySelector(s) !== null && performance.now(), selector, { polling: 'raf', timeout })
    .then((h) => h.jsonValue());
const boardDrawn = '#board [data-square]';
const engineReady = '#engine-status[data-state="ready"]';

/** Downloads (200) of each .wasm file among `answers`, or all its answers (304s too) when `all`: {path: n}. */
const downloads = (answers, all = false) => {
  const out = {};
  for (const a of answers) if (all || a.status === 200) out[a.url] = (out[a.url] ?? 0) + 1;
  return out;
};

/** Loads the page (goto or reload) and measures it: {board, engine, toEngine, bytes, wasm}. */
async function load(page, tally, go) {
  const bytes0 = tally.bytes();
  const wasm0 = tally.wasm.length;
  await go();
  const board = Math.round(await when(page, boardDrawn));
  const engine = Math.round(await when(page, engineReady));
  const toEngine = tally.bytes() - bytes0;
  await quiet(tally);
  return { board, engine, toEngine, bytes: tally.bytes() - bytes0, wasm: tally.wasm.slice(wasm0) };
}

/** Prove, Why? and a short estimate on the loaded page. */
async function flow(page) {
  await page.fill('#sfen', MINI_REACH);
  await page.click('#sfen-form button[type="submit"]');
  await page.waitForSelector('#diagnostics[data-sfen]');
  await page.click('#prove');
  await page.waitForSelector('#verdict[data-verdict="unreachable"]', { timeout: 120_000 });
  await page.click('#why');
  await page.waitForSelector('#certificate[data-stage]', { timeout: 120_000 });
  await page.click('#tab-estimate-button');
  await page.selectOption('#est-game', 'minishogi');
  await page.fill('#est-samples', '2000');
  await page.fill('#est-threads', '2');
  await page.click('#est-start');
  await page.waitForSelector('#est-status[data-state="finished"]', { timeout: 300_000 });
}

async function run(browser) {
  const site = await countingServer();
  const context = await browser.newContext({ viewport: { width: 1366, height: 768 } });
  try {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', THROTTLE);
    const first = await load(page, site.tally, () => page.goto(site.url, { waitUntil: 'commit' }));
    const wasmBefore = site.tally.wasm.length;
    await flow(page);
    await quiet(site.tally);
    const flowWasm = [...first.wasm, ...site.tally.wasm.slice(wasmBefore)];
    const again = await load(page, site.tally, () => page.reload({ waitUntil: 'commit' }));
    return {
      boardMs: first.board,
      engineMs: first.engine,
      firstVisitBytes: first.bytes,
      firstVisitBytesToEngine: first.toEngine,
      reloadBytes: again.bytes,
      reloadBoardMs: again.board,
      reloadEngineMs: again.engine,
      wasmDownloadsFirstLoad: downloads(flowWasm),
      wasmDownloadsReload: downloads(again.wasm),
      // Requests that reached the server, revalidations (304) included: one per worker before the
      // module was shared.
      wasmRequestsFirstLoad: downloads(flowWasm, true),
      wasmRequestsReload: downloads(again.wasm, true),
      requests: site.tally.requests,
    };
  } finally {
    await context.close();
    site.server.close();
  }
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking',
    '--disable-component-update', '--disable-sync'],
});
const results = [];
try {
  for (let i = 0; i < Number(runs); i++) {
    const r = await run(browser);
    console.log(JSON.stringify(r));
    results.push(r);
  }
} finally {
  await browser.close();
}
const worst = (key) => Math.max(...results.flatMap((r) => Object.values(r[key])), 0);
const summary = {
  dir, runs: results.length, throttle: THROTTLE, chromium: browser.version(),
  boardMs: median(results.map((r) => r.boardMs)),
  engineMs: median(results.map((r) => r.engineMs)),
  firstVisitBytes: median(results.map((r) => r.firstVisitBytes)),
  reloadBytes: median(results.map((r) => r.reloadBytes)),
  maxWasmDownloadsPerLoad: Math.max(worst('wasmDownloadsFirstLoad'), worst('wasmDownloadsReload')),
};
console.log(
  `board ${summary.boardMs} ms (goal 2000), engine ready ${summary.engineMs} ms (goal 5000), first visit ` +
    `${(summary.firstVisitBytes / 1e6).toFixed(2)} MB (goal 1.2), reload ${(summary.reloadBytes / 1e3).toFixed(1)} kB ` +
    `(goal 50), each wasm downloaded at most ${summary.maxWasmDownloadsPerLoad} times per page load (goal 1)`,
);
if (jsonFile) writeFileSync(jsonFile, `${JSON.stringify({ summary, results }, null, 2)}\n`);
