// The How it works tab's worker: one plain engine (the module the page compiled, wasm.js) answering the
// walkthrough's requests (walkthrough.d.ts): the two games' |P_K|, a sampled rank and its position, a
// sample that fails a stage with the squares of the engine's reason, a proof's path back to a KK position,
// and a small estimate (the Estimate tab's calls, its report as the command line writes it). Each answer is the engine's, as the command line gives it.
import { loadEngine } from '../engine/load-engine.js';
import { serve } from '../engine/rpc.js';
import { VARIANTS } from '../game/variants.js';

/** @type {import('./walkthrough').WalkthroughModule} */
let engine;

/** @type {{[K in keyof import('./walkthrough').WalkthroughApi]: (args: import('./walkthrough').WalkthroughApi[K]['args']) => any}} */
const handlers = {
  init: async ({ module }) => {
    engine = /** @type {import('./walkthrough').WalkthroughModule} */ (await loadEngine(false, 1, module));
    return {};
  },
  counts: () => Object.fromEntries(Object.keys(VARIANTS).map((name) => [name, engine.candidateCount(name)])),
  exampleStages: ({ variant }) => engine.exampleStages(variant),
  sample: ({ variant, seed, index }) => engine.sampleRank(variant, BigInt(seed), BigInt(index)),
  example: ({ variant, stage, seed }) => engine.stageExample(variant, stage, BigInt(seed)),
  prove: ({ variant, sfen, maxNodes }) => engine.prove(variant, sfen, maxNodes, () => true),
  // The Estimate tab's calls: samples 0..n tallied by block, then the report `shogi-reach estimate --json` writes.
  estimate: ({ variant, seed, samples }) => {
    const { blocks } = engine.estimateBlocks(variant, BigInt(seed), 0n, BigInt(samples), undefined, 0);
    /** @type {import('../engine/api').Report} */
    const report = JSON.parse(engine.reportFromBlocks(variant, BigInt(seed), BigInt(samples), undefined, blocks));
    return { samples: report.samples, reachable: report.tally.stages.OK, estimate: report.estimate };
  },
};

serve(handlers);
