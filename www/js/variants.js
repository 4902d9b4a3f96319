// The two games as the front end needs them: board size, piece set, start, presets, the paper's numbers.
// (The engine owns the rules; this is only what the editor shows and counts.)

export const KINDS = ['R', 'B', 'G', 'S', 'N', 'L', 'P']; // SFEN hand order
export const PROMOTABLE = new Set(['R', 'B', 'S', 'N', 'L', 'P']);

export const VARIANTS = {
  shogi: {
    name: 'shogi',
    title: 'Shogi',
    width: 9,
    height: 9,
    // Pieces of each kind in the whole game (both sides), the kings included.
    totals: { K: 2, R: 2, B: 2, G: 4, S: 4, N: 4, L: 4, P: 18 },
    start: 'lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1',
    candidates: '80880932079767835177773204009328769812438521503800714936366945233084532',
    presets: [
      ['Initial position', 'lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1'],
      ['Kings only (a KK position)', '4k4/9/9/9/9/9/9/9/4K4 b RB2G2S2N2L9Prb2g2s2n2l9p 1'],
      [
        "Reachable, 72 plies back to KK (authors' results)",
        '2K1lp1l1/1P3P3/4+L2P1/2p2+b1N1/2+p5S/pp+pp+NB1pp/+pr1g1g1+s+P/+r1s1+n+pkg+S/P1P1+PgN2 b L 1',
      ],
      [
        "Unreachable: search dies 2 plies back (authors' results)",
        'G+S2+s+Bp2/5pP2/2+p+lK1+nL+P/+pgkp3+Rr/4+P2+L1/+p1+P4+PB/+SP2N2+PN/P+Lg1+S2+p1/3+nG1+P+P1 b P 1',
      ],
      [
        "Unreachable: no legal predecessor (authors' results)",
        '+P+S3g+S2/3p1p+L2/+Pp1+s2+p+pn/1+p2+N1+l1P/G1+L1n4/+P4+b+n+P1/1R+PKr2p1/+p1gP4L/2G+Bs+P2k b 2p 1',
      ],
      ['Unreachable: two pawns on a file', 'lnsgkgsnl/1r5b1/ppppppppp/9/9/4P4/PPP1PPPPP/1B5R1/LNSGKGSNL b - 1'],
      ['Unreachable: the side not to move is in check', '4k4/9/9/9/4R4/9/9/9/4K4 b B2G2S2N2L9Prb2g2s2n2l9p 1'],
    ],
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
    width: 5,
    height: 5,
    totals: { K: 2, R: 2, B: 2, G: 2, S: 2, N: 0, L: 0, P: 2 },
    start: 'rbsgk/4p/5/P4/KGSBR b - 1',
    candidates: '16014219505238849250',
    presets: [
      ['Initial position', 'rbsgk/4p/5/P4/KGSBR b - 1'],
      ['Kings only (a KK position)', '4k/5/5/5/K4 b RBGSPrbgsp 1'],
      ['Reachable, 17 plies back to KK (sample 3 of the oracle)', '3b1/g2g1/B1SP+r/Ks1p1/2k1+r b - 1'],
      ["Unreachable: search dies 4 plies back (authors' results)", '1+r3/bs3/gs3/2b2/K+rk2 b GPp 1'],
      ["Unreachable: no legal predecessor (authors' results)", 'K1G1g/rbB1+r/+S3p/5/1sk2 b p 1'],
      ['Unreachable: a pawn that can never move', 'Pbsgk/4p/5/5/KGSBR b r 1'],
    ],
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

/** A funnel row's label: the engine's row name with a capital letter (`pawn placement` → `Pawn placement`). */
export const funnelLabel = (name) => name.charAt(0).toUpperCase() + name.slice(1);
