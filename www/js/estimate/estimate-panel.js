// The estimate tab: runs the estimate host worker (estimate-worker.js) and shows the funnel (the paper's
// Table 1) beside the paper's numbers, the samples decided at each of the engine's stages, the running
// estimate with its 3-sigma band, throughput and ETA, Table 2, and a gallery of sampled reachable positions.
// Stages are read by name, in the engine's order (its `stages()`), never by position.
//
// Nothing computed elsewhere is shown as it was given: a shard file's figures (`estimate`, `funnel`,
// `candidates`) are recomputed by the engine's merge from the tallies, and K of its blocks, drawn at
// random (verify.js), are recomputed by the estimate workers before the merge is shown; a saved run's
// report, estimate, plot and gallery are rebuilt from its blocks when it is loaded, and K of its blocks
// are recomputed before it resumes.
import { Board } from '../board/board.js';
import { errorText } from '../engine/errors.js';
import { checkSize, readText } from '../engine/files.js';
import { num, t } from '../i18n/i18n.js';
import { drawPlot, formatSci } from './plot.js';
import { clearRun, loadRun, saveRun, savedRunProblem } from './run-store.js';
import { parseSfen } from '../game/sfen.js';
import { VARIANTS } from '../game/variants.js';
import { pickBlocks } from './verify.js';

