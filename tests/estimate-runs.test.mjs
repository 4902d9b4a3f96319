// Real-browser tests (Chromium, playwright-core) of the Estimate tab's runs and shards: a run saved as it
// goes and resumed after a reload, shards run in the page and downloaded as the CLI's JSON reports, shard
// files (the page's and the CLI's) merged in the page and by `shogi-reach merge` (with --verify), and the
// precision planner. Results are compared with the native CLI ($SHOGI_REACH_CLI, else
// target/release/shogi-reach). A failing test leaves a screenshot in test-results/.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { serve } from '../scripts/serve.mjs';
import { axeViolations, cli, CLI, ROOT, runOnPage } from './site.mjs';


let browser, profile, isolated, plain, dir;

before(async () => {
  isolated = await serve(join(ROOT, 'dist'), { port: 0, coi: true });
  plain = await serve(join(ROOT, 'dist'), { port: 0, coi: false });
  profile = mkdtempSync(join(tmpdir(), 'shogi-reach-chromium-'));
  dir = mkdtempSync(join(tmpdir(), 'shogi-reach-shards-'));
  browser = await chromium.launchPersistentContext(profile, {
    executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium',
    headless: true,
    acceptDownloads: true,
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
  await page.setViewportSize({ width: 360, height: 780 });
  const { scroll, wide } = await page.evaluate(() => ({
    scroll: document.documentElement.scrollWidth,
    wide: [...document.querySelectorAll('body *')]
      .filter((e) => e.getBoundingClientRect().right > document.documentElement.clientWidth + 0.5)
      .slice(0, 5).map((e) => `${e.tagName.toLowerCase()}#${e.id}.${e.className}`),
  }));
  await page.setViewportSize({ width: 1280, height: 1000 });
  assert.ok(scroll <= 360, `${what} at 360 px: ${scroll} px wide (${wide.join(', ')})`);
}

/** Fills the Estimate tab's form (Mini Shogi) and starts the run. */
async function startRun(page, { samples, seed, shard = '0/1', threads = 2 }) {
  await page.selectOption('#est-game', 'minishogi');
  await page.fill('#est-samples', String(samples));
  await page.fill('#est-seed', String(seed));
  await page.fill('#est-threads', String(threads));
  await page.fill('#est-shard', shard);
  await page.click('#est-start');
}

/** Downloads the report shown (the Download button) into `dir` as `name`; returns its path. */
async function download(page, name) {
  const [file] = await Promise.all([page.waitForEvent('download'), page.click('#est-download')]);
  const path = join(dir, name);
  await file.saveAs(path);
  return path;
}

/** What the tables show: the funnel's, Table 2's and the stage table's counts. */
const shown = async (page) => ({
  funnel: await page.$$eval('#funnel tbody tr', (rows) => rows.map((r) => Number(r.dataset.count))),
  traced: await page.$$eval('#traced tbody tr', (rows) => rows.map((r) => Number(r.dataset.count))),
  stages: await page.$$eval('#stage-counts tbody tr', (rows) => rows.map((r) => [r.dataset.stage, Number(r.dataset.count)])),
});

/** The count of the funnel's first row ('' while the tables are empty), and a wait for it to become `count`. */
const firstCount = (page) => page.$eval('#funnel tbody tr', (r) => r.dataset.count ?? '');
const untilFirstCount = (page, count) => page.waitForFunction(
  (want) => (document.querySelector('#funnel tbody tr')?.dataset.count ?? '') === want, String(count));

/** The same, from a CLI report. */
const expected = (r) => ({ funnel: r.funnel.map(([, n]) => n), traced: r.tally.traced_back, stages: Object.entries(r.tally.stages) });

const estimateJson = (samples, seed, ...more) =>
  JSON.parse(cli('estimate', '--variant', 'minishogi', '--samples', String(samples), '--seed', String(seed), '--json', ...more));

describe('resumable runs', () => {
  test('a run reloaded mid-way offers to resume, ends with the CLI report, and its result stays until cleared', async (t) => {
    // Long enough to be reloaded mid-way: the first save with samples comes after about a second (the worker
    // rebuilds its report at most once a second), and the run takes several seconds on two threads (300 000
    // samples once finished before the first save).
    const samples = 1000000;
    const seed = 31;
    await onPage(t, '?game=minishogi&tab=estimate', async (page) => {
      await startRun(page, { samples, seed });
      await page.waitForFunction(() => Number(document.getElementById('est-status').dataset.saved) > 0, null, { timeout: 60_000 });
      assert.notEqual(await page.getAttribute('#est-status', 'data-state'), 'finished', 'reloaded before the end');
      await page.reload();
      await page.waitForSelector('#engine-status[data-state="ready"]', { timeout: 30_000 });
      await page.waitForSelector('#est-saved:not([hidden])');
      const offer = await page.textContent('#est-saved-resume');
      const [, done, total] = /^Resume the saved run \(([\d,]+) of ([\d,]+) samples\)$/.exec(offer) ?? [];
      assert.equal(total, '1,000,000', offer);
      const before = Number(done.replaceAll(',', ''));
      assert.ok(before > 0 && before < samples, offer);
      // The saved part is shown at once.
      assert.equal((await shown(page)).funnel[0], before);
      assert.deepEqual(await axeViolations(page), [], 'axe, a saved run offered');
      await fits360(page, 'a saved run offered');
      await page.click('#est-saved-resume');
      await page.waitForSelector('#est-status[data-state="finished"]', { timeout: 120_000 });
      const want = estimateJson(samples, seed);
      assert.deepEqual(await shown(page), expected(want));
      // The report downloaded is the CLI's, per-block tallies included.
      const file = await download(page, 'resumed.json');
      assert.deepEqual(JSON.parse(readFileSync(file, 'utf8')), want);
      // A finished result stays, also after a reload, until it is cleared.
      await page.reload();
      await page.waitForSelector('#est-status[data-state="finished"]');
      assert.equal(await page.isHidden('#est-saved'), true);
      assert.deepEqual(await shown(page), expected(want));
      await page.click('#est-clear');
      // Clearing deletes the saved run first (IndexedDB), then empties the tables: wait for it.
      await untilFirstCount(page, '');
      assert.equal(await firstCount(page), '');
      await page.reload();
      await page.waitForSelector('#engine-status[data-state="ready"]');
      await page.waitForTimeout(500);
      assert.equal(await firstCount(page), '');
      assert.equal(await page.isDisabled('#est-download'), true);
    });
  });

  test('a saved result shows in its own game only: switching games, or a reload in the other game, leaves the tables empty', async (t) => {
    const samples = 20000;
    const seed = 7;
    const want = expected(estimateJson(samples, seed));
    await onPage(t, '?game=minishogi&tab=estimate', async (page) => {
      await startRun(page, { samples, seed });
      await page.waitForSelector('#est-status[data-state="finished"]', { timeout: 60_000 });
      assert.deepEqual(await shown(page), want);
      await page.selectOption('#est-game', 'shogi');
      await page.waitForTimeout(500);
      assert.equal(await firstCount(page), '', 'Shogi shows no Mini Shogi counts');
      assert.equal(await page.isDisabled('#est-download'), true);
      // Back in Mini Shogi, the saved result shows again.
      await page.selectOption('#est-game', 'minishogi');
      await untilFirstCount(page, samples);
      assert.deepEqual(await shown(page), want);
      // As after a reload: the result saved, not a run with a rate.
      assert.equal(await page.textContent('#est-status'), 'saved in this browser: 20,000 of 20,000 samples');
      await page.goto(`${isolated.url}?game=shogi&tab=estimate`);
      await page.waitForSelector('#engine-status[data-state="ready"]', { timeout: 30_000 });
      await page.waitForTimeout(500);
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
        await startRun(page, { samples, seed, shard: `${k}/2` });
        await page.waitForSelector('#est-status[data-state="finished"]', { timeout: 120_000 });
        const file = await download(page, `browser-${k}.json`);
        assert.deepEqual(JSON.parse(readFileSync(file, 'utf8')), estimateJson(samples, seed, '--shard', `${k}/2`));
        if (k === 0) shard0 = file;
        else shard1 = file;
      }
    });
    // Without cross-origin isolation (a pool of plain workers, chunks finishing out of order): the same file.
    await onPage(t, '?game=minishogi&tab=estimate', async (page) => {
      await startRun(page, { samples, seed, shard: '1/2', threads: 3 });
      await page.waitForSelector('#est-status[data-state="finished"]', { timeout: 120_000 });
      assert.match(await page.textContent('#est-status'), /3 workers/);
      const file = await download(page, 'plain-1.json');
      assert.equal(readFileSync(file, 'utf8'), readFileSync(shard1, 'utf8'));
    }, { coi: false });
    const merged = JSON.parse(cli('merge', '--json', shard0, shard1));
    assert.deepEqual(merged, estimateJson(samples, seed));
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
    assert.equal(spawnSync(CLI, ['merge', shard1, bad], { encoding: 'utf8' }).status, 0, 'a consistent file merges');
    const caught = spawnSync(CLI, ['merge', '--verify', '1000', shard1, bad], { encoding: 'utf8' });
    assert.notEqual(caught.status, 0);
    assert.match(caught.stderr, /altered\.json: samples 0\.\.\d+ recomputed give another tally/);
  });

  test('the page merges a browser shard with a CLI shard, shows the counts of one run, rejects bad shard files by name, and plans', async (t) => {
    assert.ok(shard0, 'the shards of the test before');
    const cliShard1 = join(dir, 'cli-1.json');
    writeFileSync(cliShard1, cli('estimate', '--variant', 'minishogi', '--samples', String(samples), '--seed', String(seed), '--shard', '1/2', '--json'));
    const otherSeed = join(dir, 'other-seed.json');
    writeFileSync(otherSeed, cli('estimate', '--variant', 'minishogi', '--samples', String(samples), '--seed', '6', '--shard', '1/2', '--json'));
    const otherSamples = join(dir, 'other-samples.json');
    writeFileSync(otherSamples, cli('estimate', '--variant', 'minishogi', '--samples', '30000', '--seed', String(seed), '--shard', '1/2', '--json'));
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
      assert.deepEqual(await shown(page), expected(want));
      // The merged report downloads as the CLI's merge writes it.
      const merged = await download(page, 'merged.json');
      assert.deepEqual(JSON.parse(readFileSync(merged, 'utf8')), JSON.parse(cli('merge', '--json', shard0, cliShard1)));
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
      assert.deepEqual(await shown(page), expected(want));
      assert.deepEqual(await axeViolations(page), [], 'axe, a merge refused, a plan shown');
      await fits360(page, 'a merge refused, a plan shown');
    });
  });
});
