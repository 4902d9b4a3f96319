// The prove panel: Prove and Cancel, the node cap (in the search options), how the verdict was found (the
// answer card says the verdict), and the path player with the whole game from the initial position (built
// and verified in the engine's worker), whose exports export-panel.js offers.
import { errorText } from '../engine/errors.js';
import { num, t } from '../i18n/i18n.js';
import { Player } from '../board/player.js';
import { parseNodeCap } from './node-cap.js';
import { $, field } from '../page/dom.js';
import { markTerms, stageTerm } from '../page/terms.js';

const count = num;

/** A tsume set-up: Gote's king on the board, Sente's nowhere (the SFEN's letters, no rule). */
const isTsumeSetup = (sfen) => {
  const board = sfen.split(' ')[0];
  return !board.includes('K') && board.split('k').length === 2;
};

/** @typedef {{game: import('../engine/api').GameName, sfen: string, maxNodes: number, start?: string | null}} Target */
/**
 * A position proved reachable: the path found, and the whole game once built.
 * @typedef {Target & {goal: string, path: import('../engine/api').Step[], proofGame: import('../engine/api').ProofGame | null}} Proved
 */

export class ProvePanel {
  #engine;
  #currentPosition;
  #stage;
  #player;
  /** @type {string | null} the SFEN the verdict shown belongs to */
  #provedSfen = null;
  /** @type {Proved | null} the position last proved reachable */
  #proved = null;
  #building = false; // whether the worker is building a whole game
  /** @type {string | null} the SFEN a search under way is proving */
  #searchingSfen = null;
  #run = 0; // counts proofs and resets: an answer for an older one is dropped
  /** @type {(() => void) | null} draws the verdict line shown (and its player) in the page's language */
  #redraw = null;
  /** @type {(result: import('../engine/api').ProveResult | null, target?: Target) => void} */
  #onVerdict;
  /** @type {(result: import('../engine/api').KingSquares, target: Target) => void} */
  #onKingSquares;

  /**
   * `engine` runs the proofs; the path plays on the page's board (`stage`); `currentPosition()` is
   * `{game, sfen, start}` of the position to prove (start: a handicap's name, null for the initial position);
   * `onVerdict(result, {game, sfen, maxNodes})` after a verdict is shown, `onVerdict(null)` when it goes;
   * for a tsume set-up (Gote's king, none of Sente's), `onKingSquares(result, target)` with the squares where
   * Sente's king could stand.
   * @param {{engine: import('../engine/engine.js').Engine, stage: import('../board/board-stage.js').BoardStage,
   *   currentPosition: () => {game: import('../engine/api').GameName, sfen: string, start: string | null},
   *   labels: string, onVerdict?: (result: import('../engine/api').ProveResult | null, target?: Target) => void,
   *   onKingSquares?: (result: import('../engine/api').KingSquares, target: Target) => void}} options
   */
  constructor({ engine, stage, currentPosition, labels, onVerdict = () => {}, onKingSquares = () => {} }) {
    this.#engine = engine;
    this.#stage = stage;
    this.#onVerdict = onVerdict;
    this.#onKingSquares = onKingSquares;
    this.#currentPosition = currentPosition;
    // The path plays on the page's board once a control is used; another game there pauses it.
    stage.add('path', $('player-board'), () => this.#player.pause());
    this.#player = new Player({
      board: $('player-board'),
      first: $('first'), back: $('back'), play: $('play'), forward: $('forward'), last: $('last'),
      scrub: $('scrub'), direction: $('direction'), speed: $('speed'), moves: $('moves'), caption: $('player-caption'),
      onUse: () => stage.show('path'),
    });
    this.#player.setLabels(labels);
    field('prove').onclick = () => this.prove();
    $('cancel').onclick = () => engine.cancel();
    field('max-nodes').oninput = () => this.#showNodeCapError(null);
    field('whole-game').onclick = () => this.#showWholeGame();
    $('game-cancel').onclick = () => engine.cancel();
    $('path-only').onclick = () => this.#showPath();
    $('path-stop').onclick = () => {
      this.#player.pause();
      stage.leave('path', { reveal: true });
    };
    document.addEventListener('keydown', (e) => this.#playerKey(e));
  }

