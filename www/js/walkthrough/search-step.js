// The How it works tab's step 4: the backward search on a real position. The first reachable sample of
// the seed is proved by the engine, and its path (from a KK position to the sample) is walked backwards,
// one move taken back at a time, until only the two kings are on the board.
import { parseSfen, parseUsi } from '../game/sfen.js';
import { language, paren } from '../i18n/i18n.js';
import { westernMove } from '../game/notation.js';
import { button, el, para, w } from './text.js';
import { failure, figureBoard, stepSection } from './steps.js';

/** Pieces on the board of an SFEN other than the two kings. */
export const piecesBesideKings = (sfen) => (sfen.split(' ')[0].match(/[a-jl-z]/gi) ?? []).length;

/** Step 4. */
export function searchStep(ctx, exampleSeed) {
  const section = stepSection('how-search', 'step4');
  section.append(para('step4Text'));
  const { figure, board } = figureBoard(ctx.labels);
  const caption = el('p', 'status');
  caption.setAttribute('aria-live', 'polite');
  const undone = el('p', 'hint');
  const back = button('takeBack', () => go(ply + 1));
  const play = button('playBack', () => toggle());
  const restart = button('restart', () => go(0));
  section.append(figure, el('div', 'tool-row', back, play, restart), caption, undone, para('step4Why'));
  /** @type {{sfen: string, move: string, japanese: string}[]} the sample first, then each position back */
  let frames = [];
  let ply = 0;
  /** @type {ReturnType<typeof setInterval> | null} */
  let timer = null;

  function go(k) {
    // A walkthrough drawn anew (another game) leaves this step: its playing stops.
    if (!section.isConnected) return stop();
    if (!frames.length) return;
    ply = Math.max(0, Math.min(frames.length - 1, k));
    const frame = frames[ply];
    const plies = frames.length - 1;
    const move = ply > 0 ? frames[ply - 1] : null;
    const marks = move ? backMarks(ctx.game, move.move) : {};
    const setup = parseSfen(ctx.game, frame.sfen);
    board.render(setup, { marks, animate: true });
    const end = ply === plies;
    caption.textContent = end ? w('reachedKk', plies) : w('plyOf', ply, plies, piecesBesideKings(frame.sfen));
    // The move in the page's notation (Western in English), played from the position it was taken back to.
    const written = move && (language() === 'ja' ? move.japanese : westernMove(setup, move));
    undone.textContent = move ? w('undone', `${written}${paren(move.move)}`) : '';
    back.disabled = end;
    Object.assign(section.dataset, { ply: String(ply), plies: String(plies), sfen: frame.sfen, state: end ? 'kk' : 'searching' });
    if (end) stop();
  }
  function stop() {
    if (timer) clearInterval(timer);
    timer = null;
    play.textContent = w('playBack');
  }
  function toggle() {
    if (timer) return stop();
    if (ply === frames.length - 1) go(0);
    play.textContent = w('pause');
    timer = setInterval(() => go(ply + 1), 700);
  }

  searchPath(ctx, exampleSeed).then(
    (found) => {
      frames = found.frames;
      section.dataset.index = String(found.index);
      go(0);
    },
    (e) => section.append(failure(e)),
  );
  return section;
}

/**
 * The first reachable sample of the seed and its frames: the sample, then each position its path from a
 * KK position passes through, walked backwards (each with the move that led to it), the goal last.
 */
async function searchPath(ctx, seed) {
  const sample = await ctx.call('example', { game: ctx.game, stage: 'OK', seed });
  const proof = await ctx.call('prove', { game: ctx.game, sfen: sample.sfen, maxNodes: 1_000_000 });
  /** @type {{sfen: string, move: string, japanese: string}[]} */
  const steps = proof.path.map((step) => ({ sfen: step.sfen, move: step.move, japanese: step.japanese }));
  return { index: sample.index, frames: [...steps.reverse(), { sfen: proof.goal, move: '', japanese: '' }] };
}

/** The squares of a move taken back: the square it left marked `from`, its origin `to` (none for a drop's). */
function backMarks(game, usi) {
  const m = parseUsi(game, usi);
  return 'from' in m ? { from: m.to, to: m.from } : { from: m.to };
}
