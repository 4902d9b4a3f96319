// The explorer of last moves: taking a record's moves back as the CLI does (the scenario of
// tests/scenarios/retro.mjs, which Firefox runs too), a position without last moves, and writing them in
// the page's notation.
// Real-browser tests of the site in dist/ (`npm run build`) in Debian's headless Chromium (tests/site.mjs).
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { cli, retroShown, useChromium, useScratch } from '../site.mjs';
import { takeBackAsTheCli } from '../scenarios/retro.mjs';
import { driver } from '../scenarios/ui.mjs';

const site = useChromium();
const { onPage } = site;
const scratch = useScratch();

describe('taking moves back', () => {
  test('the explorer takes back three moves of a record as the CLI does, and comes forward again', async (t) => {
    await onPage(t, '?game=shogi&lang=en', (page) => takeBackAsTheCli(driver(page), scratch));
  });

  test('a position no legal game holds lists no last move, and says why in the page\'s language', async (t) => {
    // Two Sente pawns on the 5 file: the CLI refuses it too.
    const nifu = 'lnsgkgsnl/1r5b1/ppppppppp/9/4P4/9/PPPPP1PPP/1B5R1/LNSGKGSNL w - 1';
    assert.throws(() => cli('predecessors', nifu), (e) => /not a legal position/.test(String(e.stderr)));
    for (const [lang, why] of [['en', /^No last moves: not a legal position, so no legal move leads to it: Sente has two unpromoted pawns on file 5/], ['ja', /^最後の一手を求められません：合法な局面ではないので、この局面に至る合法な手はありません：先手の歩が５筋に2枚あります/]]) {
      await onPage(t, `?game=shogi&lang=${lang}&sfen=${encodeURIComponent(nifu)}`, async (page) => {
        await page.waitForSelector('#retro-moves[data-state="error"]', { state: 'attached' });
        assert.match(await page.textContent('#retro-count'), why);
        assert.equal(await page.$$eval('#retro-moves > li', (lis) => lis.length), 0);
      });
    }
  });

  test('the explorer writes moves in the page\'s notation: Western in English, Japanese in Japanese', async (t) => {
    const after76 = 'lnsgkgsnl/1r5b1/ppppppppp/9/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL w - 2';
    // A position where a dragon may have captured on its square: the row says `x` only for a capture.
    for (const lang of ['en', 'ja']) {
      await onPage(t, `?game=shogi&lang=${lang}&sfen=${encodeURIComponent(after76)}`, async (page) => {
        await retroShown(page);
        const row = (usi) => page.locator(`#retro-moves li[data-usi="${usi}"] .retro-move`).textContent();
        assert.equal(await row('7g7f'), lang === 'en' ? '7g7f P-7f' : '7g7f ☗７六歩');
        // A drop is the same in USI and Western notation, and written once.
        assert.equal(await row('P*7f'), lang === 'en' ? 'P*7f' : 'P*7f ☗７六歩');
        const rows = await page.$$eval('#retro-moves .retro-move', (els) => els.map((e) => e.textContent));
        for (const r of rows) {
          if (lang === 'en') assert.match(r, /^([1-9][a-i][1-9][a-i]\+? )?\+?[KRBGSNLP](\d[a-i])?[-x*]\d[a-i][+=]?$/, r);
          else assert.match(r, /^\S+ [☗☖][１-９][一二三四五六七八九]/, r);
        }
        // The filter takes a square as the page writes it (５六 or 7f): the moves to or from it.
        for (const square of lang === 'ja' ? ['７六', '7六', '76'] : ['7f']) {
          await page.fill('#retro-filter', square);
          assert.deepEqual(await page.$$eval('#retro-moves > li', (lis) => [...new Set(lis.map((li) => li.dataset.usi.slice(2, 4)))]), ['7f'], square);
        }
        // Or any text of the move as the page writes it.
        await page.fill('#retro-filter', lang === 'ja' ? '☗７六歩' : 'P-7f');
        // (In Japanese the pawn's move and its drop are both ☗７六歩.)
        assert.deepEqual(await page.$$eval('#retro-moves > li', (lis) => lis.map((li) => li.dataset.usi).sort()), lang === 'ja' ? ['7g7f', 'P*7f'] : ['7g7f']);
        await page.fill('#retro-filter', '');
        await page.click('#retro-moves li[data-usi="7g7f"] button[data-captured=""]');
        await page.waitForSelector('#retro-trail[data-at="1"]');
        assert.equal(await page.locator('#retro-trail button[data-crumb="1"]').textContent(), lang === 'en' ? '← 7g7f P-7f' : '← 7g7f ☗７六歩');
      });
    }
  });
});
