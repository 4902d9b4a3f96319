// The running estimate against samples: its 3-sigma band, the estimate, and the paper's value with its own
// band, on axes in the same units as the text beside it (× 10^E, shown raised: page/powers.js), with a
// legend. Plain SVG, drawn at the size it is shown (one unit a CSS pixel, so its text is as large as the
// page's small text) and drawn again when that size changes.
import { num, t } from '../i18n/i18n.js';

const NS = 'http://www.w3.org/2000/svg';
const HEIGHT = 300;

export function formatSci(x, digits = 3) {
  if (!Number.isFinite(x) || x === 0) return String(x);
  const [m, e] = x.toExponential(digits - 1).split('e');
  return `${m} × 10^${Number(e)}`;
}

/** @typedef {{done: number, reachable: number, low: number, high: number}} Point */
/** @typedef {{byPaper: boolean, estimate: number, interval: number[]}} Paper */

/** Each plot's last drawing and its width, drawn again when the width changes (the tab shown, a phone turned). */
const drawn = new WeakMap();
const resized = typeof ResizeObserver === 'function'
  ? new ResizeObserver((entries) => {
    for (const { target } of entries) {
      const last = drawn.get(target);
      if (last && last.width !== shownWidth(target)) render(target, last);
    }
  })
  : null;

/** @param {Element} svg */
const shownWidth = (svg) => Math.round(svg.getBoundingClientRect().width) || 520;

/**
 * `points`: the running estimate after each update, in order; `paper`: the published estimate (a dashed
 * line in its band); `samples`: the run's length. The x axis spans the first update to the run's end, so
 * the first updates fill the width; a single update is a point with its interval.
 * @param {Element} svg
 * @param {Point[]} points
 * @param {Paper} paper
 * @param {number} samples
 */
export function drawPlot(svg, points, paper, samples) {
  if (!drawn.has(svg)) resized?.observe(svg);
  render(svg, { points, paper, samples, width: 0 });
}

/**
 * @param {Element} svg
 * @param {{points: Point[], paper: Paper, samples: number, width: number}} drawing
 */
function render(svg, drawing) {
  const { points, paper, samples } = drawing;
  const W = shownWidth(svg);
  drawn.set(svg, { ...drawing, width: W });
  svg.setAttribute('viewBox', `0 0 ${W} ${HEIGHT}`);
  svg.replaceChildren();
  /** @type {(name: string, attrs: Record<string, string | number>, text?: string) => SVGElement} */
  const el = (name, attrs, text) => {
    const e = /** @type {SVGElement} */ (document.createElementNS(NS, name));
    for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, String(v));
    if (text !== undefined) e.textContent = text;
    svg.append(e);
    return e;
  };
  const T = legend(el, W, paper.byPaper) + 30, L = 56, R = 24, B = 40, H = HEIGHT;
  if (!points.length) return;
  // Early bands are huge: scale to the later half of the run and the paper's band.
  const tail = points.slice(Math.floor(points.length / 2));
  let lo = Math.min(paper.interval[0], ...tail.map((p) => p.low));
  let hi = Math.max(paper.interval[1], ...tail.map((p) => p.high));
  const pad = (hi - lo) * 0.15 || hi * 0.05 || 1;
  lo = Math.max(0, lo - pad);
  hi += pad;
  // One power of ten for the whole axis, as the estimate's text writes it.
  const exp = Math.floor(Math.log10(hi));
  const unit = 10 ** exp;
  const first = points[0].done;
  const end = Math.max(samples, points.at(-1)?.done ?? 0);
  const span = end - first;
  const x = (/** @type {number} */ d) => (span > 0 ? L + ((W - L - R) * (d - first)) / span : (L + W - R) / 2);
  const y = (/** @type {number} */ v) => T + (H - T - B) * (1 - (Math.min(hi, Math.max(lo, v)) - lo) / (hi - lo));
  el('rect', { x: L, width: W - L - R, y: y(paper.interval[1]), height: Math.max(1, y(paper.interval[0]) - y(paper.interval[1])), class: 'paper-band' });
  const band = points.map((p) => `${x(p.done)},${y(p.high)}`).concat(points.slice().reverse().map((p) => `${x(p.done)},${y(p.low)}`));
  el('polygon', { points: band.join(' '), class: 'band' });
  el('polyline', { points: points.map((p) => `${x(p.done)},${y(p.reachable)}`).join(' '), class: 'line' });
  // Each update a dot, while they are few; a single one with its interval as a bar.
  if (points.length === 1) {
    el('line', { x1: x(first), x2: x(first), y1: y(points[0].low), y2: y(points[0].high), class: 'line' });
  }
  if (points.length <= 24) {
    for (const p of points) el('circle', { cx: x(p.done), cy: y(p.reachable), r: 2.5, class: 'dot' });
  }
  el('line', { x1: L, x2: W - R, y1: y(paper.estimate), y2: y(paper.estimate), class: 'paper' });
  el('line', { x1: L, x2: L, y1: T, y2: H - B, class: 'axis' });
  el('line', { x1: L, x2: W - R, y1: H - B, y2: H - B, class: 'axis' });
  for (let k = 0; k <= 4; k++) {
    const v = lo + ((hi - lo) * k) / 4;
    el('text', { x: L - 6, y: y(v) + 4, 'text-anchor': 'end', class: 'tick' }, (v / unit).toFixed(3));
  }
  // Sample counts under the axis: five where they fit, three on a narrow plot, one for a single update.
  const marks = span === 0 ? [0.5] : W >= 420 ? [0, 0.25, 0.5, 0.75, 1] : [0, 0.5, 1];
  for (const f of marks) {
    const d = span === 0 ? first : first + span * f;
    // The first and last labels end at the axis' ends, so they are not cut off.
    const anchor = span !== 0 && f === 0 ? 'start' : span !== 0 && f === 1 ? 'end' : 'middle';
    el('text', { x: x(d), y: H - B + 18, 'text-anchor': anchor, class: 'tick' }, num(Math.round(d)));
  }
  el('text', { x: 4, y: T - 12, class: 'axis-title' }, `|R| (× 10^${exp})`);
  el('text', { x: (L + W - R) / 2, y: H - 4, 'text-anchor': 'middle', class: 'axis-title' }, t('plotSamples'));
}

/**
 * The legend along the top, in as many rows as the width needs; returns the y under its last row.
 * @param {(name: string, attrs: Record<string, string | number>, text?: string) => SVGElement} el
 * @param {number} W
 * @param {boolean} byPaper whether the published figures are a paper's (else this project's run)
 */
function legend(el, W, byPaper) {
  const items = [['line', t('plotEstimate')], ['band', t('plotBand')], ['paper', t('plotPaper', byPaper)]];
  let lx = 4, row = 0;
  for (const [cls, text] of items) {
    const width = 36 + text.length * (/[^\x00-\x7f]/.test(text) ? 13 : 7);
    if (lx > 4 && lx + width > W) {
      lx = 4;
      row++;
    }
    const top = 8 + row * 18;
    if (cls === 'band') el('rect', { x: lx, y: top, width: 18, height: 10, class: 'band' });
    else el('line', { x1: lx, x2: lx + 18, y1: top + 5, y2: top + 5, class: cls });
    el('text', { x: lx + 22, y: top + 9, class: 'legend-text' }, text);
    lx += width;
  }
  return 18 + row * 18;
}
