// panels/record-lines.js: a record's lines (the main line and its variations, nested), the line shown
// from the start, and the lines to choose from at each of its moves. No DOM, no engine: records are given.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { RecordLines } from '../../www/js/panels/record-lines.js';

const moves = (...usi) => usi.map((u) => ({ usi: u, japanese: u, sfen: `after ${u}` }));
// The main line a b c d e; variation 0 at move 4 (X Y Z), variation 1 at move 5 of variation 0 (P Q),
// variation 2 at move 3 of the main line (M N), variation 3 at move 3 too (K).
const record = {
  variant: 'shogi', format: 'kif', start: 'start', plies: 5, moves: moves('a', 'b', 'c', 'd', 'e'), header: [], skipped: [],
  variations: [
    { parent: null, ply: 4, moves: moves('X', 'Y', 'Z') },
    { parent: 0, ply: 5, moves: moves('P', 'Q') },
    { parent: null, ply: 3, moves: moves('M', 'N') },
    { parent: null, ply: 3, moves: moves('K') },
  ],
};
const lines = new RecordLines(record);
const shown = (line) => lines.steps(line).map((s) => lines.move(s).usi).join(' ');

test('each line from the start: its ancestors up to where it branches, then its own moves', () => {
  assert.equal(shown(0), 'a b c d e');
  assert.equal(shown(1), 'a b c X Y Z');
  assert.equal(shown(2), 'a b c X P Q');
  assert.equal(shown(3), 'a b M N');
  assert.equal(shown(4), 'a b K');
  assert.deepEqual(lines.lines.map((l) => l.before), ['start', 'after c', 'after X', 'after b', 'after b']);
  assert.deepEqual(lines.lines.map((l) => l.parent), [null, 0, 1, 0, 0]);
});

test('the lines to choose from at each move of the line shown', () => {
  const at = (line) => {
    const steps = lines.steps(line);
    return steps.map((s) => lines.alternatives(steps, s.ply));
  };
  assert.deepEqual(at(0), [[0], [0], [0, 3, 4], [0, 1], [0]]);
  assert.deepEqual(at(1), [[0], [0], [0, 3, 4], [0, 1], [1, 2], [1]]);
  assert.deepEqual(at(2), [[0], [0], [0, 3, 4], [0, 1], [1, 2], [2]]);
  assert.deepEqual(at(4), [[0], [0], [0, 3, 4]]);
});

test('a record without variations is one line', () => {
  const plain = new RecordLines({ ...record, variations: [] });
  const steps = plain.steps(0);
  assert.equal(steps.length, 5);
  assert.ok(steps.every((s) => plain.alternatives(steps, s.ply).length === 1));
});
