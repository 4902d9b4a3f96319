// The play mode's game, without the DOM: a start and a tree of the moves played (each {usi, japanese, sfen}
// as the engine lists legal moves): a move played where the line shown has another goes in as a variation
// beside it; variations are chosen, promoted to the main line (each position's first move) and deleted. And
// which legal moves a gesture on the board means. The rules are the engine's: a move is only ever one of the
// legal moves it listed for the position.
import { squareIndex, squareName } from '../game/sfen.js';
import { GAMES } from '../game/games.js';

/** @typedef {{usi: string, japanese: string, sfen: string}} Step */
/** @typedef {{square: number} | {hand: [number, string]}} Source a piece on a square, or a kind in a hand */
/**
 * A position of the tree: the move to it (null at the start), its comment, the moves from it (the first is
 * the main line's); `lead`: the comment before the move, when it starts a variation.
 * @typedef {{step: Step | null, comment: string, lead?: string, parent: Node | null, children: Node[]}} Node
 */
/**
 * The tree as the engine's records keep it (`exportTree`): the main line, a comment a position, and each
 * variation replacing move `ply` (from the start) of its parent (null: the main line; else an earlier one).
 * @typedef {import('../engine/api').MoveTree} Tree
 */
/**
 * What a game takes from a record read (`parseRecord`'s): its start, lines, comments and header.
 * @typedef {Pick<import('../engine/api').GameRecord, 'game' | 'start' | 'moves' | 'comment' | 'header' | 'variations'>} RecordTree
 */

export class PlayGame {
  /** A game of `gameName` (the game's name) from `start` (SFEN), no move played. */
  constructor(gameName, start) {
    this.gameName = gameName;
    this.start = start;
    /** @type {Node} */
    this.root = { step: null, comment: '', parent: null, children: [] };
    /** @type {Node} the position shown */
    this.cursor = this.root;
    /** @type {Node} where the line shown was last left (going back along it keeps it shown) */
    this.tip = this.root;
    /** @type {{key: string, value: string}[]} the header of the record it was read from */
    this.header = [];
  }

  /**
   * The game of a record (`parseRecord`'s): its main line, variations, comments and header, the position
   * shown its start.
   * @param {RecordTree} record
   */
  static fromRecord(record) {
    const game = new PlayGame(record.game, record.start);
    game.root.comment = record.comment ?? '';
    game.header = record.header.map(({ key, value }) => ({ key, value }));
    /** @param {Node} before @param {import('../engine/api').RecordMove[]} moves @returns {Node[]} */
    const append = (before, moves) => {
      const nodes = [];
      for (const { usi, japanese, sfen, comment = '' } of moves) {
        const node = { step: { usi, japanese, sfen }, comment, parent: nodes.at(-1) ?? before, children: [] };
        node.parent.children.push(node);
        nodes.push(node);
      }
      return nodes;
    };
    // Each line's first move number and its positions; parents come before their variations.
    const lines = [{ ply: 1, nodes: append(game.root, record.moves) }];
    for (const v of record.variations) {
      const parent = lines[v.parent === null ? 0 : v.parent + 1];
      const offset = v.ply - parent.ply;
      const nodes = append(offset === 0 ? /** @type {Node} */ (parent.nodes[0].parent) : parent.nodes[offset - 1], v.moves);
      nodes[0].lead = v.comment ?? '';
      lines.push({ ply: v.ply, nodes });
    }
    return game;
  }

  /** Shows the position after `usis` (moves from the start, along the tree); false when one is not in it. */
  goTo(usis) {
    let node = this.root;
    for (const usi of usis) {
      const next = childPlaying(node, usi);
      if (!next) return false;
      node = next;
    }
    this.cursor = this.tip = node;
    return true;
  }

  /** The moves (USI) from the start to the position shown. @returns {string[]} */
  path() {
    const usis = [];
    for (let n = this.cursor; n.step; n = /** @type {Node} */ (n.parent)) usis.unshift(n.step.usi);
    return usis;
  }

  /** The comment after the move shown (before the first move, at the start). */
  get comment() {
    return this.cursor.comment;
  }

  set comment(text) {
    this.cursor.comment = text;
  }

