// The answer card of a reachable position, right after Prove: on screen without scrolling, the whole game
// (its length and "shortest" as the CLI's proof-game says), played on the page's one board in the editor's
// place. Written once and run in Chromium (tests/browser/answer.test.mjs: a phone in English, a desktop in
// Japanese) and Firefox (tests/firefox.test.mjs), on a page opened at the position.
import assert from 'node:assert/strict';
import { cli, position } from '../site.mjs';

/** The scenario for `sfen` in `lang` (`ui`: ui.mjs's driver), `beforePlay` run with the card shown;
 * returns the CLI's game. */
export async function answerAndPlay(ui, sfen, lang, beforePlay = async () => {}) {
  const game = JSON.parse(cli('proof-game', '--format', 'json', sfen));
  await ui.click('#prove');
  await ui.waitFor('#answer[data-state="done"]', 120_000);
  const where = await ui.read('#answer', (card) => {
    const r = card.getBoundingClientRect();
    return { inside: r.top >= -0.5 && r.left >= 0 && r.bottom <= innerHeight + 0.5 && r.right <= innerWidth, top: r.top, bottom: r.bottom };
  });
  assert.ok(where.inside, `the card is on screen: ${JSON.stringify(where)}`);
  assert.equal(await ui.attr('#answer', 'data-verdict'), 'reachable');
  assert.equal(Number(await ui.attr('#answer', 'data-plies')), game.plies);
  assert.equal(await ui.attr('#answer', 'data-shortest'), String(game.shortest));
  const heading = await ui.text('#answer-heading');
  assert.ok(heading.includes(String(game.plies)), heading);
  assert.equal(heading.includes({ en: 'shortest possible', ja: '最短手数' }[lang]), game.shortest, heading);
  await beforePlay();
  // Played, the game's board stands in the editor's place and ends on the position.
  await ui.click('#answer-play');
  await ui.waitFor(`#play-board[data-ply="${game.plies}"]`, 60_000);
  assert.equal(await ui.drawn('#board'), false);
  assert.equal(position(await ui.attr('#play-board', 'data-sfen')), position(sfen));
  return game;
}
