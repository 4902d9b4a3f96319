// Real-browser tests (Chromium, playwright-core) of the Estimate tab's runs and shards: a run saved as it
// goes and resumed after a reload, shards run in the page and downloaded as the CLI's JSON reports, shard
// files (the page's and the CLI's) merged in the page and by `shogi-reach merge` (with --verify), and the
// precision planner; files and saved runs that lie (forged blocks caught by recomputing blocks at random,
// derived figures recomputed, malformed records offered for discard, files too large refused unread). The
// resumed run, the forged saved run and the forged shard file are scenarios of tests/scenarios/runs.mjs,
// which Firefox runs too.
// Results are compared with the native CLI ($SHOGI_REACH_CLI, else target/release/shogi-reach). A failing
// test leaves a screenshot in test-results/ (and some take screenshots to look at).
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, truncateSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { serve } from '../scripts/serve.mjs';
import { axeViolations, CHROMIUM, cli, CLI, countReads, firstCount, putSavedRun, ROOT, runOnPage, shownTables, SHOTS, tablesOf } from './site.mjs';
import { fits } from './scenarios/phone.mjs';
import {
  estimateJson, forge, mergeFiles, resumed, savedRunRefused, SHARDS, shardFiles, shardsRefused,
  startRun, verifyList, watch,
} from './scenarios/runs.mjs';
import { driver } from './scenarios/ui.mjs';
import { pickBlocks, sameTally } from '../www/js/estimate/verify.js';


let browser, profile, isolated, plain, dir;

before(async () => {
  isolated = await serve(join(ROOT, 'dist'), { port: 0, coi: true });
  plain = await serve(join(ROOT, 'dist'), { port: 0, coi: false });
  profile = mkdtempSync(join(tmpdir(), 'shogi-reach-chromium-'));
  dir = mkdtempSync(join(tmpdir(), 'shogi-reach-shards-'));
  browser = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    headless: true,
    acceptDownloads: true,
    serviceWorkers: 'block',
    viewport: { width: 1280, height: 1000 },
    args: [
      '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking',
      '--disable-component-update', '--disable-sync',
    ],
  });
});

after(async () => {
  await browser?.close();
  isolated?.server.close();
  plain?.server.close();
  for (const d of [profile, dir]) if (d) rmSync(d, { recursive: true, force: true });
});

/** Runs `body(page)` on a fresh page at `path` (see `runOnPage`). */
const onPage = async (t, path, body, { coi = true } = {}) =>
  runOnPage(await browser.newPage(), (coi ? isolated : plain).url + path, `runs-${t.name}`, body);

/** At a phone's 360 px, nothing is wider than the screen. */
async function fits360(page, what) {
  const ui = driver(page);
  await ui.viewport(360, 780);
  try {
    await fits(ui, 360, what);
  } finally {
    await ui.viewport(1280, 1000);
  }
}

/** Once the Estimate tab's saved run is loaded and its check has settled (whatever it found). */
const savedRunSettled = (page) =>
  page.waitForSelector('#est-saved-note[data-state]:not([data-state="verifying"])', { state: 'attached', timeout: 60_000 });

/** After a reload, nothing saved is offered (on the Estimate tab, where it is loaded): the run stays gone. */
async function expectDiscarded(page) {
  await page.reload();
  await page.waitForSelector('#engine-status[data-state="ready"]', { timeout: 30_000 });
  await page.click('#tab-estimate-button');
  await savedRunSettled(page);
  assert.equal(await page.isHidden('#est-saved'), true, 'discarded');
  assert.equal(await firstCount(page), '', 'nothing shown');
}

/** Downloads the report shown (the Download button) into `dir` as `name`; returns its path. */
async function download(page, name) {
  const [file] = await Promise.all([page.waitForEvent('download'), page.click('#est-download')]);
  const path = join(dir, name);
  await file.saveAs(path);
  return path;
}

