// The board column holds the page's one full-size board. The editor's board is there unless a game is shown
// on it: the move tree (a record read, moves played, the answer's game) or the path from a KK position. Each
// of those has its own board element in the column, and showing one hides the others, so exactly one
// full-size board is on the page at a time. The column says which is shown (`data-mode`: editor, play or
// path); phones keep the column at the top of the screen while a game is shown (style.css).

/** @typedef {{board: HTMLElement, onLeave: () => void}} Mode */

export class BoardStage {
  #column;
  #editor;
  /** @type {Map<string, Mode>} */
  #modes = new Map();
  /** @type {string} */
  #shown = 'editor';

  /** @param {HTMLElement} editorBoard the editor's board, inside the board column */
  constructor(editorBoard) {
    const column = editorBoard.closest('.board-column');
    if (!(column instanceof HTMLElement)) throw new Error('the editor board is outside the board column');
    this.#column = column;
    this.#editor = editorBoard;
    column.dataset.mode = 'editor';
  }

  /**
   * Adds mode `name`, whose games play on `board` (put in the column, hidden until the mode is shown);
   * `onLeave()` runs when another mode takes the column.
   * @param {string} name
   * @param {HTMLElement} board
   * @param {() => void} onLeave
   */
  add(name, board, onLeave) {
    board.hidden = true;
    this.#column.append(board);
    this.#modes.set(name, { board, onLeave });
  }

  /**
   * Shows mode `name`'s board (`editor`: the editor's) in the column, the mode shown before told to leave.
   * @param {string} name
   */
  show(name) {
    if (this.#shown === name) return;
    const before = this.#modes.get(this.#shown);
    this.#swap(name);
    before?.onLeave();
  }

  /**
   * The editor's board again, if mode `name` is shown; `reveal`: scrolled into view (a player's "Back to the
   * editor": on a phone the column stops following the screen).
   * @param {string} name
   */
  leave(name, { reveal = false } = {}) {
    if (this.#shown !== name) return;
    this.#swap('editor');
    const r = this.#column.getBoundingClientRect();
    if (reveal && (r.top < 0 || r.bottom > innerHeight)) this.#column.scrollIntoView({ block: 'start' });
  }

  /**
   * Scrolls the page so that the board and a game's `controls` are both on screen: in one column (phones,
   * tablets: the controls under the board) the board sticks to the top while a game is shown, so the controls
   * go just under it; beside it, the board is in view already and the controls only need to be.
   * @param {HTMLElement} controls
   */
  bringIntoView(controls) {
    const c = this.#column.getBoundingClientRect();
    const k = controls.getBoundingClientRect();
    if (k.left >= c.right || c.left >= k.right) {
      controls.scrollIntoView({ block: 'nearest' });
      return;
    }
    scrollTo({ top: k.top + scrollY - c.height - 8 });
  }

  /** @param {string} name */
  #swap(name) {
    this.#shown = name;
    this.#editor.hidden = name !== 'editor';
    for (const [mode, { board }] of this.#modes) board.hidden = mode !== name;
    this.#column.dataset.mode = name;
  }
}
