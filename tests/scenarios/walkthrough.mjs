// The How it works tab against the command line: every figure it shows is the CLI's (|P_K| of each game,
// a rank drawn and unranked, the stage of each filter's example, the search's path and goal), the marked
// squares are the engine's reason, and the search taken back ends with the two kings alone. Written once
// and run in Chromium (tests/browser/walkthrough.test.mjs) and Firefox (tests/firefox-explain.test.mjs).
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { CLI, cli } from '../site.mjs';

export const SEED = '20261122';
export const WIDTH = { shogi: 9, minishogi: 5, judkins: 6 };

/** The cells of an SFEN's board, a piece token or null each, in reading order. */
function boardCells(sfen) {
  const cells = [];
  for (const row of sfen.split(' ')[0].split('/')) {
    for (const token of row.match(/\+?[a-zA-Z]|\d/g) ?? []) {
      if (/\d/.test(token)) cells.push(...Array(Number(token)).fill(null));
      else cells.push(token);
    }
  }
  return cells;
}

/** The pieces a board view under `selector` draws, a token or null per square. */
const drawnCells = (ui, selector) =>
  ui.readAll(`${selector} [data-square]`, (cells) =>
    cells
      .sort((a, b) => Number(a.getAttribute('data-square')) - Number(b.getAttribute('data-square')))
      .map((c) => c.querySelector('[data-piece]')?.getAttribute('data-piece') ?? null));

/** Square names marked `bad` on the board under `selector`. */
const markedSquares = (ui, selector, game) =>
  ui.readAll(`${selector} .sq.bad`, (cells, width) =>
    cells.map((c) => {
      const i = Number(c.getAttribute('data-square'));
      return `${width - (i % width)}${String.fromCharCode(97 + Math.floor(i / width))}`;
    }).sort(), WIDTH[game]);

/** The stage `shogi-reach classify` gives rank `rank`. */
const classify = (game, rank) =>
  execFileSync(CLI, ['classify', '--game', game], { input: `${rank}\n`, encoding: 'utf8' }).split('\n')[1].split('\t')[2];

/** Chooses `game` and opens the tab. */
export async function openWalkthrough(ui, game) {
  await ui.select('#game', game);
  await ui.click('#tab-how-button');
  await ui.waitFor(`#how-body[data-game="${game}"]`);
}

/** |P_K| of every game, as `count` prints it. */
export async function checkCounts(ui) {
  for (const game of Object.keys(WIDTH)) {
    const shown = await ui.text(`#how-candidates .how-count[data-game="${game}"]`);
    assert.equal(shown, cli('count', '--game', game).trim(), game);
  }
}

/** A rank drawn after the first: its SFEN and board as `unrank` gives them. */
export async function checkDraws(ui, game) {
  await ui.waitFor('#how-sample[data-rank]');
  const first = await ui.attr('#how-sample', 'data-rank');
  await ui.click('#how-sample button');
  await ui.waitUntil((r) => document.querySelector('#how-sample')?.getAttribute('data-rank') !== r, first);
  const rank = await ui.attr('#how-sample', 'data-rank');
  assert.notEqual(rank, first);
  assert.equal(await ui.text('#how-sample .how-rank'), rank);
  const sfen = cli('unrank', '--game', game, rank).trim();
  assert.equal(await ui.text('#how-sample .how-sfen'), sfen);
  assert.deepEqual(await drawnCells(ui, '#how-sample'), boardCells(sfen));
}

/** Each filter's example: the seed's first sample that fails it, as the CLI draws and classifies it, with
 * the engine's squares marked. */
export async function checkExamples(ui, game) {
  const stages = await ui.readAll('#how-filters .how-example', (as) => as.map((a) => a.getAttribute('data-stage')));
  // A board without a centre file (an even width) has no sample that fails flip, and says so.
  const centre = WIDTH[game] % 2 === 1;
  assert.deepEqual(stages, [...(centre ? ['flip'] : []), 'piece', 'king', 'prev']);
  assert.equal((await ui.count('#how-no-flip')) === 1 && (await ui.drawn('#how-no-flip')), !centre);
  for (const stage of stages) {
    const selector = `#how-filters .how-example[data-stage="${stage}"]`;
    await ui.waitFor(`${selector}[data-sfen]`, 60_000);
    const x = await ui.read(selector, (a) => ({ ...(/** @type {HTMLElement} */ (a).dataset) }));
    assert.equal(classify(game, x.rank), stage, `${stage}: ${x.sfen}`);
    assert.equal(cli('unrank', '--game', game, x.rank).trim(), x.sfen);
    // The first such sample of the seed: the command line draws the same rank at that index.
    const drawn = cli('sample', '--game', game, '--seed', SEED, '--start', x.index, '--count', '1').trim();
    assert.equal(drawn, x.rank);
    const marked = await markedSquares(ui, selector, game);
    assert.deepEqual(marked, x.squares.split(' ').sort(), stage);
    assert.ok(marked.length > 0, stage);
    const cells = boardCells(x.sfen);
    const at = (name) => cells[(name.charCodeAt(1) - 97) * WIDTH[game] + WIDTH[game] - Number(name[0])];
    if (stage === 'king') assert.ok(marked.some((s) => at(s) === 'k'), 'Gote’s king is marked');
    if (stage === 'flip') assert.equal(marked.filter((s) => /^[kK]$/.test(at(s) ?? '')).length, 2, 'both kings');
    if (stage === 'prev') assert.ok(marked.every((s) => /^\+?[a-z]$/.test(at(s) ?? '')), 'Gote’s pieces');
  }
}

/** The search's path taken back to the CLI's goal, where the two kings stand alone. */
export async function checkSearch(ui, game) {
  await ui.waitFor('#how-search[data-plies]', 60_000);
  const start = await ui.attr('#how-search', 'data-sfen');
  const proof = JSON.parse(cli('prove', '--json', '--game', game, start));
  assert.equal(proof.verdict, 'reachable');
  assert.equal(Number(await ui.attr('#how-search', 'data-plies')), proof.path.length);
  // One move taken back by a click, then the rest by the same button in the page: a round trip per move
  // (116 in Shogi) cost 10 s of a test.
  await ui.click('#how-search .tool-row button');
  assert.equal(await ui.attr('#how-search', 'data-ply'), '1');
  await ui.read('#how-search .tool-row button', (back) => {
    while (!(/** @type {HTMLButtonElement} */ (back).disabled)) /** @type {HTMLButtonElement} */ (back).click();
  });
  assert.equal(await ui.attr('#how-search', 'data-state'), 'kk');
  assert.equal(await ui.attr('#how-search', 'data-ply'), String(proof.path.length));
  assert.equal(await ui.attr('#how-search', 'data-sfen'), proof.goal);
  const pieces = (await drawnCells(ui, '#how-search')).filter(Boolean);
  assert.deepEqual(pieces.sort(), ['K', 'k']);
}
