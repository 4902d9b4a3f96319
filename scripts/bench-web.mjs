// `npm run bench:web`: Mini Shogi estimate throughput of the WebAssembly engine in Chromium against the
// native CLI on the same samples (seed, count), and the browser's speed-up from 1 to N threads.
// Goals: WebAssembly within 1.5x of native per thread; N threads at least 0.8·N times one thread.
// The machine may be shared: every configuration runs REPEAT times, interleaved, and the best run counts.
// Usage: node scripts/bench-web.mjs [SAMPLES] [REPEAT]   (needs `npm run build` and `cargo build --release`)
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { serve } from './serve.mjs';

const ROOT = new URL('..', import.meta.url).pathname;
const SAMPLES = Number(process.argv[2] ?? 500000);
const REPEAT = Number(process.argv[3] ?? 3);
const SEED = 20261122;
const N = cpus().length;

function native(threads) {
  const t0 = process.hrtime.bigint();
  const out = execFileSync(join(ROOT, 'target/release/shogi-reach'), [
    'estimate', '--game', 'minishogi', '--samples', SAMPLES, '--seed', SEED, '--threads', threads, '--json',
  ]);
  const seconds = Number(process.hrtime.bigint() - t0) / 1e9;
  return { rate: SAMPLES / seconds, funnel: JSON.parse(out).funnel.map(([, n]) => n) };
}

async function browserRun(browser, url, threads) {
  const page = await browser.newPage();
  await page.goto(`${url}?tab=estimate`);
  await page.waitForSelector('#engine-status[data-state="ready"]');
  await page.selectOption('#est-game', 'minishogi');
  await page.fill('#est-samples', String(SAMPLES));
  await page.fill('#est-seed', String(SEED));
  await page.fill('#est-threads', String(threads));
  // Warm-up: the first run also starts the workers and compiles the module.
  await page.fill('#est-samples', '2000');
  await page.click('#est-start');
  await page.waitForSelector('#est-status[data-state="finished"]', { timeout: 600_000 });
  await page.fill('#est-samples', String(SAMPLES));
  await page.click('#est-start');
  await page.waitForSelector('#est-status[data-state="finished"]', { timeout: 600_000 });
  const rate = Number(await page.getAttribute('#est-status', 'data-rate'));
  const funnel = await page.$$eval('#funnel tbody tr', (rows) => rows.map((r) => Number(r.dataset.count)));
  await page.close();
  return { rate, funnel };
}

const isolated = await serve(join(ROOT, 'dist'), { port: 0, coi: true });
const plain = await serve(join(ROOT, 'dist'), { port: 0, coi: false });
const profile = mkdtempSync(join(tmpdir(), 'shogi-reach-bench-'));
const browser = await chromium.launchPersistentContext(profile, {
  executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium',
  headless: true,
  args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking',
    '--disable-component-update', '--disable-sync'],
});

const configs = [
  ['native CLI', 1, () => native(1)],
  ['native CLI', N, () => native(N)],
  ['wasm, threaded (rayon)', 1, () => browserRun(browser, isolated.url, 1)],
  ['wasm, threaded (rayon)', N, () => browserRun(browser, isolated.url, N)],
  ['wasm, plain worker pool', 1, () => browserRun(browser, plain.url, 1)],
  ['wasm, plain worker pool', N, () => browserRun(browser, plain.url, N)],
];
const best = new Map();
let reference = null;
for (let r = 0; r < REPEAT; r++) {
  for (const [name, threads, run] of configs) {
    const { rate, funnel } = await run();
    reference ??= JSON.stringify(funnel);
    if (JSON.stringify(funnel) !== reference) throw new Error(`${name} x${threads}: counts differ from the native run`);
    const key = `${name}|${threads}`;
    best.set(key, Math.max(best.get(key) ?? 0, rate));
  }
}
await browser.close();
isolated.server.close();
plain.server.close();
rmSync(profile, { recursive: true, force: true });

const rate = (name, t) => best.get(`${name}|${t}`);
console.log(`Mini Shogi, ${SAMPLES} samples of seed ${SEED}, best of ${REPEAT}; ${N} cores; the same counts everywhere\n`);
console.log('| engine | threads | samples/s | per thread vs native |');
console.log('|---|---|---|---|');
for (const [name, threads] of configs) {
  const perThread = rate(name, threads) / threads / (rate('native CLI', threads) / threads);
  console.log(`| ${name} | ${threads} | ${Math.round(rate(name, threads))} | ${perThread.toFixed(2)} |`);
}
console.log('\n| engine | speed-up 1 → N threads | goal ≥ 0.8·N |');
console.log('|---|---|---|');
for (const name of ['native CLI', 'wasm, threaded (rayon)', 'wasm, plain worker pool']) {
  const s = rate(name, N) / rate(name, 1);
  console.log(`| ${name} | ${s.toFixed(2)}× | ${(0.8 * N).toFixed(1)}× |`);
}
const slowdown = rate('native CLI', 1) / rate('wasm, threaded (rayon)', 1);
console.log(`\nnative / wasm per thread: ${slowdown.toFixed(2)}× (goal ≤ 1.5×)`);
