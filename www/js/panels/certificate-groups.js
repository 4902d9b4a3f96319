// A `prev` certificate as a player reads it: the summary sentence first, then one collapsed group per
// reason (the engine's groups, largest first), each opening to its moves in the page's notation with what
// is particular to each (the square in the way, the checking pieces), or, where the captures fail for
// different reasons, each capture's reason.
import { colon, language, t } from '../i18n/i18n.js';
import { label } from '../game/pieces.js';
import { squareText } from '../game/notation.js';
import { candidateText, groupText, summaryText } from './certificate-moves.js';

const SQUARES = /\b[1-9][a-i]\b/g;

export const el = (tag, className, ...children) => {
  const e = document.createElement(tag);
  if (className) e.className = className;
  e.append(...children);
  return e;
};
export const sq = (name) => squareText(name, language());
const pieceText = (piece) => (language() === 'ja' ? label(piece.toUpperCase(), 'kanji') : piece);

/** The summary and the groups of a `prev` certificate (`prev` as the engine's JSON has it). */
export function prevGroups(prev) {
  const groups = prev.groups.map((g) => {
    const details = el('details', 'cert-group', el('summary', null, groupText(prev, g)));
    details.dataset.reason = g.reason;
    details.dataset.count = String(g.candidates.length);
    const items = g.candidates.map((i) => candidateItem(prev.candidates[i], i, g.reason));
    details.append(el('ul', 'cert-candidates', ...items));
    return details;
  });
  return [el('p', 'cert-summary', summaryText(prev)), el('div', 'cert-groups', ...groups)];
}

/** The squares an engine's reason names, in the page's language. */
const squaresOf = (v) => (v.reason?.match(SQUARES) ?? []).map(sq);

/** A failure in full, in the page's language (for moves whose captures fail differently). */
const failureText = (v) => t('failure', v.failure, squaresOf(v)) ?? v.reason;

/** One candidate: its move and USI, then what is particular to it. */
function candidateItem(c, index, reason) {
  const move = c.from === 'off-board' ? t('certFromOff', sq(c.to), pieceText(c.piece)) : candidateText(c);
  const li = el('li', null, el('span', 'cert-move', move));
  if (c.usi) li.append(el('span', 'usi', ` ${c.usi}`));
  li.dataset.usi = c.usi ?? '';
  li.dataset.index = String(index);
  // Each capture's text: in full where the reasons differ, else the detail of the group's reason.
  const texts = c.variants.map((v) => (reason === 'by-capture' ? failureText(v) : t('certDetail', v.failure, squaresOf(v))));
  if (new Set(texts).size === 1) {
    if (texts[0]) li.append(`${colon()}${texts[0]}`);
    li.dataset.failure = c.variants[0].failure;
    return li;
  }
  // Captures with one reason together: "capturing nothing, capturing +P: …".
  const byText = new Map();
  c.variants.forEach((v, k) => {
    const what = v.captured ? t('certCapturing', pieceText(v.captured)) : t('certNoCapture');
    const entry = byText.get(texts[k]) ?? { whats: [], failure: v.failure };
    entry.whats.push(what);
    byText.set(texts[k], entry);
  });
  li.append(el('ul', null, ...[...byText].map(([text, { whats, failure }]) => {
    const item = el('li', null, `${whats.join(language() === 'ja' ? '・' : ', ')}${colon()}${text}`);
    item.dataset.failure = failure;
    return item;
  })));
  return li;
}
