"""Bad input raises a named exception, a subclass of ShogiReachError (itself a ValueError), with the
engine's message."""

import pytest
import shogi_reach as sr

START = "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1"
NAMES = ["UnknownGameError", "BadSfenError", "BadRankError", "UnrankablePositionError", "BadRecordError",
         "IllegalPositionError", "NoProofGameError", "ExplainError", "BadArgumentError"]


def test_every_error_is_a_shogi_reach_error_and_a_value_error():
    assert issubclass(sr.ShogiReachError, ValueError)
    for name in NAMES:
        error = getattr(sr, name)
        assert issubclass(error, sr.ShogiReachError) and error is not sr.ShogiReachError
        assert error.__module__ == "shogi_reach" and error.__doc__


def test_an_unknown_game():
    for call in (lambda: sr.count("chess"), lambda: sr.prove("Shogi", START),
                 lambda: sr.estimate("", 10, 1)):
        with pytest.raises(sr.UnknownGameError, match="game"):
            call()


@pytest.mark.parametrize("text", ["", "xyz", "9/9/9 b - 1", START.replace("b -", "x -"),
                                  "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b 19P 1"])
def test_bad_sfen(text):
    for call in (sr.rank, sr.prove, sr.explain, sr.predecessors, sr.proof_game):
        with pytest.raises(sr.BadSfenError, match="bad position"):
            call("shogi", text)


def test_positions_without_a_rank():
    with pytest.raises(sr.UnrankablePositionError, match="Sente"):
        sr.rank("shogi", START.replace(" b ", " w "))
    with pytest.raises(sr.UnrankablePositionError, match="full piece set"):
        sr.rank("shogi", "4k4/9/9/9/9/9/9/9/4K4 b - 1")
    with pytest.raises(sr.UnrankablePositionError, match="mirror|canonical|K-canonical|left"):
        sr.rank("minishogi", "kgsbr/p4/5/4P/RBSGK b - 1")  # Sente's king on the right half


@pytest.mark.parametrize("data", [b"", "", b"\xff\xfe\x00garbage", "position startpos moves 7g7f 7g7f",
                                  "startpos\nextra line", b"\x81" * 10])
def test_bad_records(data):
    with pytest.raises(sr.BadRecordError):
        sr.read_record(data)


def test_a_record_is_text_or_bytes():
    with pytest.raises(sr.BadRecordError, match="str or bytes"):
        sr.read_record(12)


def test_predecessors_of_an_illegal_position():
    two_pawns = "lnsgkgsnl/1r5b1/ppppppppp/9/9/4P4/PPP1PPPPP/1B5R1/LNSGKGSNL b - 1"
    with pytest.raises(sr.IllegalPositionError, match="two unpromoted pawns"):
        sr.predecessors("shogi", two_pawns)
    gote_in_check = "4k4/4R4/9/9/9/9/9/9/4K4 b 2B4G4S4N4L18Pr 1"
    with pytest.raises(sr.IllegalPositionError, match="in check"):
        sr.predecessors("shogi", gote_in_check)


def test_no_proof_game_for_an_unreachable_position():
    gote_pawn_missing = "rbsgP/4k/5/5/KGSBR b - 1"
    with pytest.raises(sr.NoProofGameError, match="no proof game: the position is unreachable"):
        sr.proof_game("minishogi", gote_pawn_missing)
    reachable_but_not_within_one_position = "rbsgk/4p/5/P4/KGSBR b - 1"
    with pytest.raises(sr.NoProofGameError, match="unknown"):
        sr.proof_game("minishogi", reachable_but_not_within_one_position, max_nodes=1)


@pytest.mark.parametrize("call", [
    lambda: sr.prove("shogi", START, max_nodes=0),
    lambda: sr.explain("shogi", START, max_nodes=0),
    lambda: sr.classify("shogi", [0], max_nodes=0),
    lambda: sr.predecessors("shogi", START, piece="X"),
    lambda: sr.predecessors("shogi", START, piece="PP"),
    lambda: sr.predecessors("shogi", START, square="0z"),
    lambda: sr.predecessors("minishogi", "rbsgk/4p/5/P4/KGSBR b - 1", square="9i"),
    lambda: sr.proof_game("shogi", START, method="longest"),
    lambda: sr.proof_game("shogi", START, threads=3),
    lambda: sr.proof_game("shogi", START, budget_positions=0),
    lambda: sr.estimate("minishogi", 0, 1),
    lambda: sr.estimate("minishogi", 10, 1, shard=(2, 2)),
    lambda: sr.estimate("minishogi", 10, 1, shard=(0, 0)),
    lambda: sr.estimate("minishogi", 10, 1, threads=0),
    lambda: sr.estimate("minishogi", 10, 1, threads=1025),
])
def test_options_out_of_range(call):
    with pytest.raises(sr.BadArgumentError):
        call()
