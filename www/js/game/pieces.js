// Piece labels: kanji (as on real pieces) or Western letters; pieces' names in the page's language.
import { language } from '../i18n/i18n.js';

const KANJI = {
  K: '玉', R: '飛', B: '角', G: '金', S: '銀', N: '桂', L: '香', P: '歩',
  '+R': '龍', '+B': '馬', '+S': '全', '+N': '圭', '+L': '杏', '+P': 'と',
};
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
  return piece === 'k' ? '王' : KANJI[key];
}

const NAMES_JA = {
  K: '玉将', R: '飛車', B: '角行', G: '金将', S: '銀将', N: '桂馬', L: '香車', P: '歩兵',
  '+R': '龍王', '+B': '龍馬', '+S': '成銀', '+N': '成桂', '+L': '成香', '+P': 'と金',
};

/** A kind's name in the page's language ('P' → 'pawn', '歩兵'). */
export const kindName = (kind) => (language() === 'ja' ? NAMES_JA : NAMES)[kind];

/** Accessible name, e.g. "Gote promoted silver", "後手の成銀". */
export function pieceName(piece) {
  const gote = piece.replace('+', '') !== piece.replace('+', '').toUpperCase();
  const key = piece.toUpperCase();
  if (language() === 'ja') return `${gote ? '後手' : '先手'}の${piece === 'k' ? '王将' : NAMES_JA[key]}`;
  return `${gote ? 'Gote' : 'Sente'} ${NAMES[key]}`;
}
