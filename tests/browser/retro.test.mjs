// The explorer of last moves: taking moves back as the CLI does, and writing them in the page's notation.
// Real-browser tests of the site in dist/ (`npm run build`) in Debian's headless Chromium (tests/site.mjs).
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import {
  afterPly, cli, MINI_REACHABLE, position, proofGameKif, readRecord, retroShown, rules, sfenOf, useChromium,
  useScratch,
} from '../site.mjs';

const site = useChromium();
const { onPage } = site;
const scratch = useScratch();

describe('taking moves back', () => {
  test('the explorer takes back three moves of a record as the CLI does, and comes forward again', async (t) => {
    const file = proofGameKif(scratch, 'minishogi', MINI_REACHABLE);
    const plies = JSON.parse(cli('prove', '--json', '--record', file)).sfen === MINI_REACHABLE
      ? readFileSync(file, 'utf8').split('\n').filter((l) => /^\s*\d+ /.test(l)).length : NaN;
    assert.ok(plies > 3, `the record has ${plies} moves`);
    await onPage(t, '?game=shogi&lang=en', async (page) => {
      await readRecord(page, readFileSync(file, 'utf8'));
      assert.equal(position(await sfenOf(page)), position(MINI_REACHABLE));
      assert.equal(await page.inputValue('#game'), 'minishogi');
      for (let k = 1; k <= 3; k++) {
        await retroShown(page);
        const here = await sfenOf(page);
        const listing = JSON.parse(cli('predecessors', '--json', '--variant', 'minishogi', here));
        assert.equal(await page.locator('#retro-moves > li').count(), listing.moves);
        assert.match(await page.textContent('#retro-count'), new RegExp(`^${listing.moves} last moves?, ${listing.predecessors} positions? before`));
        // The record's move, with what it captured, as the CLI lists them.
        const earlier = position(afterPly(file, plies - k));
        const move = listing.last_moves.find((m) => m.before.some((b) => position(b.sfen) === earlier));
        const captured = move.before.find((b) => position(b.sfen) === earlier).captured ?? '';
        await page.click(`#retro-moves li[data-usi="${move.usi}"] button[data-captured="${captured}"]`);
        assert.equal(position(await sfenOf(page)), earlier, `take-back ${k}: ${move.usi}`);
        assert.equal(await page.getAttribute('#retro-trail', 'data-length'), String(k + 1));
        assert.equal(await page.getAttribute('#retro-trail', 'data-at'), String(k));
      }
      // The editor works there: diagnostics and Prove.
      assert.deepEqual(await rules(page), []);
      await page.click('#prove');
      await page.waitForSelector('#verdict[data-verdict="reachable"]', { timeout: 30_000 });
      assert.equal(await page.locator('#retro-trail button[aria-current="step"]').textContent(),
        await page.locator('#retro-trail button').nth(3).textContent());
      // Forward again along the breadcrumb, to the record's last position; the verdict goes with the position.
      for (let k = 2; k >= 0; k--) {
        await page.click('#retro-forward');
        assert.equal(position(await sfenOf(page)), position(afterPly(file, plies - k)));
        assert.equal(await page.getAttribute('#retro-trail', 'data-at'), String(k));
      }
      assert.equal(await page.getAttribute('#verdict', 'data-verdict'), 'changed');
      assert.equal(await page.isDisabled('#retro-forward'), true);
      await page.click('#retro-back');
      assert.equal(position(await sfenOf(page)), position(afterPly(file, plies - 1)));
      await page.click('#retro-trail button[data-crumb="3"]');
      assert.equal(position(await sfenOf(page)), position(afterPly(file, plies - 3)));
      // The filter keeps the moves of a kind of piece, or to or from a square, as the CLI's --piece and --square.
      await retroShown(page);
      const here = await sfenOf(page);
      const first = JSON.parse(cli('predecessors', '--json', '--variant', 'minishogi', here)).last_moves[0];
      const square = first.usi.slice(2, 4);
      await page.fill('#retro-filter', square);
      const bySquare = JSON.parse(cli('predecessors', '--json', '--variant', 'minishogi', '--square', square, here));
      assert.deepEqual(await page.$$eval('#retro-moves > li', (lis) => lis.map((li) => li.dataset.usi)),
        bySquare.last_moves.map((m) => m.usi));
      const kind = first.piece.replace('+', '').toUpperCase();
      await page.fill('#retro-filter', kind);
      const byPiece = JSON.parse(cli('predecessors', '--json', '--variant', 'minishogi', '--piece', kind, here));
      assert.deepEqual(await page.$$eval('#retro-moves > li', (lis) => lis.map((li) => li.dataset.usi)),
        byPiece.last_moves.filter((m) => !m.piece.startsWith('+')).map((m) => m.usi));
    });
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
