// A tsume set-up (Gote's king, none of Sente's) proved: the squares where Sente's king could stand are
// marked on the board and offered, as `shogi-reach king-squares` finds them. Written once and run in
// Chromium (tests/browser/tsume.test.mjs) and Firefox (tests/firefox-explain.test.mjs).
import assert from 'node:assert/strict';
import { cli } from '../site.mjs';

/** The scenario for the Shogi set-up `sfen`, on a page opened at it in `lang` (`ui`: ui.mjs's driver);
 * returns the CLI's answer. */
export async function marksKingSquares(ui, sfen, lang) {
  const native = JSON.parse(cli('king-squares', '--json', sfen));
  // The diagnostics say what Prove does with a set-up without Sente's king.
  await ui.waitFor('#diagnostics li[data-rule="setup"]');
  const setup = await ui.text('#diagnostics li[data-rule="setup"]');
  assert.match(setup, lang === 'ja' ? /先手玉を空いている各マスに置いて/ : /tries Sente's king on every empty square/);
  await ui.click('#prove');
  await ui.waitFor('#answer[data-verdict="tsume"]', 60_000);
  const targets = await ui.readAll('#board .sq.target', (cells) =>
    cells.map((c) => {
      const i = Number(c.getAttribute('data-square'));
      return `${9 - (i % 9)}${String.fromCharCode(97 + Math.floor(i / 9))}`;
    }));
  assert.deepEqual(new Set(targets), new Set(native.reachable));
  const offered = await ui.readAll('#answer-squares button', (bs) => bs.map((b) => b.getAttribute('data-square')));
  assert.deepEqual(offered, native.reachable);
  if (lang === 'ja') assert.match(await ui.text('#answer-text'), new RegExp(`次の${native.reachable.length}マス`));
  return native;
}
