// Real-browser tests of the site in dist/ in Debian's Firefox ESR, driven by puppeteer-core over WebDriver
// BiDi (Playwright's own Firefox build cannot be installed here; the Debian package can). They cover the
// site's promises, a proof and an estimate also without cross-origin isolation: open the page (pieces,
// icons and a pasted record's kanji from the site's font), build a position and prove it, watch its path
// and the whole game, one consistent state (a game switch, a preset and undo with a proof under way), run
// a Mini Shogi estimate (equal to the native CLI's), axe-core finding nothing critical or serious (cold,
// proved, whole game), bad links and input, polish (Copy confirms, errors go on success); and, as scenarios
// of tests/scenarios/ that tests/browser/ runs in Chromium too, the answer card, the estimate, a game
// record read, its moves taken back and a certificate opened to a leaf, moves played in the play mode (a
// variation made the main line), a language switch in place, and a Judkins shogi position proved and its
// game played. Phones and both languages: firefox-phones.test.mjs; saved runs and shard files:
// firefox-runs.test.mjs. tests/browser/ tests the rest in Chromium. A failing test leaves a screenshot in
// test-results/.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { attr, count, index, sfenOf, text, useFirefox } from './firefox-site.mjs';
import { axeViolations, cli, MINI_REACH, useScratch } from './site.mjs';
import { answerAndPlay } from './scenarios/answer.mjs';
import { reachToLeaf } from './scenarios/certificate.mjs';
import { sameAsTheCli } from './scenarios/estimate.mjs';
import { proveAndPlay } from './scenarios/judkins.mjs';
import { switchInPlace } from './scenarios/language.mjs';
import { playExchange } from './scenarios/play.mjs';
import { takeBackAsTheCli } from './scenarios/retro.mjs';
import { driver } from './scenarios/ui.mjs';

const { onPage, browser } = useFirefox();
const scratch = useScratch();

// Kanji, kana and signs of KIF/KI2/CSA/BOD records (numerals, pieces, move words, headers, endings).
const RECORD_GLYPHS = [...new Set('０１２３４５６７８９一二三四五六七八九十成香桂銀圭全杏竜龍馬と同打上引寄直右左不生' +
  '手合割平落ち枚先後下開始日時終了棋戦型数指消費間投中断千詰み持将反則切れなし駒▲△：＝')].join('');

