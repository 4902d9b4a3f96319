// Words a visitor understands: every term the page shows is explained on hover, keyboard focus and tap, in
// both languages, at desktop width and on a 360 px phone; the Japanese page names pieces and stages in
// Japanese; and the wording bugs once found (an English message in Japanese, a backward range of moves, a
// claim about a search that did not run, two counts of one run that disagreed without a word).
// Real-browser tests of the site in dist/ (`npm run build`) in Debian's headless Chromium (tests/site.mjs).
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import en from '../../www/js/i18n/en.js';
import ja from '../../www/js/i18n/ja.js';
import { axeViolations, launchPhones, phoneContext, runOnPage, square, useChromium, whyOf } from '../site.mjs';
import { termOnHoverAndFocus } from '../scenarios/terms.mjs';
import { driver } from '../scenarios/ui.mjs';

const site = useChromium();
const { onPage } = site;
const DICTIONARIES = { en, ja };
// Two pawns on the 5th file: unreachable at the stage `piece`, with the diagnostic showing it.
const TWO_PAWNS = '4k4/9/9/9/4P4/4P4/9/9/4K4 b 2R2B4G4S4N4L16P 1';
// The KK position at the end of the Shogi opening (44 plies): its KK route has no connection and no path.
const OPENING_KK = '5k3/9/9/9/9/9/9/9/3K5 b RB2G2S2N2L9Prb2g2s2n2l9p 1';

/** The tooltip as the page shows it: hidden or not, its text and box. */
const tip = (page) =>
  page.evaluate(() => {
    const el = document.getElementById('term-tip');
    const r = el.getBoundingClientRect();
    return { hidden: el.hidden, text: el.textContent, term: el.dataset.term, left: r.left, right: r.right, width: innerWidth };
  });

/** Every term on the page: [key, text]. */
const terms = (page) => page.$$eval('.term', (els) => els.map((e) => [e.dataset.term, e.textContent]));

/** Runs a small Mini Shogi estimate in the page and waits for its end. */
async function smallEstimate(page, samples = 5000) {
  await page.click('#tab-estimate-button');
  await page.selectOption('#est-game', 'minishogi');
  await page.fill('#est-samples', String(samples));
  await page.click('#est-start');
  await page.waitForSelector('#est-status[data-state="finished"]', { timeout: 120_000 });
}

/** Checks that each term of the page has its glossary entry and that focusing it shows that entry. */
async function everyTermExplained(page, d) {
  const found = await terms(page);
  assert.ok(found.length >= 5, JSON.stringify(found));
  for (const [key, text] of found) {
    assert.ok(Object.hasOwn(d, `term:${key}`), `no glossary entry for ${key} (${text})`);
  }
  const visible = await page.$$eval('.term', (els) => els.map((e, i) => [i, e.getClientRects().length > 0]).filter(([, v]) => v).map(([i]) => i));
  for (const i of visible) {
    await page.locator('.term').nth(i).focus();
    const shown = await tip(page);
    const key = found[i][0];
    assert.equal(shown.hidden, false, key);
    assert.equal(shown.text, d[`term:${key}`], key);
    assert.equal(await page.locator('.term').nth(i).getAttribute('aria-describedby'), 'term-tip');
  }
  await page.keyboard.press('Escape');
  return found.map(([key]) => key);
}

