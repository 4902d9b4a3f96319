// Judkins shogi, the third game, on the page as the other two are: its board (6×6) with no From menu (it
// has no handicaps), a reachable position proved and its game played on the board as the command line
// finds it, and an estimate beside this project's published run, labelled as such; on a desktop and a
// phone, in English and Japanese.
import { describe, test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { cli, launchPhones, phoneContext, sfenOf, useChromium } from '../site.mjs';

const site = useChromium();
const { onPage } = site;

const START = 'rbnsgk/5p/6/6/P5/KGSNBR b - 1';
// The page's example: sample 3 of seed 1, 18 plies back to a KK position.
const REACHABLE = '+S+Pr2+N/6/2Bp1B/Ks+nGr1/2k3/g5 b - 1';

/** The size of the squares drawn on the board shown (`#board` or the play board), and whether all of it is
 * on screen. */
const drawn = (page, board) =>
  page.$eval(board, (b) => {
    const sq = b.querySelector('[data-square]').getBoundingClientRect();
    const r = b.getBoundingClientRect();
    return {
      squares: b.querySelectorAll('.grid [data-square]').length,
      side: sq.width,
      inside: r.top >= 0 && r.left >= 0 && r.bottom <= innerHeight && r.right <= innerWidth,
    };
  });

describe('Judkins shogi', () => {
  let phones;
  before(async () => {
    phones = await launchPhones();
  });
  after(async () => {
    await phones?.close();
  });

  for (const [screen, lang, width] of [['1366×768', 'en', 0], ['a 360×740 phone', 'ja', 360]]) {
    test(`at ${screen} in ${lang}: the 6×6 board, no From menu, a position proved and its game played`, async (t) => {
      const game = JSON.parse(cli('proof-game', '--variant', 'judkins', '--format', 'json', REACHABLE));
      const context = width ? await phoneContext(phones, width) : await phones.newContext({ viewport: { width: 1366, height: 768 } });
      try {
        await onPage(t, `?game=judkins&lang=${lang}`, async (page) => {
          assert.equal(await page.inputValue('#game'), 'judkins');
          assert.equal(await page.textContent('#game option:checked'), { en: 'Judkins shogi', ja: 'ジャドケンス将棋' }[lang]);
          assert.equal(await sfenOf(page), START);
          const board = await drawn(page, '#board');
          assert.equal(board.squares, 36);
          assert.ok(board.side >= 30, `squares of ${board.side} px`);
          // No handicap starts: no menu to choose one (nor for Mini Shogi).
          assert.equal(await page.isVisible('#start-choice'), false);
          await page.selectOption('#game', 'minishogi');
          assert.equal(await page.isVisible('#start-choice'), false);
          await page.selectOption('#game', 'shogi');
          assert.equal(await page.isVisible('#start-choice'), true);
          await page.selectOption('#game', 'judkins');
          await page.fill('#sfen', REACHABLE);
          await page.click('#sfen-form button[type="submit"]');
          await page.waitForFunction((s) => document.getElementById('sfen').value === s, REACHABLE);
          await page.click('#prove');
          await page.waitForSelector('#answer[data-state="done"]', { timeout: 120_000 });
          assert.equal(await page.getAttribute('#answer', 'data-verdict'), 'reachable');
          // The page's engine finds the command line's game: the same budget, counted in positions.
          assert.equal(Number(await page.getAttribute('#answer', 'data-plies')), game.plies);
          await page.click('#answer-play');
          await page.waitForSelector(`#play-board[data-ply="${game.plies}"]`, { timeout: 60_000 });
          const played = await drawn(page, '#play-board');
          assert.equal(played.squares, 36);
          assert.ok(played.inside, 'the game plays on screen');
          const moves = await page.$$eval('#play-moves li > button[data-usi]', (els) => els.map((e) => e.dataset.usi));
          assert.deepEqual(moves, game.moves.map((m) => m.move));
        }, { context });
      } finally {
        await context.close();
      }
    });
  }

  for (const lang of ['en', 'ja']) {
    test(`in ${lang}: an estimate is set beside this project's run, labelled as this project's`, async (t) => {
      const published = JSON.parse(cli('games', '--json')).games.find((g) => g.name === 'judkins').published;
      assert.equal(published.source, 'this_project');
      await onPage(t, `?game=judkins&lang=${lang}`, async (page) => {
        await page.click('#tab-estimate-button');
        await page.selectOption('#est-game', 'judkins');
        await page.fill('#est-samples', '2000');
        await page.click('#est-start');
        await page.waitForSelector('#est-result p.estimate', { timeout: 120_000 });
        const label = { en: "This project's run", ja: '本プロジェクトの計算' }[lang];
        const head = await page.textContent('#funnel thead');
        assert.ok(head.includes(label) && !head.includes({ en: 'Paper', ja: '論文' }[lang]), head);
        const total = published.funnel[0][1].toLocaleString('en');
        assert.ok((await page.textContent('#funnel tbody')).includes(total));
        assert.ok((await page.textContent('#est-result')).includes(label));
        // The command line's estimate of the same samples.
        const report = JSON.parse(cli('estimate', '--variant', 'judkins', '--samples', '2000', '--seed', '20261122', '--json'));
        assert.equal(Number(await page.getAttribute('#est-result p.estimate', 'data-reachable')), report.tally.stages.OK);
      });
    });
  }
});
