// The glossary in English (page/terms.js shows it; docs/site.md#terms): `term:KEY` explains a word the page
// shows, `termWords` lists the words that name each term in a sentence (the first found is marked). Spread
// into en.js; ja.js has the same keys from glossary-ja.js.
import { DECIDING_STAGES } from '../game/games.js';
export default {
  'term:pk':
    'P_K, the candidate set: every position with Sente to move, the whole piece set on the board or in hands, and the kings on K-canonical squares. It holds every reachable position (up to a mirror image), and each member has a number, its rank.',
  'term:kk':
    'A KK position has only the two kings on the board; every other piece is in a hand. Every KK position can be reached from the initial position, so a position traced back to one is reachable too.',
  'term:rank':
    "A candidate's number in P_K, from 0 to |P_K| − 1. Decoding a rank gives its position back, so a rank drawn at random is a candidate drawn at random.",
  'term:candidate':
    'A member of P_K: Sente to move, the whole piece set, K-canonical kings. A candidate may still break the rules (two pawns on a file, a king left in check); the stages sort those out.',
  'term:mirror':
    "A position and its left-right mirror image are counted once. P_K keeps the one with Sente's king on the left half (K-canonical kings); when both kings stand on the centre file, the flip stage keeps one of the pair.",
  'term:stage-count': 'Stage count: a piece of the set is missing from the board and the hands. Only positions you enter can fail it; a drawn candidate always has the whole set.',
  'term:stage-flip':
    'Stage flip (horizontal mirroring): the position is not the member of its mirror pair that the method keeps. Only positions with both kings on the centre file can fail it.',
  'term:stage-piece': 'Stage piece: two unpromoted pawns of one side on a file, or a pawn, lance or knight where it can never move again.',
  'term:stage-king': 'Stage king: the side to move attacks the other king, so the side that moved last left its own king in check (adjacent kings fail here).',
  'term:stage-prev': 'Stage prev: no legal move leads to this position; its set of legal last moves (Prev1) is empty.',
  'term:stage-reach':
    'Stage reach: the backward search looked at every position that leads to this one, and none of them comes from a KK position, so it is unreachable.',
  'term:stage-ok': 'Stage OK: the backward search reached a KK position, so the position is reachable.',
  'term:sigma3':
    'The 3-sigma interval is p·|P_K| plus or minus 3·√(p(1 − p)/n)·|P_K|, three standard errors, where p is the share of reachable samples and n the number of samples. Under the normal approximation an interval built this way holds the true count 99.73 % of the time.',
  'term:node-cap':
    'The most positions one backward search may hold. A search that would need more stops and answers unknown, instead of running out of memory.',
  'term:shard':
    "Shard K/M is part K (counted from 0) of M of a run's samples, the same ranges as the command line's --shard K/M. Shards can run on different machines; merged, they give the whole run's exact counts.",
  'term:unknown':
    'Unknown: the search hit its node cap before it could decide. The position is neither proved reachable nor unreachable; an estimate counts it as not reachable.',
  'term:traced-back':
    "Plies traced back: for an unreachable position, the most moves (of either side) the exhaustive backward search could take back before every line ended. The paper's Table 2 counts unreachable samples by it.",
  'term:proof-game': 'A proof game is a whole game of legal moves from the initial position that ends in the position: a proof, move by move, that it is reachable.',
  'term:sample':
    'A sample is one rank drawn uniformly at random from P_K (sample i of a seed is the same draw everywhere), decoded to its position and run through the stages.',
  /** The words of a sentence that name each term: the first found in a text is marked (terms.js). */
  termWords: {
    pk: ['|P_K|', 'P_K'],
    kk: ['KK position', 'only the two kings', 'KK route'],
    'node-cap': ['node cap'],
    'traced-back': ['traced it back', 'plies traced back'],
    unknown: ['Unknown', 'unknown'],
    sigma3: ['3-sigma interval', '3-sigma', '3 sigma'],
    'proof-game': ['whole game', 'A game of'],
    sample: ['samples', 'sample'],
    // A stage is named with the word "stage" (a bare "reach" is also inside "Unreachable").
    ...Object.fromEntries(
      DECIDING_STAGES.map((code) => [
        `stage-${code.toLowerCase()}`,
        [`stage ${code}`, `Stage ${code}`],
      ]),
    ),
  },
};
