// The path player: steps through the positions from the KK position to the proved one (or back), with
// the moving piece animated, hands updated, the last move highlighted and the move list alongside.
import { Board } from './board.js';
import { language, t } from '../i18n/i18n.js';
import { setIconLabel } from './icons.js';
import { westernMove } from '../game/notation.js';
import { parseSfen, parseUsi } from '../game/sfen.js';

export class Player {
  /** `els`: the board, the controls and the move list; `els.onUse()`, if given, runs before a control acts. */
  constructor(els) {
    this.els = els;
    this.board = new Board(els.board);
    this.frames = [];
    this.steps = [];
    /** @type {string[]} the moves as the page's language writes them */
    this.written = [];
    this.startLabel = '';
    this.index = 0;
    this.timer = null;
    /** @param {() => void} act */
    const use = (act) => () => {
      els.onUse?.();
      act();
    };
    els.first.onclick = use(() => this.go(this.#forwards() ? 0 : this.frames.length - 1));
    els.last.onclick = use(() => this.go(this.#forwards() ? this.frames.length - 1 : 0));
    els.back.onclick = use(() => this.step(-1));
    els.forward.onclick = use(() => this.step(1));
    els.play.onclick = use(() => (this.timer ? this.pause() : this.play()));
    els.scrub.oninput = use(() => this.go(Number(els.scrub.value)));
    els.direction.onchange = use(() => this.go(this.#forwards() ? 0 : this.frames.length - 1));
    els.moves.onclick = (e) => {
      const li = e.target.closest('[data-index]');
      if (li) use(() => this.go(Number(li.dataset.index)))();
    };
  }

  #forwards() {
    return this.els.direction.value === 'forward';
  }

  /**
   * `start`: SFEN of the first position (the KK position of a path, or the initial position of a whole
   * game), called `startLabel`; `steps`: [{move, japanese, sfen}] from it to the proved position.
   */
  load(game, start, steps, startLabel = t('kkPosition')) {
    this.pause();
    this.game = game;
    this.start = start;
    this.frames = [parseSfen(game, start), ...steps.map((s) => parseSfen(game, s.sfen))];
    this.steps = steps;
    this.els.scrub.max = steps.length;
    this.#list(startLabel);
    // A new game or path opens where it starts, without sliding pieces from what was shown before.
    this.index = NaN;
    this.go(this.#forwards() ? 0 : steps.length);
  }

  /**
   * Draws the moves and the caption again in the page's language (the start called `startLabel`), at the
   * position shown: after a language switch.
   */
  relabel(startLabel = this.startLabel) {
    if (!this.frames.length) return;
    this.#list(startLabel);
    this.go(this.index);
    setIconLabel(this.els.play, this.timer ? 'pause' : 'play', t(this.timer ? 'pause' : 'play'));
  }

  /** The move list: the start called `startLabel`, then each move as the page's language writes it. */
  #list(startLabel) {
    this.startLabel = startLabel;
    // Moves as the page's language writes them: Japanese notation, or Western in English.
    this.written = this.steps.map((s, i) => (language() === 'ja' ? s.japanese : westernMove(this.frames[i], s)));
    this.els.moves.replaceChildren();
    const item = (index, text, usi = '') => {
      const li = document.createElement('li');
      li.dataset.index = String(index);
      const notation = document.createElement('span');
      notation.className = 'notation';
      notation.textContent = text;
      const usiText = document.createElement('span');
      usiText.className = 'usi';
      usiText.textContent = usi;
      li.append(notation, ' ', usiText);
      this.els.moves.append(li);
    };
    item(0, startLabel);
    this.steps.forEach((s, i) => item(i + 1, `${i + 1}. ${this.written[i]}`, s.move));
  }

  /** Shows position `i` (0 = the KK position); sliding the piece when it is one move away. */
  go(i) {
    i = Math.max(0, Math.min(this.frames.length - 1, i));
    const animate = Math.abs(i - this.index) === 1;
    // Highlight the move that connects this position with the previous one in the play direction.
    const m = this.#forwards() || i === 0 ? this.steps[i - 1] : this.steps[i];
    const move = m ? parseUsi(this.game, m.move) : null;
    this.index = i;
    this.board.render(this.frames[i], { animate, marks: move ? { from: move.from, to: move.to } : {} });
    this.els.scrub.value = i;
    for (const li of this.els.moves.children) li.classList.toggle('current', Number(li.dataset.index) === i);
    scrollWithin(this.els.moves, this.els.moves.children[i]);
    const n = this.steps.length;
    this.els.caption.textContent =
      i === 0
        ? t('captionStart', this.startLabel, n)
        : t('captionAt', i, n, this.written[i - 1], this.steps[i - 1].move, i === n);
    this.els.caption.dataset.index = i;
    // The position shown, as the engine wrote it (tests compare it with the command line's).
    this.els.board.dataset.sfen = i === 0 ? this.start : this.steps[i - 1].sfen;
  }

  step(delta) {
    this.go(this.index + (this.#forwards() ? delta : -delta));
  }

  play() {
    const end = this.#forwards() ? this.frames.length - 1 : 0;
    if (this.index === end) this.go(this.#forwards() ? 0 : this.frames.length - 1);
    setIconLabel(this.els.play, 'pause', t('pause'));
    const tick = () => {
      this.step(1);
      if (this.index === end) this.pause();
      else this.timer = setTimeout(tick, Number(this.els.speed.value));
    };
    this.timer = setTimeout(tick, Number(this.els.speed.value) / 2);
  }

  pause() {
    clearTimeout(this.timer ?? undefined);
    this.timer = null;
    setIconLabel(this.els.play, 'play', t('play'));
  }

  setLabels(style) {
    this.board.setLabels(style);
  }

  setFlipped(flipped) {
    this.board.setFlipped(flipped);
  }
}

/**
 * Scrolls `list` (a scrolling element) so that `item` is in it, never the page: the page stays where the
 * player put it, the board in view (scrollIntoView would scroll every ancestor).
 * @param {HTMLElement} list
 * @param {Element | undefined} item
 */
function scrollWithin(list, item) {
  if (!(item instanceof HTMLElement)) return;
  const top = item.offsetTop - list.offsetTop;
  if (top < list.scrollTop) list.scrollTop = top;
  else if (top + item.offsetHeight > list.scrollTop + list.clientHeight) list.scrollTop = top + item.offsetHeight - list.clientHeight;
}
