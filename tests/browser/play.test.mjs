// The play mode: a board that takes only the engine's legal moves (clicks, drags, taps, the promotion
// choice, drops), its move list (notation and USI) compared with the CLI's replay of the same moves, undo,
// proving a position chosen from the list, a variation made the main line (the scenario of
// tests/scenarios/play.mjs, which Firefox runs too), the handicap starts and the 詰将棋 set-up; and the
// editor's capture into the hand. Real-browser tests of the site in dist/ in Debian's headless Chromium.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { axeViolations, launchPhones, phoneContext, position, sfenOf, square, useChromium, useScratch } from '../site.mjs';
import { begin, boardSfen, cliAfter, playExchange, playSquare, settled, START, texts, usis } from '../scenarios/play.mjs';
import { driver } from '../scenarios/ui.mjs';

const site = useChromium();
const { onPage } = site;
const scratch = useScratch();
const ROOK_HANDICAP = 'lnsgkgsnl/7b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1';
const TSUME = '4k4/9/9/9/9/9/9/9/9 b 2r2b4g4s4n4l18p 1';

describe('the play mode', () => {
  test('7g7f 3c3d 8h2b+ 3a2b by clicks and drags with the promotion choice, a drop, an illegal move, undo, Prove, a variation made the main line', async (t) => {
    await onPage(t, '?game=shogi&lang=en', async (page) => {
      await playExchange(driver(page), 'en', scratch);
      assert.deepEqual(await axeViolations(page), [], 'axe, with a game in the play panel');
    });
  });

  test('a handicap start: Gote (上手) moves first, in Japanese notation', async (t) => {
    await onPage(t, '?game=shogi&lang=ja', async (page) => {
      const ui = driver(page);
      await begin(ui, '飛車落ち');
      assert.equal(await boardSfen(ui), ROOK_HANDICAP);
      // Sente's pieces do not move: it is Gote's turn.
      await ui.click(playSquare('7g'));
      assert.equal(await ui.count('#play-board .sq.target'), 0);
      // Two moves without waiting for the engine in between: a gesture waits for the legal moves.
      await ui.click(playSquare('3c'));
      await ui.click(playSquare('3d'));
      await ui.click(playSquare('7g'));
      await ui.click(playSquare('7f'));
      await settled(ui, 2);
      assert.deepEqual(await texts(ui), ['1. ☖３四歩', '2. ☗７六歩']);
      assert.equal(position(await boardSfen(ui)), cliAfter(scratch, ROOK_HANDICAP, ['3c3d', '7g7f']));
      assert.equal(await page.textContent('#play-usi'), `position sfen ${ROOK_HANDICAP} moves 3c3d 7g7f`);
    });
  });

  test('the 詰将棋 preset, and play from the editor once the set-up has both kings', async (t) => {
    await onPage(t, '?game=shogi&lang=en', async (page) => {
      const value = await page.$eval('#presets', (s) => [...s.options].find((o) => o.text.startsWith('Tsume')).value);
      await page.selectOption('#presets', value);
      assert.equal(await sfenOf(page), TSUME);
      assert.equal(await page.locator('#board .sq .piece').count(), 1, "Gote's king alone on the board");
      // No play without Sente's king: the engine says why.
      await page.selectOption('#play-start', '');
      await page.click('#play-begin');
      await page.waitForSelector('#play-panel[data-state="error"]');
      assert.match(await page.textContent('#play-status'), /Sente/);
      // Sente's king from the box, a gold from Gote's hand to Sente's: a problem to play out.
      await page.locator('#sfen').fill('4k4/9/9/9/9/9/9/9/K8 b G2r2b3g4s4n4l18p 1');
      await page.click('#sfen-form button[type="submit"]');
      await page.waitForFunction(() => document.querySelectorAll('#board .sq .piece').length === 2);
      await page.click('#play-begin');
      const ui = driver(page);
      await settled(ui, 0);
      await ui.click('#play-board [data-hand="0"] [data-hand-kind="G"]');
      await ui.click(playSquare('5b'));
      await settled(ui, 1);
      assert.deepEqual(await usis(ui), ['G*5b']);
      assert.equal(await page.textContent('#play-status'), '', 'Gote still has moves (the king takes the gold)');
    });
  });

  test('the keyboard plays a move and Ctrl+Z takes it back (not the editor\'s undo); Mini Shogi', async (t) => {
    const mini = 'rbsgk/4p/5/P4/KGSBR b - 1';
    await onPage(t, '?game=minishogi&lang=en', async (page) => {
      const ui = driver(page);
      await begin(ui, 'Initial position');
      assert.equal(await boardSfen(ui), mini);
      const editorBefore = await sfenOf(page);
      await page.focus('#play-board');
      // The cursor starts on 5a: down to 5d, pick the pawn up, up to 5c, play it.
      for (const key of ['ArrowDown', 'ArrowDown', 'ArrowDown', 'Enter', 'ArrowUp', 'Enter']) await page.keyboard.press(key);
      await settled(ui, 1);
      assert.deepEqual(await usis(ui), ['5d5c']);
      assert.equal(position(await boardSfen(ui)), cliAfter(scratch, mini, ['5d5c']));
      await page.keyboard.press('Control+z');
      await settled(ui, 0);
      assert.equal(await boardSfen(ui), mini);
      assert.equal(await sfenOf(page), editorBefore, 'the editor kept its position');
    });
  });

  test("in the editor, a piece moved onto an opponent's piece goes to the mover's hand", async (t) => {
    const sfen = '4k4/9/9/9/4+r4/9/9/4B4/4K4 b - 1';
    await onPage(t, `?game=shogi&lang=en&sfen=${encodeURIComponent(sfen)}`, async (page) => {
      await square(page, '5h').click();
      await square(page, '5e').click();
      assert.equal(await sfenOf(page), '4k4/9/9/9/4B4/9/9/9/4K4 b R 1');
    });
  });
});

describe('the play mode on a phone', () => {
  let phones;
  before(async () => {
    phones = await launchPhones();
  });
  after(async () => phones?.close());

  test('taps play moves and choose not to promote, in Japanese', async (t) => {
    const context = await phoneContext(phones, 360);
    try {
      await onPage(t, '?game=shogi&lang=ja', async (page) => {
        const ui = driver(page);
        await begin(ui, '初期局面');
        const tap = (name) => ui.tap(playSquare(name));
        await tap('7g');
        await tap('7f');
        await settled(ui, 1);
        await tap('3c');
        await tap('3d');
        await settled(ui, 2);
        await tap('8h');
        await tap('2b');
        await ui.waitFor('#play-promote:not([hidden])');
        await ui.tap('#play-promote-no');
        await settled(ui, 3);
        assert.deepEqual(await texts(ui), ['1. ☗７六歩', '2. ☖３四歩', '3. ☗２二角不成']);
        assert.equal(position(await boardSfen(ui)), cliAfter(scratch, START, ['7g7f', '3c3d', '8h2b']));
        // The board fits the phone's width.
        const box = await page.locator('#play-board').boundingBox();
        assert.ok(box.x >= 0 && box.x + box.width <= 360, `the board lies within the screen: ${JSON.stringify(box)}`);
      }, { context });
    } finally {
      await context.close();
    }
  });
});
