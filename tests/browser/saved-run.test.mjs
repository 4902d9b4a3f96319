// A run saved in this browser is verified before anything of it is shown: when the Estimate tab is first
// shown (or the page opens on it), K of its blocks (every block up to 100, as `shogi-reach merge --verify
// auto`) are recomputed in the estimate workers, with a "verifying" state; a finished run forged in
// IndexedDB (a block's tally and so the total edited, as a tester did: p = 932/3000 where the genuine run
// is 432/3000) is refused with a message and not shown, in both languages; the genuine run (with an
// unknown `provenance` key, as a later version may add) is shown. A page opened on the Position tab does
// not check it, and its game menu is never locked for the check; a game switch, Start or shard files during
// the check drop it.
// Real-browser tests of the site in dist/ (`npm run build`) in Debian's headless Chromium (tests/site.mjs).
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { axeViolations, cli, firstCount, putSavedRun, SHOTS, useChromium } from '../site.mjs';

const site = useChromium();

const SAMPLES = 3000;
const SEED = 12;
const genuine = JSON.parse(cli('estimate', '--game', 'minishogi', '--samples', String(SAMPLES), '--seed', String(SEED), '--json'));

/** A finished run of 7 blocks, long enough to act while its check goes on (the CLI's report, made once). */
const BIG = 400_000;
let bigReport;
const bigRun = () => (bigReport ??= JSON.parse(cli('estimate', '--game', 'minishogi', '--samples', String(BIG), '--seed', String(SEED), '--json')));

/** The record run-store.js keeps for `report` (a finished run of shard 0/1), with `more` fields. */
const recordOf = (report, more = {}) => ({
  game: 'minishogi', seed: String(SEED), samples: SAMPLES, shard: [0, 1], maxNodes: null, keep: 24,
  blocks: report.blocks, examples: [], elapsed: 1.5, ...more,
});

/** `report` with 500 samples of its block and total moved from its largest stage to OK: consistent. */
function forged(report) {
  const r = structuredClone(report);
  const [from] = Object.entries(r.tally.stages).filter(([s]) => s !== 'OK').sort((a, b) => b[1] - a[1])[0];
  for (const tally of [r.blocks[0].tally, r.tally]) {
    tally.stages[from] -= 500;
    tally.stages.OK += 500;
  }
  return r;
}

/** Puts `record` in the page's IndexedDB as the saved run and reloads, watching the saved run's line. */
async function reloadWith(page, record) {
  await putSavedRun(page, record);
  await page.reload();
  await page.waitForSelector('#engine-status[data-state="ready"]', { timeout: 30_000 });
}

/**
 * From the document's start: every state and text of the saved run's line (window.__seen), and whether
 * the page's game and language menus were disabled at each (window.__locked).
 */
const watchSaved = (page) => page.addInitScript(() => {
  window.__seen = [];
  window.__locked = [];
  document.addEventListener('DOMContentLoaded', () => {
    const el = document.getElementById('est-saved-note');
    new MutationObserver(() => {
      window.__seen.push(`${el.dataset.state}: ${el.textContent}`);
      const menus = ['game', 'language'].map((id) => document.getElementById(id));
      window.__locked.push(`${el.dataset.state}: ${menus.some((m) => m.disabled)}`);
    }).observe(el, { attributes: true, childList: true, characterData: true, subtree: true });
  });
});

/** The reachable count of the estimate shown; null when none is. */
const reachable = (page) => page.$eval('#est-result p.estimate', (p) => p.dataset.reachable).catch(() => null);

const MESSAGES = {
  en: { verifying: /^verifying: Checking the saved run before it is shown: \d\/1 block recomputed…$/,
    forged: `The saved run is refused: its samples 0..${SAMPLES} recomputed give another tally than the one saved. Discard it to start afresh.` },
  ja: { verifying: /^verifying: 保存した実行を表示する前に検証しています：1 個中 \d ブロックを計算し直しました…$/,
    forged: `保存した実行は使えません：標本 0..${SAMPLES} を計算し直すと、保存された集計と一致しません。破棄してやり直してください。` },
};

