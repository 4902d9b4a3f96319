// Japanese and English: the language a browser gets, the switch (in place: the scenario of
// tests/scenarios/language.mjs, which Firefox runs too), and each tab in Japanese.
// Real-browser tests of the site in dist/ (`npm run build`) in Debian's headless Chromium (tests/site.mjs).
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { chromium } from 'playwright-core';
import { axeViolations, CHROMIUM, cli, rules, useChromium } from '../site.mjs';
import { NEAR, switchInPlace } from '../scenarios/language.mjs';
import { driver } from '../scenarios/ui.mjs';

const site = useChromium();
const { onPage } = site;

describe('Japanese and English', () => {
  // Each test in a fresh context of its own browser: the language is remembered per site (localStorage).
  let own;
  before(async () => {
    own = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox', '--disable-gpu'] });
  });
  after(() => own?.close());
  /** `check` on the page at `url` in a fresh context whose browser asks for `locale`. */
  const onFreshPage = async (t, locale, url, check) => {
    const context = await own.newContext({ locale, viewport: { width: 1280, height: 1000 }, serviceWorkers: 'block' });
    try {
      await onPage(t, url, check, { context });
    } finally {
      await context.close();
    }
  };

  test('a Japanese browser gets the Japanese page; English is a switch away, and remembered', async (t) => {
    await onFreshPage(t, 'ja-JP', '?game=shogi', async (page) => {
      assert.equal(await page.getAttribute('html', 'lang'), 'ja');
      assert.equal(await page.textContent('#tab-position-button'), '局面');
      assert.equal(await page.textContent('#prove'), '到達可能か調べる');
      assert.equal(await page.inputValue('#language'), 'ja');
      await page.waitForSelector('#engine-status[data-state="ready"]');
      await page.selectOption('#language', 'en');
      assert.equal(await page.getAttribute('html', 'lang'), 'en');
      assert.equal(new URL(page.url()).searchParams.get('lang'), 'en');
      assert.match(await page.textContent('#engine-status'), /^Ready/);
      assert.equal(await page.textContent('#prove'), 'Prove reachability');
      // Remembered: the same address without ?lang= opens in English.
      const url = new URL(page.url());
      url.searchParams.delete('lang');
      await page.goto(url.href);
      await page.waitForSelector('#engine-status[data-state="ready"]');
      assert.equal(await page.textContent('#tab-position-button'), 'Position');
    });
  });

  test('a switch redraws the page in place: the record, its game and the move shown, the answer, a running estimate', async (t) => {
    await onFreshPage(t, 'en-US', '?game=shogi&lang=en', async (page) => {
      await switchInPlace(driver(page));
      assert.deepEqual(await axeViolations(page), [], 'axe, after the switch');
    });
  });

  test('a switch says a record\'s error again in the other language', async (t) => {
    await onFreshPage(t, 'en-US', '?game=shogi&lang=en', async (page) => {
      await page.fill('#record-text', 'this is not a game record');
      await page.click('#record-read');
      await page.waitForSelector('#record-error:not([hidden])');
      const english = await page.textContent('#record-error');
      assert.match(english, /^This record cannot be read: /);
      await page.selectOption('#language', 'ja');
      await page.waitForFunction(() => document.documentElement.lang === 'ja');
      const japanese = await page.textContent('#record-error');
      assert.match(japanese, /^この棋譜は読めません：/);
      assert.notEqual(japanese.replace(/^[^：]*：/, ''), english.replace(/^[^:]*: /, ''), 'the engine\'s reason in Japanese too');
    });
  });

  test('in Japanese: diagnostics name squares as ５一, verdicts, the whole game in Japanese notation', async (t) => {
    const native = JSON.parse(cli('proof-game', '--format', 'json', NEAR));
    const check = '4k4/9/9/9/4R4/9/9/9/4K4 b B2G2S2N2L9Prb2g2s2n2l9p 1';
    await onFreshPage(t, 'en-US', `?game=shogi&lang=ja&sfen=${encodeURIComponent(check)}`, async (page) => {
      assert.deepEqual(await rules(page), ['king']);
      assert.equal(await page.textContent('#diagnostics li[data-rule="king"]'), '王手 後手玉（５一）に５五の飛から王手がかかっているのに、手番は先手です。後手が王手を放置したことになります。');
      await page.click('#clear');
      assert.deepEqual(await rules(page), ['count']);
      assert.match(await page.textContent('#diagnostics'), /駒が足りません：飛2枚、角2枚、金4枚、銀4枚、桂4枚、香4枚、歩18枚。/);
      // Not a position at all: the engine's reason, retold.
      await page.fill('#sfen', '4k4/9/9/9/9/9/9/9/4K3k b - 1');
      await page.click('#sfen-form button[type="submit"]');
      await page.waitForSelector('#diagnostics li[data-rule="setup"]');
      assert.match(await page.textContent('#diagnostics li[data-rule="setup"]'), /局面になっていません：後手の玉が二枚以上あります/);
      await page.fill('#sfen', NEAR);
      await page.click('#sfen-form button[type="submit"]');
      await page.waitForFunction((s) => document.getElementById('sfen').value === s, NEAR);
      await page.click('#prove');
      await page.waitForSelector('#verdict[data-verdict="reachable"]', { timeout: 60_000 });
      assert.match(await page.textContent('#answer-heading'), /^初期局面から/);
      assert.match(await page.textContent('#verdict'), /^段階「到達」。合法な直前の手：\d+。探索：/);
      await page.click('#whole-game');
      await page.waitForSelector('#game-status[data-plies]', { timeout: 60_000 });
      assert.match(await page.textContent('#game-status'), /3手：最短の棋譜です/);
      const moves = await page.$$eval('#moves li .notation', (els) => els.map((e) => e.textContent));
      assert.deepEqual(moves, ['初期局面', ...native.moves.map((m, i) => `${i + 1}. ${m.japanese}`)]);
      assert.match(await page.textContent('#player-caption'), /^初期局面/);
      assert.deepEqual(await axeViolations(page), [], 'axe, in Japanese with the whole game');
    });
  });

  test('in Japanese: the Estimate tab, its tables and status', async (t) => {
    await onFreshPage(t, 'ja', '?game=minishogi&tab=estimate', async (page) => {
      await page.fill('#est-samples', '2000');
      await page.click('#est-start');
      await page.waitForSelector('#est-status[data-state="finished"]', { timeout: 120_000 });
      assert.match(await page.textContent('#est-status'), /^完了：2,000標本中2,000/);
      assert.deepEqual(await page.$$eval('#funnel thead th', (ths) => ths.map((th) => th.textContent)).then((h) => h.slice(0, 2)), ['検査', '標本数']);
      assert.equal(await page.textContent('#stage-counts tbody tr[data-stage="OK"] td:nth-child(2)'), '到達可能');
      assert.match(await page.textContent('#est-result'), /論文の値/);
      assert.match(await page.textContent('#gallery .gallery-item > span'), /^標本 \d+/);
      assert.deepEqual(await axeViolations(page), [], 'axe, in Japanese, finished estimate');
    });
  });
});
