// The answer card: what a player asks of a verdict, next to the board. Reachable: a whole game from the
// initial position, searched right after the proof (the standard budget, so the command line's game),
// played on the page's board as a line of its move tree (*Play it*); the paper's proof one click away.
// Unreachable: the cause in a sentence and Why?. Unknown: what to do (raise the node cap). A tsume set-up:
// the squares where Sente's king could stand, each a button. It goes with the position.
import { errorText } from '../engine/errors.js';
import { language, num, t } from '../i18n/i18n.js';
import { squareText } from '../game/notation.js';
import { MAX_NODE_CAP } from './node-cap.js';
import { $ } from '../page/dom.js';
import { answerKind, raisedCap } from './answer-text.js';
import { markTerms } from '../page/terms.js';

/** The standard budget of the short search (1 times the command line's default, in positions). */
const STANDARD_BUDGET = 1;

/**
 * @typedef {{game: import('../engine/api').GameName, sfen: string, maxNodes: number, start?: string | null}} Target
 * @typedef {{onWhy: () => void, onShowProof: () => void, onProveAgain: (maxNodes: number) => void,
 *   onKingSquare: (game: import('../engine/api').GameName, sfen: string) => void,
 *   onPlay: (game: import('../engine/api').GameName, start: string, moves: import('../engine/api').Step[]) => void,
 *   onProveFrom: (start: string) => void}} Actions
 */

export class AnswerCard {
  #engine;
  #actions;
  #run = 0; // counts verdicts and resets: an answer for an older one is dropped
  #searching = false;
  /** @type {{target: Target, result: import('../engine/api').ProveResult, proofGame: import('../engine/api').ProofGame | null} | null} */
  #shown = null;
  /** @type {{result: import('../engine/api').KingSquares, target: Target} | null} a tsume set-up's answer shown */
  #tsume = null;
  /** @type {(() => string) | null} the game search's status line, in the page's language */
  #status = null;

  /**
   * `engine` searches the games (a worker of its own); `actions.onPlay` plays the game found.
   * @param {{engine: import('../engine/engine.js').Engine, actions: Actions}} options
   */
  constructor({ engine, actions }) {
    this.#engine = engine;
    this.#actions = actions;
    $('answer-play').onclick = () => {
      const shown = this.#shown;
      if (shown?.proofGame) actions.onPlay(shown.target.game, shown.proofGame.start, shown.proofGame.moves);
    };
    $('answer-cancel').onclick = () => this.#cancel();
    $('answer-retry').onclick = () => this.#searchGame();
    $('answer-proof').onclick = () => actions.onShowProof();
    $('answer-why').onclick = () => actions.onWhy();
    $('answer-raise').onclick = () => {
      const cap = Number($('answer-raise').dataset.cap);
      if (cap) actions.onProveAgain(cap);
    };
  }

  /**
   * Shows the card for the verdict `result` of `target`, in view; a reachable one starts the game search.
   * @param {import('../engine/api').ProveResult} result
   * @param {Target} target
   */
  show(result, target) {
    this.reset();
    this.#shown = { target, result, proofGame: null };
    const card = $('answer');
    const kind = answerKind(result);
    Object.assign(card.dataset, { verdict: result.verdict, sfen: target.sfen });
    $('answer-heading').textContent = t(`answerHeading_${kind}`);
    this.#text(kind, result, target);
    $('answer-proof').hidden = $('answer-proof-text').hidden = kind !== 'reachable';
    $('answer-why').hidden = kind !== 'unreachable';
    card.hidden = false;
    if (kind === 'reachable') this.#searchGame();
    // Right after Prove, wherever the page was scrolled to: the card is on screen.
    card.scrollIntoView({ block: 'nearest' });
  }

  /**
   * A tsume set-up's answer: the squares where Sente's king could stand, each a button that loads the
   * position with the king there (to prove it and see a game); when there is none, why.
   * @param {import('../engine/api').KingSquares} result
   * @param {Target} target
   */
  showKingSquares(result, target) {
    this.reset();
    this.#tsume = { result, target };
    this.#drawKingSquares(result, target);
    $('answer').hidden = false;
    $('answer').scrollIntoView({ block: 'nearest' });
  }

