// The Estimate tab's runs, each compared with the CLI's estimate of the same samples:
// - `resumed`: a Mini Shogi run on one thread reloaded mid-way is verified (its saved blocks recomputed),
//   offered with its saved part shown, resumed, and ends with the CLI's tables;
// - `savedRunRefused`: a run forged in IndexedDB (a block's tally and the total edited consistently) is not
//   looked at on the Position tab, whose game menu works at once, and is refused, naming its samples, when
//   the Estimate tab opens: nothing of it shown, planned from or downloadable; discarded;
// - `shardsRefused`: shard files, one forged consistently, one without blocks, are refused naming the file
//   and block; the genuine ones merge with every block verified, into the CLI's tables.
// Written once and run in Chromium (tests/estimate-runs.test.mjs) and Firefox
// (tests/firefox-runs.test.mjs), in English (the refusal in Japanese too in Chromium).
import assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { cli, firstCount, putSavedRun, shownTables, tablesOf } from '../site.mjs';

/** The CLI's Mini Shogi estimate (`estimate --json`), with more arguments. */
export const estimateJson = (samples, seed, ...more) =>
  JSON.parse(cli('estimate', '--game', 'minishogi', '--samples', String(samples), '--seed', String(seed), '--json', ...more));

/** The verification list: [{file, state, done, total, text}]. */
export const verifyList = (page) => page.evaluate(() => [...document.querySelectorAll('#est-verify-list li')].map((li) => {
  const d = /** @type {HTMLElement} */ (li).dataset;
  return { file: d.file, state: d.state, done: Number(d.done), total: Number(d.total), text: li.textContent };
}));
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** Reloads the page and waits for its engine. */
async function reload(ui) {
  // Font files load as text needs them (the gallery's pieces): a reload would abort those still on their
  // way, which Firefox logs as errors.
  await ui.page.evaluate(() => document.fonts.ready);
  await ui.page.reload();
  await ui.waitFor('#engine-status[data-state="ready"]');
}

/** Fills the Estimate tab's form (Mini Shogi) and starts the run. */
export async function startRun(ui, { samples, seed, shard = '0/1', threads = 2 }) {
  await ui.select('#est-game', 'minishogi');
  for (const [field, value] of [['#est-samples', samples], ['#est-seed', seed], ['#est-threads', threads], ['#est-shard', shard]]) {
    await ui.fill(field, String(value));
  }
  await ui.click('#est-start');
}

/** The scenario `resumed`, on the Estimate tab of a fresh page; `offered()` runs while the saved run is
 * offered. Returns the CLI's report. */
export async function resumed(ui, offered = async () => {}) {
  // Long enough to be reloaded mid-way on one thread: four blocks, saved once the first is done (a block
  // takes about a second; the worker rebuilds its report at most once a second).
  const samples = 4 * 65536;
  const seed = 31;
  await startRun(ui, { samples, seed, threads: 1 });
  await ui.waitUntil(() => Number(document.getElementById('est-status').dataset.saved) > 0, undefined, 60_000);
  assert.notEqual(await ui.attr('#est-status', 'data-state'), 'finished', 'reloaded before the end');
  await reload(ui);
  // Verified first (K of its blocks recomputed), then offered.
  await ui.waitUntil(() => document.getElementById('est-saved-note')?.dataset.state === 'offer', undefined, 60_000);
  const offer = await ui.text('#est-saved-resume');
  const [, done, total] = /^Resume the saved run \(([\d,]+) of ([\d,]+) samples\)$/.exec(offer) ?? [];
  assert.equal(total, '262,144', offer);
  const before = Number(done.replaceAll(',', ''));
  assert.ok(before > 0 && before < samples, offer);
  // The saved part is shown at once.
  assert.equal((await shownTables(ui.page)).funnel[0], before);
  await offered();
  await ui.click('#est-saved-resume');
  await ui.waitFor('#est-status[data-state="finished"]', 300_000);
  const want = estimateJson(samples, seed);
  assert.deepEqual(await shownTables(ui.page), tablesOf(want));
  // It was verified when loaded: every saved block recomputed (all of them, up to 100 blocks); "1/1 block"
  // when the machine was slow enough that the first save held one block.
  const [item] = await verifyList(ui.page);
  assert.equal(item.state, 'verified');
  const [, verified, blocks, unit] = item.text.match(/^the saved run: verified (\d+)\/(\d+) (blocks?)$/) ?? [];
  assert.ok(verified && verified === blocks, item.text);
  assert.equal(unit, verified === '1' ? 'block' : 'blocks', item.text);
  return want;
}

