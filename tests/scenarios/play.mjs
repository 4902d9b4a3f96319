// The play mode from the initial position: 7g7f by clicks (the pawn may go to one square), an illegal move
// refused, 3c3d by a drag, 8h2b+ with the promotion asked and chosen, 3a2b by a drag; the moves as the
// list and USI write them, the board as the CLI replays them (`record --json` of the same moves); the
// captured bishop dropped from the hand and the drop undone; a move of the list proved in the editor, and
// the position shown proved by the panel's own Prove; back at move 2 another third move, a variation beside
// ２二角成, made the main line. Written once and run in Chromium (tests/browser/play.test.mjs, English)
// and Firefox (tests/firefox.test.mjs, Japanese), on a page opened at `?game=shogi&lang=…`.
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import en from '../../www/js/i18n/en.js';
import ja from '../../www/js/i18n/ja.js';
import { cli, index, position } from '../site.mjs';
import { settles } from './ui.mjs';

export const START = 'lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1';
const MOVES = ['7g7f', '3c3d', '8h2b+', '3a2b'];
// The list's Western notation (the CLI writes Japanese, `record --json`).
const WESTERN = ['1. P-7f', '2. P-3d', '3. Bx2b+', '4. Sx2b'];

let files = 0;
/** The CLI's reading of `moves` (USI) played from `start`, as a USI record written into `dir`: {japanese,
 * sfen} of each move. */
function replayed(dir, start, moves) {
  const file = join(dir, `play-${files++}.usi`);
  writeFileSync(file, `position ${start === START ? 'startpos' : `sfen ${start}`} moves ${moves.join(' ')}\n`);
  return JSON.parse(cli('record', '--json', file)).moves;
}
/** The position (board, side, hands) the CLI reaches by playing `moves` from `start`. */
export const cliAfter = (dir, start, moves) => position(replayed(dir, start, moves).at(-1).sfen);

export const playSquare = (name) => `#play-board [data-square="${index(name)}"]`;
export const usis = (ui) => ui.readAll('#play-moves button[data-usi]', (bs) => bs.map((b) => b.getAttribute('data-usi')));
export const texts = (ui) => ui.readAll('#play-moves button[data-usi]', (bs) => bs.map((b) => b.firstChild.textContent));
export const boardSfen = (ui) => ui.attr('#play-board', 'data-sfen');

/** Waits until the play board shows the position after `plies` moves with its legal moves listed. */
export const settled = (ui, plies) => ui.waitUntil((n) => document.querySelectorAll('#play-moves button[data-usi]').length === n
  && document.getElementById('play-panel')?.dataset.state !== 'busy', plies);

/** Starts a game in the play panel from the start whose option text includes `label` (or whose value is it). */
export async function begin(ui, label) {
  const value = await ui.read('#play-start', (s, l) =>
    [.../** @type {HTMLSelectElement} */ (s).options].find((o) => o.value === l || o.text.includes(l)).value, label);
  await ui.select('#play-start', value);
  await ui.click('#play-begin');
  await settled(ui, 0);
  await ui.waitFor('#play-panel[data-state="ready"]');
}

/** The scenario in `lang` (`ui`: ui.mjs's driver); the CLI's files are written into the folder `dir`. */
export async function playExchange(ui, lang, dir) {
  const d = { en, ja }[lang];
  const main = replayed(dir, START, [...MOVES, 'B*5e']);
  const after = (ply) => position(main[ply - 1].sfen);
  const at = async () => position(await boardSfen(ui));
  await begin(ui, START);
  assert.equal(await boardSfen(ui), START);
  await ui.click(playSquare('7g'));
  await settles(() => ui.count('#play-board .sq.target'), 1, 'the pawn can go to one square');
  await ui.click(playSquare('7f'));
  await settled(ui, 1);
  // An illegal move is refused: Gote's pawn two squares ahead.
  await ui.click(playSquare('3c'));
  await ui.click(playSquare('3e'));
  await settles(() => ui.text('#play-status'), d.playIllegal);
  assert.deepEqual(await usis(ui), ['7g7f']);
  await ui.drag(playSquare('3c'), playSquare('3d'));
  await settled(ui, 2);
  // The bishop takes on 2b: it may promote or not, and the page asks.
  await ui.click(playSquare('8h'));
  await ui.click(playSquare('2b'));
  await ui.waitFor('#play-promote:not([hidden])');
  await ui.click('#play-promote-yes');
  await settled(ui, 3);
  assert.equal(await ui.drawn('#play-promote'), false, 'the question goes once answered');
  await ui.drag(playSquare('3a'), playSquare('2b'));
  await settled(ui, 4);
  assert.deepEqual(await usis(ui), MOVES);
  assert.equal(await at(), after(4));
  assert.deepEqual(await texts(ui), lang === 'ja' ? main.slice(0, 4).map((m, i) => `${i + 1}. ${m.japanese}`) : WESTERN);
  assert.equal(await ui.text('#play-usi'), `position startpos moves ${MOVES.join(' ')}`);
  // The captured bishop is in Sente's hand and is dropped from there; undo takes it back.
  await ui.click('#play-board [data-hand="0"] [data-hand-kind="B"]');
  await ui.click(playSquare('5e'));
  await settled(ui, 5);
  assert.equal(await at(), after(5));
  await ui.click('#play-undo');
  await settled(ui, 4);
  assert.equal(await at(), after(4));
  // A move of the list: its position goes to the editor, where Prove works on it.
  await ui.click('#play-moves button[data-ply="3"]');
  await settles(async () => position(await ui.value('#sfen')), after(3));
  assert.equal(await at(), after(3));
  await ui.click('#prove');
  await ui.waitFor('#verdict[data-verdict="reachable"]', 60_000);
  // The panel's own Prove: the position shown, proved in the editor.
  await ui.click('#play-moves button[data-ply="2"]');
  await settles(at, after(2));
  await ui.click('#play-prove');
  await settles(async () => position(await ui.value('#sfen')), after(2));
  await ui.waitFor('#verdict[data-verdict="reachable"]', 60_000);
  await variationMadeMain(ui, dir);
}

/** Back at move 2 of the exchange, another third move: a variation beside ２二角成, then made the main line. */
async function variationMadeMain(ui, dir) {
  const at = async () => position(await boardSfen(ui));
  await ui.click('#play-moves button[data-ply="2"]:not([data-alt])');
  await ui.click(playSquare('2g'));
  await ui.click(playSquare('2f'));
  await ui.waitFor('#play-moves button[aria-current][data-usi="2g2f"]');
  await settles(at, cliAfter(dir, START, ['7g7f', '3c3d', '2g2f']));
  assert.deepEqual(await ui.readAll('#play-moves button[data-alt]', (bs) => bs.map((b) => b.getAttribute('data-usi'))), ['8h2b+']);
  assert.equal(await ui.text('#play-usi'), `position startpos moves ${MOVES.join(' ')}`);
  await ui.click('#play-promote-line');
  await ui.waitUntil(() => document.getElementById('play-usi').textContent === 'position startpos moves 7g7f 3c3d 2g2f');
}
