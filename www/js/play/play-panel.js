// The play mode's panel: a game played on the page's board (its own board element in the board column, in
// the editor's place while the game is shown), which takes only the legal moves the engine lists (a click on
// a piece then on a square, or a drag; a drop from a hand likewise; a choice when a move may promote or not),
// from the initial position, a handicap start, the editor's position, a record or the answer's game. The
// moves played are a tree (a move played back in the game is a variation beside the one there), the line
// shown listed in the page's notation and as USI; choosing a move shows its position and loads it into the
// editor, where Prove works on it. The view knows no rules: PlayGame (play-game.js) keeps the game, the
// engine the rules.
import { Board } from '../board/board.js';
import { enableDrag } from '../board/drag.js';
import { errorText } from '../engine/errors.js';
import { language, t } from '../i18n/i18n.js';
import { setIconLabel } from '../board/icons.js';
import { westernMove } from '../game/notation.js';
import { colorOf, parseSfen, placement, squareIndex } from '../game/sfen.js';
import { GAMES } from '../game/games.js';
import { $, closest, field } from '../page/dom.js';
import { PlayGame, movesTo, targets } from './play-game.js';

/** @typedef {import('./play-game.js').Step} Step */
/** @typedef {import('./play-game.js').Source} Source */

/** How long each position shows while the line plays by itself, in ms. */
const STEP_MS = 600;

export class PlayPanel {
  #engine;
  #currentPosition;
  #onPosition;
  #onProve;
  #stage;
  #state;
  #board;
  /** @type {Step[]} the legal moves of the position shown */
  #legal = [];
  /** @type {Source | null} the piece picked up by a click */
  #picked = null;
  /** @type {Step[] | null} the two moves of a promotion choice, while it is asked */
  #choice = null;
  #run = 0; // the latest request for legal moves: an older answer is dropped
  /** @type {(() => string) | null} the status line in the page's language */
  #statusText = null;
  /** @type {Promise<void>} settles once the legal moves of the position shown are known */
  #pending = Promise.resolve();
  /** @type {number | null} the keyboard's cursor square */
  #cursor = null;
  /** @type {ReturnType<typeof setTimeout> | null} the next step of the line played by itself */
  #timer = null;

