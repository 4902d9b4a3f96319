// The estimate tab: runs the estimate host worker (estimate-worker.js) and shows the funnel (the paper's
// Table 1) beside the paper's numbers, the samples decided at each of the engine's stages, the running
// estimate with its 3-sigma band, throughput and ETA, Table 2, and a gallery of sampled reachable positions.
// Stages are read by name, in the engine's order (its `stages()`), never by position.
import { Board } from './board.js';
import { num, t } from './i18n.js';
import { drawPlot, formatSci } from './plot.js';
import { parseSfen } from './sfen.js';
import { VARIANTS } from './variants.js';

const $ = (id) => document.getElementById(id);
const KEEP = 24;

export class EstimatePanel {
  /**
   * `openPosition(variant, sfen)` opens a gallery position in the editor; `stages` is a promise of the
   * engine's stages (`[{name, verdict, describe}]`, pipeline order); `currentVariant()` is the page's game;
   * `onRunning(running)` says when a run starts and ends.
   */
  constructor({ openPosition, labels, stages, currentVariant, onRunning }) {
    this.openPosition = openPosition;
    this.currentVariant = currentVariant;
    this.onRunning = onRunning;
    this.labels = labels;
    this.stages = [];
    this.stagesReady = stages.then((list) => {
      this.stages = list;
      this.#stageCounts(this.lastReport ?? null);
    });
    this.stagesReady.catch(() => {}); // the engine status line already says the engine did not start
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
      this.#status(t('stopping'), 'stopping');
    };
    $('est-resume').onclick = () => {
      this.#buttons(true);
      this.host.postMessage({ type: 'resume' });
    };
    this.#emptyTables();
  }

  /** The page switched game (never during a run): a stopped run of the other game cannot be resumed. */
  gameChanged() {
    $('est-resume').disabled = true;
    this.points = [];
    this.lastReport = null;
    $('gallery').replaceChildren();
    delete $('gallery').dataset.key;
    this.#status('', 'idle');
    this.#emptyTables();
  }

  #status(text, state) {
    const el = $('est-status');
    el.textContent = text;
    el.dataset.state = state;
  }

  #buttons(running) {
    this.onRunning(running);
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
    for (const w of this.relayed ?? []) w.terminate();
    this.relayed = new Set();
    this.host = new Worker(new URL('./estimate-worker.js', import.meta.url), { type: 'module' });
    this.hostKey = key;
    this.host.onmessage = ({ data, ports }) => {
      if (data.type === 'spawn') relay(data, ports[0], this.relayed);
      else this.#message(data);
    };
    this.host.onerror = (e) => {
      e.preventDefault();
      this.#status(t('workerFailed', e.message), 'error');
      this.#buttons(false);
    };
    this.#status(
      threaded ? t('startingThreads', threads) : t('startingWorkers', threads),
      'starting',
    );
    await new Promise((ok) => {
      this.readyWaiter = ok;
      this.host.postMessage({ type: 'init', threaded, threads });
    });
    return this.host;
  }

  async start() {
    const variant = this.currentVariant();
    const samples = Math.floor(Number($('est-samples').value));
    const seed = $('est-seed').value.trim();
    const threads = Math.floor(Number($('est-threads').value));
    if (!(samples >= 1) || !/^\d+$/.test(seed) || BigInt(seed) >= 2n ** 64n || !(threads >= 1 && threads <= 64)) {
      this.#status(t('estimateInput'), 'error');
      return;
    }
    this.#buttons(true);
    this.#status(t('starting'), 'starting');
    try {
      await this.stagesReady;
    } catch (e) {
      this.#status(t('engineDidNotStart', e.message), 'error');
      this.#buttons(false);
      return;
    }
    this.points = [];
    $('gallery').replaceChildren();
    delete $('gallery').dataset.key;
    this.#emptyTables();
    const host = await this.#hostFor(threads);
    host.postMessage({ type: 'start', variant, seed, samples, maxNodes: undefined, keep: KEEP });
  }

  #message(data) {
    if (data.type === 'ready') {
      this.mode = data.threaded ? t('modeThreads', data.threads) : t('modeWorkers', data.threads);
      this.readyWaiter?.();
      return;
    }
    if (data.type === 'error') {
      this.#status(t('estimateError', data.message), 'error');
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
    const what = t(type === 'finished' ? 'runFinished' : type === 'stopped' ? 'runStopped' : 'runRunning');
    const left = type !== 'progress' ? null : Number.isFinite(eta) ? `${eta.toFixed(0)} s` : '…';
    this.#status(t('runStatus', what, num(done), num(samples), num(Math.round(rate)), this.mode, elapsed.toFixed(1), left), type);
    $('est-status').dataset.rate = rate;
    $('est-status').dataset.elapsed = elapsed;
    if (!report) return;
    const v = VARIANTS[variant];
    const e = report.estimate;
    this.lastReport = report;
    this.points.push({ done, reachable: e.reachable, low: e.low, high: e.high });
    drawPlot($('plot'), this.points, v.paper, samples);
    this.#funnel(report, v);
    this.#stageCounts(report);
    $('est-result').innerHTML = '';
    const reachable = this.#reachableCount(report.tally);
    const p = document.createElement('p');
    p.className = 'estimate';
    p.dataset.reachable = reachable;
    p.textContent = t('estimateText', {
      reachable,
      done,
      p: e.p_hat.toFixed(6),
      estimate: formatSci(e.reachable, 4),
      low: formatSci(e.low, 4),
      high: formatSci(e.high, 4),
      candidates: report.candidates,
      paper: formatSci(v.paper.estimate, 4),
      paperLow: formatSci(v.paper.interval[0], 4),
      paperHigh: formatSci(v.paper.interval[1], 4),
    });
    $('est-result').append(p);
    this.#gallery(variant, examples);
  }

  /** Samples proved reachable: the tally's count of the stage whose verdict is `reachable`. */
  #reachableCount(tally) {
    const stage = this.stages.find((s) => s.verdict === 'reachable');
    if (!stage) throw new Error('the engine names no stage with the verdict reachable');
    return countOf(tally, stage.name);
  }

  #emptyTables() {
    const v = VARIANTS[this.currentVariant()];
    this.lastReport = null;
    this.#funnel(null, v);
    this.#stageCounts(null);
    $('traced').replaceChildren();
  }

  /** Samples by the stage that decided them, in the engine's pipeline order. */
  #stageCounts(report) {
    const table = $('stage-counts');
    table.replaceChildren(head([t('colStage'), t('colVerdict'), t('colSamples'), '%']));
    const body = document.createElement('tbody');
    for (const { name, verdict, describe } of this.stages) {
      const n = report ? countOf(report.tally, name) : null;
      const tr = document.createElement('tr');
      tr.dataset.stage = name;
      tr.dataset.verdict = verdict;
      if (n !== null) tr.dataset.count = n;
      tr.title = t('stageDescribe', name) ?? describe;
      const cells = [
        name,
        t('verdictName', verdict),
        n === null ? '–' : num(n),
        n === null || !report.tally.samples ? '' : `${((100 * n) / report.tally.samples).toFixed(4)} %`,
      ];
      for (const c of cells) {
        const td = document.createElement('td');
        td.textContent = c;
        tr.append(td);
      }
      body.append(tr);
    }
    table.append(body);
  }

  #funnel(report, v) {
    const table = $('funnel');
    const paperSamples = v.paper.samples.toExponential(0).replace('e+', 'e');
    table.replaceChildren(head([t('colCheck'), t('colSamples'), '%', t('colPaper', paperSamples), '%']));
    const body = document.createElement('tbody');
    // The engine's rows (by name) when there is a report, else the paper's.
    const rows = report ? report.funnel : Object.entries(v.paper.funnel).map(([name]) => [name, null]);
    for (const [name, n] of rows) {
      const paper = v.paper.funnel[name];
      const tr = document.createElement('tr');
      tr.dataset.row = name;
      const cells = [
        t('funnelRow', name),
        n === null ? '–' : num(n),
        n === null ? '' : `${((100 * n) / report.tally.samples).toFixed(4)} %`,
        paper === undefined ? '' : num(paper),
        paper === undefined ? '' : `${((100 * paper) / v.paper.samples).toFixed(4)} %`,
      ];
      for (const c of cells) {
        const td = document.createElement('td');
        td.textContent = c;
        tr.append(td);
      }
      if (n !== null) tr.dataset.count = n;
      body.append(tr);
    }
    table.append(body);
    if (!report) return;
    const traced = $('traced');
    traced.replaceChildren(head([t('colPlies'), t('colPositions')]));
    const tb = document.createElement('tbody');
    report.tally.traced_back.forEach((n, d) => {
      const tr = document.createElement('tr');
      tr.dataset.plies = d;
      tr.dataset.count = n;
      for (const c of [d, num(n)]) tr.insertCell().textContent = c;
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
      card.title = `${t('sample', index)}: ${sfen}`;
      card.dataset.sfen = sfen;
      const board = document.createElement('div');
      board.setAttribute('aria-hidden', 'true'); // the caption names the card
      const view = new Board(board);
      view.labels = this.labels();
      view.render(parseSfen(variant, sfen));
      const caption = document.createElement('span');
      caption.textContent = t('sample', index);
      card.append(board, caption);
      card.onclick = () => this.openPosition(variant, sfen);
      gallery.append(card);
    }
  }
}

