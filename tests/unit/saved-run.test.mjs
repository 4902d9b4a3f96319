// estimate/saved-run.js against a fake engine: a saved run is rebuilt from its blocks (never read as
// stored), refused when its shape is wrong or its samples lie outside its shard, and its gallery is drawn
// again from the indices saved; a record of an earlier version (the game under `variant`) is still read,
// and a run is saved with `game`; shard files are merged with K blocks of each drawn to verify.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { checkSaved, KEEP, mergeShards, runRecord } from '../../www/js/estimate/saved-run.js';
import { withGameKey } from '../../www/js/estimate/run-store.js';
import { duration } from '../../www/js/estimate/tables.js';

/** An engine that answers as the real one would for a run whose report covers `ranges`. */
function fakeEngine({ ranges, samples = 1000, shardRange = [0, samples] }) {
  const calls = [];
  const done = ranges.reduce((n, [s, e]) => n + e - s, 0);
  const answers = {
    reportFromBlocks: ({ blocks }) => JSON.stringify({ ranges, tally: { samples: done }, blocks }),
    shardRange: () => Float64Array.from(shardRange),
    runningEstimate: ({ blocks }) => blocks.map((b) => ({ done: b.end, reachable: 1, low: 0, high: 2 })),
    blocks: ({ start }) => ({ blocks: [], reachable: [{ index: start, sfen: `sfen of ${start}` }] }),
    blocksToVerify: ({ n }) => Math.min(n, 2),
    mergeReports: ({ names }) => ({ merged: names }),
    readReport: ({ name }) => ({
      game: 'minishogi', seed: '7', max_nodes: null,
      blocks: [0, 64, 128].map((start) => ({ start, end: start + 64, name })),
    }),
  };
  return { calls, call: async (type, args) => (calls.push([type, args]), answers[type](args)) };
}

const RECORD = {
  game: 'minishogi', seed: '42', samples: 1000, shard: [0, 1], maxNodes: null, keep: KEEP, elapsed: 3,
  blocks: [{ start: 0, end: 64 }, { start: 64, end: 128 }], examples: [],
};

test('a saved run is rebuilt from its blocks: done, total, finished, plot', async () => {
  const engine = fakeEngine({ ranges: [[0, 128]] });
  const saved = await checkSaved(engine, RECORD);
  assert.deepEqual([saved.done, saved.total, saved.finished], [128, 1000, false]);
  assert.deepEqual(saved.points.map((p) => p.done), [64, 128]);
  assert.equal(JSON.parse(saved.reportText).tally.samples, 128);
  const whole = await checkSaved(fakeEngine({ ranges: [[0, 1000]] }), RECORD);
  assert.equal(whole.finished, true);
});

test('the gallery is drawn again: only indices done, once each, in order, at most KEEP', async () => {
  const indices = [5, 3, 3, 200, ...Array.from({ length: 40 }, (_, i) => 10 + i)];
  const engine = fakeEngine({ ranges: [[0, 128]] });
  const saved = await checkSaved(engine, { ...RECORD, examples: indices.map((index) => ({ index, sfen: 'forged' })) });
  const want = [3, 5, ...Array.from({ length: KEEP - 2 }, (_, i) => 10 + i)];
  assert.deepEqual(saved.examples.map((e) => e.index), want);
  assert.ok(saved.examples.every((e) => e.sfen === `sfen of ${e.index}`), 'positions recomputed, never read as stored');
});

test('a record of the wrong shape, or with samples outside its shard, is refused with the reason', async () => {
  await assert.rejects(checkSaved(fakeEngine({ ranges: [] }), { ...RECORD, seed: 42 }), (e) => /seed/.test(e.savedProblem));
  await assert.rejects(checkSaved(fakeEngine({ ranges: [] }), 'text'), (e) => typeof e.savedProblem === 'string');
  const outside = fakeEngine({ ranges: [[0, 128]], shardRange: [500, 1000] });
  await assert.rejects(checkSaved(outside, { ...RECORD, shard: [1, 2] }), (e) => /1\/2/.test(e.savedProblem));
});

test('a record of an earlier version, its game under `variant`, is still read, as that game', async () => {
  const { game, ...rest } = RECORD;
  const old = { ...rest, variant: game };
  const engine = fakeEngine({ ranges: [[0, 128]] });
  const saved = await checkSaved(engine, old);
  assert.equal(saved.game, 'minishogi');
  assert.ok(!('variant' in saved));
  assert.ok(engine.calls.every(([, args]) => !('variant' in args)));
  assert.deepEqual(engine.calls.filter(([type]) => type === 'reportFromBlocks').map(([, args]) => args.game), ['minishogi']);
  // An unknown game is refused under either spelling; `game` wins where a record has both.
  await assert.rejects(checkSaved(fakeEngine({ ranges: [] }), { ...rest, variant: 'chess' }), (e) => /game/.test(e.savedProblem));
  assert.equal((await checkSaved(fakeEngine({ ranges: [[0, 128]] }), { ...old, game: 'shogi' })).game, 'shogi');
});

test('withGameKey renames only an earlier version\'s `variant`; anything else is left as it is', () => {
  assert.deepEqual(withGameKey({ variant: 'shogi', seed: '1' }), { seed: '1', game: 'shogi' });
  assert.deepEqual(withGameKey({ game: 'shogi', variant: 'minishogi' }), { game: 'shogi', variant: 'minishogi' });
  for (const other of [undefined, null, 'text', [RECORD], { seed: '1' }]) assert.equal(withGameKey(other), other);
});

test('what is saved of a run is what cannot be recomputed', () => {
  const record = runRecord({
    game: 'shogi', seed: '9', samples: 10, shard: [0, 1], done: 5, examples: [], elapsed: 1, rate: 5,
    range: [0, 10], report: { blocks: [{ start: 0, end: 5 }] }, reportText: '{"big": "text"}',
  });
  const fields = ['blocks', 'elapsed', 'examples', 'game', 'keep', 'maxNodes', 'samples', 'seed', 'shard'];
  assert.deepEqual(Object.keys(record).sort(), fields);
  assert.equal(record.game, 'shogi', 'written with `game`, as the page reads it from now on');
  assert.equal(record.maxNodes, null);
});

test('shard files are merged, and K blocks of each drawn to verify', async () => {
  const engine = fakeEngine({ ranges: [] });
  const { merged, toVerify } = await mergeShards(engine, ['a.json', 'b.json'], ['{}', '{}']);
  assert.deepEqual(merged, { merged: ['a.json', 'b.json'] });
  assert.deepEqual(toVerify.map((f) => [f.name, f.blocks.length, f.seed]), [['a.json', 2, '7'], ['b.json', 2, '7']]);
  assert.ok(toVerify.every((f) => f.blocks.every((b) => b.name === f.name)));
});

test('durations as the planner writes them', () => {
  assert.equal(duration(40.4), '40 s');
  assert.match(duration(125), /2 min 5 s/);
  assert.match(duration(2 * 3600 + 5 * 60), /2 h 5 min/);
  assert.match(duration(3 * 86400), /3\.0 days/);
});
