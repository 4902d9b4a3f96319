// Loads the engine (WebAssembly): the threaded build with a pool of `threads` rayon workers (needs a
// cross-origin isolated page), or the plain single-threaded build.

/**
 * @param {boolean} threaded
 * @param {number} [threads]
 * @returns {Promise<import('./api').EngineModule>}
 */
export async function loadEngine(threaded, threads = 1) {
  // (A path in a variable: the type checker takes the module's type from api.d.ts, not from the build.)
  const path = threaded ? '../../pkg/shogi_reach.js' : '../../pkg-st/shogi_reach.js';
  /** @type {import('./api').EngineModule} */
  const module = await import(path);
  await module.default();
  // initThreadPool may be called once per instance; the plain build's does nothing.
  if (threaded) await module.initThreadPool(threads);
  return module;
}