const $ = (id) => document.getElementById(id);
const KEEP = 24;
// The run is saved at most this often while it goes (and whenever it stops or finishes).
const SAVE_EVERY_MS = 1000;
// The most points of a saved run's plot, recomputed from its blocks.
const PLOT_POINTS = 500;

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
      this.#savedOffer('none');
      this.#hideVerify();
      await clearRun().catch(() => {});
      this.saved = null;
      this.#emptyTab();
      $('est-merge-status').textContent = '';
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

  /**
   * The saved run's line: `none` (hidden), `offer` (Resume and Discard), `verifying` (blocks recomputed
   * before it resumes), `forged` or `invalid` (a message and Discard only).
   */
  #savedOffer(state, note = '') {
    $('est-saved').hidden = state === 'none';
    const el = $('est-saved-note');
    el.textContent = note;
    el.hidden = !note;
    el.dataset.state = state;
    const resume = $('est-saved-resume');
    resume.hidden = state !== 'offer' && state !== 'verifying';
    resume.disabled = state === 'verifying';
    if (this.saved && !this.saved.finished) resume.textContent = t('savedResume', num(this.saved.done), num(this.saved.total));
  }

  /** Shows nothing: no report (nothing to download), empty tables, plot and gallery. */
  #emptyTab() {
    this.current = null;
    this.points = [];
    $('gallery').replaceChildren();
    delete $('gallery').dataset.key;
    $('est-result').replaceChildren();
    drawPlot($('plot'), [], VARIANTS[this.currentVariant()].paper, 1);
    this.#status('', 'idle');
    this.#emptyTables();
    this.#actions();
    this.#plan();
  }

  /** Enables the download and clear buttons for what is shown. */
  #actions() {
    $('est-download').disabled = !this.current;
    $('est-clear').disabled = this.running || (!this.current && !this.lastReport);
    $('est-merge-files').disabled = this.running;
  }

  /**
   * Shows a saved run, rebuilt from its blocks (see #checkSaved): a finished one's result, or what an
   * unfinished one has done, with Resume; a record that cannot be a run, with its reason and Discard. The
   * tables show only a run of the page's game; an unfinished run of the other game offers Resume alone.
   */
  async #restore(record) {
    if (record === undefined) return; // nothing saved
    const asked = (this.restoreAsked = {});
    let saved;
    try {
      saved = await this.#checkSaved(record);
    } catch (e) {
      if (asked !== this.restoreAsked) return;
      this.saved = null;
      this.#savedOffer('invalid', t('savedInvalid', e.savedProblem ?? errorText(e)));
      return;
    }
    // (A run started, or another game chosen, meanwhile wins.)
    if (asked !== this.restoreAsked) return;
    this.saved = saved;
    this.#savedOffer(saved.finished ? 'none' : 'offer');
    if (saved.variant !== this.currentVariant()) return;
    // (A form being filled in wins.)
    if (!this.touched) {
      $('est-samples').value = saved.samples;
      $('est-seed').value = saved.seed;
      $('est-shard').value = saved.shard.join('/');
    }
    this.points = saved.points;
    this.#show({
      type: saved.finished ? 'finished' : 'saved', variant: saved.variant, seed: saved.seed, samples: saved.samples,
      done: saved.done, total: saved.total, report: saved.report, reportText: saved.reportText, examples: saved.examples,
      elapsed: saved.elapsed, rate: 0, shard: saved.shard, stored: true,
    });
  }

  /**
   * The saved run as the page uses it, everything derived rebuilt by the engine from the stored blocks
   * (which it checks: in the run, not overlapping, counting their samples, consistent): the report (its
   * text is what Download gives), the samples done and in all, whether it is finished, the plot's points,
   * and the gallery (its samples recomputed by index). Throws when the record cannot be a run.
   */
  async #checkSaved(record) {
    const refuse = (why) => Object.assign(new Error(why), { savedProblem: why });
    const problem = savedRunProblem(record);
    if (problem) throw refuse(problem.notRecord ? t('savedNotRecord') : t('savedField', problem.field));
    const { variant, seed, samples, shard, elapsed } = record;
    let blocks = record.blocks;
    if (blocks === undefined) {
      // A record of an earlier version: the report's text, read and checked, of which only the blocks count.
      const r = await this.engine.call('readReport', { name: t('savedRunName'), text: record.report });
      if (r.variant !== variant || r.seed !== seed || r.samples !== samples || r.max_nodes !== null) {
        throw refuse(t('savedField', 'report'));
      }
      blocks = r.blocks ?? [];
    }
    const reportText = await this.engine.call('reportFromBlocks', { variant, seed, samples, maxNodes: undefined, blocks });
    const report = JSON.parse(reportText);
    const range = await this.engine.call('shardRange', { samples, k: shard[0], m: shard[1] });
    if (report.ranges.some(([s, e]) => s < e && (s < range[0] || e > range[1]))) throw refuse(t('savedOutsideShard', shard.join('/')));
    const done = report.tally.samples;
    const total = range[1] - range[0];
    const kept = report.blocks ?? [];
    const points = await this.engine.call('runningEstimate', { variant, blocks: kept, points: PLOT_POINTS });
    // The gallery: the samples at the indices saved (those done, the lowest KEEP), drawn and classified again.
    const within = (i) => report.ranges.some(([s, e]) => s <= i && i < e);
    const indices = [...new Set(record.examples.map((e) => e.index))].filter(within).sort((a, b) => a - b).slice(0, KEEP);
    const examples = [];
    for (const index of indices) {
      const again = await this.engine.call('blocks', { variant, seed, start: index, end: index + 1, maxNodes: undefined, keep: 1 });
      examples.push(...again.reachable);
    }
    return {
      variant, seed, samples, shard, blocks: kept, report, reportText, examples, elapsed, points, done, total,
      finished: done === total,
    };
  }

  /**
   * Continues the saved run where it stopped (in its game, switching the page's game if need be), once K
   * of its blocks, drawn at random, have been recomputed and found as saved; a forged one is refused.
   */
  async #resumeSaved() {
    const saved = this.saved;
    if (!saved || saved.finished) return;
    if (saved.variant !== this.currentVariant() && !this.restoreGame(saved.variant)) return;
    // (The game switch restores the saved run again: this one goes on.)
    this.restoreAsked = null;
    this.saved = saved;
    this.started = true;
    let picks;
    try {
      const k = await this.engine.call('blocksToVerify', { n: saved.blocks.length });
      picks = pickBlocks(saved.blocks.length, k).map((i) => saved.blocks[i]);
    } catch (e) {
      this.#savedOffer('invalid', t('savedInvalid', errorText(e)));
      return;
    }
    const verifying = (k) => t('savedVerifying', num(k), num(picks.length));
    this.#savedOffer('verifying', verifying(0));
    const file = { name: t('savedRunName'), variant: saved.variant, seed: saved.seed, maxNodes: null, blocks: picks };
    const result = await this.#verifyFiles([file], verifying(0), ([k]) => {
      this.#savedOffer('verifying', verifying(k));
      this.#status(verifying(k), 'verifying');
    });
    if (!result || result.stopped) {
      this.#savedOffer('offer');
      return;
    }
    if (result.forged) {
      // Nothing of it stays shown, nor can it be downloaded: Discard is all it offers.
      this.saved = null;
      this.#emptyTab();
      this.#savedOffer('forged', t('savedForged', result.forged.start, result.forged.end));
      return;
    }
    this.#savedOffer('none');
    await this.#run({ ...saved, saved: { blocks: saved.blocks, examples: saved.examples, elapsed: saved.elapsed } });
  }

  /**
   * Saves the run as it goes (at most every SAVE_EVERY_MS, and at once when it stops or finishes): what
   * cannot be recomputed, its blocks done among it (see run-store.js).
   */
  #save(data, now) {
    if (!now && performance.now() - this.lastSave < SAVE_EVERY_MS) return;
    this.lastSave = performance.now();
    const record = {
      variant: data.variant, seed: String(data.seed), samples: data.samples, shard: data.shard,
      maxNodes: data.maxNodes ?? null, keep: KEEP, blocks: data.report.blocks ?? [], examples: data.examples,
      elapsed: data.elapsed,
    };
    const done = data.report.tally.samples;
    saveRun(record).then(
      () => ($('est-status').dataset.saved = done),
      () => {}, // not saved (no IndexedDB, or full): the run goes on
    );
  }

  /**
   * Shard files chosen: refused by size before any is read; merged by the engine as `shogi-reach merge`
   * merges them (every file checked, the figures recomputed from the tallies); then K blocks of every file,
   * drawn at random, recomputed by the estimate workers (`merge --verify`); the result shown once all agree.
   */
  async #mergeFiles() {
    const files = [...$('est-merge-files').files];
    $('est-merge-files').value = '';
    if (!files.length) return;
    const out = $('est-merge-status');
    const say = (text, state) => {
      out.textContent = text;
      out.dataset.state = state;
    };
    this.#hideVerify();
    say('', 'reading');
    let merged, toVerify;
    try {
      const { report: limit } = await this.engine.call('fileLimits');
      for (const f of files) checkSize(f, limit, 'report-too-large');
      const texts = await Promise.all(files.map((f) => readText(f, limit, 'report-too-large')));
      const names = files.map((f) => f.name);
      merged = await this.engine.call('mergeReports', { names, texts });
      // Each file's blocks, K of them drawn at random to recompute.
      toVerify = [];
      for (const [i, text] of texts.entries()) {
        const r = await this.engine.call('readReport', { name: names[i], text });
        const blocks = r.blocks ?? [];
        const k = await this.engine.call('blocksToVerify', { n: blocks.length });
        const picks = pickBlocks(blocks.length, k).map((j) => blocks[j]);
        toVerify.push({ name: names[i], variant: r.variant, seed: r.seed, maxNodes: r.max_nodes, blocks: picks });
      }
    } catch (e) {
      say(t('mergeFailed', errorText(e)), 'error');
      return;
    }
    say(t('mergeVerifying', files.length), 'verifying');
    this.restoreAsked = null;
    const result = await this.#verifyFiles(toVerify, '');
    if (!result) {
      say('', 'idle');
      return;
    }
    if (result.forged) {
      const { file, start, end } = result.forged;
      say(t('mergeFailed', t('verifyForged', toVerify[file].name, start, end)), 'error');
      this.#status('', 'idle');
      return;
    }
    if (result.stopped) {
      say(t('mergeStopped'), 'stopped');
      this.#status('', 'idle');
      return;
    }
    const done = merged.ranges.reduce((n, [s, e]) => n + e - s, 0);
    say(t('mergeDone', files.length, num(done), num(merged.samples)), 'merged');
    this.points = [];
    this.#show({
      type: 'merged', variant: merged.variant, samples: merged.samples, done, total: merged.samples,
      report: merged, reportText: merged.text, examples: [], elapsed: 0, rate: 0, name: 'merged',
    });
  }

  /**
   * Verifies `files` (`[{name, variant, seed, maxNodes, blocks}]`, the blocks drawn) on the estimate
   * workers, listing each file with the blocks verified so far (`status` says what is checked); resolves
   * with `{done, forged: null | {file, start, end}, stopped}`, or null when the workers failed (the status
   * says why). Stop stops it.
   */
  async #verifyFiles(files, status, onProgress) {
    this.#listVerify(files, files.map(() => 0), null);
    if (files.every((f) => !f.blocks.length)) return { done: files.map(() => 0), forged: null, stopped: false };
    this.started = true;
    this.#buttons(true);
    const threads = Math.max(1, Math.min(64, Math.floor(Number($('est-threads').value)) || 2));
    try {
      const host = await this.#hostFor(threads);
      this.#status(status, 'verifying');
      const result = await new Promise((resolve, reject) => {
        this.verifying = {
          resolve, reject,
          progress: (done) => {
            this.#listVerify(files, done, null);
            onProgress?.(done);
          },
        };
        const given = files.map(({ variant, seed, maxNodes, blocks }) => ({ variant, seed, maxNodes, blocks }));
        host.postMessage({ type: 'verify', files: given });
      });
      this.#listVerify(files, result.done, result);
      return result;
    } catch (e) {
      this.#status(t('estimateError', errorText(e)), 'error');
      return null;
    } finally {
      this.verifying = null;
      this.#buttons(false);
    }
  }

  /** Lists `files` being verified: `verified k/K blocks` each, and how the last check ended (`result`). */
  #listVerify(files, done, result) {
    $('est-verify').hidden = false;
    const items = files.map((f, i) => {
      const li = document.createElement('li');
      const total = f.blocks.length;
      let state = done[i] === total ? 'verified' : result ? 'stopped' : 'verifying';
      let text = t('verifyProgress', f.name, num(done[i]), num(total));
      if (result?.forged?.file === i) {
        state = 'forged';
        text = t('verifyForged', f.name, result.forged.start, result.forged.end);
      } else if (state === 'stopped') {
        text = t('verifyStopped', f.name, num(done[i]), num(total));
      }
      Object.assign(li.dataset, { file: f.name, state, done: done[i], total });
      li.textContent = text;
      return li;
    });
    $('est-verify-list').replaceChildren(...items);
  }

  #hideVerify() {
    $('est-verify').hidden = true;
    $('est-verify-list').replaceChildren();
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
    this.#hideVerify();
    $('est-merge-status').textContent = '';
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
      this.verifying?.reject(new Error(e.message));
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
    this.#savedOffer('none');
    this.#hideVerify();
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
    if (data.type === 'verify-progress') return this.verifying?.progress(data.done);
    if (data.type === 'verified') return this.verifying?.resolve(data);
    if (data.type === 'error' && this.verifying) return this.verifying.reject(data);
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
