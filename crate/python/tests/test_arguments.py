"""Every argument of every function, given a bad value, raises the package's error for that argument (a
ShogiReachError), never TypeError, OverflowError or UnicodeEncodeError: ints negative, past 2**64, huge,
bools or floats; strs with lone surrogates, NUL, a million characters, or not strs at all."""

import atexit
import shutil
import tempfile
from pathlib import Path

import pytest
import shogi_reach as sr

# estimate's checkpoint: a file in a folder of this module's own (its call as given resumes it when there).
CHECKPOINTS = Path(tempfile.mkdtemp(prefix="shogi-reach-arguments-"))
atexit.register(shutil.rmtree, CHECKPOINTS, ignore_errors=True)

MINI = "rbsgk/4p/5/P4/KGSBR b - 1"  # reachable within 275 positions

# A cheap call of each function, every argument by name: each must succeed as it is.
CALLS = {
    "count": dict(game="minishogi"),
    "rank": dict(game="minishogi", sfen=MINI),
    "unrank": dict(game="minishogi", rank=0),
    "perft": dict(game="minishogi", depth=1, sfen=MINI),
    "prove": dict(game="minishogi", sfen=MINI, max_nodes=10, start="５五将棋"),
    "explain": dict(game="minishogi", sfen=MINI, max_nodes=10, start="５五将棋"),
    "king_squares": dict(game="minishogi", sfen="4k/5/5/5/5 b 2r2b2g2s2p 1", max_nodes=10),
    "predecessors": dict(game="minishogi", sfen=MINI, piece="P", square="1b"),
    "proof_game": dict(game="minishogi", sfen=MINI, method="kk", budget_positions=10, threads=1,
                       max_nodes=1000, start="５五将棋"),
    "read_record": dict(data=MINI),
    "sample": dict(game="minishogi", seed=1, count=3, start=5),
    "samples": dict(game="minishogi", seed=1, count=3, start=5, max_nodes=10),
    "classify": dict(game="minishogi", ranks=[0], max_nodes=10),
    "estimate": dict(game="minishogi", samples=4, seed=1, threads=1, shard=(0, 2), max_nodes=10,
                     progress=lambda done, total: None, checkpoint=CHECKPOINTS / "run.json"),
    "merge": dict(reports=[sr.estimate("minishogi", 4, 1)], verify=1),
    "replicate": dict(game="minishogi", fraction=1e-7, seed=1, threads=1, progress=lambda done, total: None),
}

# Each argument's error, and whether None is its default (then None is no bad value).
ERRORS = {"game": sr.UnknownGameError, "sfen": sr.BadSfenError, "rank": sr.BadRankError,
          "ranks": sr.BadRankError, "data": sr.BadRecordError, "reports": sr.BadReportError}
OPTIONAL = {("perft", "sfen"), ("predecessors", "piece"), ("predecessors", "square"), ("proof_game", "budget_positions"),
            ("classify", "max_nodes"), ("samples", "max_nodes"), ("estimate", "threads"), ("estimate", "shard"),
            ("estimate", "max_nodes"), ("estimate", "progress"), ("merge", "verify"),
            ("replicate", "threads"), ("replicate", "progress"), ("estimate", "checkpoint")}
TEXTS = {"game", "sfen", "piece", "square", "method", "data", "checkpoint"}
# `start` is a sample's index in sample and samples, and a start's name (None: the initial position) here.
START_NAMES = {"prove", "explain", "proof_game"}

BAD_INTS = [-1, -(2**200), 2**64, 2**200, 10**5000, True, False, 1.5, "3", b"3"]
BAD_RANKS = [-1, -(2**200), 2**256, 2**300, 10**5000, True, False, 1.5, "0"]
BAD_TEXTS = ["\ud800", "\udcff", "a\udcffb", "\x00", "x" * 1_000_000, 5, 1.5, ("shogi",)]
BAD_SHARDS = [(0, 2**64), (-1, 2), (2**200, 2), (True, 2), (0, False), (0, 1.5), (0,), (0, 1, 2), 5, "01",
              (0, 10**5000)]


