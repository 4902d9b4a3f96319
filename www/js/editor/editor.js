// The editor's state: a setup with undo/redo, and the edits the board, palette, hands, box and keyboard
// make. Totals stay within the game's piece set: a piece placed comes out of the box, a piece displaced
// goes back into it, and an opponent's piece a move lands on goes to the mover's hand.
import { t } from '../i18n/i18n.js';
import { GAMES, KINDS, PROMOTABLE } from '../game/games.js';
import { boxCounts, colorOf, emptyHands, isPromoted, kindOf, makePiece, parseSfen, toSfen } from '../game/sfen.js';

const clone = (s) => ({ ...s, cells: [...s.cells], hands: s.hands.map((h) => ({ ...h })) });

export class Editor {
  /** `onChange(editor, {animate})` runs after every change; `onRefuse(message)` when an edit is refused. */
  constructor(setup, onChange, onRefuse) {
    this.setup = setup;
    this.undoStack = [];
    this.redoStack = [];
    this.onChange = onChange;
    this.onRefuse = onRefuse;
  }

  get game() {
    return this.setup.game;
  }

  /** Applies `edit` to a copy; an edit returns a message to refuse itself. Recorded for undo. */
  edit(edit, options = {}) {
    const next = clone(this.setup);
    const refusal = edit(next);
    if (typeof refusal === 'string') return this.onRefuse(refusal);
    if (toSfen(next) === toSfen(this.setup) && next.game === this.setup.game) return;
    this.undoStack.push(this.setup);
    this.redoStack = [];
    this.setup = next;
    this.onChange(this, options);
  }

  undo() {
    if (!this.undoStack.length) return;
    this.redoStack.push(this.setup);
    this.setup = this.undoStack.pop();
    this.onChange(this, {});
  }

  redo() {
    if (!this.redoStack.length) return;
    this.undoStack.push(this.setup);
    this.setup = this.redoStack.pop();
    this.onChange(this, {});
  }

  /** Starts afresh at `setup` with an empty history (a game switch: undo never crosses games). */
  reset(setup) {
    this.undoStack = [];
    this.redoStack = [];
    this.setup = clone(setup);
    this.onChange(this, {});
  }

  load(setup) {
    this.edit((s) => {
      Object.assign(s, clone(setup));
    });
  }

  loadSfen(game, text) {
    this.load(parseSfen(game, text));
  }

  place(i, piece) {
    this.edit((s) => {
      s.cells[i] = piece;
      return tooMany(s, kindOf(piece));
    });
  }

  remove(i) {
    this.edit((s) => {
      s.cells[i] = null;
    });
  }

  /**
   * Moves a piece between squares. An opponent's piece on the target is captured: it goes (unpromoted) to
   * the mover's hand, as in a game; a king, or the mover's own piece, goes back to the box.
   */
  move(from, to) {
    if (from === to) return;
    this.edit((s) => {
      const [mover, target] = [s.cells[from], s.cells[to]];
      if (mover && target && colorOf(mover) !== colorOf(target) && kindOf(target) !== 'K') {
        s.hands[colorOf(mover)][kindOf(target)]++;
      }
      s.cells[to] = s.cells[from];
      s.cells[from] = null;
    }, { animate: true });
  }

  /** P → +P → p → +p → P (kings and golds: colour only). */
  cycle(i) {
    const p = this.setup.cells[i];
    if (!p) return;
    const k = kindOf(p);
    const order = PROMOTABLE.has(k)
      ? [makePiece(k, 0), makePiece(k, 0, true), makePiece(k, 1), makePiece(k, 1, true)]
      : [makePiece(k, 0), makePiece(k, 1)];
    this.place(i, order[(order.indexOf(p) + 1) % order.length]);
  }

  togglePromotion(i) {
    const p = this.setup.cells[i];
    if (!p || !PROMOTABLE.has(kindOf(p))) return;
    this.place(i, isPromoted(p) ? p.slice(1) : `+${p}`);
  }

  /** Puts one `kind` from the box into `color`'s hand. */
  handAdd(color, kind) {
    this.edit((s) => {
      s.hands[color][kind]++;
      return tooMany(s, kind);
    });
  }

  handRemove(color, kind) {
    this.edit((s) => {
      if (s.hands[color][kind] > 0) s.hands[color][kind]--;
    });
  }

  /** A board piece captured into `color`'s hand (unpromoted), or a piece passed from one hand to the other. */
  toHand(source, color) {
    this.edit((s) => {
      let kind;
      if ('square' in source) {
        const p = s.cells[source.square];
        kind = kindOf(p);
        if (kind === 'K') return t('engine:king-in-hand');
        s.cells[source.square] = null;
      } else if ('hand' in source) {
        [, kind] = source.hand;
        s.hands[source.hand[0]][kind]--;
      } else {
        kind = kindOf(source.palette);
        if (kind === 'K') return t('engine:king-in-hand');
      }
      s.hands[color][kind]++;
      return tooMany(s, kind);
    });
  }

  /** A piece from a hand (unpromoted, its owner's) put on a square. */
  fromHand(color, kind, to) {
    this.edit((s) => {
      s.hands[color][kind]--;
      s.cells[to] = makePiece(kind, color);
    }, { animate: true });
  }

  /** Everything left in the box (but kings) into `color`'s hand. */
  restToHand(color) {
    this.edit((s) => {
      const box = boxCounts(s);
      for (const k of KINDS) if (box[k] > 0) s.hands[color][k] += box[k];
    });
  }

  setSide(side) {
    this.edit((s) => {
      s.side = side;
    });
  }

  /** The kings stay; every other piece goes to the box. */
  clear() {
    this.edit((s) => {
      s.cells = s.cells.map((p) => (p && kindOf(p) === 'K' ? p : null));
      s.hands = emptyHands();
    });
  }

  /** Drop handler for drag and drop (see drag.js). */
  drop(source, target) {
    if (!target) {
      // Dragged off the board and hands: back to the box.
      if ('square' in source) this.remove(source.square);
      else if ('hand' in source) this.handRemove(...source.hand);
    } else if ('hand' in target) {
      if (!('hand' in source && source.hand[0] === target.hand)) this.toHand(source, target.hand);
    } else if ('square' in source) {
      this.move(source.square, target.square);
    } else if ('hand' in source) {
      this.fromHand(...source.hand, target.square);
    } else {
      this.place(target.square, source.palette);
    }
  }
}

function tooMany(setup, kind) {
  if (boxCounts(setup)[kind] < 0) {
    const total = GAMES[setup.game].totals[kind];
    return total === 0
      ? t('noSuchPiece', t(GAMES[setup.game].titleKey), kind)
      : t('boxEmpty', kind, total);
  }
  return null;
}
