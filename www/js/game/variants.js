// The two games as the front end needs them: board size, piece set, start, presets, the paper's numbers.
// (The engine owns the rules; this is only what the editor shows and counts.)

export const KINDS = ['R', 'B', 'G', 'S', 'N', 'L', 'P']; // SFEN hand order
export const PROMOTABLE = new Set(['R', 'B', 'S', 'N', 'L', 'P']);

// The handicap starts, as the engine's records know them (crate/engine/src/records/formats/handicap.rs,
// which a unit test compares): the initial position less Gote's pieces, Gote to move.
const SHOGI_HANDICAPS = [
  ['presetLance', 'lnsgkgsn1/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1'],
  ['presetBishop', 'lnsgkgsnl/1r7/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1'],
  ['presetRook', 'lnsgkgsnl/7b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1'],
  ['presetRookLance', 'lnsgkgsn1/7b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1'],
  ['presetTwo', 'lnsgkgsnl/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1'],
  ['presetFour', '1nsgkgsn1/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1'],
  ['presetSix', '2sgkgs2/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1'],
  ['presetEight', '3gkg3/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1'],
  ['presetTen', '4k4/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1'],
];
// For composing a tsume problem: Gote's king alone on the board and every other piece in Gote's hand (the
// defender holds the pieces left over); Sente's king stays in the box, as a problem has none.
const SHOGI_TSUME = '4k4/9/9/9/9/9/9/9/9 b 2r2b4g4s4n4l18p 1';

export const VARIANTS = {
  shogi: {
    name: 'shogi',
    title: 'Shogi',
    titleKey: 'gameShogi',
    width: 9,
    height: 9,
    // Pieces of each kind in the whole game (both sides), the kings included.
    totals: { K: 2, R: 2, B: 2, G: 4, S: 4, N: 4, L: 4, P: 18 },
    start: 'lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1',
    // The start as a USI `position` command says it (the engine's Variant::USI_START).
    usiStart: 'startpos',
    candidates: '80880932079767835177773204009328769812438521503800714936366945233084532',
    presets: [
      ['presetInitial', 'lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1'],
      ['presetKk', '4k4/9/9/9/9/9/9/9/4K4 b RB2G2S2N2L9Prb2g2s2n2l9p 1'],
      [
        'presetReach72',
        '2K1lp1l1/1P3P3/4+L2P1/2p2+b1N1/2+p5S/pp+pp+NB1pp/+pr1g1g1+s+P/+r1s1+n+pkg+S/P1P1+PgN2 b L 1',
      ],
      [
        'presetDies2',
        'G+S2+s+Bp2/5pP2/2+p+lK1+nL+P/+pgkp3+Rr/4+P2+L1/+p1+P4+PB/+SP2N2+PN/P+Lg1+S2+p1/3+nG1+P+P1 b P 1',
      ],
      [
        'presetNoPrev',
        '+P+S3g+S2/3p1p+L2/+Pp1+s2+p+pn/1+p2+N1+l1P/G1+L1n4/+P4+b+n+P1/1R+PKr2p1/+p1gP4L/2G+Bs+P2k b 2p 1',
      ],
      ['presetTwoPawns', 'lnsgkgsnl/1r5b1/ppppppppp/9/9/4P4/PPP1PPPPP/1B5R1/LNSGKGSNL b - 1'],
      ['presetCheck', '4k4/9/9/9/4R4/9/9/9/4K4 b B2G2S2N2L9Prb2g2s2n2l9p 1'],
      ...SHOGI_HANDICAPS,
      ['presetTsume', SHOGI_TSUME],
    ],
    // The play mode's starts: the initial position and the handicaps (Gote, the stronger player, moves
    // first).
    playStarts: [['presetInitial', 'lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1'], ...SHOGI_HANDICAPS],
    // Ishii & Tanaka, Table 1 (5e9 samples, by the engine's funnel row names) and the estimate.
    paper: {
      samples: 5e9,
      funnel: {
        'initial generation': 5000000000,
        'horizontal mirroring': 4945063843,
        'pawn placement': 187220063,
        'opponent king check': 58981117,
        reachability: 40491613,
      },
      estimate: 6.5506e68,
      interval: [6.5473e68, 6.5539e68],
    },
  },
  minishogi: {
    name: 'minishogi',
    title: 'Mini Shogi',
    titleKey: 'gameMinishogi',
    width: 5,
    height: 5,
    totals: { K: 2, R: 2, B: 2, G: 2, S: 2, N: 0, L: 0, P: 2 },
    start: 'rbsgk/4p/5/P4/KGSBR b - 1',
    // Not every USI program calls Mini Shogi's start `startpos`: the SFEN says it to all.
    usiStart: 'sfen rbsgk/4p/5/P4/KGSBR b - 1',
    candidates: '16014219505238849250',
    presets: [
      ['presetInitial', 'rbsgk/4p/5/P4/KGSBR b - 1'],
      ['presetKk', '4k/5/5/5/K4 b RBGSPrbgsp 1'],
      ['presetReach17', '3b1/g2g1/B1SP+r/Ks1p1/2k1+r b - 1'],
      ['presetDies4', '1+r3/bs3/gs3/2b2/K+rk2 b GPp 1'],
      ['presetNoPrev', 'K1G1g/rbB1+r/+S3p/5/1sk2 b p 1'],
      ['presetDeadPawn', 'Pbsgk/4p/5/5/KGSBR b r 1'],
      ['presetTsume', '2k2/5/5/5/5 b 2r2b2g2s2p 1'],
    ],
    playStarts: [['presetInitial', 'rbsgk/4p/5/P4/KGSBR b - 1']],
    // Ishii & Tanaka, Table 1 (1e8 samples, by the engine's funnel row names) and the estimate.
    paper: {
      samples: 1e8,
      funnel: {
        'initial generation': 100000000,
        'horizontal mirroring': 96774076,
        'pawn placement': 77795825,
        'opponent king check': 21506911,
        reachability: 14849198,
      },
      estimate: 2.3774e18,
      interval: [2.376e18, 2.379e18],
    },
  },
};

/** The game called `name`, or null: only the games above, never a property every object inherits
 * (`constructor`, `__proto__`, `toString`). */
export function variantNamed(name) {
  return typeof name === 'string' && Object.hasOwn(VARIANTS, name) ? VARIANTS[name] : null;
}

