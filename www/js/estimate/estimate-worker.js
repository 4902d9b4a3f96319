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
// Requests (protocol.d.ts, EstimateApi): `init` ({threaded, threads, module: the build's WebAssembly module,
// compiled by the page and passed on to the plain workers}), `run` (a shard of a run, or the rest
// of a saved one; progress after every chunk, the run's state at the end), `resume` (a stopped run goes
// on), `verify` (blocks recomputed; progress after every block). A cancel stops a run or a verification,
// which then answers what it has done. The engine workers it needs are constructed by the page (relay.js).
import { loadEngine } from '../engine/load-engine.js';
import { RelayWorker } from '../engine/relay.js';
import { serve, WorkerClient } from '../engine/rpc.js';
import { sameTally } from './verify.js';

/** @typedef {import('../engine/protocol').EstimateApi} EstimateApi */
/** @typedef {import('../engine/protocol').EngineApi} EngineApi */
/** @typedef {import('../engine/protocol').BlocksArgs} BlocksArgs */
/** @typedef {import('../engine/protocol').RunStatus} RunStatus */
/** @typedef {import('../engine/protocol').Context<RunStatus>} RunContext */

// This worker constructs no worker itself (see relay.js): `new Worker` here asks the page.
self.Worker = /** @type {any} */ (RelayWorker);

/** @type {import('../engine/api').EngineModule} */
let engine;
/** @type {((p: BlocksArgs) => Promise<import('../engine/api').Blocks>)[]} one per engine (or one for the pool) */
let runners = [];
/**
 * The run: what `run` was asked, what is done (`blocks`, `examples`, `done`, `elapsed`) and still to do
 * (`todo`), the report last built (`text`, `report`), the measured `rate` and the `chunk` size.
 * @type {any}
 */
let run = null;
const CHUNK_SECONDS = 0.3;
// The report (every block done, so its size grows with the run) is rebuilt at most this often while the
// run goes, and whenever it stops or finishes; and at most every REPORT_COST_RATIO times its last build's
// time (a run of 1e8 Mini Shogi samples has 1 526 blocks, about 50 ms to build), so that it stays a small
// share of the run.
const REPORT_EVERY_MS = 1000;
const REPORT_COST_RATIO = 40;

serve(/** @type {{[K in keyof EstimateApi]: (args: EstimateApi[K]['args'], context: any) => Promise<EstimateApi[K]['result']>}} */ ({
  init,
  run: start,
  resume: async (_, context) => {
    if (!run || run.running) throw new Error('no stopped run to resume');
    return loop(context);
  },
  verify,
}));

/** The threads of the runs (`init`'s), written in their reports' provenance. */
let workers = 1;

/** @param {import('../engine/protocol').Init} init */
async function init({ threaded, threads, module }) {
  engine = await loadEngine(threaded, threads, module);
  workers = threads;
  if (threaded) {
    // One runner: each chunk is spread over the rayon pool.
    runners = [async (p) => engine.estimateBlocks(p.game, BigInt(p.seed), BigInt(p.start), BigInt(p.end), p.maxNodes, p.keep)];
  } else {
    runners = await Promise.all(
      Array.from({ length: threads }, async () => {
        /** @type {WorkerClient<EngineApi>} */
        const client = new WorkerClient(new URL('../engine/engine-worker.js', import.meta.url));
        await client.call('init', { threaded: false, threads: 1, module });
        return (/** @type {BlocksArgs} */ p) => client.call('blocks', p);
      }),
    );
  }
  return { threaded: engine.isThreaded(), threads };
}

/**
 * A run of the samples `range` ([start, end), a shard of `samples`), or the rest of a saved one: `saved`
 * is `{blocks, examples, elapsed}`, `blocks` the saved run's per-block tallies, which say which samples
 * are done (the engine builds the report from them and checks them: pieces that overlap, lie beyond the
 * run or do not count their samples are refused; the page has verified blocks of them at random).
 * @param {import('../engine/protocol').RunArgs} args
 * @param {RunContext} context
 */
async function start({ game, seed, samples, shard, maxNodes, keep, saved }, context) {
  const range = engine.shardRange(BigInt(samples), BigInt(shard[0]), BigInt(shard[1]));
  run = {
    game, seed, samples, shard, maxNodes, keep, range, blocks: saved?.blocks ?? [],
    examples: saved?.examples ?? [], elapsed: saved?.elapsed ?? 0, rate: 0, chunk: 256,
  };
  build();
  /** @type {[number, number][]} */
  const doneRanges = run.report.ranges;
  if (doneRanges.some(([s, e]) => s < e && (s < range[0] || e > range[1]))) {
    throw new Error('the saved run has samples outside its shard');
  }
  run.todo = gaps([range[0], range[1]], doneRanges);
  run.done = doneRanges.reduce((n, [s, e]) => n + e - s, 0);
  return loop(context);
}

/**
 * Recomputes the blocks of `files` (`[{game, seed, maxNodes, blocks}]`, the blocks chosen to verify)
 * on the runners, one block each at a time, and compares each tally with the one recorded; stops at the
 * first that differs (`forged`: its file's index and samples) or at a cancel. Sends progress after every
 * block.
 * @param {{files: import('../engine/protocol').VerifyFile[]}} args
 * @param {import('../engine/protocol').Context<{done: number[]}>} context
 * @returns {Promise<import('../engine/protocol').Verified>}
 */
