// The How it works tab's worker: one plain engine (the module the page compiled, wasm.js) answering the
// walkthrough's requests (walkthrough.d.ts): the two games' |P_K|, a sampled rank and its position, a
// sample that fails a stage with the squares of the engine's reason, a proof's path back to a KK position,
// and a small estimate. Each answer is the engine's, as the command line gives it.
import { loadEngine } from '../engine/load-engine.js';
import { serve } from '../engine/rpc.js';

/** @type {import('./walkthrough').WalkthroughModule} */
let engine;

/** @type {{[K in keyof import('./walkthrough').WalkthroughApi]: (args: import('./walkthrough').WalkthroughApi[K]['args']) => any}} */
const handlers = {
  init: async ({ module }) => {
    engine = /** @type {import('./walkthrough').WalkthroughModule} */ (await loadEngine(false, 1, module));
    return {};
  },
  counts: () => ({ shogi: engine.candidateCount('shogi'), minishogi: engine.candidateCount('minishogi') }),
  exampleStages: () => engine.exampleStages(),
  sample: ({ variant, seed, index }) => engine.sampleRank(variant, BigInt(seed), BigInt(index)),
  example: ({ variant, stage, seed }) => engine.stageExample(variant, stage, BigInt(seed)),
  prove: ({ variant, sfen, maxNodes }) => engine.prove(variant, sfen, maxNodes, () => true),
  estimate: ({ variant, seed, samples }) => engine.smallEstimate(variant, BigInt(seed), BigInt(samples)),
};

serve(handlers);
