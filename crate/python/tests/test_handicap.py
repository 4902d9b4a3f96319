"""Handicap starts: positions of random legal games that cshogi plays from each handicap start are proved
reachable from that start, and cshogi (independent of shogi-reach) replays each proof game from the start
to exactly the position. A start's own position is reached in no moves; from a start of other material
the cause names the difference.
"""

import random

import cshogi
import pytest
import shogi_reach as sr

from conftest import cli_json

HANDICAPS = sr.games()["games"][0]["handicaps"]
PER_START = 4


def same_position(a: str, b: str) -> bool:
    """Board, side to move and hands alike (the move number aside)."""
    return a.split()[:3] == b.split()[:3]


def random_game(sfen: str, plies: int, rng: random.Random) -> str:
    board = cshogi.Board(sfen)
    for _ in range(plies):
        moves = list(board.legal_moves)
        if not moves or board.is_game_over():
            break
        board.push(rng.choice(moves))
    return board.sfen()


def replayed(start: str, usi_moves: list[str]) -> str:
    board = cshogi.Board(start)
    for usi in usi_moves:
        move = board.move_from_usi(usi)
        assert board.is_legal(move), f"{usi} is not legal in {board.sfen()}"
        board.push(move)
    return board.sfen()


def test_the_handicaps_are_the_editors_and_records_thirteen():
    names = [h["name"] for h in HANDICAPS]
    assert len(names) == 13 and "角落ち" in names and "十枚落ち" in names


@pytest.mark.parametrize("handicap", HANDICAPS, ids=[h["name"] for h in HANDICAPS])
def test_random_games_from_a_handicap_are_proved_from_its_start(handicap):
    rng = random.Random(handicap["name"])
    for i in range(PER_START):
        sfen = random_game(handicap["sfen"], rng.randrange(6, 50), rng)
        proof = sr.prove("shogi", sfen, start=handicap["name"])
        assert (proof["verdict"], proof["start"]) == ("reachable", handicap["name"]), sfen
        game = sr.proof_game("shogi", sfen, start=handicap["name"])
        assert same_position(game["start"], handicap["sfen"]) and game["start_name"] == handicap["name"]
        moves = [m["move"] for m in game["moves"]]
        assert same_position(replayed(game["start"], moves), sfen), sfen
        assert game["kif"].splitlines()[2] == f"手合割：{handicap['name']}"
        # Never from the even start: pieces are missing, those the handicap gave up, and the cause says so.
        even = sr.prove("shogi", sfen)
        assert even["stage"] == "count" and handicap["name"] in even["causes"][0]["handicaps"]


@pytest.mark.parametrize("handicap", HANDICAPS, ids=[h["name"] for h in HANDICAPS])
def test_a_start_is_reached_in_no_moves_from_itself_and_named_by_its_material(handicap):
    game = sr.proof_game("shogi", handicap["sfen"], start=handicap["name"])
    assert (game["plies"], game["shortest"]) == (0, True)
    even = sr.prove("shogi", handicap["sfen"])
    assert [c["kind"] for c in even["causes"]] == ["missing"]
    for other in HANDICAPS:
        cause = sr.prove("shogi", handicap["sfen"], start=other["name"])["causes"]
        if other == handicap:
            assert cause == []
            continue
        mine, theirs = cshogi.Board(handicap["sfen"]), cshogi.Board(other["sfen"])
        count = lambda board: sorted(cshogi.PIECE_SYMBOLS[p % 16].upper() for p in board.pieces if p)
        if count(mine) == count(theirs):
            continue  # 香落ち and 右香落ち: the same pieces, each reachable from the other in a longer game
        (only,) = cause
        assert only["kind"] == "start-material" and only["start"] == other["name"]
        extra = {p["piece"]: p["count"] for p in only.get("extra", [])}
        fewer = {p["piece"]: p["count"] for p in only["pieces"]}
        for letter in "RBGSNLP":
            difference = count(mine).count(letter) - count(theirs).count(letter)
            assert extra.get(letter, 0) - fewer.get(letter, 0) == difference, (handicap["name"], other["name"])


def test_the_cli_and_python_agree_and_an_unknown_start_is_refused():
    kaku = next(h for h in HANDICAPS if h["name"] == "角落ち")
    sfen = random_game(kaku["sfen"], 20, random.Random(7))
    assert cli_json("prove", "--start", "角落ち", sfen) == sr.prove("shogi", sfen, start="角落ち")
    assert cli_json("explain", "--start", "飛車落ち", kaku["sfen"]) == sr.explain("shogi", kaku["sfen"],
                                                                                 start="飛車落ち")
    with pytest.raises(sr.BadArgumentError, match="no start of shogi"):
        sr.prove("shogi", sfen, start="七面鳥落ち")


def test_a_game_from_a_handicap_is_the_same_on_one_thread_or_two():
    kaku = next(h for h in HANDICAPS if h["name"] == "二枚落ち")
    sfen = random_game(kaku["sfen"], 40, random.Random(11))
    one, two = (sr.proof_game("shogi", sfen, start="二枚落ち", threads=n) for n in (1, 2))
    assert one["usi"] == two["usi"]
