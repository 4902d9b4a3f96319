// Phones, touch and the keyboard, each scenario written once and run in Chromium (on its phones: touch,
// a mobile viewport, a 2× screen) and Firefox (tests/firefox-phones.test.mjs, a page set to the phone's size):
// - `firstScreen`: on a 360×740 phone the board spans the width with squares of 38 px or more, and the
//   palette, hands, Cycle, Undo and Clear are on the first screen (tests/browser/phone.test.mjs);
// - `tsumeByTaps`: a tsume built from Clear in 12 taps at most, the page never scrolling (phone.test.mjs);
// - `proveWithinTenTabs`: Prove is within 10 Tabs of the top of the page (phone.test.mjs);
// - `touchMode`: with Cycle / take one on, a tap cycles a piece and takes one from a hand
//   (tests/browser/layout.test.mjs);
// - `oneBoard`: at every step of Play it, the path from a KK position, moves played and a record stepped
//   through, exactly one full-size board is drawn, wholly on screen with its step buttons
//   (tests/browser/one-board.test.mjs, on three screens in both languages);
// and `fits`, the check that nothing is wider than the screen (tests/browser/layout.test.mjs,
// tests/estimate-runs.test.mjs, Firefox's phones).
import assert from 'node:assert/strict';
import { cli, fullSizeBoards, index } from '../site.mjs';

const square = (name) => `#board [data-square="${index(name)}"]`;

/** The page (`ui`: ui.mjs's driver) is no wider than its viewport, `width` px wide. */
export async function fits(ui, width, what) {
  const { scroll, inner, wide } = await ui.page.evaluate(() => ({
    scroll: document.documentElement.scrollWidth,
    inner: innerWidth,
    wide: [...document.querySelectorAll('body *')]
      .filter((e) => e.getBoundingClientRect().right > document.documentElement.clientWidth + 0.5)
      .slice(0, 5).map((e) => `${e.tagName.toLowerCase()}#${e.id}.${e.className}`),
  }));
  assert.ok(scroll <= width && inner === width, `${what} at ${width} px: ${scroll} px wide in ${inner} (${wide.join(', ')})`);
}

/** The scenario `firstScreen`, on a 360×740 page of Shogi's start (Prove too on a phone's: Chromium's
 * test checks it; Firefox's desktop fonts and scrollbars put it a few pixels lower). */
export async function firstScreen(ui) {
  await fits(ui, 360, 'the Position tab');
  /** The element's box, from the top of the page's first screen (scrollY 0). */
  const box = (selector) => ui.read(selector, (e) => {
    const r = e.getBoundingClientRect();
    return { top: r.top + scrollY, bottom: r.bottom + scrollY, left: r.left, right: r.right, width: r.width };
  });
  const cell = await box(square('5e'));
  assert.ok(cell.width >= 38, `squares of ${cell.width} px`);
  const grid = await box('#board .grid');
  assert.ok(grid.left >= 0 && grid.right <= 360, JSON.stringify(grid));
  assert.ok(grid.width >= 9 * 38, `the board is ${grid.width} px wide`);
  for (const sel of ['#board', '#board .grid', '#palette', '#board [data-hand="0"]', '#board [data-hand="1"]', '#alternate', '#undo', '#clear']) {
    const b = await box(sel);
    assert.ok(b.top >= 0 && b.bottom <= 740 && b.right <= 360, `${sel}: ${JSON.stringify(b)}`);
  }
  // Every unpromoted palette piece of both sides is on screen (the promoted ones are a swipe away).
  const palette = await ui.readAll('#palette .palette-piece:not([data-piece^="+"])', (bs) =>
    bs.map((b) => [b.getAttribute('data-piece') ?? 'erase', b.getBoundingClientRect().right, b.getBoundingClientRect().bottom]));
  assert.equal(palette.length, 17);
  for (const [piece, right, bottom] of palette) assert.ok(right <= 360 && bottom <= 740, `${piece}: ${right}, ${bottom}`);
}

/** The scenario `tsumeByTaps`, on a phone's page of Shogi's start. */
export async function tsumeByTaps(ui) {
  let taps = 0;
  const tap = async (selector) => {
    await ui.tap(selector);
    taps++;
    assert.equal(await ui.page.evaluate(() => scrollY), 0, `the page scrolled at tap ${taps} (${selector})`);
  };
  const palette = (piece) => `#palette button[data-piece="${piece}"]`;
  const hand = (color, kind) => `#board [data-hand="${color}"] [data-hand-kind="${kind}"]`;
  for (const selector of ['#clear', palette('G'), square('5c'), palette('s'), square('4a'), square('6a'), palette('p'),
    square('5b'), hand(0, 'R'), hand(0, 'G')]) await tap(selector);
  assert.ok(taps <= 12, `${taps} taps`);
  assert.equal(await ui.value('#sfen'), '3sks3/4p4/4G4/9/9/9/9/9/4K4 b RG 1');
  // Cycle and Undo are as near: one tap each.
  await tap('#undo');
  assert.equal(await ui.value('#sfen'), '3sks3/4p4/4G4/9/9/9/9/9/4K4 b R 1');
}

/** Presses Tab from where the focus is until `selector` has it: how many presses (at most 40). */
async function tabsTo(ui, selector) {
  for (let n = 1; n <= 40; n++) {
    await ui.press('Tab');
    if (await ui.page.evaluate((s) => document.activeElement?.matches(s), selector)) return n;
  }
  return Infinity;
}

