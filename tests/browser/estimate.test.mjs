// The Estimate tab's runs compared with the native CLI: threaded, stopped and resumed, by stage, Shogi, and
// without cross-origin isolation.
// Real-browser tests of the site in dist/ (`npm run build`) in Debian's headless Chromium (tests/site.mjs).
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { nativeEstimate, sfenOf, shownTables, useChromium } from '../site.mjs';
import { estimate as estimateIn, sameAsTheCli } from '../scenarios/estimate.mjs';
import { driver } from '../scenarios/ui.mjs';

const estimate = (page, run) => estimateIn(driver(page), run);

const site = useChromium();
const { onPage } = site;

describe('estimates', () => {
  test('a threaded Mini Shogi estimate equals the native CLI for the same seed', async (t) => {
    await onPage(t, '', async (page) => {
      assert.equal(await page.evaluate(() => self.crossOriginIsolated), true);
      const got = await sameAsTheCli(driver(page), { game: 'minishogi', samples: 20000, seed: 4242, threads: 2 });
      assert.match(got.status, /2 threads \(threaded WebAssembly, rayon\)/);
      // A gallery position opens in the editor and is proved reachable there.
      const first = page.locator('#gallery .gallery-item').first();
      const sfen = await first.getAttribute('data-sfen');
      await first.click();
      await page.waitForSelector('#verdict[data-verdict="reachable"]', { timeout: 30_000 });
      assert.equal(await sfenOf(page), sfen);
    });
  });

  test('stop and resume give the same counts as an uninterrupted run', async (t) => {
    await onPage(t, '', async (page) => {
      await page.click('#tab-estimate-button');
      await page.selectOption('#est-game', 'minishogi');
      await page.fill('#est-samples', '300000');
      await page.fill('#est-seed', '99');
      await page.fill('#est-threads', '2');
      await page.click('#est-start');
      await page.waitForSelector('#est-status[data-state="progress"]');
      await page.click('#est-stop');
      await page.waitForSelector('#est-status[data-state="stopped"]', { timeout: 60_000 });
      const stoppedAt = await page.$eval('#funnel tbody tr', (r) => Number(r.dataset.count));
      assert.ok(stoppedAt > 0 && stoppedAt < 300000, `stopped after ${stoppedAt} samples`);
      await page.click('#est-resume');
      await page.waitForSelector('#est-status[data-state="finished"]', { timeout: 300_000 });
      assert.deepEqual((await shownTables(page)).funnel, nativeEstimate('minishogi', '300000', '99').funnel);
    });
  });
});

describe('stages', () => {
  test("the stage table follows the engine's stages() and a run's counts add up by name", async (t) => {
    await onPage(t, '?tab=estimate', async (page) => {
      const names = ['count', 'flip', 'piece', 'king', 'prev', 'reach', 'OK', 'unknown'];
      await page.waitForFunction((n) => document.querySelectorAll('#stage-counts tbody tr').length === n, names.length);
      assert.deepEqual((await shownTables(page)).stages.map(([name]) => name), names);
      const verdicts = await page.$$eval('#stage-counts tbody tr', (rows) => rows.map((r) => r.dataset.verdict));
      assert.deepEqual(verdicts, [...Array(6).fill('unreachable'), 'reachable', 'unknown']);
      const got = await estimate(page, { game: 'minishogi', samples: 2000, seed: 7, threads: 2 });
      const counts = Object.fromEntries(got.stages);
      assert.equal(Object.values(counts).reduce((a, b) => a + b, 0), 2000);
      assert.equal(counts.count, 0, 'sampled candidates always hold the full piece set');
      // The funnel's last row (reachability) is the samples proved reachable, as the p̂ line says.
      assert.equal(got.funnel.at(-1), counts.OK);
      assert.equal(got.reachable, counts.OK);
      assert.ok(counts.OK > 0 && counts.flip > 0, JSON.stringify(counts));
    });
  });
});

describe('Shogi estimates', () => {
  test('a threaded Shogi estimate equals the native CLI for the same seed', async (t) => {
    await onPage(t, '', async (page) => {
      const got = await estimate(page, { game: 'shogi', samples: 3000, seed: 11, threads: 2 });
      assert.deepEqual(got.funnel, nativeEstimate('shogi', '3000', '11').funnel);
    });
  });
});

describe('without cross-origin isolation', () => {
  test('the page says so, proves positions and estimates with a pool of plain workers', async (t) => {
    await onPage(t, '?game=minishogi', async (page) => {
      assert.equal(await page.evaluate(() => self.crossOriginIsolated), false);
      assert.match(await page.textContent('#engine-status'), /not cross-origin isolated/);
      await page.click('#prove');
      await page.waitForSelector('#verdict[data-verdict="reachable"]', { timeout: 30_000 });
      const got = await estimate(page, { game: 'minishogi', samples: 20000, seed: 4242, threads: 2 });
      assert.match(got.status, /2 workers \(single-threaded WebAssembly each; page not cross-origin isolated\)/);
      assert.deepEqual(got.funnel, nativeEstimate('minishogi', '20000', '4242').funnel);
    }, { coi: false });
  });
});
