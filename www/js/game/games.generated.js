// Generated from the engine's facts by `UPDATE_GENERATED=1 cargo test -p shogi-reach --test cli games`
// (the output of `shogi-reach games --json`); a test fails when they differ. Do not edit.
export const FACTS = {
  "games": [
    {
      "name": "shogi",
      "width": 9,
      "height": 9,
      "centre_file": true,
      "zone": 3,
      "pieces": {
        "B": 2,
        "G": 4,
        "K": 2,
        "L": 4,
        "N": 4,
        "P": 18,
        "R": 2,
        "S": 4
      },
      "start": "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1",
      "usi_start": "startpos",
      "kif_name": "平手",
      "handicaps": [
        {
          "name": "香落ち",
          "sfen": "lnsgkgsn1/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1"
        },
        {
          "name": "右香落ち",
          "sfen": "1nsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1"
        },
        {
          "name": "角落ち",
          "sfen": "lnsgkgsnl/1r7/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1"
        },
        {
          "name": "飛車落ち",
          "sfen": "lnsgkgsnl/7b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1"
        },
        {
          "name": "飛香落ち",
          "sfen": "lnsgkgsn1/7b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1"
        },
        {
          "name": "二枚落ち",
          "sfen": "lnsgkgsnl/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1"
        },
        {
          "name": "三枚落ち",
          "sfen": "lnsgkgsn1/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1"
        },
        {
          "name": "四枚落ち",
          "sfen": "1nsgkgsn1/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1"
        },
        {
          "name": "五枚落ち",
          "sfen": "2sgkgsn1/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1"
        },
        {
          "name": "左五枚落ち",
          "sfen": "1nsgkgs2/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1"
        },
        {
          "name": "六枚落ち",
          "sfen": "2sgkgs2/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1"
        },
        {
          "name": "八枚落ち",
          "sfen": "3gkg3/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1"
        },
        {
          "name": "十枚落ち",
          "sfen": "4k4/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1"
        }
      ],
      "export_formats": [
        "kif",
        "kifu",
        "ki2",
        "ki2u",
        "usi",
        "csa",
        "bod"
      ],
      "candidates": "80880932079767835177773204009328769812438521503800714936366945233084532",
      "published": {
        "source": "paper",
        "citation": "Sotaro Ishii and Tetsuro Tanaka, the state-space complexity of Shogi estimated by Monte Carlo sampling with a reverse search to KK positions, arXiv:2604.06189, section 5.2, Table 1 and Table 2 (Shogi column)",
        "funnel": [
          [
            "initial generation",
            5000000000
          ],
          [
            "horizontal mirroring",
            4945063843
          ],
          [
            "pawn placement",
            187220063
          ],
          [
            "opponent king check",
            58981117
          ],
          [
            "reachability",
            40491613
          ]
        ],
        "samples": 5000000000,
        "sampling": "5,000,000,000 uniformly random ranks in [0, |P_K|), drawn by the authors' programs (the paper does not say whether with repetition)",
        "statement": "p = 0.0080983226, 8.09452...e-3 < p < 8.10212...e-3 (3 sigma), |R| = (6.5506 +- 0.0033)e68",
        "traced_back": [
          18488938,
          480,
          83,
          3,
          0,
          0,
          0,
          0,
          0,
          0
        ],
        "reachable": {
          "estimate": 6.5506e+68,
          "interval": [
            6.5473e+68,
            6.5539e+68
          ]
        }
      }
    },
    {
      "name": "minishogi",
      "width": 5,
      "height": 5,
      "centre_file": true,
      "zone": 1,
      "pieces": {
        "B": 2,
        "G": 2,
        "K": 2,
        "L": 0,
        "N": 0,
        "P": 2,
        "R": 2,
        "S": 2
      },
      "start": "rbsgk/4p/5/P4/KGSBR b - 1",
      "usi_start": "sfen rbsgk/4p/5/P4/KGSBR b - 1",
      "kif_name": "５五将棋",
      "handicaps": [],
      "export_formats": [
        "kif",
        "kifu",
        "ki2",
        "ki2u",
        "usi",
        "bod"
      ],
      "candidates": "16014219505238849250",
      "published": {
        "source": "paper",
        "citation": "Sotaro Ishii and Tetsuro Tanaka, Estimating the number of reachable positions in Minishogi, arXiv:2409.00129, section 5, Table 1 and Table 2 (the same figures: arXiv:2604.06189, section 5.1, Tables 1 and 2, Mini Shogi column)",
        "funnel": [
          [
            "initial generation",
            100000000
          ],
          [
            "horizontal mirroring",
            96774076
          ],
          [
            "pawn placement",
            77795825
          ],
          [
            "opponent king check",
            21506911
          ],
          [
            "reachability",
            14849198
          ]
        ],
        "samples": 100000000,
        "sampling": "100,000,000 random ranks without repetition in [0, |P_K|), drawn by the authors' Python program",
        "statement": "0.14838... < p < 0.14859... (3 sigma, arXiv:2604.06189; 0.14842... to 0.14856..., 95 %, arXiv:2409.00129), 2.376...e18 < |R| < 2.379...e18, |R| about 2.38e18",
        "traced_back": [
          6650818,
          4175,
          2494,
          114,
          104,
          2,
          4,
          1,
          1,
          0
        ],
        "reachable": {
          "estimate": 2.378e+18,
          "interval": [
            2.376e+18,
            2.379e+18
          ]
        }
      }
    },
    {
      "name": "judkins",
      "width": 6,
      "height": 6,
      "centre_file": false,
      "zone": 2,
      "pieces": {
        "B": 2,
        "G": 2,
        "K": 2,
        "L": 0,
        "N": 2,
        "P": 2,
        "R": 2,
        "S": 2
      },
      "start": "rbnsgk/5p/6/6/P5/KGSNBR b - 1",
      "usi_start": "sfen rbnsgk/5p/6/6/P5/KGSNBR b - 1",
      "kif_name": "ジャドケンス将棋",
      "handicaps": [],
      "export_formats": [
        "kif",
        "kifu",
        "ki2",
        "ki2u",
        "usi",
        "bod"
      ],
      "candidates": "14645048235550755350648670",
      "published": {
        "source": "this_project",
        "citation": "shogi-reach 0.1.0 (commit a300e2e), estimate --variant judkins --samples 100000000 --seed 1 on this project's 2-core machine (AMD EPYC), 2026-11-28: docs/judkins.md, the report in bench/runs/2026-11-28-judkins-1e8/. No paper has counted Judkins shogi.",
        "funnel": [
          [
            "initial generation",
            100000000
          ],
          [
            "horizontal mirroring",
            100000000
          ],
          [
            "pawn placement",
            58164694
          ],
          [
            "opponent king check",
            19905510
          ],
          [
            "reachability",
            15156597
          ]
        ],
        "samples": 100000000,
        "sampling": "100,000,000 uniformly random ranks in [0, |P_K|), with repetition: samples 0 to 99,999,999 of seed 1 (ChaCha8, stream i for sample i)",
        "statement": "p = 0.15156597 (sigma 3.586e-5), 2.21812e24 < |R| < 2.22127e24 (3 sigma), |R| about 2.22e24",
        "traced_back": [
          4747659,
          947,
          297,
          8,
          2
        ],
        "reachable": {
          "estimate": 2.21969e+24,
          "interval": [
            2.21812e+24,
            2.22127e+24
          ]
        }
      }
    }
  ],
  "default_game": "shogi",
  "stages": [
    {
      "name": "count",
      "verdict": "unreachable",
      "describe": "the pieces on the board and in hand are not the start's: a game never loses or gains a piece"
    },
    {
      "name": "flip",
      "verdict": "unreachable",
      "describe": "not the mirror-canonical representative of its mirror pair"
    },
    {
      "name": "piece",
      "verdict": "unreachable",
      "describe": "two unpromoted pawns of one side on a file, or a pawn, lance or knight that can never move"
    },
    {
      "name": "king",
      "verdict": "unreachable",
      "describe": "the side not to move is in check"
    },
    {
      "name": "prev",
      "verdict": "unreachable",
      "describe": "no legal move leads to this position"
    },
    {
      "name": "reach",
      "verdict": "unreachable",
      "describe": "every position that leads to it was searched: none comes from a KK position"
    },
    {
      "name": "OK",
      "verdict": "reachable",
      "describe": "traced back to a position with only the two kings on the board"
    },
    {
      "name": "unknown",
      "verdict": "unknown",
      "describe": "the search reached its node cap before deciding"
    }
  ],
  "funnel": [
    {
      "row": "initial generation",
      "removes": []
    },
    {
      "row": "horizontal mirroring",
      "removes": [
        "flip"
      ]
    },
    {
      "row": "pawn placement",
      "removes": [
        "piece"
      ]
    },
    {
      "row": "opponent king check",
      "removes": [
        "king"
      ]
    },
    {
      "row": "reachability",
      "removes": [
        "prev",
        "reach",
        "unknown"
      ]
    }
  ],
  "japanese_names": {
    "+B": {
      "record": "馬",
      "board": "馬",
      "full": "龍馬"
    },
    "+L": {
      "record": "成香",
      "board": "杏",
      "full": "成香"
    },
    "+N": {
      "record": "成桂",
      "board": "圭",
      "full": "成桂"
    },
    "+P": {
      "record": "と",
      "board": "と",
      "full": "と金"
    },
    "+R": {
      "record": "龍",
      "board": "龍",
      "full": "龍王"
    },
    "+S": {
      "record": "成銀",
      "board": "全",
      "full": "成銀"
    },
    "B": {
      "record": "角",
      "board": "角",
      "full": "角行"
    },
    "G": {
      "record": "金",
      "board": "金",
      "full": "金将"
    },
    "K": {
      "record": "玉",
      "board": "玉",
      "full": "玉将"
    },
    "L": {
      "record": "香",
      "board": "香",
      "full": "香車"
    },
    "N": {
      "record": "桂",
      "board": "桂",
      "full": "桂馬"
    },
    "P": {
      "record": "歩",
      "board": "歩",
      "full": "歩兵"
    },
    "R": {
      "record": "飛",
      "board": "飛",
      "full": "飛車"
    },
    "S": {
      "record": "銀",
      "board": "銀",
      "full": "銀将"
    }
  },
  "japanese_files": "１２３４５６７８９",
  "japanese_ranks": "一二三四五六七八九"
};