  /**
   * The line shown: from the start through the position shown and on to where the line was last left (when
   * the position shown is on the way there), then on along first moves.
   * @returns {Node[]}
   */
  #line() {
    const end = this.#end();
    const line = [];
    for (let n = end; n.parent; n = n.parent) line.unshift(n);
    for (let n = end.children[0]; n; n = n.children[0]) line.push(n);
    return line;
  }

  /** The comments of the line shown: at the start (0), then after each move. @returns {string[]} */
  comments() {
    return [this.root.comment, ...this.#line().map((n) => n.comment)];
  }

  /** The moves of the line shown. @returns {Step[]} */
  get moves() {
    return this.#line().map((n) => /** @type {Step} */ (n.step));
  }

  /** How many moves lead to the position shown (0 is the start). */
  get ply() {
    let ply = 0;
    for (let n = this.cursor; n.parent; n = n.parent) ply++;
    return ply;
  }

  /** The SFEN of the position after `ply` moves of the line shown (the one shown by default). */
  sfen(ply = this.ply) {
    return ply === 0 ? this.start : this.moves[ply - 1].sfen;
  }

  /** The USI of the move that led to the position shown (null at the start): what `同` refers to. */
  previous() {
    return this.cursor.step?.usi ?? null;
  }

  /** Plays `step` in the position shown: the move there if it is one already, else a new one beside them. */
  play(step) {
    let next = childPlaying(this.cursor, step.usi);
    if (!next) {
      next = { step, comment: '', parent: this.cursor, children: [] };
      this.cursor.children.push(next);
    }
    this.cursor = this.tip = next;
  }

  /** Takes the last move of the line shown back (its position shown if it was); false when there is none. */
  undo() {
    const line = this.#line();
    const last = line.at(-1);
    if (!last?.parent) return false;
    last.parent.children = last.parent.children.filter((n) => n !== last);
    if (this.cursor === last) this.cursor = last.parent;
    if (this.tip === last) this.tip = last.parent;
    return true;
  }

  /** Shows the position after `ply` moves of the line shown. */
  go(ply) {
    const line = this.#line();
    const k = Math.max(0, Math.min(line.length, ply));
    this.tip = line.at(-1) ?? this.root;
    this.cursor = k === 0 ? this.root : line[k - 1];
  }

  /**
   * For each move of the line shown, the moves that could be that move: the one played first, then the
   * others (one line built for a whole list).
   * @returns {Step[][]}
   */
  choices() {
    return this.#line().map((n) => (n.parent?.children ?? []).map((c) => /** @type {Step} */ (c.step)));
  }

  /** The moves that could be move `ply` (from 1) of the line shown (see `choices`). */
  alternatives(ply) {
    return this.choices()[ply - 1] ?? [];
  }

  /** Shows move `ply` of the line shown replaced by its `k`-th alternative (the line then follows it). */
  choose(ply, k) {
    const other = this.#line()[ply - 1]?.parent?.children[k];
    if (other) this.cursor = this.tip = other;
  }

  /** Where the line shown was left, if the position shown is on the way there; else the position shown. */
  #end() {
    for (let n = /** @type {Node | null} */ (this.tip); n; n = n.parent) if (n === this.cursor) return this.tip;
    return this.cursor;
  }

  /** Whether the line shown is off the main line (the line of first moves). */
  inVariation() {
    for (let n = this.#end(); n.parent; n = n.parent) if (n.parent.children[0] !== n) return true;
    return false;
  }

  /** The line shown becomes the main line: each of its moves first where it branches. */
  promote() {
    for (let n = this.#end(); n.parent; n = n.parent) {
      const siblings = n.parent.children;
      siblings.splice(siblings.indexOf(n), 1);
      siblings.unshift(n);
    }
  }

  /** Deletes the variation shown (from the move where it leaves the main line on); false on the main line. */
  deleteVariation() {
    let branch = null;
    for (let n = this.#end(); n.parent; n = n.parent) if (n.parent.children[0] !== n) branch = n;
    if (!branch?.parent) return false;
    branch.parent.children = branch.parent.children.filter((n) => n !== branch);
    // The position shown stays, unless it went with the variation.
    for (let n = this.cursor; n.parent; n = n.parent) if (n === branch) this.cursor = branch.parent;
    this.tip = branch.parent;
    return true;
  }

  /** The main line in USI: `position sfen … moves …`, or the game's own word for its initial position. */
  usi(initial) {
    const main = [];
    for (let n = this.root.children[0]; n; n = n.children[0]) main.push(/** @type {Step} */ (n.step).usi);
    const start = this.start === initial ? GAMES[this.gameName].usiStart : `sfen ${this.start}`;
    return `position ${start}${main.length ? ` moves ${main.join(' ')}` : ''}`;
  }

  /** The tree as the engine's records keep it (for `exportTree`). @returns {Tree} */
  tree() {
    /** @type {Tree} */
    const tree = { start: this.start, header: this.header, moves: [], comments: [this.root.comment], variations: [] };
    // A line from `first`, its move number `ply`: its first moves, and each move's other choices as
    // variations of it (but those of its own first move, which belong to the line it branches from).
    const line = (first, ply, index) => {
      const nodes = [];
      for (let n = first; n; n = n.children[0]) nodes.push(n);
      const target = index === null ? tree : tree.variations[index];
      target.moves.push(...nodes.map((n) => n.step.usi));
      target.comments.push(...nodes.map((n) => n.comment));
      nodes.forEach((n, i) => {
        if (i === 0 && index !== null) return;
        for (const other of n.parent.children.slice(1)) {
          tree.variations.push({ parent: index, ply: ply + i, moves: [], comments: [other.lead ?? ''] });
          line(other, ply + i, tree.variations.length - 1);
        }
      });
    };
    if (this.root.children[0]) line(this.root.children[0], 1, null);
    return tree;
  }
}

/** The USI prefix of a move from `source` (`7g`, or `P*` for a drop). */
function prefix(game, source) {
  return 'square' in source ? squareName(game, source.square) : `${source.hand[1]}*`;
}

/**
 * The legal moves (of `legal`) that take the piece of `source` to square `to`: none (an illegal move),
 * one, or two when it may promote or not (the promotion first).
 * @param {string} game
 * @param {Step[]} legal
 * @param {Source} source
 * @param {number} to
 * @returns {Step[]}
 */
export function movesTo(game, legal, source, to) {
  const usi = prefix(game, source) + squareName(game, to);
  return legal.filter((m) => m.usi === usi || m.usi === `${usi}+`).sort((a, b) => b.usi.length - a.usi.length);
}

/**
 * The squares the piece of `source` can move to (the targets to mark once it is picked up).
 * @param {string} game
 * @param {Step[]} legal
 * @param {Source} source
 * @returns {number[]}
 */
export function targets(game, legal, source) {
  const from = prefix(game, source);
  const names = new Set(legal.filter((m) => m.usi.startsWith(from)).map((m) => m.usi.slice(2, 4)));
  return [...names].map((name) => squareIndex(game, name));
}

/** The move from `node` whose USI is `usi`, if it was played. @param {Node} node @param {string} usi */
function childPlaying(node, usi) {
  return node.children.find((n) => n.step?.usi === usi);
}
