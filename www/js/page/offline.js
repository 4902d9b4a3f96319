// The service worker (sw.js) that keeps the site working offline after a first visit, and the bar that
// says when a new version of the site is ready. The worker is registered once the engine is ready, so that
// caching the build never slows down the first screen.
//
// A new build's worker installs only when every file it fetched is of that build (sw.js checks each one's
// sha256), then waits while a page of the old build is open. The page then shows the bar (#update-bar):
// its button tells the waiting worker to take over ('skip-waiting') and reloads once it has (on
// `controllerchange`), so the page runs the new build at once. A page whose worker was replaced from
// another tab shows the bar too; its button only reloads.
import { $ } from './dom.js';

/**
 * Registers sw.js when the browser has service workers and the page is served over HTTP(S).
 * @param {Promise<unknown>} ready resolves once the page's engine is ready
 */
export function registerOffline(ready) {
  if (!('serviceWorker' in navigator) || !location.protocol.startsWith('http')) return;
  ready
    .then(() => navigator.serviceWorker.register(new URL('../../sw.js', import.meta.url)))
    .then(watchUpdates)
    // Without it the site still works, only not offline.
    .catch(() => {});
}

/**
 * Offers a new version once its worker waits (found now, at the browser's checks, or when the tab is shown
 * again), and reloads into it when asked.
 * @param {ServiceWorkerRegistration} registration
 */
function watchUpdates(registration) {
  const container = navigator.serviceWorker;
  let asked = false;
  const offer = () => {
    if (registration.waiting && container.controller) showBar(() => ask(registration.waiting));
  };
  /** @param {ServiceWorker | null} waiting */
  const ask = (waiting) => {
    asked = true;
    if (waiting) waiting.postMessage('skip-waiting');
    else location.reload();
  };
  offer();
  registration.addEventListener('updatefound', () => {
    const next = registration.installing;
    next?.addEventListener('statechange', () => next.state === 'installed' && offer());
  });
  // (The first visit's page is claimed by the first worker: it runs that build already.)
  let controlled = Boolean(container.controller);
  container.addEventListener('controllerchange', () => {
    if (asked) location.reload();
    else if (controlled) showBar(() => ask(null));
    controlled = true;
  });
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible') registration.update().catch(() => {});
  });
}

/** Shows the update bar; its button calls `reload`. @param {() => void} reload */
function showBar(reload) {
  const button = /** @type {HTMLButtonElement} */ ($('update-reload'));
  button.onclick = () => {
    button.disabled = true;
    reload();
  };
  button.disabled = false;
  $('update-bar').hidden = false;
}