describe('terms explained where they appear', () => {
  for (const lang of ['en', 'ja']) {
    const d = DICTIONARIES[lang];
    test(`${lang}: hover, focus and a click show the explanation; leaving, Escape and a click elsewhere close it`, async (t) => {
      await onPage(t, `?game=shogi&lang=${lang}&sfen=${encodeURIComponent(TWO_PAWNS)}`, async (page) => {
        await page.click('#prove');
        await page.waitForSelector('#verdict[data-verdict="unreachable"] .term');
        // Hover, focus from the keyboard, and Escape.
        await termOnHoverAndFocus(driver(page), d);
        // A click keeps it open when the mouse leaves; a click elsewhere closes it.
        const stage = page.locator('#verdict .term[data-term="stage-piece"]').first();
        await stage.click();
        await page.mouse.move(5, 5);
        await page.waitForTimeout(400);
        assert.deepEqual([(await tip(page)).hidden, (await tip(page)).term], [false, 'stage-piece']);
        assert.deepEqual(await axeViolations(page), []);
        await page.mouse.click(5, 5);
        assert.equal((await tip(page)).hidden, true);
        // The diagnostic names the stage in the page's language, as a term.
        assert.equal(await page.textContent('#diagnostics .rule'), d.stageName('piece'));
        const onPosition = await everyTermExplained(page, d);
        for (const key of ['node-cap', 'stage-piece']) assert.ok(onPosition.includes(key), key);
        await smallEstimate(page);
        const onEstimate = await everyTermExplained(page, d);
        for (const key of ['sample', 'shard', 'sigma3', 'pk', 'candidate', 'stage-flip', 'stage-reach', 'stage-ok', 'unknown', 'traced-back']) {
          assert.ok(onEstimate.includes(key), `${key} is not explained on the Estimate tab`);
        }
      });
    });
  }

  describe('on a 360 px phone', () => {
    let phones;
    before(async () => {
      phones = await launchPhones();
    });
    after(() => phones?.close());
    for (const lang of ['en', 'ja']) {
      test(`${lang}: a tap shows the explanation inside the screen; a second tap or a tap elsewhere closes it`, async (t) => {
        const context = await phoneContext(phones, 360);
        try {
          await runOnPage(await context.newPage(), `${site.isolated.url}?game=minishogi&lang=${lang}`, t.name, async (page) => {
            await page.click('#tab-estimate-button');
            const shard = page.locator('label > .term[data-term="shard"]');
            await shard.tap();
            let shown = await tip(page);
            assert.deepEqual([shown.hidden, shown.text], [false, DICTIONARIES[lang]['term:shard']]);
            assert.ok(shown.left >= 0 && shown.right <= shown.width, JSON.stringify(shown));
            assert.ok(await page.evaluate(() => document.documentElement.scrollWidth <= innerWidth));
            await shard.tap();
            assert.equal((await tip(page)).hidden, true);
            // A term at the right edge: the tooltip still fits.
            const sigma = page.locator('.term[data-term="sigma3"]').first();
            await sigma.tap();
            shown = await tip(page);
            assert.deepEqual([shown.hidden, shown.term], [false, 'sigma3']);
            assert.ok(shown.left >= 0 && shown.right <= shown.width, JSON.stringify(shown));
            await page.locator('h1').tap();
            assert.equal((await tip(page)).hidden, true);
          });
        } finally {
          await context.close();
        }
      });
    }
  });
});

