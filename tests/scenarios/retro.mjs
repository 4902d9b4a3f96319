// A record read and its moves taken back in the explorer of last moves, as the CLI lists them: the CLI's
// proof game of a reachable Mini Shogi position, as KIF, read on a Shogi page switches the game and loads
// its last position; three moves taken back, each the record's own with what it captured (the explorer's
// counts those of `predecessors`, the breadcrumb growing); diagnostics and Prove there; forward along the
// breadcrumb to the record's end (the verdict goes with the position), back, a crumb chosen; the filter by
// square and by kind of piece as `predecessors --square` and `--piece`; and the first move the CLI lists,
// with the first thing it may have captured, taken back and replayed. In English. Written once and run in
// Chromium (tests/browser/retro.test.mjs) and Firefox (tests/firefox.test.mjs), on a page opened at
// `?game=shogi&lang=en`.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { cli, MINI_REACHABLE, position, proofGameKif, readRecord, retroShown, rules } from '../site.mjs';
import { atPosition } from './record.mjs';
import { settles } from './ui.mjs';

const predecessors = (sfen, ...more) => JSON.parse(cli('predecessors', '--json', '--game', 'minishogi', ...more, sfen));
const usis = (ui) => ui.readAll('#retro-moves > li', (lis) => lis.map((li) => li.getAttribute('data-usi')));

/** The scenario (`ui`: ui.mjs's driver), the record written into the folder `dir`. */
export async function takeBackAsTheCli(ui, dir) {
  const file = proofGameKif(dir, 'minishogi', MINI_REACHABLE);
  const record = JSON.parse(cli('record', '--json', file));
  const plies = record.plies;
  const after = (ply) => position(ply === 0 ? record.start : record.moves[ply - 1].sfen);
  assert.ok(plies > 3, `the record has ${plies} moves`);
  assert.equal(after(plies), position(MINI_REACHABLE));
  const here = async () => position(await ui.value('#sfen'));
  await readRecord(ui.page, readFileSync(file, 'utf8'));
  assert.equal(await ui.value('#game'), 'minishogi', 'the record switches the game');
  assert.equal(await here(), after(plies));
  for (let k = 1; k <= 3; k++) {
    const listing = predecessors(await retroShown(ui.page));
    assert.equal(await ui.count('#retro-moves > li'), listing.moves);
    assert.match(await ui.text('#retro-count'), new RegExp(`^${listing.moves} last moves?, ${listing.predecessors} positions? before`));
    // The record's move, with what it captured, as the CLI lists them.
    const earlier = after(plies - k);
    const move = listing.last_moves.find((m) => m.before.some((b) => position(b.sfen) === earlier));
    const captured = move.before.find((b) => position(b.sfen) === earlier).captured ?? '';
    await ui.click(`#retro-moves li[data-usi="${move.usi}"] button[data-captured="${captured}"]`);
    await settles(here, earlier, `take-back ${k}: ${move.usi}`);
    assert.equal(await ui.attr('#retro-trail', 'data-length'), String(k + 1));
    assert.equal(await ui.attr('#retro-trail', 'data-at'), String(k));
  }
  // The editor works there: diagnostics and Prove.
  assert.deepEqual(await rules(ui.page), []);
  await ui.click('#prove');
  await ui.waitFor('#verdict[data-verdict="reachable"]', 30_000);
  const current = await ui.readAll('#retro-trail button', (bs) => bs.findIndex((b) => b.getAttribute('aria-current') === 'step'));
  assert.equal(current, 3, 'the crumb of the position shown');
  // Forward again along the breadcrumb, to the record's last position; the verdict goes with the position.
  for (let k = 2; k >= 0; k--) {
    await ui.click('#retro-forward');
    await settles(here, after(plies - k));
    assert.equal(await ui.attr('#retro-trail', 'data-at'), String(k));
  }
  assert.equal(await ui.attr('#verdict', 'data-verdict'), 'changed');
  assert.equal(await ui.read('#retro-forward', (b) => /** @type {HTMLButtonElement} */ (b).disabled), true);
  await ui.click('#retro-back');
  await settles(here, after(plies - 1));
  await ui.click('#retro-trail button[data-crumb="3"]');
  await settles(here, after(plies - 3));
  // The filter keeps the moves of a kind of piece, or to or from a square, as the CLI's --piece and --square.
  const sfen = await retroShown(ui.page);
  const [first] = predecessors(sfen).last_moves;
  const square = first.usi.slice(2, 4);
  await ui.fill('#retro-filter', square);
  await settles(() => usis(ui), predecessors(sfen, '--square', square).last_moves.map((m) => m.usi));
  const kind = first.piece.replace('+', '').toUpperCase();
  await ui.fill('#retro-filter', kind);
  await settles(() => usis(ui), predecessors(sfen, '--piece', kind).last_moves.filter((m) => !m.piece.startsWith('+')).map((m) => m.usi));
  // The first move the CLI lists, with the first thing it may have captured: taken back, then forward again.
  await ui.fill('#retro-filter', '');
  await ui.click(`#retro-moves li[data-usi="${first.usi}"] button[data-captured="${first.before[0].captured ?? ''}"]`);
  await atPosition(ui, first.before[0].sfen);
  await ui.click('#retro-forward');
  await atPosition(ui, sfen);
}
