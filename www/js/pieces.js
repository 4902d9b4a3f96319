// Piece labels: kanji (as on real pieces) or Western letters.
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

/** Names of the kinds a hand holds ('P' → 'pawn'). */
export const KIND_NAMES = Object.fromEntries(['K', 'R', 'B', 'G', 'S', 'N', 'L', 'P'].map((k) => [k, NAMES[k]]));

/** Accessible name, e.g. "Gote promoted silver". */
export function pieceName(piece) {
  const gote = piece.replace('+', '') !== piece.replace('+', '').toUpperCase();
  return `${gote ? 'Gote' : 'Sente'} ${NAMES[piece.toUpperCase()]}`;
}