def bad_values(function, name):
    if name == "rank":
        values = BAD_RANKS + [None]
    elif name == "ranks":
        values = [[r] for r in BAD_RANKS + [None]] + [5, None]
    elif name == "shard":
        values = BAD_SHARDS
    elif name == "start" and function in START_NAMES:
        values = BAD_TEXTS + [b"shogi", "角落ち", "平手"]  # Mini Shogi has no handicap and no 平手
    elif name == "data":
        values = [v for v in BAD_TEXTS if not isinstance(v, bytes)] + [None]
    elif name in TEXTS:
        values = BAD_TEXTS + [b"shogi"] + ([] if (function, name) in OPTIONAL else [None])
    else:
        values = BAD_INTS + ([] if (function, name) in OPTIONAL else [None])
    if name == "seed":
        values = [v for v in values if v is not False]  # seed 0 is a seed
    return values


CASES = [pytest.param(function, name, value, id=f"{function}-{name}-{i}")
         for function, call in CALLS.items() for name in call
         for i, value in enumerate(bad_values(function, name))]


@pytest.mark.parametrize("function", CALLS)
def test_each_call_as_given_succeeds(function):
    getattr(sr, function)(**CALLS[function])


@pytest.mark.parametrize("function,name,value", CASES)
def test_a_bad_argument_raises_its_named_error(function, name, value):
    arguments = dict(CALLS[function], **{name: value})
    with pytest.raises(ERRORS.get(name, sr.BadArgumentError)) as raised:
        getattr(sr, function)(**arguments)
    message = str(raised.value)
    assert len(message) < 400, message[:400]  # a long input is quoted in part
    if name not in ("rank", "ranks", "data") and not isinstance(value, str):
        assert name in message or "game" in message or "position" in message, message


def test_bools_are_refused_wherever_a_number_is_expected():
    with pytest.raises(sr.BadArgumentError, match="samples: an int, not bool"):
        sr.estimate("minishogi", True, 1)
    with pytest.raises(sr.BadArgumentError, match="threads: an int, not bool"):
        sr.proof_game("minishogi", MINI, threads=True)
    with pytest.raises(sr.BadRankError, match="a rank is an int, not bool"):
        sr.unrank("minishogi", True)


def test_out_of_range_ints_are_named_with_their_value():
    with pytest.raises(sr.BadArgumentError, match=r"max_nodes -1: at least 1"):
        sr.prove("minishogi", MINI, max_nodes=-1)
    with pytest.raises(sr.BadArgumentError, match=r"seed 18446744073709551616: at least 0, below 2\*\*64"):
        sr.estimate("minishogi", 1, 2**64)
    with pytest.raises(sr.BadArgumentError, match=r"threads 1025: 1 to 1024"):
        sr.estimate("minishogi", 1, 1, threads=1025)
    with pytest.raises(sr.BadArgumentError, match=r"max_nodes \(an int beyond 128 bits\)"):
        sr.classify("minishogi", [0], max_nodes=2**200)


def test_a_lone_surrogate_is_no_text():
    with pytest.raises(sr.BadSfenError, match="lone surrogate"):
        sr.prove("minishogi", MINI + "\udcff")
    with pytest.raises(sr.BadRecordError, match="lone surrogate"):
        sr.read_record("\ud800")


def test_the_edges_of_the_ranges_and_int_like_values_are_accepted():
    class Nodes(int):
        pass

    assert sr.prove("minishogi", MINI, max_nodes=Nodes(300))["verdict"] == "reachable"
    assert sr.estimate("minishogi", 1, 2**64 - 1, threads=1)["seed"] == 2**64 - 1
    assert sr.estimate("minishogi", 2, 0, shard=[1, 2])["ranges"] == [[1, 2]]
