// The running estimate against samples: the 3-sigma band, the estimate, and the paper's value. Plain SVG.
const NS = 'http://www.w3.org/2000/svg';

export function formatSci(x, digits = 3) {
  if (!Number.isFinite(x) || x === 0) return String(x);
  const [m, e] = x.toExponential(digits - 1).split('e');
  return `${m} × 10^${Number(e)}`;
}

/** `points`: [{done, reachable, low, high}]; `paper`: the published estimate (a horizontal line). */
export function drawPlot(svg, points, paper, samples) {
  const W = 520, H = 300, L = 78, R = 12, T = 12, B = 36;
  svg.replaceChildren();
  const el = (name, attrs, text) => {
    const e = document.createElementNS(NS, name);
    for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
    if (text !== undefined) e.textContent = text;
    svg.append(e);
    return e;
  };
  if (!points.length) return;
  // Early bands are huge: scale to the later half of the run (and the paper's value).
  const tail = points.slice(Math.floor(points.length / 2));
  let lo = Math.min(paper, ...tail.map((p) => p.low));
  let hi = Math.max(paper, ...tail.map((p) => p.high));
  const pad = (hi - lo) * 0.15 || hi * 0.05 || 1;
  lo = Math.max(0, lo - pad);
  hi += pad;
  const x = (d) => L + ((W - L - R) * d) / samples;
  const y = (v) => T + (H - T - B) * (1 - (Math.min(hi, Math.max(lo, v)) - lo) / (hi - lo));
  const band = points.map((p) => `${x(p.done)},${y(p.high)}`).concat(points.slice().reverse().map((p) => `${x(p.done)},${y(p.low)}`));
  el('polygon', { points: band.join(' '), class: 'band' });
  el('polyline', { points: points.map((p) => `${x(p.done)},${y(p.reachable)}`).join(' '), class: 'line' });
  el('line', { x1: L, x2: W - R, y1: y(paper), y2: y(paper), class: 'paper' });
  el('text', { x: W - R, y: y(paper) - 4, 'text-anchor': 'end', class: 'paper-label' }, "paper");
  el('line', { x1: L, x2: L, y1: T, y2: H - B, class: 'axis' });
  el('line', { x1: L, x2: W - R, y1: H - B, y2: H - B, class: 'axis' });
  for (let k = 0; k <= 4; k++) {
    const v = lo + ((hi - lo) * k) / 4;
    el('text', { x: L - 6, y: y(v) + 4, 'text-anchor': 'end', class: 'tick' }, v.toExponential(3));
    const d = (samples * k) / 4;
    el('text', { x: x(d), y: H - B + 16, 'text-anchor': 'middle', class: 'tick' }, Math.round(d).toLocaleString('en'));
  }
  el('text', { x: (L + W) / 2, y: H - 4, 'text-anchor': 'middle', class: 'tick' }, 'samples');
}
