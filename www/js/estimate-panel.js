// The estimate tab: runs the estimate host worker (estimate-worker.js) and shows the funnel (the paper's
// Table 1) beside the paper's numbers, the samples decided at each of the engine's stages, the running
// estimate with its 3-sigma band, throughput and ETA, Table 2, and a gallery of sampled reachable positions.
// Stages are read by name, in the engine's order (its `stages()`), never by position.
import { Board } from './board.js';
import { errorText } from './errors.js';
import { num, t } from './i18n.js';
import { drawPlot, formatSci } from './plot.js';
import { clearRun, loadRun, saveRun } from './run-store.js';
import { parseSfen } from './sfen.js';
import { VARIANTS } from './variants.js';

const $ = (id) => document.getElementById(id);
const KEEP = 24;
// The run is saved at most this often while it goes (and whenever it stops or finishes).
const SAVE_EVERY_MS = 1000;

export class EstimatePanel {
  /**
   * `openPosition(variant, sfen)` opens a gallery position in the editor; `stages` is a promise of the
   * engine's stages (`[{name, verdict, describe}]`, pipeline order); `currentVariant()` is the page's game;
   * `onRunning(running)` says when a run starts and ends.
   */
  constructor({ openPosition, labels, stages, currentVariant, onRunning, engine, restoreGame }) {
    this.openPosition = openPosition;
    this.engine = engine;
    this.restoreGame = restoreGame;
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
    this.#setUpRuns();
  }

