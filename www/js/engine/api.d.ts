// The engine's results as the page receives them (the JSON of `shogi-reach … --json`, built by the
// WebAssembly API in crate/wasm/src/lib.rs), and the module load-engine.js loads. Written once here; the
// workers' protocol (protocol.d.ts) and the panels use these names.

/** A game's name, as the engine's facts list them (games.generated.js): `shogi`, `minishogi`, `judkins`. */
export type GameName = string;
export type Verdict = 'reachable' | 'unreachable' | 'unknown';

/** Every kind of error the engine throws, read from the dictionary's `engine:KIND` texts (one list: the
 * Rust test in engine_error.rs checks that both dictionaries name every kind the engine has). */
type Dictionary = typeof import('../i18n/en.js').default;
export type EngineErrorKind = Exclude<
  { [K in keyof Dictionary]: K extends `engine:${infer E}` ? E : never }[keyof Dictionary],
  'at-line'
>;

/** An error as the engine throws it and the workers pass it on: `message` in English, `kind` and
 * `params` for the page to say it in its language (errors.js). */
export interface EngineErrorData {
  kind?: EngineErrorKind;
  params?: Record<string, any> & { line?: number; cause?: EngineErrorData };
  message: string;
}

export interface Stage { name: string; verdict: Verdict; describe: string }

/** Why a position is unreachable, as a player would say it (crate/engine/src/why/cause.rs). */
export interface Cause {
  kind: 'missing' | 'start-material' | 'two-pawns' | 'dead-piece' | 'waiting-in-check' | 'double-check' | 'check-from-nowhere' | 'no-last-move' | 'exhausted';
  /** The sentence in English. */
  text: string;
  /** The squares to mark (USI), the king first where one is in check. */
  squares: string[];
  /** The pieces named: SFEN tokens with their squares, or kinds missing with their counts. */
  pieces: { piece: string; square?: string; count?: number }[];
  /** `start-material`: the kinds there are more of than the start has, and the start's name. */
  extra?: { piece: string; count: number }[];
  start?: string;
  /** `missing`: the handicaps whose games hold exactly the position's pieces. */
  handicaps?: string[];
  side?: 'Sente' | 'Gote';
  file?: number;
  candidates?: number;
  positions?: number;
  depth?: number;
}

export interface Issue { rule: string; message: string; squares: string[]; cause: Cause | null; error?: EngineErrorData }
export interface Diagnosis { sfen: string | null; issues: Issue[] }

/** A move of a path or a game, with the position after it. */
export interface Step { move: string; japanese: string; sfen: string }

/** A legal move of a position (the play mode's `legalMoves`), with the position after it. */
export interface LegalMove { usi: string; japanese: string; sfen: string }

export interface ProveResult {
  game: GameName;
  verdict: Verdict;
  stage: string;
  reason?: string;
  max_depth?: number;
  n_prev?: number | null;
  pops?: number | null;
  nodes?: number | null;
  goal: string;
  path: Step[];
  /** Why an unreachable position is (empty otherwise). */
  causes: Cause[];
  /** The start proved from: `平手` or a handicap's name. */
  start: string;
}

export interface ProofGame {
  game: GameName;
  method: 'short' | 'kk';
  plies: number;
  shortest: boolean;
  lower_bound: number | null;
  opening?: number;
  connection?: number;
  start: string;
  /** The start's name: `平手`, or a handicap's (`角落ち`). */
  start_name: string;
  moves: Step[];
  kif: string;
  usi: string;
}

export interface GameRecord {
  game: GameName;
  format: string;
  start: string;
  plies: number;
  moves: RecordMove[];
  /** The comment before the first move, when there is one. */
  comment?: string;
  /** The header's fields in the order written; `name` says what a known one is. */
  header: RecordHeaderField[];
  /** The variations in reading order (a parent before its variations). */
  variations: RecordVariation[];
  /** The parts of the text the reader read past without keeping them. */
  skipped: RecordSkipped[];
}

/** A move of a record: the position after it, and the comment after it when there is one. */
export interface RecordMove { usi: string; japanese: string; sfen: string; comment?: string }

export interface RecordHeaderField {
  key: string;
  name: 'sente' | 'gote' | 'event' | 'date' | 'end-date' | 'handicap' | 'time-control' | 'site' | 'opening' | 'title' | null;
  value: string;
}

/** A line that replaces move `ply` of its parent (`null`: the main line; else an index into `variations`). */
export interface RecordVariation { parent: number | null; ply: number; moves: RecordMove[]; comment?: string }

export type RecordSkipped = 'times' | 'end' | 'bookmarks' | 'file-comments' | 'later-games' | 'unknown-lines';