describe('saved runs verified before they are shown', () => {
  for (const lang of ['en', 'ja']) {
    test(`a finished run forged in IndexedDB is refused when the page opens on the Estimate tab, not shown; the genuine one is shown (${lang})`, async (t) => {
      const lying = forged(genuine);
      assert.equal(lying.tally.stages.OK, genuine.tally.stages.OK + 500);
      await site.onPage(t, `?game=minishogi&tab=estimate&lang=${lang}`, async (page) => {
        await watchSaved(page);
        await reloadWith(page, recordOf(lying));
        await page.waitForSelector('#est-saved-note[data-state="forged"]', { timeout: 60_000 });
        const seen = await page.evaluate(() => window.__seen);
        assert.ok(seen.some((s) => MESSAGES[lang].verifying.test(s)), seen.join('\n'));
        assert.ok(!seen.some((s) => /^(none|offer):/.test(s)), `never shown: ${seen.join('\n')}`);
        const locked = await page.evaluate(() => window.__locked);
        assert.ok(locked.includes('verifying: false') && !locked.includes('verifying: true'), `menus locked: ${locked}`);
        assert.equal(await page.textContent('#est-saved-note'), MESSAGES[lang].forged);
        assert.equal(await reachable(page), null, 'no estimate shown');
        assert.equal(await firstCount(page), '', 'no counts shown');
        assert.equal(await page.isDisabled('#est-download'), true);
        assert.equal(await page.isHidden('#est-saved-resume'), true);
        if (lang === 'ja') await page.screenshot({ path: join(SHOTS, 'saved-forged-finished-ja.png'), fullPage: true });

        // The genuine run (with a key this version does not know) is verified and shown.
        await reloadWith(page, recordOf(genuine, { provenance: { program: 'a later version' } }));
        await page.waitForSelector('#est-status[data-state="finished"]', { timeout: 60_000 });
        assert.equal(await reachable(page), String(genuine.tally.stages.OK));
        assert.equal(await page.isHidden('#est-saved'), true);
        const seenAgain = await page.evaluate(() => window.__seen);
        assert.ok(seenAgain.some((s) => MESSAGES[lang].verifying.test(s)), seenAgain.join('\n'));
        if (lang === 'en') assert.deepEqual(await axeViolations(page), [], 'axe, a verified saved run');
        await page.click('#est-clear');
        await page.waitForFunction(() => !document.querySelector('#est-result p.estimate'));
      });
    });
  }

  test('a page opened on the Position tab does not check the saved run: its game menu works at once; the Estimate tab checks and shows it', async (t) => {
    await site.onPage(t, '?game=minishogi&lang=en', async (page) => {
      await watchSaved(page);
      await reloadWith(page, recordOf(genuine));
      // Right after load: the game menu is usable (it switches the game), nothing of the run was looked at.
      assert.equal(await page.isEnabled('#game'), true);
      assert.equal(await page.isEnabled('#language'), true);
      await page.selectOption('#game', 'shogi');
      await page.waitForFunction(() => new URL(location.href).searchParams.get('game') === 'shogi');
      await page.selectOption('#game', 'minishogi');
      await page.waitForFunction(() => new URL(location.href).searchParams.get('game') === 'minishogi');
      await page.waitForTimeout(1500);
      assert.deepEqual(await page.evaluate(() => window.__seen), [], 'no check before the Estimate tab is shown');
      assert.equal(await page.isHidden('#est-verify'), true);
      assert.equal(await page.textContent('#est-status'), '', 'no status: nothing checked');
      // The Estimate tab shown: the run is checked (the menus stay usable), then shown.
      await page.click('#tab-estimate-button');
      await page.waitForSelector('#est-status[data-state="finished"]', { timeout: 60_000 });
      assert.equal(await reachable(page), String(genuine.tally.stages.OK));
      const seen = await page.evaluate(() => window.__seen);
      assert.ok(seen.some((s) => MESSAGES.en.verifying.test(s)), seen.join('\n'));
      const locked = await page.evaluate(() => window.__locked);
      assert.ok(locked.includes('verifying: false') && !locked.includes('verifying: true'), `menus locked: ${locked}`);
      assert.equal(await page.isEnabled('#game'), true);
      await page.click('#est-clear');
      await page.waitForFunction(() => !document.querySelector('#est-result p.estimate'));
    });
  });

  test('a game switch during the check drops it: it says nothing more, and back in its game the run is checked again', async (t) => {
    const big = bigRun();
    await site.onPage(t, '?game=minishogi&tab=estimate&lang=en', async (page) => {
      await watchSaved(page);
      await reloadWith(page, recordOf(big, { samples: BIG }));
      // (Once the workers recompute: a block or more done, blocks still on their way.)
      await page.waitForFunction(() => /: [1-6]\/7 blocks/.test(document.getElementById('est-saved-note').textContent), null, { timeout: 60_000 });
      await page.selectOption('#game', 'shogi'); // the page's menu, during the check
      const at = (await page.evaluate(() => window.__seen)).length;
      await page.waitForTimeout(3000);
      const later = (await page.evaluate(() => window.__seen)).slice(at);
      assert.ok(!later.some((s) => s.startsWith('verifying')), `the dropped check said more: ${later.join('\n')}`);
      assert.equal(await page.isHidden('#est-saved'), true, 'a finished run of the other game offers nothing');
      assert.equal(await page.textContent('#est-status'), '');
      assert.equal(await reachable(page), null);
      await page.selectOption('#game', 'minishogi');
      await page.waitForSelector('#est-status[data-state="finished"]', { timeout: 60_000 });
      assert.equal(await reachable(page), String(big.tally.stages.OK));
      assert.match(await page.textContent('#est-verify-list li'), /^the saved run: verified 7\/7 blocks$/);
      await page.click('#est-clear');
      await page.waitForFunction(() => !document.querySelector('#est-result p.estimate'));
    });
  });

  test('Start during the check drops it and runs the estimate of the form; the run ends with the CLI counts', async (t) => {
    const big = bigRun();
    const fresh = JSON.parse(cli('estimate', '--game', 'minishogi', '--samples', '5000', '--seed', '77', '--json'));
    await site.onPage(t, '?game=minishogi&tab=estimate&lang=en', async (page) => {
      await watchSaved(page);
      await reloadWith(page, recordOf(big, { samples: BIG }));
      await page.waitForFunction(() => /: [0-6]\/7 blocks/.test(document.getElementById('est-saved-note').textContent), null, { timeout: 60_000 });
      assert.equal(await page.isEnabled('#est-start'), true, 'Start during the check');
      assert.equal(await page.isEnabled('#est-merge-files'), true, 'shard files during the check');
      await page.fill('#est-samples', '5000');
      await page.fill('#est-seed', '77');
      await page.click('#est-start');
      await page.waitForSelector('#est-status[data-state="finished"]', { timeout: 60_000 });
      assert.equal(await reachable(page), String(fresh.tally.stages.OK));
      assert.equal(await page.isHidden('#est-saved'), true, 'the saved run gave way to the new one');
      const at = (await page.evaluate(() => window.__seen)).length;
      await page.waitForTimeout(2000);
      const later = (await page.evaluate(() => window.__seen)).slice(at);
      assert.ok(!later.some((s) => s.startsWith('verifying')), `the dropped check said more: ${later.join('\n')}`);
      await page.click('#est-clear');
      await page.waitForFunction(() => !document.querySelector('#est-result p.estimate'));
    });
  });
});
