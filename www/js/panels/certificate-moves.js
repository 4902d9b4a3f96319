// What a certificate's moves and groups read as, DOM-free: the summary sentence of a `prev` certificate
// from the engine's groups of reasons, and candidate or taken-back moves in the page's notation. These are
// moves that were never played (a candidate may even start from an occupied square), so they are written
// with their origin, which needs no position: Western `+S7b-6c`, `S6b-6c+`, `P*6b`; Japanese as KIF writes
// them, `☖６三成銀(72)`, `☖６三銀成(62)`, `☖６二歩打`.
import { language, t } from '../i18n/i18n.js';
import { squareText } from '../game/notation.js';
import { squareIndex } from '../game/sfen.js';
import { JAPANESE_NAMES } from '../game/games.js';

/** `7b` → `72`, as KIF writes an origin. */
const kifSquare = (name) => `${name[0]}${name.charCodeAt(1) - 96}`;

/**
 * A move in the page's notation: `piece` the SFEN token of the piece that moves, as it stands before the
 * move (`+s`, `P`); `from` a square (`7b`) or null for a drop; `promote` whether it promotes on the move.
 */
export function moveText({ piece, from, to, promote }, lang = language()) {
  const kind = piece.toUpperCase();
  if (lang !== 'ja') return from ? `${kind}${from}-${to}${promote ? '+' : ''}` : `${kind}*${to}`;
  const mark = piece === kind ? '☗' : '☖';
  const name = JAPANESE_NAMES[kind].record;
  const square = squareText(to, 'ja');
  if (!from) return `${mark}${square}${name}打`;
  return `${mark}${square}${name}${promote ? '成' : ''}(${kifSquare(from)})`;
}

/** A candidate of a `prev` certificate (from the board or dropped) in the page's notation. */
export function candidateText(c, lang = language()) {
  // The piece before the move: unpromoted if it promoted on the move.
  const piece = c.unpromotion ? c.piece.replace('+', '') : c.piece;
  return moveText({ piece, from: c.drop ? null : c.from, to: c.to, promote: c.unpromotion }, lang);
}

/** A move `usi` played in `setup` (a parsed SFEN: `game`, `cells`, `side`), in the page's notation. */
export function usiText(setup, usi, lang = language()) {
  const to = usi.slice(2, 4);
  const promote = usi.endsWith('+');
  if (usi[1] === '*') {
    const piece = setup.side === 'w' ? usi[0].toLowerCase() : usi[0].toUpperCase();
    return moveText({ piece, from: null, to, promote: false }, lang);
  }
  const from = usi.slice(0, 2);
  return moveText({ piece: setup.cells[squareIndex(setup.game, from)], from, to, promote }, lang);
}

/** The side to move, which is not the last mover ("Sente"/"Gote" as the engine names them). */
const otherSide = (mover) => (mover === 'Sente' ? 'Gote' : 'Sente');

/** The phrase of one group: how many candidates fail for its reason. */
export const groupText = (prev, group) => t('certReason', group.reason, group.candidates.length, otherSide(prev.last_mover));

/** The sentence that leads a `prev` certificate: every candidate fails, so many for each reason. */
export function summaryText(prev) {
  return t('certSummary', prev.last_mover, prev.candidates.length, prev.groups.map((g) => groupText(prev, g)));
}
