// The How it works tab (www/js/walkthrough/), in both languages, at 1280 px and on a 360 px phone: every
// figure it shows is the command line's (|P_K|, a rank unranked, the stage of each example, the search's
// goal, a small estimate), the marked squares are the engine's reason, the search ends with the two kings
// alone, the papers are linked, nothing is wider than a phone, and axe-core finds no serious problem.
// The Estimate tab's opening lines, with their terms marked.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { CLI, axeViolations, cli, launchPhones, phoneContext, sfenOf, useChromium } from '../site.mjs';

const site = useChromium();
let phones;
before(async () => {
  phones = await launchPhones();
});
after(() => phones?.close());

const SEED = '20261122';
const WIDTH = { shogi: 9, minishogi: 5, judkins: 6 };

/** The cells of an SFEN's board, a piece token or null each, in reading order. */
function boardCells(sfen) {
  const cells = [];
  for (const row of sfen.split(' ')[0].split('/')) {
    for (const token of row.match(/\+?[a-zA-Z]|\d/g) ?? []) {
      if (/\d/.test(token)) cells.push(...Array(Number(token)).fill(null));
      else cells.push(token);
    }
  }
  return cells;
}

/** The pieces a board view under `selector` draws, a token or null per square. */
const drawnCells = (page, selector) =>
  page.$$eval(`${selector} [data-square]`, (cells) =>
    cells
      .sort((a, b) => Number(a.dataset.square) - Number(b.dataset.square))
      .map((c) => c.querySelector('[data-piece]')?.getAttribute('data-piece') ?? null));

/** Square names marked `bad` on the board under `selector`. */
const markedSquares = (page, selector, variant) =>
  page.$$eval(`${selector} .sq.bad`, (cells, width) =>
    cells.map((c) => {
      const i = Number(c.dataset.square);
      return `${width - (i % width)}${String.fromCharCode(97 + Math.floor(i / width))}`;
    }).sort(), WIDTH[variant]);

/** The stage `shogi-reach classify` gives rank `rank`. */
const classify = (variant, rank) =>
  execFileSync(CLI, ['classify', '--variant', variant], { input: `${rank}\n`, encoding: 'utf8' }).split('\n')[1].split('\t')[2];

async function openWalkthrough(page, variant) {
  await page.selectOption('#game', variant);
  await page.click('#tab-how-button');
  await page.waitForSelector(`#how-body[data-variant="${variant}"]`);
}

async function checkCounts(page) {
  for (const variant of Object.keys(WIDTH)) {
    const shown = await page.textContent(`#how-candidates .how-count[data-variant="${variant}"]`);
    assert.equal(shown, cli('count', '--variant', variant).trim(), variant);
  }
}

async function checkDraws(page, variant) {
  await page.waitForSelector('#how-sample[data-rank]');
  const first = await page.getAttribute('#how-sample', 'data-rank');
  await page.click('#how-sample button');
  await page.waitForFunction((r) => document.querySelector('#how-sample')?.getAttribute('data-rank') !== r, first);
  const rank = await page.getAttribute('#how-sample', 'data-rank');
  assert.notEqual(rank, first);
  assert.equal(await page.textContent('#how-sample .how-rank'), rank);
  const sfen = cli('unrank', '--variant', variant, rank).trim();
  assert.equal(await page.textContent('#how-sample .how-sfen'), sfen);
  assert.deepEqual(await drawnCells(page, '#how-sample'), boardCells(sfen));
}

