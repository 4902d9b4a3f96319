// game/sfen.js: SFEN read and written, squares, pieces, the box and USI moves (no DOM, no engine).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  boxCounts, colorOf, detectGame, isPromoted, kindOf, makePiece, parseSfen, parseUsi, readSfen, squareIndex, squareName,
  toSfen,
} from '../../www/js/game/sfen.js';
import { GAMES } from '../../www/js/game/games.js';

test('every preset of both games reads and writes back the same text', () => {
  for (const v of Object.values(GAMES)) {
    for (const { sfen } of v.presets) assert.equal(toSfen(parseSfen(v.name, sfen)), sfen, sfen);
  }
});

test('startpos, a leading "sfen" and a missing move number read as the start', () => {
  const start = GAMES.shogi.start;
  assert.equal(toSfen(parseSfen('shogi', 'startpos')), start);
  assert.equal(toSfen(parseSfen('shogi', `sfen ${start}`)), start);
  assert.equal(toSfen(parseSfen('minishogi', 'rbsgk/4p/5/P4/KGSBR b -')), GAMES.minishogi.start);
});

test('hands: counts, both colours, in SFEN order', () => {
  const s = parseSfen('shogi', '4k4/9/9/9/9/9/9/9/4K4 b P2Rbg10p 1');
  assert.equal(s.hands[0].P, 1);
  assert.equal(s.hands[0].R, 2);
  assert.equal(s.hands[1].B, 1);
  assert.equal(s.hands[1].P, 10);
  assert.equal(toSfen(s), '4k4/9/9/9/9/9/9/9/4K4 b 2RPbg10p 1');
});

test('a text that is not SFEN as the engine writes it is not read: the engine says why', () => {
  const bad = ['4k4/9/9/9/9/9/9/4K4 b - 1', '4k4/9/9/9/9/9/9/9/4K3 b - 1', '4k4/9/9/9/9/9/9/9/4+K4 b - 1',
    '4k4/9/9/9/9/9/9/9/4K4 x - 1', '4k4/9/9/9/9/9/9/9/4K4 b 2 1', '4k4/9/9/9/9/9/9/9/4K4', '4k4/9/9/9/9/9/9/9/4K4+ b - 1',
    'K1G1g/rbB1+r/+S3p/5/1sk2[p] w'];
  for (const text of bad) {
    assert.equal(readSfen(text.includes('[') ? 'minishogi' : 'shogi', text), null, text);
    assert.throws(() => parseSfen('shogi', text), /not an SFEN of shogi/, text);
  }
  assert.equal(readSfen('chess', 'startpos'), null);
  assert.equal(readSfen('__proto__', 'startpos'), null);
});

test('the game of a text is told by its rows', () => {
  assert.equal(detectGame(GAMES.shogi.start), 'shogi');
  assert.equal(detectGame('sfen rbsgk/4p/5/P4/KGSBR b - 1'), 'minishogi');
  assert.equal(detectGame('K1G1g/rbB1+r/+S3p/5/1sk2[p] w'), 'minishogi');
  assert.equal(detectGame('4k/4K b - 1'), null);
});

test('squares: cell indices and USI names agree in both games', () => {
  assert.equal(squareName('shogi', 0), '9a');
  assert.equal(squareName('shogi', 80), '1i');
  assert.equal(squareName('minishogi', 4), '1a');
  for (const v of Object.values(GAMES)) {
    for (let i = 0; i < v.width * v.height; i++) assert.equal(squareIndex(v.name, squareName(v.name, i)), i);
  }
});

test('pieces: colour, kind, promotion', () => {
  assert.equal(colorOf('+p'), 1);
  assert.equal(colorOf('+R'), 0);
  assert.equal(kindOf('+s'), 'S');
  assert.equal(isPromoted('+N'), true);
  assert.equal(isPromoted('N'), false);
  assert.equal(makePiece('B', 1, true), '+b');
  assert.equal(makePiece('G', 0), 'G');
});

test('the box counts what is neither on the board nor in a hand, negative when too many', () => {
  const start = boxCounts(parseSfen('shogi', 'startpos'));
  assert.deepEqual(Object.values(start), Object.values(start).map(() => 0));
  const kings = boxCounts(parseSfen('shogi', '4k4/9/9/9/9/9/9/9/4K4 b 19P 1'));
  assert.equal(kings.P, -1);
  assert.equal(kings.R, 2);
  assert.equal(kings.K, 0);
});

test('USI moves: a move with promotion and a drop', () => {
  assert.deepEqual(parseUsi('shogi', '7g7f'), { from: squareIndex('shogi', '7g'), to: squareIndex('shogi', '7f'), promote: false });
  assert.deepEqual(parseUsi('shogi', '8h2b+'), { from: squareIndex('shogi', '8h'), to: squareIndex('shogi', '2b'), promote: true });
  assert.deepEqual(parseUsi('minishogi', 'P*3c'), { drop: 'P', to: squareIndex('minishogi', '3c') });
});
