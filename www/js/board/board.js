// The board view: draws a setup (board, both hands) and reports gestures; it knows no rules.
// Moves are animated by diffing the previous and the new setup (a piece that left one square and
// appears on another slides there; a piece that appears from nowhere flies in from its hand).
import { GAMES, KINDS } from '../game/games.js';
import { colorOf, kindOf, squareName } from '../game/sfen.js';
import { language, t } from '../i18n/i18n.js';
import { squareText } from '../game/notation.js';
import { kindName, label, pieceName, rankLabel } from '../game/pieces.js';


/**
 * What a square may be marked with: the squares a diagnosis names, the last move, the editor's cursor and
 * the square picked up, and the squares the piece picked up can go to (the play mode).
 * @typedef {{bad?: number[], from?: number, to?: number, cursor?: number, selected?: number, targets?: number[]}} Marks
 */

export class Board {
  /**
   * @param {HTMLElement} root
   * @param {{editable?: boolean, onSquare?: Function, onSquareMenu?: Function, onHand?: Function,
   *          onHandMenu?: Function}} options
   */
  constructor(root, options = {}) {
    this.root = root;
    this.options = options;
    this.flipped = false;
    this.labels = 'kanji';
    /** @type {import('../game/sfen.js').Setup | null} */
    this.setup = null;
    /** @type {Marks} */
    this.marks = {};
    /** @type {HTMLElement[]} the two hands, by colour */
    this.hands = [];
    /** @type {HTMLElement[]} the squares, by cell index */
    this.cells = [];
    /** @type {HTMLElement | null} */
    this.grid = null;
    this.animationMs = 250;
    root.classList.add('board-view');
    root.addEventListener('click', (e) => this.#gesture(e, false));
    root.addEventListener('contextmenu', (e) => this.#gesture(e, true));
    root.addEventListener('keydown', (e) => {
      if (!['Delete', 'Backspace', '-'].includes(e.key) || !(/** @type {Element} */ (e.target).closest?.('[data-hand-kind]'))) return;
      e.preventDefault();
      e.stopImmediatePropagation(); // not the editor's Delete, which empties the cursor's square
      this.#gesture(e, true);
    });
  }

  #gesture(e, menu) {
    const square = e.target.closest('[data-square]');
    const hand = e.target.closest('[data-hand-kind]');
    if (square) {
      if (menu) e.preventDefault();
      (menu ? this.options.onSquareMenu : this.options.onSquare)?.(Number(square.dataset.square), e);
    } else if (hand) {
      if (menu) e.preventDefault();
      const color = Number(hand.closest('[data-hand]').dataset.hand);
      (menu ? this.options.onHandMenu : this.options.onHand)?.(color, hand.dataset.handKind, e);
    }
  }

  setFlipped(flipped) {
    this.flipped = flipped;
    this.#build();
  }

  setLabels(style) {
    this.labels = style;
    this.#build();
  }

  /**
   * Draws `setup`. `marks`: {bad: [i], from: i, to: i, cursor: i, selected: i}.
   * `animate`: slide the pieces that moved since the last render.
   */
  render(setup, { marks = {}, animate = false } = {}) {
    const before = this.setup;
    const sameShape = before && before.game === setup.game;
    this.setup = setup;
    this.marks = marks;
    if (!sameShape || !this.grid) this.#build();
    else this.#fill();
    if (animate && sameShape) this.#animate(before, setup);
  }

  #build() {
    if (!this.setup) return;
    const v = GAMES[this.setup.game];
    this.root.replaceChildren();
    this.root.style.setProperty('--files', v.width);
    this.root.style.setProperty('--ranks', v.height);
    const top = this.flipped ? 0 : 1;
    this.hands = [];
    const handEl = (color) => {
      const el = document.createElement('div');
      el.className = `hand hand-${color === 0 ? 'sente' : 'gote'}`;
      el.dataset.hand = color;
      el.dataset.drop = JSON.stringify({ hand: color });
      this.hands[color] = el;
      return el;
    };
    const files = document.createElement('div');
    files.className = 'files';
    for (let c = 0; c < v.width; c++) {
      const s = document.createElement('span');
      s.textContent = String(this.flipped ? c + 1 : v.width - c);
      files.append(s);
    }
    const grid = document.createElement('div');
    grid.className = 'grid';
    grid.setAttribute('role', 'grid');
    this.cells = new Array(v.width * v.height);
    // A grid of rows of cells, as ARIA wants it; the rows take no room (display: contents).
    for (let r = 0; r < v.height; r++) {
      const row = document.createElement('div');
      row.className = 'row';
      row.setAttribute('role', 'row');
      for (let c = 0; c < v.width; c++) {
        const d = r * v.width + c;
        const i = this.flipped ? v.width * v.height - 1 - d : d;
        const cell = document.createElement('div');
        cell.className = 'sq';
        cell.dataset.square = String(i);
        cell.dataset.drop = JSON.stringify({ square: i });
        cell.setAttribute('role', 'gridcell');
        this.cells[i] = cell;
        row.append(cell);
      }
      grid.append(row);
    }
    const ranks = document.createElement('div');
    ranks.className = 'ranks';
    for (let r = 0; r < v.height; r++) {
      const y = this.flipped ? v.height - 1 - r : r;
      const s = document.createElement('span');
      s.textContent = rankLabel(y, this.labels);
      ranks.append(s);
    }
    const middle = document.createElement('div');
    middle.className = 'board-middle';
    middle.append(files, grid, ranks);
    this.grid = grid;
    this.root.append(handEl(top), middle, handEl(1 - top));
    this.#fill();
  }