const REFUSED = {
  en: (from, to) => `The saved run is refused: its samples ${from}..${to} recomputed give another tally than the one saved. Discard it to start afresh.`,
  ja: (from, to) => `保存した実行は使えません：標本 ${from}..${to} を計算し直すと、保存された集計と一致しません。破棄してやり直してください。`,
};
const REFUSED_ITEM = {
  en: (from, to) => `the saved run: samples ${from}..${to} recomputed give another tally than the one recorded`,
  ja: (from, to) => `保存した実行：標本 ${from}..${to} を計算し直すと`,
};

/**
 * The scenario `savedRunRefused` in `lang`, on the Position tab of a page at `?game=minishogi`: `record` (as
 * run-store.js keeps a run) has its samples `from`..`to` forged; `refused()` runs while it is refused.
 */
export async function savedRunRefused(ui, lang, { record, from, to }, refused = async () => {}) {
  await putSavedRun(ui.page, record);
  await reload(ui);
  assert.equal(await ui.read('#game', (e) => /** @type {HTMLSelectElement} */ (e).disabled), false, 'the game menu is usable at once');
  await sleep(1000);
  assert.equal(await ui.drawn('#est-saved'), false, 'not looked at before the Estimate tab is shown');
  assert.equal(await ui.attr('#est-saved-note', 'data-state'), null, 'nothing checked on the Position tab');
  await ui.click('#tab-estimate-button');
  await ui.waitFor('#est-saved-note[data-state="forged"]', 60_000);
  assert.equal(await ui.text('#est-saved-note'), REFUSED[lang](from, to));
  assert.equal(await ui.drawn('#est-saved-resume'), false);
  assert.notEqual(await ui.attr('#est-status', 'data-state'), 'progress', 'nothing ran');
  // Nothing of it is shown, planned from or can be downloaded.
  assert.equal(await firstCount(ui.page), '', 'no counts shown');
  assert.equal(await ui.count('#est-result p.estimate'), 0, 'no estimate shown');
  assert.equal(await ui.text('#est-plan'), '', 'nor planned from');
  assert.equal(await ui.read('#est-download', (e) => /** @type {HTMLButtonElement} */ (e).disabled), true);
  const [item] = await verifyList(ui.page);
  assert.ok(item.text.startsWith(REFUSED_ITEM[lang](from, to)), item.text);
  await refused();
  await ui.click('#est-saved-discard');
  await ui.waitUntil(() => document.getElementById('est-saved').hidden);
}

/** Moves `n` samples of block `b` (and of the total) from the stage `from` to OK: a consistent forgery. */
export function forge(report, b, n, from = 'king') {
  const r = structuredClone(report);
  for (const tally of [r.blocks[b].tally, r.tally]) {
    tally.stages[from] -= n;
    tally.stages.OK += n;
  }
  return r;
}

// Mini Shogi, seed 5, 200 000 samples: shard 0/2 is samples 0..100000, two blocks (0..65536, 65536..100000).
export const SHARDS = { samples: 200_000, seed: 5 };

/** The shard files of `shardsRefused`, written into `dir`: {genuine0, genuine1, forged, noBlocks, report0}. */
export function shardFiles(dir) {
  const [genuine0, genuine1, forged, noBlocks] = ['genuine-0', 'genuine-1', 'forged', 'no-blocks'].map((f) => join(dir, `${f}.json`));
  for (const [k, file] of [genuine0, genuine1].entries()) writeFileSync(file, cli('estimate', '--game', 'minishogi', '--samples', String(SHARDS.samples), '--seed', String(SHARDS.seed), '--shard', `${k}/2`, '--json'));
  const report0 = JSON.parse(readFileSync(genuine0, 'utf8'));
  // 1 000 samples of the second block moved from `king` to OK, in the block and in the total: the file is
  // consistent (merge --verify 0 takes it), and it claims 1 000 more reachable samples.
  writeFileSync(forged, JSON.stringify(forge(report0, 1, 1000)));
  const stripped = structuredClone(report0);
  delete stripped.blocks;
  writeFileSync(noBlocks, JSON.stringify(stripped));
  return { genuine0, genuine1, forged, noBlocks, report0 };
}

