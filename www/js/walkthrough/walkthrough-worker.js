// The How it works tab's worker: one plain engine (the module the page compiled, wasm.js) answering the
// walkthrough's requests (walkthrough.d.ts): the two games' |P_K|, a sampled rank and its position, a
// sample that fails a stage with the squares of the engine's reason, a proof's path back to a KK position,
// and a small estimate (the Estimate tab's calls, its report as the command line writes it). Each answer is the engine's, as the command line gives it.
import { loadEngine } from '../engine/load-engine.js';
import { serve } from '../engine/rpc.js';
import { GAMES } from '../game/games.js';

/** @type {import('./walkthrough').WalkthroughModule} */
let engine;

/** @type {{[K in keyof import('./walkthrough').WalkthroughApi]: (args: import('./walkthrough').WalkthroughApi[K]['args']) => any}} */
const handlers = {
  init: async ({ module }) => {
    engine = /** @type {import('./walkthrough').WalkthroughModule} */ (await loadEngine(false, 1, module));
    return {};
  },
  counts: () => Object.fromEntries(Object.keys(GAMES).map((name) => [name, engine.candidateCount(name)])),
  exampleStages: ({ game }) => engine.exampleStages(game),
  sample: ({ game, seed, index }) => engine.sampleRank(game, BigInt(seed), BigInt(index)),
  example: ({ game, stage, seed }) => engine.stageExample(game, stage, BigInt(seed)),
  prove: ({ game, sfen, maxNodes }) => engine.prove(game, sfen, maxNodes, () => true),
  // The Estimate tab's calls: samples 0..n tallied by block, then the report `shogi-reach estimate --json` writes.
  estimate: ({ game, seed, samples }) => {
    const { blocks } = engine.estimateBlocks(game, BigInt(seed), 0n, BigInt(samples), undefined, 0);
    /** @type {import('../engine/api').Report} */
    const report = JSON.parse(engine.reportFromBlocks(game, BigInt(seed), BigInt(samples), undefined, blocks));
    return { samples: report.samples, reachable: report.tally.stages.OK, estimate: report.estimate };
  },
};

serve(handlers);
