// Real-browser tests in Debian's Firefox ESR (tests/firefox-site.mjs) on phones: every tab at 360 and 390
// px in Japanese and English (a proof, the whole game, a record, the explorer; axe on the Estimate tab),
// engine errors in Japanese, a 360×740 phone's tools on the first screen (a tsume built by taps, Tabs to
// Prove), one board in view while Play it, the path and moves played step, and touch mode. A failing test
// leaves a screenshot in test-results/.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { attr, index, sfenOf, text, useFirefox } from './firefox-site.mjs';
import { axeViolations, cli, fullSizeBoards } from './site.mjs';

const { onPage, browser } = useFirefox();

describe('Firefox: phones, touch, both languages', () => {
  /** The page is no wider than the screen: [what is wider, …] is empty. */
  async function fits(page, width, what) {
    const { scroll, wide } = await page.evaluate(() => ({
      scroll: document.documentElement.scrollWidth,
      wide: [...document.querySelectorAll('body *')]
        .filter((e) => e.getBoundingClientRect().right > document.documentElement.clientWidth + 0.5)
        .slice(0, 5).map((e) => `${e.tagName.toLowerCase()}#${e.id}.${e.className}`),
    }));
    assert.ok(scroll <= width, `${what} at ${width} px: ${scroll} px wide (${wide.join(', ')})`);
  }

  for (const lang of ['en', 'ja']) {
    test(`${lang === 'ja' ? 'Japanese' : 'English'} at 360 and 390 px: every tab fits, with a proof, the whole game, a record and the explorer; axe on the Estimate tab`, async (t) => {
      const context = await browser().createBrowserContext();
      const kif = cli('proof-game', '--format', 'kif', '--variant', 'minishogi', '3b1/g2g1/B1SP+r/Ks1p1/2k1+r b - 1');
      try {
        await onPage(t, `?game=minishogi&lang=${lang}`, async (page) => {
          for (const width of [360, 390]) {
            await page.setViewport({ width, height: 800 });
            await fits(page, width, 'Position tab, cold');
            await page.click('#tab-estimate-button');
            await fits(page, width, 'Estimate tab');
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
            await fits(page, width, 'Position tab with a record, the explorer and the whole game');
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

  test("engine errors in Japanese: a record's line, move and squares; the setup rule", async (t) => {
    const context = await browser().createBrowserContext();
    try {
      await onPage(t, '?game=shogi&lang=ja', async (page) => {
        await page.$eval('#record-text', (e) => (e.value = '▲７六歩 △３四歩\n▲５八金\n'));
        await page.click('#record-read');
        await page.waitForSelector('#record-error:not([hidden])');
        assert.match(await text(page, '#record-error'), /^この棋譜は読めません：2行目：3手目「５八金」は６九→５八と４九→５八のどちらか分かりません/);
        await page.$eval('#record-text', (e) => (e.value = 'sfen 9/9/9/9/9/9/9/9/4K4 b - 1'));
        await page.click('#record-read');
        await page.waitForFunction(() => /後手の玉が盤上にありません/.test(document.getElementById('record-error').textContent));
        await page.$eval('#sfen', (e) => (e.value = '4k4/9/9/9/9/9/9/9/4K4 b 19P 1'));
        await page.click('#sfen-form button[type="submit"]');
        await page.waitForSelector('#diagnostics li[data-rule="setup"]');
        assert.match(await text(page, '#diagnostics li[data-rule="setup"]'), /局面になっていません：歩が多すぎます：盤上と持ち駒で19枚/);
      }, { context });
    } finally {
      await context.close();
    }
  });

  test('a 360×740 phone: 38 px squares, the tools on the first screen, a tsume built in 10 taps without scrolling; Prove within 10 Tabs', async (t) => {
    await onPage(t, '?game=shogi', async (page) => {
      await page.setViewport({ width: 360, height: 740 });
      const rect = (sel) => page.$eval(sel, (e) => JSON.parse(JSON.stringify(e.getBoundingClientRect())));
      assert.ok((await rect(`#board [data-square="${index('5e')}"]`)).width >= 38);
      for (const sel of ['#board', '#palette', '#undo', '#alternate']) {
        const r = await rect(sel);
        assert.ok(r.top >= 0 && r.bottom <= 740 && r.right <= 360, `${sel}: ${JSON.stringify(r)}`);
      }
      const taps = ['#clear', '#palette button[data-piece="G"]', `#board [data-square="${index('5c')}"]`,
        '#palette button[data-piece="s"]', `#board [data-square="${index('4a')}"]`, `#board [data-square="${index('6a')}"]`,
        '#palette button[data-piece="p"]', `#board [data-square="${index('5b')}"]`,
        '#board [data-hand="0"] [data-hand-kind="R"]', '#board [data-hand="0"] [data-hand-kind="G"]'];
      for (const sel of taps) {
        await page.tap(sel);
        assert.equal(await page.evaluate(() => scrollY), 0, `scrolled at ${sel}`);
      }
      assert.equal(await sfenOf(page), '3sks3/4p4/4G4/9/9/9/9/9/4K4 b RG 1');
      // From the top of the page, reloaded.
      await page.setViewport({ width: 1366, height: 768 });
      await page.goto(page.url());
      await page.waitForSelector('#engine-status[data-state="ready"]');
      let tabs = 0;
      while (tabs < 40 && !(await page.evaluate(() => document.activeElement?.id === 'prove'))) {
        await page.keyboard.press('Tab');
        tabs++;
      }
      assert.ok(tabs <= 10, `${tabs} Tabs to Prove`);
    });
  });

  test('a 360×740 phone: Play it, the path and moves played show one board, wholly on screen with its step buttons', async (t) => {
    const reachable = 'lnsgkgsnl/1r5b1/pppp1p1pp/4p1p2/9/2P1P4/PP1P1PPPP/1B5R1/LNSGKGSNL b - 1';
    await onPage(t, `?game=shogi&sfen=${encodeURIComponent(reachable)}`, async (page) => {
      await page.setViewport({ width: 360, height: 740 });
      /** One full-size board, `id`'s, and the `controls`, all wholly on screen. */
      const oneBoardInView = async (id, controls, when) => {
        const boards = await page.evaluate(fullSizeBoards);
        assert.deepEqual(boards.map((b) => [b.id, b.inside]), [[id, true]], `${when}: ${JSON.stringify(boards)}`);
        const inside = await page.evaluate((ids) => ids.every((c) => {
          const r = document.getElementById(c).getBoundingClientRect();
          return r.height > 0 && r.top >= -0.5 && r.bottom <= innerHeight + 0.5;
        }), controls);
        assert.ok(inside, `${when}: the step buttons on screen`);
      };
      await page.click('#prove');
      await page.waitForSelector('#answer-play:not([hidden])', { timeout: 60_000 });
      await page.click('#answer-play');
      const plies = Number(await attr(page, '#answer', 'data-plies'));
      await page.waitForSelector(`#play-board[data-ply="${plies}"]`);
      await page.click('#play-first');
      for (let k = 0; k <= plies; k++) {
        await page.waitForSelector(`#play-board[data-ply="${k}"]`);
        await oneBoardInView('play-board', ['play-back', 'play-forward'], `Play it, ply ${k}`);
        if (k < plies) await page.click('#play-forward');
      }
      await page.click('#play-stop');
      await oneBoardInView('board', [], 'back to the editor');
      await page.click('#answer-proof');
      for (let k = 1; k <= 3; k++) {
        await page.click('#forward');
        await page.waitForSelector(`#player-caption[data-index="${k}"]`);
        await oneBoardInView('player-board', ['back', 'forward'], `the path, step ${k}`);
      }
      await page.click('#path-stop');
      await oneBoardInView('board', [], 'the path stopped');
      const initial = await page.$eval('#play-start', (s) => [...s.options].find((o) => o.value.startsWith('lnsgkgsnl/1r5b1/ppppppppp/9/9/9/')).value);
      await page.select('#play-start', initial);
      await page.click('#play-begin');
      await page.waitForSelector('#play-panel[data-state="ready"]');
      for (const [from, to] of [['7g', '7f'], ['3c', '3d']]) {
        await oneBoardInView('play-board', ['play-undo'], `before ${from}${to}`);
        await page.click(`#play-board [data-square="${index(from)}"]`);
        await page.click(`#play-board [data-square="${index(to)}"]`);
        await page.waitForSelector(`#play-moves button[data-usi="${from}${to}"]`);
      }
      await oneBoardInView('play-board', ['play-undo'], 'after the moves');
    });
  });

  test('touch mode: with Cycle / take one on, a tap cycles a piece and takes one from a hand', async (t) => {
    // Taps are WebDriver BiDi touch actions (puppeteer's touchscreen): the page gets touchstart and pointer
    // events of pointerType "touch", as from a finger.
    await onPage(t, `?game=shogi&sfen=${encodeURIComponent('4k4/9/9/9/9/9/9/9/4K4 b R 1')}`, async (page) => {
      await page.setViewport({ width: 390, height: 800 });
      await page.tap('#alternate');
      assert.equal(await attr(page, '#alternate', 'aria-pressed'), 'true');
      await page.tap(`#board [data-square="${index('5i')}"] .piece`);
      assert.equal(await sfenOf(page), '4k4/9/9/9/9/9/9/9/4k4 b R 1', 'the king changes colour');
      await page.tap('#board [data-hand="0"] [data-hand-kind="R"]');
      assert.equal(await sfenOf(page), '4k4/9/9/9/9/9/9/9/4k4 b - 1', 'the rook goes back to the box');
      await page.tap('#alternate');
      await page.tap('#board [data-hand="0"] [data-hand-kind="R"]');
      assert.equal(await sfenOf(page), '4k4/9/9/9/9/9/9/9/4k4 b R 1', 'off again, a tap adds one');
    });
  });
});
