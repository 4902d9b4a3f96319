// The estimate tab: runs the estimate host worker (estimate-worker.js) and shows the stage funnel
// (the paper's Table 1) beside the paper's numbers, the running estimate with its 3σ band, throughput
// and ETA, Table 2, and a gallery of sampled reachable positions.
import { Board } from './board.js';
import { drawPlot, formatSci } from './plot.js';
import { parseSfen } from './sfen.js';
import { FUNNEL_LABELS, VARIANTS } from './variants.js';

const $ = (id) => document.getElementById(id);
const KEEP = 24;

export class EstimatePanel {
  /** `openPosition(variant, sfen)` opens a gallery position in the editor. */
  constructor({ openPosition, labels }) {
    this.openPosition = openPosition;
    this.labels = labels;
    this.host = null;
    this.hostKey = '';
    this.points = [];
    $('est-threads').value = Math.max(2, navigator.hardwareConcurrency || 2);
    $('estimate-form').onsubmit = (e) => {
      e.preventDefault();
      this.start();
    };
    $('est-stop').onclick = () => {
      this.host?.postMessage({ type: 'stop' });
      $('est-stop').disabled = true;
      this.#status('stopping after the chunks under way…', 'stopping');
    };
    $('est-resume').onclick = () => {
      this.#buttons(true);
      this.host.postMessage({ type: 'resume' });
    };
    $('est-game').onchange = () => this.#emptyTables();
    this.#emptyTables();
  }

