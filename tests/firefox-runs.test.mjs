// Real-browser tests in Debian's Firefox ESR (tests/firefox-site.mjs) of the Estimate tab's runs: a Mini
// Shogi run resumed after a reload from what was saved (its blocks verified first) ends with the native
// CLI's counts; a forged saved run is refused when the Estimate tab opens; shard files merge with every
// block verified, a forged one refused. A failing test leaves a screenshot in test-results/.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { attr, count, text, useFirefox } from './firefox-site.mjs';
import { cli, putSavedRun } from './site.mjs';

const { onPage, browser } = useFirefox();

describe('Firefox: estimate runs', () => {
  test('a run reloaded mid-way is resumed from what was saved and ends with the CLI counts', async (t) => {
    const context = await browser().createBrowserContext();
    try {
      await onPage(t, '?game=minishogi&tab=estimate&lang=en', async (page) => {
        // Four blocks on one thread: still going at its first save (the worker saves at most once a second,
        // a block takes a second or more).
        await page.$eval('#est-samples', (e) => (e.value = '262144'));
        await page.$eval('#est-seed', (e) => (e.value = '8'));
        await page.$eval('#est-threads', (e) => (e.value = '1'));
        await page.click('#est-start');
        await page.waitForFunction(() => Number(document.getElementById('est-status').dataset.saved) > 0, { timeout: 60_000 });
        // Font files load as text needs them (the gallery's pieces): a reload would abort those still on
        // their way, which Firefox logs as errors.
        await page.evaluate(() => document.fonts.ready);
        await page.reload();
        // Verified when loaded (its blocks recomputed), then offered.
        await page.waitForSelector('#est-saved-note[data-state="offer"]', { timeout: 60_000 });
        assert.match(await text(page, '#est-saved-resume'), /^Resume the saved run \([\d,]+ of 262,144 samples\)$/);
        await page.click('#est-saved-resume');
        await page.waitForSelector('#est-status[data-state="finished"]', { timeout: 300_000 });
        const funnel = await page.$$eval('#funnel tbody tr', (rows) => rows.map((r) => Number(r.dataset.count)));
        const native = JSON.parse(cli('estimate', '--variant', 'minishogi', '--samples', '262144', '--seed', '8', '--json'));
        assert.deepEqual(funnel, native.funnel.map(([, n]) => n));
        // It was verified when loaded: every saved block recomputed (all of them, up to 100 blocks).
        const [item] = await page.$$eval('#est-verify-list li', (lis) => lis.map((li) => ({ ...li.dataset, text: li.textContent })));
        assert.equal(item.state, 'verified');
        // "1/1 block" when the machine was slow enough that the first save held one block.
        const [, verified, total, unit] = item.text.match(/^the saved run: verified (\d+)\/(\d+) (blocks?)$/) ?? [];
        assert.ok(verified && verified === total, item.text);
        assert.equal(unit, verified === '1' ? 'block' : 'blocks', item.text);
      }, { context });
    } finally {
      await context.close();
    }
  });

  test('a finished run forged in IndexedDB is not looked at on the Position tab, and refused when the Estimate tab opens', async (t) => {
    // 500 samples of its block and total moved from `king` to OK (consistent, as a tester edited one).
    const forged = JSON.parse(cli('estimate', '--variant', 'minishogi', '--samples', '3000', '--seed', '12', '--json'));
    for (const tally of [forged.blocks[0].tally, forged.tally]) {
      tally.stages.king -= 500;
      tally.stages.OK += 500;
    }
    const record = {
      variant: 'minishogi', seed: '12', samples: 3000, shard: [0, 1], maxNodes: null, keep: 24, blocks: forged.blocks, examples: [], elapsed: 1,
    };
    const context = await browser().createBrowserContext();
    await onPage(t, '?game=minishogi&lang=en', async (page) => {
      await putSavedRun(page, record);
      await page.reload();
      await page.waitForSelector('#engine-status[data-state="ready"]', { timeout: 30_000 });
      assert.equal(await page.$eval('#game', (e) => e.disabled), false, 'the game menu is usable at once');
      await new Promise((r) => setTimeout(r, 1000));
      assert.equal(await attr(page, '#est-saved-note', 'data-state'), null, 'nothing checked on the Position tab');
      await page.click('#tab-estimate-button');
      await page.waitForSelector('#est-saved-note[data-state="forged"]', { timeout: 60_000 });
      assert.equal(await text(page, '#est-saved-note'),
        'The saved run is refused: its samples 0..3000 recomputed give another tally than the one saved. Discard it to start afresh.');
      assert.equal(await count(page, '#est-result p.estimate'), 0, 'no estimate shown');
      assert.equal(await page.$eval('#funnel tbody tr', (r) => r.dataset.count ?? ''), '', 'no counts shown');
      assert.equal(await page.$eval('#est-download', (e) => e.disabled), true);
      await page.click('#est-saved-discard');
      await page.waitForSelector('#est-saved', { hidden: true });
    }, { context }).finally(() => context.close());
  });

  test('shard files: a forged one is refused naming its block, genuine ones merge with every block verified', async (t) => {
    const dir = mkdtempSync(join(tmpdir(), 'shogi-reach-firefox-'));
    let context;
    try {
      const shard = (k) => cli('estimate', '--variant', 'minishogi', '--samples', '200000', '--seed', '5', '--shard', `${k}/2`, '--json');
      const [genuine0, genuine1, forged] = ['genuine-0.json', 'genuine-1.json', 'forged.json'].map((f) => join(dir, f));
      writeFileSync(genuine0, shard(0));
      writeFileSync(genuine1, shard(1));
      // Samples of the second block moved from `king` to OK, in the block and in the total (consistent).
      const lying = JSON.parse(readFileSync(genuine0, 'utf8'));
      for (const tally of [lying.blocks[1].tally, lying.tally]) {
        tally.stages.king -= 1000;
        tally.stages.OK += 1000;
      }
      writeFileSync(forged, JSON.stringify(lying));
      // A context of its own: a run an earlier test saved would be checked first, its merge input disabled.
      context = await browser().createBrowserContext();
      await onPage(t, '?game=minishogi&tab=estimate&lang=en', async (page) => {
        const merge = async (...files) => {
          await page.$eval('#est-merge-status', (e) => (e.dataset.state = ''));
          const input = await page.$('#est-merge-files');
          await input.uploadFile(...files);
          await page.waitForSelector('#est-merge-status[data-state="merged"], #est-merge-status[data-state="error"]', { timeout: 120_000 });
          return text(page, '#est-merge-status');
        };
        assert.match(await merge(genuine1, forged), /^The shard files do not merge: forged\.json: samples 65536\.\.100000 recomputed give another tally/);
        assert.match(await merge(genuine0, genuine1), /^Merged 2 shard files: 200,000 of 200,000 samples/);
        const items = await page.$$eval('#est-verify-list li', (lis) => lis.map((li) => li.textContent));
        assert.deepEqual(items, ['genuine-0.json: verified 2/2 blocks', 'genuine-1.json: verified 3/3 blocks']);
        const funnel = await page.$$eval('#funnel tbody tr', (rows) => rows.map((r) => Number(r.dataset.count)));
        const native = JSON.parse(cli('estimate', '--variant', 'minishogi', '--samples', '200000', '--seed', '5', '--json'));
        assert.deepEqual(funnel, native.funnel.map(([, n]) => n));
      }, { context });
    } finally {
      await context?.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
