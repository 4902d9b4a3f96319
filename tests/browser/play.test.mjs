// The play mode: a board that takes only the engine's legal moves (clicks, drags, taps, the promotion
// choice, drops), its move list (notation and USI) compared with the CLI's replay of the same moves, undo,
// the handicap starts and the 詰将棋 set-up, proving a position chosen from the list; and the editor's
// capture into the hand. Real-browser tests of the site in dist/ in Debian's headless Chromium.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  afterPly, axeViolations, index, launchPhones, phoneContext, position, sfenOf, square, useChromium, useScratch,
} from '../site.mjs';

const site = useChromium();
const { onPage } = site;
const scratch = useScratch();
const START = 'lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1';
const ROOK_HANDICAP = 'lnsgkgsnl/7b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1';
const TSUME = '4k4/9/9/9/9/9/9/9/9 b 2r2b4g4s4n4l18p 1';

const playSquare = (page, name) => page.locator(`#play-board [data-square="${index(name)}"]`);
const boardSfen = (page) => page.getAttribute('#play-board', 'data-sfen');
const usis = (page) => page.$$eval('#play-moves button[data-usi]', (bs) => bs.map((b) => b.dataset.usi));
const texts = (page) => page.$$eval('#play-moves button[data-usi]', (bs) => bs.map((b) => b.firstChild.textContent));

/** The position the CLI reaches by playing `moves` (USI) from `start`, read back as a USI record. */
function cliAfter(start, moves) {
  const file = join(scratch, `game-${moves.length}-${Math.random().toString(36).slice(2)}.usi`);
  const from = start === START ? 'startpos' : `sfen ${start}`;
  writeFileSync(file, `position ${from} moves ${moves.join(' ')}\n`);
  return position(afterPly(file, moves.length));
}

/** Waits until the play board shows the position after `plies` moves with its legal moves listed. */
async function settled(page, plies) {
  await page.waitForFunction(
    (n) => document.querySelectorAll('#play-moves button[data-usi]').length === n
      && document.getElementById('play-panel')?.dataset.state !== 'busy',
    plies,
  );
}

/** Starts a game in the play panel from the start whose option text includes `label` (or whose value is it). */
async function begin(page, label) {
  const value = await page.$eval('#play-start', (s, l) => [...s.options].find((o) => o.value === l || o.text.includes(l)).value, label);
  await page.selectOption('#play-start', value);
  await page.click('#play-begin');
  await settled(page, 0);
  await page.waitForSelector('#play-panel[data-state="ready"]');
}

/** A drag with the mouse from one square of the play board to another (pointer events, as drag.js reads). */
async function drag(page, from, to) {
  const a = await playSquare(page, from).boundingBox();
  const b = await playSquare(page, to).boundingBox();
  await page.mouse.move(a.x + a.width / 2, a.y + a.height / 2);
  await page.mouse.down();
  await page.mouse.move(b.x + b.width / 2, b.y + b.height / 2, { steps: 8 });
  await page.mouse.up();
}