  #fill() {
    const setup = this.setup;
    if (!setup) return;
    this.cells.forEach((cell, i) => this.#fillSquare(cell, i, setup));
    // Hands are drawn anew: a hand button that had the focus gets it back.
    const focused = document.activeElement?.closest?.('[data-hand-kind]');
    const focusedKind = focused instanceof HTMLElement ? focused : null;
    for (const color of [0, 1]) {
      const el = this.hands[color];
      const refocus = focusedKind && el.contains(focusedKind) ? focusedKind.dataset.handKind : null;
      this.#fillHand(el, color, setup);
      if (refocus) /** @type {HTMLElement | null} */ (el.querySelector(`[data-hand-kind="${refocus}"]`))?.focus();
    }
  }

  /**
   * Square `i` of `setup`: its piece, its marks, its name for assistive technology.
   * @param {HTMLElement} cell
   * @param {number} i
   * @param {import('../game/sfen.js').Setup} setup
   */
  #fillSquare(cell, i, setup) {
    const p = setup.cells[i];
    const classes = ['sq'];
    if (this.marks.bad?.includes(i)) classes.push('bad');
    if (this.marks.from === i) classes.push('last-from');
    if (this.marks.to === i) classes.push('last-to');
    if (this.marks.cursor === i) classes.push('cursor');
    if (this.marks.selected === i) classes.push('selected');
    if (this.marks.targets?.includes(i)) classes.push('target');
    cell.className = classes.join(' ');
    const current = /** @type {HTMLElement | null} */ (cell.firstElementChild);
    const name = squareText(squareName(setup.game, i), language());
    if (!p) {
      if (current) cell.replaceChildren();
      cell.setAttribute('aria-label', t('emptySquare', name));
      return;
    }
    const piece = current && current.dataset.piece === p && current.dataset.labels === this.labels ? current : this.pieceElement(p);
    if (piece !== current) cell.replaceChildren(piece);
    piece.dataset.drag = JSON.stringify({ square: i });
    cell.setAttribute('aria-label', `${name} ${pieceName(p)}`);
  }

  /**
   * `color`'s hand of `setup`; in the editor every kind of the game, each a button (Enter adds one, Delete
   * takes one away).
   * @param {HTMLElement} el
   * @param {number} color
   * @param {import('../game/sfen.js').Setup} setup
   */
  #fillHand(el, color, setup) {
    const v = GAMES[setup.game];
    el.replaceChildren();
    const title = document.createElement('span');
    title.className = 'hand-title';
    title.textContent = color === 0 ? '☗' : '☖';
    title.title = t('handTitle', color);
    el.append(title);
    for (const k of KINDS) {
      const n = setup.hands[color][k];
      if (v.totals[k] === 0 || (n === 0 && !this.options.editable)) continue;
      const item = document.createElement(this.options.editable ? 'button' : 'span');
      item.className = `hand-item${n === 0 ? ' none' : ''}`;
      item.dataset.handKind = k;
      // The board is one tab stop: its hands are reached with the arrow keys (the editor's view), not Tab.
      if (item instanceof HTMLButtonElement) {
        item.type = 'button';
        item.tabIndex = -1;
      }
      // Named in words (read first), then the count that shows; the kanji is left out of the name.
      const name = document.createElement('span');
      name.className = 'visually-hidden';
      name.textContent = t('handItem', color, kindName(k));
      const piece = this.pieceElement(color === 0 ? k : k.toLowerCase());
      piece.setAttribute('aria-hidden', 'true');
      if (n > 0) piece.dataset.drag = JSON.stringify({ hand: [color, k] });
      // An empty slot of the editor's hand is a dim piece to tap, its 0 said to screen readers only.
      const count = document.createElement('span');
      count.className = n === 0 ? 'count visually-hidden' : 'count';
      count.textContent = String(n);
      item.append(name, piece, count);
      el.append(item);
    }
    el.classList.toggle('to-move', (setup.side === 'b') === (color === 0));
  }

  /** A piece element (also used by the palette and the gallery). */
  pieceElement(piece) {
    const el = document.createElement('span');
    const gote = colorOf(piece) === 1;
    el.className = `piece${gote ? ' gote' : ''}${piece.startsWith('+') ? ' promoted' : ''}`;
    el.dataset.piece = piece;
    el.dataset.labels = this.labels;
    el.textContent = label(piece, this.labels);
    el.title = pieceName(piece);
    return el;
  }

  /** Slides moved pieces from where they were; pieces from a hand fly in from it. */
  #animate(before, after) {
    const left = [];
    const arrived = [];
    before.cells.forEach((p, i) => {
      if (p && p !== after.cells[i]) left.push({ i, p });
    });
    after.cells.forEach((p, i) => {
      if (p && p !== before.cells[i]) arrived.push({ i, p });
    });
    for (const a of arrived) {
      // The piece that left a square of the same owner and kind (promotion may have changed).
      const k = left.findIndex((l) => colorOf(l.p) === colorOf(a.p) && kindOf(l.p) === kindOf(a.p));
      let fromRect;
      if (k >= 0) {
        fromRect = this.cells[left[k].i].getBoundingClientRect();
        left.splice(k, 1);
      } else {
        const slot = this.hands[colorOf(a.p)].querySelector(`[data-hand-kind="${kindOf(a.p)}"]`);
        fromRect = (slot ?? this.hands[colorOf(a.p)]).getBoundingClientRect();
      }
      const el = /** @type {HTMLElement} */ (this.cells[a.i].firstChild);
      const to = this.cells[a.i].getBoundingClientRect();
      // `translate` (not `transform`) so Gote's rotated pieces move in the board's frame.
      el.animate([{ translate: `${fromRect.left - to.left}px ${fromRect.top - to.top}px` }, { translate: '0 0' }], {
        duration: this.animationMs,
        easing: 'ease-out',
      });
    }
  }
}
