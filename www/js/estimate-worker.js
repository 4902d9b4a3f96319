// The estimate host: a Web Worker that runs a Monte Carlo estimate in chunks of sample indices and
// reports after each chunk, so the page can show it live, stop it and resume it.
//
// Cross-origin isolated pages: the threaded engine, whose rayon pool (wasm-bindgen-rayon) works each
// chunk on `threads` workers. Otherwise: `threads` plain workers with one single-threaded engine each,
// each working its own chunks. Either way, sample i is the same (seed, i) draw as in the CLI, so a
// finished run's counts equal `shogi-reach estimate` with the same seed and samples.
//
// In: {type: 'init', threaded, threads}, {type: 'start', variant, seed, samples, maxNodes, keep},
//     {type: 'stop'}, {type: 'resume'}.
// Out: {type: 'ready'}, {type: 'progress' | 'stopped' | 'finished', ...}, {type: 'error', message}.
import { loadEngine } from './load-engine.js';
import { WorkerClient } from './rpc.js';

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
const CHUNK_SECONDS = 0.3;

self.onmessage = async ({ data }) => {
  try {
    if (data.type === 'init') await init(data);
    else if (data.type === 'start') await start(data);
    else if (data.type === 'stop') {
      if (run) run.stopping = true;
    } else if (data.type === 'resume') await resume();
  } catch (e) {
    postMessage({ type: 'error', message: String(e?.message ?? e) });
  }
};

async function init({ threaded, threads }) {
  engine = await loadEngine(threaded, threads);
  if (threaded) {
    // One runner: each chunk is spread over the rayon pool.
    runners = [(p) => engine.estimateRange(p.variant, BigInt(p.seed), BigInt(p.start), BigInt(p.end), p.maxNodes, p.keep)];
  } else {
    runners = await Promise.all(
      Array.from({ length: threads }, async () => {
        const client = new WorkerClient(new URL('./engine-worker.js', import.meta.url));
        await client.call('init', { threaded: false, threads: 1 });
        return (p) => client.call('range', p);
      }),
    );
  }
  postMessage({ type: 'ready', threaded: engine.isThreaded(), threads });
}

async function start({ variant, seed, samples, maxNodes, keep }) {
  run = {
    variant, seed, samples, maxNodes, keep,
    next: 0, done: 0, tally: null, examples: [],
    elapsed: 0, rate: 0, chunk: 256,
  };
  await loop();
}

async function resume() {
  if (run && run.next < run.samples && !run.running) await loop();
}

async function loop() {
  run.stopping = false;
  run.running = true;
  const since = performance.now();
  const before = run.elapsed;
  const worker = async (runner) => {
    while (!run.stopping && run.next < run.samples) {
      const start = run.next;
      const end = Math.min(run.samples, start + run.chunk);
      run.next = end;
      const batch = await runner({
        variant: run.variant, seed: run.seed, start, end, maxNodes: run.maxNodes, keep: run.keep,
      });
      run.tally = run.tally ? engine.mergeTallies(run.tally, batch.tally) : batch.tally;
      run.done += end - start;
      run.examples = run.examples.concat(batch.reachable).sort((a, b) => a.index - b.index).slice(0, run.keep);
      run.elapsed = before + (performance.now() - since) / 1000;
      run.rate = run.done / run.elapsed;
      // Chunks of about CHUNK_SECONDS per runner, whole blocks of 64 samples.
      const perRunner = run.rate / runners.length;
      run.chunk = Math.max(64, Math.min(1 << 16, Math.round((perRunner * CHUNK_SECONDS) / 64) * 64));
      postMessage({ type: 'progress', ...status() });
      // Let 'stop' arrive between chunks.
      await new Promise((r) => setTimeout(r, 0));
    }
  };
  await Promise.all(runners.map(worker));
  run.running = false;
  postMessage({ type: run.done === run.samples ? 'finished' : 'stopped', ...status() });
}

function status() {
  const { variant, seed, samples, done, maxNodes, tally, examples, elapsed, rate } = run;
  const report = tally ? engine.report(variant, BigInt(seed), BigInt(samples), BigInt(done), maxNodes, tally) : null;
  return { variant, seed, samples, done, report, examples, elapsed, rate };
}
