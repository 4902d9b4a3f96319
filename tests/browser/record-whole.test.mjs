// A record read whole: the record panel shows its header as a list and one line naming the parts the reader
// did not keep; the move tree takes each move's comment, beside the move, and its variations (KIF's 変化,
// nested), chosen at their moves — the board and Prove follow the line chosen; a malformed variation is a
// named error. English at the desktop size, Japanese on a 360 px phone (the scenario of
// tests/scenarios/record.mjs, which Firefox runs too). The positions compared with are the CLI's
// (`record --json`). Real-browser tests of dist/ in Debian's headless Chromium (tests/site.mjs).
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { axeViolations, cli, launchPhones, position, readRecord, recordTexts, sfenOf, urlSfen, useChromium } from '../site.mjs';
import { ANNOTATED, branches, chooseVariation, commentOf, headerShown, readWhole } from '../scenarios/record.mjs';
import { driver } from '../scenarios/ui.mjs';

const site = useChromium();
const { onPage } = site;
const KIFU = join(ANNOTATED, 'annotated.kifu');
const json = JSON.parse(cli('record', '--json', KIFU));

let phones;
before(async () => {
  phones = await launchPhones();
});
after(() => phones?.close());

describe('records whole', () => {
  test('English, desktop: header, comments beside moves, nested variations chosen, Prove follows the line', async (t) => {
    await onPage(t, '?game=shogi&lang=en', async (page) => {
      const ui = driver(page);
      await readRecord(page, readFileSync(KIFU, 'utf8'));
      const header = await headerShown(ui);
      assert.deepEqual(header.slice(0, 3), [['Date', '2024/04/05 10:00:00'], ['Ended', '2024/04/05 18:30:00'], ['Event', 'テスト棋戦']]);
      assert.deepEqual(header.slice(6), [['Sente', '先手太郎'], ['Gote', '後手花子'], ['作者', 'テスト']]);
      assert.equal(await commentOf(ui, 0), '対局開始前の一言');
      assert.equal(await commentOf(ui, 1), '角道を開ける');
      assert.equal(await commentOf(ui, 2), null);
      assert.equal(await commentOf(ui, 4), '銀で取る\n二行目');
      assert.equal(await page.textContent('#record-skipped'),
        'Not kept from this record: the time of each move, the game’s end (投了, まで…), bookmarks (&), comments on the file (#).');
      // Where the main line branches: move 3 (a variation) and move 4 (another); nowhere else.
      assert.deepEqual(await branches(ui), [['Variations at move 3', 'P-6f'], ['Variations at move 4', 'Rx2b']]);
      // The variation at move 4: the board shows its move, the list its line, its comment beside its move.
      const [first, nested, third] = json.variations;
      await chooseVariation(ui, 4, first.moves[0]);
      assert.equal(position(await page.getAttribute('#play-board', 'data-sfen')), position(first.moves[0].sfen));
      assert.equal(position(urlSfen(page)), position(first.moves[0].sfen));
      assert.deepEqual(await recordTexts(page), ['Start', '1. P-7f', '2. P-3d', '3. Bx2b+', '4. Rx2b', '5. B*5e', '6. R-5b']);
      assert.equal(await commentOf(ui, 4), '飛車で取る');
      assert.equal(await page.getAttribute('#play-moves li > button[data-ply="4"]', 'aria-current'), 'true');
      assert.deepEqual((await branches(ui))[1], ['Variations at move 4', 'Sx2b']);
      assert.deepEqual(await axeViolations(page), [], 'axe: header, comments and variations');
      // Nested: the variation of the variation at move 5, then its last move, by the keyboard.
      assert.equal(nested.parent, 0);
      await chooseVariation(ui, 5, nested.moves[0]);
      assert.deepEqual((await recordTexts(page)).slice(5), ['5. B*6e', '6. R-7b']);
      await page.focus('#play-moves li > button[data-ply="5"]');
      await page.keyboard.press('End');
      assert.equal(position(await sfenOf(page)), position(nested.moves[1].sfen));
      // Prove follows: the answer's game from the start ends at the variation's last position.
      await page.click('#prove');
      await page.waitForSelector('#answer[data-state="done"]', { timeout: 120_000 });
      assert.equal(await page.getAttribute('#answer', 'data-verdict'), 'reachable');
      const plies = await page.getAttribute('#answer', 'data-plies');
      await page.click('#answer-play');
      await page.waitForSelector(`#play-board[data-ply="${plies}"]`, { timeout: 60_000 });
      assert.equal(position(await page.getAttribute('#play-board', 'data-sfen')), position(nested.moves[1].sfen));
      // The record read again: the variation of the main line at move 3, then the main line again.
      await readRecord(page, readFileSync(KIFU, 'utf8'));
      await chooseVariation(ui, 3, third.moves[0]);
      assert.deepEqual(await recordTexts(page), ['Start', '1. P-7f', '2. P-3d', '3. P-6f', '4. P-8d']);
      assert.equal(await commentOf(ui, 0), '対局開始前の一言');
      await chooseVariation(ui, 3, json.moves[2]);
      assert.equal((await recordTexts(page)).length, 6);
    });
  });

  test('Japanese on a 360 px phone: a Shift_JIS KIF file whole, the variation chosen, nothing wider than the screen', async (t) => {
    const context = await phones.newContext({ viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 });
    try {
      await site.onPage(t, '?game=shogi&lang=ja', async (page) => {
        const ui = driver(page);
        await readWhole(ui, async () => {
          await ui.upload('#record-file', join(ANNOTATED, 'annotated.kif'));
          await ui.waitFor('#play-moves button[aria-current]');
        });
      }, { context });
    } finally {
      await context.close();
    }
  });

  test('a CSA record: players and $ fields under their names, comments, and the parts skipped', async (t) => {
    await onPage(t, '?game=shogi&lang=en', async (page) => {
      const ui = driver(page);
      await readRecord(page, readFileSync(join(ANNOTATED, 'annotated.csa'), 'utf8'));
      const header = await headerShown(ui);
      assert.deepEqual(header, [['Sente', '先手太郎'], ['Gote', '後手花子'], ['Event', 'テスト棋戦'], ['Site', '東京・将棋会館'],
        ['Date', '2024/04/05 10:00:00'], ['Time control', '06:00+00']]);
      assert.equal(await commentOf(ui, 4), '銀で取る\n二行目');
      assert.match(await page.textContent('#record-skipped'), /^Not kept from this record: the time of each move, the game’s end/);
      assert.deepEqual(await branches(ui), []);
      // A record with nothing beside its moves: no header, no line of parts skipped.
      await readRecord(page, 'position startpos moves 7g7f 3c3d\n');
      assert.equal(await page.isHidden('#record-header'), true);
      assert.equal(await page.isHidden('#record-skipped'), true);
    });
  });

  for (const lang of ['en', 'ja']) {
    test(`a malformed variation is a named error in ${lang === 'ja' ? 'Japanese' : 'English'}`, async (t) => {
      const kif = '手合割：平手\n   1 ７六歩(77)\n   2 ３四歩(33)\n';
      const want = {
        en: [/^This record cannot be read: line 4: a variation at move 5, which the line it branches from does not have$/,
          /^This record cannot be read: line 4: the variation at move 2 has no move$/,
          /^This record cannot be read: line 5: move numbered 3 where move 2 comes$/],
        ja: [/^この棋譜は読めません：4行目：5手目の変化ですが、分岐元の手順に5手目がありません$/,
          /^この棋譜は読めません：4行目：2手目の変化に指し手がありません$/,
          /^この棋譜は読めません：5行目：2手目の位置に3手目と書かれています$/],
      }[lang];
      const texts = [`${kif}変化：5手\n   5 ２六歩(27)\n`, `${kif}変化：2手\n`, `${kif}変化：2手\n   3 ８四歩(83)\n`];
      await onPage(t, `?game=shogi&lang=${lang}`, async (page) => {
        for (const [i, text] of texts.entries()) {
          await page.fill('#record-text', text);
          await page.click('#record-read');
          await page.waitForSelector('#record-error:not([hidden])');
          assert.match(await page.textContent('#record-error'), want[i]);
          await readRecord(page, '▲７六歩\n');
          await page.waitForSelector('#record-error', { state: 'hidden' });
        }
      });
    });
  }
});
