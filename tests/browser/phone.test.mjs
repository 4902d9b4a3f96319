// The Position tab on a 360×740 phone and at 1366×768: the board spans a phone's width, the editing tools
// sit with it on the first screen, a tsume is built by taps without scrolling, a record's moves keep the
// board in view; the keyboard (skip links, Prove within 10 Tabs, the board's cursor announced) and the
// system's dark mode (axe-core, a dark page). The first screen, the taps and the Tabs are scenarios of
// tests/scenarios/phone.mjs, which Firefox runs too.
// Real-browser tests of the site in dist/ (`npm run build`) in Debian's headless Chromium (tests/site.mjs).
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { axeViolations, cli, launchPhones, sfenOf, useChromium } from '../site.mjs';
import { firstScreen, proveWithinTenTabs, tsumeByTaps } from '../scenarios/phone.mjs';
import { driver } from '../scenarios/ui.mjs';

const site = useChromium();
const { onPage } = site;
const PHONE = { viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 };
const DESKTOP = { viewport: { width: 1366, height: 768 } };

let phones;
before(async () => {
  phones = await launchPhones();
});
after(() => phones?.close());

/** Runs `body(page)` in a fresh context of these options (a phone, a desktop, a colour scheme). */
async function inContext(t, options, path, body) {
  const context = await phones.newContext(options);
  try {
    await site.onPage(t, path, body, { context });
  } finally {
    await context.close();
  }
}

/** The element's box, from the top of the page's first screen (scrollY 0). */
const box = (page, selector) =>
  page.$eval(selector, (e) => {
    const r = e.getBoundingClientRect();
    return { top: r.top + scrollY, bottom: r.bottom + scrollY, left: r.left, right: r.right, width: r.width };
  });

describe('a 360×740 phone', () => {
  for (const lang of ['en', 'ja']) {
    test(`the board spans the width with squares of 38 px or more; palette, hands, Cycle, Undo and Prove on the first screen (${lang})`, async (t) => {
      await inContext(t, PHONE, `?game=shogi&lang=${lang}`, async (page) => {
        await firstScreen(driver(page));
        const prove = await page.$eval('#prove', (e) => JSON.parse(JSON.stringify(e.getBoundingClientRect())));
        assert.ok(prove.top >= 0 && prove.bottom <= 740 && prove.right <= 360, `#prove: ${JSON.stringify(prove)}`);
      });
    });
  }

  test('a tsume built from Clear by taps: 12 taps at most, the page never scrolls', async (t) => {
    await inContext(t, PHONE, '?game=shogi', (page) => tsumeByTaps(driver(page)));
  });
});

describe("a record's moves keep the board in view", () => {
  const kif = () => cli('proof-game', '--format', 'kif', '--game', 'shogi', 'lnsgkgsnl/1r5b1/pppp1pppp/4p4/9/4P4/PPPP1PPPP/1B2R4/LNSGKGSNL b - 1');
  for (const [name, options] of [['1366×768', DESKTOP], ['a 360×740 phone', PHONE]]) {
    test(`at ${name}, choosing a move shows the whole board and the move chosen`, async (t) => {
      const text = kif();
      await inContext(t, options, '?game=shogi', async (page) => {
        await page.fill('#record-text', text);
        await page.click('#record-read');
        await page.waitForSelector('#play-moves button[aria-current][data-usi]');
        const moves = await page.locator('#play-moves li > button').count();
        assert.ok(moves >= 4, `${moves} moves`);
        for (const k of [1, Math.floor(moves / 2), moves - 1]) {
          const button = page.locator('#play-moves li > button').nth(k);
          await button.click();
          await page.waitForFunction((i) => document.querySelectorAll('#play-moves li > button')[i].hasAttribute('aria-current'), k);
          const { board, height, seen } = await page.evaluate((i) => {
            const b = document.getElementById('play-board').getBoundingClientRect();
            const chosen = document.querySelectorAll('#play-moves li > button')[i];
            const c = chosen.getBoundingClientRect();
            const top = document.elementFromPoint(c.left + c.width / 2, c.top + c.height / 2);
            return { board: { top: b.top, bottom: b.bottom }, height: innerHeight, seen: chosen.contains(top) };
          }, k);
          assert.ok(board.top >= 0 && board.bottom <= height, `move ${k}: the board at ${JSON.stringify(board)}`);
          assert.ok(seen, `move ${k}: the move chosen is on the screen, not under the board`);
        }
      });
    });
  }

  test('at 1366×768, the board and the tools side by side, Prove on the first screen', async (t) => {
    await inContext(t, DESKTOP, '?game=shogi', async (page) => {
      const board = await box(page, '#board');
      const palette = await box(page, '#palette');
      const prove = await box(page, '#prove');
      assert.ok(palette.left >= board.right && palette.top < board.bottom, `palette ${JSON.stringify(palette)}, board ${JSON.stringify(board)}`);
      assert.ok(prove.bottom <= 768 && prove.left >= board.right, JSON.stringify(prove));
      assert.ok(board.bottom <= 768, JSON.stringify(board));
    });
  });
});

