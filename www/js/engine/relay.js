// Workers a worker asks the page to construct for it (the estimate worker constructs none itself).
//
// Firefox ESR (153) sometimes deadlocks a worker that constructs a Worker: the constructor never returns
// (about one estimate start in five: the estimate worker stuck in `new Worker` for its engine workers, or
// in wasm-bindgen-rayon's initThreadPool for its threads). So the estimate worker replaces `Worker` with
// `RelayWorker`, which sends the protocol's `{id: 0, spawn: {url, options}}` with a MessagePort; the page's
// WorkerClient constructs the worker (`relay`) and joins it to the port: `{data}` and `{error}` from the
// worker, `{data}` and `{terminate}` to it. The relayed worker has Worker's API (postMessage, onmessage,
// message listeners, onerror, terminate). Kept in `relayed` too: Firefox may collect a worker nothing
// references (bugzilla.mozilla.org 1702191), and rayon roots its threads only once all have started.
/** @type {RelayWorker[]} */
const relayed = [];

export class RelayWorker extends EventTarget {
  /** @param {URL | string} url @param {WorkerOptions} [options] */
  constructor(url, options) {
    super();
    const { port1, port2 } = new MessageChannel();
    this.port = port1;
    /** @type {((e: MessageEvent) => void) | null} */
    this.onmessage = null;
    /** @type {((e: Event) => void) | null} */
    this.onerror = null;
    // From the page: {data} the worker posted, or {error} when it failed.
    port1.onmessage = ({ data: m }) => {
      const failed = 'error' in m;
      const event = failed ? Object.assign(new Event('error', { cancelable: true }), { message: m.error }) : new MessageEvent('message', { data: m.data });
      this.dispatchEvent(event);
      (failed ? this.onerror : this.onmessage)?.(/** @type {MessageEvent} */ (event));
    };
    self.postMessage({ id: 0, spawn: { url: String(url), options } }, { transfer: [port2] });
    relayed.push(this);
  }

  /** @param {unknown} data @param {Transferable[]} [transfer] */
  postMessage(data, transfer = []) {
    this.port.postMessage({ data }, transfer);
  }

  terminate() {
    this.port.postMessage({ terminate: true });
    this.port.close();
    relayed.splice(relayed.indexOf(this), 1);
  }
}

/**
 * Constructs the worker `spawn` names for a worker that asked for it, joined to that worker by `port`;
 * `kept` holds it until it is terminated.
 * @param {{url: string, options?: WorkerOptions}} spawn
 * @param {MessagePort} port
 * @param {Set<Worker>} kept
 */
export function relay({ url, options }, port, kept) {
  const worker = new Worker(url, options);
  kept.add(worker);
  worker.onmessage = ({ data }) => port.postMessage({ data });
  worker.onerror = (e) => {
    e.preventDefault();
    port.postMessage({ error: e.message ?? 'could not start' });
  };
  port.onmessage = ({ data }) => {
    if (!data.terminate) return worker.postMessage(data.data);
    worker.terminate();
    kept.delete(worker);
    port.close();
  };
}