  /**
   * Draws the card again in the page's language, keeping its verdict, its game searched and a tsume
   * set-up's squares: after a language switch.
   */
  relabel() {
    if (this.#tsume) this.#drawKingSquares(this.#tsume.result, this.#tsume.target);
    const shown = this.#shown;
    if (!shown) return;
    const kind = answerKind(shown.result);
    $('answer-heading').textContent = t(`answerHeading_${kind}`);
    this.#text(kind, shown.result, shown.target);
    if (shown.proofGame) this.#drawGame(shown.proofGame);
    else if (this.#status) $('answer-status').textContent = this.#status();
  }

  /** @param {import('../engine/api').KingSquares} result @param {Target} target */
  #drawKingSquares(result, target) {
    const card = $('answer');
    Object.assign(card.dataset, { verdict: 'tsume', sfen: target.sfen });
    const found = result.squares.filter((s) => s.verdict === 'reachable');
    $('answer-heading').textContent = t(found.length ? 'tsumeHeading' : 'tsumeHeadingNone');
    $('answer-text').textContent = found.length ? t('tsumeSquares', found.length, result.squares.length) : t('tsumeNone', whyNowhere(result));
    $('answer-text').hidden = false;
    const buttons = found.map((s) => {
      const button = document.createElement('button');
      button.type = 'button';
      button.textContent = squareText(s.square, language());
      button.dataset.square = s.square;
      button.onclick = () => this.#actions.onKingSquare(target.game, s.sfen);
      return button;
    });
    $('answer-squares').replaceChildren(...buttons);
    $('answer-squares').hidden = !found.length;
  }

  /** The card's sentences for a verdict of `kind`. */
  #text(kind, result, target) {
    const raise = raisedCap(target.maxNodes, MAX_NODE_CAP);
    $('answer-raise').hidden = kind !== 'unknown' || raise === null;
    $('answer-raise').dataset.cap = String(raise ?? '');
    if (raise !== null) $('answer-raise').textContent = t('answerRaise', num(raise));
    const text = $('answer-text');
    if (kind === 'reachable') text.textContent = '';
    else if (kind === 'unreachable') text.textContent = t('answerUnreachable', result.stage, result.reason ?? '', (result.causes ?? []).map((c) => t('cause', c)));
    else text.textContent = t('answerUnknown', num(target.maxNodes), raise !== null);
    markTerms(text, ['node-cap']);
    text.hidden = kind === 'reachable';
    $('answer-proof-text').textContent = kind === 'reachable' ? t('answerProof', result.path.length) : '';
    // A handicap game's position asked about from 平手: a button proves it from that handicap's start.
    const starts = kind === 'unreachable' ? (result.causes ?? []).flatMap((c) => c.handicaps ?? []) : [];
    $('answer-starts').replaceChildren(...starts.map((start) => {
      const button = document.createElement('button');
      button.type = 'button';
      button.dataset.start = start;
      button.textContent = t('answerProveFrom', start);
      button.onclick = () => this.#actions.onProveFrom(start);
      return button;
    }));
    $('answer-starts').hidden = starts.length === 0;
    markTerms($('answer-proof-text'), ['kk']);
  }

