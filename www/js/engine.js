// The page's engines: each a Web Worker with the plain (single-threaded) WebAssembly engine, started on
// first use. The engine never runs on the page's own thread.
import { WorkerClient } from './rpc.js';

const workerUrl = new URL('./engine-worker.js', import.meta.url);

/** A worker with the plain engine, started on first use (again after a cancel). */
export class Engine {
  #client = null;
  #ready = null;

  #start() {
    if (!this.#client) {
      this.#client = new WorkerClient(workerUrl);
      this.#ready = this.#client.call('init', { threaded: false, threads: 1 });
    }
    return this.#client;
  }

  /** Resolves once the engine has loaded; rejects when it could not start. */
  get ready() {
    this.#start();
    return this.#ready;
  }

  async call(type, payload, onProgress) {
    const client = this.#start();
    await this.#ready;
    return client.call(type, payload, onProgress);
  }

  /** Stops the worker at once; what is pending rejects with `cancelled`. */
  cancel() {
    this.#client?.terminate();
    this.#client = null;
  }
}

/**
 * Shows in `el` whether `engine` started, in words for everyone, with how estimates run on this page
 * (cross-origin isolation, threads) folded away under "Technical details".
 */
export function showEngineStatus(el, engine) {
  const isolation = self.crossOriginIsolated
    ? `This page is cross-origin isolated: estimates run the threaded engine on ${navigator.hardwareConcurrency} cores.`
    : 'This page is not cross-origin isolated (no COOP/COEP headers): estimates use a pool of single-threaded engine workers instead of the threaded build.';
  engine.ready.then(
    () => {
      const details = document.createElement('details');
      const summary = document.createElement('summary');
      summary.textContent = 'Technical details';
      details.append(summary, `The engine is WebAssembly in Web Workers. ${isolation}`);
      el.replaceChildren('Ready: everything runs in your browser. ', details);
      el.dataset.state = 'ready';
    },
    (e) => {
      el.textContent = `The engine could not start: ${e.message}`;
      el.dataset.state = 'error';
    },
  );
}
