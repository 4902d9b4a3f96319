"""The rules against an independent engine, Fairy-Stockfish (Debian's `fairy-stockfish`, which plays Mini
Shogi and Judkins shogi): along seeded random games, the legal moves of every position and the move-by-move
perft counts of some agree. Fairy-Stockfish 11 wrongly allows a pawn drop that mates; a move only it lists
must be such a drop (after it, the other side has no legal move here), and nothing else may differ."""

import os
import random
import re
import shutil
import subprocess

import pytest
import shogi_reach as sr

START = {"minishogi": "rbsgk/4p/5/P4/KGSBR b - 1", "judkins": "rbnsgk/5p/6/6/P5/KGSNBR b - 1"}


def fairy_stockfish_path() -> str:
    for path in (shutil.which("fairy-stockfish"), "/usr/games/fairy-stockfish"):
        if path and os.access(path, os.X_OK):
            return path
    pytest.fail("fairy-stockfish not found: npm test installs it (Debian's fairy-stockfish, in /usr/games)")


class FairyStockfish:
    """Fairy-Stockfish over USI: its perft per first move and the SFEN after a move."""

    def __init__(self, game: str):
        self.proc = subprocess.Popen([fairy_stockfish_path()], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                     stderr=subprocess.DEVNULL, text=True, bufsize=1)
        self.send("usi")
        self.read_until(lambda line: line == "usiok")
        self.send(f"setoption name UCI_Variant value {game}")

    def send(self, line: str):
        self.proc.stdin.write(line + "\n")

    def read_until(self, last) -> list[str]:
        lines = []
        while True:
            line = self.proc.stdout.readline()
            assert line, "fairy-stockfish ended"
            lines.append(line.strip())
            if last(lines[-1]):
                return lines

    def divide(self, sfen: str, depth: int) -> dict[str, int]:
        self.send(f"position sfen {sfen}")
        self.send(f"go perft {depth}")
        lines = self.read_until(lambda line: line.startswith("Nodes searched"))
        counts = (re.fullmatch(r"([0-9a-z*+A-Z]+): (\d+)", line) for line in lines)
        return {m[1]: int(m[2]) for m in counts if m}

    def after(self, sfen: str, move: str) -> str:
        self.send(f"position sfen {sfen} moves {move}")
        self.send("d")
        self.send("isready")
        lines = self.read_until(lambda line: line == "readyok")
        after = next(line[len("Sfen: "):] for line in lines if line.startswith("Sfen: "))
        assert after != sfen, f"fairy-stockfish did not play {move} in {sfen}"
        return after

    def close(self):
        self.send("quit")
        self.proc.wait(timeout=10)


def is_pawn_drop_mate(game: str, fsf: FairyStockfish, sfen: str, move: str) -> bool:
    return move.startswith("P*") and sr.perft(game, 1, fsf.after(sfen, move)) == 0


def same_divide(game: str, fsf: FairyStockfish, sfen: str, depth: int) -> int:
    """Compares the counts per first move at `depth`, explaining each difference down to the pawn drops that
    mate; returns how many such drops explained one."""
    ours, theirs = sr.perft(game, depth, sfen, divide=True), fsf.divide(sfen, depth)
    assert not set(ours) - set(theirs), f"{sfen}: only shogi-reach plays {sorted(set(ours) - set(theirs))}"
    explained = 0
    for move, n in theirs.items():
        if move not in ours:
            assert is_pawn_drop_mate(game, fsf, sfen, move), f"{sfen}: only Fairy-Stockfish plays {move}"
            explained += 1
        elif n != ours[move]:
            assert depth > 1, f"{sfen} {move}: {ours[move]} against {n}"
            explained += same_divide(game, fsf, fsf.after(sfen, move), depth - 1)
    return explained


@pytest.mark.parametrize("game", ["judkins", "minishogi"])
def test_moves_and_perft_agree_with_fairy_stockfish_along_random_games(game):
    fsf = FairyStockfish(game)
    positions = 0
    try:
        for seed in range(10):
            rng, sfen = random.Random(seed), START[game]
            for ply in range(60):
                depth = 3 if ply in (12, 30) else 2 if ply % 6 == 0 else 1
                same_divide(game, fsf, sfen, depth)
                positions += 1
                moves = sorted(sr.perft(game, 1, sfen, divide=True))
                if not moves:
                    break
                sfen = fsf.after(sfen, rng.choice(moves))
    finally:
        fsf.close()
    assert positions > 200
