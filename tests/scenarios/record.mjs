// Records read whole, and what the scenarios share about records: the line shown, the editor's position
// awaited, a record's header, comments and variations. The scenario `readWhole`: the annotated KIF of the Rust tests
// (crate/engine/tests/data/annotated/) read in Japanese, its header as a list, each move's comment beside
// it, the parts the reader did not keep named, the variation at move 4 chosen (the board, the line and the
// editor follow it, as `shogi-reach record --json` reads them), nothing wider than the screen. Written once
// and run in Chromium (tests/browser/record-whole.test.mjs: the Shift_JIS file chosen, on a 360 px phone)
// and Firefox (tests/firefox-explain.test.mjs: the UTF-8 text pasted, at the desktop size).
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { cli, position, recordTexts, ROOT } from '../site.mjs';
import { settles } from './ui.mjs';

export const ANNOTATED = join(ROOT, 'crate/engine/tests/data/annotated');

/** Waits until the editor shows `sfen` (board, side and hands). */
export const atPosition = (ui, sfen) =>
  ui.waitUntil((want) => /** @type {HTMLInputElement} */ (document.getElementById('sfen')).value.split(' ').slice(0, 3).join(' ') === want, position(sfen));

/** The header as shown: [term, value] pairs. */
export const headerShown = (ui) =>
  ui.readAll('#record-header dt', (dts) => dts.map((dt) => [dt.textContent, dt.nextElementSibling?.textContent]));

/** The comment shown beside move `ply` (0: the start), or null. */
export const commentOf = (ui, ply) =>
  ui.read(`#play-moves li > button[data-ply="${ply}"]`, (b) => b.parentElement.querySelector('.record-comment')?.textContent ?? null);

/** The moves where the line shown branches, and at each the other moves, as listed. */
export const branches = (ui) =>
  ui.readAll('#play-moves .play-alternatives', (groups) => groups.map((g) =>
    [g.getAttribute('aria-label'), ...[...g.querySelectorAll('button')].map((b) => b.firstChild.textContent)]));

/** Chooses the move `step` ({usi, sfen}) at move `ply`, listed beside the line shown; waits for the editor. */
export async function chooseVariation(ui, ply, step) {
  await ui.click(`#play-moves .play-alternatives button[data-ply="${ply}"][data-usi="${step.usi}"]`);
  await atPosition(ui, step.sfen);
}

/** The scenario, on a page opened in Japanese at `?game=shogi&lang=ja`; `read()` reads the annotated
 * record into the page (a file chosen, a text pasted) and resolves once its moves are listed. */
export async function readWhole(ui, read) {
  const json = JSON.parse(cli('record', '--json', join(ANNOTATED, 'annotated.kifu')));
  await read();
  const header = await headerShown(ui);
  assert.deepEqual(header.slice(2, 5), [['棋戦', 'テスト棋戦'], ['場所', '東京・将棋会館'], ['持ち時間', '各6時間']]);
  assert.deepEqual(header.slice(6, 8), [['先手', '先手太郎'], ['後手', '後手花子']]);
  assert.equal(await commentOf(ui, 1), '角道を開ける');
  assert.equal(await ui.text('#record-skipped'),
    'この棋譜から読み込まなかったもの：消費時間、終局（投了・まで…）、しおり（&）、ファイルへのコメント（#）。');
  assert.deepEqual((await branches(ui))[1], ['4手目の変化', '☖同　飛']);
  const variation = json.variations[0].moves;
  await chooseVariation(ui, 4, variation[0]);
  await settles(async () => (await recordTexts(ui.page)).slice(4), variation.map((m, i) => `${i + 4}. ${m.japanese}`));
  assert.equal(await ui.attr('#play-moves li > button[data-ply="4"]', 'aria-current'), 'true');
  await ui.click('#play-moves li > button[data-ply="6"]');
  await atPosition(ui, variation[2].sfen);
  const widths = await ui.page.evaluate(() => [document.documentElement.scrollWidth,
    ...[...document.querySelectorAll('#record-panel *, #play-panel *')].map((e) => Math.ceil(e.getBoundingClientRect().right))]);
  const screen = await ui.page.evaluate(() => innerWidth);
  assert.ok(Math.max(...widths) <= screen, `wider than the screen (${screen} px): ${Math.max(...widths)}`);
}
