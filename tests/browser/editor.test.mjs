// The Position tab's board editor (clicks, drags, keys, undo, the box, SFEN import) and what a link or
// a field may ask for.
// Real-browser tests of the site in dist/ (`npm run build`) in Debian's headless Chromium (tests/site.mjs).
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { index, rules, setNodeCap, sfenOf, square, urlSfen, useChromium } from '../site.mjs';

const site = useChromium();
const { onPage } = site;

/**
 * Keyboard at the square last clicked (6a) of the position the first test built (kings, a dragon on 2b,
 * the rest in Gote's hand).
 */
async function keyboardAndHands(page) {
  // A Sente pawn is refused while the box is empty; with one pawn taken from Gote's hand back to the box,
  // it is placed, and it can never move (dead).
  await square(page, '6a').click();
  await page.keyboard.press('P');
  assert.match(await page.textContent('#sfen-error'), /no pawn left/);
  await page.locator('#board [data-hand="1"] [data-hand-kind="P"]').click({ button: 'right' });
  await page.focus('#board');
  await page.keyboard.press('P');
  assert.equal(await sfenOf(page), '3Pk4/7+R1/9/9/9/9/9/9/4K4 b r2b4g4s4n4l17p 1');
  assert.deepEqual(await rules(page), ['piece']);
  await page.keyboard.press('Delete');
  assert.equal(await sfenOf(page), '4k4/7+R1/9/9/9/9/9/9/4K4 b r2b4g4s4n4l17p 1');
  assert.deepEqual(await rules(page), ['count']);
}

describe('board editor', () => {
  test('edits update the SFEN, the URL and the live diagnostics', async (t) => {
    await onPage(t, '?game=shogi', async (page) => {
      assert.equal(await sfenOf(page), 'lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1');
      assert.deepEqual(await rules(page), []);

      await page.click('#clear');
      assert.equal(await sfenOf(page), '4k4/9/9/9/9/9/9/9/4K4 b - 1');
      assert.equal(urlSfen(page), '4k4/9/9/9/9/9/9/9/4K4 b - 1');
      assert.deepEqual(await rules(page), ['count']);
      assert.equal(await page.getAttribute('#box [data-kind="P"]', 'data-count'), '18');

      // Click-to-place a Sente rook on 5e: Gote's king on 5a is in check with Sente to move.
      await page.click('#palette [data-piece="R"]');
      await square(page, '5e').click();
      assert.equal(await sfenOf(page), '4k4/9/9/9/4R4/9/9/9/4K4 b - 1');
      assert.deepEqual(await rules(page), ['count', 'king']);
      assert.match(await square(page, '5a').getAttribute('class'), /\bbad\b/);
      assert.match(await square(page, '5e').getAttribute('class'), /\bbad\b/);
      await page.click('#palette [data-piece="R"]'); // put the brush down

      // Drag the rook from 5e to 2b: no more check.
      await square(page, '5e').locator('.piece').dragTo(square(page, '2b'));
      assert.equal(await sfenOf(page), '4k4/7R1/9/9/9/9/9/9/4K4 b - 1');
      assert.deepEqual(await rules(page), ['count']);

      // Right-click cycles promotion and colour; undo and redo walk the history.
      await square(page, '2b').click({ button: 'right' });
      assert.equal(await sfenOf(page), '4k4/7+R1/9/9/9/9/9/9/4K4 b - 1');
      await page.click('#undo');
      assert.equal(await sfenOf(page), '4k4/7R1/9/9/9/9/9/9/4K4 b - 1');
      await page.click('#redo');
      assert.equal(await sfenOf(page), '4k4/7+R1/9/9/9/9/9/9/4K4 b - 1');

      // The box goes to Gote's hand: the piece set is complete.
      await page.click('#rest-w');
      assert.equal(await sfenOf(page), '4k4/7+R1/9/9/9/9/9/9/4K4 b r2b4g4s4n4l18p 1');
      assert.deepEqual(await rules(page), []);
      assert.equal(await page.getAttribute('#box [data-kind="P"]', 'data-count'), '0');

      await keyboardAndHands(page);

      // Flipping turns the board round: 1i is drawn first, Sente's hand on top.
      await page.click('#flip');
      assert.equal(await page.getAttribute('#board .grid .sq >> nth=0', 'data-square'), String(index('1i')));
      assert.equal(await page.getAttribute('#board .hand >> nth=0', 'data-hand'), '0');
      await page.click('#flip');
      assert.equal(await page.getAttribute('#board .grid .sq >> nth=0', 'data-square'), String(index('9a')));

      // A shared link opens the same position.
      const link = page.url();
      const again = await site.browser.newPage();
      await again.goto(link);
      assert.equal(await again.inputValue('#sfen'), '4k4/7+R1/9/9/9/9/9/9/4K4 b r2b4g4s4n4l17p 1');
      await again.close();
    });
  });

  test('SFEN import accepts the reference format and reports bad text', async (t) => {
    await onPage(t, '?game=minishogi', async (page) => {
      await page.fill('#sfen', 'K1G1g/rbB1+r/+S3p/5/1sk2[p] w');
      await page.click('#sfen-form button[type="submit"]');
      await page.waitForFunction(() => new URL(location.href).searchParams.get('sfen')?.startsWith('K1G1g'));
      assert.equal(await sfenOf(page), 'K1G1g/rbB1+r/+S3p/5/1sk2 b p 1');
      assert.deepEqual(await rules(page), ['prev']);
      await page.fill('#sfen', 'K1G1g/rbB1+r/+S3p/5 b - 1');
      await page.click('#sfen-form button[type="submit"]');
      await page.waitForSelector('#sfen-error:not([hidden])');
      assert.match(await page.textContent('#sfen-error'), /rows/);
      // A Shogi position switches the game.
      await page.fill('#sfen', '4k4/9/9/9/9/9/9/9/4K4 b RB2G2S2N2L9Prb2g2s2n2l9p 1');
      await page.click('#sfen-form button[type="submit"]');
      await page.waitForFunction(() => new URL(location.href).searchParams.get('game') === 'shogi');
      assert.equal(await page.inputValue('#game'), 'shogi');
      assert.equal(await page.locator('#board .sq').count(), 81);
    });
  });
});

