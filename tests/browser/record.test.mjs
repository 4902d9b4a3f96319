// The game-record panel: records from the CLI, files in Shift_JIS, dropped, too large or bad, and the
// engine's errors in both languages (the scenario of tests/scenarios/errors.mjs, which Firefox runs too).
// Real-browser tests of the site in dist/ (`npm run build`) in Debian's headless Chromium (tests/site.mjs).
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, truncateSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  afterPly, countReads, index, position, proofGameKif, readRecord, RECORDS, recordTexts, rules, sfenOf, urlSfen,
  useChromium, useScratch,
} from '../site.mjs';
import { engineErrors } from '../scenarios/errors.mjs';
import { driver } from '../scenarios/ui.mjs';

const site = useChromium();
const { onPage } = site;
const scratch = useScratch();

describe('game records', () => {
  test('a KIF from the CLI is the move tree, in Western notation, on the page\'s board; a chosen move loads its position, which proves', async (t) => {
    const file = proofGameKif(scratch, 'shogi', 'lnsgkgsnl/1r5+B1/pppppp1pp/6p2/9/2P6/PP1PPPPPP/7R1/LNSGKGSNL w B 1');
    await onPage(t, '?game=shogi&lang=en', async (page) => {
      await readRecord(page, readFileSync(file, 'utf8'));
      assert.deepEqual(await recordTexts(page), ['Start', '1. P-7f', '2. P-3d', '3. Bx2b+']);
      assert.match(await page.textContent('#record-status'), /kif, Shogi, 3 moves/);
      assert.equal(position(await sfenOf(page)), position(afterPly(file, 3)), 'the last position is loaded');
      assert.equal(await page.getAttribute('.board-column', 'data-mode'), 'play', 'the record is on the page\'s board');
      await page.click('#play-moves li > button[data-ply="2"]');
      assert.equal(position(await sfenOf(page)), position(afterPly(file, 2)));
      assert.equal(position(urlSfen(page)), position(afterPly(file, 2)));
      assert.equal(position(await page.getAttribute('#play-board', 'data-sfen')), position(afterPly(file, 2)));
      assert.equal(await page.getAttribute('#play-moves li > button[data-ply="2"]', 'aria-current'), 'true');
      // From the keyboard: arrows step, Home goes to the start, End to the last move.
      await page.keyboard.press('ArrowRight');
      assert.equal(position(await sfenOf(page)), position(afterPly(file, 3)));
      await page.keyboard.press('Home');
      assert.equal(position(await sfenOf(page)), position(afterPly(file, 0)));
      await page.keyboard.press('ArrowRight');
      await page.keyboard.press('ArrowRight');
      assert.equal(position(await sfenOf(page)), position(afterPly(file, 2)));
      assert.equal(await page.evaluate(() => document.activeElement.dataset.ply), '2');
      assert.deepEqual(await rules(page), []);
      await page.click('#prove');
      await page.waitForSelector('#verdict[data-verdict="reachable"]', { timeout: 30_000 });
      // A move played there is a variation beside the record's third move.
      await page.click(`#play-board [data-square="${index('2g')}"]`);
      await page.click(`#play-board [data-square="${index('2f')}"]`);
      await page.waitForSelector('#play-moves .play-alternatives button[data-usi="8h2b+"]');
      assert.deepEqual(await recordTexts(page), ['Start', '1. P-7f', '2. P-3d', '3. P-2f']);
      // A move taken back in the explorer is an edit of the editor's position: its board comes back.
      await page.click('#retro-moves[data-state="done"] button >> nth=0');
      await page.waitForSelector('.board-column[data-mode="editor"]');
      assert.equal(await page.isVisible('#board'), true);
      assert.equal(await page.isVisible('#play-resume'), true, 'the tree is kept');
    });
  });

  test('a Shift_JIS handicap KIF opened as a file, and a Mini Shogi record dropped on the page', async (t) => {
    const expected = Object.fromEntries(readFileSync(join(RECORDS, 'expected.tsv'), 'utf8').trim().split('\n').slice(1)
      .map((row) => row.split('\t')).map(([name, game, plies, sfen]) => [name, { game, plies: Number(plies), sfen }]));
    await onPage(t, '?game=minishogi&lang=en', async (page) => {
      await page.setInputFiles('#record-file', join(RECORDS, 'handicap-1.kif'));
      await page.waitForSelector('#play-moves button[aria-current]');
      const want = expected['handicap-1.kif'];
      assert.equal(await page.inputValue('#game'), 'shogi', 'the record switches the game');
      assert.equal(await page.locator('#board .sq').count(), 81);
      assert.equal((await recordTexts(page)).length, want.plies + 1);
      assert.equal(position(await sfenOf(page)), position(want.sfen));
      // The record's start, 香落ち, is the start its positions are proved from: no piece is missing.
      assert.equal(await page.inputValue('#start'), '香落ち');
      await page.waitForSelector('#diagnostics li.ok');
      assert.deepEqual(await rules(page), []);
      // A file dropped anywhere on the page: a Mini Shogi KI2 switches back to Mini Shogi.
      await page.evaluate(() => {
        const data = new DataTransfer();
        data.items.add(new File(['手合割：５五将棋\n▲１二飛　△同金\n'], 'mini.ki2'));
        document.querySelector('#board').dispatchEvent(new DragEvent('drop', { dataTransfer: data, bubbles: true, cancelable: true }));
      });
      await page.waitForFunction(() => document.querySelector('#record-status').textContent.startsWith('mini.ki2'));
      await page.waitForSelector('#play-moves button[data-usi="2a1b"]');
      assert.equal(await page.inputValue('#game'), 'minishogi');
      assert.equal(await page.inputValue('#est-game'), 'minishogi');
      assert.equal(await sfenOf(page), 'rbs1k/4g/5/P4/KGSB1 b Pr 1');
      assert.deepEqual(await recordTexts(page), ['Start', '1. Rx1b', '2. Gx1b']);
      await page.click('#play-moves li > button[data-ply="0"]');
      assert.equal(await sfenOf(page), 'rbsgk/4p/5/P4/KGSBR b - 1');
    });
  });

  test('a bad record shows its line in an alert, and the editor keeps its position', async (t) => {
    await onPage(t, '?game=shogi&lang=ja', async (page) => {
      const before = await sfenOf(page);
      await page.fill('#record-text', '▲７六歩 △３四歩\n▲５八金\n');
      await page.click('#record-read');
      await page.waitForSelector('#record-error:not([hidden])');
      assert.match(await page.textContent('#record-error'), /^この棋譜は読めません：2行目：3手目「５八金」は６九→５八と４九→５八のどちらか/);
      assert.equal(await page.getAttribute('#record-error', 'role'), 'alert');
      assert.equal(await page.getAttribute('#record-text', 'aria-invalid'), 'true');
      assert.equal(await sfenOf(page), before);
      assert.equal(await page.locator('#play-moves li').count(), 0);
      // Corrected, it reads, in Japanese notation, and the message goes.
      await readRecord(page, '▲７六歩 △３四歩\n▲５八金右\n');
      assert.equal(await page.isHidden('#record-error'), true);
      assert.deepEqual(await recordTexts(page), ['開始局面', '1. ☗７六歩', '2. ☖３四歩', '3. ☗５八金右']);
    });
  });

  test('a 300 MiB record opened or dropped is refused by its size, unread, naming the 1 MiB limit', async (t) => {
    const big = join(scratch, 'big.kif');
    writeFileSync(big, '');
    truncateSync(big, 300 << 20); // sparse: nothing is written
    const want = {
      en: /^This record cannot be read: big\.kif: record of 314572800 bytes: at most 1048576 \(1 MiB\) are read$/,
      ja: /^この棋譜は読めません：big\.kif：棋譜が大きすぎます：314,572,800バイト（読めるのは1,048,576バイト＝1 MiBまで）$/,
    };
    for (const lang of ['en', 'ja']) {
      await onPage(t, `?game=shogi&lang=${lang}`, async (page) => {
        const before = await sfenOf(page);
        await countReads(page);
        const since = Date.now();
        await page.setInputFiles('#record-file', big);
        await page.waitForSelector('#record-error:not([hidden])', { timeout: 5000 });
        assert.ok(Date.now() - since < 5000, `refused in ${Date.now() - since} ms`);
        assert.match(await page.textContent('#record-error'), want[lang]);
        // The same file dropped on the page (the File of the input, not a copy in memory).
        await page.evaluate(() => {
          document.getElementById('record-error').hidden = true;
          const data = new DataTransfer();
          data.items.add(document.getElementById('record-file').files[0]);
          document.querySelector('#board').dispatchEvent(new DragEvent('drop', { dataTransfer: data, bubbles: true, cancelable: true }));
        });
        await page.waitForSelector('#record-error:not([hidden])', { timeout: 5000 });
        assert.match(await page.textContent('#record-error'), want[lang]);
        assert.deepEqual(await page.evaluate(() => window.__reads), [], 'the file was not read');
        assert.equal(await sfenOf(page), before, 'the editor keeps its position');
        // A record within the limit still reads, and is read no further than the limit.
        await page.evaluate(() => {
          const data = new DataTransfer();
          data.items.add(new File(['手合割：５五将棋\n▲１二飛　△同金\n'], 'mini.ki2'));
          document.querySelector('#board').dispatchEvent(new DragEvent('drop', { dataTransfer: data, bubbles: true, cancelable: true }));
        });
        await page.waitForSelector('#play-moves button[data-usi="2a1b"]');
        assert.equal(await page.isHidden('#record-error'), true);
        const reads = await page.evaluate(() => window.__reads);
        assert.ok(reads.length >= 1 && reads.every(([, bytes]) => bytes <= (1 << 20) + 1), JSON.stringify(reads));
      });
    }
  });

  for (const lang of ['ja', 'en']) {
    test(`engine errors in ${lang === 'ja' ? 'Japanese' : 'English'}: a record's line, move and squares, its bad position, the setup rule`, async (t) => {
      await onPage(t, `?game=shogi&lang=${lang}`, (page) => engineErrors(driver(page), lang));
    });
  }
});