/** A wait for the count of the funnel's first row to become `count` ('' while the tables are empty). */
const untilFirstCount = (page, count) => page.waitForFunction(
  (want) => (document.querySelector('#funnel tbody tr')?.dataset.count ?? '') === want, String(count));

/**
 * A report without what differs between runs of the same samples: its provenance (program, machine, time),
 * a merged report's shards (the files with their provenance) and a checkpoint's signature.
 */
const counts = ({ provenance, shards, signature, ...rest }) => rest;

describe('resumable runs', () => {
  test('a run reloaded mid-way offers to resume, ends with the CLI report, and its result stays until cleared', async (t) => {
    await onPage(t, '?game=minishogi&tab=estimate', async (page) => {
      const want = await resumed(driver(page), async () => {
        assert.deepEqual(await axeViolations(page), [], 'axe, a saved run offered');
        await fits360(page, 'a saved run offered');
      });
      // The report downloaded is the CLI's, per-block tallies included.
      const file = await download(page, 'resumed.json');
      assert.deepEqual(counts(JSON.parse(readFileSync(file, 'utf8'))), counts(want));
      // A finished result stays, also after a reload, until it is cleared.
      await page.reload();
      await page.waitForSelector('#est-status[data-state="finished"]');
      assert.equal(await page.isHidden('#est-saved'), true);
      assert.deepEqual(await shownTables(page), tablesOf(want));
      await page.click('#est-clear');
      // Clearing deletes the saved run first (IndexedDB), then empties the tables: wait for it.
      await untilFirstCount(page, '');
      assert.equal(await firstCount(page), '');
      await page.reload();
      await page.waitForSelector('#engine-status[data-state="ready"]');
      await savedRunSettled(page);
      assert.equal(await firstCount(page), '');
      assert.equal(await page.isDisabled('#est-download'), true);
    });
  });

  test('a saved result shows in its own game only: switching games, or a reload in the other game, leaves the tables empty', async (t) => {
    const samples = 20000;
    const seed = 7;
    const want = tablesOf(estimateJson(samples, seed));
    await onPage(t, '?game=minishogi&tab=estimate', async (page) => {
      await startRun(driver(page), { samples, seed });
      await page.waitForSelector('#est-status[data-state="finished"]', { timeout: 60_000 });
      assert.deepEqual(await shownTables(page), want);
      await page.selectOption('#est-game', 'shogi');
      await page.waitForTimeout(500);
      assert.equal(await firstCount(page), '', 'Shogi shows no Mini Shogi counts');
      assert.equal(await page.isDisabled('#est-download'), true);
      // Back in Mini Shogi, the saved result shows again.
      await page.selectOption('#est-game', 'minishogi');
      await untilFirstCount(page, samples);
      assert.deepEqual(await shownTables(page), want);
      // As after a reload: the result saved, not a run with a rate.
      assert.equal(await page.textContent('#est-status'), 'saved in this browser: 20,000 of 20,000 samples');
      await page.goto(`${isolated.url}?game=shogi&tab=estimate`);
      await page.waitForSelector('#engine-status[data-state="ready"]', { timeout: 30_000 });
      await savedRunSettled(page);
      assert.equal(await firstCount(page), '', 'a reload in Shogi shows no Mini Shogi counts');
      assert.equal(await page.isHidden('#est-saved'), true, 'a finished run offers no resume');
      await page.selectOption('#est-game', 'minishogi');
      await untilFirstCount(page, samples);
      assert.equal(await page.getAttribute('#est-status', 'data-state'), 'finished');
      await page.click('#est-clear');
      await untilFirstCount(page, '');
    });
  });
});