describe('robustness', () => {
  const START = 'lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1';

  for (const game of ['constructor', '__proto__', 'toString']) {
    test(`?game=${game} (a property every object has) says there is no such game and shows Shogi`, async (t) => {
      await onPage(t, `?game=${game}`, async (page) => {
        assert.equal(await page.inputValue('#game'), 'shogi');
        assert.equal(await page.locator('#board .sq').count(), 81);
        assert.equal(await sfenOf(page), START);
        assert.deepEqual(await rules(page), []);
        assert.equal(await page.isVisible('#sfen-error'), true);
        const message = await page.textContent('#sfen-error');
        assert.ok(message.includes(`no game "${game}"`), message);
        assert.match(message, /showing Shogi/);
        assert.equal(new URL(page.url()).searchParams.get('game'), 'shogi');
      });
    });
  }

  test('an unknown game with a Mini Shogi SFEN shows that position in Mini Shogi', async (t) => {
    const sfen = 'rbsgk/4p/5/P4/KGSBR b - 1';
    await onPage(t, `?game=chess&sfen=${encodeURIComponent(sfen)}`, async (page) => {
      assert.equal(await page.inputValue('#game'), 'minishogi');
      assert.equal(await sfenOf(page), sfen);
      assert.match(await page.textContent('#sfen-error'), /no game "chess".*showing Mini Shogi/);
    });
  });

  test('a ?sfen= in the reference\'s format is read by the engine and shown', async (t) => {
    await onPage(t, `?game=minishogi&sfen=${encodeURIComponent('K1G1g/rbB1+r/+S3p/5/1sk2[p] w')}`, async (page) => {
      await page.waitForFunction(() => new URL(location.href).searchParams.get('sfen') === 'K1G1g/rbB1+r/+S3p/5/1sk2 b p 1');
      assert.equal(await sfenOf(page), 'K1G1g/rbB1+r/+S3p/5/1sk2 b p 1');
      assert.deepEqual(await rules(page), ['prev']);
      assert.equal(await page.isVisible('#sfen-error'), false);
    });
  });

  test('a bad ?sfen= shows its error and keeps the text in the SFEN field and the link', async (t) => {
    const bad = '4k4/9/9/9/9/9/9/9/4K4 x - 1';
    await onPage(t, `?game=shogi&sfen=${encodeURIComponent(bad)}`, async (page) => {
      // The board shows the initial position, diagnosed; the error stays once the diagnostics are in.
      await page.waitForSelector(`#diagnostics[data-sfen="${START}"]`);
      assert.equal(await page.locator('#board .grid .piece').count(), 40);
      assert.equal(await sfenOf(page), bad);
      assert.equal(urlSfen(page), bad);
      // The engine read the text and said why it is no position.
      await page.waitForSelector('#sfen-error:not([hidden])');
      assert.match(await page.textContent('#sfen-error'), /could not be read: side to move must be `b` or `w`, found "x"/);
      // Corrected and loaded: the error goes and the position is shown.
      await page.fill('#sfen', bad.replace(' x ', ' b '));
      await page.click('#sfen-form button[type="submit"]');
      await page.waitForFunction(() => document.getElementById('sfen-error').hidden);
      assert.equal(await sfenOf(page), '4k4/9/9/9/9/9/9/9/4K4 b - 1');
      assert.equal(await page.locator('#board .grid .piece').count(), 2);
    });
  });

  test('the node cap must be a whole number from 1 to 1e9: anything else is refused with a message', async (t) => {
    const reachable =
      '2K1lp1l1/1P3P3/4+L2P1/2p2+b1N1/2+p5S/pp+pp+NB1pp/+pr1g1g1+s+P/+r1s1+n+pkg+S/P1P1+PgN2 b L 1';
    await onPage(t, `?game=shogi&sfen=${encodeURIComponent(reachable)}`, async (page) => {
      // 4294967297 would wrap to 1 as a 32-bit number.
      for (const cap of ['0', '-5', '1.5', '1000000001', '4294967297', '']) {
        await setNodeCap(page, cap);
        await page.click('#prove');
        await page.waitForSelector('#max-nodes-error:not([hidden])');
        assert.match(await page.textContent('#max-nodes-error'), /whole number from 1 to 1,000,000,000/, cap);
        assert.equal(await page.getAttribute('#max-nodes', 'aria-invalid'), 'true', cap);
        assert.equal(await page.getAttribute('#verdict', 'data-verdict'), null, `no search for ${cap}`);
        assert.equal(await page.isDisabled('#prove'), false);
      }
      // The smallest cap is accepted: the message goes, and the search stops at once with unknown.
      await setNodeCap(page, '1');
      assert.equal(await page.isHidden('#max-nodes-error'), true);
      await page.click('#prove');
      await page.waitForSelector('#verdict[data-verdict="unknown"]', { timeout: 30_000 });
      assert.equal(await page.getAttribute('#max-nodes', 'aria-invalid'), null);
    });
  });

  test('the box never shows a negative count: too many pieces are marked and explained', async (t) => {
    const tooMany = '4k4/9/9/9/9/9/9/9/4K4 b 999999P3g 1';
    await onPage(t, `?game=shogi&sfen=${encodeURIComponent(tooMany)}`, async (page) => {
      assert.equal(await sfenOf(page), tooMany);
      assert.ok((await rules(page)).length > 0, 'the diagnostics flag the position');
      const counts = await page.$$eval('#box .box-item', (items) => items.map((i) => Number(i.dataset.count)));
      assert.ok(counts.length > 0 && counts.every((n) => n >= 0), JSON.stringify(counts));
      assert.doesNotMatch(await page.textContent('#box'), /-\d/);
      assert.equal(await page.getAttribute('#box [data-kind="P"]', 'data-excess'), '999981');
      assert.equal(await page.getAttribute('#box [data-kind="P"]', 'data-count'), '0');
      assert.match(await page.getAttribute('#box [data-kind="P"]', 'class'), /too-many/);
      assert.equal(await page.getAttribute('#box [data-kind="G"]', 'data-count'), '1');
      assert.equal(await page.getAttribute('#box [data-kind="G"]', 'data-excess'), null);
      assert.equal(await page.isVisible('#box-note'), true);
      assert.match(await page.textContent('#box-note'), /P: 999,981 more than the 18 the game has/);
      // Back within the piece set (Clear keeps only the kings): the note goes.
      await page.click('#clear');
      assert.equal(await page.getAttribute('#box [data-kind="P"]', 'data-count'), '18');
      assert.equal(await page.isHidden('#box-note'), true);
    });
  });
});