  /**
   * The whole game shown, for the exports: its moves from the initial position and the comment lines of
   * its KIF (what it is, its parts); null while the path is shown.
   * @returns {{game: string, start: string, moves: string[], comment: string} | null}
   */
  shownGame() {
    const proved = this.#proved;
    if (!proved?.proofGame || $('game-export').hidden) return null;
    const g = proved.proofGame;
    const comment = g.kif.split('\n').filter((l) => l.startsWith('# ')).map((l) => l.slice(2)).join('\n');
    return { game: proved.game, start: g.start, moves: g.moves.map((m) => m.move), comment };
  }

  /** Draws the verdict line and the player again in the page's language: after a language switch. */
  relabel() {
    this.#redraw?.();
  }

  /** @param {string} labels */
  setLabels(labels) {
    this.#player.setLabels(labels);
  }

  setFlipped(flipped) {
    this.#player.setFlipped(flipped);
  }

  /** Shows the path from the KK position on the page's board (the paper's proof), its heading focused. */
  showProof() {
    if (!this.#proved || $('player').hidden) return;
    if (field('whole-game').hidden) this.#showPath();
    this.#stage.show('path');
    this.#stage.bringIntoView($('player-controls'));
    $('player-title').tabIndex = -1;
    $('player-title').focus({ preventScroll: true });
  }

  /** Proves the current position again with the node cap `maxNodes`, written into its field. */
  proveWithCap(maxNodes) {
    field('max-nodes').value = String(maxNodes);
    this.#showNodeCapError(null);
    this.prove();
  }

  hidePlayer() {
    $('player').hidden = true;
    this.#player.pause();
    this.#stage.leave('path');
  }

  /**
   * The position edited changed: a verdict, path or search of another position never stays beside it (a
   * search under way is stopped), and a note says why it went.
   */
  positionChanged(sfen) {
    const of = this.#searchingSfen ?? this.#provedSfen;
    if (of === null || of === sfen) return;
    const wasSearching = this.#searchingSfen !== null;
    this.reset();
    this.#draw(() => {
      const verdict = $('verdict');
      verdict.dataset.verdict = 'changed';
      verdict.textContent = wasSearching ? t('changedStopped') : t('changedSince');
    });
  }

  /** Draws with `draw` now, and again after a language switch. @param {() => void} draw */
  #draw(draw) {
    this.#redraw = draw;
    draw();
  }

  /** Forgets everything about the position last proved, stopping a search or game build under way. */
  reset() {
    this.#run++;
    if (this.#searchingSfen !== null || this.#building) this.#engine.cancel();
    this.#searchingSfen = null;
    this.#building = false;
    this.#provedSfen = null;
    this.#clearVerdict();
    this.#onVerdict(null);
    this.#searching(false);
    field('whole-game').disabled = false;
    $('game-cancel').hidden = true;
  }

  /** Proves the current position (with the node cap typed, if it is valid) and shows the verdict. */
  async prove() {
    let maxNodes;
    try {
      maxNodes = parseNodeCap(field('max-nodes').value);
    } catch (e) {
      this.#showNodeCapError(e.message);
      return;
    }
    const { game, sfen, start } = this.#currentPosition();
    const target = { game, sfen, maxNodes, start };
    if (isTsumeSetup(sfen)) {
      await this.#search(target, 'kingSquares', (p) => t('kingSquaresProgress', p.done, p.total), (r) => this.#showKingSquares(r, target));
    } else {
      await this.#search(target, 'prove', (p) => t('searchProgress', count(p.pops), count(p.nodes), p.bestH), (r, s) => this.#showVerdict(r, target, s));
    }
  }

  /**
   * Runs the engine's `method` on `target`, the search's progress written by `progress`; `show(result,
   * seconds)` once it answers, unless the position changed since.
   */
  async #search(target, method, progress, show) {
    this.reset();
    const run = this.#run;
    this.#searchingSfen = target.sfen;
    this.#searching(true);
    const started = performance.now();
    try {
      const result = await this.#engine.call(method, target, (p) => {
        $('prove-progress').textContent = progress(p);
      });
      if (run !== this.#run) return; // reset since: the answer is for a position no longer shown
      this.#provedSfen = target.sfen;
      show(result, (performance.now() - started) / 1000);
    } catch (e) {
      if (run !== this.#run) return;
      this.#draw(() => {
        const verdict = $('verdict');
        verdict.dataset.verdict = e.cancelled ? 'cancelled' : 'error';
        verdict.textContent = e.cancelled ? t('cancelled') : t('cannotProve', errorText(e));
      });
      // After a failure inside the engine, the next proof gets a fresh instance.
      if (!e.cancelled) this.#engine.cancel();
    } finally {
      if (run === this.#run) {
        this.#searchingSfen = null;
        this.#searching(false);
      }
    }
  }

  /**
   * A tsume set-up's answer: on how many squares Sente's king could stand; the answer card names them.
   * @param {import('../engine/api').KingSquares} result
   * @param {Target} target
   */
  #showKingSquares(result, target) {
    this.#draw(() => {
      const verdict = $('verdict');
      verdict.dataset.verdict = 'tsume';
      verdict.textContent = t('kingSquaresVerdict', result.reachable.length, result.squares.length);
    });
    this.#onKingSquares(result, target);
  }

  #showNodeCapError(message) {
    const el = $('max-nodes-error');
    el.textContent = message ?? '';
    el.hidden = message === null;
    // (In the search options, which open to show it.)
    if (message !== null) /** @type {HTMLDetailsElement} */ ($('prove-options')).open = true;
    if (message === null) field('max-nodes').removeAttribute('aria-invalid');
    else field('max-nodes').setAttribute('aria-invalid', 'true');
  }

  #clearVerdict() {
    this.#redraw = null;
    const verdict = $('verdict');
    verdict.replaceChildren();
    delete verdict.dataset.verdict;
    delete verdict.dataset.stage;
    delete verdict.dataset.plies;
    this.hidePlayer();
    this.#proved = null;
  }

  #searching(on) {
    field('prove').disabled = on;
    $('cancel').hidden = !on;
    $('prove-progress').textContent = on ? t('searching') : '';
  }

  /**
   * Shows how the verdict `r` of `target` was found, in `seconds` (the answer card says the verdict); a
   * reachable one with its path in the player.
   * @param {import('../engine/api').ProveResult} r
   * @param {Target} target
   * @param {number} seconds
   */
  #showVerdict(r, target, seconds) {
    const el = $('verdict');
    el.dataset.verdict = r.verdict;
    el.dataset.stage = r.stage;
    if (r.verdict === 'reachable') el.dataset.plies = String(r.path.length);
    const detailLine = () => {
      const search = r.nodes != null ? { pops: count(r.pops), nodes: count(r.nodes), seconds: seconds.toFixed(2) } : null;
      const detail = document.createElement('p');
      detail.className = 'detail';
      detail.textContent = t('verdictDetail', r.stage, r.n_prev, search, r.verdict === 'unreachable' ? r.max_depth : null);
      markTerms(detail, [stageTerm(r.stage), 'traced-back']);
      el.replaceChildren(detail);
    };
    this.#draw(() => {
      detailLine();
      if (this.#proved && !$('player').hidden) this.#relabelPlayer(this.#proved);
    });
    if (r.verdict === 'reachable') {
      this.#proved = { ...target, goal: r.goal, path: r.path, proofGame: null };
      this.#showPath();
      $('player').hidden = false;
    }
    this.#onVerdict(r, target);
  }

  /** The player's title, status and moves in the page's language, at the move shown. @param {Proved} proved */
  #relabelPlayer(proved) {
    const proofGame = proved.proofGame && !$('game-export').hidden ? proved.proofGame : null;
    if (proofGame) this.#gameTexts(proofGame, proved.start);
    else {
      $('player-title').textContent = t('pathTitle');
      markTerms($('player-title'), ['kk']);
    }
    this.#player.relabel(proofGame ? t('startCaption', proved.start) : t('kkPosition'));
  }

  /** The player's title and status line for the whole game `g` from `start`. */
  #gameTexts(g, start) {
    $('player-title').textContent = t('wholeGameHeading', g.plies, start);
    markTerms($('player-title'), ['proof-game']);
    const status = $('game-status');
    status.textContent = wholeGameText(g, Number(field('game-budget').value));
    markTerms(status, ['kk']);
  }

  /** The player shows the path from the KK position found to the position proved. */
  #showPath() {
    $('player-title').textContent = t('pathTitle');
    markTerms($('player-title'), ['kk']);
    $('player-hint').hidden = false;
    field('whole-game').hidden = false;
    $('path-only').hidden = $('game-export').hidden = true;
    $('game-status').textContent = '';
    delete $('game-status').dataset.state;
    delete $('game-status').dataset.plies;
    const proved = this.#proved;
    if (proved) this.#player.load(proved.game, proved.goal, proved.path);
  }

  /**
   * The player shows the whole game from the initial position, built once per proof in the worker: the
   * short search within the budget chosen (in positions: the command line's game), else the KK route. Cancel stops the worker (the path stays).
   */
  async #showWholeGame() {
    const target = this.#proved;
    if (!target) return;
    const run = this.#run;
    const budgetScale = Number(field('game-budget').value);
    field('whole-game').disabled = true;
    $('game-cancel').hidden = false;
    this.#building = true;
    const status = $('game-status');
    delete status.dataset.plies;
    status.dataset.state = 'building';
    status.textContent = t('buildingGame');
    try {
      target.proofGame ??= await this.#engine.call(
        'proofGame',
        { game: target.game, sfen: target.sfen, maxNodes: target.maxNodes, start: target.start, budgetScale },
        (p) => {
          status.textContent = t('shortSearchProgress', count(p.nodes), (p.ms / 1000).toFixed(1));
        },
      );
      if (run !== this.#run) return;
      const g = target.proofGame;
      $('player-hint').hidden = true;
      field('whole-game').hidden = true;
      $('path-only').hidden = $('game-export').hidden = false;
      this.#gameTexts(g, target.start);
      Object.assign(status.dataset, { plies: g.plies, method: g.method, shortest: g.shortest });
      status.dataset.state = 'done';
      this.#player.load(target.game, g.start, g.moves, t('startCaption', target.start));
    } catch (e) {
      if (run !== this.#run) return;
      status.dataset.state = e.cancelled ? 'cancelled' : 'error';
      status.textContent = e.cancelled ? t('gameCancelled') : t('noGame', errorText(e));
      if (!e.cancelled) this.#engine.cancel();
    } finally {
      if (run === this.#run) {
        this.#building = false;
        field('whole-game').disabled = false;
        $('game-cancel').hidden = true;
      }
    }
  }

  // While the player shows and nothing else has the focus: arrows step, Home and End jump, 'p' plays.
  #playerKey(e) {
    if (e.target.closest?.('input, select, textarea') || $('player').hidden || e.target !== document.body) return;
    if (e.key === 'ArrowRight') $('forward').click();
    else if (e.key === 'ArrowLeft') $('back').click();
    else if (e.key === 'Home') $('first').click();
    else if (e.key === 'End') $('last').click();
    else if (e.key === 'p') $('play').click();
    else return;
    e.preventDefault();
  }
}

/**
 * How long the whole game is, which method built it, and (for the KK route) its parts; a budget of 0 ran no
 * short search, so nothing is said of what it found.
 * @param {any} g
 * @param {number} budgetScale
 */
function wholeGameText(g, budgetScale) {
  const bound = g.lower_bound != null ? t('noShorter', g.lower_bound) : '';
  if (g.method === 'short') {
    const length = g.shortest ? t('shortestGame', g.plies) : t('shortFound', g.plies);
    return `${length}${t('shortMethod')}${g.shortest ? '' : bound} ${t('checked')}`;
  }
  const kk = budgetScale === 0 ? t('kkGameNoSearch', g.plies) : t('kkGame', g.plies);
  return `${kk}${bound} ${t('checked')} ${t('kkParts', g.opening, g.connection, g.plies)}`;
}
