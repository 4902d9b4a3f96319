// The editor's position model and SFEN text. A setup need not be legal (the editor holds half-built
// positions); the engine judges it, and reads what people type. Cells hold SFEN piece tokens: 'P', '+P'
// (Sente), 'p', '+p' (Gote).
import { GAMES, KINDS, gameNamed } from './games.js';

/** @typedef {{game: string, cells: (string|null)[], hands: Record<string, number>[], side: 'b'|'w'}} Setup */

export function emptyHands() {
  return [0, 1].map(() => Object.fromEntries(KINDS.map((k) => [k, 0])));
}

/**
 * Reads SFEN as the engine writes it (`startpos` too) into a setup. It judges nothing: text from a person
 * goes to the engine first (its `diagnose` gives the SFEN, or the error in words), and what does not read
 * here throws an Error that is no message for people.
 */
export function parseSfen(game, text) {
  const setup = readSfen(game, text);
  if (!setup) throw new Error(`not an SFEN of ${String(game)}: ${JSON.stringify(String(text).slice(0, 200))}`);
  return setup;
}

/** The setup of `text` when it is SFEN as the engine writes it, else null (the engine says why). */
export function readSfen(game, text) {
  const v = gameNamed(game);
  if (!v) return null;
  text = text.trim().replace(/^sfen\s+/, '');
  if (text === 'startpos') text = v.start;
  const fields = text.split(/\s+/);
  if (fields.length < 3 || fields.length > 4) return null;
  const [board, side, hands] = fields;
  const rows = board.split('/');
  const cells = rows.length === v.height ? rows.flatMap((row) => readRow(row, v.width) ?? []) : [];
  if (cells.length !== v.width * v.height || (side !== 'b' && side !== 'w')) return null;
  const h = emptyHands();
  if (hands !== '-') {
    const re = /(\d*)([RBGSNLPrbgsnlp])/y;
    let m;
    let at = 0;
    while (at < hands.length && (m = re.exec(hands))) {
      h[m[2] === m[2].toUpperCase() ? 0 : 1][m[2].toUpperCase()] += m[1] === '' ? 1 : Number(m[1]);
      at = re.lastIndex;
    }
    if (at !== hands.length) return null;
  }
  return { game, cells, hands: h, side };
}

/** The cells of a board row of `width` squares, or null when it is not one. */
function readRow(row, width) {
  const cells = [];
  for (const [, empty, piece] of row.matchAll(/([1-9])|(\+?[kgsnlprbKGSNLPRB])|./g)) {
    if (empty) cells.push(...Array(Number(empty)).fill(null));
    else if (piece && !/^\+[kg]$/i.test(piece)) cells.push(piece);
    else return null;
  }
  return cells.length === width ? cells : null;
}

/** The game a position text is for, by the number of board rows (null when neither). */
export function detectGame(text) {
  const rows = text.trim().replace(/^sfen\s+/, '').split(/[\s[]/)[0].split('/').length;
  return Object.values(GAMES).find((v) => v.height === rows)?.name ?? null;
}

export function toSfen(setup) {
  const v = GAMES[setup.game];
  const rows = [];
  for (let y = 0; y < v.height; y++) {
    let row = '';
    let empty = 0;
    for (let x = 0; x < v.width; x++) {
      const c = setup.cells[y * v.width + x];
      if (c === null) {
        empty++;
        continue;
      }
      if (empty) row += empty;
      empty = 0;
      row += c;
    }
    rows.push(empty ? row + empty : row);
  }
  let hands = '';
  for (const color of [0, 1]) {
    for (const k of KINDS) {
      const n = setup.hands[color][k];
      if (n > 0) hands += (n > 1 ? n : '') + (color === 0 ? k : k.toLowerCase());
    }
  }
  return `${rows.join('/')} ${setup.side} ${hands || '-'} 1`;
}

/** A position's board, side to move and hands: its SFEN without the move number. @param {string} sfen */
export const placement = (sfen) => sfen.split(' ').slice(0, 3).join(' ');

export const colorOf = (piece) => (piece.replace('+', '') === piece.replace('+', '').toUpperCase() ? 0 : 1);
export const kindOf = (piece) => piece.replace('+', '').toUpperCase();
export const isPromoted = (piece) => piece.startsWith('+');
export const makePiece = (kind, color, promoted = false) =>
  (promoted ? '+' : '') + (color === 0 ? kind : kind.toLowerCase());

/** USI square name (`7g`) of cell index `i`, and back. */
export function squareName(game, i) {
  const v = GAMES[game];
  return `${v.width - (i % v.width)}${String.fromCharCode(97 + Math.floor(i / v.width))}`;
}
export function squareIndex(game, name) {
  const v = GAMES[game];
  const file = Number(name[0]);
  const rank = name.charCodeAt(1) - 97;
  return rank * v.width + (v.width - file);
}

/** Pieces of each kind not on the board or in a hand (the box); negative when there are too many. */
export function boxCounts(setup) {
  const totals = GAMES[setup.game].totals;
  const box = { ...totals };
  for (const c of setup.cells) if (c) box[kindOf(c)]--;
  for (const hand of setup.hands) for (const k of KINDS) box[k] -= hand[k];
  return box;
}

/** Parses a USI move: {from, to, promote} or {drop, to} with cell indices. */
export function parseUsi(game, usi) {
  if (usi[1] === '*') return { drop: usi[0], to: squareIndex(game, usi.slice(2, 4)) };
  return {
    from: squareIndex(game, usi.slice(0, 2)),
    to: squareIndex(game, usi.slice(2, 4)),
    promote: usi.endsWith('+'),
  };
}
