// The estimate tab: runs the estimate worker (estimate-worker.js) and shows the funnel (the paper's
// Table 1) beside the paper's numbers, the samples decided at each of the engine's stages, the running
// estimate with its 3-sigma band, throughput and ETA, Table 2, and a gallery of sampled reachable positions
// (tables.js draws them).
//
// Nothing computed elsewhere is shown as it was given: a shard file's figures (`estimate`, `funnel`,
// `candidates`) are recomputed by the engine's merge from the tallies, and K of its blocks, drawn at
// random (verify.js), are recomputed by the estimate workers before the merge is shown; a saved run's
// report, estimate, plot and gallery are rebuilt from its blocks when it is loaded (saved-run.js), and K of
// its blocks are recomputed before any of it is shown (or it resumes). The saved run is loaded and checked
// when the tab is first shown, never before, and its check locks nothing outside the tab.
import { errorText } from '../engine/errors.js';
import { readText, checkSize } from '../engine/files.js';
import { GAMES } from '../game/games.js';
import { num, t } from '../i18n/i18n.js';
import { $, field } from '../page/dom.js';
import { download } from '../page/download.js';
import { EstimateHost } from './estimate-host.js';
import { drawPlot } from './plot.js';
import { clearRun, loadRun, saveRun } from './run-store.js';
import { blocksToCheck, checkSaved, KEEP, mergeShards, runRecord } from './saved-run.js';
import { clearGallery, drawFunnel, drawGallery, drawStageCounts, drawTraced, estimateParagraph, reachableCount, runStatusText } from './tables.js';
import { showPlan } from './plan.js';
import { listVerify, mergeSays, savedLine } from './verify-list.js';

/** @typedef {import('../engine/protocol').RunStatus} RunStatus */
/** @typedef {import('../engine/protocol').VerifyFile & {name: string}} NamedFile */
/** @typedef {import('../engine/api').GameName} GameName */
/** @typedef {import('./saved-run.js').SavedRun} SavedRun */
/**
 * A run as the tab shows it: live (`progress`, `stopped`, `finished`), `saved` in this browser, or `merged`
 * from shard files.
 * @typedef {Omit<RunStatus, 'range' | 'seed' | 'shard'> & {type: string, seed?: string, shard?: [number, number],
 *   range?: ArrayLike<number>, total?: number, name?: string, stored?: boolean}} Shown
 */

// The run is saved at most this often while it goes (and whenever it stops or finishes).
const SAVE_EVERY_MS = 1000;

export class EstimatePanel {
  #hosts = new EstimateHost();
  /** @type {AbortController | null} Stop cancels the run or verification under way */
  #abort = null;
  /** @type {import('../engine/api').PlotPoint[]} */
  #points = [];
  /** @type {import('../engine/api').Stage[]} */
  #stages = [];
  /** @type {import('../engine/api').Report | null} the report shown */
  #lastReport = null;
  /** @type {Shown | null} the run shown */
  #shown = null;
  /** @type {{report: import('../engine/api').Report, reportText: string} | null} the run's report last sent */
  #report = null;
  /** @type {{text: string, name: string} | null} the report shown, as a file */
  #current = null;
  /** @type {SavedRun | null} */
  #saved = null;
  /** @type {object | null} the latest restore asked for: an older one is dropped */
  #restoreAsked = null;
  /** @type {object | null} */
  #planAsked = null;
  #running = false;
  #checking = false; // the saved run's check is under way
  #started = false; // a run or verification started (a saved run loaded later does not replace it)
  #opened = false; // the tab was shown (the saved run is loaded and checked only then)
  #touched = false; // the form was edited (a saved run loaded later does not overwrite it)
  #lastSave = 0;
  #rate = 0;