async function verify({ files }, { progress, signal }) {
  if (!runners.length) throw new Error('the estimate worker was asked to verify before it started');
  const jobs = files.flatMap((f, file) => f.blocks.map((block) => ({ file, block })));
  const done = files.map(() => 0);
  /** @type {import('../engine/protocol').Verified['forged']} */
  let forged = null;
  let next = 0;
  const worker = async (/** @type {(p: BlocksArgs) => Promise<import('../engine/api').Blocks>} */ runner) => {
    while (!signal.aborted && !forged && next < jobs.length) {
      const { file, block } = jobs[next++];
      const f = files[file];
      const again = await runner({
        game: f.game, seed: f.seed, start: block.start, end: block.end, maxNodes: f.maxNodes ?? undefined, keep: 0,
      });
      const same = again.blocks.length === 1 && again.blocks[0].start === block.start &&
        again.blocks[0].end === block.end && sameTally(again.blocks[0].tally, block.tally);
      if (same) done[file] += 1;
      else forged ??= { file, start: block.start, end: block.end };
      progress({ done });
      // Let a cancel arrive between blocks.
      await new Promise((r) => setTimeout(r, 0));
    }
  };
  await Promise.all(runners.map(worker));
  const complete = done.reduce((a, b) => a + b, 0) === jobs.length;
  return { done, forged, stopped: !complete && !forged };
}

/**
 * The parts of `[start, end)` that `done` (sorted, disjoint ranges) does not cover.
 * @param {[number, number]} range
 * @param {[number, number][]} done
 */
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

/**
 * The next chunk of at most `n` samples still to do, or null.
 * @param {number} n
 * @returns {[number, number] | null}
 */
function take(n) {
  const first = run.todo[0];
  if (!first) return null;
  /** @type {[number, number]} */
  const chunk = [first[0], Math.min(first[1], first[0] + n)];
  if (chunk[1] === first[1]) run.todo.shift();
  else first[0] = chunk[1];
  return chunk;
}

/**
 * The report of what is done, as a file's text: built by the engine, which checks the pieces (none counted
 * twice) and joins them, so the list of pieces stays about one per block.
 */
function build() {
  const since = performance.now();
  run.text = engine.reportFromBlocks(run.game, BigInt(run.seed), BigInt(run.samples), run.maxNodes, run.blocks, workers, run.elapsed);
  run.report = JSON.parse(run.text);
  run.blocks = run.report.blocks ?? [];
  run.builtAt = performance.now();
  run.buildMs = run.builtAt - since;
  run.reportSent = false;
}

/**
 * Runs the chunks still to do on every runner until none is left or a cancel comes; sends the run's state
 * after every chunk and answers it at the end (`state`: finished or stopped).
 * @param {RunContext} context
 * @returns {Promise<import('../engine/protocol').RunEnd>}
 */
async function loop({ progress, signal }) {
  run.running = true;
  try {
    const since = performance.now();
    const before = run.elapsed;
    const doneBefore = run.done;
    const worker = async (/** @type {(p: BlocksArgs) => Promise<import('../engine/api').Blocks>} */ runner) => {
      while (!signal.aborted) {
        const chunk = take(run.chunk);
        if (!chunk) break;
        await runChunk(runner, chunk);
        run.elapsed = before + (performance.now() - since) / 1000;
        run.rate = (run.done - doneBefore) / Math.max(1e-3, run.elapsed - before);
        // Chunks of about CHUNK_SECONDS per runner, whole blocks of 64 samples.
        const perRunner = run.rate / runners.length;
        run.chunk = Math.max(64, Math.min(1 << 16, Math.round((perRunner * CHUNK_SECONDS) / 64) * 64));
        progress(status());
        // Let a cancel arrive between chunks.
        await new Promise((r) => setTimeout(r, 0));
      }
    };
    await Promise.all(runners.map(worker));
    build();
  } finally {
    run.running = false;
  }
  return { ...status(), state: run.todo.length === 0 ? 'finished' : 'stopped' };
}

/**
 * Classifies the samples `[start, end)` on `runner` and adds them to the run (its report rebuilt when due).
 * @param {(p: BlocksArgs) => Promise<import('../engine/api').Blocks>} runner
 * @param {[number, number]} chunk
 */
async function runChunk(runner, [start, end]) {
  const batch = await runner({ game: run.game, seed: run.seed, start, end, maxNodes: run.maxNodes, keep: run.keep });
  run.blocks = run.blocks.concat(batch.blocks);
  run.done += end - start;
  if (performance.now() - run.builtAt >= Math.max(REPORT_EVERY_MS, REPORT_COST_RATIO * run.buildMs)) build();
  /** @type {import('../engine/api').Example[]} */
  const examples = run.examples.concat(batch.reachable);
  run.examples = examples.sort((a, b) => a.index - b.index).slice(0, run.keep);
}

/**
 * The run's state for the page. `done`: samples done; the report may lag behind it (see REPORT_EVERY_MS),
 * and is sent only when it was rebuilt since the last message (it grows with the run, and every message is
 * copied).
 * @returns {RunStatus}
 */
function status() {
  const { game, seed, samples, shard, range, done, maxNodes, examples, elapsed, rate, text, report } = run;
  const fresh = !run.reportSent;
  run.reportSent = true;
  const state = { game, seed, samples, shard, range, done, maxNodes, examples, elapsed, rate };
  return fresh ? { ...state, reportText: text, report } : state;
}