  /** Takes the card away, stopping its game search. */
  reset() {
    this.#run++;
    if (this.#searching) this.#engine.cancel();
    this.#searching = false;
    this.#shown = null;
    this.#tsume = null;
    this.#status = null;
    const card = $('answer');
    card.hidden = true;
    for (const key of ['verdict', 'sfen', 'state', 'plies', 'shortest', 'method']) delete card.dataset[key];
    $('answer-status').textContent = '';
    $('answer-detail').textContent = '';
    $('answer-squares').replaceChildren();
    $('answer-squares').hidden = true;
    $('answer-starts').replaceChildren();
    $('answer-starts').hidden = true;
    $('answer-cancel').hidden = $('answer-retry').hidden = $('answer-play').hidden = true;
  }

  /** Searches the whole game of the position shown (as `shogi-reach proof-game`), with progress and Cancel. */
  async #searchGame() {
    const shown = this.#shown;
    if (!shown) return;
    const run = this.#run;
    const card = $('answer');
    const status = $('answer-status');
    this.#searching = true;
    card.dataset.state = 'searching';
    $('answer-heading').textContent = t('answerHeading_reachable');
    $('answer-detail').textContent = '';
    $('answer-cancel').hidden = false;
    $('answer-retry').hidden = $('answer-play').hidden = true;
    this.#showStatus(() => t('answerSearching', shown.target.start));
    const { game, sfen, maxNodes, start } = shown.target;
    try {
      const args = { game, sfen, maxNodes, start, budgetScale: STANDARD_BUDGET };
      const proofGame = await this.#engine.call('proofGame', args, (p) => {
        if (run === this.#run) status.textContent = t('shortSearchProgress', num(p.nodes), (p.ms / 1000).toFixed(1));
      });
      if (run !== this.#run) return;
      shown.proofGame = proofGame;
      this.#showGame(proofGame);
    } catch (e) {
      if (run !== this.#run) return;
      card.dataset.state = e.cancelled ? 'cancelled' : 'error';
      this.#showStatus(() => (e.cancelled ? t('answerCancelled') : t('noGame', errorText(e))));
      $('answer-retry').hidden = false;
      if (!e.cancelled) this.#engine.cancel(); // the next search gets a fresh instance
    } finally {
      if (run === this.#run) {
        this.#searching = false;
        $('answer-cancel').hidden = true;
      }
    }
  }

  /** The game search's status line, drawn by `draw` now and again after a language switch. */
  #showStatus(draw) {
    this.#status = draw;
    $('answer-status').textContent = draw();
  }

  #cancel() {
    if (this.#searching) this.#engine.cancel();
  }

  /** @param {import('../engine/api').ProofGame} game */
  #showGame(game) {
    const card = $('answer');
    const { plies, shortest, method } = game;
    Object.assign(card.dataset, { state: 'done', plies: String(plies), shortest: String(shortest), method });
    this.#drawGame(game);
    $('answer-play').hidden = false;
    // The card grew: all of it stays on screen, unless the page was scrolled away from it meanwhile.
    const shown = card.getBoundingClientRect();
    if (shown.bottom > 0 && shown.top < innerHeight) card.scrollIntoView({ block: 'nearest' });
  }

  /** The card's heading and lines for the game found. @param {import('../engine/api').ProofGame} game */
  #drawGame(game) {
    const heading = $('answer-heading');
    const badge = document.createElement('span');
    badge.className = `answer-badge${game.shortest ? ' shortest' : ''}`;
    badge.textContent = game.shortest ? t('answerShortest') : t('answerShortestFound');
    heading.replaceChildren(t('answerGame', game.plies, this.#shown?.target.start), ' ', badge);
    markTerms(heading, ['proof-game']);
    $('answer-status').textContent = '';
    $('answer-detail').textContent = t('answerGameDetail', game.method, game.shortest, game.lower_bound);
  }
}

/**
 * Why Sente's king can stand nowhere: the one cause every square shares, or how many squares each kind of
 * cause rules out.
 * @param {import('../engine/api').KingSquares} result
 */
function whyNowhere(result) {
  const texts = new Set(result.squares.map((s) => (s.causes[0] ? t('cause', s.causes[0]) : s.verdict)));
  if (texts.size === 1) return [...texts];
  const counts = new Map();
  for (const s of result.squares) {
    const kind = s.causes[0]?.kind ?? s.verdict;
    counts.set(kind, (counts.get(kind) ?? 0) + 1);
  }
  return [...counts].map(([kind, n]) => t('tsumeGroup', kind, n));
}