  /**
   * `engine` lists legal moves; `stage` holds the page's board; `state` the page's state, where the game is
   * (`tree`, `cursor`); `currentPosition()` is the editor's {game, sfen}; `onPosition(game, sfen)` loads
   * a position into the editor; `onProve()` proves the editor's position.
   * @param {{engine: import('../engine/engine.js').Engine, stage: import('../board/board-stage.js').BoardStage,
   *   state: import('../page/state.js').PageState, labels: string, currentPosition: () => {game: import('../engine/api').GameName, sfen: string},
   *   onPosition: (game: import('../engine/api').GameName, sfen: string) => boolean, onProve: () => void}} options
   */
  constructor({ engine, stage, state, labels, currentPosition, onPosition, onProve }) {
    this.#engine = engine;
    this.#stage = stage;
    this.#state = state;
    // The panel draws the game from the page's state.
    state.subscribe(['tree', 'cursor'], () => this.#draw());
    this.#currentPosition = currentPosition;
    this.#onPosition = onPosition;
    this.#onProve = onProve;
    const root = $('play-board');
    // Another game on the page's board hides this one; it is kept, to be shown again.
    stage.add('play', root, () => this.#hide());
    this.#board = new Board(root, {
      onSquare: (i) => this.#squareClick(i),
      onHand: (color, kind) => this.#handClick(color, kind),
    });
    this.#board.labels = labels;
    // The board's own drags: its pieces and squares are not the editor's (drag.js, data-drag-root).
    root.dataset.dragRoot = '';
    enableDrag(root, (source, target) => {
      if (target && 'square' in target) this.#tryMove(source, target.square);
    });
    root.addEventListener('keydown', (e) => this.#key(e));
    $('play-begin').onclick = () => this.begin();
    $('play-stop').onclick = () => {
      this.#hide();
      stage.leave('play', { reveal: true });
      $('play-resume').focus({ preventScroll: true });
    };
    $('play-resume').onclick = () => this.#showGame();
    $('play-undo').onclick = () => this.undo();
    this.#stepButtons();
    $('play-prove').onclick = () => this.#prove();
    $('play-promote-yes').onclick = () => this.#choose(0);
    $('play-promote-no').onclick = () => this.#choose(1);
    this.#listControls();
    $('play-promote-line').onclick = () => {
      this.#game?.promote();
      this.#moved();
    };
    // The comment after the move shown, kept in the tree (and in its KIF).
    field('play-comment').oninput = () => {
      if (this.#game) this.#game.comment = field('play-comment').value;
    };
    $('play-delete-line').onclick = () => {
      if (this.#game?.deleteVariation()) this.#show(this.#game.ply, true);
    };
  }

  /** Choosing a move of the list, or another move played there, shows its position and loads it into the editor. */
  #listControls() {
    $('play-moves').onclick = (e) => {
      const button = closest(e, 'button[data-ply]');
      if (!button || !this.#game) return;
      this.#pause();
      const ply = Number(button.dataset.ply);
      if (button.dataset.alt !== undefined) this.#game.choose(ply, Number(button.dataset.alt));
      this.#show(ply, true);
    };
    // In the list, arrows step through the line shown and Home/End jump to its ends (the focus follows).
    $('play-moves').onkeydown = (e) => {
      const game = this.#game;
      const step = { ArrowLeft: -1, ArrowUp: -1, ArrowRight: 1, ArrowDown: 1 }[e.key];
      if (!game || !(step || e.key === 'Home' || e.key === 'End')) return;
      e.preventDefault();
      this.#pause();
      const last = game.moves.length;
      this.#show(e.key === 'Home' ? 0 : e.key === 'End' ? last : Math.max(0, Math.min(last, game.ply + (step ?? 0))), true);
    };
  }

  /**
   * The step buttons go along the line shown, on the board only (the editor keeps its position, and with it
   * the answer to it); Play steps by itself.
   */
  #stepButtons() {
    /** @param {(game: PlayGame) => number} to */
    const step = (to) => () => {
      this.#pause();
      if (this.#game) this.#show(to(this.#game), false);
    };
    $('play-first').onclick = step(() => 0);
    $('play-back').onclick = step((g) => g.ply - 1);
    $('play-forward').onclick = step((g) => g.ply + 1);
    $('play-last').onclick = step((g) => g.moves.length);
    $('play-auto').onclick = () => (this.#timer ? this.#pause() : this.#autoplay());
    setIconLabel($('play-auto'), 'play', t('play'));
  }

  /** The game played (the page's move tree), from the page's state. */
  get #game() {
    return this.#state.get('tree');
  }

  /** A new game, or none, in the page's state. */
  set #game(game) {
    this.#state.set({ tree: game, cursor: game?.path() ?? [] });
  }

  /** Tells the page's state of a change of the game's tree or of the position it shows. */
  #moved() {
    this.#state.set({ cursor: this.#game?.path() ?? [] });
  }

  /** The starts of game `gameName` in the menu: the editor's position first, then the initial and handicap ones. */
  gameChanged(gameName) {
    const select = field('play-start');
    select.replaceChildren(new Option(t('playFromEditor'), ''));
    for (const { key, args, sfen } of GAMES[gameName].playStarts) select.append(new Option(t(key, ...args), sfen));
    this.#legal = [];
    this.#picked = this.#choice = null;
    this.#game = null;
    this.#hide(true);
    this.#status('');
  }

  setFlipped(flipped) {
    this.#board.setFlipped(flipped);
  }

  setLabels(labels) {
    this.#board.setLabels(labels);
  }

  /** Draws the starts menu, the moves and the status again in the page's language, the game kept. */
  relabel() {
    const select = /** @type {HTMLSelectElement} */ ($('play-start'));
    for (const option of select.options) {
      const start = GAMES[this.#currentPosition().game].playStarts.find((s) => s.sfen === option.value);
      option.text = start ? t(start.key, ...start.args) : t('playFromEditor');
    }
    if (this.#game) this.#list();
    setIconLabel($('play-auto'), this.#timer ? 'pause' : 'play', t(this.#timer ? 'pause' : 'play'));
    this.#status(this.#statusText?.() ?? '');
  }

  /** Starts a game from the start chosen in the menu. */
  begin() {
    const chosen = field('play-start').value;
    const { game: gameName, sfen } = this.#currentPosition();
    this.#game = new PlayGame(gameName, chosen || sfen);
    this.#show(0, false);
    this.#showGame();
  }

  /**
   * A record read (or a game) becomes the game's tree: its moves, variations, comments and header, shown at
   * the position after `usis` (moves from the start).
   * @param {import('./play-game.js').RecordTree} record
   * @param {string[]} usis
   */
  loadRecord(record, usis) {
    this.#pause();
    this.#game = PlayGame.fromRecord(record);
    this.#game.goTo(usis);
    this.#show(this.#game.ply, false);
    this.#showGame();
  }

  /**
   * Plays a game (the answer's) on the page's board from its start, by itself: its moves become a line of
   * the tree (of the tree shown, when it starts from the same position: the moves it has already are
   * followed, the others go in as variations; else of a new one), the line shown.
   * @param {import('../engine/api').GameName} gameName
   * @param {string} start
   * @param {import('../engine/api').Step[]} moves
   */
  playGame(gameName, start, moves) {
    const shown = this.#game;
    const game = shown?.gameName === gameName && placement(shown.start) === placement(start) ? shown : new PlayGame(gameName, start);
    game.goTo([]);
    for (const { move, japanese, sfen } of moves) game.play({ usi: move, japanese, sfen });
    this.#game = game;
    this.#show(0, false);
    this.#showGame();
    $('play-auto').focus({ preventScroll: true });
    this.#autoplay();
  }

  /** Steps along the line shown by itself, from its start when it is at its end, until its end. */
  #autoplay() {
    this.#pause();
    const game = this.#game;
    if (!game) return;
    if (game.ply === game.moves.length) this.#show(0, false);
    setIconLabel($('play-auto'), 'pause', t('pause'));
    const tick = () => {
      const g = this.#game;
      if (!g || g.ply >= g.moves.length) return this.#pause();
      this.#show(g.ply + 1, false);
      if (g.ply === g.moves.length) this.#pause();
      else this.#timer = setTimeout(tick, STEP_MS);
    };
    this.#timer = setTimeout(tick, STEP_MS / 2);
  }

  #pause() {
    if (this.#timer) clearTimeout(this.#timer);
    this.#timer = null;
    setIconLabel($('play-auto'), 'play', t('play'));
  }

  /** The game on the page's board, its moves and buttons in the panel (on a phone, just under the board). */
  #showGame() {
    if (!this.#game) return;
    $('play-area').hidden = false;
    $('play-resume').hidden = true;
    this.#stage.show('play');
    this.#stage.bringIntoView($('play-area'));
  }

  /** The game off the page's board (kept: Continue shows it again); `toEditor`: the editor's board back. */
  #hide(toEditor = false) {
    this.#pause();
    $('play-area').hidden = true;
    $('play-resume').hidden = !this.#game;
    if (toEditor) this.#stage.leave('play');
  }

  /**
   * The moves played, for the exports: the main line from the start (also its moves after the one shown), and
   * the tree with its variations.
   * @returns {{game: string, start: string, moves: string[], tree: import('../engine/api').MoveTree} | null}
   */
  playedLine() {
    const game = this.#game;
    if (!game) return null;
    const tree = game.tree();
    return { game: game.gameName, start: game.start, moves: tree.moves, tree };
  }

  /** Takes the last move back. */
  undo() {
    if (this.#game?.undo()) this.#show(this.#game.ply, false);
  }

  /** Shows the position after `ply` moves and asks the engine for its legal moves; `load`: into the editor too. */
  #show(ply, load) {
    const game = this.#game;
    if (!game) return;
    game.go(ply);
    this.#picked = this.#choice = null;
    this.#legal = [];
    if (load) this.#onPosition(game.gameName, game.sfen());
    this.#moved();
    this.#pending = this.#ask(game);
  }

  /** Asks the engine for the legal moves of the position shown. */
  async #ask(game) {
    const run = ++this.#run;
    $('play-panel').dataset.state = 'busy';
    try {
      const legal = await this.#engine.call('legalMoves', { game: game.gameName, sfen: game.sfen(), previous: game.previous() });
      if (run !== this.#run) return;
      this.#legal = legal;
      this.#status(() => (legal.length ? '' : t('playNoMoves')));
      $('play-panel').dataset.state = 'ready';
      // A piece picked up meanwhile gets its squares marked.
      if (this.#picked) this.#draw();
    } catch (e) {
      if (run !== this.#run) return;
      this.#status(() => t('playCannot', errorText(e)));
      $('play-panel').dataset.state = 'error';
    }
  }

  /** The board, the move list and the USI line, for the position shown. */
  #draw() {
    const game = this.#game;
    if (!game) return;
    const setup = parseSfen(game.gameName, game.sfen());
    const last = game.ply > 0 ? game.moves[game.ply - 1].usi : null;
    const marks = {
      to: last ? squareIndex(game.gameName, last.slice(2, 4)) : undefined,
      from: last && last[1] !== '*' ? squareIndex(game.gameName, last.slice(0, 2)) : undefined,
      selected: this.#picked && 'square' in this.#picked ? this.#picked.square : undefined,
      cursor: this.#cursor ?? undefined,
      targets: this.#picked ? targets(game.gameName, this.#legal, this.#picked) : [],
    };
    this.#board.render(setup, { marks, animate: true });
    Object.assign($('play-board').dataset, { sfen: game.sfen(), ply: String(game.ply) });
    $('play-promote').hidden = this.#choice === null;
    field('play-undo').disabled = game.moves.length === 0;
    $('play-promote-line').hidden = $('play-delete-line').hidden = !game.inVariation();
    field('play-comment').value = game.comment;
    $('play-usi').textContent = game.usi(GAMES[game.gameName].start);
    this.#list();
  }

  /**
   * The line shown in the page's notation (Western in English, Japanese in Japanese), each move with its USI
   * and, where other moves were played there, those too: a choice of variation.
   */
  #list() {
    const game = /** @type {PlayGame} */ (this.#game);
    // The line and its choices, built once for the whole list.
    const line = game.moves;
    const choices = game.choices();
    const shown = game.ply;
    /** @param {number} i @param {Step} m the move after `i` moves of the line shown, in the page's notation */
    const written = (i, m) => {
      if (language() === 'ja') return m.japanese;
      const before = i === 0 ? game.start : line[i - 1].sfen;
      return westernMove(parseSfen(game.gameName, before), { move: m.usi, japanese: m.japanese });
    };
    const comments = game.comments();
    const item = (ply, main) => {
      const li = document.createElement('li');
      li.append(main);
      if (ply === shown) main.setAttribute('aria-current', 'true');
      const others = ply > 0 ? choices[ply - 1] : [];
      if (others.length > 1) {
        const choice = document.createElement('span');
        choice.className = 'play-alternatives';
        choice.setAttribute('role', 'group');
        choice.setAttribute('aria-label', t('recordVariations', ply));
        choice.append(t('playVariations'));
        others.forEach((m, k) => {
          if (m.usi !== line[ply - 1].usi) choice.append(' ', moveButton(ply, written(ply - 1, m), m.usi, k));
        });
        li.append(choice);
      }
      if (comments[ply]) {
        // Beside its move: the list item takes the whole row.
        const note = document.createElement('span');
        note.className = 'record-comment';
        note.textContent = comments[ply];
        li.classList.add('has-comment');
        li.append(note);
      }
      return li;
    };
    // A list stepped through from the keyboard keeps the focus, on the move shown.
    const list = $('play-moves');
    const focused = list.contains(document.activeElement);
    list.replaceChildren(
      item(0, moveButton(0, startName(game))),
      ...line.map((m, i) => item(i + 1, moveButton(i + 1, `${i + 1}. ${written(i, m)}`, m.usi))),
    );
    if (focused) /** @type {HTMLElement | null} */ (list.querySelector('button[aria-current]'))?.focus({ preventScroll: true });
  }

  /** A click on a square: picks up a piece of the side to move, or moves the piece picked up there. */
  #squareClick(i) {
    const game = this.#game;
    if (!game || this.#choice) return this.#cancelChoice();
    const setup = parseSfen(game.gameName, game.sfen());
    const piece = setup.cells[i];
    const own = piece !== null && colorOf(piece) === (setup.side === 'b' ? 0 : 1);
    if (!own) return this.#picked ? this.#tryMove(this.#picked, i) : undefined;
    const again = this.#picked && 'square' in this.#picked && this.#picked.square === i;
    this.#pick(again ? null : { square: i });
  }

  /** A click on a piece in hand: picks it up when it is the side to move's. */
  #handClick(color, kind) {
    const game = this.#game;
    if (!game || this.#choice) return this.#cancelChoice();
    const side = parseSfen(game.gameName, game.sfen()).side === 'b' ? 0 : 1;
    this.#pick(color === side ? { hand: [color, kind] } : null);
  }

  /** @param {Source | null} source */
  #pick(source) {
    this.#picked = source;
    this.#draw();
  }

  /**
   * Plays the piece of `source` to square `to` when the engine lists such a move (asks when it may
   * promote); a gesture made while the legal moves are asked for waits for them.
   */
  async #tryMove(source, to) {
    const run = this.#run;
    await this.#pending;
    const game = this.#game;
    if (!game || this.#choice || run !== this.#run) return;
    const moves = movesTo(game.gameName, this.#legal, source, to);
    this.#picked = null;
    if (moves.length === 0) {
      this.#draw();
      this.#status(() => t('playIllegal'));
    } else if (moves.length === 1) {
      this.#commit(moves[0]);
    } else {
      this.#picked = source;
      this.#choice = moves;
      this.#draw();
      this.#status('');
      field('play-promote-yes').focus();
    }
  }

  /** The promotion choice answered: 0 promotes, 1 does not. */
  #choose(k) {
    const moves = this.#choice;
    if (!moves) return;
    this.#choice = null;
    this.#commit(moves[k]);
  }

  #cancelChoice() {
    this.#choice = this.#picked = null;
    this.#status('');
    this.#draw();
  }

  /** @param {Step} step */
  #commit(step) {
    this.#pause();
    const game = /** @type {PlayGame} */ (this.#game);
    game.play(step);
    this.#status('');
    this.#show(game.ply, false);
  }

  /**
   * The board's keys: arrows move the cursor, Enter or space is a click on its square, a letter picks up
   * that piece from the hand of the side to move, Escape lets go, Ctrl+Z takes the last move back (not
   * the editor's undo).
   * @param {KeyboardEvent} e
   */
  #key(e) {
    const game = this.#game;
    if (!game) return;
    const { width, height } = GAMES[game.gameName];
    const at = this.#cursor ?? 0;
    const step = { ArrowLeft: -1, ArrowRight: 1, ArrowUp: -width, ArrowDown: width }[e.key];
    const letter = e.key.toUpperCase();
    if ((e.ctrlKey || e.metaKey) && e.key.toLowerCase() === 'z') {
      e.stopPropagation();
      this.undo();
    } else if (step) {
      const next = at + step;
      const sameRow = Math.floor(next / width) === Math.floor(at / width);
      if (next >= 0 && next < width * height && (Math.abs(step) !== 1 || sameRow)) this.#cursor = next;
      else this.#cursor = at;
      this.#draw();
    } else if (e.key === 'Enter' || e.key === ' ') {
      this.#cursor = at;
      this.#squareClick(at);
    } else if (e.key === 'Escape') {
      if (this.#choice) this.#cancelChoice();
      else this.#pick(null);
    } else if (/^[PLNSGBR]$/.test(letter) && !e.ctrlKey && !e.metaKey && !e.altKey) {
      this.#handClick(parseSfen(game.gameName, game.sfen()).side === 'b' ? 0 : 1, letter);
    } else return;
    e.preventDefault();
  }

  /** Loads the position shown into the editor and proves it there. */
  #prove() {
    const game = this.#game;
    if (!game || this.#onPosition(game.gameName, game.sfen()) === false) return;
    this.#onProve();
  }

  /** The status line: `text` (a function of the page's language, drawn again after a switch). */
  /** @param {string | (() => string)} text */
  #status(text) {
    const draw = typeof text === 'function' ? text : () => text;
    this.#statusText = draw;
    $('play-status').textContent = draw();
  }
}

/**
 * A button of the move list: move `ply` (0: the start) written `text`, with its USI; `alt`: which of the
 * moves played there it is, when it is not the line shown's.
 * @param {number} ply @param {string} text @param {string} [usi] @param {number} [alt]
 */
function moveButton(ply, text, usi, alt) {
  const b = document.createElement('button');
  b.type = 'button';
  b.dataset.ply = String(ply);
  if (alt !== undefined) b.dataset.alt = String(alt);
  b.textContent = text;
  if (usi) {
    b.dataset.usi = usi;
    const span = document.createElement('span');
    span.className = 'usi';
    span.textContent = ` ${usi}`;
    b.append(span);
  }
  return b;
}

/** The start of `game` in the list: a handicap's by its name (角落ちの開始局面), any other `Start`. */
function startName(game) {
  const handicap = GAMES[game.gameName].playStarts.find((s) => s.args[0] && placement(s.sfen) === placement(game.start));
  return handicap ? t('startCaption', handicap.args[0]) : t('recordStart');
}
