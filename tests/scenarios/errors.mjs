// The engine's errors in the page's language: they come with their kind and parameters
// (crate/wasm/src/engine_error.rs), which the page says in its words: a record's line, move and squares
// (５八 in Japanese), a record that is none, its bad position, an illegal move, a board of the wrong size, and
// the setup rule of a text that is no position; in Japanese, no English word. A record read takes the error
// away. Written once and run in Chromium (tests/browser/record.test.mjs, both languages) and Firefox
// (tests/firefox-phones.test.mjs, Japanese), on a page opened at `?game=shogi&lang=…`.
import assert from 'node:assert/strict';
import { readRecord } from '../site.mjs';

const WANT = {
  ja: [
    /^この棋譜は読めません：2行目：3手目「５八金」は６九→５八と４九→５八のどちらか分かりません/,
    /^この棋譜は読めません：1行目：棋譜（KIF・KI2・CSA・USI・BOD・SFEN）として読めません：「hello world」/,
    /^この棋譜は読めません：1行目：局面が正しくありません：後手の玉が盤上にありません$/,
    /^この棋譜は読めません：2行目：指し手「７七玉」を読めません$|^この棋譜は読めません：2行目：1手目「７七玉」は指せません（反則）$/,
    /^この棋譜は読めません：3行目：盤面図が8段ありますが、このゲームは9段です$/,
  ],
  en: [
    /^This record cannot be read: line 2: move 3 "５八金" can mean 6i5h or 4i5h/,
    /^This record cannot be read: line 1: not a game record .*"hello world"/,
    /^This record cannot be read: line 1: bad position: Gote has no king on the board$/,
    /^This record cannot be read: line 2: (cannot read the move "７七玉"|move 1, ７七玉, is not legal$)/,
    /^This record cannot be read: line 3: cannot read the board: 8 rows, this game has 9$/,
  ],
};
// A BOD diagram of 8 rows: its line, and what is wrong with the board, in the page's language.
const BOD = [
  '後手の持駒：なし', '+---------------------------+', '|v香v桂v銀v金v玉v金v銀v桂v香|一', '| ・v飛 ・ ・ ・ ・ ・v角 ・|二',
  '|v歩v歩v歩v歩v歩v歩v歩v歩v歩|三', ...['四', '五', '六'].map((r) => `| ・ ・ ・ ・ ・ ・ ・ ・ ・|${r}`),
  '| 歩 歩 歩 歩 歩 歩 歩 歩 歩|七', '| ・ 角 ・ ・ ・ ・ ・ 飛 ・|八', '+---------------------------+', '先手の持駒：なし',
].join('\n');
const RECORDS = ['▲７六歩 △３四歩\n▲５八金\n', 'hello world', 'sfen 9/9/9/9/9/9/9/9/4K4 b - 1', '手合割：平手\n▲７七玉\n', BOD];

/** The scenario in `lang` (`ui`: ui.mjs's driver). */
export async function engineErrors(ui, lang) {
  for (const [i, record] of RECORDS.entries()) {
    await ui.fill('#record-text', record);
    await ui.click('#record-read');
    await ui.waitFor('#record-error:not([hidden])');
    const message = await ui.text('#record-error');
    assert.match(message, WANT[lang][i], record);
    if (lang === 'ja') assert.doesNotMatch(message, /\b(line|move|cannot|not|bad)\b/, `English words in ${message}`);
    await ui.fill('#record-text', '');
    await readRecord(ui.page, '▲７六歩\n');
    // A record read takes the error away (the list of the record read before may show first).
    await ui.waitUntil(() => document.getElementById('record-error').hidden, undefined, 10_000);
  }
  // The setup rule: a text that is no position says why in the page's language.
  await ui.fill('#sfen', '4k4/9/9/9/9/9/9/9/4K4 b 19P 1');
  await ui.click('#sfen-form button[type="submit"]');
  await ui.waitFor('#diagnostics li[data-rule="setup"]', 10_000);
  assert.match(await ui.text('#diagnostics li[data-rule="setup"]'), lang === 'ja'
    ? /局面になっていません：歩が多すぎます：盤上と持ち駒で19枚、このゲームは18枚/ : /too many pieces of kind P: 19 on board and in hands, the game has 18/);
}
