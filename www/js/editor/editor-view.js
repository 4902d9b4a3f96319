// The board editor's view: the board with its clicks and keyboard, the palette, the box, the tool
// buttons and drag and drop. It holds only what the view needs between events (the palette brush, the
// square picked up, the keyboard cursor, the squares the diagnostics highlight); the position and its
// history are the Editor's (editor.js).
import { Board } from '../board/board.js';
import { enableDrag } from '../board/drag.js';
import { iconElement } from '../board/icons.js';
import { num, t } from '../i18n/i18n.js';
import { pieceName } from '../game/pieces.js';
import { boxCounts } from '../game/sfen.js';
import { GAMES, PROMOTABLE } from '../game/games.js';
import { $, field } from '../page/dom.js';

const PALETTE_KINDS = ['K', 'R', 'B', 'G', 'S', 'N', 'L', 'P'];
const PIECE_KEY = /^[kgsnlprbKGSNLPRB]$/;

export class EditorView {
  #editor;
  #board;
  #onRefuse;
  #onFlip;
  /** @type {string | null} palette piece, 'erase', or null (click-to-move) */
  #brush = null;
  /** @type {number | null} square picked up by a click, waiting for the target click */
  #selected = null;
  /** @type {number | null} keyboard cursor square */
  #cursor = null;
  /** @type {number[]} squares the diagnostics highlight */
  #bad = [];
  /** @type {number[]} squares marked as places to go: a tsume set-up's squares for Sente's king */
  #targets = [];
  #alternate = false; // clicks cycle pieces and take from hands, as right-clicks do

  /**
   * `onRefuse(message)` tells the user why a key did nothing; `onFlip(flipped)` follows the board's turns.
   * @param {{editor: import('./editor.js').Editor, labels: string, onRefuse: (message: string) => void,
   *   onFlip: (flipped: boolean) => void}} options
   */
  constructor({ editor, labels, onRefuse, onFlip }) {
    this.#editor = editor;
    this.#onRefuse = onRefuse;
    this.#onFlip = onFlip;
    this.#board = new Board($('board'), {
      editable: true,
      // In the alternate mode (for touch screens, which have no right button) a click acts as a right-click.
      onSquare: (i) => (this.#alternate ? editor.cycle(i) : this.#squareClick(i)),
      onSquareMenu: (i) => editor.cycle(i),
      onHand: (color, kind, e) =>
        e.shiftKey || this.#alternate ? editor.handRemove(color, kind) : editor.handAdd(color, kind),
      onHandMenu: (color, kind) => editor.handRemove(color, kind),
    });
    this.#board.labels = labels;
    this.#wireToolButtons();
    // Palette pieces, board pieces and hand pieces can be dragged onto squares and hands.
    enableDrag(document.body, (source, target) => {
      this.#selected = null;
      editor.drop(source, target);
    });
    $('board').addEventListener('keydown', (e) => this.#boardKey(e));
    document.addEventListener('keydown', (e) => this.#undoKey(e));
  }

  /** Turns the board round (the Flip button, or f on the board). */
  #toggleFlip() {
    this.#board.setFlipped(!this.#board.flipped);
    this.#onFlip(this.#board.flipped);
  }

  setLabels(labels) {
    this.#board.setLabels(labels);
  }

  /** Forgets the brush, the piece picked up and the cursor (another game). */
  reset() {
    this.#brush = this.#selected = this.#cursor = null;
  }

  /** Highlights the squares (cell indices) the diagnostics name. */
  showBadSquares(squares) {
    this.#bad = squares;
    this.draw();
  }

