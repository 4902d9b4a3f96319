// The page's engines: each a Web Worker with the plain (single-threaded) WebAssembly engine, started on
// first use. The engine never runs on the page's own thread.
import { t } from '../i18n/i18n.js';
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
  const isolation = self.crossOriginIsolated ? t('isolated', navigator.hardwareConcurrency) : t('notIsolated');
  engine.ready.then(
    () => {
      const details = document.createElement('details');
      const summary = document.createElement('summary');
      summary.textContent = t('technical');
      details.append(summary, t('technicalText', isolation));
      el.replaceChildren(t('ready'), details);
      el.dataset.state = 'ready';
    },
    (e) => {
      el.textContent = t('engineFailed', e.message);
      el.dataset.state = 'error';
    },
  );
}
