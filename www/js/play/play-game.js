// The play mode's game, without the DOM: a start, the moves played (each {usi, japanese, sfen} as the
// engine lists legal moves) and the move shown; and which legal moves a gesture on the board means. The
// rules are the engine's: a move is only ever one of the legal moves it listed for the position.
import { squareIndex, squareName } from '../game/sfen.js';
import { VARIANTS } from '../game/variants.js';

/** @typedef {{usi: string, japanese: string, sfen: string}} Step */
/** @typedef {{square: number} | {hand: [number, string]}} Source a piece on a square, or a kind in a hand */

export class PlayGame {
  /** A game of `variant` from `start` (SFEN), no move played. */
  constructor(variant, start) {
    this.variant = variant;
    this.start = start;
    /** @type {Step[]} */
    this.moves = [];
    /** the position shown: after this many moves (0 is the start) */
    this.ply = 0;
  }

  /** The SFEN of the position after `ply` moves (the one shown by default). */
  sfen(ply = this.ply) {
    return ply === 0 ? this.start : this.moves[ply - 1].sfen;
  }

  /** The USI of the move that led to the position shown (null at the start): what `同` refers to. */
  previous() {
    return this.ply === 0 ? null : this.moves[this.ply - 1].usi;
  }

  /** Plays `step` in the position shown; the moves after it (a line left by going back) are dropped. */
  play(step) {
    this.moves = [...this.moves.slice(0, this.ply), step];
    this.ply = this.moves.length;
  }

  /** Takes the last move back (and shows the position before it); false when there is none. */
  undo() {
    if (!this.moves.length) return false;
    this.moves = this.moves.slice(0, -1);
    this.ply = Math.min(this.ply, this.moves.length);
    return true;
  }

  /** Shows the position after `ply` moves. */
  go(ply) {
    this.ply = Math.max(0, Math.min(this.moves.length, ply));
  }

  /** The game in USI: `position sfen … moves …`, or the game's own word for its initial position. */
  usi(initial) {
    const start = this.start === initial ? VARIANTS[this.variant].usiStart : `sfen ${this.start}`;
    return `position ${start}${this.moves.length ? ` moves ${this.moves.map((m) => m.usi).join(' ')}` : ''}`;
  }
}

/** The USI prefix of a move from `source` (`7g`, or `P*` for a drop). */
function prefix(variant, source) {
  return 'square' in source ? squareName(variant, source.square) : `${source.hand[1]}*`;
}

/**
 * The legal moves (of `legal`) that take the piece of `source` to square `to`: none (an illegal move),
 * one, or two when it may promote or not (the promotion first).
 * @param {string} variant
 * @param {Step[]} legal
 * @param {Source} source
 * @param {number} to
 * @returns {Step[]}
 */
export function movesTo(variant, legal, source, to) {
  const usi = prefix(variant, source) + squareName(variant, to);
  return legal.filter((m) => m.usi === usi || m.usi === `${usi}+`).sort((a, b) => b.usi.length - a.usi.length);
}

/**
 * The squares the piece of `source` can move to (the targets to mark once it is picked up).
 * @param {string} variant
 * @param {Step[]} legal
 * @param {Source} source
 * @returns {number[]}
 */
export function targets(variant, legal, source) {
  const from = prefix(variant, source);
  const names = new Set(legal.filter((m) => m.usi.startsWith(from)).map((m) => m.usi.slice(2, 4)));
  return [...names].map((name) => squareIndex(variant, name));
}