describe('keyboard and screen reader', () => {
  test('Prove is within 10 Tabs of the top; the skip links reach the board and Prove', async (t) => {
    await onPage(t, '?game=shogi', async (page) => {
      await proveWithinTenTabs(driver(page));
      // The board is one tab stop (its hands are reached with the arrow keys): the next Tab leaves it.
      await page.focus('#board');
      await page.keyboard.press('Tab');
      assert.equal(await page.evaluate(() => document.activeElement.id), 'prove');
      // The tab list is one tab stop: the arrow keys choose the tab.
      await page.focus('#tab-position-button');
      await page.keyboard.press('ArrowRight');
      assert.equal(await page.evaluate(() => document.activeElement.id), 'tab-estimate-button');
      assert.equal(await page.getAttribute('#tab-estimate-button', 'aria-selected'), 'true');
      assert.equal(await page.isVisible('#tab-estimate'), true);
      await page.keyboard.press('ArrowLeft');
      assert.equal(await page.getAttribute('#tab-position-button', 'aria-selected'), 'true');
      for (const [link, target] of [['Skip to the board', 'board'], ['Skip to Prove', 'prove']]) {
        // From the top of a fresh page.
        await page.goto(page.url().split('#')[0]);
        await page.waitForSelector('#engine-status[data-state="ready"]');
        await page.keyboard.press('Tab');
        if (link === 'Skip to Prove') await page.keyboard.press('Tab');
        assert.equal(await page.evaluate(() => document.activeElement.textContent), link);
        assert.ok(await page.evaluate(() => document.activeElement.getBoundingClientRect().top >= 0), 'the focused skip link shows');
        await page.keyboard.press('Enter');
        await page.waitForFunction((id) => document.activeElement?.id === id, target);
      }
      // From the Estimate tab, a skip link shows the Position tab first.
      await page.goto(page.url().split('#')[0]);
      await page.waitForSelector('#engine-status[data-state="ready"]');
      await page.click('#tab-estimate-button');
      await page.focus('.skip >> nth=1');
      await page.keyboard.press('Enter');
      await page.waitForFunction(() => document.activeElement?.id === 'prove');
      assert.equal(await page.isVisible('#tab-position'), true);
    });
  });

  const START = 'ln2k4/9/9/9/9/9/9/9/4K4 b - 1';
  for (const [lang, first, second, hand] of [
    ['en', /^8a Gote knight$/, /^8b empty$/, /Gote hand, rook/],
    ['ja', /^８一 後手の桂馬$/, /^８二 空き$/, /後手の持ち駒、飛車/],
  ]) {
    test(`arrow keys move the board's cursor and it is announced: square, side and piece (${lang})`, async (t) => {
      await onPage(t, `?game=shogi&lang=${lang}&sfen=${encodeURIComponent(START)}`, async (page) => {
        assert.equal(await page.getAttribute('#board-cursor', 'aria-live'), 'polite');
        await page.focus('#board');
        await page.keyboard.press('ArrowRight');
        assert.match(await page.textContent('#board-cursor'), first);
        await page.keyboard.press('ArrowDown');
        assert.match(await page.textContent('#board-cursor'), second);
        // Up past the top rank: Gote's hand, along it, and back down to the board.
        await page.keyboard.press('ArrowUp');
        await page.keyboard.press('ArrowUp');
        assert.match(await page.evaluate(() => document.activeElement.textContent), hand);
        await page.keyboard.press('ArrowRight');
        assert.equal(await page.evaluate(() => document.activeElement.dataset.handKind), 'B');
        await page.keyboard.press('Enter');
        assert.equal(await sfenOf(page), 'ln2k4/9/9/9/9/9/9/9/4K4 b b 1', 'Enter adds one');
        await page.keyboard.press('ArrowDown');
        assert.equal(await page.evaluate(() => document.activeElement.id), 'board');
        assert.match(await page.textContent('#board-cursor'), first);
      });
    });
  }
});

describe('dark mode', () => {
  for (const [name, options] of [['1366×768', DESKTOP], ['a 360×740 phone', PHONE]]) {
    test(`with the system's dark mode (${name}): a dark page, a readable board, nothing serious for axe-core`, async (t) => {
      await inContext(t, { ...options, colorScheme: 'dark' }, '?game=shogi&sfen=' + encodeURIComponent('4k4/9/9/9/4+R4/9/9/9/4K4 b G 1'), async (page) => {
        const colours = await page.evaluate(() => {
          const rgb = (s) => s.match(/[\d.]+/g).slice(0, 3).map(Number);
          const lum = ([r, g, b]) => (0.2126 * r + 0.7152 * g + 0.0722 * b) / 255;
          const piece = document.querySelector('#board .piece');
          return {
            page: lum(rgb(getComputedStyle(document.documentElement).backgroundColor)),
            text: lum(rgb(getComputedStyle(document.body).color)),
            pieceInk: lum(rgb(getComputedStyle(piece).color)),
          };
        });
        assert.ok(colours.page < 0.15, `the page's background: luminance ${colours.page}`);
        assert.ok(colours.text > 0.7, `the text: luminance ${colours.text}`);
        assert.ok(colours.pieceInk < 0.2, `the pieces keep dark ink on light wood: ${colours.pieceInk}`);
        assert.deepEqual(await axeViolations(page), [], 'cold');
        await page.click('#prove');
        await page.waitForSelector('#verdict[data-verdict]', { timeout: 30_000 });
        assert.deepEqual(await axeViolations(page), [], 'after a proof');
        await page.click('#tab-estimate-button');
        assert.deepEqual(await axeViolations(page), [], 'the Estimate tab');
      });
    });
  }
});
