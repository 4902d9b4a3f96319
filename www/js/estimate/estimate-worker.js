// The estimate host: a Web Worker that runs a Monte Carlo estimate in chunks of sample indices and
// reports after each chunk, so the page can show it live, stop it and resume it.
//
// Cross-origin isolated pages: the threaded engine, whose rayon pool (wasm-bindgen-rayon) works each
// chunk on `threads` workers. Otherwise: `threads` plain workers with one single-threaded engine each,
// each working its own chunks. Either way, sample i is the same (seed, i) draw as in the CLI, so a
// finished run's counts equal `shogi-reach estimate` with the same seed and samples.
//
// A run covers the samples of a shard K/M (the CLI's --shard; 0/1 is the whole run). Workers finish their
// chunks out of order: what is done is the list of per-block tallies (crate::blocks), from which the
// engine builds the report, exactly the CLI's JSON report (ranges, tally, blocks). A saved run's blocks
// resume it: only the samples they lack are run.
//
// The same workers verify blocks computed elsewhere (shard files, a saved run; see verify.js): each block
// given is recomputed and its tally compared with the one recorded, one block per runner at a time.
//
// In: {type: 'init', threaded, threads}, {type: 'start', variant, seed, samples, shard: [k, m], maxNodes,
//     keep, saved: null | {blocks, examples, elapsed}}, {type: 'stop'} (a run, or a verification),
//     {type: 'resume'}, {type: 'verify', files: [{variant, seed, maxNodes, blocks: [{start, end, tally}]}]}.
// Out: {type: 'ready'}, {type: 'progress' | 'stopped' | 'finished', report, reportText, ...},
//     {type: 'verify-progress', done: [blocks verified, per file]}, {type: 'verified', done, forged: null |
//     {file, start, end}, stopped}, {type: 'spawn', url, options} with a port (a worker for the page to
//     construct), {type: 'error', message}.
import { loadEngine } from '../engine/load-engine.js';
import { WorkerClient } from '../engine/rpc.js';
import { sameTally } from './verify.js';

// Firefox ESR (153) sometimes deadlocks a worker that constructs a Worker: the constructor never returns
// (about one estimate start in five: this host stuck in `new Worker` for its engine workers, or in
// wasm-bindgen-rayon's initThreadPool for its threads). So this worker constructs none: every worker it
// asks for (its engine workers, rayon's threads) is constructed by the page (see estimate-panel.js) and
// talked to through a MessageChannel, with the same API (postMessage, onmessage, message listeners,
// onerror, terminate). Kept in `relayed` too: Firefox may collect a worker nothing references
// (bugzilla.mozilla.org 1702191), and rayon roots its threads only once all have started.
const relayed = [];
class RelayWorker extends EventTarget {
  constructor(url, options) {
    super();
    const { port1, port2 } = new MessageChannel();
    this.port = port1;
    this.onmessage = null;
    this.onerror = null;
    // From the page: {data} the worker posted, or {error} when it failed.
    port1.onmessage = ({ data: m }) => {
      const event = 'error' in m ? new Event('error', { cancelable: true }) : new MessageEvent('message', { data: m.data });
      if ('error' in m) event.message = m.error;
      this.dispatchEvent(event);
      ('error' in m ? this.onerror : this.onmessage)?.(event);
    };
    self.postMessage({ type: 'spawn', url: String(url), options }, [port2]);
    relayed.push(this);
  }

  postMessage(data, transfer = []) {
    this.port.postMessage({ data }, transfer);
  }

  terminate() {
    this.port.postMessage({ terminate: true });
    this.port.close();
    relayed.splice(relayed.indexOf(this), 1);
  }
}
self.Worker = RelayWorker;

let engine;
let runners = [];
let run = null;
let verifying = null; // {stopping} while blocks are verified
const CHUNK_SECONDS = 0.3;
// The report (every block done, so its size grows with the run) is rebuilt at most this often while the
// run goes, and whenever it stops or finishes; and at most every REPORT_COST_RATIO times its last build's
// time (a run of 1e8 Mini Shogi samples has 1 526 blocks, about 50 ms to build), so that it stays a small
// share of the run.
const REPORT_EVERY_MS = 1000;
const REPORT_COST_RATIO = 40;

