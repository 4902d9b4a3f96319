// The answer card: right after Prove, on screen without scrolling (1366×768 and a 360×740 phone, English
// and Japanese), a reachable position's whole game (length and shortest flag as the CLI's proof-game says)
// played on the main board, an unreachable one's reason and certificate, an unknown one's raised cap,
// Cancel, and an edit that takes the card away and stops its search.
// Real-browser tests of the site in dist/ (`npm run build`) in Debian's headless Chromium (tests/site.mjs).
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  afterPly, axeViolations, cli, launchPhones, position, SHOGI_NO_PREV, readRecord, setNodeCap, useChromium, useScratch,
} from '../site.mjs';
import { answerAndPlay } from '../scenarios/answer.mjs';
import { driver } from '../scenarios/ui.mjs';

const site = useChromium();
const { onPage } = site;
const scratch = useScratch();

// The bishop exchange: 7g7f 3c3d 8h2b+ 3a2b.
const EXCHANGE = 'position startpos moves 7g7f 3c3d 8h2b+ 3a2b';
const REACH72 = '2K1lp1l1/1P3P3/4+L2P1/2p2+b1N1/2+p5S/pp+pp+NB1pp/+pr1g1g1+s+P/+r1s1+n+pkg+S/P1P1+PgN2 b L 1';
// Self-play game 7 at ply 40 (crate/engine/tests/data/selfplay/shogi.tsv): the short search finds a game of
// 40 plies, not proved shortest, in a few seconds (REACH72 spends the whole budget, then takes the KK route).
const GAME7_40 = 'lk5nl/1s1r1gsb1/1pn1g1ppp/p1p1pP3/6P1P/2PpP4/PP2SRNP1/1BK1G4/LNS2G2L b 2p 1';
const TWO_PAWNS = 'lnsgkgsnl/1r5b1/ppppppppp/9/9/4P4/PPP1PPPPP/1B5R1/LNSGKGSNL b - 1';

let exchange; // the position after the exchange, as the CLI reads the record
let game; // the CLI's whole game of it (standard budget)
before(() => {
  const file = join(scratch, 'exchange.usi');
  writeFileSync(file, `${EXCHANGE}\n`);
  exchange = afterPly(file, 4);
  game = JSON.parse(cli('proof-game', '--format', 'json', exchange));
});

/** The card's box against the window's: whether all of it is on screen as the page is now. */
const onScreen = (page) =>
  page.$eval('#answer', (card) => {
    const r = card.getBoundingClientRect();
    // (Scrolled into view, its edge may sit a fraction of a pixel past the screen's.)
    const inside = r.top >= -0.5 && r.left >= 0 && r.bottom <= innerHeight + 0.5 && r.right <= innerWidth;
    return { inside, top: r.top, bottom: r.bottom, height: innerHeight };
  });

/** Proves the editor's position and waits for the card's game. */
async function proveAndFind(page) {
  await page.click('#prove');
  await page.waitForSelector('#answer[data-state="done"]', { timeout: 120_000 });
}