  #status(text, state) {
    const el = $('est-status');
    el.textContent = text;
    el.dataset.state = state;
  }

  #buttons(running) {
    $('est-start').disabled = running;
    $('est-stop').disabled = !running;
    $('est-resume').disabled = true;
  }

  /** A host worker for this thread count and isolation: threaded rayon, or a pool of plain workers. */
  async #hostFor(threads) {
    const threaded = self.crossOriginIsolated === true;
    const key = `${threaded}/${threads}`;
    if (this.host && this.hostKey === key) return this.host;
    this.host?.terminate();
    this.host = new Worker(new URL('./estimate-worker.js', import.meta.url), { type: 'module' });
    this.hostKey = key;
    this.host.onmessage = ({ data }) => this.#message(data);
    this.host.onerror = (e) => {
      e.preventDefault();
      this.#status(`the estimate worker failed: ${e.message}`, 'error');
      this.#buttons(false);
    };
    this.#status(
      threaded
        ? `starting ${threads} engine threads (threaded WebAssembly with a rayon pool)…`
        : `starting ${threads} engine workers (this page is not cross-origin isolated, so each worker runs its own single-threaded engine)…`,
      'starting',
    );
    await new Promise((ok) => {
      this.readyWaiter = ok;
      this.host.postMessage({ type: 'init', threaded, threads });
    });
    return this.host;
  }

  async start() {
    const variant = $('est-game').value;
    const samples = Math.floor(Number($('est-samples').value));
    const seed = $('est-seed').value.trim();
    const threads = Math.floor(Number($('est-threads').value));
    if (!(samples >= 1) || !/^\d+$/.test(seed) || BigInt(seed) >= 2n ** 64n || !(threads >= 1 && threads <= 64)) {
      this.#status('samples ≥ 1, a seed in [0, 2^64) and 1–64 threads, please', 'error');
      return;
    }
    this.#buttons(true);
    this.#status('starting…', 'starting');
    this.points = [];
    $('gallery').replaceChildren();
    delete $('gallery').dataset.key;
    this.#emptyTables();
    const host = await this.#hostFor(threads);
    host.postMessage({ type: 'start', variant, seed, samples, maxNodes: undefined, keep: KEEP });
  }

  #message(data) {
    if (data.type === 'ready') {
      this.mode = data.threaded
        ? `${data.threads} threads (threaded WebAssembly, rayon)`
        : `${data.threads} workers (single-threaded WebAssembly each; page not cross-origin isolated)`;
      this.readyWaiter?.();
      return;
    }
    if (data.type === 'error') {
      this.#status(`error: ${data.message}`, 'error');
      this.#buttons(false);
      return;
    }
    this.#show(data);
    if (data.type === 'progress') return;
    this.#buttons(false);
    $('est-resume').disabled = data.type !== 'stopped';
  }

  #show({ type, variant, samples, done, report, examples, elapsed, rate }) {
    const eta = rate > 0 ? (samples - done) / rate : Infinity;
    const what =
      type === 'finished' ? 'finished' : type === 'stopped' ? 'stopped (Resume continues)' : 'running';
    this.#status(
      `${what}: ${done.toLocaleString('en')} of ${samples.toLocaleString('en')} samples, ` +
        `${Math.round(rate).toLocaleString('en')} samples/s on ${this.mode}, ` +
        `${elapsed.toFixed(1)} s elapsed${type === 'progress' ? `, ETA ${Number.isFinite(eta) ? eta.toFixed(0) + ' s' : '…'}` : ''}`,
      type,
    );
    $('est-status').dataset.rate = rate;
    $('est-status').dataset.elapsed = elapsed;
    if (!report) return;
    const v = VARIANTS[variant];
    const e = report.estimate;
    this.points.push({ done, reachable: e.reachable, low: e.low, high: e.high });
    drawPlot($('plot'), this.points, v.paper.estimate, samples);
    this.#funnel(report, v);
    $('est-result').innerHTML = '';
    const p = document.createElement('p');
    p.className = 'estimate';
    p.dataset.reachable = report.tally.stages[5];
    p.textContent =
      `p̂ = ${report.tally.stages[5]} / ${done} = ${e.p_hat.toFixed(6)}; ` +
      `|R| ≈ ${formatSci(e.reachable, 4)}, 3σ interval [${formatSci(e.low, 4)}, ${formatSci(e.high, 4)}] ` +
      `(|P_K| = ${report.candidates}). The paper: ${formatSci(v.paper.estimate, 4)}, ` +
      `[${formatSci(v.paper.interval[0], 4)}, ${formatSci(v.paper.interval[1], 4)}].`;
    $('est-result').append(p);
    this.#gallery(variant, examples);
  }

  #emptyTables() {
    const v = VARIANTS[$('est-game').value];
    this.#funnel(null, v);
    $('traced').replaceChildren();
  }

  #funnel(report, v) {
    const table = $('funnel');
    table.innerHTML =
      '<thead><tr><th>Check</th><th>Samples</th><th>%</th>' +
      `<th>Paper (${v.paper.samples.toExponential(0).replace('e+', 'e')} samples)</th><th>%</th></tr></thead>`;
    const body = document.createElement('tbody');
    FUNNEL_LABELS.forEach((label, i) => {
      const n = report ? report.funnel[i][1] : null;
      const tr = document.createElement('tr');
      tr.dataset.stage = i;
      const cells = [
        label,
        n === null ? '–' : n.toLocaleString('en'),
        n === null ? '' : `${((100 * n) / report.tally.samples).toFixed(4)} %`,
        v.paper.funnel[i].toLocaleString('en'),
        `${((100 * v.paper.funnel[i]) / v.paper.samples).toFixed(4)} %`,
      ];
      for (const c of cells) {
        const td = document.createElement('td');
        td.textContent = c;
        tr.append(td);
      }
      if (n !== null) tr.dataset.count = n;
      body.append(tr);
    });
    table.append(body);
    if (!report) return;
    const traced = $('traced');
    traced.innerHTML = '<thead><tr><th>Plies</th><th>Positions</th></tr></thead>';
    const tb = document.createElement('tbody');
    report.tally.traced_back.forEach((n, d) => {
      const tr = document.createElement('tr');
      tr.dataset.plies = d;
      tr.dataset.count = n;
      tr.innerHTML = `<td>${d}</td><td>${n.toLocaleString('en')}</td>`;
      tb.append(tr);
    });
    traced.append(tb);
  }

  #gallery(variant, examples) {
    const gallery = $('gallery');
    const key = examples.map((e) => e.index).join(',');
    if (gallery.dataset.key === key) return;
    gallery.dataset.key = key;
    gallery.replaceChildren();
    for (const { index, sfen } of examples) {
      const card = document.createElement('button');
      card.className = 'gallery-item';
      card.title = `sample ${index}: ${sfen}`;
      card.dataset.sfen = sfen;
      const board = document.createElement('div');
      const view = new Board(board);
      view.labels = this.labels();
      view.render(parseSfen(variant, sfen));
      const caption = document.createElement('span');
      caption.textContent = `sample ${index}`;
      card.append(board, caption);
      card.onclick = () => this.openPosition(variant, sfen);
      gallery.append(card);
    }
  }
}
