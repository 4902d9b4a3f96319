// Proving positions: verdicts, the path player, the whole game and its downloads, node caps and cancels.
// Real-browser tests of the site in dist/ (`npm run build`) in Debian's headless Chromium (tests/site.mjs).
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { cli, index, setNodeCap, stopAnswerSearch, useChromium } from '../site.mjs';

const site = useChromium();
const { onPage } = site;

describe('proving', () => {
  const reachable =
    '2K1lp1l1/1P3P3/4+L2P1/2p2+b1N1/2+p5S/pp+pp+NB1pp/+pr1g1g1+s+P/+r1s1+n+pkg+S/P1P1+PgN2 b L 1';

  test('a reachable Shogi position is proved and its path animates back to a KK position', async (t) => {
    const native = JSON.parse(cli('prove', '--json', reachable));
    await onPage(t, `?game=shogi&labels=western&sfen=${encodeURIComponent(reachable)}`, async (page) => {
      await page.click('#prove');
      await page.waitForSelector('#verdict[data-verdict]', { timeout: 60_000 });
      assert.equal(await page.getAttribute('#verdict', 'data-verdict'), 'reachable');
      await stopAnswerSearch(page);
      assert.equal(Number(await page.getAttribute('#verdict', 'data-plies')), native.path.length);
      const moves = await page.$$eval('#moves li .usi', (els) => els.map((e) => e.textContent).filter(Boolean));
      assert.deepEqual(moves, native.path.map((s) => s.move));
      // In English the moves are in Western notation: piece, origin when ambiguous, -, x or *, square, + or =.
      const western = await page.$$eval('#moves li .notation', (els) => els.slice(1).map((e) => e.textContent));
      assert.equal(western.length, native.path.length);
      western.forEach((w, i) => {
        const m = /^(\d+)\. (\+?[KRBGSNLP])(\d[a-i])?([-x*])(\d[a-i])([+=]?)$/.exec(w);
        assert.ok(m, w);
        const usi = native.path[i].move;
        assert.equal(m[5], usi.slice(2, 4), w);
        assert.equal(m[4] === '*', usi[1] === '*', w);
        assert.equal(m[6] === '+', usi.endsWith('+'), w);
      });
      assert.ok(western.some((w) => w.includes('*')) && western.some((w) => w.endsWith('+')), 'drops and promotions');

      // The player starts at the KK position: only the two kings on the board, all else in the hands.
      assert.equal(await page.locator('#player-board .grid .piece').count(), 2);
      const inHands = await page.$$eval('#player-board .hand-item .count', (cs) => cs.reduce((n, c) => n + Number(c.textContent), 0));
      assert.equal(inHands, 38);
      // Play it backwards, fast, from the proved position to the KK position.
      await page.selectOption('#speed', '250');
      await page.selectOption('#direction', 'backward');
      assert.equal(await page.getAttribute('#player-caption', 'data-index'), String(native.path.length));
      const onBoard = (await page.locator('#player-board .grid .piece').count());
      assert.equal(onBoard, [...reachable.split(' ')[0]].filter((c) => /[a-z]/i.test(c)).length);
      // One step in the chosen direction: the last move is taken back and highlighted.
      await page.click('#forward');
      assert.equal(await page.getAttribute('#player-caption', 'data-index'), String(native.path.length - 1));
      const last = native.path.at(-1).move;
      const to = page.locator(`#player-board [data-square="${index(last.slice(2, 4))}"]`);
      assert.match(await to.getAttribute('class'), /last-to/);
      await page.click('#play');
      await page.waitForSelector('#player-caption[data-index="0"]', { timeout: 60_000 });
      assert.equal(await page.locator('#player-board .grid .piece').count(), 2);
      assert.equal((await page.textContent('#play')).trim(), 'Play');
      // Scrubbing jumps anywhere: the end is the proved position again.
      await page.locator('#scrub').fill(String(native.path.length));
      assert.equal(await page.getAttribute('#player-caption', 'data-index'), String(native.path.length));
    });
  });

  test('the whole game by the KK route plays, and downloads as KIF and USI', async (t) => {
    const native = JSON.parse(cli('proof-game', '--method', 'kk', '--format', 'json', reachable));
    await onPage(t, `?game=shogi&labels=western&sfen=${encodeURIComponent(reachable)}`, async (page) => {
      await page.click('#prove');
      await page.waitForSelector('#verdict[data-verdict="reachable"]', { timeout: 60_000 });
      await stopAnswerSearch(page);
      // No budget for the short search: the KK route's game, as the CLI's --method kk.
      await page.selectOption('#game-budget', '0');
      await page.click('#whole-game');
      await page.waitForSelector('#game-status[data-plies]', { timeout: 60_000 });
      assert.equal(Number(await page.getAttribute('#game-status', 'data-plies')), native.plies);
      assert.equal(await page.getAttribute('#game-status', 'data-method'), 'kk');
      assert.match(await page.textContent('#game-status'), /by the KK route/);
      const moves = await page.$$eval('#moves li .usi', (els) => els.map((e) => e.textContent).filter(Boolean));
      assert.deepEqual(moves, native.moves.map((m) => m.move));
      // It starts at the initial position (40 pieces on the board) and ends at the position.
      assert.equal(await page.locator('#player-board .grid .piece').count(), 40);
      await page.click('#last');
      assert.equal(await page.getAttribute('#player-caption', 'data-index'), String(native.plies));
      const onBoard = [...reachable.split(' ')[0]].filter((c) => /[a-z]/i.test(c)).length;
      assert.equal(await page.locator('#player-board .grid .piece').count(), onBoard);
      // The export menu (tests/browser/export.test.mjs reads every format back): the UTF-8 KIF and USI.
      await page.click('#game-export > summary');
      for (const [button, text] of [['[data-export="kifu"]', native.kif], ['[data-export="usi"]', `${native.usi}\n`]]) {
        const [file] = await Promise.all([page.waitForEvent('download'), page.click(`#game-export ${button}`)]);
        const path = await file.path();
        assert.equal((await import('node:fs')).readFileSync(path, 'utf8'), text);
      }
      await page.click('#path-only');
      assert.equal(await page.locator('#player-board .grid .piece').count(), 2);
    });
  });

  test('a position three plies from the start gets the shortest possible game, as the CLI', async (t) => {
    // After 7g7f 3c3d 2g2f.
    const near = 'lnsgkgsnl/1r5b1/pppppp1pp/6p2/9/2P4P1/PP1PPPP1P/1B5R1/LNSGKGSNL w - 1';
    const native = JSON.parse(cli('proof-game', '--format', 'json', near));
    assert.deepEqual([native.method, native.plies, native.shortest], ['short', 3, true]);
    await onPage(t, `?game=shogi&sfen=${encodeURIComponent(near)}`, async (page) => {
      await page.click('#prove');
      await page.waitForSelector('#verdict[data-verdict="reachable"]', { timeout: 60_000 });
      await page.click('#whole-game');
      await page.waitForSelector('#game-status[data-plies]', { timeout: 60_000 });
      assert.equal(await page.getAttribute('#game-status', 'data-plies'), '3');
      assert.equal(await page.getAttribute('#game-status', 'data-method'), 'short');
      assert.equal(await page.getAttribute('#game-status', 'data-shortest'), 'true');
      assert.match(await page.textContent('#game-status'), /3 moves: the shortest possible game/);
      const moves = await page.$$eval('#moves li .usi', (els) => els.map((e) => e.textContent).filter(Boolean));
      assert.deepEqual(moves, native.moves.map((m) => m.move));
      const western = await page.$$eval('#moves li .notation', (els) => els.slice(1).map((e) => e.textContent));
      assert.deepEqual(western, native.moves.map((m, i) => `${i + 1}. P-${m.move.slice(2, 4)}`));
      assert.equal(await page.locator('#player-board .grid .piece').count(), 40);
    });
  });

  test('building the whole game shows progress and can be cancelled; the next one runs', async (t) => {
    await onPage(t, `?game=shogi&sfen=${encodeURIComponent(reachable)}`, async (page) => {
      await page.click('#prove');
      await page.waitForSelector('#verdict[data-verdict="reachable"]', { timeout: 60_000 });
      await stopAnswerSearch(page);
      // 25 times the budget for the short search, which finds no game for this random position: cancel it
      // mid-search.
      await page.selectOption('#game-budget', '25');
      await page.click('#whole-game');
      await page.waitForFunction(() => /searching for a short game: [\d,]+ positions/.test(
        document.getElementById('game-status').textContent), null, { timeout: 30_000 });
      assert.equal(await page.isDisabled('#whole-game'), true);
      await page.click('#game-cancel');
      await page.waitForSelector('#game-status[data-state="cancelled"]');
      assert.equal(await page.isHidden('#game-cancel'), true);
      assert.equal(await page.isDisabled('#whole-game'), false);
      // The path stays; the game is built in a fresh worker on request: with no short search (the KK route
      // alone), the command line's KK route, move for move. (The standard budget's game equals the command
      // line's in answer.test.mjs.)
      assert.equal(await page.isVisible('#player'), true);
      await page.selectOption('#game-budget', '0');
      await page.click('#whole-game');
      await page.waitForSelector('#game-status[data-state="done"]', { timeout: 60_000 });
      const native = JSON.parse(cli('proof-game', '--format', 'json', '--method', 'kk', reachable));
      assert.equal(await page.getAttribute('#game-status', 'data-method'), native.method);
      assert.equal(Number(await page.getAttribute('#game-status', 'data-plies')), native.plies);
      const moves = await page.$$eval('#moves li .usi', (els) => els.map((e) => e.textContent).filter(Boolean));
      assert.deepEqual(moves, native.moves.map((m) => m.move));
    });
  });

  test('unreachable positions report their stage and how far back they were traced', async (t) => {
    await onPage(t, '?game=shogi', async (page) => {
      const cases = [
        ['search dies 2 plies back', 'reach', /at most 2 plies/],
        ['no legal predecessor', 'prev', /double check from Gote's knight on 5e and Gote's rook on 5g/],
        ['two pawns on a file', 'piece', /two unpromoted pawns/],
        ['side not to move is in check', 'king', /Gote's king on 5a is in check from Sente's rook on 5e, but it is Sente's move/],
      ];
      for (const [preset, stage, text] of cases) {
        const value = await page.$eval('#presets', (s, p) => [...s.options].find((o) => o.text.includes(p)).value, preset);
        await page.selectOption('#presets', value);
        await page.click('#prove');
        await page.waitForSelector(`#verdict[data-verdict="unreachable"][data-stage="${stage}"]`, { timeout: 30_000 });
        // The reason on the answer card, how far back the search went in the line under it.
        assert.match(`${await page.textContent('#answer-text')} ${await page.textContent('#verdict')}`, text);
        assert.equal(JSON.parse(cli('prove', '--json', value)).stage, stage);
        assert.equal(await page.isHidden('#player'), true);
      }
    });
  });

  test('a node cap gives the verdict unknown, and a search can be cancelled', async (t) => {
    await onPage(t, `?game=shogi&sfen=${encodeURIComponent(reachable)}`, async (page) => {
      await setNodeCap(page, '1000');
      await page.click('#prove');
      await page.waitForSelector('#verdict[data-verdict="unknown"]', { timeout: 30_000 });
      assert.match(await page.textContent('#answer-text'), /node cap/);
      // Cancelled before it can finish (in the same task as the start): the worker is stopped, the
      // page says so, and the next proof runs in a new worker.
      await setNodeCap(page, '1000000');
      await page.evaluate(() => {
        document.getElementById('prove').click();
        document.getElementById('cancel').click();
      });
      await page.waitForSelector('#verdict[data-verdict="cancelled"]');
      assert.equal(await page.isHidden('#cancel'), true);
      await page.click('#prove');
      await page.waitForSelector('#verdict[data-verdict="reachable"]', { timeout: 60_000 });
    });
  });
});
