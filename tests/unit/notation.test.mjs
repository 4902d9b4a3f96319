// game/notation.js and game/pieces.js: squares and moves as each language writes them, piece labels.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { squareText, westernMove } from '../../www/js/game/notation.js';
import { kindName, label, pieceName } from '../../www/js/game/pieces.js';
import { parseSfen } from '../../www/js/game/sfen.js';

test('squares: 5f in English, ５六 in Japanese', () => {
  assert.equal(squareText('5f', 'en'), '5f');
  assert.equal(squareText('5f', 'ja'), '５六');
  assert.equal(squareText('1a', 'ja'), '１一');
  assert.equal(squareText('9i', 'ja'), '９九');
});

test('Western moves: a move, a capture with promotion, a drop, an origin when ambiguous, a declined promotion', () => {
  const start = parseSfen('shogi', 'startpos');
  assert.equal(westernMove(start, { move: '7g7f', japanese: '☗７六歩' }), 'P-7f');
  const bishops = parseSfen('shogi', 'lnsgkgsnl/1r5b1/pppppp1pp/6p2/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL b - 1');
  assert.equal(westernMove(bishops, { move: '8h2b+', japanese: '☗２二角成' }), 'Bx2b+');
  assert.equal(westernMove(bishops, { move: '8h2b', japanese: '☗２二角不成' }), 'Bx2b=');
  const hand = parseSfen('shogi', '4k4/9/9/9/9/9/9/9/4K4 b B 1');
  assert.equal(westernMove(hand, { move: 'B*5e', japanese: '☗５五角打' }), 'B*5e');
  const golds = parseSfen('shogi', '4k4/9/9/9/9/9/9/9/3GKG3 b - 1');
  assert.equal(westernMove(golds, { move: '6i5h', japanese: '☗５八金右' }), 'G6i-5h');
  assert.equal(westernMove(golds, { move: '4i4h', japanese: '☗４八金' }), 'G-4h');
  const dragon = parseSfen('shogi', '4k4/9/9/9/9/9/9/9/+R3K4 b - 1');
  assert.equal(westernMove(dragon, { move: '9i9a', japanese: '☗９一龍' }), '+R-9a');
});

test('labels: kanji or letters, Gote king 王 and Sente king 玉', () => {
  assert.equal(label('K', 'kanji'), '玉');
  assert.equal(label('k', 'kanji'), '王');
  assert.equal(label('+p', 'kanji'), 'と');
  assert.equal(label('+p', 'western'), '+P');
  assert.equal(label('s', 'western'), 'S');
});

test('names in the page language (English under Node)', () => {
  assert.equal(kindName('P'), 'pawn');
  assert.equal(pieceName('+s'), 'Gote promoted silver');
  assert.equal(pieceName('R'), 'Sente rook');
});
