// Judkins shogi's main flow, written once and run in Chromium (tests/browser/judkins.test.mjs, desktop and
// phone) and Firefox (tests/firefox.test.mjs): its 6×6 board with no From menu, a reachable position
// proved, and the command line's game played to it on the page's board.
import assert from 'node:assert/strict';
import { cli } from '../site.mjs';

// The page's example: sample 3 of seed 1, 18 plies back to a KK position.
export const REACHABLE = '+S+Pr2+N/6/2Bp1B/Ks+nGr1/2k3/g5 b - 1';

/** The scenario, on a page opened at `?game=judkins` (`ui`: tests/scenarios/ui.mjs's driver). */
export async function proveAndPlay(ui) {
  const game = JSON.parse(cli('proof-game', '--game', 'judkins', '--format', 'json', REACHABLE));
  assert.equal(await ui.value('#game'), 'judkins');
  assert.equal(await ui.count('#board .grid [data-square]'), 36);
  // No handicap starts: no menu to choose one (nor for Mini Shogi); Shogi has one.
  assert.equal(await ui.drawn('#start-choice'), false);
  for (const [name, menu] of [['minishogi', false], ['shogi', true], ['judkins', false]]) {
    await ui.select('#game', name);
    assert.equal(await ui.drawn('#start-choice'), menu, name);
  }
  await ui.fill('#sfen', REACHABLE);
  await ui.click('#sfen-form button[type="submit"]');
  await ui.waitUntil((s) => /** @type {HTMLInputElement} */ (document.getElementById('sfen')).value === s, REACHABLE);
  await ui.click('#prove');
  await ui.waitFor('#answer[data-state="done"]', 120_000);
  assert.equal(await ui.attr('#answer', 'data-verdict'), 'reachable');
  // The page's engine finds the command line's game: the same budget, counted in positions.
  assert.equal(Number(await ui.attr('#answer', 'data-plies')), game.plies);
  await ui.click('#answer-play');
  await ui.waitFor(`#play-board[data-ply="${game.plies}"]`, 60_000);
  assert.equal(await ui.count('#play-board .grid [data-square]'), 36);
  assert.equal(await ui.attr('#play-board', 'data-sfen'), REACHABLE);
  const moves = await ui.readAll('#play-moves li > button[data-usi]', (els) => els.map((e) => e.getAttribute('data-usi')));
  assert.deepEqual(moves, game.moves.map((m) => m.move));
}
