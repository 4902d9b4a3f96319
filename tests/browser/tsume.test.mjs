// Tsume set-ups (Gote's king, none of Sente's): Prove tries Sente's king on every empty square, marks on
// the board the squares where the position could arise in a game (each checked here against `prove` with
// the king there; the scenario of tests/scenarios/tsume.mjs, which Firefox runs too), offers each as a
// button that proves that position and finds its game, and says why when there is none.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { cli, launchPhones, phoneContext, useChromium } from '../site.mjs';
import { marksKingSquares } from '../scenarios/tsume.mjs';
import { driver } from '../scenarios/ui.mjs';

const site = useChromium();
const { onPage } = site;

const PRESET = '4k4/9/9/9/9/9/9/9/9 b 2r2b4g4s4n4l18p 1';
// Gote's king, bishop and rook on 1a, 9a, 9i; Sente's gold and pawn on 2c, 1c and a gold in hand.
const PROBLEM = 'b7k/9/7GP/9/9/9/9/9/r8 b Grb2g4s4n4l17p 1';
// Two Sente pawns on the 1 file: no square helps.
const NIFU = '8k/9/8P/9/8P/9/9/9/9 b 2r2b4g4s4n4l16p 1';

async function tried(page) {
  await page.click('#prove');
  await page.waitForSelector('#answer[data-verdict="tsume"]', { timeout: 60_000 });
}

describe('tsume set-ups', () => {
  test('every square where Sente\'s king could stand is marked and offered, each as prove says', async (t) => {
    for (const [sfen, lang] of [[PRESET, 'ja'], [PROBLEM, 'en']]) {
      // Square by square: the position with the king there, proved alone, as king-squares says.
      const native = JSON.parse(cli('king-squares', '--json', sfen));
      const proved = native.squares.filter((s) => JSON.parse(cli('prove', '--json', s.sfen)).verdict === 'reachable');
      assert.deepEqual(native.reachable, proved.map((s) => s.square));
      await onPage(t, `?game=shogi&lang=${lang}&sfen=${encodeURIComponent(sfen)}`, (page) =>
        marksKingSquares(driver(page), sfen, lang));
    }
  });

  test('on a phone, a square offered proves that position and finds its game; none says why', async (t) => {
    const phones = await launchPhones();
    t.after(() => phones.close());
    const context = await phoneContext(phones, 360);
    await onPage(t, `?game=shogi&lang=en&sfen=${encodeURIComponent(PROBLEM)}`, async (page) => {
      await tried(page);
      await page.click('#answer-squares button[data-square="5i"]');
      await page.waitForSelector('#answer[data-verdict="reachable"]', { timeout: 60_000 });
      assert.match(await page.inputValue('#sfen'), /^b7k\/9\/7GP\/9\/9\/9\/9\/9\/r3K4 b /);
      assert.equal(await page.$$eval('#board .sq.target', (c) => c.length), 0, 'the marks go with the set-up');
    }, { context });
    const { squares } = JSON.parse(cli('king-squares', '--json', NIFU));
    await onPage(t, `?game=shogi&lang=ja&sfen=${encodeURIComponent(NIFU)}`, async (page) => {
      await tried(page);
      assert.equal(await page.textContent('#answer-heading'), '先手玉をどこに置いても対局に現れません');
      assert.ok(squares.every((s) => s.causes[0].kind === 'two-pawns'));
      assert.match(await page.textContent('#answer-text'), /先手の歩が１筋に2枚あります（１三、１五）/);
      assert.equal(await page.isHidden('#answer-squares'), true);
    }, { context });
  });
});
