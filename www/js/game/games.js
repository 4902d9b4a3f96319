// The games as the front end needs them: the engine's facts (games.generated.js: board size, piece set,
// starts, |P_K|, the papers' figures), and the page's own examples and labels.
import { FACTS } from './games.generated.js';

export const KINDS = ['R', 'B', 'G', 'S', 'N', 'L', 'P']; // SFEN hand order
export const PROMOTABLE = new Set(['R', 'B', 'S', 'N', 'L', 'P']);

// For composing a tsume problem: Gote's king alone on the board and every other piece in Gote's hand (the
// defender holds the pieces left over); Sente's king stays in the box, as a problem has none.
const TSUME = {
  shogi: '4k4/9/9/9/9/9/9/9/9 b 2r2b4g4s4n4l18p 1',
  minishogi: '2k2/5/5/5/5 b 2r2b2g2s2p 1',
  judkins: '5k/6/6/6/6/6 b 2r2b2g2s2n2p 1',
};

// The page's own examples, each with the label key that names it: positions the method decides in
// different ways (the authors' results, the oracle's samples, each filter's failures).
const EXAMPLES = {
  shogi: [
    ['presetKk', '4k4/9/9/9/9/9/9/9/4K4 b RB2G2S2N2L9Prb2g2s2n2l9p 1'],
    ['presetReach72', '2K1lp1l1/1P3P3/4+L2P1/2p2+b1N1/2+p5S/pp+pp+NB1pp/+pr1g1g1+s+P/+r1s1+n+pkg+S/P1P1+PgN2 b L 1'],
    ['presetDies2', 'G+S2+s+Bp2/5pP2/2+p+lK1+nL+P/+pgkp3+Rr/4+P2+L1/+p1+P4+PB/+SP2N2+PN/P+Lg1+S2+p1/3+nG1+P+P1 b P 1'],
    ['presetNoPrev', '+P+S3g+S2/3p1p+L2/+Pp1+s2+p+pn/1+p2+N1+l1P/G1+L1n4/+P4+b+n+P1/1R+PKr2p1/+p1gP4L/2G+Bs+P2k b 2p 1'],
    ['presetTwoPawns', 'lnsgkgsnl/1r5b1/ppppppppp/9/9/4P4/PPP1PPPPP/1B5R1/LNSGKGSNL b - 1'],
    ['presetCheck', '4k4/9/9/9/4R4/9/9/9/4K4 b B2G2S2N2L9Prb2g2s2n2l9p 1'],
  ],
  minishogi: [
    ['presetKk', '4k/5/5/5/K4 b RBGSPrbgsp 1'],
    ['presetReach17', '3b1/g2g1/B1SP+r/Ks1p1/2k1+r b - 1'],
    ['presetDies4', '1+r3/bs3/gs3/2b2/K+rk2 b GPp 1'],
    ['presetNoPrev', 'K1G1g/rbB1+r/+S3p/5/1sk2 b p 1'],
    ['presetDeadPawn', 'Pbsgk/4p/5/5/KGSBR b r 1'],
  ],
  // No paper counted Judkins shogi: its examples are this engine's samples (seed 1) and hand-made ones.
  judkins: [
    ['presetKk', '5k/6/6/6/6/K5 b RBGSNPrbgsnp 1'],
    ['presetJudkinsReach18', '+S+Pr2+N/6/2Bp1B/Ks+nGr1/2k3/g5 b - 1'],
    ['presetJudkinsNoPrev', '2pp1+B/3g2/G1K1RR/3N2/+b3s+s/N3k1 b - 1'],
    ['presetTwoPawns', 'rbnsgk/6/6/P5/P5/KGSNBR b - 1'],
    ['presetCheck', '5k/6/6/6/5R/K5 b BGSNPrbgsnp 1'],
    ['presetDeadPawn', 'Pbnsgk/5p/6/6/6/KGSNBR b r 1'],
  ],
};

/**
 * A list entry: the label's text key, its arguments, and the position.
 * @typedef {{key: string, args: string[], sfen: string}} Preset
 */

/** The game of `facts` (games.generated.js, the engine's) as the page uses it. */
function gameFromFacts(facts) {
  const { name, width, height, start, published } = facts;
  const totals = Object.fromEntries(['K', ...KINDS].map((k) => [k, facts.pieces[k]]));
  /** @type {Preset} */
  const initial = { key: 'presetInitial', args: [], sfen: start };
  /** @type {Preset[]} */
  const handicaps = facts.handicaps.map((h) => ({ key: 'presetHandicap', args: [h.name], sfen: h.sfen }));
  const examples = EXAMPLES[name].map(([key, sfen]) => ({ key, args: [], sfen }));
  return {
    name,
    titleKey: `game_${name}`,
    width,
    height,
    // Whether the board has a centre file (odd width): where K-canonical kings stand, and whether the
    // flip filter can reject a sample.
    centreFile: facts.centre_file,
    // Pieces of each kind in the whole game (both sides), the kings included.
    totals,
    start,
    usiStart: facts.usi_start,
    // The formats its records are exported in (CSA records only 9×9 Shogi).
    exportFormats: facts.export_formats,
    candidates: facts.candidates,
    presets: [initial, ...examples, ...handicaps, { key: 'presetTsume', args: [], sfen: TSUME[name] }],
    // The play mode's starts: the initial position and the handicaps (Gote, the stronger player, moves first).
    playStarts: [initial, ...handicaps],
    // The papers' Table 1 (samples left after each check, by the engine's row names) and estimate; for a
    // game no paper counted, this project's run (byPaper false).
    paper: {
      byPaper: published.source === 'paper',
      samples: published.samples,
      funnel: Object.fromEntries(published.funnel),
      estimate: published.reachable.estimate,
      interval: published.reachable.interval,
    },
  };
}

/** @typedef {ReturnType<typeof gameFromFacts>} Game */

/** @type {{[name: string]: Game}} */
export const GAMES = Object.fromEntries(FACTS.games.map((g) => [g.name, gameFromFacts(g)]));
/** The game meant where none is named. */
export const DEFAULT_GAME = FACTS.default_game;
/** Every piece's names in Japanese by SFEN token in upper case ('P', '+P'): `record` (as a record's moves
 * name it: と, 成銀), `board` (one character: と, 全) and `full` (と金, 成銀). */
export const JAPANESE_NAMES = FACTS.japanese_names;
/** Files from 1 (full-width digits) and ranks from 1 (kanji) as Japanese text writes a square (７六). */
export const JAPANESE_FILES = FACTS.japanese_files;
export const JAPANESE_RANKS = FACTS.japanese_ranks;

/** The stages in pipeline order (the engine's names), and the rows of the papers' Table 1 with the stages
 * whose samples each removes. */
export const STAGES = FACTS.stages.map((s) => s.name);
/** The stages that decide (all but `unknown`, where the search stopped at its node cap). */
export const DECIDING_STAGES = FACTS.stages.filter((s) => s.verdict !== 'unknown').map((s) => s.name);
export const FUNNEL = FACTS.funnel;

/** The game called `name`, or null: only the games above, never a property every object inherits
 * (`constructor`, `__proto__`, `toString`). */
export function gameNamed(name) {
  return typeof name === 'string' && Object.hasOwn(GAMES, name) ? GAMES[name] : null;
}

