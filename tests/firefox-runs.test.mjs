// Real-browser tests in Debian's Firefox ESR (tests/firefox-site.mjs) of the Estimate tab's runs, the
// scenarios of tests/scenarios/runs.mjs that tests/estimate-runs.test.mjs runs in Chromium: a Mini Shogi run
// resumed after a reload from what was saved (its blocks verified first) ends with the native CLI's tables;
// a forged saved run is not looked at on the Position tab and refused when the Estimate tab opens; shard
// files merge with every block verified, a forged one and one without blocks refused. Each in a browser
// context of its own (a run an earlier test saved would be checked first). A failing test leaves a
// screenshot in test-results/.
import { describe, test } from 'node:test';
import { useFirefox } from './firefox-site.mjs';
import { useScratch } from './site.mjs';
import { estimateJson, forge, resumed, savedRunRefused, shardFiles, shardsRefused } from './scenarios/runs.mjs';
import { driver } from './scenarios/ui.mjs';

const { onPage, browser } = useFirefox();
const scratch = useScratch();

/** Runs `body(page)` on a fresh page at `path` in a browser context of its own. */
async function inContext(t, path, body) {
  const context = await browser().createBrowserContext();
  try {
    await onPage(t, path, body, { context });
  } finally {
    await context.close();
  }
}

describe('Firefox: estimate runs', () => {
  test('a run reloaded mid-way is resumed from what was saved and ends with the CLI counts', async (t) => {
    await inContext(t, '?game=minishogi&tab=estimate&lang=en', (page) => resumed(driver(page)));
  });

  test('a finished run forged in IndexedDB is not looked at on the Position tab, and refused when the Estimate tab opens', async (t) => {
    // 500 samples of its block and total moved from `king` to OK (consistent, as a tester edited one).
    const { blocks } = forge(estimateJson(3000, 12), 0, 500);
    const record = { game: 'minishogi', seed: '12', samples: 3000, shard: [0, 1], maxNodes: null, keep: 24, blocks, examples: [], elapsed: 1 };
    await inContext(t, '?game=minishogi&lang=en', (page) => savedRunRefused(driver(page), 'en', { record, from: 0, to: 3000 }));
  });

  test('shard files: a forged one is refused naming its block, one without blocks too, genuine ones merge with every block verified', async (t) => {
    const files = shardFiles(scratch);
    await inContext(t, '?game=minishogi&tab=estimate&lang=en', (page) => shardsRefused(driver(page), files));
  });
});
