// Judkins shogi, the third game, on the page as the other two are: its board (6×6) with no From menu (it
// has no handicaps), a reachable position proved and its game played on the board as the command line
// finds it (the scenario of tests/scenarios/judkins.mjs, which Firefox runs too), and an estimate beside
// this project's published run, labelled as such; on a desktop and a phone, in English and Japanese.
import { describe, test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { cli, launchPhones, phoneContext, sfenOf, useChromium } from '../site.mjs';
import { proveAndPlay } from '../scenarios/judkins.mjs';
import { driver } from '../scenarios/ui.mjs';

const site = useChromium();
const { onPage } = site;

const START = 'rbnsgk/5p/6/6/P5/KGSNBR b - 1';

/** The size of the squares drawn on the board shown (`#board` or the play board), and whether all of it is
 * on screen. */
const drawn = (page, board) =>
  page.$eval(board, (b) => {
    const sq = b.querySelector('[data-square]').getBoundingClientRect();
    const r = b.getBoundingClientRect();
    return { side: sq.width, inside: r.top >= 0 && r.left >= 0 && r.bottom <= innerHeight && r.right <= innerWidth };
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
      const context = width ? await phoneContext(phones, width) : await phones.newContext({ viewport: { width: 1366, height: 768 } });
      try {
        await onPage(t, `?game=judkins&lang=${lang}`, async (page) => {
          assert.equal(await page.textContent('#game option:checked'), { en: 'Judkins shogi', ja: 'ジャドケンス将棋' }[lang]);
          assert.equal(await sfenOf(page), START);
          const board = await drawn(page, '#board');
          assert.ok(board.side >= 30, `squares of ${board.side} px`);
          await proveAndPlay(driver(page));
          assert.ok((await drawn(page, '#play-board')).inside, 'the game plays on screen');
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
        const report = JSON.parse(cli('estimate', '--game', 'judkins', '--samples', '2000', '--seed', '20261122', '--json'));
        assert.equal(Number(await page.getAttribute('#est-result p.estimate', 'data-reachable')), report.tally.stages.OK);
      });
    });
  }
});
