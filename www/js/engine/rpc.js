// Both ends of the page's one worker protocol (protocol.d.ts): `WorkerClient` sends requests to a worker
// and `serve(handlers)` answers them inside it. `call(type, args, {onProgress, signal})` resolves with the
// worker's result; aborting `signal` sends a cancel (which a handler sees on its own signal).
// `terminate()` stops the worker at once (the way to cancel a computation that cannot listen) and rejects
// what is pending with an Error whose `cancelled` is true. An engine's error keeps its `kind` and `params`
// (see errors.js); a worker that fails to start rejects what is pending with `workerFailed`.
import { relay } from './relay.js';

/** @typedef {import('./protocol').Api} Api */
/** @typedef {Error & Partial<import('./api').EngineErrorData> & {cancelled?: boolean, workerFailed?: string}} CallError */

/** @template {Api} A */
export class WorkerClient {
  /** @type {Map<number, {resolve: (r: any) => void, reject: (e: CallError) => void, onProgress?: (p: any) => void}>} */
  #pending = new Map();
  #nextId = 1;
  /** @type {CallError | null} */
  #closed = null;
  /** @type {Set<Worker>} the workers constructed for this one (see relay.js) */
  #relayed = new Set();

  /** @param {URL | string} url */
  constructor(url) {
    this.worker = new Worker(url, { type: 'module' });
    this.worker.onmessage = ({ data, ports }) => this.#receive(data, ports);
    this.worker.onerror = (e) => {
      e.preventDefault();
      const why = e.message ?? 'could not start';
      this.#rejectAll(Object.assign(new Error(`engine worker failed: ${why}`), { workerFailed: why }));
    };
  }

  /** @param {import('./protocol').Reply} data @param {readonly MessagePort[]} ports */
  #receive(data, ports) {
    if ('spawn' in data) return relay(data.spawn, ports[0], this.#relayed);
    const p = this.#pending.get(data.id);
    if (!p) return;
    if ('progress' in data) return p.onProgress?.(data.progress);
    this.#pending.delete(data.id);
    if ('error' in data) p.reject(Object.assign(new Error(data.error.message), data.error));
    else if ('result' in data) p.resolve(data.result);
  }

  /**
   * @template {keyof A & string} K
   * @param {K} type
   * @param {A[K]['args']} args
   * @param {{onProgress?: (p: A[K]['progress']) => void, signal?: AbortSignal}} [options]
   * @returns {Promise<A[K]['result']>}
   */
  call(type, args, { onProgress, signal } = {}) {
    if (this.#closed) return Promise.reject(this.#closed);
    const id = this.#nextId++;
    return new Promise((resolve, reject) => {
      this.#pending.set(id, { resolve, reject, onProgress });
      this.worker.postMessage({ id, type, args });
      signal?.addEventListener('abort', () => this.#pending.has(id) && this.worker.postMessage({ id, type: 'cancel' }));
    });
  }

  terminate() {
    this.worker.terminate();
    for (const w of this.#relayed) w.terminate();
    this.#relayed.clear();
    this.#closed = Object.assign(new Error('cancelled'), { cancelled: true });
    this.#rejectAll(this.#closed);
  }

  /** @param {CallError} e */
  #rejectAll(e) {
    for (const p of this.#pending.values()) p.reject(e);
    this.#pending.clear();
  }
}

/**
 * Answers the requests sent to this worker with `handlers[type](args, context)` (sync or async):
 * its result, or its error (an engine error's kind and parameters go with its message, for the page to say
 * it in its language). A cancel aborts the request's `context.signal`.
 * @template {Api} A
 * @param {{[K in keyof A]: (args: A[K]['args'], context: import('./protocol').Context<A[K]['progress']>) => A[K]['result'] | Promise<A[K]['result']>}} handlers
 */
export function serve(handlers) {
  /** @type {Map<number, AbortController>} */
  const running = new Map();
  self.onmessage = async ({ data }) => {
    /** @type {import('./protocol').Request<A> | import('./protocol').Cancel} */
    const request = data;
    const { id, type } = request;
    if (type === 'cancel') return running.get(id)?.abort();
    const abort = new AbortController();
    running.set(id, abort);
    try {
      if (!Object.hasOwn(handlers, type)) throw new Error(`unknown request ${JSON.stringify(type)}`);
      const progress = (/** @type {unknown} */ p) => postMessage({ id, progress: p });
      const result = await handlers[type](/** @type {import('./protocol').Request<A>} */ (request).args, { progress, signal: abort.signal });
      postMessage({ id, result });
    } catch (e) {
      postMessage({ id, error: errorData(e) });
    } finally {
      running.delete(id);
    }
  };
}

/**
 * An error as the protocol sends it: the message, and the engine's kind and parameters when it has them.
 * @param {any} e
 * @returns {import('./api').EngineErrorData}
 */
function errorData(e) {
  return { message: String(e?.message ?? e), kind: e?.kind, params: e?.params };
}
