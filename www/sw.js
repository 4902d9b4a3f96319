// The site's service worker: after a first visit the site works with no network. It caches the build, one
// cache per build version, and answers the page's requests from it.
//
// `BUILD` is written by scripts/build-offline.mjs: `version` (a hash of the build's files), `files` (cached
// on install: the page, its code, styles, fonts, the plain engine) and `lazy` (cached the first time the
// page asks for them: the threaded engine, which only the Estimate tab of a cross-origin isolated page
// uses). A new build is a new sw.js: it installs beside the old one, takes over once no page runs the old
// one (a page never mixes two builds: its workers and the module it compiled must match), and deletes the
// older caches. Cached answers keep the server's headers, COOP/COEP included, so a page served from the
// cache is cross-origin isolated where the server's pages are. In www/ (not built) the lists are empty
// and the worker leaves every request to the network.
const BUILD = { version: 'dev', files: [], lazy: [] };
const PREFIX = 'shogi-reach-';
const CACHE = PREFIX + BUILD.version;
const scope = new URL('./', self.location.href);
const full = (/** @type {string} */ path) => new URL(path, scope).href;
const known = new Set([...BUILD.files, ...BUILD.lazy].map(full));
const lazy = new Set(BUILD.lazy.map(full));

self.addEventListener('install', (event) => {
  // `no-cache`: revalidated, so a file the browser's HTTP cache holds costs a 304, and none is stale.
  event.waitUntil(
    caches.open(CACHE).then(async (cache) => {
      await cache.addAll(BUILD.files.map((f) => new Request(full(f), { cache: 'no-cache' })));
      await adoptLazy(cache);
    }),
  );
});

/**
 * Caches the `lazy` files that the browser's HTTP cache already holds (the page used them before this
 * worker took over), without the network.
 * @param {Cache} cache
 */
async function adoptLazy(cache) {
  for (const url of lazy) {
    if (await cache.match(url)) continue;
    const response = await fetch(url, { cache: 'only-if-cached', mode: 'same-origin' }).catch(() => null);
    if (response?.ok) await cache.put(url, response);
  }
}

self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      for (const name of await caches.keys()) if (name.startsWith(PREFIX) && name !== CACHE) await caches.delete(name);
      // The first visit's page too: what it loads from now on (the threaded engine) is cached.
      await self.clients.claim();
      // And what it fetched while this worker installed; not awaited: requests wait for the activation.
      caches.open(CACHE).then(adoptLazy).catch(() => {});
    })(),
  );
});

self.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.method !== 'GET' || known.size === 0) return;
  const url = new URL(request.url);
  // The page at any query (a link to a position) is the build's page.
  url.search = '';
  const key = url.href === full('index.html') ? scope.href : url.href;
  if (known.has(key)) event.respondWith(answer(key, request));
});

/** The cached answer for `key`; else the network's, kept when `key` is cached on first use. */
async function answer(/** @type {string} */ key, /** @type {Request} */ request) {
  const cache = await caches.open(CACHE);
  const hit = await cache.match(key, { ignoreVary: true });
  if (hit) return hit;
  const response = await fetch(request);
  if (response.ok && lazy.has(key)) await cache.put(key, response.clone());
  return response;
}