for (const coi of [true, false]) {
  // Without isolation the page runs its estimates on a pool of plain workers and says so: a proof and an
  // estimate run on both servers; what does not depend on isolation runs on the isolated one only.
  const isolatedOnly = coi ? test : () => {};
  describe(`Firefox, ${coi ? '' : 'not '}cross-origin isolated`, () => {
    isolatedOnly('the pieces are drawn from the site\'s font, each its own glyph', async (t) => {
      await onPage(t, '?game=shogi', async (page) => {
        const probe = await page.evaluate(async (glyphs) => {
          const family = '"Shogi Reach JP"';
          await document.fonts.load(`700 48px ${family}`, glyphs);
          const canvas = document.createElement('canvas');
          canvas.width = canvas.height = 64;
          const ctx = canvas.getContext('2d', { willReadFrequently: true });
          const keys = [...glyphs].map((ch) => {
            ctx.clearRect(0, 0, 64, 64);
            ctx.font = `700 48px ${family}`;
            ctx.fillText(ch, 8, 52);
            return ctx.getImageData(0, 0, 64, 64).data.filter((_, i) => i % 4 === 3).join(',');
          });
          return { distinct: new Set(keys).size, blank: keys.filter((k) => !/[1-9]/.test(k)).length };
        }, '玉王飛角金銀桂香歩龍馬と一二三☗☖');
        assert.deepEqual(probe, { distinct: 17, blank: 0 });
        // A record pasted in the record field: its kanji come from the site's font too (the field names
        // it first), each its own glyph.
        const record = await page.evaluate(async (glyphs) => {
          const family = getComputedStyle(document.getElementById('record-text')).fontFamily;
          await document.fonts.load('400 48px "Shogi Reach JP"', glyphs);
          const canvas = document.createElement('canvas');
          canvas.width = canvas.height = 64;
          const ctx = canvas.getContext('2d', { willReadFrequently: true });
          const keys = [...glyphs].map((ch) => {
            ctx.clearRect(0, 0, 64, 64);
            ctx.font = `400 48px ${family}`;
            ctx.fillText(ch, 8, 52);
            return ctx.getImageData(0, 0, 64, 64).data.filter((_, i) => i % 4 === 3).join(',');
          });
          return {
            first: family.split(',')[0].trim(),
            check: document.fonts.check('400 48px "Shogi Reach JP"', glyphs),
            distinct: new Set(keys).size,
            blank: keys.filter((k) => !/[1-9]/.test(k)).length,
          };
        }, RECORD_GLYPHS);
        assert.deepEqual(record, { first: '"Shogi Reach JP"', check: true, distinct: [...RECORD_GLYPHS].length, blank: 0 });
        // The player's buttons are SVG icons with names, not symbol characters.
        for (const id of ['first', 'back', 'forward', 'last', 'play']) {
          assert.equal(await count(page, `#${id} svg.icon`), 1, id);
        }
        assert.equal((await text(page, '#first')).trim(), '');
        assert.deepEqual(await axeViolations(page), [], 'axe, cold');
      }, { coi });
    });

    test('a hand-built position is proved, its path steps back, the whole game is the shortest', async (t) => {
      const near = 'lnsgkgsnl/1r5b1/pppppp1pp/6p2/9/2P4P1/PP1PPPP1P/1B5R1/LNSGKGSNL w - 1';
      await onPage(t, '?game=shogi', async (page) => {
        // The server isolates the page, or does not, as this suite says.
        assert.equal(await page.evaluate(() => self.crossOriginIsolated), coi);
        // Build 7g7f 3c3d 2g2f by dragging pieces with the mouse (click a piece, then its square).
        for (const [from, to] of [['7g', '7f'], ['3c', '3d'], ['2g', '2f']]) {
          await page.click(`#board [data-square="${index(from)}"]`);
          await page.click(`#board [data-square="${index(to)}"]`);
        }
        await page.click('#side-w');
        assert.equal(await sfenOf(page), near);
        await page.click('#prove');
        await page.waitForSelector('#verdict[data-verdict="reachable"]', { timeout: 60_000 });
        // The answer card grows when its game arrives: click the path's buttons after it has moved them.
        await page.waitForSelector('#answer[data-state="done"]', { timeout: 60_000 });
        const native = JSON.parse(cli('prove', '--json', near));
        assert.equal(Number(await attr(page, '#verdict', 'data-plies')), native.path.length);
        await page.click('#last');
        assert.equal(await attr(page, '#player-caption', 'data-index'), String(native.path.length));
        await page.click('#back');
        assert.equal(await attr(page, '#player-caption', 'data-index'), String(native.path.length - 1));
        assert.deepEqual(await axeViolations(page), [], 'axe, after a proof');
        await page.click('#whole-game');
        await page.waitForSelector('#game-status[data-plies]', { timeout: 60_000 });
        assert.equal(await attr(page, '#game-status', 'data-plies'), '3');
        assert.equal(await attr(page, '#game-status', 'data-shortest'), 'true');
        assert.equal(await count(page, '#player-board .grid .piece'), 40);
        assert.deepEqual(await axeViolations(page), [], 'axe, with the whole game');
        // A game switch takes the proof away and starts a fresh history.
        await page.select('#game', 'minishogi');
        assert.equal(await page.$eval('#player', (e) => e.hidden), true);
        assert.equal(await page.$eval('#undo', (e) => e.disabled), true);
        assert.equal(await count(page, '#board .sq'), 25);
      }, { coi });
    });

    isolatedOnly('the answer card: the bishop exchange\'s game (as the CLI\'s) right after Prove, played on the main board', async (t) => {
      // 7g7f 3c3d 8h2b+ 3a2b, at 1366x768: the card is on screen without scrolling.
      const exchange = 'lnsgkg1nl/1r5s1/pppppp1pp/6p2/9/2P6/PP1PPPPPP/7R1/LNSGKGSNL b Bb 5';
      await onPage(t, `?game=shogi&lang=en&sfen=${encodeURIComponent(exchange)}`, async (page) => {
        await page.setViewport({ width: 1366, height: 768 });
        await answerAndPlay(driver(page), exchange, 'en');
        assert.deepEqual(await axeViolations(page), [], 'axe, with the answer card playing');
        // An edit takes the card away and the editor's board comes back.
        await page.click('#side-w');
        assert.equal(await page.$eval('#answer', (e) => e.hidden), true);
        assert.equal(await page.$eval('#board', (e) => e.hidden), false);
      }, { coi });
    });

    isolatedOnly('one state: a switch stops a proof under way; the game is locked while an estimate runs', async (t) => {
      const reachable =
        '2K1lp1l1/1P3P3/4+L2P1/2p2+b1N1/2+p5S/pp+pp+NB1pp/+pr1g1g1+s+P/+r1s1+n+pkg+S/P1P1+PgN2 b L 1';
      await onPage(t, `?game=shogi&sfen=${encodeURIComponent(reachable)}`, async (page) => {
        await page.evaluate(() => {
          document.getElementById('prove').click();
          const game = document.getElementById('game');
          game.value = 'minishogi';
          game.dispatchEvent(new Event('change'));
        });
        await new Promise((r) => setTimeout(r, 3000)); // the Shogi proof would have landed by now
        assert.equal(await attr(page, '#verdict', 'data-verdict'), null);
        assert.equal(await page.$eval('#cancel', (e) => e.hidden), true);
        // Mini Shogi's presets, a fresh history; a preset chosen with a proof under way stops it, and undo
        // goes back to the position before the preset, with no verdict beside it.
        const presets = await page.$$eval('#presets option', (os) => os.map((o) => o.value).filter(Boolean));
        assert.ok(presets.every((p) => p.split(' ')[0].split('/').length === 5), 'Mini Shogi presets');
        assert.equal(await page.$eval('#undo', (e) => e.disabled), true);
        const start = await sfenOf(page);
        await page.evaluate((sfen) => {
          document.getElementById('prove').click();
          const presets = document.getElementById('presets');
          presets.value = sfen;
          presets.dispatchEvent(new Event('change'));
        }, presets.at(-1));
        assert.notEqual(await sfenOf(page), start);
        await new Promise((r) => setTimeout(r, 1500));
        assert.notEqual(await attr(page, '#verdict', 'data-verdict'), 'reachable');
        assert.equal(await page.$eval('#cancel', (e) => e.hidden), true);
        await page.click('#undo');
        assert.equal(await sfenOf(page), start);
        assert.notEqual(await attr(page, '#verdict', 'data-verdict'), 'reachable');
        // (Its workers once sometimes never started in Firefox: the page now constructs them all.)
        await page.click('#tab-estimate-button');
        await page.$eval('#est-samples', (e) => (e.value = '5000000'));
        await page.click('#est-start');
        await page.waitForSelector('#est-status[data-state="progress"]', { timeout: 30_000 });
        assert.equal(await page.$eval('#game', (e) => e.disabled), true);
        assert.equal(await page.$eval('#est-game', (e) => e.disabled), true);
        await page.click('#est-stop');
        await page.waitForSelector('#est-status[data-state="stopped"]', { timeout: 60_000 });
        assert.equal(await page.$eval('#est-game', (e) => e.disabled), false);
        await page.select('#est-game', 'shogi');
        assert.equal(await page.$eval('#game', (e) => e.value), 'shogi');
        assert.equal(await page.$eval('#est-resume', (e) => e.disabled), true);
      }, { coi });
    });

    isolatedOnly('bad links and input get a message, never a page error', async (t) => {
      const bad = '4k4/9/9/9/9/9/9/9/4K4 x - 1';
      await onPage(t, `?game=__proto__&sfen=${encodeURIComponent(bad)}`, async (page) => {
        assert.equal(await page.$eval('#game', (e) => e.value), 'shogi');
        // The engine's reason joins the link's notice once it has read the text.
        await page.waitForFunction(() => /could not be read/.test(document.getElementById('sfen-error').textContent));
        const message = await text(page, '#sfen-error');
        assert.match(message, /no game "__proto__"/);
        assert.match(message, /side to move must be `b` or `w`, found "x"/);
        assert.equal(await sfenOf(page), bad);
        // The node cap is in the search options, closed: a refused cap opens them to say why.
        await page.$eval('#max-nodes', (e) => (e.value = '4294967297'));
        await page.click('#prove');
        await page.waitForSelector('#max-nodes-error:not([hidden])');
        assert.equal(await page.$eval('#prove-options', (e) => e.open), true);
        assert.match(await text(page, '#max-nodes-error'), /whole number from 1 to 1,000,000,000/);
        assert.equal(await attr(page, '#verdict', 'data-verdict'), null);
        // Polish: errors go once the input is right; Copy says it copied.
        await page.$eval('#max-nodes', (e) => (e.value = ''));
        await page.type('#max-nodes', '100000');
        await page.$eval('#sfen', (e) => (e.value = ''));
        await page.type('#sfen', '4k4/9/9/9/9/9/9/9/4K4 b - 1');
        await page.click('#sfen-form button[type="submit"]');
        await page.waitForFunction(() => document.getElementById('sfen-error').hidden);
        await page.click('#prove');
        await page.waitForSelector('#verdict[data-verdict]', { timeout: 30_000 });
        assert.equal(await page.$eval('#max-nodes-error', (e) => e.hidden), true);
        await page.click('#copy-sfen');
        await page.waitForSelector('#copy-status[data-state]');
        assert.equal(await attr(page, '#copy-status', 'data-state'), 'copied', await text(page, '#copy-status'));
        assert.equal(await text(page, '#copy-status'), 'Copied the SFEN.');
      }, { coi });
    });

    test('a Mini Shogi estimate equals the native CLI for the same seed', async (t) => {
      await onPage(t, '?game=minishogi&tab=estimate', async (page) => {
        const got = await sameAsTheCli(driver(page), { game: 'minishogi', samples: 10000, seed: 4242, threads: 2 });
        assert.match(got.status, coi ? /threaded WebAssembly/ : /single-threaded WebAssembly each/);
        await page.waitForSelector('#gallery .gallery-item');
        assert.deepEqual(await axeViolations(page), [], 'axe, finished estimate');
      }, { coi });
    });

    isolatedOnly('in Japanese on a 390 px screen: nothing wider than the screen, Japanese verdict and moves', async (t) => {
      // A context of its own: the language chosen is remembered by the site.
      const context = await browser().createBrowserContext();
      try {
        await onPage(t, '?game=minishogi&lang=ja', async (page) => {
          await page.setViewport({ width: 390, height: 800 });
          assert.equal(await attr(page, 'html', 'lang'), 'ja');
          await page.click('#prove');
          await page.waitForSelector('#verdict[data-verdict="reachable"]', { timeout: 60_000 });
          // The answer card says it (then names the game it found).
          assert.equal(await attr(page, '#answer', 'data-verdict'), 'reachable');
          assert.match(await text(page, '#answer-heading'), /^初期局面から/);
          const first = await page.$$eval('#moves li .notation', (els) => els[1].textContent);
          assert.match(first, /^1\. [☗☖]/);
          const width = await page.evaluate(() => document.documentElement.scrollWidth);
          assert.ok(width <= 390, `${width} px wide`);
        }, { coi, context });
      } finally {
        await context.close();
      }
    });
  });
}