/**
 * Constructs a worker the estimate host asked for (it constructs none itself: in Firefox a worker's `new
 * Worker` sometimes never returns, see estimate-worker.js) and joins it to the host by `port`: `{data}` and
 * `{error}` from the worker, `{data}` and `{terminate}` to it. `kept` holds it until it is terminated.
 */
function relay({ url, options }, port, kept) {
  const worker = new Worker(url, options);
  kept.add(worker);
  worker.onmessage = ({ data }) => port.postMessage({ data });
  worker.onerror = (e) => {
    e.preventDefault();
    port.postMessage({ error: e.message ?? 'could not start' });
  };
  port.onmessage = ({ data }) => {
    if (!data.terminate) return worker.postMessage(data.data);
    worker.terminate();
    kept.delete(worker);
    port.close();
  };
}

/** The samples of `tally` decided at the stage called `name` (tallies count every stage, by name). */
function countOf(tally, name) {
  const n = tally.stages[name];
  if (typeof n !== 'number') throw new Error(`the tally has no count for the stage ${JSON.stringify(name)}`);
  return n;
}

/** A table head with these column titles. */
function head(titles) {
  const thead = document.createElement('thead');
  const row = thead.insertRow();
  for (const title of titles) {
    const th = document.createElement('th');
    th.textContent = title;
    row.append(th);
  }
  return thead;
}
