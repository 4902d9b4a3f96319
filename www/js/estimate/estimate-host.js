// The estimate tab's worker (estimate-worker.js): one at a time, for a thread count and the page's
// isolation (threaded rayon when cross-origin isolated, else a pool of plain workers), started when first
// asked for and kept while the same is asked for again.
import { WorkerClient } from '../engine/rpc.js';
import { available, wasmModule } from '../engine/wasm.js';
import { t } from '../i18n/i18n.js';

/** @typedef {import('../engine/protocol').EstimateApi} EstimateApi */

export class EstimateHost {
  /** @type {WorkerClient<EstimateApi> | null} the worker started, if any */
  current = null;
  /** How it runs, in the page's words (`2 threads (threaded WebAssembly, rayon)`), once started. */
  mode = '';
  #key = '';
  /** @type {Promise<WorkerClient<EstimateApi>> | null} the current worker, once it has started */
  #ready = null;

  /**
   * The worker for `threads` threads, started (saying so with `starting(text)`); throws when it could not
   * start.
   * @param {number} threads
   * @param {(text: string) => void} starting
   * @returns {Promise<WorkerClient<EstimateApi>>}
   */
  get(threads, starting) {
    const threaded = self.crossOriginIsolated === true;
    const key = `${threaded}/${threads}`;
    // (A second caller while the first one's worker starts waits for the same start: the worker answers
    // nothing else well before it has its runners.)
    if (this.current && this.#key === key && this.#ready) return this.#ready;
    this.current?.terminate();
    /** @type {WorkerClient<EstimateApi>} */
    const host = new WorkerClient(new URL('./estimate-worker.js', import.meta.url));
    this.current = host;
    this.#key = key;
    starting(threaded ? t('startingThreads', threads) : t('startingWorkers', threads));
    this.#ready = (async () => {
      try {
        const { build, module } = await engineModule(threaded);
        const ready = await host.call('init', { threaded: build, threads, module });
        const workers = threaded ? 'modeFallback' : 'modeWorkers';
        this.mode = ready.threaded ? t('modeThreads', ready.threads) : t(workers, ready.threads);
      } catch (e) {
        this.drop(host);
        throw e;
      }
      return host;
    })();
    return this.#ready;
  }

  /** Stops the worker (`host`, when it is still the current one), never to be used again. */
  drop(host = this.current) {
    host?.terminate();
    if (this.current === host) {
      this.current = null;
      this.#ready = null;
    }
  }
}

/**
 * The compiled engine for an estimate: the threaded build on an isolated page, else (and offline before
 * the threaded build was ever kept: the service worker keeps it on first use) the plain one, which the
 * page has already, on a pool of workers (the same counts).
 * @param {boolean} threaded
 * @returns {Promise<{build: boolean, module: WebAssembly.Module}>}
 */
async function engineModule(threaded) {
  if (threaded && (await available(true))) return { build: true, module: await wasmModule(true) };
  return { build: false, module: await wasmModule(false) };
}
