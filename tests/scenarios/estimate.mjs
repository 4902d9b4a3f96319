// An estimate run in the Estimate tab and read back from its tables, and the scenario that it equals the
// command line's estimate of the same samples, table by table. Written once and run in Chromium
// (tests/browser/estimate.test.mjs, offline.test.mjs) and Firefox (tests/firefox.test.mjs).
import assert from 'node:assert/strict';
import { nativeEstimate, shownTables } from '../site.mjs';

/** Runs an estimate in the page (`ui`: ui.mjs's driver) and returns what its tables show. */
export async function estimate(ui, { game, samples, seed, threads }) {
  await ui.click('#tab-estimate-button');
  await ui.select('#est-game', game);
  // Each field focused as it is filled: a form being filled in is never overwritten by a saved run that
  // opening the tab loads (an earlier test's).
  for (const [field, value] of [['#est-samples', samples], ['#est-seed', seed], ['#est-threads', threads]]) {
    await ui.fill(field, String(value));
  }
  await ui.click('#est-start');
  await ui.waitFor('#est-status[data-state="finished"]', 300_000);
  return {
    ...(await shownTables(ui.page)),
    reachable: Number(await ui.attr('#est-result .estimate', 'data-reachable')),
    status: await ui.text('#est-status'),
  };
}

/** The scenario: the page's estimate equals the CLI's of the same samples, table by table; what it showed. */
export async function sameAsTheCli(ui, run) {
  const got = await estimate(ui, run);
  const want = nativeEstimate(run.game, String(run.samples), String(run.seed));
  assert.deepEqual(got.funnel, want.funnel);
  assert.deepEqual(got.traced, want.traced);
  assert.deepEqual(got.stages, want.stages);
  assert.equal(got.reachable, Object.fromEntries(want.stages).OK);
  return got;
}