async function checkExamples(page, variant) {
  const stages = await page.$$eval('#how-filters .how-example', (as) => as.map((a) => a.dataset.stage));
  // A board without a centre file (an even width) has no sample that fails flip, and says so.
  const centre = WIDTH[variant] % 2 === 1;
  assert.deepEqual(stages, [...(centre ? ['flip'] : []), 'piece', 'king', 'prev']);
  assert.equal(await page.isVisible('#how-no-flip'), !centre);
  for (const stage of stages) {
    const selector = `#how-filters .how-example[data-stage="${stage}"]`;
    await page.waitForSelector(`${selector}[data-sfen]`, { timeout: 60_000 });
    const x = await page.$eval(selector, (a) => ({ ...a.dataset }));
    assert.equal(classify(variant, x.rank), stage, `${stage}: ${x.sfen}`);
    assert.equal(cli('unrank', '--variant', variant, x.rank).trim(), x.sfen);
    // The first such sample of the seed: the command line draws the same rank at that index.
    const drawn = cli('sample', '--variant', variant, '--seed', SEED, '--start', x.index, '--count', '1').trim();
    assert.equal(drawn, x.rank);
    const marked = await markedSquares(page, selector, variant);
    assert.deepEqual(marked, x.squares.split(' ').sort(), stage);
    assert.ok(marked.length > 0, stage);
    const cells = boardCells(x.sfen);
    const at = (name) => cells[(name.charCodeAt(1) - 97) * WIDTH[variant] + WIDTH[variant] - Number(name[0])];
    if (stage === 'king') assert.ok(marked.some((s) => at(s) === 'k'), 'Gote’s king is marked');
    if (stage === 'flip') assert.equal(marked.filter((s) => /^[kK]$/.test(at(s) ?? '')).length, 2, 'both kings');
    if (stage === 'prev') assert.ok(marked.every((s) => /^\+?[a-z]$/.test(at(s) ?? '')), 'Gote’s pieces');
  }
}

async function checkSearch(page, variant) {
  await page.waitForSelector('#how-search[data-plies]', { timeout: 60_000 });
  const start = await page.getAttribute('#how-search', 'data-sfen');
  const proof = JSON.parse(cli('prove', '--json', '--variant', variant, start));
  assert.equal(proof.verdict, 'reachable');
  assert.equal(Number(await page.getAttribute('#how-search', 'data-plies')), proof.path.length);
  // One move taken back by a click, then the rest by the same button in the page: a round trip per move
  // (116 in Shogi) cost 10 s of a test.
  await page.locator('#how-search .tool-row button').first().click();
  assert.equal(await page.getAttribute('#how-search', 'data-ply'), '1');
  await page.$eval('#how-search .tool-row button', (back) => {
    while (!back.disabled) back.click();
  });
  assert.equal(await page.getAttribute('#how-search', 'data-state'), 'kk');
  assert.equal(await page.getAttribute('#how-search', 'data-ply'), String(proof.path.length));
  const end = await page.getAttribute('#how-search', 'data-sfen');
  assert.equal(end, proof.goal);
  const pieces = (await drawnCells(page, '#how-search')).filter(Boolean);
  assert.deepEqual(pieces.sort(), ['K', 'k']);
}

async function checkEstimate(page, variant) {
  await page.click('#how-estimate .tool-row button');
  await page.waitForSelector('#how-live-run[data-samples]', { timeout: 120_000 });
  const report = JSON.parse(cli('estimate', '--variant', variant, '--samples', '100000', '--seed', SEED, '--json'));
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
  for (const [lang, variant] of [['en', 'shogi'], ['ja', 'minishogi'], ['en', 'judkins']]) {
    test(`${variant}, ${lang}: the engine's figures equal the command line's`, async (t) => {
      await site.onPage(t, `?lang=${lang}`, async (page) => {
        await openWalkthrough(page, variant);
        await checkCounts(page);
        await checkDraws(page, variant);
        await checkExamples(page, variant);
        await checkSearch(page, variant);
        await checkLinks(page);
        assert.deepEqual(await axeViolations(page), []);
        await checkEstimate(page, variant);
      });
    });
  }
});

describe('How it works on a 360 px phone', () => {
  for (const [lang, variant] of [['ja', 'shogi'], ['en', 'minishogi']]) {
    test(`${variant}, ${lang}: nothing wider than the screen; a rank drawn, the examples and the search`, async (t) => {
      const context = await phoneContext(phones, 360);
      try {
        await site.onPage(t, `?lang=${lang}`, async (page) => {
          await openWalkthrough(page, variant);
          await checkDraws(page, variant);
          await checkExamples(page, variant);
          await checkSearch(page, variant);
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
      await page.waitForSelector('#how-body[data-variant="shogi"]');
      await page.selectOption('#game', 'minishogi');
      await page.waitForSelector('#how-body[data-variant="minishogi"]');
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
