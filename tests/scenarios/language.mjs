// A language switch redraws the page in place, without a reload: a record of the CLI's proof game read, its
// position proved, the answer's game played and stepped to its first move, an estimate running on the other
// tab; English to Japanese; the estimate goes on, said in Japanese; the position, the record at its move
// (in the CLI's Japanese notation), the answer and its game at the move shown, the buttons and the verdict,
// in Japanese. Written once and run in Chromium (tests/browser/language.test.mjs) and Firefox
// (tests/firefox.test.mjs), on a page opened at `?game=shogi&lang=en`.
import assert from 'node:assert/strict';
import { cli } from '../site.mjs';

// 7g7f 3c3d 2g2f, Gote to move.
export const NEAR = 'lnsgkgsnl/1r5b1/pppppp1pp/6p2/9/2P4P1/PP1PPPP1P/1B5R1/LNSGKGSNL w - 1';

/** The scenario (`ui`: ui.mjs's driver); returns the CLI's game. */
export async function switchInPlace(ui) {
  const game = JSON.parse(cli('proof-game', '--format', 'json', NEAR));
  const lang = () => new URL(ui.page.url()).searchParams.get('lang');
  await ui.page.evaluate(() => {
    /** @type {any} */ (window).before = 'the same page';
  });
  // A record read, its position proved, its game played and stepped to its first move.
  await ui.fill('#record-text', game.kif);
  await ui.click('#record-read');
  await ui.waitFor(`#play-moves li > button[data-ply="${game.plies}"][aria-current]`);
  await ui.click('#prove');
  await ui.waitFor('#answer[data-state="done"]', 60_000);
  await ui.click('#answer-play');
  await ui.waitFor(`#play-board[data-ply="${game.plies}"]`, 30_000);
  await ui.click('#play-first');
  await ui.waitFor('#play-board[data-ply="0"]');
  await ui.click('#play-forward');
  await ui.waitFor('#play-board[data-ply="1"]');
  const sfen = await ui.value('#sfen');
  // An estimate running on the other tab.
  await ui.click('#tab-estimate-button');
  await ui.fill('#est-samples', '100000000');
  await ui.click('#est-start');
  await ui.waitFor('#est-status[data-state="progress"]', 60_000);
  await ui.select('#language', 'ja');
  assert.equal(await ui.page.evaluate(() => /** @type {any} */ (window).before), 'the same page', 'no reload');
  assert.equal(await ui.attr('html', 'lang'), 'ja');
  assert.equal(lang(), 'ja');
  // The estimate goes on, said in Japanese.
  const done = Number(await ui.attr('#est-status', 'data-done'));
  await ui.waitUntil((d) => Number(document.getElementById('est-status').dataset.done) > d, done, 60_000);
  assert.match(await ui.text('#est-status'), /^実行中/);
  assert.equal(await ui.attr('#est-status', 'data-state'), 'progress');
  await ui.click('#est-stop');
  await ui.waitFor('#est-status[data-state="stopped"]', 60_000);
  await ui.click('#tab-position-button');
  // The position, the record at its move, the answer and its game at the move shown, in Japanese.
  assert.equal(await ui.value('#sfen'), sfen);
  const record = await ui.readAll('#play-moves li > button', (bs) => bs.map((b) => b.firstChild?.textContent));
  assert.deepEqual(record, ['開始局面', ...game.moves.map((m, i) => `${i + 1}. ${m.japanese}`)]);
  assert.equal(await ui.attr('#play-moves button[aria-current]', 'data-ply'), '1');
  assert.equal(await ui.attr('#play-board', 'data-sfen'), game.moves[0].sfen);
  assert.match(await ui.text('#answer-heading'), new RegExp(`^初期局面から${game.plies}手の棋譜`));
  assert.equal((await ui.text('#play-auto')).trim(), '再生');
  assert.equal(await ui.text('#prove'), '到達可能か調べる');
  assert.match(await ui.text('#verdict'), /^段階「到達」/);
  return game;
}
