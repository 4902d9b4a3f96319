// The estimate tab's DOM-free parts: blocks drawn to verify, tallies compared, a saved run's shape
// checked, numbers as the plot writes them.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { pickBlocks, sameTally } from '../../www/js/estimate/verify.js';
import { savedRunProblem } from '../../www/js/estimate/run-store.js';
import { formatSci } from '../../www/js/estimate/plot.js';

test('pickBlocks draws k distinct indices below n, sorted, and refuses k > n', () => {
  for (const [n, k] of [[0, 0], [1, 1], [10, 10], [1000, 368], [1e6, 459]]) {
    const picks = pickBlocks(n, k);
    assert.equal(picks.length, k);
    assert.equal(new Set(picks).size, k);
    assert.ok(picks.every((p, i) => Number.isSafeInteger(p) && p >= 0 && p < n && (i === 0 || picks[i - 1] < p)));
  }
  assert.deepEqual(pickBlocks(5, 5), [0, 1, 2, 3, 4]);
  assert.throws(() => pickBlocks(3, 4), RangeError);
  assert.throws(() => pickBlocks(3, -1), RangeError);
});

test('pickBlocks draws every block about as often (1 of 4, 4 000 draws)', () => {
  const seen = [0, 0, 0, 0];
  for (let i = 0; i < 4000; i++) seen[pickBlocks(4, 1)[0]]++;
  // Binomial(4000, 1/4): a count outside 850…1150 has a chance below 1e-12.
  assert.ok(seen.every((n) => n > 850 && n < 1150), String(seen));
});

test('tallies are compared field by field, whatever the order of their keys', () => {
  const a = { samples: 64, stages: { sfen: 1, prev: 2 }, traced_back: [0, 1] };
  const b = { traced_back: [0, 1], stages: { prev: 2, sfen: 1 }, samples: 64 };
  assert.ok(sameTally(a, b));
  assert.ok(!sameTally(a, { ...b, stages: { prev: 2, sfen: 2 } }));
  assert.ok(!sameTally(a, { ...b, traced_back: [1, 0] }));
});

const RECORD = {
  game: 'minishogi', seed: '42', samples: 1000, shard: [0, 1], maxNodes: null, keep: 24,
  blocks: [], examples: [{ index: 3, sfen: 'x' }], elapsed: 1.5,
};

test('a saved run of the right shape passes; each malformed field is named', () => {
  assert.equal(savedRunProblem(RECORD), null);
  assert.equal(savedRunProblem({ ...RECORD, blocks: undefined, report: '{}' }), null);
  assert.deepEqual(savedRunProblem(null), { notRecord: true });
  assert.deepEqual(savedRunProblem([RECORD]), { notRecord: true });
  const bad = {
    game: 'constructor', seed: String(2n ** 64n), samples: 0, shard: [1, 1], maxNodes: 5,
    blocks: undefined, examples: [{ index: -1, sfen: 'x' }], elapsed: Infinity, done: 1.5, finished: 'yes',
  };
  for (const [field, value] of Object.entries(bad)) {
    assert.deepEqual(savedRunProblem({ ...RECORD, [field]: value }), { field }, field);
  }
});

test('numbers in scientific notation as the text and the plot write them', () => {
  assert.equal(formatSci(6.5506e68, 4), '6.551 × 10^68');
  assert.equal(formatSci(2.3774e18), '2.38 × 10^18');
  assert.equal(formatSci(0), '0');
  assert.equal(formatSci(NaN), 'NaN');
});