/** The scenario `proveWithinTenTabs`, on a page freshly loaded, the focus at its top. */
export async function proveWithinTenTabs(ui) {
  const tabs = await tabsTo(ui, '#prove');
  assert.ok(tabs <= 10, `${tabs} Tabs to Prove`);
}

/** The scenario `touchMode`, on a touch page at `4k4/9/9/9/9/9/9/9/4K4 b R 1`. */
export async function touchMode(ui) {
  const rook = '#board [data-hand="0"] [data-hand-kind="R"]';
  await ui.tap('#alternate');
  assert.equal(await ui.attr('#alternate', 'aria-pressed'), 'true');
  await ui.tap(`${square('5i')} .piece`);
  assert.equal(await ui.value('#sfen'), '4k4/9/9/9/9/9/9/9/4k4 b R 1', 'the king changes colour');
  await ui.tap(rook);
  assert.equal(await ui.value('#sfen'), '4k4/9/9/9/9/9/9/9/4k4 b - 1', 'the rook goes back to the box');
  // Off again: a tap on a hand piece adds one from the box.
  await ui.tap('#alternate');
  await ui.tap(rook);
  assert.equal(await ui.value('#sfen'), '4k4/9/9/9/9/9/9/9/4k4 b R 1');
}

// A position the CLI proves in a few moves, the page opened at it for `oneBoard`.
export const ONE_BOARD = 'lnsgkgsnl/1r5b1/pppp1p1pp/4p1p2/9/2P1P4/PP1P1PPPP/1B5R1/LNSGKGSNL b - 1';

/**
 * Fails unless exactly one full-size board is drawn, wholly inside the viewport, and it is `id`'s; and unless
 * each of the `controls` (ids) is wholly on screen too.
 */
async function oneBoardInView(ui, id, when, controls = []) {
  const boards = await ui.page.evaluate(fullSizeBoards);
  assert.deepEqual(boards.map((b) => [b.id, b.inside]), [[id, true]], `${when}: ${JSON.stringify(boards)}`);
  const hidden = await ui.page.evaluate((ids) => ids.filter((c) => {
    const r = document.getElementById(c).getBoundingClientRect();
    return !(r.height > 0 && r.top >= -0.5 && r.bottom <= innerHeight + 0.5);
  }), controls);
  assert.deepEqual(hidden, [], `${when}: controls off screen`);
}

/** The scenario `oneBoard`, on a page opened at ONE_BOARD. */
export async function oneBoard(ui) {
  const kif = cli('proof-game', '--format', 'kif', '--game', 'shogi', ONE_BOARD);
  await oneBoardInView(ui, 'board', 'the editor');
  await ui.click('#prove');
  await ui.waitFor('#answer[data-state="done"]', 60_000);
  // Play it: the game plays to its end, then is stepped through from the start.
  await ui.click('#answer-play');
  const plies = Number(await ui.attr('#answer', 'data-plies'));
  await ui.waitFor(`#play-board[data-ply="${plies}"]`);
  await ui.click('#play-first');
  for (let k = 0; k <= plies; k++) {
    await ui.waitFor(`#play-board[data-ply="${k}"]`);
    await oneBoardInView(ui, 'play-board', `Play it, ply ${k}`, ['play-back', 'play-forward']);
    if (k < plies) await ui.click('#play-forward');
  }
  // The path from the KK position: it takes the board from the game.
  await ui.click('#answer-proof');
  await ui.waitFor('.board-column[data-mode="path"]');
  const steps = await ui.count('#moves li');
  for (let k = 0; k < Math.min(steps, 5); k++) {
    await ui.waitFor(`#player-caption[data-index="${k}"]`);
    await oneBoardInView(ui, 'player-board', `the path, step ${k}`, ['back', 'forward']);
    await ui.click('#forward');
  }
  await ui.click('#path-stop');
  await ui.waitFor('.board-column[data-mode="editor"]');
  await oneBoardInView(ui, 'board', 'the path stopped');
  // Moves played from the initial position.
  const initial = await ui.read('#play-start', (s) =>
    [.../** @type {HTMLSelectElement} */ (s).options].find((o) => o.value.startsWith('lnsgkgsnl/1r5b1/ppppppppp/9/9/9/')).value);
  await ui.select('#play-start', initial);
  await ui.click('#play-begin');
  await ui.waitFor('#play-panel[data-state="ready"]');
  for (const [from, to] of [['7g', '7f'], ['3c', '3d']]) {
    await oneBoardInView(ui, 'play-board', `before ${from}${to}`, ['play-undo']);
    await ui.click(`#play-board [data-square="${index(from)}"]`);
    await ui.click(`#play-board [data-square="${index(to)}"]`);
    await ui.waitFor(`#play-moves button[data-usi="${from}${to}"]`);
  }
  await oneBoardInView(ui, 'play-board', 'after the moves', ['play-undo']);
  await ui.click('#play-stop');
  await ui.waitFor('.board-column[data-mode="editor"]');
  await oneBoardInView(ui, 'board', 'the game stopped');
  // A record read: its moves are the tree, stepped through on the page's board.
  await ui.fill('#record-text', kif);
  await ui.click('#record-read');
  await ui.waitFor('#play-moves button[aria-current][data-usi]');
  const moves = await ui.count('#play-moves li > button');
  for (const k of [1, Math.floor(moves / 2), moves - 1]) {
    await ui.click(`#play-moves li > button[data-ply="${k}"]`);
    await ui.waitFor(`#play-moves li > button[data-ply="${k}"][aria-current]`);
    await oneBoardInView(ui, 'play-board', `the record at move ${k}`, ['play-stop']);
  }
}
