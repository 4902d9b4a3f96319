#!/usr/bin/env python3
"""Writes the game records of this folder with cshogi (PyPI), an independent shogi library, and
expected.tsv: each file's game, number of moves and cshogi's SFEN after the last move.

    python3 -m pip install cshogi==1.1.0
    python3 crate/engine/tests/data/records/generate.py

Games: the first GAMES 80-ply self-play games of ../selfplay/shogi.tsv, and seeded random legal games
from each handicap start (random play promotes, drops and needs 右/左/上/引/寄/直 far more often than
engine play). Formats: KIF in Shift_JIS (.kif) and UTF-8 (.kifu), KI2 (Shift_JIS), CSA; a KIF whose start
is a board diagram (BOD) from the middle of a game."""
import os
import random
from datetime import datetime
import cshogi
import cshogi.CSA
import cshogi.KI2
import cshogi.KIF

HERE = os.path.dirname(os.path.abspath(__file__))
GAMES = 6
PLIES = 120
HANDICAPS = {
    "香落ち": "lnsgkgsn1/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1",
    "角落ち": "lnsgkgsnl/1r7/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1",
    "飛車落ち": "lnsgkgsnl/7b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1",
    "飛香落ち": "lnsgkgsn1/7b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1",
    "二枚落ち": "lnsgkgsnl/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1",
    "四枚落ち": "1nsgkgsn1/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1",
    "六枚落ち": "2sgkgs2/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1",
}


def write_kif(path, start, moves, handicap):
    """cshogi's KIF exporter; `handicap` is a 手合割 name or a Board (written as a diagram)."""
    kif = cshogi.KIF.Exporter(path)
    kif.header(["sente", "gote"], starttime=datetime(2026, 11, 23), handicap=handicap)
    for m in moves:
        kif.move(m)
    kif.end("resign")
    kif.close()


def write_ki2(path, start, moves, handicap):
    """KI2 with cshogi's move text (its exporter only writes even games, so the header is written here)."""
    board = cshogi.Board(start)
    lines = ["手合割：" + handicap, "先手：sente", "後手：gote", ""]
    row = []
    for m in moves:
        row.append(cshogi.KI2.move_to_ki2(m, board))
        board.push(m)
        if len(row) == 6:
            lines.append("    ".join(row))
            row = []
    if row:
        lines.append("    ".join(row))
    with open(path, "w", encoding="cp932") as f:
        f.write("\n".join(lines) + "\n")


def write_csa(path, start, moves):
    csa = cshogi.CSA.Exporter(path)
    csa.info(cshogi.Board(start), ["sente", "gote"])
    for m in moves:
        csa.move(m)
    csa.endgame("%TORYO")
    csa.close()


def play(start, usi_moves=None, seed=None):
    """The moves (cshogi's) and final SFEN: `usi_moves` replayed, or PLIES random legal moves."""
    board = cshogi.Board(start)
    rng = random.Random(seed)
    moves = []
    for i in range(len(usi_moves) if usi_moves is not None else PLIES):
        legal = list(board.legal_moves)
        if not legal:
            break
        m = board.move_from_usi(usi_moves[i]) if usi_moves is not None else rng.choice(legal)
        assert board.is_legal(m)
        moves.append(m)
        board.push(m)
    return moves, board.sfen()


def main():
    expected = [("file", "game", "plies", "sfen")]
    start = cshogi.STARTING_SFEN
    with open(os.path.join(HERE, "..", "selfplay", "shogi.tsv"), encoding="utf-8") as f:
        rows = [line.rstrip("\n").split("\t") for line in f][1:]
    games = [r for r in rows if r[1] == "80"][:GAMES]
    for n, (game, _, _, usi) in enumerate(games, 1):
        moves, sfen = play(start, usi.split())
        name = f"selfplay-{n}"
        write_kif(os.path.join(HERE, name + ".kif"), start, moves, None)
        write_kif(os.path.join(HERE, name + ".kifu"), start, moves, None)
        write_ki2(os.path.join(HERE, name + ".ki2"), start, moves, "平手")
        write_csa(os.path.join(HERE, name + ".csa"), start, moves)
        expected += [(name + ext, "shogi", str(len(moves)), sfen) for ext in (".kif", ".kifu", ".ki2", ".csa")]
    for n, (handicap, hstart) in enumerate(HANDICAPS.items(), 1):
        moves, sfen = play(hstart, seed=n)
        name = f"handicap-{n}"
        write_kif(os.path.join(HERE, name + ".kif"), hstart, moves, handicap)
        write_ki2(os.path.join(HERE, name + ".ki2"), hstart, moves, handicap)
        write_csa(os.path.join(HERE, name + ".csa"), hstart, moves)
        expected += [(name + ext, "shogi", str(len(moves)), sfen) for ext in (".kif", ".ki2", ".csa")]
    # A diagram start: the position after 30 moves of the first self-play game, then the rest of it.
    moves, _ = play(start, games[0][3].split()[:30])
    board = cshogi.Board(start)
    for m in moves:
        board.push(m)
    rest, sfen = play(board.sfen(), games[0][3].split()[30:])
    write_kif(os.path.join(HERE, "diagram-1.kif"), board.sfen(), rest, board)
    expected.append(("diagram-1.kif", "shogi", str(len(rest)), sfen))
    with open(os.path.join(HERE, "expected.tsv"), "w", encoding="utf-8") as f:
        f.write("".join("\t".join(r) + "\n" for r in expected))


if __name__ == "__main__":
    main()
