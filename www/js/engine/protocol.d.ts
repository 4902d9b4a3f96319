// The one protocol between the page and its workers (engine-worker.js, estimate-worker.js), and between
// the estimate worker and the engine workers it runs (rpc.js implements both ends):
//
//   page → worker   {id, type, args}        a request
//                   {id, type: 'cancel'}    stop request `id` (a worker that cannot listen while it computes,
//                                           as the engine worker, is terminated instead)
//   worker → page   {id, progress}          any number, before the answer
//                   {id, result}            the answer
//                   {id, error}             the failure: an EngineErrorData
//                   {id: 0, spawn}          with a MessagePort: construct this worker for me (relay.js)
//
// Each worker's requests are a map from `type` to its `args`, `progress` and `result` (EngineApi,
// EstimateApi); WorkerClient<Api>.call and serve<Api> are typed by it.
import type {
  Block, Blocks, Certificate, Diagnosis, KingSquares, EngineErrorData, Example, FileLimits, GameName, GameRecord, LegalMove, MergedReport,
  PlotPoint, Predecessors, ProofGame, ProveResult, Report, Stage,
} from './api';

export interface Call<Args, Result, Progress = never> { args: Args; result: Result; progress: Progress }
export type Api = Record<string, Call<any, any, any>>;

export interface Request<A extends Api = Api, K extends keyof A & string = keyof A & string> {
  id: number;
  type: K;
  args: A[K]['args'];
}
export interface Cancel { id: number; type: 'cancel' }
export interface Progress<P = unknown> { id: number; progress: P }
export interface Result<R = unknown> { id: number; result: R }
export interface Failure { id: number; error: EngineErrorData }
export interface Spawn { id: 0; spawn: { url: string; options?: WorkerOptions } }
export type Reply = Progress | Result | Failure | Spawn;

/** What a handler gets beside its arguments: a way to send progress, and the signal a cancel aborts. */
export interface Context<P = unknown> { progress(p: P): void; signal: AbortSignal }

/** `module`: the build's WebAssembly module, compiled once by the page (wasm.js); without it the worker fetches its own. */
export interface Init { threaded: boolean; threads: number; module?: WebAssembly.Module }
export interface Position { game: GameName; sfen: string }
export interface BlocksArgs {
  game: GameName; seed: string; start: number; end: number; maxNodes?: number | null; keep: number;
}

/** The start to prove from: a handicap's name (`角落ち`); the initial position when null or absent. */
export interface FromStart {
  start?: string | null;
}

/** engine-worker.js: one engine instance. */
export interface EngineApi {
  [type: string]: Call<any, any, any>;
  init: Call<Init, { threaded: boolean }>;
  stages: Call<{}, Stage[]>;
  diagnose: Call<Position & FromStart, Diagnosis>;
  prove: Call<Position & FromStart & { maxNodes: number }, ProveResult, { pops: number; nodes: number; bestH: number }>;
  proofGame: Call<Position & FromStart & { maxNodes: number; budgetScale: number }, ProofGame, { nodes: number; ms: number }>;
  parseRecord: Call<{ data: string | Uint8Array }, GameRecord>;
  predecessors: Call<Position, Predecessors>;
  legalMoves: Call<Position & { previous: string | null }, LegalMove[]>;
  explain: Call<Position & FromStart & { maxNodes: number }, Certificate>;
  kingSquares: Call<Position & { maxNodes: number }, KingSquares, { done: number; total: number }>;
  blocks: Call<BlocksArgs, Blocks>;
  mergeReports: Call<{ names: string[]; texts: string[] }, MergedReport>;
  readReport: Call<{ name: string; text: string }, Report>;
  reportFromBlocks: Call<{ game: GameName; seed: string; samples: number; maxNodes?: number | null; blocks: Block[] }, string>;
  runningEstimate: Call<{ game: GameName; blocks: Block[]; points: number }, PlotPoint[]>;
  blocksToVerify: Call<{ n: number }, number>;
  shardRange: Call<{ samples: number; k: number; m: number }, Float64Array>;
  fileLimits: Call<{}, FileLimits>;
  plan: Call<{ p: number; candidates: string; digits: number }, number | undefined>;
  exportRecord: Call<{ game: GameName; start: string; moves: string[]; format: string; comment: string }, Uint8Array>;
  exportTree: Call<{ game: GameName; tree: import('./api').MoveTree; format: string; comment: string }, Uint8Array>;
}

/** A run's state as the estimate worker reports it; the report only when it was rebuilt since the last. */
export interface RunStatus {
  game: GameName;
  seed: string;
  samples: number;
  shard: [number, number];
  range: Float64Array | [number, number];
  done: number;
  maxNodes?: number | null;
  examples: Example[];
  elapsed: number;
  rate: number;
  report?: Report;
  reportText?: string;
}
export type RunEnd = RunStatus & { state: 'finished' | 'stopped' };
export interface RunArgs {
  game: GameName; seed: string; samples: number; shard: [number, number]; maxNodes?: number | null; keep: number;
  saved: null | { blocks: Block[]; examples: Example[]; elapsed: number };
}
export interface VerifyFile { game: GameName; seed: string; maxNodes?: number | null; blocks: Block[] }
export interface Verified { done: number[]; forged: null | { file: number; start: number; end: number }; stopped: boolean }

/** estimate-worker.js: a run in chunks over engine workers (or the threaded engine's pool). */
export interface EstimateApi {
  [type: string]: Call<any, any, any>;
  init: Call<Init, { threaded: boolean; threads: number }>;
  run: Call<RunArgs, RunEnd, RunStatus>;
  resume: Call<{}, RunEnd, RunStatus>;
  verify: Call<{ files: VerifyFile[] }, Verified, { done: number[] }>;
}
