// The How it works tab's steps 1, 2, 3 and 6: the candidate set, a random rank unranked, a sample failing
// each filter, and the papers. Each step is a <section> that shows what the engine answers (through
// `ctx.call`, the tab's worker); nothing here decides a rule.
import { Board } from '../board/board.js';
import { parseSfen, squareIndex } from '../game/sfen.js';
import { GAMES } from '../game/games.js';
import { paren, t } from '../i18n/i18n.js';
import { termNodes } from '../page/term-text.js';
import { button, el, para, w } from './text.js';

/**
 * What a step needs: the engine's answers, the game shown and the page's piece labels.
 * @typedef {{call: (type: string, args: object) => Promise<any>, game: string, labels: string, seed: string}} Context
 */

/** A step: a section headed by the text `key`. */
export function stepSection(id, key) {
  const heading = el('h2', null, ...termNodes(w(key)));
  heading.id = `${id}-heading`;
  const section = el('section', 'how-step', heading);
  section.id = id;
  section.setAttribute('aria-labelledby', heading.id);
  return section;
}

/** A board view (no gestures) in a figure, captioned. */
export function figureBoard(labels, caption = '') {
  const root = el('div', 'how-board');
  const board = new Board(root);
  board.labels = labels;
  const figcaption = el('figcaption', 'hint', caption);
  return { figure: el('figure', 'how-figure', root, figcaption), board, figcaption };
}

/** A failure of the engine, said in the step. */
export const failure = (e) => {
  const p = el('p', 'error', w('failed', e?.message ?? String(e)));
  p.setAttribute('role', 'alert');
  return p;
};

/** `[[label]] <code>text</code>`: a labelled value that may be long (ranks, SFEN). */
function valueLine(label, code, className) {
  const c = el('code', className, code);
  return el('p', 'how-value', `${label} `, c);
}

/** Step 1: P_K, its exact size for every game, and the squares Sente's king may take. */
export function candidateStep(ctx) {
  const section = stepSection('how-candidates', 'step1');
  const v = GAMES[ctx.game];
  section.append(para('step1What'), para(v.centreFile ? 'step1Why' : 'step1WhyEven'));
  const sizes = el('dl', 'how-sizes');
  section.append(el('p', null, w('step1Sizes')), sizes);
  ctx.call('counts', {}).then(
    (counts) => {
      for (const game of Object.keys(GAMES)) {
        const digits = counts[game];
        const code = el('code', 'how-count', digits);
        code.dataset.game = game;
        const [mantissa, exponent] = Number(digits).toExponential(2).split('e');
        const about = w('about', mantissa, Number(exponent));
        sizes.append(el('dt', null, t(GAMES[game].titleKey)), el('dd', null, code, el('span', 'hint', paren(about))));
      }
    },
    (e) => section.append(failure(e)),
  );
  const empty = Array.from({ length: v.height }, () => String(v.width)).join('/');
  const { figure, board } = figureBoard(ctx.labels, w('kingSquares'));
  // Files from the left edge to the centre file: x ≤ (width − 1) / 2.
  const targets = [];
  for (let i = 0; i < v.width * v.height; i++) if (i % v.width <= (v.width - 1) / 2) targets.push(i);
  board.render(parseSfen(ctx.game, `${empty} b - 1`), { marks: { targets } });
  section.append(figure);
  return section;
}

/** Step 2: sample `index` of the page's seed, unranked; *Draw another* draws the next sample. */
export function sampleStep(ctx) {
  const section = stepSection('how-sample', 'step2');
  section.append(para('step2Text'));
  const label = el('p', 'status');
  const rank = el('code', 'how-rank');
  const sfen = el('code', 'how-sfen');
  const { figure, board } = figureBoard(ctx.labels);
  const again = button('drawAnother', () => draw());
  const status = el('p', 'status');
  status.setAttribute('aria-live', 'polite');
  section.append(label, el('p', 'how-value', `${w('rank')} `, rank), figure, el('p', 'how-value', 'SFEN ', sfen), again, status);
  let index = 0;
  async function draw() {
    again.disabled = true;
    try {
      const s = await ctx.call('sample', { game: ctx.game, seed: ctx.seed, index });
      label.textContent = w('sampleOf', s.index, ctx.seed);
      rank.textContent = s.rank;
      sfen.textContent = s.sfen;
      board.render(parseSfen(ctx.game, s.sfen));
      Object.assign(section.dataset, { index: String(s.index), rank: s.rank, sfen: s.sfen });
      status.textContent = '';
      index += 1;
    } catch (e) {
      status.replaceChildren(failure(e));
    } finally {
      again.disabled = false;
    }
  }
  draw();
  return section;
}

/** Step 3: for each stage the engine has an example of, the first sample of the seed that fails it. */
export function filterStep(ctx, exampleSeed) {
  const section = stepSection('how-filters', 'step3');
  section.append(para('step3Text', exampleSeed));
  // Without a centre file P_K holds one of each mirror pair: the flip filter rejects no sample.
  if (!GAMES[ctx.game].centreFile) section.append(Object.assign(para('step3NoFlip'), { id: 'how-no-flip' }));
  const list = el('div', 'how-examples');
  section.append(list);
  (async () => {
    for (const stage of await ctx.call('exampleStages', { game: ctx.game })) {
      const article = el('article', 'how-example', el('h3', null, ...termNodes(w(`stage:${stage}`))), para(`why:${stage}`));
      article.dataset.stage = stage;
      list.append(article);
      const x = await ctx.call('example', { game: ctx.game, stage, seed: exampleSeed });
      const { figure, board } = figureBoard(ctx.labels, w('exampleOf', x.index, x.rank));
      board.render(parseSfen(ctx.game, x.sfen), { marks: { bad: x.squares.map((s) => squareIndex(ctx.game, s)) } });
      article.append(figure, valueLine('SFEN', x.sfen, 'how-sfen'));
      Object.assign(article.dataset, { index: String(x.index), rank: x.rank, sfen: x.sfen, squares: x.squares.join(' ') });
    }
  })().catch((e) => section.append(failure(e)));
  return section;
}

const LINKS = [
  ['paperShogiLink', 'https://arxiv.org/abs/2604.06189'],
  ['paperMiniLink', 'https://arxiv.org/abs/2409.00129'],
  ['programMini', 'https://github.com/u-tokyo-gps-tanaka-lab/minishogi-position-ranking'],
  ['programShogi', 'https://github.com/u-tokyo-gps-tanaka-lab/shogilib'],
  ['programYane', 'https://github.com/u-tokyo-gps-tanaka-lab/YaneuraOu/tree/estimate_number_of_positions'],
];

/** Step 6: the papers and the reference programs, with the authors. */
export function paperStep() {
  const section = stepSection('how-papers', 'step6');
  const list = el('ul', 'how-links');
  for (const [key, href] of LINKS) {
    const a = /** @type {HTMLAnchorElement} */ (el('a', null, w(key)));
    a.href = href;
    a.rel = 'noopener';
    list.append(el('li', null, a));
  }
  section.append(para('step6Text'), list);
  return section;
}
