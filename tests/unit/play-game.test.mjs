// play/play-game.js: the play mode's game (moves, the move shown, undo, USI) and which of the engine's
// legal moves a gesture means (no DOM, no engine: the legal moves are given).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { PlayGame, movesTo, targets } from '../../www/js/play/play-game.js';
import { squareIndex } from '../../www/js/game/sfen.js';
import { GAMES } from '../../www/js/game/games.js';

const sq = (name) => squareIndex('shogi', name);
const step = (usi) => ({ usi, japanese: `(${usi})`, sfen: `after ${usi}` });

test('moves played, the move shown, undo and the game as USI', () => {
  const start = GAMES.shogi.start;
  const game = new PlayGame('shogi', start);
  assert.equal(game.sfen(), start);
  assert.equal(game.previous(), null);
  assert.equal(game.undo(), false);
  game.play(step('7g7f'));
  game.play(step('3c3d'));
  assert.equal(game.ply, 2);
  assert.equal(game.sfen(), 'after 3c3d');
  assert.equal(game.previous(), '3c3d');
  assert.equal(game.usi(start), 'position startpos moves 7g7f 3c3d');
  // Back one move, then another move there: a variation beside the line, which it now shows.
  game.go(1);
  assert.equal(game.sfen(), 'after 7g7f');
  game.play(step('8c8d'));
  assert.deepEqual(game.moves.map((m) => m.usi), ['7g7f', '8c8d']);
  assert.deepEqual(game.alternatives(2).map((m) => m.usi), ['3c3d', '8c8d']);
  assert.equal(game.usi(start), 'position startpos moves 7g7f 3c3d', 'the main line is the first played');
  // Undo takes the variation's move back: the main line is shown again from its first move on.
  assert.equal(game.undo(), true);
  assert.equal(game.ply, 1);
  assert.deepEqual(game.moves.map((m) => m.usi), ['7g7f', '3c3d']);
  assert.deepEqual(game.alternatives(2).map((m) => m.usi), ['3c3d']);
  game.go(-3);
  assert.equal(game.ply, 0);
  game.go(99);
  assert.equal(game.ply, 2);
  const handicap = new PlayGame('shogi', GAMES.shogi.playStarts[1][1]);
  assert.equal(handicap.usi(start), `position sfen ${GAMES.shogi.playStarts[1][1]}`);
  // Mini Shogi's initial position as the engine writes it (Variant::USI_START), not `startpos`.
  const mini = new PlayGame('minishogi', GAMES.minishogi.start);
  mini.play(step('1e2d'));
  assert.equal(mini.usi(GAMES.minishogi.start), 'position sfen rbsgk/4p/5/P4/KGSBR b - 1 moves 1e2d');
});

test('a tree: variations chosen, nested, promoted to the main line, deleted; the tree as the engine keeps it', () => {
  const game = new PlayGame('shogi', GAMES.shogi.start);
  for (const u of ['7g7f', '3c3d', '2g2f']) game.play(step(u));
  game.go(1);
  game.play(step('8c8d'));
  game.play(step('2g2f'));
  game.go(2);
  game.play(step('6g6f')); // a variation of the variation, at move 3
  game.go(0);
  game.play(step('2g2f')); // another first move
  // Playing a move that is there already goes to it: no copy.
  game.go(0);
  game.play(step('7g7f'));
  assert.deepEqual(game.alternatives(1).map((m) => m.usi), ['7g7f', '2g2f']);
  assert.equal(game.inVariation(), false);
  assert.deepEqual(game.tree(), {
    start: GAMES.shogi.start,
    header: [],
    moves: ['7g7f', '3c3d', '2g2f'],
    comments: ['', '', '', ''],
    variations: [
      { parent: null, ply: 1, moves: ['2g2f'], comments: ['', ''] },
      { parent: null, ply: 2, moves: ['8c8d', '2g2f'], comments: ['', '', ''] },
      { parent: 1, ply: 3, moves: ['6g6f'], comments: ['', ''] },
    ],
  });
  // The variation 7g7f 8c8d 6g6f chosen, then promoted: it is the main line, the old one a variation.
  game.choose(2, 1);
  game.choose(3, 1);
  assert.deepEqual(game.moves.map((m) => m.usi), ['7g7f', '8c8d', '6g6f']);
  assert.equal(game.inVariation(), true);
  game.promote();
  assert.equal(game.inVariation(), false);
  assert.equal(game.usi(GAMES.shogi.start), 'position startpos moves 7g7f 8c8d 6g6f');
  assert.deepEqual(game.alternatives(2).map((m) => m.usi), ['8c8d', '3c3d']);
  // The old main line chosen and deleted from where it leaves the new one: its two moves go.
  game.choose(2, 1);
  assert.equal(game.deleteVariation(), true);
  assert.equal(game.ply, 1);
  assert.deepEqual(game.alternatives(2).map((m) => m.usi), ['8c8d']);
  assert.equal(game.deleteVariation(), false, 'the main line is no variation');
});