export interface LastMove {
  usi: string;
  japanese: string;
  kif: string;
  piece: string;
  before: { captured: string | null; sfen: string }[];
}
export interface Predecessors { moves: number; predecessors: number; last_moves: LastMove[] }

/** A certificate of unreachability (`shogi-reach explain --json`); its parts are drawn by
 * certificate-view.js. */
export interface Certificate {
  stage: string;
  causes: Cause[];
  verdict: Verdict;
  issues?: Issue[];
  /** `groups`: the candidates by reason (indices into `candidates`), largest group first. */
  prev?: { last_mover: string; candidates: any[]; groups: { candidates: number[]; reason: string }[] };
  positions?: number;
  depth?: number;
  tree?: { sfen: string; parent: number | null; leaf: any; predecessors: { node: number; usi: string }[] }[] | null;
  deepest_line?: { sfen: string; usi?: string }[];
}

/** A tsume set-up's squares for Sente's king (`shogi-reach king-squares --json`): each square tried, with the
 * verdict of the position with the king there. */
export interface KingSquares {
  reachable: string[];
  squares: { square: string; sfen: string; verdict: Verdict; stage: string; causes: Cause[] }[];
}

/** Samples counted by the stage that decided them. */
export interface Tally {
  samples: number;
  stages: Record<string, number>;
  traced_back: number[];
  [count: string]: unknown;
}
export interface Block { start: number; end: number; tally: Tally }
export interface Example { index: number; sfen: string }
export interface Blocks { blocks: Block[]; reachable: Example[] }

export interface Estimate {
  p_hat: number | null; reachable: number; low: number; high: number;
  /** Wilson's and the exact (Clopper–Pearson) interval of |R|, at the 3σ interval's confidence. */
  wilson: [number, number]; exact: [number, number];
}
/** An estimate report (`shogi-reach estimate --json`); the seed as a decimal string. */
export interface Report {
  game: GameName;
  seed: string;
  samples: number;
  max_nodes: number | null;
  ranges: [number, number][];
  tally: Tally;
  estimate: Estimate;
  funnel: [string, number][];
  candidates: string;
  blocks?: Block[];
}
/** Shard files merged: the report, with its text as a file. */
export type MergedReport = Report & { text: string };
export interface PlotPoint { done: number; reachable: number; low: number; high: number }
export interface FileLimits { record: number; report: number }

/** The WebAssembly module (www/pkg or www/pkg-st), once initialised. */
export interface EngineModule {
  default(init?: { module_or_path: WebAssembly.Module }): Promise<unknown>;
  initThreadPool(threads: number): Promise<unknown>;
  isThreaded(): boolean;
  stages(): Stage[];
  diagnose(game: string, sfen: string, start?: string): Diagnosis;
  prove(game: string, sfen: string, maxNodes: number | undefined, progress: (pops: number, nodes: number, bestH: number) => boolean, start?: string): ProveResult;
  proofGame(game: string, sfen: string, maxNodes: number | undefined, budgetScale: number | undefined, progress: (nodes: number, ms: number) => boolean, start?: string): ProofGame;
  parseRecord(data: string | Uint8Array): GameRecord;
  predecessors(game: string, sfen: string): Predecessors;
  legalMoves(game: string, sfen: string, previous?: string | null): LegalMove[];
  explain(game: string, sfen: string, maxNodes?: number, start?: string): Certificate;
  kingSquares(game: string, sfen: string, maxNodes: number | undefined, progress: (done: number, total: number) => void): KingSquares;
  estimateBlocks(game: string, seed: bigint, start: bigint, end: bigint, maxNodes: number | null | undefined, keep: number): Blocks;
  mergeReports(names: string[], texts: string[]): MergedReport;
  readReport(name: string, text: string): Report;
  reportFromBlocks(game: string, seed: bigint, samples: bigint, maxNodes: number | null | undefined, blocks: Block[], threads?: number, wallSeconds?: number): string;
  runningEstimate(game: string, blocks: Block[], points: number): PlotPoint[];
  blocksToVerify(n: number): number;
  shardRange(samples: bigint, k: bigint, m: bigint): Float64Array;
  exportRecord(game: string, start: string, moves: string[], format: string, comment: string): Uint8Array;
  exportTree(game: string, tree: MoveTree, format: string, comment: string): Uint8Array;
  fileLimits(): FileLimits;
  samplesForDigits(p: number, candidates: string, digits: number): number | undefined;
}

/** A tree of moves as the engine's records keep it (`exportTree`): USI moves, a comment a position. */
export interface MoveTree {
  start: string;
  /** The header's fields (a record's players, event, …), written after the start's. */
  header: { key: string; value: string }[];
  moves: string[];
  comments: string[];
  /** Each replaces move `ply` (from the start) of its parent: null for the main line, else an earlier one. */
  variations: { parent: number | null; ply: number; moves: string[]; comments: string[] }[];
}