describe('Japanese words, and wording bugs once found', () => {
  test('ja: a king dragged to a hand, the box, the diagnostics and the estimate speak Japanese', async (t) => {
    await onPage(t, '?game=shogi&lang=ja', async (page) => {
      await square(page, '5i').locator('.piece').dragTo(page.locator('#board [data-hand="0"] [data-hand-kind="R"]'));
      assert.equal(await page.textContent('#sfen-error'), '玉は持ち駒にできません');
      // A pawn from the empty box.
      await page.locator('#board [data-hand="0"] [data-hand-kind="P"]').click();
      assert.equal(await page.textContent('#sfen-error'), '駒箱に歩が残っていません（このゲームは18枚）');
      await smallEstimate(page);
      const stages = await page.$$eval('#stage-counts tbody tr td:first-child', (cells) => cells.map((c) => c.textContent));
      const funnel = await page.$$eval('#funnel tbody tr td:first-child', (cells) => cells.map((c) => c.textContent));
      assert.deepEqual(stages, ['駒数', '左右反転', '駒の配置', '王手', '直前の手', '遡り探索', '到達', '不明']);
      for (const text of [...stages, ...funnel]) assert.doesNotMatch(text, /[A-Za-z]/, text);
      const status = await page.textContent('#est-status');
      assert.match(status, /秒/);
      assert.doesNotMatch(status, /\d s\b|サンプル/);
    });
  });

  test('ja: the verdict, the diagnostic and the certificate name the stage in Japanese, never by its code', async (t) => {
    await onPage(t, `?game=shogi&lang=ja&sfen=${encodeURIComponent(TWO_PAWNS)}`, async (page) => {
      await whyOf(page);
      const texts = [
        await page.textContent('#verdict'),
        await page.textContent('#diagnostics'),
        await page.textContent('#certificate .cert-head'),
        ...(await page.$$eval('#certificate .cert-issues li', (lis) => lis.map((li) => li.textContent))),
      ];
      for (const text of texts) assert.doesNotMatch(text, /\b(piece|stage)\b/, text);
      assert.match(texts[0], /段階「駒の配置」/);
      assert.match(texts[2], /段階「駒の配置」/);
      // Each rule broken is its cause, as a player would say it.
      assert.match(texts.at(-1), /^先手の歩が５筋に2枚あります（５五、５六）。二歩は反則/);
    });
  });

  test('en: the KK route with no search budget: no backward range of moves, no claim of a search', async (t) => {
    await onPage(t, `?game=shogi&lang=en&sfen=${encodeURIComponent(OPENING_KK)}`, async (page) => {
      await page.click('#prove');
      await page.waitForSelector('#verdict[data-verdict="reachable"]', { timeout: 60_000 });
      await page.selectOption('#game-budget', '0');
      await page.click('#whole-game');
      await page.waitForSelector('#game-status[data-plies]', { timeout: 60_000 });
      const status = await page.textContent('#game-status');
      assert.equal(await page.getAttribute('#game-status', 'data-method'), 'kk');
      assert.match(status, /Moves 1–44: to a KK position\./);
      assert.doesNotMatch(status, /45–44/);
      assert.doesNotMatch(status, /found nothing shorter/);
      assert.match(status, /search budget is none/);
      assert.equal(await page.textContent('#player-title .term'), 'whole game');
    });
  });

  test('en: while an estimate runs, the status says which count the estimate shows when they differ', async (t) => {
    await onPage(t, '?game=minishogi&lang=en', async (page) => {
      await page.click('#tab-estimate-button');
      await page.fill('#est-samples', '5000000');
      await page.click('#est-start');
      const seen = [];
      const lags = (s) => Number.isFinite(s.counted) && Number.isFinite(s.done) && s.counted !== s.done;
      for (let i = 0; i < 100 && seen.filter(lags).length < 2; i++) {
        await page.waitForTimeout(100);
        seen.push(await page.evaluate(() => ({
          done: Number(document.getElementById('est-status').dataset.done),
          status: document.getElementById('est-status').textContent,
          counted: Number(/ \/ ([\d,]+) =/.exec(document.getElementById('est-result').textContent)?.[1].replaceAll(',', '') ?? NaN),
        })));
      }
      await page.click('#est-stop');
      const lagging = seen.filter(lags);
      assert.ok(lagging.length > 0, `the report never lagged: ${JSON.stringify(seen.slice(-3))}`);
      for (const s of lagging) assert.ok(s.status.includes(en.runCounted(s.counted.toLocaleString('en'))), JSON.stringify(s));
      for (const s of seen.filter((x) => x.counted === x.done)) assert.doesNotMatch(s.status, /counts the first/);
      await page.waitForSelector('#est-status[data-state="stopped"]', { timeout: 60_000 });
      // Stopped: one count, the estimate's.
      const done = await page.getAttribute('#est-status', 'data-done');
      assert.match(await page.textContent('#est-result'), new RegExp(` / ${done} =`));
    });
  });
});
