// The How it works tab's calls (crate/wasm/src/walkthrough.rs) as its worker (walkthrough-worker.js)
// answers them.
import type { Call } from '../engine/protocol';
import type { EngineModule, Estimate, GameName, ProveResult } from '../engine/api';

/** Sample `index` of a seed: its rank (decimal) and the position it decodes to. */
export interface SampledRank { index: number; rank: string; sfen: string }
/** The first sample of a seed that ends at `stage`, with the squares (USI) the engine's reason names. */
export interface StageExample extends SampledRank { stage: string; squares: string[] }
/** A small estimate: samples, reachable samples and the report's `estimate` (`shogi-reach estimate --json`). */
export interface SmallEstimate { samples: number; reachable: number; estimate: Estimate }

/** The engine module with the walkthrough's calls. */
export interface WalkthroughModule extends EngineModule {
  candidateCount(game: string): string;
  exampleStages(game: string): string[];
  sampleRank(game: string, seed: bigint, index: bigint): SampledRank;
  stageExample(game: string, stage: string, seed: bigint): StageExample;
}

/** walkthrough-worker.js's requests. */
export interface WalkthroughApi {
  [type: string]: Call<any, any, any>;
  init: Call<{ module?: WebAssembly.Module }, {}>;
  counts: Call<{}, Record<GameName, string>>;
  exampleStages: Call<{ game: GameName }, string[]>;
  sample: Call<{ game: GameName; seed: string; index: number }, SampledRank>;
  example: Call<{ game: GameName; stage: string; seed: string }, StageExample>;
  prove: Call<{ game: GameName; sfen: string; maxNodes: number }, ProveResult>;
  estimate: Call<{ game: GameName; seed: string; samples: number }, SmallEstimate>;
}
