// The update bar: a page controlled by the service worker finds a new build B (its app.js marks the page;
// its sw.js lists B's files and hashes, as build-offline.mjs writes them). Deployed half-way (B's sw.js, A's
// app.js still there), B's worker does not install and nothing of B is cached; deployed whole, it installs
// and waits, the page shows the bar and still runs A; one click on Reload runs the page on B, from B's
// cache alone. Written once and run in Chromium (tests/browser/offline.test.mjs, which also opens a second
// tab in Japanese on a phone while B waits) and Firefox (tests/firefox-offline.test.mjs), on a page opened at
// a copy of dist/ in `dir`, served.
import assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { buildList } from '../../scripts/build-offline.mjs';

/** Waits until the service worker controls the page (`ui`: ui.mjs's driver; it registers once the engine is
 * ready). */
export const controlled = (ui) => ui.waitUntil(() => navigator.serviceWorker.controller?.state === 'activated', undefined, 60_000);

/**
 * Asks the browser to check sw.js now; resolves to the state the new worker ends its install in
 * (`installed`, or `redundant` when it failed), or `none` when there is none.
 */
const update = (ui) => ui.page.evaluate(async () => {
  const registration = await navigator.serviceWorker.getRegistration();
  await registration.update().catch(() => {});
  const next = registration.installing ?? registration.waiting;
  if (!next) return 'none';
  if (next.state === 'installing') {
    await new Promise((ok) => next.addEventListener('statechange', () => next.state !== 'installing' && ok()));
  }
  return next.state;
});

/** The scenario for the site in `dir`; `waiting()` runs while B waits and the bar shows. */
export async function updateBar(ui, dir, waiting = async () => {}) {
  const cacheNames = () => ui.page.evaluate(async () => (await caches.keys()).filter((k) => k.startsWith('shogi-reach-')));
  const build = () => ui.page.evaluate(() => document.documentElement.dataset.build ?? null);
  await controlled(ui);
  const old = buildList(dir).version;
  assert.deepEqual(await cacheNames(), [`shogi-reach-${old}`]);
  assert.equal(await ui.drawn('#update-bar'), false);
  // Build B: its app.js marks the page; its sw.js lists B's files and hashes (as build-offline.mjs writes).
  const app = join(dir, 'js/app.js');
  const appA = readFileSync(app, 'utf8');
  const appB = `${appA}\ndocument.documentElement.dataset.build = 'B';\n`;
  writeFileSync(app, appB);
  const fresh = buildList(dir);
  const sw = join(dir, 'sw.js');
  const swB = readFileSync(sw, 'utf8').replace(/^const BUILD = .*;$/m, `const BUILD = ${JSON.stringify(fresh)};`);
  // Deployed half-way: B's sw.js first, A's app.js still there. The new worker does not install.
  writeFileSync(app, appA);
  writeFileSync(sw, swB);
  assert.equal(await update(ui), 'redundant');
  assert.deepEqual(await cacheNames(), [`shogi-reach-${old}`], 'nothing of B cached');
  assert.equal(await ui.drawn('#update-bar'), false);
  // B complete: it installs and waits; the page says so.
  writeFileSync(app, appB);
  assert.equal(await update(ui), 'installed');
  await ui.waitFor('#update-bar:not([hidden])');
  assert.equal(await ui.text('#update-bar span'), 'A new version of this site is ready.');
  assert.equal(await build(), null, 'still A');
  await waiting();
  // One click: the page runs B, from B's cache.
  await ui.click('#update-reload');
  await ui.waitFor('html[data-build="B"]', 60_000);
  await ui.waitFor('#engine-status[data-state="ready"]', 60_000);
  assert.deepEqual(await cacheNames(), [`shogi-reach-${fresh.version}`]);
  assert.equal(await ui.drawn('#update-bar'), false);
}