self.onmessage = async ({ data }) => {
  try {
    if (data.type === 'init') await init(data);
    else if (data.type === 'start') await start(data);
    else if (data.type === 'stop') {
      if (run) run.stopping = true;
      if (verifying) verifying.stopping = true;
    } else if (data.type === 'resume') await resume();
    else if (data.type === 'verify') await verify(data);
  } catch (e) {
    if (run) run.running = false;
    // An engine error's kind and parameters go with its message, for the page to say it in its language.
    postMessage({ type: 'error', message: String(e?.message ?? e), kind: e?.kind, params: e?.params });
  }
};

async function init({ threaded, threads }) {
  engine = await loadEngine(threaded, threads);
  if (threaded) {
    // One runner: each chunk is spread over the rayon pool.
    runners = [(p) => engine.estimateBlocks(p.variant, BigInt(p.seed), BigInt(p.start), BigInt(p.end), p.maxNodes, p.keep)];
  } else {
    runners = await Promise.all(
      Array.from({ length: threads }, async () => {
        const client = new WorkerClient(new URL('../engine/engine-worker.js', import.meta.url));
        await client.call('init', { threaded: false, threads: 1 });
        return (p) => client.call('blocks', p);
      }),
    );
  }
  postMessage({ type: 'ready', threaded: engine.isThreaded(), threads });
}

/**
 * A run of the samples `range` ([start, end), a shard of `samples`), or the rest of a saved one: `saved`
 * is `{blocks, examples, elapsed}`, `blocks` the saved run's per-block tallies, which say which samples
 * are done (the engine builds the report from them and checks them: pieces that overlap, lie beyond the
 * run or do not count their samples are refused; the page has verified blocks of them at random).
 */
async function start({ variant, seed, samples, shard, maxNodes, keep, saved }) {
  const range = engine.shardRange(BigInt(samples), BigInt(shard[0]), BigInt(shard[1]));
  run = {
    variant, seed, samples, shard, maxNodes, keep, range, blocks: saved?.blocks ?? [],
    examples: saved?.examples ?? [], elapsed: saved?.elapsed ?? 0, rate: 0, chunk: 256,
  };
  build();
  const doneRanges = run.report.ranges;
  if (doneRanges.some(([s, e]) => s < e && (s < range[0] || e > range[1]))) {
    throw new Error('the saved run has samples outside its shard');
  }
  run.todo = gaps(range, doneRanges);
  run.done = doneRanges.reduce((n, [s, e]) => n + e - s, 0);
  await loop();
}

/**
 * Recomputes the blocks of `files` (`[{variant, seed, maxNodes, blocks}]`, the blocks chosen to verify)
 * on the runners, one block each at a time, and compares each tally with the one recorded; stops at the
 * first that differs (`forged`: its file's index and samples) or at 'stop'. Posts 'verify-progress' after
 * every block and 'verified' at the end.
 */
async function verify({ files }) {
  const jobs = files.flatMap((f, file) => f.blocks.map((block) => ({ file, block })));
  const done = files.map(() => 0);
  const state = (verifying = { stopping: false, forged: null });
  let next = 0;
  const worker = async (runner) => {
    while (!state.stopping && !state.forged && next < jobs.length) {
      const { file, block } = jobs[next++];
      const f = files[file];
      const again = await runner({
        variant: f.variant, seed: f.seed, start: block.start, end: block.end, maxNodes: f.maxNodes ?? undefined, keep: 0,
      });
      const same = again.blocks.length === 1 && again.blocks[0].start === block.start &&
        again.blocks[0].end === block.end && sameTally(again.blocks[0].tally, block.tally);
      if (same) done[file] += 1;
      else state.forged ??= { file, start: block.start, end: block.end };
      postMessage({ type: 'verify-progress', done });
      // Let 'stop' arrive between blocks.
      await new Promise((r) => setTimeout(r, 0));
    }
  };
  try {
    await Promise.all(runners.map(worker));
  } finally {
    verifying = null;
  }
  const complete = done.reduce((a, b) => a + b, 0) === jobs.length;
  postMessage({ type: 'verified', done, forged: state.forged, stopped: !complete && !state.forged });
}

