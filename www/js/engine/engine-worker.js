// A Web Worker that owns one instance of the engine and answers the page's requests (protocol.d.ts,
// EngineApi): `prove` sends progress every 1024 search pops, `proofGame` about ten times a second during
// its short search; `stages` answers the engine's stages in pipeline order; `parseRecord`, `predecessors`
// and `explain` answer as the CLI's --json (records, last moves, certificates), `legalMoves` the play mode's
// moves; `fileLimits` gives the most bytes of a record and of a report file the engine reads. The first
// request is `init` ({threaded, threads, module}, see load-engine.js and wasm.js). The engine computes
// without listening: a cancel is the worker terminated.
import { engineGlue, loadEngine } from './load-engine.js';
import { serve } from './rpc.js';

// The page's engine workers run the plain build: its glue is imported while the page compiles the module.
engineGlue(false).catch(() => {});

/** @type {import('./api').EngineModule} */
let engine;

/** @type {{[K in keyof import('./protocol').EngineApi]: (args: import('./protocol').EngineApi[K]['args'], context: import('./protocol').Context<import('./protocol').EngineApi[K]['progress']>) => any}} */
const handlers = {
  init: async ({ threaded, threads, module }) => {
    engine = await loadEngine(threaded, threads, module);
    return { threaded: engine.isThreaded() };
  },
  stages: () => engine.stages(),
  diagnose: ({ game, sfen, start }) => engine.diagnose(game, sfen, start ?? undefined),
  // `start`: a handicap's name, the initial position when absent.
  prove: ({ game, sfen, maxNodes, start }, { progress }) =>
    engine.prove(game, sfen, maxNodes, (pops, nodes, bestH) => {
      progress({ pops, nodes, bestH });
      return true;
    }, start ?? undefined),
  proofGame: ({ game, sfen, maxNodes, budgetScale, start }, { progress }) => {
    let shown = -Infinity;
    return engine.proofGame(game, sfen, maxNodes, budgetScale, (nodes, ms) => {
      // Asked every 64 positions: tell the page about ten times a second.
      if (ms - shown >= 100) {
        shown = ms;
        progress({ nodes, ms });
      }
      return true;
    }, start ?? undefined);
  },
  // A game record (text, or a file's bytes as a Uint8Array so that Shift_JIS is read too).
  parseRecord: ({ data }) => engine.parseRecord(data),
  predecessors: ({ game, sfen }) => engine.predecessors(game, sfen),
  // The play mode: every legal move with its notation and the position after it.
  legalMoves: ({ game, sfen, previous }) => engine.legalMoves(game, sfen, previous),
  explain: ({ game, sfen, maxNodes, start }) => engine.explain(game, sfen, maxNodes, start ?? undefined),
  // A tsume set-up: every square tried for Sente's king, progress after each.
  kingSquares: ({ game, sfen, maxNodes }, { progress }) =>
    engine.kingSquares(game, sfen, maxNodes, (done, total) => progress({ done, total })),
  blocks: ({ game, seed, start, end, maxNodes, keep }) =>
    engine.estimateBlocks(game, BigInt(seed), BigInt(start), BigInt(end), maxNodes, keep),
  // Estimate reports: shard files merged as `shogi-reach merge` does (and read one by one, to verify
  // their blocks); a saved run's report and plot rebuilt from its blocks; the precision planner.
  mergeReports: ({ names, texts }) => engine.mergeReports(names, texts),
  readReport: ({ name, text }) => engine.readReport(name, text),
  reportFromBlocks: ({ game, seed, samples, maxNodes, blocks }) =>
    engine.reportFromBlocks(game, BigInt(seed), BigInt(samples), maxNodes, blocks),
  runningEstimate: ({ game, blocks, points }) => engine.runningEstimate(game, blocks, points),
  blocksToVerify: ({ n }) => engine.blocksToVerify(n),
  shardRange: ({ samples, k, m }) => engine.shardRange(BigInt(samples), BigInt(k), BigInt(m)),
  fileLimits: () => engine.fileLimits(),
  plan: ({ p, candidates, digits }) => engine.samplesForDigits(p, candidates, digits),
  // Exports: a line (or a position alone) as a file's bytes, in the encoding its extension promises.
  exportRecord: ({ game, start, moves, format, comment }) => engine.exportRecord(game, start, moves, format, comment),
  // A tree of moves: KIF with its variations and comments, the other formats its main line.
  exportTree: ({ game, tree, format, comment }) => engine.exportTree(game, tree, format, comment),
};

serve(handlers);
