// A position of a 角落ち game proved: from 平手 it is unreachable, and the answer says its pieces are a 角落ち
// game's, with a button that proves it from that start; from there the page finds the command line's
// game (`proof-game --start 角落ち`). Written once and run in Chromium (tests/browser/handicap.test.mjs,
// on a phone) and Firefox (tests/firefox-explain.test.mjs), on a page opened at the position in Japanese.
import assert from 'node:assert/strict';
import { cli } from '../site.mjs';

// Two moves into a 角落ち game: Gote (上手) first, ３四歩 and ７六歩.
export const KAKU_GAME = 'lnsgkgsnl/1r7/pppppp1pp/6p2/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL w - 3';

/** The scenario (`ui`: ui.mjs's driver); returns the CLI's game. */
export async function provedFromItsHandicap(ui) {
  const native = JSON.parse(cli('proof-game', '--format', 'json', '--start', '角落ち', KAKU_GAME));
  assert.equal(await ui.value('#start'), '');
  await ui.click('#prove');
  await ui.waitFor('#answer[data-verdict="unreachable"]', 60_000);
  const why = await ui.text('#answer-text');
  assert.match(why, /駒が足りません：角1枚/);
  assert.match(why, /駒は角落ちの対局と同じです/);
  await ui.click('#answer-starts button[data-start="角落ち"]');
  assert.equal(await ui.value('#start'), '角落ち');
  await ui.waitFor('#answer[data-verdict="reachable"]', 60_000);
  await ui.waitFor('#answer[data-state="done"]', 60_000);
  assert.equal(Number(await ui.attr('#answer', 'data-plies')), native.plies);
  assert.match(await ui.text('#answer-heading'), /^角落ちの開始局面から\d+手の棋譜/);
  return native;
}
