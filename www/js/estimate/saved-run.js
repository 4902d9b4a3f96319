// A run saved in this browser (run-store.js) as the estimate tab uses it, rebuilt by the engine from the
// stored blocks, and shard files read for a merge: everything derived is recomputed, nothing stored or
// given is shown as it was.
import { t } from '../i18n/i18n.js';
import { savedRunProblem, withGameKey } from './run-store.js';
import { pickBlocks } from './verify.js';

/** @typedef {import('../engine/engine.js').Engine} Engine */
/** @typedef {import('../engine/api').Block} Block */
/** @typedef {import('../engine/api').Report} Report */

/** Reachable samples a run keeps for its gallery. */
export const KEEP = 24;
// The most points of a saved run's plot, recomputed from its blocks.
const PLOT_POINTS = 500;

/**
 * A saved run as the page uses it.
 * @typedef {{game: import('../engine/api').GameName, seed: string, samples: number, shard: [number, number],
 *   blocks: Block[], report: Report, reportText: string, examples: import('../engine/api').Example[],
 *   elapsed: number, points: import('../engine/api').PlotPoint[], done: number, total: number, finished: boolean}} SavedRun
 */

/**
 * The record `stored` (as loaded, of this version or an earlier one: see withGameKey) as the page uses it,
 * everything derived rebuilt by the engine from the stored blocks (which it checks: in the run, not
 * overlapping, counting their samples, consistent): the report (its text is what Download gives), the
 * samples done and in all, whether it is finished, the plot's points, and the gallery (its samples
 * recomputed by index). Throws, with `savedProblem`, when the record cannot be a run.
 * @param {Engine} engine
 * @param {any} stored
 * @returns {Promise<SavedRun>}
 */
export async function checkSaved(engine, stored) {
  const record = withGameKey(stored);
  const problem = savedRunProblem(record);
  if (problem) throw refuse(problem.notRecord ? t('savedNotRecord') : t('savedField', problem.field));
  const { game, seed, samples, shard, elapsed } = record;
  const blocks = record.blocks ?? (await oldRecordBlocks(engine, record));
  const reportText = await engine.call('reportFromBlocks', { game, seed, samples, maxNodes: undefined, blocks });
  /** @type {Report} */
  const report = JSON.parse(reportText);
  const range = await engine.call('shardRange', { samples, k: shard[0], m: shard[1] });
  if (report.ranges.some(([s, e]) => s < e && (s < range[0] || e > range[1]))) throw refuse(t('savedOutsideShard', shard.join('/')));
  const done = report.tally.samples;
  const total = range[1] - range[0];
  const kept = report.blocks ?? [];
  const points = await engine.call('runningEstimate', { game, blocks: kept, points: PLOT_POINTS });
  // The gallery: the samples at the indices saved (those done, the lowest KEEP), drawn and classified again.
  const within = (/** @type {number} */ i) => report.ranges.some(([s, e]) => s <= i && i < e);
  /** @type {number[]} */
  const saved = record.examples.map((/** @type {{index: number}} */ e) => e.index);
  const indices = [...new Set(saved)].filter(within).sort((a, b) => a - b).slice(0, KEEP);
  const examples = [];
  for (const index of indices) {
    const again = await engine.call('blocks', { game, seed, start: index, end: index + 1, maxNodes: undefined, keep: 1 });
    examples.push(...again.reachable);
  }
  return {
    game, seed, samples, shard, blocks: kept, report, reportText, examples, elapsed, points, done, total,
    finished: done === total,
  };
}

/**
 * The blocks of a record of an earlier version: its report's text, read and checked, of which only the
 * blocks count.
 * @param {Engine} engine
 * @param {any} record
 */
async function oldRecordBlocks(engine, { game, seed, samples, report }) {
  const r = await engine.call('readReport', { name: t('savedRunName'), text: report });
  if (r.game !== game || r.seed !== seed || r.samples !== samples || r.max_nodes !== null) {
    throw refuse(t('savedField', 'report'));
  }
  return r.blocks ?? [];
}

/** @param {string} why */
const refuse = (why) => Object.assign(new Error(why), { savedProblem: why });

/**
 * What is saved of a run as it goes (see run-store.js): what cannot be recomputed, its blocks done among it.
 * @param {import('../engine/protocol').RunStatus & {report: Report}} data
 */
export function runRecord(data) {
  return {
    game: data.game, seed: String(data.seed), samples: data.samples, shard: data.shard,
    maxNodes: data.maxNodes ?? null, keep: KEEP, blocks: data.report.blocks ?? [], examples: data.examples,
    elapsed: data.elapsed,
  };
}

/**
 * K blocks of `blocks`, drawn at random, to recompute before they are trusted (`merge --verify`).
 * @param {Engine} engine
 * @param {Block[]} blocks
 */
export async function blocksToCheck(engine, blocks) {
  const k = await engine.call('blocksToVerify', { n: blocks.length });
  return pickBlocks(blocks.length, k).map((i) => blocks[i]);
}

/**
 * Shard files merged by the engine as `shogi-reach merge` merges them (every file checked, the figures
 * recomputed from the tallies), with K blocks of each file drawn to verify.
 * @param {Engine} engine
 * @param {string[]} names
 * @param {string[]} texts
 */
export async function mergeShards(engine, names, texts) {
  const merged = await engine.call('mergeReports', { names, texts });
  const toVerify = [];
  for (const [i, text] of texts.entries()) {
    const r = await engine.call('readReport', { name: names[i], text });
    const picks = await blocksToCheck(engine, r.blocks ?? []);
    toVerify.push({ name: names[i], game: r.game, seed: r.seed, maxNodes: r.max_nodes, blocks: picks });
  }
  return { merged, toVerify };
}