  /**
   * `engine` reads reports and rebuilds saved runs; `stages` is a promise of the engine's stages
   * (`[{name, verdict, describe}]`, pipeline order); `currentGame()` is the page's game, `switchGame(v)`
   * switches it (false when refused); `onRunning(running)` says when a run starts and ends; `labels()`
   * are the page's piece labels; `openPosition(game, sfen)` opens a gallery position in the editor.
   * @param {{engine: import('../engine/engine.js').Engine, stages: Promise<import('../engine/api').Stage[]>,
   *   currentGame: () => GameName, switchGame: (v: GameName) => boolean, onRunning: (running: boolean) => void,
   *   labels: () => string, openPosition: (v: GameName, sfen: string) => void}} options
   */
  constructor(options) {
    this.options = options;
    this.stagesReady = options.stages.then((list) => {
      this.#stages = list;
      drawStageCounts($('stage-counts'), list, this.#lastReport);
    });
    this.stagesReady.catch(() => {}); // the engine status line already says the engine did not start
    field('est-game').value = options.currentGame();
    field('est-game').onchange = () => {
      if (!options.switchGame(/** @type {GameName} */ (field('est-game').value))) field('est-game').value = options.currentGame();
    };
    field('est-threads').value = String(Math.max(2, navigator.hardwareConcurrency || 2));
    $('estimate-form').onsubmit = (e) => {
      e.preventDefault();
      this.start();
    };
    field('est-stop').onclick = () => {
      this.#abort?.abort();
      field('est-stop').disabled = true;
      this.#status(t('stopping'), 'stopping');
    };
    field('est-resume').onclick = () => {
      const host = this.#hosts.current;
      if (!host) return;
      this.#buttons(true);
      this.#follow(host.call('resume', {}, this.#runOptions()));
    };
    this.#emptyTables();
    this.#setUpRuns();
  }

  // Estimate runs and shards: the saved run (resume, discard, clear), the report's download, shard files
  // merged, the precision planner.
  #setUpRuns() {
    // A field focused is being filled in (a saved run restored meanwhile must not write into it).
    for (const type of ['focusin', 'input']) $('estimate-form').addEventListener(type, () => (this.#touched = true));
    $('est-saved-resume').onclick = () => this.#resumeSaved();
    // Discard forgets the saved run, Clear a finished one (or a merge shown): both empty the tab.
    $('est-saved-discard').onclick = field('est-clear').onclick = async () => {
      this.#dropCheck();
      this.#saved = null;
      // Forgotten before the offer goes: a reload at once (served from the service worker) finds nothing.
      await clearRun().catch(() => {});
      this.#savedOffer('none');
      this.#hideVerify();
      this.#emptyTab();
      $('est-merge-status').textContent = '';
    };
    field('est-download').onclick = () => this.#current && download(this.#current.name, this.#current.text, 'application/json');
    field('est-merge-files').onchange = () => this.#mergeFiles();
    field('est-digits').oninput = () => this.#plan();
  }

  /**
   * The tab is shown: the first time, the saved run is loaded, checked and shown (a player who came for
   * the Position tab never waits for its check).
   */
  opened() {
    if (this.#opened) return;
    this.#opened = true;
    const saved = loadRun().catch(() => undefined); // (no IndexedDB, as in some private windows: none)
    Promise.all([saved, this.stagesReady]).then(([record]) => {
      if (!this.#started) this.#restore(record); // (a run started meanwhile wins)
    }, () => {});
  }

  /** Stops the saved run's check under way, if any: nothing of it is heard from again. */
  #dropCheck() {
    if (!this.#checking) return;
    this.#abort?.abort();
    this.#abort = null;
    this.#checking = false;
    this.#buttons(false);
  }

  /** The saved run's line (see savedLine). @param {import('./verify-list.js').SavedState} state */
  #savedOffer(state, note = '') {
    savedLine(state, note, this.#saved);
  }

  /** Shows nothing: no report (nothing to download), empty tables, plot and gallery (of `game`). */
  #emptyTab(game = this.options.currentGame()) {
    this.#current = this.#shown = null;
    this.#points = [];
    clearGallery($('gallery'));
    $('est-result').replaceChildren();
    drawPlot($('plot'), [], GAMES[game].paper, 1);
    this.#status('', 'idle');
    this.#emptyTables(game);
    this.#actions();
    this.#plan();
  }

  /** Enables the download and clear buttons for what is shown. */
  #actions() {
    field('est-download').disabled = !this.#current;
    field('est-clear').disabled = this.#running || (!this.#current && !this.#lastReport);
    field('est-merge-files').disabled = this.#running && !this.#checking;
  }

  /**
   * Shows a saved run, rebuilt from its blocks (see checkSaved) and verified (K blocks recomputed, see
   * #verifySaved): a finished one's result, or what an unfinished one has done, with Resume; a record that
   * cannot be a run, with its reason and Discard; a forged one refused. The tables show only a run of the
   * page's game; an unfinished run of the other game offers Resume alone (which verifies it).
   * @param {unknown} record
   */
  async #restore(record) {
    if (record === undefined) return this.#savedOffer('none'); // nothing saved (the line says it is settled)
    const asked = (this.#restoreAsked = {});
    let saved;
    try {
      saved = await checkSaved(this.options.engine, record);
    } catch (e) {
      if (asked !== this.#restoreAsked) return;
      this.#saved = null;
      this.#savedOffer('invalid', t('savedInvalid', e.savedProblem ?? errorText(e)));
      return;
    }
    // (A run started, or another game chosen, meanwhile wins.)
    if (asked !== this.#restoreAsked) return;
    this.#saved = saved;
    if (saved.game !== this.options.currentGame()) return this.#savedOffer(saved.finished ? 'none' : 'offer');
    if ((await this.#verifySaved(saved)) && asked === this.#restoreAsked) this.#showSaved(saved);
  }

  /** Shows `saved` (verified): its figures, and Resume when it is unfinished. @param {SavedRun} saved */
  #showSaved(saved) {
    this.#savedOffer(saved.finished ? 'none' : 'offer');
    // (A form being filled in wins.)
    if (!this.#touched) {
      field('est-samples').value = String(saved.samples);
      field('est-seed').value = saved.seed;
      field('est-shard').value = saved.shard.join('/');
    }
    this.#points = saved.points;
    this.#show({ ...saved, type: saved.finished ? 'finished' : 'saved', rate: 0, stored: true });
  }

  /**
   * Verifies `saved` unless it was already: K of its blocks, drawn at random (`--verify auto`), recomputed
   * by the estimate workers and compared with the saved ones. Resolves true when all agree; a forged run is
   * refused (nothing of it shown, Discard only), and one whose check was stopped is offered again.
   * @param {SavedRun & {verified?: boolean}} saved
   */
  async #verifySaved(saved) {
    if (saved.verified) return true;
    let picks;
    try {
      picks = await blocksToCheck(this.options.engine, saved.blocks);
    } catch (e) {
      this.#savedOffer('invalid', t('savedInvalid', errorText(e)));
      return false;
    }
    const verifying = (/** @type {number} */ k) => t('savedVerifying', num(k), num(picks.length));
    this.#savedOffer('verifying', verifying(0));
    const file = { name: t('savedRunName'), game: saved.game, seed: saved.seed, maxNodes: null, blocks: picks };
    const result = await this.#verifyFiles([file], verifying(0), ([k]) => {
      this.#savedOffer('verifying', verifying(k));
      this.#status(verifying(k), 'verifying');
    }, true);
    if (this.#saved !== saved) return false; // discarded meanwhile
    if (result?.forged) {
      this.#saved = null;
      this.#emptyTab();
      this.#savedOffer('forged', t('savedForged', result.forged.start, result.forged.end));
      return false;
    }
    if (!result || result.stopped) {
      this.#savedOffer('unverified', t('savedUnverified'));
      return false;
    }
    saved.verified = true;
    return true;
  }

  /**
   * Continues the saved run where it stopped (in its game, switching the page's game if need be), once it
   * is verified (#verifySaved); Verify on a finished run whose check was stopped shows it once verified.
   */
  async #resumeSaved() {
    const saved = this.#saved;
    if (!saved) return;
    if (saved.game !== this.options.currentGame() && !this.options.switchGame(saved.game)) return;
    // (The game switch restores the saved run again: this one goes on.)
    this.#restoreAsked = null;
    this.#saved = saved;
    this.#started = true;
    if (!(await this.#verifySaved(saved))) return;
    if (saved.finished) return this.#showSaved(saved);
    this.#savedOffer('none');
    await this.#run({ ...saved, saved: { blocks: saved.blocks, examples: saved.examples, elapsed: saved.elapsed } });
  }

  /**
   * Saves the run as it goes (at most every SAVE_EVERY_MS, and at once when it stops or finishes): what
   * cannot be recomputed, its blocks done among it (see run-store.js).
   * @param {RunStatus & {report: import('../engine/api').Report}} data
   * @param {boolean} now
   */
  #save(data, now) {
    if (!now && performance.now() - this.#lastSave < SAVE_EVERY_MS) return;
    this.#lastSave = performance.now();
    const done = data.report.tally.samples;
    saveRun(runRecord(data)).then(
      () => ($('est-status').dataset.saved = String(done)),
      () => {}, // not saved (no IndexedDB, or full): the run goes on
    );
  }

  /**
   * Shard files chosen: refused by size before any is read; merged by the engine as `shogi-reach merge`
   * merges them; then K blocks of every file, drawn at random, recomputed by the estimate workers (`merge
   * --verify`); the result shown once all agree.
   */
  async #mergeFiles() {
    const files = [...(field('est-merge-files').files ?? [])];
    field('est-merge-files').value = '';
    if (!files.length) return;
    this.#dropCheck(); // the saved run's check gives way (offered again): one verification at a time
    this.#hideVerify();
    mergeSays('', 'reading');
    let merged, toVerify;
    try {
      const { report: limit } = await this.options.engine.call('fileLimits', {});
      for (const f of files) checkSize(f, limit, 'report-too-large');
      const texts = await Promise.all(files.map((f) => readText(f, limit, 'report-too-large')));
      ({ merged, toVerify } = await mergeShards(this.options.engine, files.map((f) => f.name), texts));
    } catch (e) {
      return mergeSays(t('mergeFailed', errorText(e)), 'error');
    }
    mergeSays(t('mergeVerifying', files.length), 'verifying');
    this.#restoreAsked = null;
    const result = await this.#verifyFiles(toVerify, '');
    if (!result) return mergeSays('', 'idle');
    if (result.forged || result.stopped) {
      const { file = 0, start = 0, end = 0 } = result.forged ?? {};
      const why = result.forged ? t('mergeFailed', t('verifyForged', toVerify[file].name, start, end)) : t('mergeStopped');
      mergeSays(why, result.forged ? 'error' : 'stopped');
      this.#status('', 'idle');
      return;
    }
    const done = merged.ranges.reduce((n, [s, e]) => n + e - s, 0);
    mergeSays(t('mergeDone', files.length, num(done), num(merged.samples)), 'merged');
    this.#points = [];
    this.#show({
      type: 'merged', game: merged.game, samples: merged.samples, done, total: merged.samples,
      report: merged, reportText: merged.text, examples: [], elapsed: 0, rate: 0, name: 'merged',
    });
  }

  /**
   * Verifies `files` (the blocks drawn) on the estimate workers, listing each file with the blocks verified
   * so far (`status` says what is checked); resolves with `{done, forged: null | {file, start, end},
   * stopped}`, or null when the workers failed (the status says why). Stop stops it.
   * @param {NamedFile[]} files
   * @param {string} status
   * @param {(done: number[]) => void} [onProgress]
   * @param {boolean} [saved] the saved run's check: it locks nothing outside the tab, and a game switch or
   *   Discard drops it (#dropCheck), after which it says nothing more
   */
  async #verifyFiles(files, status, onProgress, saved = false) {
    listVerify(files, files.map(() => 0), null);
    if (files.every((f) => !f.blocks.length)) return { done: files.map(() => 0), forged: null, stopped: false };
    this.#started = true;
    this.#checking = saved;
    this.#buttons(true);
    const abort = (this.#abort = new AbortController());
    const heard = () => this.#abort === abort; // not dropped, nor followed by another
    try {
      const host = await this.#hostFor();
      if (!heard()) return null;
      if (abort.signal.aborted) return { done: files.map(() => 0), forged: null, stopped: true }; // Stop meanwhile
      this.#status(status, 'verifying');
      const given = files.map(({ game, seed, maxNodes, blocks }) => ({ game, seed, maxNodes, blocks }));
      const result = await host.call('verify', { files: given }, {
        signal: abort.signal,
        onProgress: ({ done }) => {
          if (!heard()) return;
          listVerify(files, done, null);
          onProgress?.(done);
        },
      });
      if (heard()) listVerify(files, result.done, result);
      return result;
    } catch (e) {
      if (heard()) this.#failed(e);
      return null;
    } finally {
      if (heard()) {
        this.#abort = null;
        this.#checking = false;
        this.#buttons(false);
      }
    }
  }

  #hideVerify() {
    $('est-verify').hidden = true;
    $('est-verify-list').replaceChildren();
  }

