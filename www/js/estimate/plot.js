// The running estimate against samples: its 3-sigma band, the estimate, and the paper's value with its own
// band, on axes in the same units as the text beside it (× 10^E), with a legend. Plain SVG.
import { num, t } from '../i18n/i18n.js';

const NS = 'http://www.w3.org/2000/svg';

export function formatSci(x, digits = 3) {
  if (!Number.isFinite(x) || x === 0) return String(x);
  const [m, e] = x.toExponential(digits - 1).split('e');
  return `${m} × 10^${Number(e)}`;
}

/**
 * `points`: [{done, reachable, low, high}]; `paper`: {estimate, interval: [low, high]}, the published
 * estimate (a dashed line in its band); `samples`: the run's length (the x axis).
 */
export function drawPlot(svg, points, paper, samples) {
  const W = 520, H = 300, L = 56, R = 24, T = 48, B = 40;
  svg.replaceChildren();
  const el = (name, attrs, text) => {
    const e = document.createElementNS(NS, name);
    for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
    if (text !== undefined) e.textContent = text;
    svg.append(e);
    return e;
  };
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
  const x = (d) => L + ((W - L - R) * d) / samples;
  const y = (v) => T + (H - T - B) * (1 - (Math.min(hi, Math.max(lo, v)) - lo) / (hi - lo));
  el('rect', { x: L, width: W - L - R, y: y(paper.interval[1]), height: Math.max(1, y(paper.interval[0]) - y(paper.interval[1])), class: 'paper-band' });
  const band = points.map((p) => `${x(p.done)},${y(p.high)}`).concat(points.slice().reverse().map((p) => `${x(p.done)},${y(p.low)}`));
  el('polygon', { points: band.join(' '), class: 'band' });
  el('polyline', { points: points.map((p) => `${x(p.done)},${y(p.reachable)}`).join(' '), class: 'line' });
  el('line', { x1: L, x2: W - R, y1: y(paper.estimate), y2: y(paper.estimate), class: 'paper' });
  el('line', { x1: L, x2: L, y1: T, y2: H - B, class: 'axis' });
  el('line', { x1: L, x2: W - R, y1: H - B, y2: H - B, class: 'axis' });
  for (let k = 0; k <= 4; k++) {
    const v = lo + ((hi - lo) * k) / 4;
    el('text', { x: L - 6, y: y(v) + 4, 'text-anchor': 'end', class: 'tick' }, (v / unit).toFixed(3));
    const d = (samples * k) / 4;
    // The last label ends at the axis' end, so it is not cut off.
    const anchor = k === 0 ? 'start' : k === 4 ? 'end' : 'middle';
    el('text', { x: x(d), y: H - B + 18, 'text-anchor': anchor, class: 'tick' }, num(Math.round(d)));
  }
  el('text', { x: 4, y: T - 12, class: 'axis-title' }, `|R| (× 10^${exp})`);
  el('text', { x: (L + W - R) / 2, y: H - 4, 'text-anchor': 'middle', class: 'axis-title' }, t('plotSamples'));
  // The legend along the top, the value axis' title under it.
  const items = [['line', t('plotEstimate')], ['band', t('plotBand')], ['paper', t('plotPaper')]];
  let lx = 4;
  for (const [cls, text] of items) {
    if (cls === 'band') el('rect', { x: lx, y: 8, width: 18, height: 10, class: 'band' });
    else el('line', { x1: lx, x2: lx + 18, y1: 13, y2: 13, class: cls });
    el('text', { x: lx + 22, y: 17, class: 'legend-text' }, text);
    lx += 36 + text.length * (/[^\x00-\x7f]/.test(text) ? 13 : 7);
  }
}