describe('the play mode', () => {
  test('7g7f 3c3d 8h2b+ 3a2b by clicks and drags with the promotion choice, a drop, an illegal move, undo, and Prove', async (t) => {
    await onPage(t, '?game=shogi&lang=en', async (page) => {
      await begin(page, 'Initial position');
      assert.equal(await boardSfen(page), START);
      await playSquare(page, '7g').click();
      assert.equal(await page.locator('#play-board .sq.target').count(), 1, 'the pawn can go to one square');
      await playSquare(page, '7f').click();
      await settled(page, 1);
      // An illegal move is refused: Gote's pawn two squares ahead.
      await playSquare(page, '3c').click();
      await playSquare(page, '3e').click();
      assert.equal(await page.textContent('#play-status'), 'That move is not legal.');
      assert.deepEqual(await usis(page), ['7g7f']);
      await drag(page, '3c', '3d');
      await settled(page, 2);
      // The bishop takes on 2b: it may promote or not, and the page asks.
      await playSquare(page, '8h').click();
      await playSquare(page, '2b').click();
      await page.waitForSelector('#play-promote:not([hidden])');
      await page.click('#play-promote-yes');
      await settled(page, 3);
      assert.equal(await page.isVisible('#play-promote'), false, 'the question goes once answered');
      await drag(page, '3a', '2b');
      await settled(page, 4);
      const moves = ['7g7f', '3c3d', '8h2b+', '3a2b'];
      assert.deepEqual(await usis(page), moves);
      assert.equal(position(await boardSfen(page)), cliAfter(START, moves));
      assert.deepEqual(await texts(page), ['1. P-7f', '2. P-3d', '3. Bx2b+', '4. Sx2b']);
      assert.equal(await page.textContent('#play-usi'), `position startpos moves ${moves.join(' ')}`);
      // The captured bishop is in Sente's hand and is dropped from there.
      await page.locator('#play-board [data-hand="0"] [data-hand-kind="B"]').click();
      await playSquare(page, '5e').click();
      await settled(page, 5);
      assert.equal(position(await boardSfen(page)), cliAfter(START, [...moves, 'B*5e']));
      // Undo takes it back.
      await page.click('#play-undo');
      await settled(page, 4);
      assert.equal(position(await boardSfen(page)), cliAfter(START, moves));
      // A move of the list: its position goes to the editor, where Prove works on it.
      await page.click('#play-moves button[data-ply="3"]');
      assert.equal(position(await sfenOf(page)), cliAfter(START, moves.slice(0, 3)));
      assert.equal(position(await boardSfen(page)), cliAfter(START, moves.slice(0, 3)));
      await page.click('#prove');
      await page.waitForSelector('#verdict[data-verdict="reachable"]', { timeout: 60_000 });
      // The panel's own Prove: the position shown, proved in the editor.
      await page.click('#play-moves button[data-ply="2"]');
      await page.click('#play-prove');
      await page.waitForSelector('#verdict[data-verdict="reachable"]', { timeout: 60_000 });
      assert.equal(position(await sfenOf(page)), cliAfter(START, moves.slice(0, 2)));
      assert.deepEqual(await axeViolations(page), [], 'axe, with a game in the play panel');
    });
  });

  test('a handicap start: Gote (上手) moves first, in Japanese notation', async (t) => {
    await onPage(t, '?game=shogi&lang=ja', async (page) => {
      await begin(page, '飛車落ち');
      assert.equal(await boardSfen(page), ROOK_HANDICAP);
      // Sente's pieces do not move: it is Gote's turn.
      await playSquare(page, '7g').click();
      assert.equal(await page.locator('#play-board .sq.target').count(), 0);
      // Two moves without waiting for the engine in between: a gesture waits for the legal moves.
      await playSquare(page, '3c').click();
      await playSquare(page, '3d').click();
      await playSquare(page, '7g').click();
      await playSquare(page, '7f').click();
      await settled(page, 2);
      assert.deepEqual(await texts(page), ['1. ☖３四歩', '2. ☗７六歩']);
      assert.equal(position(await boardSfen(page)), cliAfter(ROOK_HANDICAP, ['3c3d', '7g7f']));
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
      await settled(page, 0);
      await page.locator('#play-board [data-hand="0"] [data-hand-kind="G"]').click();
      await playSquare(page, '5b').click();
      await settled(page, 1);
      assert.deepEqual(await usis(page), ['G*5b']);
      assert.equal(await page.textContent('#play-status'), '', 'Gote still has moves (the king takes the gold)');
    });
  });

  test('the keyboard plays a move and Ctrl+Z takes it back (not the editor\'s undo); Mini Shogi', async (t) => {
    const mini = 'rbsgk/4p/5/P4/KGSBR b - 1';
    await onPage(t, '?game=minishogi&lang=en', async (page) => {
      await begin(page, 'Initial position');
      assert.equal(await boardSfen(page), mini);
      const editorBefore = await sfenOf(page);
      await page.focus('#play-board');
      // The cursor starts on 5a: down to 5d, pick the pawn up, up to 5c, play it.
      for (const key of ['ArrowDown', 'ArrowDown', 'ArrowDown', 'Enter', 'ArrowUp', 'Enter']) await page.keyboard.press(key);
      await settled(page, 1);
      assert.deepEqual(await usis(page), ['5d5c']);
      assert.equal(position(await boardSfen(page)), cliAfter(mini, ['5d5c']));
      await page.keyboard.press('Control+z');
      await settled(page, 0);
      assert.equal(await boardSfen(page), mini);
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
        await begin(page, '初期局面');
        const tap = (name) => playSquare(page, name).tap();
        await tap('7g');
        await tap('7f');
        await settled(page, 1);
        await tap('3c');
        await tap('3d');
        await settled(page, 2);
        await tap('8h');
        await tap('2b');
        await page.waitForSelector('#play-promote:not([hidden])');
        await page.locator('#play-promote-no').tap();
        await settled(page, 3);
        assert.deepEqual(await texts(page), ['1. ☗７六歩', '2. ☖３四歩', '3. ☗２二角不成']);
        assert.equal(position(await boardSfen(page)), cliAfter(START, ['7g7f', '3c3d', '8h2b']));
        // The board fits the phone's width.
        const box = await page.locator('#play-board').boundingBox();
        assert.ok(box.x >= 0 && box.x + box.width <= 360, `the board lies within the screen: ${JSON.stringify(box)}`);
      }, { context });
    } finally {
      await context.close();
    }
  });
});
