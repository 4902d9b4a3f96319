// What the estimate tab draws from a report, each into the element it is given: the funnel beside the
// paper's Table 1, the unreachable samples by plies traced back (Table 2), the samples by the engine's
// stages (read by name, in the engine's order, never by position), and the gallery of reachable samples.
import { Board } from '../board/board.js';
import { num, t } from '../i18n/i18n.js';
import { parseSfen } from '../game/sfen.js';
import { FUNNEL } from '../game/games.js';
import { formatSci } from './plot.js';
import { markTerms, stageTerm, termElement } from '../page/terms.js';

/**
 * The glossary entry that explains a row of the funnel (the papers' Table 1): the first row, the
 * candidates; a row that removes one stage's samples, that stage; the last (the search's stages), what is
 * left: the reachable ones.
 * @param {string} name
 */
function funnelTerm(name) {
  const removes = FUNNEL.find((f) => f.row === name)?.removes ?? [];
  if (removes.length === 0) return 'candidate';
  return removes.length === 1 ? `stage-${removes[0]}` : 'stage-ok';
}

/** @typedef {import('../engine/api').Report} Report */
/** @typedef {import('../engine/api').Stage} Stage */
/** @typedef {import('../engine/api').Tally} Tally */
/** @typedef {import('../game/games.js').Game} Game */

/**
 * The funnel (the engine's rows by name when there is a report, else the paper's) beside the paper's
 * numbers, into `table`.
 * @param {HTMLElement} table
 * @param {Report | null} report
 * @param {Game} v
 */
export function drawFunnel(table, report, v) {
  // 10^8, 5 × 10^9 (shown raised, page/powers.js).
  const paperSamples = formatSci(v.paper.samples, 1).replace(/^1 × /, '');
  table.replaceChildren(head([t('colCheck'), t('colSamples'), '%', t('colPaper', paperSamples, v.paper.byPaper), '%']));
  const body = document.createElement('tbody');
  /** @type {Record<string, number>} */
  const funnel = v.paper.funnel;
  /** @type {[string, number | null][]} */
  const rows = report ? report.funnel : Object.keys(funnel).map((name) => [name, null]);
  for (const [name, n] of rows) {
    const paper = funnel[name];
    const cells = [
      t('funnelRow', name),
      n === null ? '–' : num(n),
      n === null || !report ? '' : percent(n, report.tally.samples),
      paper === undefined ? '' : num(paper),
      paper === undefined ? '' : percent(paper, v.paper.samples),
    ];
    const tr = row(cells);
    explainCell(tr, funnelTerm(name));
    tr.dataset.row = name;
    if (n !== null) tr.dataset.count = String(n);
    body.append(tr);
  }
  table.append(body);
}

/**
 * The unreachable samples by the plies they were traced back, into `table` (emptied without a report).
 * @param {HTMLElement} table
 * @param {Report | null} report
 */
export function drawTraced(table, report) {
  table.replaceChildren();
  if (!report) return;
  table.append(head([t('colPlies'), t('colPositions')]));
  explainCell(/** @type {HTMLElement} */ (table.querySelector('tr')), 'traced-back', 'th');
  const body = document.createElement('tbody');
  report.tally.traced_back.forEach((n, d) => {
    const tr = row([String(d), num(n)]);
    tr.dataset.plies = String(d);
    tr.dataset.count = String(n);
    body.append(tr);
  });
  table.append(body);
}

/**
 * Samples by the stage that decided them, in the engine's pipeline order, into `table`.
 * @param {HTMLElement} table
 * @param {Stage[]} stages
 * @param {Report | null} report
 */
export function drawStageCounts(table, stages, report) {
  table.replaceChildren(head([t('colStage'), t('colVerdict'), t('colSamples'), '%']));
  const body = document.createElement('tbody');
  for (const { name, verdict, describe } of stages) {
    const n = report ? countOf(report.tally, name) : null;
    const cells = [
      t('stageName', name),
      t('verdictName', verdict),
      n === null ? '–' : num(n),
      n === null || !report?.tally.samples ? '' : percent(n, report.tally.samples),
    ];
    const tr = row(cells);
    explainCell(tr, stageTerm(name));
    tr.dataset.stage = name;
    tr.dataset.verdict = verdict;
    if (n !== null) tr.dataset.count = String(n);
    tr.title = t('stageDescribe', name) ?? describe;
    body.append(tr);
  }
  table.append(body);
}

/**
 * Samples proved reachable: the tally's count of the stage whose verdict is `reachable`.
 * @param {Stage[]} stages
 * @param {Tally} tally
 */
export function reachableCount(stages, tally) {
  const stage = stages.find((s) => s.verdict === 'reachable');
  if (!stage) throw new Error('the engine names no stage with the verdict reachable');
  return countOf(tally, stage.name);
}

/**
 * The reachable samples as small boards in `gallery` (drawn again only when they changed); a click opens
 * one with `open(sfen)`.
 * @param {HTMLElement} gallery
 * @param {{game: import('../engine/api').GameName, examples: import('../engine/api').Example[], labels: string}} what
 * @param {(sfen: string) => void} open
 */
