// How moves and squares are written for each language: Japanese notation (from the engine, as in game
// records) and squares as ５六; Western notation (P-7f, Sx4c+, B*5e, G6i-5h where two golds could go there)
// and squares as 5f. No rules here: whether a move needed its origin or declined a promotion is read from
// the engine's Japanese notation (右左上引寄直 mark an ambiguous move, 不成 a declined promotion).
import { parseUsi } from './sfen.js';
import { JAPANESE_FILES, JAPANESE_RANKS } from './games.js';

/** A square name `5f` in the language: `5f`, or `５六` in Japanese. */
export function squareText(name, language) {
  if (language !== 'ja') return name;
  return `${JAPANESE_FILES[Number(name[0]) - 1]}${JAPANESE_RANKS[name.charCodeAt(1) - 97]}`;
}

/**
 * The Western notation of `step` ({move: USI, japanese}) played in `before` (a setup): piece letter
 * (`+R` for a promoted one), origin when the Japanese names it ambiguous, `-` a move, `x` a capture, `*` a
 * drop, then `+` promoted or `=` not promoted where it could have.
 */
export function westernMove(before, step) {
  const m = parseUsi(before.game, step.move);
  const dest = step.move.slice(2, 4);
  if ('drop' in m) return `${m.drop.toUpperCase()}*${dest}`;
  const piece = before.cells[m.from].toUpperCase();
  const ambiguous = /[右左上引寄直]/.test(step.japanese);
  const origin = ambiguous ? step.move.slice(0, 2) : '';
  const sign = before.cells[m.to] ? 'x' : '-';
  const suffix = m.promote ? '+' : step.japanese.endsWith('不成') ? '=' : '';
  return `${piece}${origin}${sign}${dest}${suffix}`;
}