/** Chooses shard files (paths) to merge; resolves once the merge is shown or refused: {state, text}. */
export async function mergeFiles(ui, ...files) {
  await ui.page.evaluate(() => (document.getElementById('est-merge-status').dataset.state = ''));
  await ui.upload('#est-merge-files', ...files);
  await ui.waitFor('#est-merge-status[data-state="merged"], #est-merge-status[data-state="error"]', 120_000);
  return { state: await ui.attr('#est-merge-status', 'data-state'), text: await ui.text('#est-merge-status') };
}

/** Records every state and text `selector` takes from now on (window.__seen). */
export const watch = (page, selector) => page.evaluate((selector) => {
  window.__seen = [];
  const el = document.querySelector(selector);
  new MutationObserver(() => window.__seen.push(`${el.dataset.state}: ${el.textContent}`))
    .observe(el, { attributes: true, childList: true, characterData: true, subtree: true });
}, selector);

/** The scenario `shardsRefused` with the files of `shardFiles`, on the Estimate tab in English, its tables
 * empty; `shot(name)` may keep a picture of the page (a forged file refused, the files merged). Returns the
 * CLI's report of the whole run. */
export async function shardsRefused(ui, { genuine0, genuine1, forged, noBlocks }, shot = async () => {}) {
  const want = estimateJson(SHARDS.samples, SHARDS.seed);
  await watch(ui.page, '#est-merge-status');
  let got = await mergeFiles(ui, genuine1, forged);
  assert.equal(got.state, 'error', got.text);
  assert.match(got.text, /^The shard files do not merge: forged\.json: samples 65536\.\.100000 recomputed give another tally than the one recorded: refused as forged$/);
  assert.ok((await ui.page.evaluate(() => window.__seen)).some((s) => /^verifying: Checking 2 shard files/.test(s)), 'it said it was verifying');
  let list = await verifyList(ui.page);
  // (Shard 1/2, samples 100000..200000, meets three blocks.)
  assert.deepEqual(list.map((f) => [f.file, f.total]), [['genuine-1.json', 3], ['forged.json', 2]], 'K = every block');
  assert.equal(list[1].state, 'forged');
  assert.equal(await firstCount(ui.page), '', 'nothing of the forged file is shown');
  assert.equal(await ui.read('#est-download', (e) => /** @type {HTMLButtonElement} */ (e).disabled), true);
  await shot('verify-forged-en.png');
  // A file without per-block tallies cannot be verified: refused by the engine's check.
  got = await mergeFiles(ui, noBlocks, genuine1);
  assert.equal(got.state, 'error');
  assert.match(got.text, /no-blocks\.json: no per-block tallies/);
  assert.equal(await firstCount(ui.page), '');
  // The genuine files: every block recomputed agrees, and the merge is one run's report.
  got = await mergeFiles(ui, genuine0, genuine1);
  assert.equal(got.state, 'merged', got.text);
  assert.match(got.text, /^Merged 2 shard files: 200,000 of 200,000 samples/);
  list = await verifyList(ui.page);
  assert.deepEqual(list.map((f) => [f.file, f.state, f.done, f.total, f.text]), [
    ['genuine-0.json', 'verified', 2, 2, 'genuine-0.json: verified 2/2 blocks'],
    ['genuine-1.json', 'verified', 3, 3, 'genuine-1.json: verified 3/3 blocks'],
  ]);
  assert.match(await ui.text('#est-verify'), /a file with 1 % of its blocks forged is caught with a chance of at least 99 %/);
  assert.deepEqual(await shownTables(ui.page), tablesOf(want));
  await shot('verify-merged-en.png');
  return want;
}
