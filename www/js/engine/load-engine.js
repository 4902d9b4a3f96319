// Loads the engine (WebAssembly): the threaded build with a pool of `threads` rayon workers (needs a
// cross-origin isolated page), or the plain single-threaded build.
export async function loadEngine(threaded, threads = 1) {
  const module = await import(threaded ? '../../pkg/shogi_reach.js' : '../../pkg-st/shogi_reach.js');
  await module.default();
  // initThreadPool may be called once per instance; the plain build's does nothing.
  if (threaded) await module.initThreadPool(threads);
  return module;
}