  /** Marks `squares` (cell indices) as places a piece could go: a tsume set-up's squares for Sente's king. */
  showTargets(squares) {
    if (!squares.length && !this.#targets.length) return;
    this.#targets = squares;
    this.draw();
  }

  draw(animate = false) {
    const setup = this.#editor.setup;
    const marks = { bad: this.#bad, targets: this.#targets, cursor: this.#cursor ?? undefined, selected: this.#selected ?? undefined };
    this.#board.render(setup, { animate, marks });
    this.#drawPalette();
    this.#drawBox();
    $('side-b').setAttribute('aria-pressed', String(setup.side === 'b'));
    $('side-w').setAttribute('aria-pressed', String(setup.side === 'w'));
    field('undo').disabled = !this.#editor.undoStack.length;
    field('redo').disabled = !this.#editor.redoStack.length;
  }

  #wireToolButtons() {
    const editor = this.#editor;
    $('side-b').onclick = () => editor.setSide('b');
    $('side-w').onclick = () => editor.setSide('w');
    field('undo').onclick = () => editor.undo();
    field('redo').onclick = () => editor.redo();
    $('clear').onclick = () => editor.clear();
    $('flip').onclick = () => this.#toggleFlip();
    $('alternate').onclick = () => {
      this.#alternate = !this.#alternate;
      this.#brush = this.#selected = null;
      $('alternate').setAttribute('aria-pressed', String(this.#alternate));
      this.draw();
    };
    $('rest-b').onclick = () => editor.restToHand(0);
    $('rest-w').onclick = () => editor.restToHand(1);
  }

  /** A click on a square: paint with the brush, or pick a piece up and put it down elsewhere. */
  #squareClick(i) {
    const editor = this.#editor;
    this.#cursor = i;
    const piece = editor.setup.cells[i];
    if (this.#brush === 'erase') editor.remove(i);
    else if (this.#brush) {
      if (piece === this.#brush) editor.remove(i);
      else editor.place(i, this.#brush);
    } else if (this.#selected !== null) {
      const from = this.#selected;
      this.#selected = null;
      if (from !== i) editor.move(from, i);
      else this.draw();
    } else if (piece) {
      this.#selected = i;
      this.draw();
    } else this.draw();
  }

  #drawPalette() {
    const palette = $('palette');
    palette.replaceChildren();
    for (const color of [0, 1]) palette.append(this.#paletteRow(color));
    palette.append(this.#eraser());
  }

  /** One side's pieces (and their promoted forms) as brush buttons. */
  #paletteRow(color) {
    const totals = GAMES[this.#editor.game].totals;
    const row = document.createElement('div');
    row.className = 'palette-row';
    for (const kind of PALETTE_KINDS) {
      if (!totals[kind]) continue;
      for (const promoted of PROMOTABLE.has(kind) ? [false, true] : [false]) {
        const piece = (promoted ? '+' : '') + (color === 0 ? kind : kind.toLowerCase());
        row.append(this.#brushButton(piece));
      }
    }
    return row;
  }

  #brushButton(piece) {
    const button = document.createElement('button');
    button.className = 'palette-piece';
    button.dataset.piece = piece;
    button.setAttribute('aria-pressed', String(this.#brush === piece));
    const el = this.#board.pieceElement(piece);
    // A Western label ("+R") is read too, so the name a voice user says matches what is shown.
    const shown = el.textContent?.trim() ?? '';
    button.setAttribute('aria-label', /^[!-~]+$/.test(shown) ? `${shown} ${pieceName(piece)}` : pieceName(piece));
    el.dataset.drag = JSON.stringify({ palette: piece });
    button.append(el);
    button.onclick = () => {
      this.#brush = this.#brush === piece ? null : piece;
      this.#selected = null;
      this.draw();
    };
    return button;
  }

  #eraser() {
    const erase = document.createElement('button');
    erase.className = 'palette-piece erase';
    erase.append(iconElement('erase'));
    erase.title = t('eraserTitle');
    erase.setAttribute('aria-label', t('eraser'));
    erase.setAttribute('aria-pressed', String(this.#brush === 'erase'));
    erase.onclick = () => {
      this.#brush = this.#brush === 'erase' ? null : 'erase';
      this.draw();
    };
    return erase;
  }

  /**
   * The box: pieces of each kind neither on the board nor in a hand. A position may hold more of a kind
   * than the game has (loaded from text): the box then shows none of it, marked, and the note under it
   * says how many too many there are.
   */
  #drawBox() {
    const game = GAMES[this.#editor.game];
    const box = $('box');
    box.replaceChildren();
    const excess = [];
    for (const [kind, left] of Object.entries(boxCounts(this.#editor.setup))) {
      if (!game.totals[kind]) continue;
      const count = Math.max(0, left);
      const item = document.createElement('span');
      item.className = `box-item${left < 0 ? ' too-many' : count === 0 ? ' none' : ''}`;
      item.dataset.kind = kind;
      item.dataset.count = String(count);
      item.append(this.#board.pieceElement(kind), `×${count}`);
      if (left < 0) {
        item.dataset.excess = String(-left);
        item.title = t('tooManyOne', num(-left), game.totals[kind]);
        excess.push(t('tooManyItem', kind, num(-left), game.totals[kind]));
      }
      box.append(item);
    }
    const note = $('box-note');
    note.hidden = !excess.length;
    note.textContent = excess.length
      ? t('tooMany', excess.join('; '))
      : '';
  }

  // Keyboard on the board: arrows move the cursor; a letter places a piece (upper case Sente, lower case
  // Gote); '+' promotes or unpromotes; space cycles; Delete or Backspace empties; 'f' flips the board.
  #boardKey(e) {
    const editor = this.#editor;
    const game = GAMES[editor.game];
    if (e.target.closest?.('[data-hand-kind]')) return this.#handKey(e);
    if (this.#cursor === null) this.#cursor = 0;
    if (this.#moveCursor(e.key, game)) this.draw();
    else if (PIECE_KEY.test(e.key) && !e.ctrlKey && !e.metaKey) {
      if (game.totals[e.key.toUpperCase()]) editor.place(this.#cursor, e.key);
      else this.#onRefuse(t('noSuchPiece', t(game.titleKey), e.key.toUpperCase()));
    } else if (e.key === '+') editor.togglePromotion(this.#cursor);
    else if (e.key === ' ') editor.cycle(this.#cursor);
    else if (e.key === 'Delete' || e.key === 'Backspace') editor.remove(this.#cursor);
    else if (e.key === 'f') this.#toggleFlip();
    else return;
    e.preventDefault();
    if (document.activeElement === $('board')) this.#announce();
  }

  /** Says the cursor's square and its piece (the polite live region under the board). */
  #announce() {
    const cell = $('board').querySelector(`[data-square="${this.#cursor ?? 0}"]`);
    $('board-cursor').textContent = cell?.getAttribute('aria-label') ?? '';
  }

  /** The hand (0: the one above the board, 1: below) gets the focus, on its first kind. */
  #focusHand(which) {
    const hand = $('board').querySelectorAll('.hand')[which];
    /** @type {HTMLElement | null | undefined} */ (hand?.querySelector('[data-hand-kind]'))?.focus();
  }

  // Keys on a hand piece: left and right go along the hand, up or down back to the board (Enter adds one,
  // Delete takes one away: the buttons' own keys).
  #handKey(e) {
    const item = e.target.closest('[data-hand-kind]');
    const hand = item.closest('.hand');
    const items = [...hand.querySelectorAll('[data-hand-kind]')];
    const top = hand === $('board').querySelector('.hand');
    const k = items.indexOf(item);
    if (e.key === 'ArrowLeft' || e.key === 'ArrowRight') items[k + (e.key === 'ArrowLeft' ? -1 : 1)]?.focus();
    else if (e.key === (top ? 'ArrowDown' : 'ArrowUp')) {
      $('board').focus();
      this.#announce();
    } else return;
    e.preventDefault();
  }

  /** Moves the cursor for an arrow key (staying on the board and in its row); false for other keys. */
  #moveCursor(key, game) {
    const dir = this.#board.flipped ? -1 : 1;
    const steps = { ArrowLeft: -dir, ArrowRight: dir, ArrowUp: -dir * game.width, ArrowDown: dir * game.width };
    if (!(key in steps)) return false;
    const cursor = this.#cursor ?? 0;
    const next = cursor + steps[key];
    const sameRow = Math.floor(next / game.width) === Math.floor(cursor / game.width);
    const onBoard = next >= 0 && next < game.width * game.height;
    if (onBoard && (Math.abs(steps[key]) !== 1 || sameRow)) this.#cursor = next;
    // Past the top or bottom rank: into the hand drawn there.
    else if (!onBoard) this.#focusHand(key === 'ArrowUp' ? 0 : 1);
    return true;
  }

  // Ctrl+Z / Ctrl+Y (or Ctrl+Shift+Z) undo and redo anywhere but in a text field.
  #undoKey(e) {
    if (e.target.closest?.('input, select, textarea') || !(e.ctrlKey || e.metaKey)) return;
    const key = e.key.toLowerCase();
    if (key === 'z') e.shiftKey ? this.#editor.redo() : this.#editor.undo();
    else if (key === 'y') this.#editor.redo();
    else return;
    e.preventDefault();
  }
}
