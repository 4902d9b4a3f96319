// The estimate run saved in this browser (IndexedDB): one record, written as the run goes, so that a run
// survives a reload or a crash and a finished result stays until it is cleared.
//
// A record holds only what cannot be recomputed: `{game, seed, samples, shard: [k, m], maxNodes, keep,
// blocks, examples, elapsed}`, `blocks` the per-block tallies done (`[{start, end, tally}]`). Nothing
// derived from them (the report, its estimate, the samples done, whether it is finished, the plot) is
// stored: the page rebuilds it from the blocks, and verifies blocks at random before it resumes the run.
// What is stored is not trusted either: `savedRunProblem` checks its shape first (records of earlier
// versions, with the report's text in `report` or the game under `variant`, are read too).
import { GAMES } from '../game/games.js';

const DB = 'shogi-reach';
const STORE = 'estimate-runs';
const KEY = 'current';

function open() {
  return new Promise((resolve, reject) => {
    const request = indexedDB.open(DB, 1);
    request.onupgradeneeded = () => request.result.createObjectStore(STORE);
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });
}

async function transact(mode, action) {
  const db = await open();
  try {
    return await new Promise((resolve, reject) => {
      const tx = db.transaction(STORE, mode);
      const request = action(tx.objectStore(STORE));
      tx.oncomplete = () => resolve(request.result);
      tx.onerror = tx.onabort = () => reject(tx.error);
    });
  } finally {
    db.close();
  }
}

/** The saved run, or undefined. */
export const loadRun = () => transact('readonly', (s) => s.get(KEY));
/** Saves `record` in place of the saved run. */
export const saveRun = (record) => transact('readwrite', (s) => s.put(record, KEY));
/** Forgets the saved run. */
export const clearRun = () => transact('readwrite', (s) => s.delete(KEY));

const isCount = (n) => Number.isSafeInteger(n) && n >= 0;

/**
 * `record` (as loaded) with its game under `game`: earlier versions of the page stored it as `variant`
 * (before the page, like the command line, the engine's JSON and Python, called it the game), and a
 * returning user keeps their run. Anything else is returned as it is, for `savedRunProblem` to judge.
 */
export function withGameKey(record) {
  if (record === null || typeof record !== 'object' || Array.isArray(record)) return record;
  if (Object.hasOwn(record, 'game') || !Object.hasOwn(record, 'variant')) return record;
  const { variant, ...rest } = record;
  return { ...rest, game: variant };
}

/**
 * Why `record` (as loaded, through `withGameKey`) cannot be a saved run: `{notRecord: true}`, or `{field}`
 * for the first field that is missing or malformed; null when its shape is right (its blocks are checked
 * by the engine).
 */
export function savedRunProblem(record) {
  if (record === null || typeof record !== 'object' || Array.isArray(record)) return { notRecord: true };
  const { game, seed, samples, shard, maxNodes, blocks, report, examples, elapsed } = record;
  const checks = {
    game: typeof game === 'string' && Object.hasOwn(GAMES, game),
    seed: typeof seed === 'string' && /^\d{1,20}$/.test(seed) && BigInt(seed) < 2n ** 64n,
    samples: isCount(samples) && samples >= 1,
    shard: Array.isArray(shard) && shard.length === 2 && shard.every(isCount) && shard[0] < shard[1] && shard[1] <= 2 ** 32,
    // (The page runs without a node cap.)
    maxNodes: maxNodes === undefined || maxNodes === null,
    // The blocks done, or (earlier versions) the report's text.
    blocks: blocks === undefined ? typeof report === 'string' : Array.isArray(blocks),
    examples: Array.isArray(examples) &&
      examples.every((e) => e !== null && typeof e === 'object' && isCount(e.index) && typeof e.sfen === 'string'),
    elapsed: typeof elapsed === 'number' && Number.isFinite(elapsed) && elapsed >= 0,
    // Fields of earlier versions, derived and no longer read: of the right type when present.
    done: record.done === undefined || isCount(record.done),
    total: record.total === undefined || isCount(record.total),
    finished: record.finished === undefined || typeof record.finished === 'boolean',
    points: record.points === undefined || Array.isArray(record.points),
  };
  const field = Object.keys(checks).find((k) => !checks[k]);
  return field ? { field } : null;
}
