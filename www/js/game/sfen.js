// The editor's position model and SFEN text. A setup need not be legal (the editor holds half-built
// positions); the engine judges it. Cells hold SFEN piece tokens: 'P', '+P' (Sente), 'p', '+p' (Gote).
import { t } from '../i18n/i18n.js';
import { KINDS, VARIANTS, variantNamed } from './variants.js';

/** @typedef {{variant: string, cells: (string|null)[], hands: Record<string, number>[], side: 'b'|'w'}} Setup */

export function emptyHands() {
  return [0, 1].map(() => Object.fromEntries(KINDS.map((k) => [k, 0])));
}

/** Parses SFEN (`startpos` too); throws an Error that says what is wrong. */
export function parseSfen(variant, text) {
  const v = variantNamed(variant);
  if (!v) throw new Error(t('sfenNoGame', variant));
  text = text.trim().replace(/^sfen\s+/, '');
  if (text === 'startpos') text = v.start;
  const fields = text.split(/\s+/);
  if (fields.length < 3 || fields.length > 4) throw new Error(t('sfenFields', fields.length));
  const [board, side, hands] = fields;
  const rows = board.split('/');
  if (rows.length !== v.height) throw new Error(t('sfenRows', rows.length, t(v.titleKey), v.height));
  const cells = [];
  rows.forEach((row, y) => {
    let promoted = false;
    const start = cells.length;
    for (const ch of row) {
      if (/[1-9]/.test(ch) && !promoted) {
        for (let i = 0; i < Number(ch); i++) cells.push(null);
      } else if (ch === '+' && !promoted) {
        promoted = true;
      } else if (/[kgsnlprb]/i.test(ch) && !(promoted && /[kg]/i.test(ch))) {
        cells.push((promoted ? '+' : '') + ch);
        promoted = false;
      } else {
        throw new Error(t('sfenChar', ch, y + 1));
      }
    }
    if (promoted || cells.length - start !== v.width) {
      throw new Error(t('sfenRowWidth', y + 1, cells.length - start, t(v.titleKey), v.width));
    }
  });
  if (side !== 'b' && side !== 'w') throw new Error(t('sfenSide', side));
  const h = emptyHands();
  if (hands !== '-') {
    const re = /(\d*)([RBGSNLPrbgsnlp])/y;
    let m;
    let at = 0;
    while (at < hands.length && (m = re.exec(hands))) {
      const n = m[1] === '' ? 1 : Number(m[1]);
      h[m[2] === m[2].toUpperCase() ? 0 : 1][m[2].toUpperCase()] += n;
      at = re.lastIndex;
    }
    if (at !== hands.length) throw new Error(t('sfenHands', hands));
  }
  return { variant, cells, hands: h, side };
}

/** The game a position text is for, by the number of board rows (null when neither). */
export function detectVariant(text) {
  const rows = text.trim().replace(/^sfen\s+/, '').split(/[\s[]/)[0].split('/').length;
  return Object.values(VARIANTS).find((v) => v.height === rows)?.name ?? null;
}

export function toSfen(setup) {
  const v = VARIANTS[setup.variant];
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

export const colorOf = (piece) => (piece.replace('+', '') === piece.replace('+', '').toUpperCase() ? 0 : 1);
export const kindOf = (piece) => piece.replace('+', '').toUpperCase();
export const isPromoted = (piece) => piece.startsWith('+');
export const makePiece = (kind, color, promoted = false) =>
  (promoted ? '+' : '') + (color === 0 ? kind : kind.toLowerCase());

/** USI square name (`7g`) of cell index `i`, and back. */
export function squareName(variant, i) {
  const v = VARIANTS[variant];
  return `${v.width - (i % v.width)}${String.fromCharCode(97 + Math.floor(i / v.width))}`;
}
export function squareIndex(variant, name) {
  const v = VARIANTS[variant];
  const file = Number(name[0]);
  const rank = name.charCodeAt(1) - 97;
  return rank * v.width + (v.width - file);
}

/** Pieces of each kind not on the board or in a hand (the box); negative when there are too many. */
export function boxCounts(setup) {
  const totals = VARIANTS[setup.variant].totals;
  const box = { ...totals };
  for (const c of setup.cells) if (c) box[kindOf(c)]--;
  for (const hand of setup.hands) for (const k of KINDS) box[k] -= hand[k];
  return box;
}

/** Parses a USI move: {from, to, promote} or {drop, to} with cell indices. */
export function parseUsi(variant, usi) {
  if (usi[1] === '*') return { drop: usi[0], to: squareIndex(variant, usi.slice(2, 4)) };
  return {
    from: squareIndex(variant, usi.slice(0, 2)),
    to: squareIndex(variant, usi.slice(2, 4)),
    promote: usi.endsWith('+'),
  };
}
