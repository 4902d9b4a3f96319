"""The rules against an independent engine, Fairy-Stockfish (Debian's `fairy-stockfish`, which plays Mini
Shogi and Judkins shogi): along seeded random games, the legal moves of every position and the move-by-move
perft counts of some agree. Fairy-Stockfish 11 wrongly allows a pawn drop that mates; a move only it lists
must be such a drop (after it, the other side has no legal move here), and nothing else may differ."""

import random
import sys

import pytest
import shogi_reach as sr

from conftest import ROOT

# The USI driver of scripts/selfplay.py, which makes the self-play sets with the same engine.
sys.path.insert(0, str(ROOT / "scripts"))
from selfplay import USIEngine, find_fairy_stockfish  # noqa: E402

START = {"minishogi": "rbsgk/4p/5/P4/KGSBR b - 1", "judkins": "rbnsgk/5p/6/6/P5/KGSNBR b - 1"}


def after(fsf: USIEngine, sfen: str, move: str) -> str:
    """The SFEN after `move` (Fairy-Stockfish ignores a move it cannot play: that is refused here)."""
    played = fsf.sfen([move], start=sfen)
    assert played != fsf.sfen([], start=sfen), f"fairy-stockfish did not play {move} in {sfen}"
    return played


def is_pawn_drop_mate(game: str, fsf: USIEngine, sfen: str, move: str) -> bool:
    return move.startswith("P*") and sr.perft(game, 1, after(fsf, sfen, move)) == 0


def same_divide(game: str, fsf: USIEngine, sfen: str, depth: int) -> int:
    """Compares the counts per first move at `depth`, explaining each difference down to the pawn drops that
    mate; returns how many such drops explained one."""
    ours, theirs = sr.perft(game, depth, sfen, divide=True), fsf.divide(depth, start=sfen)
    assert not set(ours) - set(theirs), f"{sfen}: only shogi-reach plays {sorted(set(ours) - set(theirs))}"
    explained = 0
    for move, n in theirs.items():
        if move not in ours:
            assert is_pawn_drop_mate(game, fsf, sfen, move), f"{sfen}: only Fairy-Stockfish plays {move}"
            explained += 1
        elif n != ours[move]:
            assert depth > 1, f"{sfen} {move}: {ours[move]} against {n}"
            explained += same_divide(game, fsf, after(fsf, sfen, move), depth - 1)
    return explained


@pytest.mark.parametrize("game", ["judkins", "minishogi"])
def test_moves_and_perft_agree_with_fairy_stockfish_along_random_games(game):
    fsf = USIEngine(find_fairy_stockfish(None), game)
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
                sfen = after(fsf, sfen, rng.choice(moves))
    finally:
        fsf.quit()
    assert positions > 200
