"""SFEN and USI as the field's Python libraries read and write them: positions of random games played by
cshogi are proved reachable, every predecessor replayed forward by cshogi gives the position back, and
proof games replay legally in python-shogi."""

import random

import cshogi
import pytest
import shogi
import shogi_reach as sr


def fields(sfen: str) -> str:
    """Board, side and hands: the move number is not part of the position."""
    return " ".join(sfen.split()[:3])


def random_game(seed: int, plies: int) -> tuple[list[str], list[str]]:
    """A game of random legal moves from the start (cshogi; stops early at a mate): its USI moves and the
    SFEN after each."""
    chosen = random.Random(seed)
    board = cshogi.Board()
    moves, sfens = [], []
    for _ in range(plies):
        legal = list(board.legal_moves)
        if not legal:
            break
        move = chosen.choice(legal)
        moves.append(cshogi.move_to_usi(move))
        board.push(move)
        sfens.append(board.sfen())
    return moves, sfens


GAMES = [(seed, plies) for seed, plies in zip(range(1, 9), (6, 15, 24, 33, 42, 51, 60, 80))]


@pytest.mark.parametrize("seed,plies", GAMES)
def test_positions_of_cshogi_games_are_proved_reachable(seed, plies):
    _, sfens = random_game(seed, plies)
    proof = sr.prove("shogi", sfens[-1])
    assert proof["verdict"] == "reachable", proof
    assert fields(proof["sfen"]) == fields(sfens[-1])


@pytest.mark.parametrize("seed,plies", GAMES)
def test_predecessors_replayed_by_cshogi_give_the_position(seed, plies):
    moves, sfens = random_game(seed, plies)
    target, before_last = sfens[-1], sfens[-2]
    found = sr.predecessors("shogi", target)
    assert found["moves"] == len(found["last_moves"]) > 0
    assert found["predecessors"] == sum(len(m["before"]) for m in found["last_moves"])
    for last in found["last_moves"]:
        for before in last["before"]:
            board = cshogi.Board(before["sfen"])
            move = board.move_from_usi(last["usi"])
            assert board.is_legal(move), (before["sfen"], last["usi"])
            board.push(move)
            assert fields(board.sfen()) == fields(target)
    # The move the game played is among them, from the position it was played in.
    played = [m for m in found["last_moves"] if m["usi"] == moves[-1]]
    assert len(played) == 1
    assert fields(before_last) in [fields(b["sfen"]) for b in played[0]["before"]]


@pytest.mark.parametrize("seed,plies", GAMES[:4])
def test_a_usi_record_of_a_cshogi_game_reads_move_by_move(seed, plies):
    moves, sfens = random_game(seed, plies)
    record = sr.read_record("position startpos moves " + " ".join(moves))
    assert [m["usi"] for m in record["moves"]] == moves
    assert [fields(m["sfen"]) for m in record["moves"]] == [fields(s) for s in sfens]


@pytest.mark.parametrize("seed,plies", GAMES[:4])
def test_proof_games_replay_legally_in_python_shogi(seed, plies):
    _, sfens = random_game(seed, plies)
    game = sr.proof_game("shogi", sfens[-1], budget_positions=5000)
    board = shogi.Board()
    usi = game["usi"].split(" moves ")[1].split() if " moves " in game["usi"] else []
    assert [m["move"] for m in game["moves"]] == usi and game["plies"] == len(usi)
    for move in usi:
        assert shogi.Move.from_usi(move) in board.legal_moves, (board.sfen(), move)
        board.push_usi(move)
    assert fields(board.sfen()) == fields(sfens[-1])


def test_python_shogi_reads_unranked_positions_as_written():
    chosen = random.Random(5)
    count = sr.count("shogi")
    for _ in range(100):
        sfen = sr.unrank("shogi", chosen.randrange(count))
        board = shogi.Board(sfen)
        assert fields(board.sfen()) == fields(sfen)
        assert sr.rank("shogi", board.sfen()) == sr.rank("shogi", sfen)
