// A record's lines of play, DOM-free: the main line (line 0) and each variation (line i + 1 for the
// engine's `variations[i]`), the line shown as one sequence of moves from the start, and the alternatives
// at each of its moves (the move of the line it continues and the variations that replace that move).

/**
 * @typedef {import('../engine/api').RecordMove} RecordMove
 * @typedef {{parent: number | null, ply: number, moves: RecordMove[], comment: string, before: string}} Line
 *   `parent` and indices are line numbers (0: the main line); `before` is the SFEN before its first move.
 * @typedef {{ply: number, line: number, index: number}} Step a move of the line shown: its number, the
 *   line it belongs to and its index in that line's moves.
 */

export class RecordLines {
  /** @type {Line[]} */
  lines;
  /** @type {Map<string, number[]>} the variations of line `parent` at move `ply`, by `${parent}:${ply}` */
  #branches = new Map();

  /** @param {import('../engine/api').GameRecord} record */
  constructor(record) {
    const main = { parent: null, ply: 1, moves: record.moves, comment: record.comment ?? '', before: record.start };
    this.lines = [main];
    for (const v of record.variations ?? []) {
      const parent = v.parent === null ? 0 : v.parent + 1;
      const from = this.lines[parent];
      // Parents come first: the position before the move replaced is known.
      const offset = v.ply - from.ply;
      const before = offset === 0 ? from.before : from.moves[offset - 1].sfen;
      this.lines.push({ parent, ply: v.ply, moves: v.moves, comment: v.comment ?? '', before });
      const key = `${parent}:${v.ply}`;
      this.#branches.set(key, [...(this.#branches.get(key) ?? []), this.lines.length - 1]);
    }
  }

  /**
   * The moves of line `shown` from the start: its ancestors' moves up to where each branches, then its own.
   * @param {number} shown
   * @returns {Step[]}
   */
  steps(shown) {
    const chain = [];
    for (let at = /** @type {number | null} */ (shown); at !== null; at = this.lines[at].parent) chain.unshift(at);
    /** @type {Step[]} */
    const steps = [];
    chain.forEach((line, k) => {
      const { ply, moves } = this.lines[line];
      const end = k + 1 < chain.length ? this.lines[chain[k + 1]].ply - 1 : ply + moves.length - 1;
      for (let p = ply; p <= end; p++) steps.push({ ply: p, line, index: p - ply });
    });
    return steps;
  }

  /**
   * The lines whose move `ply` may follow the moves before it in `steps`: the line those moves belong to
   * (when it has a move `ply`) and its variations at `ply`. One line alone is no choice.
   * @param {Step[]} steps
   * @param {number} ply
   * @returns {number[]}
   */
  alternatives(steps, ply) {
    const from = ply === 1 ? 0 : steps[ply - 2].line;
    const line = this.lines[from];
    const own = ply >= line.ply && ply < line.ply + line.moves.length ? [from] : [];
    return [...own, ...(this.#branches.get(`${from}:${ply}`) ?? [])];
  }

  /**
   * The move a step stands for.
   * @param {Step} step
   */
  move(step) {
    return this.lines[step.line].moves[step.index];
  }

}