describe('Firefox: records, taking moves back, certificates', () => {
  test('a KIF from the CLI is read, moves taken back as the CLI lists them and replayed, a reach certificate opened to a leaf', async (t) => {
    const context = await browser().createBrowserContext();
    try {
      await onPage(t, '?game=shogi&lang=en', async (page) => {
        const ui = driver(page);
        await takeBackAsTheCli(ui, scratch);
        // The certificate of a reach position, down to a leaf.
        await ui.fill('#sfen', MINI_REACH);
        await ui.click('#sfen-form button[type="submit"]');
        await ui.waitUntil((s) => /** @type {HTMLInputElement} */ (document.getElementById('sfen')).value === s, MINI_REACH);
        await reachToLeaf(ui);
        assert.deepEqual(await axeViolations(page), [], 'axe, record, explorer and certificate');
      }, { context });
    } finally {
      await context.close();
    }
  });
});

describe('Firefox: the play mode', () => {
  test('7g7f 3c3d 8h2b+ 3a2b by clicks and drags with the promotion choice, as the CLI replays them; a drop undone; a move of the list proved; a variation made the main line', async (t) => {
    await onPage(t, '?game=shogi&lang=ja', (page) => playExchange(driver(page), 'ja', scratch));
  });
});

describe('Firefox: a language switch in place', () => {
  test('the record at its move, the answer with its game and a running estimate stay, drawn in Japanese', async (t) => {
    await onPage(t, '?game=shogi&lang=en', (page) => switchInPlace(driver(page)));
  });
});

describe('Firefox: Judkins shogi', () => {
  test('its 6×6 board, a reachable position proved and the command line\'s game played to it', async (t) => {
    await onPage(t, '?game=judkins', (page) => proveAndPlay(driver(page)));
  });
});
