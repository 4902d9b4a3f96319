// Japanese and English: the language a browser gets, the switch, and each tab in Japanese.
// Real-browser tests of the site in dist/ (`npm run build`) in Debian's headless Chromium (tests/site.mjs).
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { chromium } from 'playwright-core';
import { axeViolations, CHROMIUM, cli, rules, useChromium } from '../site.mjs';

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
  const near = 'lnsgkgsnl/1r5b1/pppppp1pp/6p2/9/2P4P1/PP1PPPP1P/1B5R1/LNSGKGSNL w - 1';

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
    const game = JSON.parse(cli('proof-game', '--format', 'json', near));
    await onFreshPage(t, 'en-US', '?game=shogi&lang=en', async (page) => {
      await page.evaluate(() => {
        /** @type {any} */ (window).before = 'the same page';
      });
      // A record read, its position proved, its game played and stepped to its first move.
      await page.fill('#record-text', game.kif);
      await page.click('#record-read');
      await page.waitForSelector(`#play-moves li > button[data-ply="${game.plies}"][aria-current]`);
      await page.click('#prove');
      await page.waitForSelector('#answer[data-state="done"]', { timeout: 60_000 });
      await page.click('#answer-play');
      await page.waitForSelector(`#play-board[data-ply="${game.plies}"]`, { timeout: 30_000 });
      await page.click('#play-first');
      await page.click('#play-forward');
      const sfen = await page.inputValue('#sfen');
      // An estimate running on the other tab.
      await page.click('#tab-estimate-button');
      await page.fill('#est-samples', '100000000');
      await page.click('#est-start');
      await page.waitForSelector('#est-status[data-state="progress"]', { timeout: 60_000 });
      await page.selectOption('#language', 'ja');
      assert.equal(await page.evaluate(() => /** @type {any} */ (window).before), 'the same page', 'no reload');
      assert.equal(await page.getAttribute('html', 'lang'), 'ja');
      assert.equal(new URL(page.url()).searchParams.get('lang'), 'ja');
      // The estimate goes on, said in Japanese.
      const done = Number(await page.getAttribute('#est-status', 'data-done'));
      await page.waitForFunction((d) => Number(document.querySelector('#est-status').dataset.done) > d, done, { timeout: 60_000 });
      assert.match(await page.textContent('#est-status'), /^実行中/);
      assert.equal(await page.getAttribute('#est-status', 'data-state'), 'progress');
      await page.click('#est-stop');
      await page.waitForSelector('#est-status[data-state="stopped"]', { timeout: 60_000 });
      await page.click('#tab-position-button');
      // The position, the record at its move, the answer and its game at the move shown, in Japanese.
      assert.equal(await page.inputValue('#sfen'), sfen);
      const record = await page.$$eval('#play-moves li > button', (bs) => bs.map((b) => b.firstChild?.textContent));
      assert.deepEqual(record, ['開始局面', ...game.moves.map((m, i) => `${i + 1}. ${m.japanese}`)]);
      assert.equal(await page.getAttribute('#play-moves button[aria-current]', 'data-ply'), '1');
      assert.equal(await page.getAttribute('#play-board', 'data-sfen'), game.moves[0].sfen);
      assert.match(await page.textContent('#answer-heading'), new RegExp(`^初期局面から${game.plies}手の棋譜`));
      assert.equal((await page.textContent('#play-auto')).trim(), '再生');
      assert.equal(await page.textContent('#prove'), '到達可能か調べる');
      assert.match(await page.textContent('#verdict'), /^段階「到達」/);
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
    const native = JSON.parse(cli('proof-game', '--format', 'json', near));
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
      await page.fill('#sfen', near);
      await page.click('#sfen-form button[type="submit"]');
      await page.waitForFunction((s) => document.getElementById('sfen').value === s, near);
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