/** The parts of `[start, end)` that `done` (sorted, disjoint ranges) does not cover. */
function gaps([start, end], done) {
  const out = [];
  let at = start;
  for (const [s, e] of done) {
    if (e <= at || s >= end) continue;
    if (s > at) out.push([at, s]);
    at = Math.max(at, e);
  }
  if (at < end) out.push([at, end]);
  return out;
}

/** The next chunk of at most `n` samples still to do, or null. */
function take(n) {
  const first = run.todo[0];
  if (!first) return null;
  const chunk = [first[0], Math.min(first[1], first[0] + n)];
  if (chunk[1] === first[1]) run.todo.shift();
  else first[0] = chunk[1];
  return chunk;
}

async function resume() {
  if (run && !run.running && run.todo.length) await loop();
}

/**
 * The report of what is done, as a file's text: built by the engine, which checks the pieces (none counted
 * twice) and joins them, so the list of pieces stays about one per block.
 */
function build() {
  const since = performance.now();
  run.text = engine.reportFromBlocks(run.variant, BigInt(run.seed), BigInt(run.samples), run.maxNodes, run.blocks);
  run.report = JSON.parse(run.text);
  run.blocks = run.report.blocks ?? [];
  run.builtAt = performance.now();
  run.buildMs = run.builtAt - since;
  run.reportSent = false;
}

async function loop() {
  run.stopping = false;
  run.running = true;
  const since = performance.now();
  const before = run.elapsed;
  const doneBefore = run.done;
  const worker = async (runner) => {
    while (!run.stopping) {
      const chunk = take(run.chunk);
      if (!chunk) break;
      const [start, end] = chunk;
      const batch = await runner({
        variant: run.variant, seed: run.seed, start, end, maxNodes: run.maxNodes, keep: run.keep,
      });
      run.blocks = run.blocks.concat(batch.blocks);
      run.done += end - start;
      if (performance.now() - run.builtAt >= Math.max(REPORT_EVERY_MS, REPORT_COST_RATIO * run.buildMs)) build();
      run.examples = run.examples.concat(batch.reachable).sort((a, b) => a.index - b.index).slice(0, run.keep);
      run.elapsed = before + (performance.now() - since) / 1000;
      run.rate = (run.done - doneBefore) / Math.max(1e-3, run.elapsed - before);
      // Chunks of about CHUNK_SECONDS per runner, whole blocks of 64 samples.
      const perRunner = run.rate / runners.length;
      run.chunk = Math.max(64, Math.min(1 << 16, Math.round((perRunner * CHUNK_SECONDS) / 64) * 64));
      postMessage({ type: 'progress', ...status() });
      // Let 'stop' arrive between chunks.
      await new Promise((r) => setTimeout(r, 0));
    }
  };
  await Promise.all(runners.map(worker));
  build();
  run.running = false;
  const finished = run.todo.length === 0;
  postMessage({ type: finished ? 'finished' : 'stopped', ...status() });
}

/**
 * The run's state for the page. `done`: samples done; the report may lag behind it (see REPORT_EVERY_MS),
 * and is sent only when it was rebuilt since the last message (it grows with the run, and every message is
 * copied).
 */
function status() {
  const { variant, seed, samples, shard, range, done, maxNodes, examples, elapsed, rate, text, report } = run;
  const fresh = !run.reportSent;
  run.reportSent = true;
  const state = { variant, seed, samples, shard, range, done, maxNodes, examples, elapsed, rate };
  return fresh ? { ...state, reportText: text, report } : state;
}
