// The page's engines: each a Web Worker with the plain (single-threaded) WebAssembly engine, started on
// first use. The engine never runs on the page's own thread.
import { t } from '../i18n/i18n.js';
import { WorkerClient } from './rpc.js';
import { wasmModule } from './wasm.js';

/** @typedef {import('./protocol').EngineApi} EngineApi */

const workerUrl = new URL('./engine-worker.js', import.meta.url);

/** A worker with the plain engine, started on first use (again after a cancel). */
export class Engine {
  /** @type {WorkerClient<EngineApi> | null} */
  #client = null;
  /** @type {Promise<{threaded: boolean}> | null} */
  #ready = null;

  /** @returns {{client: WorkerClient<EngineApi>, ready: Promise<{threaded: boolean}>}} */
  #start() {
    if (!this.#client || !this.#ready) {
      /** @type {WorkerClient<EngineApi>} */
      const client = new WorkerClient(workerUrl);
      this.#client = client;
      // The plain build, compiled once for all of the page's workers.
      this.#ready = wasmModule(false).then((module) => client.call('init', { threaded: false, threads: 1, module }));
    }
    return { client: this.#client, ready: this.#ready };
  }

  /** Resolves once the engine has loaded; rejects when it could not start. */
  get ready() {
    return this.#start().ready;
  }

  /**
   * The request `type` of the engine worker (protocol.d.ts, EngineApi), once the engine has loaded.
   * @template {keyof EngineApi & string} K
   * @param {K} type
   * @param {EngineApi[K]['args']} args
   * @param {(p: EngineApi[K]['progress']) => void} [onProgress]
   * @returns {Promise<EngineApi[K]['result']>}
   */
  async call(type, args, onProgress) {
    const { client, ready } = this.#start();
    await ready;
    return client.call(type, args, { onProgress });
  }

  /**
   * Stops the worker once its engine has loaded (at once when it has; while loading it computes nothing,
   * and Firefox reports the module import that a termination cuts short as an error of the page); what
   * is pending rejects with `cancelled`.
   */
  cancel() {
    const client = this.#client;
    const ready = this.#ready;
    this.#client = null;
    this.#ready = null;
    ready?.finally(() => client?.terminate()).catch(() => {});
  }
}

/**
 * Shows in `el` whether `engine` started, in words for everyone, with how estimates run on this page
 * (cross-origin isolation, threads) folded away under "Technical details".
 */
export function showEngineStatus(el, engine) {
  const ready = () => {
    const isolation = self.crossOriginIsolated ? t('isolated', navigator.hardwareConcurrency) : t('notIsolated');
    const details = document.createElement('details');
    const summary = document.createElement('summary');
    summary.textContent = t('technical');
    details.append(summary, t('technicalText', isolation));
    el.replaceChildren(t('ready'), details);
    el.dataset.state = 'ready';
  };
  /** @param {Error} e */
  const failed = (e) => {
    el.textContent = t('engineFailed', e.message);
    el.dataset.state = 'error';
  };
  engine.ready.then(
    () => {
      ready();
      document.addEventListener('language-changed', ready);
    },
    (e) => {
      failed(e);
      document.addEventListener('language-changed', () => failed(e));
    },
  );
}
