// One consistent state across the page: a game switch, an edit or an estimate never leaves a verdict,
// a history or a run of the other position or game beside it.
// Real-browser tests of the site in dist/ (`npm run build`) in Debian's headless Chromium (tests/site.mjs).
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { firstCount, sfenOf, useChromium } from '../site.mjs';

const site = useChromium();
const { onPage } = site;

describe('one consistent state', () => {
  const reachable =
    '2K1lp1l1/1P3P3/4+L2P1/2p2+b1N1/2+p5S/pp+pp+NB1pp/+pr1g1g1+s+P/+r1s1+n+pkg+S/P1P1+PgN2 b L 1';
  const presetRows = (page) => page.$$eval('#presets option', (os) => os.filter((o) => o.value).map((o) => o.value.split(' ')[0].split('/').length));

  test("switching game gives that game's presets and a fresh history", async (t) => {
    await onPage(t, '?game=shogi', async (page) => {
      await page.click('#clear');
      assert.equal(await page.isDisabled('#undo'), false);
      assert.ok((await presetRows(page)).every((n) => n === 9));
      await page.selectOption('#game', 'minishogi');
      assert.equal(await sfenOf(page), 'rbsgk/4p/5/P4/KGSBR b - 1');
      const rows = await presetRows(page);
      assert.ok(rows.length > 0 && rows.every((n) => n === 5), JSON.stringify(rows));
      assert.equal(await page.isDisabled('#undo'), true, 'no undo back into the other game');
      // A preset of the new game loads; undo goes back to its start, never to the Shogi board.
      const preset = await page.$eval('#presets', (s) => [...s.options].find((o) => o.value && !o.value.startsWith('rbsgk/4p/5/P4/KGSBR b')).value);
      await page.selectOption('#presets', preset);
      assert.equal(await sfenOf(page), preset);
      await page.click('#undo');
      assert.equal(await sfenOf(page), 'rbsgk/4p/5/P4/KGSBR b - 1');
      assert.equal(await page.isDisabled('#undo'), true);
      assert.equal(await page.locator('#board .sq').count(), 25);
      assert.equal(await page.inputValue('#est-game'), 'minishogi', "the Estimate tab's game follows");
      // Loading a Shogi SFEN switches back, also with a fresh history.
      await page.fill('#sfen', reachable);
      await page.click('#sfen-form button[type="submit"]');
      await page.waitForFunction(() => new URL(location.href).searchParams.get('game') === 'shogi');
      assert.equal(await page.isDisabled('#undo'), true);
      assert.equal(await page.locator('#board .sq').count(), 81);
    });
  });

  test('a proof under way is stopped by a game switch and by an edit; a shown verdict goes with an edit', async (t) => {
    await onPage(t, `?game=shogi&sfen=${encodeURIComponent(reachable)}`, async (page) => {
      await page.evaluate(() => {
        document.getElementById('prove').click();
        const game = document.getElementById('game');
        game.value = 'minishogi';
        game.dispatchEvent(new Event('change'));
      });
      assert.equal(await page.isHidden('#cancel'), true);
      assert.equal(await page.isDisabled('#prove'), false);
      // Long enough for the Shogi proof (about a second) to have landed, had it not been stopped.
      await page.waitForTimeout(3000);
      assert.equal(await page.getAttribute('#verdict', 'data-verdict'), null);
      assert.equal(await page.textContent('#verdict'), '');
      assert.equal(await page.isHidden('#player'), true);

      // Proved, then edited: the verdict and path go, a note says why.
      await page.click('#prove');
      await page.waitForSelector('#verdict[data-verdict="reachable"]', { timeout: 30_000 });
      assert.equal(await page.isVisible('#player'), true);
      await page.click('#side-w');
      assert.equal(await page.getAttribute('#verdict', 'data-verdict'), 'changed');
      assert.match(await page.textContent('#verdict'), /position has changed/);
      assert.equal(await page.isHidden('#player'), true);

      // An edit during a search stops it.
      await page.click('#side-b');
      await page.evaluate(() => {
        document.getElementById('prove').click();
        document.getElementById('side-w').click();
      });
      assert.equal(await page.getAttribute('#verdict', 'data-verdict'), 'changed');
      assert.match(await page.textContent('#verdict'), /search was stopped/);
      assert.equal(await page.isHidden('#cancel'), true);
    });
  });

  test('the game cannot change while an estimate runs, and a stopped run goes with a switch', async (t) => {
    await onPage(t, '?game=minishogi&tab=estimate', async (page) => {
      assert.equal(await page.inputValue('#est-game'), 'minishogi');
      await page.fill('#est-samples', '5000000');
      await page.click('#est-start');
      await page.waitForSelector('#est-status[data-state="progress"]', { timeout: 30_000 });
      assert.equal(await page.isDisabled('#game'), true);
      assert.equal(await page.isDisabled('#est-game'), true);
      // A Shogi SFEN loaded meanwhile is refused with a message, not a switch.
      await page.click('#tab-position-button');
      await page.fill('#sfen', reachable);
      await page.click('#sfen-form button[type="submit"]');
      await page.waitForSelector('#sfen-error:not([hidden])');
      assert.match(await page.textContent('#sfen-error'), /Stop the estimate/);
      assert.equal(await page.inputValue('#game'), 'minishogi');
      await page.click('#tab-estimate-button');
      await page.click('#est-stop');
      await page.waitForSelector('#est-status[data-state="stopped"]', { timeout: 60_000 });
      assert.equal(await page.isDisabled('#est-game'), false);
      assert.equal(await page.isDisabled('#est-resume'), false);
      // The Estimate tab's menu switches the whole page; the stopped Mini Shogi run cannot be resumed.
      await page.selectOption('#est-game', 'shogi');
      assert.equal(await page.inputValue('#game'), 'shogi');
      assert.equal(await page.locator('#board .sq').count(), 81);
      assert.equal(await page.isDisabled('#est-resume'), true);
      assert.equal(await firstCount(page), '');
    });
  });
});