describe('the answer card', () => {
  let phones;
  before(async () => {
    phones = await launchPhones();
  });
  after(async () => {
    await phones?.close();
  });

  const desktop = ['1366×768', { viewport: { width: 1366, height: 768 } }];
  const phone = ['a 360×740 phone', { viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 }];
  // Both screens and both languages, each once: where the card sits depends on the screen, its words on the
  // language; the phone gets the longer words (English).
  for (const [[screen, options], lang] of [[phone, 'en'], [desktop, 'ja']]) {
    test(`at ${screen} in ${lang}: the game's length and "shortest possible" are on screen right after Prove`, async (t) => {
      const context = await phones.newContext(options);
      try {
        await onPage(t, `?game=shogi&lang=${lang}&sfen=${encodeURIComponent(exchange)}`, async (page) => {
          await answerAndPlay(driver(page), exchange, lang, async () => {
            // The paper's proof is one click away, and explained in a sentence.
            const proof = await page.textContent('#answer-proof-text');
            assert.ok(proof.includes(await page.getAttribute('#verdict', 'data-plies')), proof);
            assert.equal(await page.isVisible('#answer-proof'), true);
            assert.deepEqual(await axeViolations(page), [], 'axe, with the card');
          });
          // Nothing is wider than the screen.
          assert.equal(await page.isVisible('#play-board'), true);
          const widths = await page.evaluate(() => [document.documentElement.scrollWidth, innerWidth]);
          assert.ok(widths[0] <= widths[1], `page ${widths[0]} px wide on a ${widths[1]} px screen`);
          assert.deepEqual(await axeViolations(page), [], 'axe, with the game playing');
        }, { context });
      } finally {
        await context.close();
      }
    });
  }

  test('a record read, proved: Play it plays the CLI\'s game on the main board, a line of the move tree, and ends on the position', async (t) => {
    await onPage(t, '?game=shogi&lang=en', async (page) => {
      await readRecord(page, EXCHANGE);
      assert.equal(position(await page.inputValue('#sfen')), position(exchange));
      await proveAndFind(page);
      await page.click('#answer-play');
      // The game plays on the page's board in the editor's place, the line shown of the move tree.
      assert.equal(await page.isHidden('#board'), true);
      assert.equal(await page.isVisible('#play-board'), true);
      const moves = await page.$$eval('#play-moves li > button[data-usi]', (els) => els.map((e) => e.dataset.usi));
      assert.deepEqual(moves, game.moves.map((m) => m.move));
      await page.waitForSelector(`#play-board[data-ply="${game.plies}"]`, { timeout: 60_000 });
      assert.equal(position(await page.getAttribute('#play-board', 'data-sfen')), position(exchange));
      // The board shown is the editor's position, square by square and in the hands.
      const drawn = (root) =>
        page.$eval(root, (board) => ({
          squares: [...board.querySelectorAll('.grid [data-square]')]
            .map((sq) => `${sq.dataset.square}:${sq.querySelector('.piece')?.className ?? ''}:${sq.textContent}`)
            .sort(),
          hands: [...board.querySelectorAll('[data-hand-kind]')]
            .map((h) => [h.closest('[data-hand]').dataset.hand, h.dataset.handKind, h.querySelector('.count')?.textContent])
            .map(([color, kind, n]) => `${color}${kind}${n}`)
            .filter((h) => !/(^|\D)0$/.test(h))
            .sort(),
        }));
      assert.deepEqual(await drawn('#play-board'), await drawn('#board'));
      assert.deepEqual(await axeViolations(page), [], 'axe, while the game plays');
      // The step buttons (Play has the focus after Play it) go along the game on the board only: the editor
      // keeps the position proved, and the card its answer.
      assert.equal(await page.evaluate(() => document.activeElement?.id), 'play-auto');
      await page.click('#play-first');
      assert.equal(await page.getAttribute('#play-board', 'data-sfen'), game.start);
      await page.click('#play-forward');
      assert.equal(await page.getAttribute('#play-board', 'data-sfen'), game.moves[0].sfen);
      await page.click('#play-last');
      assert.equal(await page.getAttribute('#play-board', 'data-ply'), String(game.plies));
      await page.click('#play-back');
      assert.equal(await page.getAttribute('#play-board', 'data-sfen'), game.moves.at(-2).sfen);
      assert.equal(position(await page.inputValue('#sfen')), position(exchange));
      assert.equal(await page.isVisible('#answer'), true);
      // The path player below is left alone.
      assert.equal(await page.getAttribute('#player-caption', 'data-index'), '0');
      await page.click('#play-stop');
      assert.equal(await page.isVisible('#board'), true);
      assert.equal(await page.isHidden('#play-board'), true);
      assert.equal(position(await page.inputValue('#sfen')), position(exchange));
      // Show the proof: the path from the KK position, in view.
      await page.click('#answer-proof');
      assert.equal(await page.textContent('#player-title'), 'The path from a KK position');
      await page.waitForFunction(() => {
        const r = document.getElementById('player').getBoundingClientRect();
        return r.top >= -1 && r.top < innerHeight;
      });
    });
  });

  for (const [name, sfen] of [['no legal predecessor', SHOGI_NO_PREV], ['two pawns on a file', TWO_PAWNS]]) {
    test(`unreachable (${name}): the cause in a sentence, in words, and Why? opens the certificate`, async (t) => {
      const native = JSON.parse(cli('prove', '--json', sfen));
      await onPage(t, `?game=shogi&lang=en&sfen=${encodeURIComponent(sfen)}`, async (page) => {
        await page.click('#prove');
        await page.waitForSelector('#answer[data-verdict="unreachable"]', { timeout: 60_000 });
        assert.ok((await onScreen(page)).inside);
        const text = await page.textContent('#answer-text');
        assert.equal(text, native.causes[0].text);
        assert.equal(text.includes(` ${native.stage} `), false, `no stage code: ${text}`);
        assert.equal((text.match(/\. |\.$/g) ?? []).length, 1, `one sentence: ${text}`);
        assert.equal(await page.isHidden('#answer-play'), true);
        await page.click('#answer-why');
        await page.waitForSelector('#certificate[data-stage]', { timeout: 60_000 });
        assert.equal(await page.getAttribute('#certificate', 'data-stage'), native.stage);
        assert.equal(await page.isVisible('#certificate'), true);
        assert.deepEqual(await axeViolations(page), [], 'axe, unreachable');
      });
    });
  }

  test('in Japanese an unreachable reason is in Japanese words, not the stage code', async (t) => {
    await onPage(t, `?game=shogi&lang=ja&sfen=${encodeURIComponent(SHOGI_NO_PREV)}`, async (page) => {
      await page.click('#prove');
      await page.waitForSelector('#answer[data-verdict="unreachable"]', { timeout: 60_000 });
      const text = await page.textContent('#answer-text');
      assert.match(text, /^先手玉（６七）に５五の桂と５七の飛から両王手がかかっています。後手のどの一手も、この両王手はかけられません。$/);
      assert.equal(/[a-z]/i.test(text), false, text);
    });
  });

  test('unknown: said honestly, with a larger node cap one click away', async (t) => {
    await onPage(t, `?game=shogi&lang=en&sfen=${encodeURIComponent(REACH72)}`, async (page) => {
      await setNodeCap(page, '10');
      await page.click('#prove');
      await page.waitForSelector('#answer[data-verdict="unknown"]', { timeout: 60_000 });
      assert.ok((await onScreen(page)).inside);
      assert.match(await page.textContent('#answer-text'), /node cap of 10 positions.*raise the node cap/);
      assert.equal(await page.textContent('#answer-raise'), 'Prove again with a cap of 100');
      await page.click('#answer-raise');
      assert.equal(await page.inputValue('#max-nodes'), '100');
      await page.waitForSelector('#answer[data-verdict]', { timeout: 60_000 });
      assert.match(await page.textContent('#answer-text'), /node cap of 100 positions/);
    });
  });

  test('Cancel stops the game search; Search again finds the CLI\'s game', async (t) => {
    const native = JSON.parse(cli('proof-game', '--format', 'json', GAME7_40));
    await onPage(t, `?game=shogi&lang=en&sfen=${encodeURIComponent(GAME7_40)}`, async (page) => {
      await page.click('#prove');
      await page.waitForSelector('#answer[data-state="searching"]', { timeout: 60_000 });
      await page.click('#answer-cancel');
      await page.waitForSelector('#answer[data-state="cancelled"]');
      assert.equal(await page.textContent('#answer-status'), 'Search stopped: no game yet.');
      assert.equal(await page.isHidden('#answer-play'), true);
      await page.click('#answer-retry');
      await page.waitForSelector('#answer[data-state="done"]', { timeout: 120_000 });
      assert.equal(Number(await page.getAttribute('#answer', 'data-plies')), native.plies);
      assert.equal(await page.getAttribute('#answer', 'data-shortest'), String(native.shortest));
      const heading = await page.textContent('#answer-heading');
      assert.ok(heading.includes(native.shortest ? 'shortest possible' : 'shortest found'), heading);
    });
  });

  test('an edit takes the card away and stops its game search; a shown card goes too', async (t) => {
    await onPage(t, `?game=shogi&lang=en&sfen=${encodeURIComponent(GAME7_40)}`, async (page) => {
      await page.evaluate(() => {
        window.__terminated = 0;
        const terminate = Worker.prototype.terminate;
        Worker.prototype.terminate = function () {
          window.__terminated++;
          return terminate.call(this);
        };
      });
      await page.click('#prove');
      await page.waitForSelector('#answer[data-state="searching"]', { timeout: 60_000 });
      await page.click('#side-w');
      assert.equal(await page.isHidden('#answer'), true);
      // The worker stops once its engine has loaded (engine.js: a worker cut short while loading upsets Firefox).
      await page.waitForFunction(() => window.__terminated >= 1, null, { timeout: 30_000 });
      assert.equal(await page.getAttribute('#answer', 'data-state'), null);
      // Proved again and found, then edited while the game plays: the card goes and the editor comes back.
      await page.click('#side-b');
      await proveAndFind(page);
      await page.click('#answer-play');
      await page.click('#side-w');
      assert.equal(await page.isHidden('#answer'), true);
      assert.equal(await page.isHidden('#play-board'), true);
      assert.equal(await page.isVisible('#board'), true);
    });
  });
});