  // estimate runs and shards: the saved run (resume, discard, clear), the report's download, shard files
  // merged, the precision planner.
  #setUpRuns() {
    this.current = null; // {text, name}: the report shown, as a file
    $('estimate-form').addEventListener('input', () => (this.touched = true));
    this.lastSave = 0;
    $('est-saved-resume').onclick = () => this.#resumeSaved();
    // Discard forgets the saved run, Clear a finished one (or a merge shown): both empty the tab.
    $('est-saved-discard').onclick = $('est-clear').onclick = async () => {
      $('est-saved').hidden = true;
      await clearRun().catch(() => {});
      this.saved = null;
      this.current = null;
      this.points = [];
      $('gallery').replaceChildren();
      delete $('gallery').dataset.key;
      $('est-result').replaceChildren();
      this.#status('', 'idle');
      $('est-merge-status').textContent = '';
      this.#emptyTables();
      this.#actions();
    };
    $('est-download').onclick = () => {
      if (!this.current) return;
      const a = document.createElement('a');
      a.href = URL.createObjectURL(new Blob([this.current.text], { type: 'application/json' }));
      a.download = this.current.name;
      document.body.append(a);
      a.click();
      a.remove();
      setTimeout(() => URL.revokeObjectURL(a.href), 10_000);
    };
    $('est-merge-files').onchange = () => this.#mergeFiles();
    $('est-digits').oninput = () => this.#plan();
    // (No IndexedDB, as in some private windows: runs are not saved.)
    const saved = loadRun().catch(() => undefined);
    this.restored = Promise.all([saved, this.stagesReady]).then(
      // (Loaded after the page: a run started meanwhile wins.)
      ([record]) => !this.started && this.#restore(record),
      () => {},
    );
  }

  /** Enables the download and clear buttons for what is shown. */
  #actions() {
    $('est-download').disabled = !this.current;
    $('est-clear').disabled = this.running || (!this.current && !this.lastReport);
    $('est-merge-files').disabled = this.running;
  }

  /**
   * Shows a saved run: a finished one's result, or what an unfinished one has done, with Resume. The
   * tables show only a run of the page's game; an unfinished run of the other game offers Resume alone.
   */
  #restore(record) {
    if (!record) return;
    this.saved = record;
    if (!record.finished) {
      $('est-saved-resume').textContent = t('savedResume', num(record.done), num(record.total));
      $('est-saved').hidden = false;
    }
    if (record.variant !== this.currentVariant()) return;
    // (A form being filled in wins.)
    if (!this.touched) {
      $('est-samples').value = record.samples;
      $('est-seed').value = record.seed;
      $('est-shard').value = record.shard.join('/');
    }
    const report = JSON.parse(record.report);
    this.points = record.points ?? [];
    this.#show({
      type: record.finished ? 'finished' : 'saved', variant: record.variant, seed: record.seed, samples: record.samples,
      done: record.done, total: record.total, report, reportText: record.report, examples: record.examples,
      elapsed: record.elapsed, rate: 0, shard: record.shard, stored: true,
    });
  }

  /** Continues the saved run where it stopped (in its game, switching the page's game if need be). */
  async #resumeSaved() {
    const record = this.saved;
    if (!record) return;
    if (record.variant !== this.currentVariant() && !this.restoreGame(record.variant)) return;
    $('est-saved').hidden = true;
    await this.#run({ ...record, saved: { report: record.report, examples: record.examples, elapsed: record.elapsed } });
  }

  /** Saves the run as it goes: at most every SAVE_EVERY_MS, and at once when it stops or finishes. */
  #save(data, now) {
    if (!now && performance.now() - this.lastSave < SAVE_EVERY_MS) return;
    this.lastSave = performance.now();
    const record = {
      variant: data.variant, seed: String(data.seed), samples: data.samples, shard: data.shard,
      maxNodes: data.maxNodes, keep: KEEP, report: data.reportText, examples: data.examples,
      elapsed: data.elapsed, points: this.points.slice(-500), done: data.report.tally.samples,
      total: data.range[1] - data.range[0],
      finished: data.type === 'finished',
    };
    saveRun(record).then(
      () => ($('est-status').dataset.saved = record.done),
      () => {}, // not saved (no IndexedDB, or full): the run goes on
    );
  }

  /** Shard files chosen: merged by the engine as `shogi-reach merge` merges them, the result shown. */
  async #mergeFiles() {
    const files = [...$('est-merge-files').files];
    $('est-merge-files').value = '';
    if (!files.length) return;
    const out = $('est-merge-status');
    try {
      const texts = await Promise.all(files.map((f) => f.text()));
      const merged = await this.engine.call('mergeReports', { names: files.map((f) => f.name), texts });
      const done = merged.ranges.reduce((n, [s, e]) => n + e - s, 0);
      out.textContent = t('mergeDone', files.length, num(done), num(merged.samples));
      out.dataset.state = 'merged';
      this.points = [];
      this.#show({
        type: 'merged', variant: merged.variant, samples: merged.samples, done, total: merged.samples,
        report: merged, reportText: merged.text, examples: [], elapsed: 0, rate: 0, name: 'merged',
      });
    } catch (e) {
      out.textContent = t('mergeFailed', errorText(e));
      out.dataset.state = 'error';
    }
  }

  /** How many samples the target digits need from the estimate of p shown, and how long at the measured rate. */
  async #plan() {
    const el = $('est-plan');
    const digits = Math.floor(Number($('est-digits').value));
    const report = this.lastReport;
    if (!report || !(digits >= 1 && digits <= 15) || report.estimate.p_hat === null) {
      el.textContent = report && digits >= 1 && digits <= 15 ? t('planNone', digits) : '';
      delete el.dataset.samples;
      return;
    }
    const asked = (this.planAsked = {});
    const needed = await this.engine
      .call('plan', { p: report.estimate.p_hat, candidates: report.candidates, digits })
      .catch(() => undefined);
    if (asked !== this.planAsked) return;
    if (needed === undefined || needed === null) {
      el.textContent = t('planNone', digits);
      delete el.dataset.samples;
      return;
    }
    const more = Math.max(0, needed - report.tally.samples);
    const time = this.rate > 0 ? duration(more / this.rate) : null;
    el.dataset.samples = needed;
    el.textContent = t('planText', digits, num(needed), num(report.tally.samples), time, num(Math.round(this.rate ?? 0)));
  }

  /**
   * The page switched game (never during a run): what the tab shows belongs to the other game and goes (a
   * stopped run can no longer be resumed with Resume); the saved run shows again if it is of this game.
   */
  gameChanged() {
    $('est-resume').disabled = true;
    this.points = [];
    this.lastReport = null;
    this.current = null;
    $('gallery').replaceChildren();
    delete $('gallery').dataset.key;
    $('est-result').replaceChildren();
    this.#status('', 'idle');
    this.#emptyTables();
    this.#actions();
    this.#plan();
    const asked = (this.restoreAsked = {});
    loadRun().then(
      (record) => asked === this.restoreAsked && this.#restore(record),
      () => {},
    );
  }

  #status(text, state) {
    const el = $('est-status');
    el.textContent = text;
    el.dataset.state = state;
  }

  #buttons(running) {
    this.running = running;
    this.#actions();
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
    const shard = /^\s*(\d+)\s*\/\s*(\d+)\s*$/.exec($('est-shard').value);
    if (!shard || !(Number(shard[1]) < Number(shard[2])) || Number(shard[2]) > 2 ** 32) {
      this.#status(t('shardInput'), 'error');
      return;
    }
    $('est-saved').hidden = true;
    this.saved = null;
    await this.#run({ variant, samples, seed, shard: [Number(shard[1]), Number(shard[2])], saved: null });
  }

  /** Starts a run (a fresh one, or the rest of a saved one) on a host for the threads asked for. */
  async #run({ variant, samples, seed, shard, saved }) {
    this.started = true;
    this.restoreAsked = null;
    const threads = Math.max(1, Math.min(64, Math.floor(Number($('est-threads').value)) || 2));
    this.#buttons(true);
    this.#status(t('starting'), 'starting');
    try {
      await this.stagesReady;
    } catch (e) {
      this.#status(t('engineDidNotStart', e.message), 'error');
      this.#buttons(false);
      return;
    }
    if (!saved) this.points = [];
    $('gallery').replaceChildren();
    delete $('gallery').dataset.key;
    $('est-merge-status').textContent = '';
    this.#emptyTables();
    this.current = null;
    this.#actions();
    const host = await this.#hostFor(threads);
    this.lastSave = 0;
    host.postMessage({ type: 'start', variant, seed, samples, shard, maxNodes: undefined, keep: KEEP, saved });
  }

  #message(data) {
    if (data.type === 'ready') {
      this.mode = data.threaded ? t('modeThreads', data.threads) : t('modeWorkers', data.threads);
      this.readyWaiter?.();
      return;
    }
    if (data.type === 'error') {
      this.#status(t('estimateError', errorText(data)), 'error');
      this.#buttons(false);
      return;
    }
    // A progress message carries the report only when the worker rebuilt it: save only a new one.
    const fresh = data.report !== undefined;
    if (fresh) this.report = { report: data.report, reportText: data.reportText };
    this.#show({ ...data, ...this.report });
    if (fresh) this.#save({ ...data, ...this.report }, data.type !== 'progress');
    if (data.type === 'progress') return;
    this.#buttons(false);
    $('est-resume').disabled = data.type !== 'stopped';
  }

  /** Shows a run: live from the worker, `stored` in this browser, or merged from shard files. */
  #show({ type, variant, seed, samples, done, range, total, report, reportText, examples, elapsed, rate, shard, name, stored }) {
    total ??= range[1] - range[0];
    this.rate = rate;
    const eta = rate > 0 ? (total - done) / rate : Infinity;
    if (stored || type === 'merged') {
      this.#status(t('savedStatus', num(done), num(total)), type);
    } else {
      const what = t(type === 'finished' ? 'runFinished' : type === 'stopped' ? 'runStopped' : 'runRunning');
      const left = type !== 'progress' ? null : Number.isFinite(eta) ? `${eta.toFixed(0)} s` : '…';
      this.#status(t('runStatus', what, num(done), num(total), num(Math.round(rate)), this.mode, elapsed.toFixed(1), left), type);
    }
    $('est-status').dataset.rate = rate;
    $('est-status').dataset.elapsed = elapsed;
    $('est-status').dataset.done = done;
    this.current = {
      text: reportText,
      name: name ? `${variant}-${name}.json` : `${variant}-seed${seed}-${samples}-shard${shard[0]}of${shard[1]}.json`,
    };
    this.#actions();
    if (!report.tally.samples) return;
    const v = VARIANTS[variant];
    const e = report.estimate;
    this.lastReport = report;
    // The report's own samples (it may lag behind `done` during a run).
    const counted = report.tally.samples;
    if (this.points.at(-1)?.done !== counted) this.points.push({ done: counted, reachable: e.reachable, low: e.low, high: e.high });
    drawPlot($('plot'), this.points, v.paper, total);
    this.#funnel(report, v);
    this.#stageCounts(report);
    $('est-result').innerHTML = '';
    const reachable = this.#reachableCount(report.tally);
    const p = document.createElement('p');
    p.className = 'estimate';
    p.dataset.reachable = reachable;
    p.textContent = t('estimateText', {
      reachable,
      done: counted,
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
    this.#actions();
    this.#plan();
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

/** `2 h 5 min`, `40 s`, in the page's language. */
function duration(seconds) {
  const s = Math.round(seconds);
  if (s < 60) return t('durationS', s);
  if (s < 3600) return t('durationMin', Math.floor(s / 60), s % 60);
  if (s < 172800) return t('durationH', Math.floor(s / 3600), Math.floor((s % 3600) / 60));
  return t('durationDays', (seconds / 86400).toFixed(1));
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
