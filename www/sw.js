// The site's service worker: after a first visit the site works with no network. It caches the build, one
// cache per build version, and answers the page's requests from it.
//
// `BUILD` is written by scripts/build-offline.mjs: `version` (a hash of the build's manifest), `files`
// (cached on install: the page, its code, styles, fonts, the plain engine), `lazy` (cached the first time
// the page asks for them: the threaded engine, which only the Estimate tab of a cross-origin isolated page
// uses) and `sha256` (each file's hash, as in the build's manifest, build.json). A new build is a new
// sw.js. It installs beside the old one only when every file the server gives matches its hash: a server
// half way through a deployment (this sw.js, some older files) gives a failed install, the old worker
// stays, and the browser tries again at its next check. Once installed it waits: the page offers to
// reload into it (page/offline.js posts 'skip-waiting'), or it takes over once no page runs the old one
// (a page never mixes two builds: its workers and the module it compiled must match); then it deletes the
// older caches. Cached answers keep the server's headers, COOP/COEP included, so a page served from the
// cache is cross-origin isolated where the server's pages are. In www/ (not built) the lists are empty
// and the worker leaves every request to the network.
const BUILD = { version: 'dev', files: [], lazy: [], sha256: {} };
const PREFIX = 'shogi-reach-';
const CACHE = PREFIX + BUILD.version;
const scope = new URL('./', self.location.href);
const full = (/** @type {string} */ path) => new URL(path, scope).href;
const known = new Set([...BUILD.files, ...BUILD.lazy].map(full));
const lazy = new Map(BUILD.lazy.map((f) => [full(f), f]));

self.addEventListener('install', (event) => event.waitUntil(install()));

/** Caches every file of `files`, each checked against the build's hash; a file that differs fails it all. */
async function install() {
  const cache = await caches.open(CACHE);
  try {
    await Promise.all(BUILD.files.map(async (file) => {
      // `no-cache`: revalidated, so a file the browser's HTTP cache holds costs a 304, and none is stale.
      const response = await fetch(new Request(full(file), { cache: 'no-cache' }));
      if (!response.ok) throw new Error(`${file}: ${response.status}`);
      if (!(await ofBuild(file, response.clone()))) throw new Error(`${file} is not the file of build ${BUILD.version}`);
      await cache.put(full(file), response);
    }));
  } catch (e) {
    await caches.delete(CACHE);
    throw e;
  }
  await adoptLazy(cache);
}

/** Whether `response`'s body is `file` of this build (its sha256 is the manifest's). */
async function ofBuild(/** @type {string} */ file, /** @type {Response} */ response) {
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', await response.arrayBuffer()));
  const hex = [...digest].map((b) => b.toString(16).padStart(2, '0')).join('');
  return hex === BUILD.sha256[file];
}

/**
 * Caches the `lazy` files that the browser's HTTP cache already holds (the page used them before this
 * worker took over), without the network; only copies of this build.
 * @param {Cache} cache
 */
async function adoptLazy(cache) {
  for (const [url, file] of lazy) {
    if (await cache.match(url)) continue;
    const response = await fetch(url, { cache: 'only-if-cached', mode: 'same-origin' }).catch(() => null);
    if (response?.ok && (await ofBuild(file, response.clone()))) await cache.put(url, response);
  }
}

// The page's *Reload* in its update bar: this waiting worker takes over at once.
self.addEventListener('message', (event) => {
  if (event.data === 'skip-waiting') self.skipWaiting();
});

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

/** The cached answer for `key`; else the network's, kept when `key` is cached on first use and of this build. */
async function answer(/** @type {string} */ key, /** @type {Request} */ request) {
  const cache = await caches.open(CACHE);
  const hit = await cache.match(key, { ignoreVary: true });
  if (hit) return hit;
  const response = await fetch(request);
  const file = lazy.get(key);
  if (response.ok && file && (await ofBuild(file, response.clone()))) await cache.put(key, response.clone());
  return response;
}