  /** How many samples the target digits need from the estimate shown (plan.js). */
  #plan() {
    const asked = (this.#planAsked = {});
    showPlan(this.options.engine, this.#lastReport, this.#rate, () => asked === this.#planAsked);
  }

  /**
   * The page switched game (never during a run): what the tab shows belongs to the other game and goes (a
   * stopped run can no longer be resumed with Resume); the saved run shows again if it is of this game.
   * @param {GameName} game the game switched to
   */
  gameChanged(game) {
    this.#dropCheck();
    this.#saved = null;
    field('est-game').value = game;
    field('est-resume').disabled = true;
    this.#report = null;
    this.#emptyTab(game);
    this.#hideVerify();
    $('est-merge-status').textContent = '';
    const asked = (this.#restoreAsked = {});
    if (!this.#opened) return;
    loadRun().then(
      (record) => {
        if (asked === this.#restoreAsked) this.#restore(record);
      },
      () => {},
    );
  }

  /** @param {string} text @param {string} state */
  #status(text, state) {
    const el = $('est-status');
    el.textContent = text;
    el.dataset.state = state;
  }

  /** @param {boolean} running (the saved run's check locks no game nor language: #checking) */
  #buttons(running) {
    this.#running = running;
    this.#actions();
    const locked = running && !this.#checking;
    this.options.onRunning(locked);
    field('est-game').disabled = locked;
    field('est-start').disabled = locked; // (Start and shard files drop the saved run's check)
    field('est-stop').disabled = !running;
    field('est-resume').disabled = true;
  }

  /** The threads asked for, 1 to 64. */
  #threads() {
    return Math.max(1, Math.min(64, Math.floor(Number(field('est-threads').value)) || 2));
  }

  /** An estimate worker for the threads asked for, started; throws when it could not start. */
  #hostFor() {
    return this.#hosts.get(this.#threads(), (text) => this.#status(text, 'starting'));
  }