describe('shards', () => {
  const samples = 40000;
  const seed = 5;
  let shard0, shard1;

  test('shards 0/2 and 1/2 run in the page are the CLI shards; merged by the CLI they equal one run; merge --verify checks them', async (t) => {
    await onPage(t, '?game=minishogi&tab=estimate', async (page) => {
      for (const k of [0, 1]) {
        await startRun(driver(page), { samples, seed, shard: `${k}/2` });
        await page.waitForSelector('#est-status[data-state="finished"]', { timeout: 120_000 });
        const file = await download(page, `browser-${k}.json`);
        const report = JSON.parse(readFileSync(file, 'utf8'));
        assert.deepEqual(counts(report), counts(estimateJson(samples, seed, '--shard', `${k}/2`)));
        assert.equal(report.provenance.profile, 'wasm');
        if (k === 0) shard0 = file;
        else shard1 = file;
      }
    });
    // Without cross-origin isolation (a pool of plain workers, chunks finishing out of order): the same file.
    await onPage(t, '?game=minishogi&tab=estimate', async (page) => {
      await startRun(driver(page), { samples, seed, shard: '1/2', threads: 3 });
      await page.waitForSelector('#est-status[data-state="finished"]', { timeout: 120_000 });
      assert.match(await page.textContent('#est-status'), /3 workers/);
      const file = await download(page, 'plain-1.json');
      const [plain, isolated] = [file, shard1].map((f) => JSON.parse(readFileSync(f, 'utf8')));
      assert.deepEqual(counts(plain), counts(isolated));
      assert.equal(plain.provenance.threads, 3);
    }, { coi: false });
    const merged = JSON.parse(cli('merge', '--json', shard0, shard1));
    assert.deepEqual(counts(merged), counts(estimateJson(samples, seed)));
    assert.deepEqual(merged.shards.map((s) => s.provenance.program), ['shogi-reach-wasm', 'shogi-reach-wasm']);
    const verified = spawnSync(CLI, ['merge', '--verify', '3', shard0, shard1], { encoding: 'utf8' });
    assert.equal(verified.status, 0, verified.stderr);
    assert.match(verified.stderr, /verified \d+ blocks of 2 shards: all agree/);
    // One block altered (and the total with it, so the file is consistent): verify catches it.
    const altered = JSON.parse(readFileSync(shard0, 'utf8'));
    for (const tally of [altered.blocks[0].tally, altered.tally]) {
      tally.stages.flip -= 1;
      tally.stages.piece += 1;
    }
    const bad = join(dir, 'altered.json');
    writeFileSync(bad, JSON.stringify(altered));
    // Its totals agree, so only recomputing its blocks catches it: merge does by default (`auto`: all of so
    // few blocks), and `--verify 0` shows what was caught.
    assert.equal(spawnSync(CLI, ['merge', '--verify', '0', shard1, bad], { encoding: 'utf8' }).status, 0, 'a consistent file merges unverified');
    const caught = spawnSync(CLI, ['merge', shard1, bad], { encoding: 'utf8' });
    assert.notEqual(caught.status, 0);
    assert.match(caught.stderr, /altered\.json: samples 0\.\.\d+ recomputed give another tally/);
  });

  test('the page merges a browser shard with a CLI shard, shows the counts of one run, rejects bad shard files by name, and plans', async (t) => {
    assert.ok(shard0, 'the shards of the test before');
    const cliShard1 = join(dir, 'cli-1.json');
    writeFileSync(cliShard1, cli('estimate', '--game', 'minishogi', '--samples', String(samples), '--seed', String(seed), '--shard', '1/2', '--json'));
    const otherSeed = join(dir, 'other-seed.json');
    writeFileSync(otherSeed, cli('estimate', '--game', 'minishogi', '--samples', String(samples), '--seed', '6', '--shard', '1/2', '--json'));
    const otherSamples = join(dir, 'other-samples.json');
    writeFileSync(otherSamples, cli('estimate', '--game', 'minishogi', '--samples', '30000', '--seed', String(seed), '--shard', '1/2', '--json'));
    const corrupt = join(dir, 'corrupt.json');
    writeFileSync(corrupt, readFileSync(shard0, 'utf8').slice(0, 200));
    const want = estimateJson(samples, seed);
    await onPage(t, '?game=minishogi&tab=estimate', async (page) => {
      const merge = async (...files) => {
        await page.evaluate(() => (document.getElementById('est-merge-status').dataset.state = ''));
        await page.setInputFiles('#est-merge-files', files);
        await page.waitForSelector('#est-merge-status[data-state="merged"], #est-merge-status[data-state="error"]');
        return { state: await page.getAttribute('#est-merge-status', 'data-state'), text: await page.textContent('#est-merge-status') };
      };
      let got = await merge(shard0, cliShard1);
      assert.equal(got.state, 'merged', got.text);
      assert.match(got.text, /Merged 2 shard files: 40,000 of 40,000 samples/);
      assert.deepEqual(await shownTables(page), tablesOf(want));
      // The merged report downloads as the CLI's merge writes it.
      const merged = await download(page, 'merged.json');
      assert.deepEqual(counts(JSON.parse(readFileSync(merged, 'utf8'))), counts(JSON.parse(cli('merge', '--json', shard0, cliShard1))));
      // The planner: the samples for D digits from this p, as the CLI's --target-digits plans them.
      for (const digits of [3, 2]) {
        await page.fill('#est-digits', String(digits));
        const plan = estimateJson(samples, seed, '--target-digits', String(digits)).plan;
        await page.waitForFunction((n) => document.getElementById('est-plan').dataset.samples === String(n), plan.samples_needed);
        assert.match(await page.textContent('#est-plan'), new RegExp(`^${digits} significant digits need about ${plan.samples_needed.toLocaleString('en')} samples \\(40,000 done\\)`));
      }
      // Bad shard files are refused with the name of the file and what is wrong.
      got = await merge(shard0, shard0);
      assert.equal(got.state, 'error');
      assert.match(got.text, /browser-0\.json: samples \[0, 20000\] overlap samples \[0, 20000\] of browser-0\.json/);
      got = await merge(shard0, otherSeed);
      assert.match(got.text, /other-seed\.json: seed 6, the first shard's is 5/);
      got = await merge(shard0, otherSamples);
      assert.match(got.text, /other-samples\.json: a run of 30000 samples, the first shard's has 40000/);
      got = await merge(shard0, corrupt);
      assert.match(got.text, /corrupt\.json: not an estimate --json result/);
      // The tables still show the last good merge.
      assert.deepEqual(await shownTables(page), tablesOf(want));
      assert.deepEqual(await axeViolations(page), [], 'axe, a merge refused, a plan shown');
      await fits360(page, 'a merge refused, a plan shown');
    });
  });
});

test('blocks to verify are drawn without repetition, and tallies compare field by field', () => {
  for (const [n, k] of [[0, 0], [1, 1], [5, 5], [1000, 368], [2 ** 20, 459]]) {
    const picks = pickBlocks(n, k);
    assert.equal(new Set(picks).size, k, `${k} of ${n} distinct`);
    assert.ok(picks.every((i, j) => Number.isInteger(i) && i >= 0 && i < n && (j === 0 || picks[j - 1] < i)), `${k} of ${n} in order`);
  }
  // Every block is drawn about as often (a uniform draw): 3 of 6, 6 000 times, each about 3 000 times.
  const seen = new Array(6).fill(0);
  for (let i = 0; i < 6000; i++) for (const b of pickBlocks(6, 3)) seen[b] += 1;
  assert.ok(seen.every((c) => c > 2700 && c < 3300), JSON.stringify(seen));
  assert.throws(() => pickBlocks(3, 4));
  const tally = { samples: 3, stages: { flip: 1, OK: 2 }, traced_back: [], reachable_pops: 5 };
  assert.ok(sameTally(tally, { reachable_pops: 5, traced_back: [], stages: { OK: 2, flip: 1 }, samples: 3 }));
  assert.ok(!sameTally(tally, { ...tally, stages: { flip: 0, OK: 3 } }));
  assert.ok(!sameTally(tally, { ...tally, traced_back: [0] }));
});

describe('files and records that lie', () => {
  const { samples, seed } = SHARDS;
  let files, genuine0, genuine1, forged, report0;

  before(() => {
    files = shardFiles(dir);
    ({ genuine0, genuine1, forged, report0 } = files);
    assert.equal(spawnSync(CLI, ['merge', '--verify', '0', forged, genuine1], { encoding: 'utf8' }).status, 0, 'the forged file is consistent');
  });

  test('a shard file forged consistently is refused naming its block; one without blocks is refused; genuine ones merge verified k/K', async (t) => {
    await onPage(t, '?game=minishogi&tab=estimate&lang=en', async (page) => {
      // (A result the tests before saved goes first, once its check has settled.)
      await savedRunSettled(page);
      if (await page.isEnabled('#est-clear')) await page.click('#est-clear');
      await untilFirstCount(page, '');
      const want = await shardsRefused(driver(page), files, (name) => page.screenshot({ path: join(SHOTS, name), fullPage: true }));
      const file = await download(page, 'merged-verified.json');
      assert.deepEqual(counts(JSON.parse(readFileSync(file, 'utf8'))), counts(want));
      assert.deepEqual(await axeViolations(page), [], 'axe, shard files verified');
      await fits360(page, 'shard files verified');
    });
  });

  test('in Japanese, on a phone: blocks verified, a forged file refused, verification stopped', async (t) => {
    // Ten blocks, enough to stop the verification part way.
    const long = join(dir, 'long.json');
    writeFileSync(long, cli('estimate', '--game', 'minishogi', '--samples', '600000', '--seed', '9', '--json'));
    await onPage(t, '?game=minishogi&tab=estimate&lang=ja', async (page) => {
      await page.setViewportSize({ width: 360, height: 780 });
      await watch(page, '#est-merge-status');
      let got = await mergeFiles(driver(page), forged, genuine1);
      assert.match(got.text, /^シャードのファイルを統合できません：forged\.json：標本 65536\.\.100000 を計算し直すと、記録された集計と一致しません。偽造されたものとして受け付けません$/);
      assert.ok((await page.evaluate(() => window.__seen)).some((s) => /^verifying: シャードのファイル2個を検証しています/.test(s)));
      got = await mergeFiles(driver(page), genuine0, genuine1);
      assert.equal(got.state, 'merged', got.text);
      assert.deepEqual((await verifyList(page)).map((f) => f.text), ['genuine-0.json：2 個中 2 ブロックを検証済み', 'genuine-1.json：3 個中 3 ブロックを検証済み']);
      assert.match(await page.textContent('#est-verify'), /ブロックの 1 % が偽造されたファイルを 99 % 以上の確率で見破れる数です/);
      const wide = await page.evaluate(() => document.documentElement.scrollWidth);
      assert.ok(wide <= 360, `${wide} px wide at 360 px`);
      await page.screenshot({ path: join(SHOTS, 'verify-merged-ja-360.png'), fullPage: true });
      // Stop during the verification of ten blocks: nothing is merged, the list says where it stopped.
      await page.evaluate(() => (document.getElementById('est-merge-status').dataset.state = ''));
      await page.setInputFiles('#est-merge-files', long);
      await page.waitForFunction(() => Number(document.querySelector('#est-verify-list li')?.dataset.done) >= 1, null, { timeout: 60_000 });
      assert.equal(await page.getAttribute('#est-merge-status', 'data-state'), 'verifying');
      assert.equal(await page.isDisabled('#est-start'), true, 'no run starts while blocks are verified');
      await page.screenshot({ path: join(SHOTS, 'verify-progress-ja-360.png'), fullPage: true });
      await page.click('#est-stop');
      await page.waitForSelector('#est-merge-status[data-state="stopped"]', { timeout: 60_000 });
      assert.equal(await page.textContent('#est-merge-status'), '検証を中止しました：シャードのファイルは統合していません。');
      const [item] = await verifyList(page);
      assert.equal(item.state, 'stopped');
      assert.match(item.text, /^long\.json：10 個中 \d ブロックを検証したところで中止しました$/);
      assert.equal(await page.isDisabled('#est-start'), false, 'the page is free again');
      assert.deepEqual(await shownTables(page), tablesOf(estimateJson(samples, seed)), 'the last merge stays shown');
    });
  });

  test('a finished saved run with a forged estimate shows and downloads the figures recomputed from its blocks', async (t) => {
    const runSamples = 20000;
    const want = estimateJson(runSamples, 7);
    // As an earlier version stored it: the report's text, here with a forged p̂ and |R| (and plot and counts).
    const lying = structuredClone(want);
    Object.assign(lying.estimate, { p_hat: 0.999, reachable: 9.99e99, low: 9.98e99, high: 1e100 });
    lying.funnel = lying.funnel.map(([name]) => [name, 1132]);
    const record = {
      // A record of an earlier version: the report as text, the game under `variant`.
      variant: 'minishogi', seed: '7', samples: runSamples, shard: [0, 1], maxNodes: null, keep: 24,
      report: JSON.stringify(lying), examples: [], elapsed: 1.5, done: runSamples, total: runSamples, finished: true,
      points: [{ done: runSamples, reachable: 9.99e99, low: 9.98e99, high: 1e100 }],
    };
    await onPage(t, '?game=minishogi&tab=estimate&lang=en', async (page) => {
      await putSavedRun(page, record);
      await page.reload();
      await page.waitForSelector('#engine-status[data-state="ready"]', { timeout: 30_000 });
      await page.waitForSelector('#est-status[data-state="finished"]');
      const text = await page.textContent('#est-result');
      assert.doesNotMatch(text, /× 1099|9\.990/);
      assert.match(text, /2\.3\d\d × 1018/);
      assert.equal(await page.textContent('#est-result p.estimate sup'), '18', 'the power raised');
      assert.equal(await page.getAttribute('#est-result p.estimate', 'data-reachable'), String(want.tally.stages.OK));
      assert.deepEqual(await shownTables(page), tablesOf(want));
      assert.equal(await page.$eval('#plot', (svg) => [...svg.querySelectorAll('text')].some((e) => /× 1099/.test(e.textContent))), false, 'the plot is recomputed');
      const file = await download(page, 'restored.json');
      assert.deepEqual(counts(JSON.parse(readFileSync(file, 'utf8'))), counts(want));
      await page.click('#est-clear');
      await untilFirstCount(page, '');
    });
  });

  for (const lang of ['en', 'ja']) {
    test(`an unfinished saved run with a forged block is verified when the Estimate tab is first shown, and refused (${lang})`, async (t) => {
      // Samples 0..100000 of a run of 200 000 (shard 0/1) done, the second block forged in the saved blocks.
      const lying = forge(report0, 1, 1000);
      const record = {
        game: 'minishogi', seed: String(seed), samples, shard: [0, 1], maxNodes: null, keep: 24,
        blocks: lying.blocks, examples: [], elapsed: 2,
      };
      // Opened on the Position tab: nothing is checked until the Estimate tab is shown. (Its verifying state,
      // watched from the document's start: tests/browser/saved-run.test.mjs.)
      await onPage(t, `?game=minishogi&lang=${lang}`, async (page) => {
        await savedRunRefused(driver(page), lang, { record, from: 65536, to: 100000 }, async () => {
          if (lang !== 'en') return;
          assert.deepEqual(await axeViolations(page), [], 'axe, a forged saved run refused');
          await page.screenshot({ path: join(SHOTS, 'saved-forged-en.png'), fullPage: true });
          await fits360(page, 'a forged saved run refused');
        });
        await expectDiscarded(page);
      });
    });
  }

  // Records as a bug, an older version or another tab may leave them: each is offered for discard with a
  // message, and never throws on the page (runOnPage fails on any page error or console error).
  const malformed = {
    'report not JSON': [{ game: 'minishogi', seed: '5', samples: 1000, shard: [0, 1], report: '{not json', examples: [], elapsed: 1 },
      { en: /^The run saved in this browser cannot be used: the saved run: not an estimate --json result: .+\. Discard it to start afresh\.$/,
        ja: /^このブラウザに保存した実行は使えません：保存した実行：estimate --json の結果ではありません（.+）。破棄してやり直してください。$/ }],
    'shard not an array': [{ game: 'minishogi', seed: '5', samples: 1000, shard: '0/1', blocks: [], examples: [], elapsed: 1 },
      { en: /^The run saved in this browser cannot be used: its field "shard" is missing or malformed\./, ja: /^このブラウザに保存した実行は使えません：項目 "shard" がないか、正しくありません。/ }],
    'done: null': [{ game: 'minishogi', seed: '5', samples: 1000, shard: [0, 1], blocks: [], examples: [], elapsed: 1, done: null },
      { en: /its field "done" is missing or malformed/, ja: /項目 "done" がないか/ }],
    'a non-object record': ['a run', { en: /^The run saved in this browser cannot be used: it is not a record of a run\./, ja: /^このブラウザに保存した実行は使えません：実行の記録ではありません。/ }],
    'blocks outside the shard': [{ game: 'minishogi', seed: '5', samples: 200000, shard: [1, 2], blocks: null, examples: [], elapsed: 1 },
      { en: /its samples lie outside its shard 1\/2/, ja: /標本がシャード 1\/2 の範囲外にあります/ }],
  };
  for (const lang of ['en', 'ja']) {
    test(`malformed saved runs are offered for discard with a message, never a page error (${lang})`, async (t) => {
      malformed['blocks outside the shard'][0].blocks = report0.blocks;
      await onPage(t, `?game=minishogi&tab=estimate&lang=${lang}`, async (page) => {
        for (const [what, [record, message]] of Object.entries(malformed)) {
          await putSavedRun(page, record);
          await page.reload();
          await page.waitForSelector('#engine-status[data-state="ready"]', { timeout: 30_000 });
          await page.waitForSelector('#est-saved-note[data-state="invalid"]', { timeout: 30_000 });
          assert.match(await page.textContent('#est-saved-note'), message[lang], what);
          assert.equal(await page.isHidden('#est-saved-resume'), true, what);
          assert.equal(await page.isVisible('#est-saved-discard'), true, what);
          if (what === 'report not JSON' && lang === 'en') {
            assert.deepEqual(await axeViolations(page), [], 'axe, a malformed saved run');
            await page.screenshot({ path: join(SHOTS, `saved-invalid-${lang}.png`), fullPage: true });
            await fits360(page, 'a malformed saved run');
          }
          await page.click('#est-saved-discard');
          await page.waitForSelector('#est-saved', { state: 'hidden' });
        }
        await expectDiscarded(page);
        // The tab works: a run starts and finishes.
        await startRun(driver(page), { samples: 2000, seed: 3 });
        await page.waitForSelector('#est-status[data-state="finished"]', { timeout: 60_000 });
      });
    });
  }

  test('a 300 MiB shard file is refused by its size, unread', async (t) => {
    const big = join(dir, 'big.json');
    writeFileSync(big, '');
    truncateSync(big, 300 << 20); // sparse: nothing is written
    for (const lang of ['en', 'ja']) {
      await onPage(t, `?game=minishogi&tab=estimate&lang=${lang}`, async (page) => {
        await countReads(page);
        const since = Date.now();
        const got = await mergeFiles(driver(page), big, genuine1);
        assert.ok(Date.now() - since < 5000, `refused in ${Date.now() - since} ms`);
        assert.equal(got.state, 'error');
        assert.match(got.text, lang === 'en'
          ? /^The shard files do not merge: big\.json: a report file of 314572800 bytes: at most 67108864 \(64 MiB\) are read$/
          : /^シャードのファイルを統合できません：big\.json：レポートのファイルが大きすぎます：314,572,800バイト（読めるのは67,108,864バイト＝64 MiBまで）$/);
        assert.deepEqual(await page.evaluate(() => window.__reads), [], 'no file was read');
      });
    }
  });
});

