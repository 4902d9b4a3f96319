// The How it works tab's texts in English (text-ja.js has the same keys; a unit test checks it). Loaded
// with the tab, not with the page. Terms are marked `[[key|words]]` (page/term-text.js).

export default {
  intro:
    'Ishii & Tanaka count the positions reachable from the initial position without listing them: they number a large set of candidate positions, test random ones, and multiply the share that passes. Each step below runs the engine of this page, live, on the game chosen at the top.',
  working: 'The engine is working…',
  failed: (message) => `The engine could not answer: ${message}`,

  step1: '1. The candidate set P_K',
  step1What:
    'A member of [[pk|P_K]], a [[candidate|candidate]], has Sente to move, every piece of the game on the board or in a hand (pieces in hand unpromoted), and its kings on K-canonical squares. Nothing else is checked yet: a pawn may stand on the last rank, the kings side by side.',
  step1Why:
    'Why the kings are fixed: a position and its left-right [[mirror|mirror image]] are reached by mirrored games, so they are equally reachable and the method keeps one of each pair. Sente’s king stands on the left half of the board or on the centre file (the marked squares); when it is on the centre file, Gote’s king is on the left half or the centre file too. This halves the set without losing a position.',
  step1WhyEven:
    'Why the kings are fixed: a position and its left-right [[mirror|mirror image]] are reached by mirrored games, so they are equally reachable and the method keeps one of each pair. This board has an even number of files, so no centre file: Sente’s king stands on the left half (the marked squares), which keeps exactly one of each pair. This halves the set without losing a position.',
  step1Sizes: 'The size of P_K, computed by the engine:',
  about: (mantissa, exponent) => `about ${mantissa} × 10^${exponent}`,
  kingSquares: 'The squares where Sente’s king may stand in P_K (this game).',

  step2: '2. A random rank, unranked',
  step2Text:
    'Every candidate has a number, its [[rank|rank]], from 0 to |P_K| − 1, and the engine decodes (unranks) any rank into its position. A uniformly random rank is therefore a uniformly random candidate: a [[sample|sample]]. Most samples are nonsense, as the board shows; the filters come next.',
  sampleOf: (index, seed) => `Sample ${index} of seed ${seed}`,
  rank: 'Rank',
  drawAnother: 'Draw another',

  step3: '3. The filters',
  step3Text: (seed) =>
    `The candidates go through cheap tests first, in this order; the first test failed decides. Each example is the first sample of seed ${seed} that fails that test, found by the engine; the marked squares are those its reason names.`,
  step3NoFlip:
    'This board has no centre file, so no sample fails the first test, [[stage-flip|flip]]: P_K already holds one of each mirror pair.',
  'stage:flip': '[[stage-flip|flip]]: one of each mirror pair',
  'stage:piece': '[[stage-piece|piece]]: pieces where no game puts them',
  'stage:king': '[[stage-king|king]]: the wrong side in check',
  'stage:prev': '[[stage-prev|prev]]: no legal last move',
  'why:flip':
    'Both kings stand on the centre file, so this position and its mirror image are both candidates, and only one of them is kept. Marked: the kings, a piece, and the square the mirror moves it to, where no such piece stands. That square comes first in the ranking’s order of squares, so the mirror image sorts first and is kept; this one is dropped.',
  'why:piece':
    'Two unpromoted pawns of one side on a file, or a pawn, lance or knight that could never move again (on the last rank, or a knight on the last two): no legal game leaves such a piece (the marked squares).',
  'why:king':
    'Sente is to move, yet Gote’s king is attacked (marked, with its attackers): Gote’s own last move would have left its king in check.',
  'why:prev':
    'The position passes the filters, yet no move of Gote can have produced it: for every piece of Gote (marked), every square it could have come from and everything it could have captured, the move before breaks a rule.',
  exampleOf: (index, rank) => `Sample ${index}, rank ${rank}`,

  step4: '4. The backward search to a KK position',
  step4Text:
    'A candidate that passes the filters is searched backwards: the engine takes back legal moves (all of them, with every capture they may have made), always going on from the position with the fewest pieces left to clear, until only the two kings are on the board: a [[kk|KK position]]. Here is the first reachable sample of the seed; take its moves back along the path the engine found.',
  step4Why:
    'Why this proves reachability: every KK position can be reached from the initial position, and the initial position from every KK position (the paper’s Theorem 3). So a position is reachable from the start exactly when some KK position leads to it; a search that runs out of positions without meeting one proves the candidate unreachable ([[stage-reach|reach]]).',
  takeBack: 'Take back one move',
  playBack: 'Take them all back',
  pause: 'Pause',
  restart: 'Start again',
  plyOf: (ply, plies, pieces) =>
    `${ply} of ${plies} ${plies === 1 ? 'move' : 'moves'} taken back; ${pieces} ${pieces === 1 ? 'piece' : 'pieces'} besides the kings on the board.`,
  undone: (move) => `Taken back: ${move}`,
  reachedKk: (plies) =>
    `A KK position: only the two kings are on the board, ${plies} ${plies === 1 ? 'move' : 'moves'} back. The sample is reachable.`,

  step5: '5. The estimate',
  step5Text:
    'With n samples of which r are reachable, p = r/n estimates the share of reachable candidates and p × |P_K| the number of reachable positions. sigma = √(p(1 − p)/n) measures the sampling error: the [[sigma3|3-sigma interval]], (p ± 3 × sigma) × |P_K|, holds the true number with a probability of 99.7 %.',
  tableCaption: 'The published runs and a run in this page',
  colRun: 'Run',
  colSamples: 'Samples n',
  colReachable: 'Reachable r',
  colShare: 'p = r/n',
  colEstimate: '|R| ≈ p × |P_K|, 3-sigma interval',
  publishedRun: (game, byPaper) => `${game}, ${byPaper ? 'the paper' : 'this project’s run'}`,
  thisRun: (game) => `${game}, this page (seed 20261122)`,
  runHere: (samples) => `Run ${samples} samples here`,
  notRun: 'not run yet',
  interval: (estimate, low, high) => `${estimate} [${low}, ${high}]`,
  step5More: 'The Estimate tab runs as many samples as you like, with the same draws as the command line.',

  step6: '6. The papers and the programs',
  step6Text:
    'The method and both counts are by Sotaro Ishii and Tetsuro Tanaka (the University of Tokyo). This site is written from scratch and gives the verdicts of their published programs on the same positions.',
  paperShogiLink: 'Shogi: arXiv:2604.06189',
  paperMiniLink: 'Mini Shogi: Estimating the number of reachable positions in Minishogi, arXiv:2409.00129',
  programMini: 'minishogi-position-ranking: their Mini Shogi program (Python)',
  programShogi: 'shogilib: their Shogi program (Python)',
  programYane: 'YaneuraOu, branch estimate_number_of_positions: their faster Shogi checks and search (C++)',
};
