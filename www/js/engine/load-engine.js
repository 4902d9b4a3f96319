// Loads the engine (WebAssembly): the threaded build with a pool of `threads` rayon workers (needs a
// cross-origin isolated page), or the plain single-threaded build.

/**
 * The build's JavaScript (wasm-bindgen's glue), imported once per worker: a worker may start importing it
 * before it has the compiled WebAssembly, so that the two arrive together.
 * @param {boolean} threaded
 * @returns {Promise<import('./api').EngineModule>}
 */
export function engineGlue(threaded) {
  // (A URL, not a literal path: the type checker takes the module's type from api.d.ts, not from the build;
  // and a bundle of this module rewrites the URLs to where the builds are seen from it, see bundle.mjs.)
  const url = threaded
    ? new URL('../../pkg/shogi_reach.js', import.meta.url)
    : new URL('../../pkg-st/shogi_reach.js', import.meta.url);
  return import(url.href);
}

/**
 * @param {boolean} threaded
 * @param {number} [threads]
 * @param {WebAssembly.Module} [wasm] the build's compiled module (see wasm.js); fetched when not given
 * @returns {Promise<import('./api').EngineModule>}
 */
export async function loadEngine(threaded, threads = 1, wasm) {
  const module = await engineGlue(threaded);
  await module.default(wasm ? { module_or_path: wasm } : undefined);
  // initThreadPool may be called once per instance; the plain build's does nothing.
  if (threaded) await module.initThreadPool(threads);
  return module;
}
