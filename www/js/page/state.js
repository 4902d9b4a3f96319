// The page's state in one place: the game, the start proved from and the position edited, the move tree
// (a record read, moves played) and the position it shows, the piece labels, the board's orientation, the
// language, the tab shown and whether an estimate runs. What the address bar carries and
// what several panels draw comes from here: a change goes to the subscribers of the keys it changed (in the
// order they subscribed), never from one panel to another. DOM-free.

/**
 * @typedef {{game: import('../engine/api').GameName, start: string | null, sfen: string,
 *   tree: import('../play/play-game.js').PlayGame | null, cursor: string[], labels: string, flipped: boolean,
 *   language: string, tab: string, estimating: boolean}} State
 * `start`: the start proved from (null: the initial position, else a handicap's name); `tree`: the move tree
 * (changed in place: a change of it comes with a new `cursor`, the moves from its start to the position shown)
 * @typedef {keyof State} Key
 */

export class PageState {
  /** @type {State} */
  #state;
  /** @type {{keys: Key[], draw: (state: Readonly<State>, changed: Key[]) => void}[]} */
  #subscribers = [];

  /** @param {State} initial */
  constructor(initial) {
    this.#state = { ...initial };
  }

  /**
   * The value of `key`.
   * @template {Key} K
   * @param {K} key
   * @returns {State[K]}
   */
  get(key) {
    return this.#state[key];
  }

  /**
   * Sets the values of `patch`; the subscribers of the keys whose values changed hear it, each once.
   * @param {Partial<State>} patch
   */
  set(patch) {
    const changed = /** @type {Key[]} */ (Object.keys(patch)).filter((k) => !Object.is(this.#state[k], patch[k]));
    if (changed.length === 0) return;
    Object.assign(this.#state, patch);
    const state = Object.freeze({ ...this.#state });
    for (const { keys, draw } of this.#subscribers) {
      if (keys.some((k) => changed.includes(k))) draw(state, changed);
    }
  }

  /**
   * Calls `draw(state, changed)` after every change of one of `keys`.
   * @param {Key[]} keys
   * @param {(state: Readonly<State>, changed: Key[]) => void} draw
   */
  subscribe(keys, draw) {
    this.#subscribers.push({ keys, draw });
  }
}
