// Piece labels: kanji (as on real pieces) or Western letters; pieces' names in the page's language.
import { language } from '../i18n/i18n.js';
import { JAPANESE_NAMES, JAPANESE_RANKS } from './games.js';

const NAMES = {
  K: 'king', R: 'rook', B: 'bishop', G: 'gold', S: 'silver', N: 'knight', L: 'lance', P: 'pawn',
  '+R': 'dragon', '+B': 'horse', '+S': 'promoted silver', '+N': 'promoted knight', '+L': 'promoted lance',
  '+P': 'tokin',
};

/**
 * The text on a piece: `piece` is an SFEN token ('p', '+R', ...); `style` is 'kanji' or 'western'. Gote's
 * king is 王 and Sente's 玉, as in printed diagrams, so the two kings can be told apart.
 */
export function label(piece, style) {
  const key = piece.toUpperCase();
  if (style !== 'kanji') return key;
  return piece === 'k' ? '王' : JAPANESE_NAMES[key].board;
}

/** The label of rank `rank` (0: the top rank) beside a board: 一 … in kanji, a … in Western letters. */
export function rankLabel(rank, style) {
  return style === 'kanji' ? JAPANESE_RANKS[rank] : String.fromCharCode(97 + rank);
}

/** A kind's name in the page's language ('P' → 'pawn', '歩兵'). */
export const kindName = (kind) => (language() === 'ja' ? JAPANESE_NAMES[kind].full : NAMES[kind]);

/** Accessible name, e.g. "Gote promoted silver", "後手の成銀". */
export function pieceName(piece) {
  const gote = piece.replace('+', '') !== piece.replace('+', '').toUpperCase();
  const key = piece.toUpperCase();
  if (language() === 'ja') return `${gote ? '後手' : '先手'}の${piece === 'k' ? '王将' : JAPANESE_NAMES[key].full}`;
  return `${gote ? 'Gote' : 'Sente'} ${NAMES[key]}`;
}
