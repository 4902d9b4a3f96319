// One board: at every step of Play it, the path from a KK position, moves played and a record stepped through,
// exactly one full-size board is drawn and all of it is on screen; at 1366×768 and on 360×740 and 390×844
// touch phones, in English and Japanese. Real-browser tests of the site in dist/ in headless Chromium.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { cli, fullSizeBoards, index, launchPhones, useChromium } from '../site.mjs';

const site = useChromium();
const PHONE = { isMobile: true, hasTouch: true, deviceScaleFactor: 2 };
const SCREENS = [
  ['1366×768', { viewport: { width: 1366, height: 768 } }],
  ['a 360×740 phone', { ...PHONE, viewport: { width: 360, height: 740 } }],
  ['a 390×844 phone', { ...PHONE, viewport: { width: 390, height: 844 } }],
];
const REACHABLE = 'lnsgkgsnl/1r5b1/pppp1p1pp/4p1p2/9/2P1P4/PP1P1PPPP/1B5R1/LNSGKGSNL b - 1';

let phones;
before(async () => {
  phones = await launchPhones();
});
after(() => phones?.close());

/**
 * Fails unless exactly one full-size board is drawn, wholly inside the viewport, and it is `id`'s; and unless
 * each of the `controls` (ids) is wholly on screen too.
 */
async function oneBoardInView(page, id, when, controls = []) {
  const boards = await page.evaluate(fullSizeBoards);
  assert.equal(boards.length, 1, `${when}: ${JSON.stringify(boards)}`);
  assert.equal(boards[0].id, id, when);
  assert.ok(boards[0].inside, `${when}: ${JSON.stringify(boards[0])}`);
  const hidden = await page.evaluate((ids) => ids.filter((c) => {
    const r = document.getElementById(c).getBoundingClientRect();
    return !(r.height > 0 && r.top >= -0.5 && r.bottom <= innerHeight + 0.5);
  }), controls);
  assert.deepEqual(hidden, [], `${when}: controls off screen`);
}

describe('one board, always in view', () => {
  const kif = cli('proof-game', '--format', 'kif', '--variant', 'shogi', REACHABLE);
  for (const [name, options] of SCREENS) {
    for (const lang of ['en', 'ja']) {
      test(`${name} (${lang}): Play it, the path, moves played and a record`, async (t) => {
        const context = await phones.newContext(options);
        try {
          await site.onPage(t, `?game=shogi&lang=${lang}&sfen=${encodeURIComponent(REACHABLE)}`, async (page) => {
            await oneBoardInView(page, 'board', 'the editor');
            await page.click('#prove');
            await page.waitForSelector('#answer[data-state="done"]', { timeout: 60_000 });
            // Play it: the game plays to its end, then is stepped through from the start.
            await page.click('#answer-play');
            const plies = Number(await page.getAttribute('#answer', 'data-plies'));
            await page.waitForSelector(`#play-board[data-ply="${plies}"]`);
            await page.click('#play-first');
            for (let k = 0; k <= plies; k++) {
              await page.waitForSelector(`#play-board[data-ply="${k}"]`);
              await oneBoardInView(page, 'play-board', `Play it, ply ${k}`, ['play-back', 'play-forward']);
              if (k < plies) await page.click('#play-forward');
            }
            // The path from the KK position: it takes the board from the game.
            await page.click('#answer-proof');
            const steps = await page.locator('#moves li').count();
            for (let k = 0; k < Math.min(steps, 5); k++) {
              await oneBoardInView(page, 'player-board', `the path, step ${k}`, ['back', 'forward']);
              await page.click('#forward');
            }
            await page.click('#path-stop');
            await oneBoardInView(page, 'board', 'the path stopped');
            // Moves played from the initial position.
            const initial = await page.$eval('#play-start', (s) => [...s.options].find((o) => o.value.startsWith('lnsgkgsnl/1r5b1/ppppppppp/9/9/9/')).value);
            await page.selectOption('#play-start', initial);
            await page.click('#play-begin');
            await page.waitForSelector('#play-panel[data-state="ready"]');
            for (const [from, to] of [['7g', '7f'], ['3c', '3d']]) {
              await oneBoardInView(page, 'play-board', `before ${from}${to}`, ['play-undo']);
              await page.locator(`#play-board [data-square="${index(from)}"]`).click();
              await page.locator(`#play-board [data-square="${index(to)}"]`).click();
              await page.waitForFunction((u) => [...document.querySelectorAll('#play-moves button[data-usi]')].some((b) => b.dataset.usi === u), `${from}${to}`);
            }
            await oneBoardInView(page, 'play-board', 'after the moves', ['play-undo']);
            await page.click('#play-stop');
            await oneBoardInView(page, 'board', 'the game stopped');
            // A record read: its moves are the tree, stepped through on the page's board.
            await page.fill('#record-text', kif);
            await page.click('#record-read');
            await page.waitForSelector('#play-moves button[aria-current][data-usi]');
            const moves = await page.locator('#play-moves li > button').count();
            for (const k of [1, Math.floor(moves / 2), moves - 1]) {
              await page.locator('#play-moves li > button').nth(k).click();
              await page.waitForFunction((i) => document.querySelectorAll('#play-moves li > button')[i].hasAttribute('aria-current'), k);
              await oneBoardInView(page, 'play-board', `the record at move ${k}`, ['play-stop']);
            }
          }, { context });
        } finally {
          await context.close();
        }
      });
    }
  }
});