test("a record's tree: its lines, comments (after moves and before a variation) and header, found by moves", () => {
  const move = (usi, comment) => ({ usi, japanese: `(${usi})`, sfen: `after ${usi}`, ...(comment ? { comment } : {}) });
  const record = /** @type {any} */ ({
    game: 'shogi',
    start: GAMES.shogi.start,
    comment: 'before it all',
    header: [{ key: '先手', name: 'sente', value: 'A' }],
    moves: [move('7g7f', 'one'), move('3c3d'), move('2g2f')],
    variations: [
      { parent: null, ply: 2, comment: 'instead', moves: [move('8c8d', 'two'), move('2g2f')] },
      { parent: 0, ply: 3, moves: [move('6g6f')] },
    ],
  });
  const game = PlayGame.fromRecord(record);
  assert.equal(game.ply, 0);
  assert.equal(game.comment, 'before it all');
  assert.equal(game.goTo(['7g7f', '8c8d']), true);
  assert.equal(game.comment, 'two');
  assert.deepEqual(game.alternatives(2).map((m) => m.usi), ['3c3d', '8c8d']);
  assert.equal(game.goTo(['7g7f', '9c9d']), false);
  game.comment = 'edited';
  assert.deepEqual(game.tree(), {
    start: GAMES.shogi.start,
    header: [{ key: '先手', value: 'A' }],
    moves: ['7g7f', '3c3d', '2g2f'],
    comments: ['before it all', 'one', '', ''],
    variations: [
      { parent: null, ply: 2, moves: ['8c8d', '2g2f'], comments: ['instead', 'edited', ''] },
      { parent: 0, ply: 3, moves: ['6g6f'], comments: ['', ''] },
    ],
  });
});

test('a gesture means the legal moves to its square: none, one, or a promotion choice', () => {
  const legal = ['8h7g', '8h2b+', '8h2b', '8h3c+', '8h3c', '2h2g', 'P*5e', 'B*5e'].map(step);
  assert.deepEqual(movesTo('shogi', legal, { square: sq('8h') }, sq('2b')).map((m) => m.usi), ['8h2b+', '8h2b']);
  assert.deepEqual(movesTo('shogi', legal, { square: sq('8h') }, sq('7g')).map((m) => m.usi), ['8h7g']);
  assert.deepEqual(movesTo('shogi', legal, { square: sq('8h') }, sq('1a')), []);
  assert.deepEqual(movesTo('shogi', legal, { hand: [0, 'B'] }, sq('5e')).map((m) => m.usi), ['B*5e']);
  assert.deepEqual(movesTo('shogi', legal, { hand: [0, 'G'] }, sq('5e')), []);
  assert.deepEqual(targets('shogi', legal, { square: sq('8h') }).sort(), [sq('7g'), sq('2b'), sq('3c')].sort());
  assert.deepEqual(targets('shogi', legal, { hand: [0, 'P'] }), [sq('5e')]);
  assert.deepEqual(targets('shogi', legal, { square: sq('5i') }), []);
});

test('going back along a variation keeps it shown; the buttons of the line act on the line shown', () => {
  const game = new PlayGame('shogi', GAMES.shogi.start);
  for (const u of ['7g7f', '3c3d', '2g2f']) game.play(step(u));
  game.go(1);
  for (const u of ['8c8d', '2g2f']) game.play(step(u));
  const line = () => game.moves.map((m) => m.usi);
  // Back to the start and forward again: the variation stays the line shown.
  game.go(0);
  assert.deepEqual(line(), ['7g7f', '8c8d', '2g2f']);
  assert.equal(game.inVariation(), true);
  game.go(2);
  assert.equal(game.sfen(), 'after 8c8d');
  // Another line chosen is then the one kept.
  game.choose(2, 0);
  game.go(0);
  assert.deepEqual(line(), ['7g7f', '3c3d', '2g2f']);
  assert.equal(game.inVariation(), false);
  // From the start, the variation shown made the main line, then deleted: the position shown stays.
  game.choose(2, 1);
  game.go(0);
  game.promote();
  assert.equal(game.usi(GAMES.shogi.start), 'position startpos moves 7g7f 8c8d 2g2f');
  game.choose(2, 1);
  game.go(1);
  assert.deepEqual(line(), ['7g7f', '3c3d', '2g2f']);
  assert.equal(game.deleteVariation(), true);
  assert.equal(game.ply, 1);
  assert.deepEqual(line(), ['7g7f', '8c8d', '2g2f']);
  assert.deepEqual(game.alternatives(2).map((m) => m.usi), ['8c8d']);
  assert.deepEqual(game.path(), ['7g7f']);
});
