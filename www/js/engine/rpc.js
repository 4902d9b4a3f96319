// Requests to a worker: `call(type, payload, onProgress)` resolves with the worker's result.
// `terminate()` stops the worker at once (the way to cancel a long computation) and rejects what is
// pending with an Error whose `cancelled` is true. An engine's error keeps its `kind` and `params`
// (see errors.js).
export class WorkerClient {
  constructor(url) {
    this.worker = new Worker(url, { type: 'module' });
    this.pending = new Map();
    this.nextId = 1;
    this.worker.onmessage = ({ data }) => {
      const p = this.pending.get(data.id);
      if (!p) return;
      if ('progress' in data) return p.onProgress?.(data.progress);
      this.pending.delete(data.id);
      if ('error' in data) p.reject(Object.assign(new Error(data.error), { kind: data.kind, params: data.params }));
      else p.resolve(data.result);
    };
    this.worker.onerror = (e) => {
      e.preventDefault();
      const why = e.message ?? 'could not start';
      this.#rejectAll(Object.assign(new Error(`engine worker failed: ${why}`), { workerFailed: why }));
    };
  }

  call(type, payload = {}, onProgress = null) {
    if (this.closed) return Promise.reject(this.closed);
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject, onProgress });
      this.worker.postMessage({ ...payload, id, type });
    });
  }

  terminate() {
    this.worker.terminate();
    this.closed = new Error('cancelled');
    this.closed.cancelled = true;
    this.#rejectAll(this.closed);
  }

  #rejectAll(e) {
    for (const p of this.pending.values()) p.reject(e);
    this.pending.clear();
  }
}