  /**
   * The estimate worker or the engine in it failed: says why; a worker that failed is not used again.
   * @param {any} e
   */
  #failed(e) {
    if (e?.workerFailed !== undefined) {
      this.#hosts.drop();
    }
    const why = e?.workerFailed !== undefined ? t('workerFailed', e.workerFailed) : t('estimateError', errorText(e));
    this.#status(why, 'error');
    this.#buttons(false);
  }

  async start() {
    const game = this.options.currentGame();
    const samples = Math.floor(Number(field('est-samples').value));
    const seed = field('est-seed').value.trim();
    const threads = Math.floor(Number(field('est-threads').value));
    if (!(samples >= 1) || !/^\d+$/.test(seed) || BigInt(seed) >= 2n ** 64n || !(threads >= 1 && threads <= 64)) {
      return this.#status(t('estimateInput'), 'error');
    }
    const shard = /^\s*(\d+)\s*\/\s*(\d+)\s*$/.exec(field('est-shard').value);
    if (!shard || !(Number(shard[1]) < Number(shard[2])) || Number(shard[2]) > 2 ** 32) {
      return this.#status(t('shardInput'), 'error');
    }
    this.#dropCheck();
    this.#savedOffer('none');
    this.#hideVerify();
    this.#saved = null;
    await this.#run({ game, samples, seed, shard: [Number(shard[1]), Number(shard[2])], saved: null });
  }

  /**
   * Starts a run (a fresh one, or the rest of a saved one) on a worker for the threads asked for.
   * @param {Omit<import('../engine/protocol').RunArgs, 'keep'>} args
   */
  async #run({ game, samples, seed, shard, saved }) {
    this.#started = true;
    this.#restoreAsked = null;
    this.#buttons(true);
    this.#status(t('starting'), 'starting');
    try {
      await this.stagesReady;
    } catch (e) {
      this.#status(t('engineDidNotStart', errorText(e)), 'error');
      this.#buttons(false);
      return;
    }
    if (!saved) this.#points = [];
    clearGallery($('gallery'));
    $('est-merge-status').textContent = '';
    this.#emptyTables();
    this.#current = null;
    this.#actions();
    let host;
    try {
      host = await this.#hostFor();
    } catch (e) {
      return this.#failed(e);
    }
    this.#lastSave = 0;
    this.#follow(host.call('run', { game, seed, samples, shard, maxNodes: undefined, keep: KEEP, saved }, this.#runOptions()));
  }

  /** Shows a run's progress as it comes; Stop cancels it. */
  #runOptions() {
    this.#abort = new AbortController();
    return { onProgress: (/** @type {RunStatus} */ s) => this.#update({ ...s, type: 'progress' }), signal: this.#abort.signal };
  }

  /**
   * Shows how a run (or its resumption) ended.
   * @param {Promise<import('../engine/protocol').RunEnd>} call
   */
  async #follow(call) {
    try {
      const end = await call;
      this.#update({ ...end, type: end.state });
    } catch (e) {
      this.#failed(e);
    }
  }

  /** @param {RunStatus & {type: string}} data */
  #update(data) {
    // A progress message carries the report only when the worker rebuilt it: save only a new one.
    const { report, reportText } = data;
    if (report && reportText !== undefined) this.#report = { report, reportText };
    this.#show({ ...data, ...this.#report });
    if (report && reportText !== undefined) this.#save({ ...data, report }, data.type !== 'progress');
    if (data.type === 'progress') return;
    this.#abort = null;
    this.#buttons(false);
    field('est-resume').disabled = data.type !== 'stopped';
  }

  /**
   * Shows a run: live from the worker, `stored` in this browser, or merged from shard files.
   * @param {Shown} run
   */
  #show(run) {
    this.#shown = run;
    const { game, seed, samples, range, report, reportText, examples, rate, shard, name } = run;
    const total = run.total ?? (range ? range[1] - range[0] : samples);
    this.#rate = rate;
    this.#showStatus(run, total);
    this.#current = reportText === undefined ? null : {
      text: reportText,
      name: name ? `${game}-${name}.json` : `${game}-seed${seed}-${samples}-shard${shard?.[0]}of${shard?.[1]}.json`,
    };
    this.#actions();
    if (!report?.tally.samples) return;
    const v = GAMES[game];
    const e = report.estimate;
    this.#lastReport = report;
    // The report's own samples (it may lag behind `done` during a run).
    const counted = report.tally.samples;
    if (this.#points.at(-1)?.done !== counted) this.#points.push({ done: counted, reachable: e.reachable, low: e.low, high: e.high });
    drawPlot($('plot'), this.#points, v.paper, total);
    this.#drawTables(report, game);
    $('est-result').replaceChildren(estimateParagraph(report, String(reachableCount(this.#stages, report.tally)), v.paper));
    const { labels, openPosition } = this.options;
    drawGallery($('gallery'), { game, examples, labels: labels() }, (sfen) => openPosition(game, sfen));
    this.#actions();
    this.#plan();
  }

  /**
   * The status line of a run shown, with its figures as data for tests and tools.
   * @param {Shown} run
   * @param {number} total
   */
  #showStatus(run, total) {
    this.#status(runStatusText(run, total, this.#hosts.mode), run.type);
    Object.assign($('est-status').dataset, { rate: run.rate, elapsed: run.elapsed, done: run.done });
  }

  /** Draws the run shown again in the page's language (a running one's next update does too). */
  relabel() {
    if (this.#shown) this.#show(this.#shown);
    else this.#emptyTab();
    this.#plan();
  }

  /**
   * @param {import('../engine/api').Report | null} report
   * @param {GameName} game
   */
  #drawTables(report, game) {
    drawFunnel($('funnel'), report, GAMES[game]);
    drawStageCounts($('stage-counts'), this.#stages, report);
    drawTraced($('traced'), report);
  }

  #emptyTables(game = this.options.currentGame()) {
    this.#lastReport = null;
    $('est-result').replaceChildren(); // an estimate goes with its tables: a new run's never shows the last one's
    this.#drawTables(null, game);
  }
}
