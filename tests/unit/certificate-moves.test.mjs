// panels/certificate-moves.js: a certificate's moves in each notation (with their origin, as moves never
// played are written), and the summary sentence with English plurals.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { candidateText, moveText, summaryText, usiText } from '../../www/js/panels/certificate-moves.js';
import { parseSfen } from '../../www/js/game/sfen.js';

test('candidate moves: Western with the origin, Japanese as KIF writes them', () => {
  const silver = { piece: '+s', from: '7b', to: '6c', drop: false, unpromotion: false };
  assert.equal(candidateText(silver, 'en'), '+S7b-6c');
  assert.equal(candidateText(silver, 'ja'), '☖６三成銀(72)');
  const promoting = { piece: '+s', from: '6b', to: '6c', drop: false, unpromotion: true };
  assert.equal(candidateText(promoting, 'en'), 'S6b-6c+');
  assert.equal(candidateText(promoting, 'ja'), '☖６三銀成(62)');
  const drop = { piece: 'p', from: null, to: '6b', drop: true, unpromotion: false };
  assert.equal(candidateText(drop, 'en'), 'P*6b');
  assert.equal(candidateText(drop, 'ja'), '☖６二歩打');
  assert.equal(moveText({ piece: 'K', from: '5i', to: '5h', promote: false }, 'ja'), '☗５八玉(59)');
  assert.equal(moveText({ piece: '+R', from: '2b', to: '2a', promote: false }, 'ja'), '☗２一龍(22)');
});

test('a move taken back in a reach tree: the piece read off the position before it', () => {
  const before = parseSfen('minishogi', '1+r3/bs3/gs3/2b2/K+rk2 w GPp 1');
  assert.equal(usiText(before, '4a5a', 'en'), '+R4a-5a');
  assert.equal(usiText(before, '4a5a', 'ja'), '☖５一龍(41)');
  assert.equal(usiText(before, 'P*3c', 'en'), 'P*3c');
  assert.equal(usiText(before, 'P*3c', 'ja'), '☖３三歩打');
});

test('the summary: counts by reason, "a, b and c", one candidate and one move that fails by capture', () => {
  const prev = (groups) => ({ last_mover: 'Gote', candidates: groups.flatMap((g) => g.candidates), groups });
  const many = prev([
    { reason: 'king-in-check', candidates: [0, 1, 2] },
    { reason: 'occupied', candidates: [3, 4] },
    { reason: 'by-capture', candidates: [5] },
  ]);
  assert.equal(summaryText(many),
    "None of Gote's 6 candidate last moves is legal: 3 would need Sente's king already in check before the move, " +
    '2 would come from an occupied square and 1 fails for a different reason with each capture.');
  const one = prev([{ reason: 'off-board', candidates: [0] }]);
  assert.equal(summaryText(one), "Gote's only candidate last move is not legal: 1 would come from off the board.");
});
