// The page's compiled WebAssembly engines: each build (plain www/pkg-st, threaded www/pkg) fetched and
// compiled once per page, on first use, and handed to every worker that runs it (a WebAssembly.Module
// can be posted to the page's workers). Without this each worker fetched and compiled its own copy: four
// engine workers, the estimate host and its runners.

/** @type {{[build: string]: Promise<WebAssembly.Module> | undefined}} */
const compiled = {};

const url = (/** @type {boolean} */ threaded) =>
  threaded
    ? new URL('../../pkg/shogi_reach_bg.wasm', import.meta.url)
    : new URL('../../pkg-st/shogi_reach_bg.wasm', import.meta.url);

/**
 * The compiled module of the threaded or the plain build; a failure is not kept (the next call tries again).
 * @param {boolean} threaded
 * @returns {Promise<WebAssembly.Module>}
 */
export function wasmModule(threaded) {
  const key = threaded ? 'threaded' : 'plain';
  const module = (compiled[key] ??= compile(url(threaded)));
  module.catch(() => {
    if (compiled[key] === module) delete compiled[key];
  });
  return module;
}

/**
 * Whether the build can be had now: online, or offline when the service worker keeps it (asked first, as a
 * fetch that fails is reported as an error of the page).
 * @param {boolean} threaded
 */
export async function available(threaded) {
  if (navigator.onLine || !self.caches) return true;
  return (await caches.match(url(threaded).href)) !== undefined;
}

/** @param {URL} url */
async function compile(url) {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${url.pathname}: HTTP ${response.status}`);
  // Compiled while it downloads; a host that sends another type than application/wasm gets the bytes compiled.
  const copy = response.clone();
  try {
    return await WebAssembly.compileStreaming(response);
  } catch {
    return WebAssembly.compile(await copy.arrayBuffer());
  }
}
