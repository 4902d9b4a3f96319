// The service worker (sw.js) that keeps the site working offline after a first visit. It is registered
// once the engine is ready, so that caching the build never slows down the first screen.

/**
 * Registers sw.js when the browser has service workers and the page is served over HTTP(S).
 * @param {Promise<unknown>} ready resolves once the page's engine is ready
 */
export function registerOffline(ready) {
  if (!('serviceWorker' in navigator) || !location.protocol.startsWith('http')) return;
  ready
    .then(() => navigator.serviceWorker.register(new URL('../../sw.js', import.meta.url)))
    // Without it the site still works, only not offline.
    .catch(() => {});
}
