// Real-browser tests in Debian's Firefox ESR (tests/firefox-site.mjs) on phones: every tab at 360 and 390
// px in Japanese and English (a proof, the whole game, a record, the explorer; axe on the Estimate tab);
// and scenarios of tests/scenarios/ that Chromium runs too: engine errors in Japanese, a 360×740 phone's
// tools on the first screen (a tsume built by taps, Tabs to Prove), one board in view while Play it, the
// path, moves played and a record step, and touch mode. A failing test leaves a screenshot in test-results/.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { useFirefox } from './firefox-site.mjs';
import { axeViolations, cli } from './site.mjs';
import { engineErrors } from './scenarios/errors.mjs';
import { firstScreen, fits, ONE_BOARD, oneBoard, proveWithinTenTabs, touchMode, tsumeByTaps } from './scenarios/phone.mjs';
import { driver } from './scenarios/ui.mjs';

const { onPage, browser } = useFirefox();

describe('Firefox: phones, touch, both languages', () => {
  for (const lang of ['en', 'ja']) {
    test(`${lang === 'ja' ? 'Japanese' : 'English'} at 360 and 390 px: every tab fits, with a proof, the whole game, a record and the explorer; axe on the Estimate tab`, async (t) => {
      const context = await browser().createBrowserContext();
      const kif = cli('proof-game', '--format', 'kif', '--game', 'minishogi', '3b1/g2g1/B1SP+r/Ks1p1/2k1+r b - 1');
      try {
        await onPage(t, `?game=minishogi&lang=${lang}`, async (page) => {
          for (const width of [360, 390]) {
            await page.setViewport({ width, height: 800 });
            await fits(driver(page), width, 'Position tab, cold');
            await page.click('#tab-estimate-button');
            await fits(driver(page), width, 'Estimate tab');
            await page.click('#tab-position-button');
          }
          assert.deepEqual(await axeViolations(page), [], 'axe, Position tab on a phone');
          await page.click('#tab-estimate-button');
          assert.deepEqual(await axeViolations(page), [], 'axe, Estimate tab');
          await page.click('#tab-position-button');
          await page.$eval('#record-text', (e, v) => (e.value = v), kif);
          await page.click('#record-read');
          await page.waitForSelector('#play-moves button[aria-current][data-usi]');
          await page.click('#prove');
          await page.waitForSelector('#verdict[data-verdict="reachable"]', { timeout: 60_000 });
          await page.click('#whole-game');
          await page.waitForSelector('#game-status[data-plies]', { timeout: 60_000 });
          await page.waitForSelector('#retro-moves[data-state="done"]');
          for (const width of [360, 390]) {
            await page.setViewport({ width, height: 800 });
            await fits(driver(page), width, 'Position tab with a record, the explorer and the whole game');
          }
          // Moves in the page's notation: the record, the explorer, the path.
          const record = await page.$$eval('#play-moves li > button', (bs) => bs.slice(1).map((b) => b.firstChild.textContent));
          const retro = await page.$$eval('#retro-moves .retro-move', (els) => els.map((e) => e.textContent));
          const path = await page.$$eval('#moves li .notation', (els) => els.slice(1).map((e) => e.textContent));
          const western = /\+?[KRBGSNLP](\d[a-i])?[-x*]\d[a-i][+=]?$/;
          const japanese = /[☗☖]([１-９][一二三四五六七八九]|同)/;
          for (const m of [...record, ...retro, ...path]) assert.match(m, lang === 'en' ? western : japanese, m);
          assert.ok(record.length && retro.length && path.length);
        }, { context });
      } finally {
        await context.close();
      }
    });
  }

  test("engine errors in Japanese: a record's line, move and squares, its bad position; the setup rule", async (t) => {
    const context = await browser().createBrowserContext();
    try {
      await onPage(t, '?game=shogi&lang=ja', (page) => engineErrors(driver(page), 'ja'), { context });
    } finally {
      await context.close();
    }
  });

  test('a 360×740 phone: 38 px squares, the tools on the first screen, a tsume built in 10 taps without scrolling; Prove within 10 Tabs', async (t) => {
    await onPage(t, '?game=shogi', async (page) => {
      await page.setViewport({ width: 360, height: 740 });
      const ui = driver(page);
      await firstScreen(ui);
      await tsumeByTaps(ui);
      // From the top of the page, reloaded.
      await page.setViewport({ width: 1366, height: 768 });
      await page.goto(page.url());
      await page.waitForSelector('#engine-status[data-state="ready"]');
      await proveWithinTenTabs(ui);
    });
  });

  test('a 360×740 phone: Play it, the path, moves played and a record show one board, wholly on screen with its step buttons', async (t) => {
    await onPage(t, `?game=shogi&sfen=${encodeURIComponent(ONE_BOARD)}`, async (page) => {
      await page.setViewport({ width: 360, height: 740 });
      await oneBoard(driver(page));
    });
  });

  test('touch mode: with Cycle / take one on, a tap cycles a piece and takes one from a hand', async (t) => {
    // Taps are WebDriver BiDi touch actions (puppeteer's touchscreen): the page gets touchstart and pointer
    // events of pointerType "touch", as from a finger.
    await onPage(t, `?game=shogi&sfen=${encodeURIComponent('4k4/9/9/9/9/9/9/9/4K4 b R 1')}`, async (page) => {
      await page.setViewport({ width: 390, height: 800 });
      await touchMode(driver(page));
    });
  });
});
