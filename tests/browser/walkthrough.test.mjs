// The How it works tab (www/js/walkthrough/), in both languages, at 1280 px and on a 360 px phone: every
// figure it shows is the command line's (|P_K|, a rank unranked, the stage of each example, the search's
// goal, a small estimate), the marked squares are the engine's reason, the search ends with the two kings
// alone, the papers are linked, nothing is wider than a phone, and axe-core finds no serious problem.
// The Estimate tab's opening lines, with their terms marked.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { axeViolations, cli, launchPhones, phoneContext, sfenOf, useChromium } from '../site.mjs';
import { checkCounts, checkDraws, checkExamples, checkSearch, openWalkthrough, SEED } from '../scenarios/walkthrough.mjs';
import { driver } from '../scenarios/ui.mjs';

const site = useChromium();
let phones;
before(async () => {
  phones = await launchPhones();
});
after(() => phones?.close());

async function checkEstimate(page, game) {
  await page.click('#how-estimate .tool-row button');
  await page.waitForSelector('#how-live-run[data-samples]', { timeout: 120_000 });
  const report = JSON.parse(cli('estimate', '--game', game, '--samples', '100000', '--seed', SEED, '--json'));
  assert.equal(await page.getAttribute('#how-live-run', 'data-reachable'), String(report.tally.stages.OK));
  assert.equal(Number(await page.getAttribute('#how-live-run', 'data-estimate')), report.estimate.reachable);
}

async function checkLinks(page) {
  const hrefs = await page.$$eval('#how-papers a', (as) => as.map((a) => a.href));
  for (const id of ['2604.06189', '2409.00129']) assert.ok(hrefs.includes(`https://arxiv.org/abs/${id}`), id);
  assert.ok(hrefs.some((h) => h.includes('u-tokyo-gps-tanaka-lab/minishogi-position-ranking')));
  assert.match(await page.textContent('#how-papers'), /Ishii/);
}

// Each game in one language here and in the other on the phone below: a figure does not depend on the
// language, and each pair of game and language is seen once.
describe('How it works at 1280 px', () => {
  for (const [lang, game] of [['en', 'shogi'], ['ja', 'minishogi'], ['en', 'judkins']]) {
    test(`${game}, ${lang}: the engine's figures equal the command line's`, async (t) => {
      await site.onPage(t, `?lang=${lang}`, async (page) => {
        await openWalkthrough(driver(page), game);
        await checkCounts(driver(page));
        await checkDraws(driver(page), game);
        await checkExamples(driver(page), game);
        await checkSearch(driver(page), game);
        await checkLinks(page);
        assert.deepEqual(await axeViolations(page), []);
        await checkEstimate(page, game);
      });
    });
  }
});

describe('How it works on a 360 px phone', () => {
  for (const [lang, game] of [['ja', 'shogi'], ['en', 'minishogi']]) {
    test(`${game}, ${lang}: nothing wider than the screen; a rank drawn, the examples and the search`, async (t) => {
      const context = await phoneContext(phones, 360);
      try {
        await site.onPage(t, `?lang=${lang}`, async (page) => {
          await openWalkthrough(driver(page), game);
          await checkDraws(driver(page), game);
          await checkExamples(driver(page), game);
          await checkSearch(driver(page), game);
          assert.ok((await page.evaluate(() => document.documentElement.scrollWidth)) <= 360);
          assert.deepEqual(await axeViolations(page), []);
        }, { context });
      } finally {
        await context.close();
      }
    });
  }
});

describe('the tabs and the Estimate tab', () => {
  test('the tab is reached by the arrow keys, loaded only when shown, and follows the game', async (t) => {
    await site.onPage(t, '?lang=en', async (page) => {
      assert.equal(await page.$$eval('#how-body .how-step', (s) => s.length), 0, 'not built before it is shown');
      await page.focus('#tab-position-button');
      await page.keyboard.press('End');
      assert.equal(await page.getAttribute('#tab-how-button', 'aria-selected'), 'true');
      await page.waitForSelector('#how-body[data-game="shogi"]');
      await page.selectOption('#game', 'minishogi');
      await page.waitForSelector('#how-body[data-game="minishogi"]');
      await page.waitForSelector('#how-sample[data-sfen]');
      assert.equal((await page.getAttribute('#how-sample', 'data-sfen')).split(' ')[0].split('/').length, 5);
    });
  });

  test('the address says the tab shown: a reload opens it again, with the language and the position', async (t) => {
    const sfen = '4k/5/5/5/K4 b RBGSPrbgsp 1';
    await site.onPage(t, `?lang=ja&game=minishogi&sfen=${encodeURIComponent(sfen)}`, async (page) => {
      const tabOf = () => new URL(page.url()).searchParams.get('tab');
      assert.equal(tabOf(), null, 'the Position tab, where a page opens, is not written');
      await page.click('#tab-estimate-button');
      assert.equal(tabOf(), 'estimate');
      await page.reload();
      await page.waitForSelector('#tab-estimate:not([hidden])');
      assert.equal(await page.getAttribute('#tab-estimate-button', 'aria-selected'), 'true');
      assert.equal(await page.evaluate(() => document.documentElement.lang), 'ja');
      assert.equal(new URL(page.url()).searchParams.get('sfen'), sfen);
      await page.click('#tab-position-button');
      assert.equal(tabOf(), null);
      assert.equal(await sfenOf(page), sfen);
    });
  });

  for (const lang of ['en', 'ja']) {
    test(`the Estimate tab opens with three lines, their terms marked (${lang})`, async (t) => {
      await site.onPage(t, `?lang=${lang}&tab=estimate`, async (page) => {
        const lines = await page.$$eval('#est-intro p', (ps) => ps.map((p) => p.textContent ?? ''));
        assert.equal(lines.length, 3);
        for (const line of lines) assert.ok(line.length > 40 && !/\[\[/.test(line), line);
        const terms = await page.$$eval('#est-intro .term', (ss) => ss.map((s) => s.dataset.term));
        for (const term of ['sample', 'pk', 'sigma3', 'shard']) assert.ok(terms.includes(term), term);
        if (lang === 'ja') assert.match(lines.join(''), /標本/);
      });
    });
  }
});