export function drawGallery(gallery, { game, examples, labels }, open) {
  const key = examples.map((e) => e.index).join(',');
  if (gallery.dataset.key === key) return;
  gallery.dataset.key = key;
  gallery.replaceChildren();
  for (const { index, sfen } of examples) {
    const card = document.createElement('button');
    card.className = 'gallery-item';
    card.title = `${t('sample', index)}: ${sfen}`;
    card.dataset.sfen = sfen;
    const board = document.createElement('div');
    board.setAttribute('aria-hidden', 'true'); // the caption names the card
    const view = new Board(board);
    view.labels = labels;
    view.render(parseSfen(game, sfen));
    const caption = document.createElement('span');
    caption.textContent = t('sample', index);
    card.append(board, caption);
    card.onclick = () => open(sfen);
    gallery.append(card);
  }
}

/** Empties the gallery. @param {HTMLElement} gallery */
export function clearGallery(gallery) {
  gallery.replaceChildren();
  delete gallery.dataset.key;
}

/**
 * The status line of a run shown: a saved or merged one's samples, else a run's state, samples, speed,
 * time and time left (`mode`: how the engine is hosted).
 * @param {{type: string, done: number, rate: number, elapsed: number, stored?: boolean, report?: import('../engine/api').Report | null}} run
 * @param {number} total
 * @param {string} mode
 */
export function runStatusText({ type, done, rate, elapsed, stored, report }, total, mode) {
  if (stored || type === 'merged') return t('savedStatus', num(done), num(total));
  const eta = rate > 0 ? (total - done) / rate : Infinity;
  const what = t(type === 'finished' ? 'runFinished' : type === 'stopped' ? 'runStopped' : 'runRunning');
  const left = type !== 'progress' ? null : Number.isFinite(eta) ? duration(eta) : '…';
  // The report is rebuilt less often than chunks finish: say which count the estimate shows.
  const counted = report?.tally.samples ?? done;
  const lag = counted && counted !== done ? t('runCounted', num(counted)) : '';
  return t('runStatus', what, num(done), num(total), num(Math.round(rate)), mode, elapsed.toFixed(1), left) + lag;
}

/**
 * `2 h 5 min`, `40 s`, in the page's language.
 * @param {number} seconds
 */
export function duration(seconds) {
  const s = Math.round(seconds);
  if (s < 60) return t('durationS', s);
  if (s < 3600) return t('durationMin', Math.floor(s / 60), s % 60);
  if (s < 172800) return t('durationH', Math.floor(s / 3600), Math.floor((s % 3600) / 60));
  return t('durationDays', (seconds / 86400).toFixed(1));
}

/**
 * The estimate's sentence: the samples proved reachable, p_hat, the estimate and its band (and Wilson's and
 * the exact interval), the paper's.
 * @param {import('../engine/api').Report} report
 * @param {string} reachable
 * @param {Game['paper']} paper
 */
export function estimateText(report, reachable, paper) {
  const e = report.estimate;
  return t('estimateText', {
    reachable,
    done: report.tally.samples,
    p: (e.p_hat ?? 0).toFixed(6),
    estimate: formatSci(e.reachable, 4),
    low: formatSci(e.low, 4),
    high: formatSci(e.high, 4),
    wilson: (e.wilson ?? []).map((v) => formatSci(v, 4)),
    exact: (e.exact ?? []).map((v) => formatSci(v, 4)),
    candidates: report.candidates,
    byPaper: paper.byPaper,
    paper: formatSci(paper.estimate, 4),
    paperLow: formatSci(paper.interval[0], 4),
    paperHigh: formatSci(paper.interval[1], 4),
  });
}

/**
 * The samples of `tally` decided at the stage called `name` (tallies count every stage, by name).
 * @param {Tally} tally
 * @param {string} name
 */
function countOf(tally, name) {
  const n = tally.stages[name];
  if (typeof n !== 'number') throw new Error(`the tally has no count for the stage ${JSON.stringify(name)}`);
  return n;
}

/**
 * Makes the first cell of `tr` (a `td`, or a `th`) a term explained by `key` (none without a key).
 * @param {HTMLElement} tr
 * @param {string | undefined} key
 */
function explainCell(tr, key, cell = 'td') {
  const first = tr.querySelector(cell);
  if (key && first) first.replaceChildren(termElement(key, first.textContent ?? ''));
}

/**
 * The estimate's sentence as a paragraph, its terms (|P_K|, the 3-sigma interval) explained.
 * @param {import('../engine/api').Report} report
 * @param {string} reachable
 * @param {Game['paper']} paper
 */
export function estimateParagraph(report, reachable, paper) {
  const p = document.createElement('p');
  p.className = 'estimate';
  p.dataset.reachable = reachable;
  p.textContent = estimateText(report, reachable, paper);
  markTerms(p, ['sigma3', 'pk']);
  return p;
}

/** @param {number} n @param {number} of */
const percent = (n, of) => `${((100 * n) / of).toFixed(4)} %`;

/**
 * A table head with these column titles.
 * @param {string[]} titles
 */
function head(titles) {
  const thead = document.createElement('thead');
  const tr = thead.insertRow();
  for (const title of titles) {
    const th = document.createElement('th');
    th.textContent = title;
    tr.append(th);
  }
  return thead;
}

/**
 * A table row of these cells.
 * @param {string[]} cells
 */
function row(cells) {
  const tr = document.createElement('tr');
  for (const c of cells) {
    const td = document.createElement('td');
    td.textContent = c;
    tr.append(td);
  }
  return tr;
}
