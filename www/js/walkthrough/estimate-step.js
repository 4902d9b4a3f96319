// The How it works tab's step 5: p × |P_K| with its 3-sigma interval, each game's published run beside a small
// run in this page (the engine's estimate of samples 0..n of the Estimate tab's default seed, as
// `shogi-reach estimate --samples n --seed 20261122` gives it).
import { GAMES } from '../game/games.js';
import { num, t } from '../i18n/i18n.js';
import { termNodes } from '../page/term-text.js';
import { button, el, para, scientific, w } from './text.js';
import { failure, stepSection } from './steps.js';

export const LIVE_SEED = '20261122';
export const LIVE_SAMPLES = 100_000;

/** Each game's published run (the engine's facts: a paper's, or for a game no paper counted, this
 * project's): its row's label, samples, reachable samples and |R| with its 3-sigma interval. */
function publishedRows() {
  return Object.values(GAMES).map(({ titleKey, paper }) => {
    const { samples, funnel, estimate, interval } = paper;
    const reachable = funnel.reachability;
    const result = w('interval', scientific(estimate), scientific(interval[0]), scientific(interval[1]));
    return [w('publishedRun', t(titleKey), paper.byPaper), num(samples), num(reachable), (reachable / samples).toPrecision(6), result];
  });
}

/** A table row of cells (the first a header cell). */
function row(...cells) {
  const tr = el('tr', null);
  cells.forEach((c, i) => tr.append(el(i === 0 ? 'th' : 'td', null, c)));
  tr.firstElementChild?.setAttribute('scope', 'row');
  return tr;
}

/** Step 5. */
export function estimateStep(ctx) {
  const section = stepSection('how-estimate', 'step5');
  section.append(para('step5Text'));
  const head = el('tr', null);
  for (const key of ['colRun', 'colSamples', 'colReachable', 'colShare', 'colEstimate']) {
    const th = el('th', null, ...termNodes(w(key)));
    th.setAttribute('scope', 'col');
    head.append(th);
  }
  const body = el('tbody', null);
  for (const cells of publishedRows()) body.append(row(...cells));
  const live = row(w('thisRun', t(GAMES[ctx.game].titleKey)), '', '', '', w('notRun'));
  live.id = 'how-live-run';
  body.append(live);
  const table = el('table', 'funnel how-table', el('caption', null, w('tableCaption')), el('thead', null, head), body);
  const wrap = el('div', 'table-wrap', table);
  wrap.tabIndex = 0;
  wrap.setAttribute('role', 'region');
  wrap.setAttribute('aria-label', w('tableCaption'));
  const status = el('p', 'status');
  status.setAttribute('aria-live', 'polite');
  const run = button('runHere', () => runHere());
  run.textContent = w('runHere', num(LIVE_SAMPLES));
  section.append(wrap, el('div', 'tool-row', run), status, el('p', 'hint', w('step5More')));

  async function runHere() {
    run.disabled = true;
    status.textContent = w('working');
    try {
      const e = await ctx.call('estimate', { game: ctx.game, seed: LIVE_SEED, samples: LIVE_SAMPLES });
      const { estimate: x } = e;
      const p = x.p_hat == null ? '' : x.p_hat.toPrecision(6);
      const cells = [num(e.samples), num(e.reachable), p, w('interval', scientific(x.reachable), scientific(x.low), scientific(x.high))];
      [...live.children].slice(1).forEach((td, i) => (td.textContent = cells[i]));
      Object.assign(live.dataset, { samples: String(e.samples), reachable: String(e.reachable), estimate: String(x.reachable) });
      status.textContent = '';
    } catch (e) {
      status.replaceChildren(failure(e));
    } finally {
      run.disabled = false;
    }
  }
  return section;
}
