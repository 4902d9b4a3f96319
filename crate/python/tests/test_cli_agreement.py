"""Each function against the command line's output for the same input: the same engine, the same answers."""

import csv
import json
import subprocess

import pytest
import shogi_reach as sr

from conftest import RECORDS, cli, cli_json, cli_path

MINI_START = "rbsgk/4p/5/P4/KGSBR b - 1"
# Two plies from the start, the bishop exchange, the start with Gote to move, the kings alone with every
# piece in Sente's hand; Mini Shogi's start, its mirror side to move, a KK position, a pawn of Gote's where
# Sente's should be.
SHOGI = [
    "lnsgkgsnl/1r5b1/pppppp1pp/6p2/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL b - 3",
    "ln1gkgsnl/1r5s1/pppppp1pp/6p2/9/2P6/PP1PPPPPP/7R1/LNSGKGSNL b Bb 1",
    "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1",
    "4k4/9/9/9/9/9/9/9/4K4 b 2R2B4G4S4N4L18P 1",
]
MINI = [MINI_START, "rbsgk/4p/5/P4/KGSBR w - 1", "4k/5/5/5/K4 b RBGSPrbgsp 1", "rbsgk/4p/5/p4/KGSBR b - 1"]
CASES = [("shogi", s) for s in SHOGI] + [("minishogi", s) for s in MINI]


def test_count_is_the_cli_count():
    for game in ("shogi", "minishogi", "judkins"):
        assert sr.count(game) == int(cli("count", "--game", game))


def test_games_is_games_json():
    facts = sr.games()
    assert facts == json.loads(cli("games", "--json"))
    names = [g["name"] for g in facts["games"]]
    assert names == ["shogi", "minishogi", "judkins"]
    assert [int(g["candidates"]) for g in facts["games"]] == [sr.count(name) for name in names]


def test_samples_are_the_rows_of_estimate_samples_out(tmp_path):
    out = tmp_path / "rows.csv"
    report = json.loads(cli("estimate", "--game", "minishogi", "--samples", "3000", "--seed", "4", "--json",
                            "--samples-out", str(out)))
    with open(out, newline="") as f:
        theirs = [{k: (int(v) if v.lstrip("-").isdigit() else (v or None)) for k, v in row.items()}
                  for row in csv.DictReader(f)]
    ours = sr.samples("minishogi", seed=4, count=3000)
    assert ours == theirs
    assert sum(r["stage"] == "OK" for r in ours) == report["tally"]["stages"]["OK"]
    assert sr.samples("minishogi", 4, 10, start=2990) == ours[2990:]


def test_replicate_is_replicate_json(tmp_path):
    theirs = json.loads(cli("replicate", "--game", "minishogi", "--fraction", "1e-4", "--seed", "3", "--json",
                            "--dir", str(tmp_path / "shards")))
    ours = sr.replicate("minishogi", fraction=1e-4, seed=3)
    for key in ("table1", "table2", "estimate", "samples", "seed", "fraction", "citation", "paper_samples",
                "sampling_note", "game"):
        assert ours[key] == theirs[key], key
    assert ours["report"]["tally"] == theirs["report"]["tally"]
    assert ours["samples"] == 10_000 and [row["label"] for row in ours["table1"]][-1] == "reachability"


def test_rank_and_unrank_are_the_cli_ones():
    for game, ranks in (("minishogi", [0, 1, 922954480167522874, 16014219505238849249]),
                        ("shogi", [0, 10**60, 2**200 + 12345, sr.count("shogi") - 1])):
        sfens = cli("unrank", "--game", game, *map(str, ranks)).split("\n")[:-1]
        assert [sr.unrank(game, r) for r in ranks] == sfens
        assert [sr.rank(game, s) for s in sfens] == [int(cli("rank", "--game", game, s)) for s in sfens]
        assert [sr.rank(game, s) for s in sfens] == ranks


@pytest.mark.parametrize("game,sfen", CASES)
def test_prove_is_prove_json(game, sfen):
    assert sr.prove(game, sfen) == cli_json("prove", "--game", game, sfen)
    capped = sr.prove(game, sfen, max_nodes=3)
    assert capped == cli_json("prove", "--game", game, "--max-nodes", "3", sfen)


@pytest.mark.parametrize("game,sfen", CASES)
def test_explain_is_explain_json(game, sfen):
    assert sr.explain(game, sfen) == cli_json("explain", "--game", game, sfen)


@pytest.mark.parametrize("game,sfen", CASES)
def test_predecessors_are_predecessors_json(game, sfen):
    assert sr.predecessors(game, sfen) == cli_json("predecessors", "--game", game, sfen)
    square = "3d" if game == "shogi" else "5d"
    filtered = sr.predecessors(game, sfen, piece="p", square=square)
    assert filtered == cli_json("predecessors", "--game", game, "--piece", "p", "--square", square, sfen)


@pytest.mark.parametrize("method", ["best", "short", "kk"])
def test_proof_game_is_proof_game_json(method):
    for game, sfen in (CASES[0], CASES[4], CASES[6]):
        expected = cli_json_game(game, sfen, "--method", method)
        assert sr.proof_game(game, sfen, method=method) == expected
    one_thread = sr.proof_game("shogi", SHOGI[1], threads=1, budget_positions=2000)
    assert one_thread == cli_json_game("shogi", SHOGI[1], "--threads", "1", "--budget-positions", "2000")


def cli_json_game(game, sfen, *options):
    """`shogi-reach proof-game --format json`."""
    return json.loads(cli("proof-game", "--game", game, "--format", "json", *options, sfen))


def classify_rows(game, ranks, *options):
    """The CLI's classify TSV as the dicts classify returns."""
    rows = []
    lines = "".join(f"{r}\n" for r in ranks)
    header, *lines = cli("classify", "--game", game, *options, stdin=lines).splitlines()
    names = ["rank", "sfen", "stage", "n_prev", "search_pops", "search_nodes", "path_plies", "goal"]
    assert header.split("\t") == names
    for line in lines:
        rank, sfen, stage, n_prev, pops, nodes, plies, goal = line.split("\t")
        number = lambda text: int(text) if text else None  # noqa: E731
        reached = goal and not goal.startswith("maxdepth=")
        rows.append({
            "goal": goal if reached else None,
            "max_depth": int(goal.split("=")[1]) if goal.startswith("maxdepth=") else None,
            "n_prev": number(n_prev), "nodes": number(nodes), "plies": number(plies), "pops": number(pops),
            "rank": int(rank), "sfen": sfen, "stage": stage,
        })
    return rows


def test_sample_is_the_cli_sample():
    for game, seed, count, start in [("minishogi", 7, 300, 0), ("shogi", 3, 40, 2**64 - 41), ("shogi", 0, 1, 5)]:
        args = ("sample", "--game", game, "--count", str(count), "--seed", str(seed), "--start", str(start))
        assert sr.sample(game, seed, count, start) == [int(r) for r in cli(*args).split()]
    with pytest.raises(sr.BadArgumentError, match="passes 2"):
        sr.sample("shogi", 1, 2, 2**64 - 1)


@pytest.mark.parametrize("game,depth,sfen", [
    ("minishogi", 3, None), ("shogi", 2, None), ("shogi", 0, None),
    ("minishogi", 2, "3b1/g2g1/B1SP+r/Ks1p1/2k1+r b - 1"),
    ("shogi", 2, "lnsgkgsnl/1r5b1/ppppppppp/9/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL w - 2"),
])
def test_perft_is_the_cli_perft(game, depth, sfen):
    position = [sfen] if sfen else []
    assert sr.perft(game, depth, sfen) == int(cli("perft", "--game", game, "--depth", str(depth), *position))
    lines = cli("perft", "--game", game, "--depth", str(depth), "--divide", *position).splitlines()
    divided = dict(line.split() for line in lines[:-1])
    assert sr.perft(game, depth, sfen, divide=True) == {usi: int(n) for usi, n in divided.items()}


def test_perft_refuses_a_position_whose_side_not_to_move_is_in_check():
    with pytest.raises(sr.IllegalPositionError, match="not to move is in check"):
        sr.perft("shogi", 1, "4k4/9/9/9/4R4/9/9/9/4K4 b B2G2S2N2L9Prb2g2s2n2l9p 1")


def test_classify_is_the_cli_classify():
    # Sampled ranks: every stage but the rare reach shows up among Mini Shogi's; a few of Shogi's (big
    # ints) with a node cap.
    mini = [int(r) for r in cli("sample", "--game", "minishogi", "--count", "300", "--seed", "7").split()]
    rows = sr.classify("minishogi", mini)
    assert rows == classify_rows("minishogi", mini)
    assert {r["stage"] for r in rows} >= {"flip", "piece", "king", "prev", "OK"}
    shogi = [int(r) for r in cli("sample", "--count", "40", "--seed", "3").split()]
    capped = classify_rows("shogi", shogi, "--max-nodes", "2000")
    assert sr.classify("shogi", iter(shogi), max_nodes=2000) == capped


def counts(report):
    """A report without what differs from run to run of the same samples: its provenance (program,
    machine, time), a merged report's shards and a checkpoint's signature."""
    assert "provenance" in report
    return {k: v for k, v in report.items() if k not in ("provenance", "shards", "signature")}


def test_estimate_is_estimate_json():
    expected = counts(cli_json("estimate", "--game", "minishogi", "--samples", "3000", "--seed", "11"))
    assert counts(sr.estimate("minishogi", 3000, 11)) == expected
    # The same on one thread, and a shard with a node cap is the CLI's shard.
    one = sr.estimate("minishogi", 3000, 11, threads=1)
    assert counts(one) == expected
    made = one["provenance"]
    assert (made["program"], made["threads"], made["os"]) == ("shogi-reach-python", 1, "linux")
    assert made["commit"] and made["profile"] and made["wall_seconds"] >= 0 and made["cpu_seconds"] >= 0
    shard = cli_json("estimate", "--game", "minishogi", "--samples", "200000", "--seed", "5",
                     "--shard", "1/3", "--max-nodes", "50")
    assert counts(sr.estimate("minishogi", 200000, 5, shard=(1, 3), max_nodes=50)) == counts(shard)
    shogi = cli_json("estimate", "--samples", "300", "--seed", "2", "--max-nodes", "1000")
    assert counts(sr.estimate("shogi", 300, 2, max_nodes=1000)) == counts(shogi)


@pytest.mark.parametrize("name", ["selfplay-1.kif", "selfplay-2.ki2", "selfplay-1.kifu", "handicap-3.csa",
                                  "handicap-1.ki2", "diagram-1.kif"])
def test_read_record_ends_where_prove_record_starts(name):
    path = RECORDS / name
    record = sr.read_record(path.read_bytes())
    last = record["moves"][-1]["sfen"] if record["moves"] else record["start"]
    proof = cli_json("prove", "--record", str(path), "--max-nodes", "1")
    assert last == proof["sfen"]
    assert record["plies"] == len(record["moves"])
    middle = record["plies"] // 2
    if middle:
        at_ply = cli_json("prove", "--record", str(path), "--ply", str(middle), "--max-nodes", "1")
        assert record["moves"][middle - 1]["sfen"] == at_ply["sfen"]


def test_read_record_decodes_shift_jis_as_the_utf8_copy_reads():
    shift_jis = sr.read_record((RECORDS / "selfplay-1.kif").read_bytes())
    utf8 = sr.read_record((RECORDS / "selfplay-1.kifu").read_bytes())
    text = sr.read_record((RECORDS / "selfplay-1.kifu").read_text(encoding="utf-8"))
    assert shift_jis["moves"] == utf8["moves"] == text["moves"]
    assert sr.read_record(bytearray((RECORDS / "selfplay-1.kif").read_bytes())) == shift_jis


@pytest.mark.parametrize("error,call,args", [
    (sr.BadSfenError, lambda: sr.rank("shogi", "xyz"), ["rank", "xyz"]),
    (sr.BadRankError, lambda: sr.unrank("minishogi", sr.count("minishogi")),
     ["unrank", "--game", "minishogi", "16014219505238849250"]),
    (sr.UnrankablePositionError, lambda: sr.rank("shogi", SHOGI[2]), ["rank", SHOGI[2]]),
    (sr.IllegalPositionError,
     lambda: sr.predecessors("shogi", "lnsgkgsnl/1r5b1/ppppppppp/9/9/4P4/PPP1PPPPP/1B5R1/LNSGKGSNL b - 1"),
     ["predecessors", "lnsgkgsnl/1r5b1/ppppppppp/9/9/4P4/PPP1PPPPP/1B5R1/LNSGKGSNL b - 1"]),
    (sr.NoProofGameError, lambda: sr.proof_game("minishogi", "rbsgP/4k/5/5/KGSBR b - 1"),
     ["proof-game", "--game", "minishogi", "rbsgP/4k/5/5/KGSBR b - 1"]),
])
def test_errors_say_what_the_cli_says(error, call, args):
    done = subprocess.run([cli_path(), *args], capture_output=True, text=True, check=False)
    assert done.returncode == 1
    with pytest.raises(error) as raised:
        call()
    assert done.stderr == f"shogi-reach: {raised.value}\n"


def test_estimate_shards_saved_as_json_merge_with_the_cli(tmp_path):
    files = []
    for k in range(3):
        path = tmp_path / f"shard-{k}.json"
        path.write_text(json.dumps(sr.estimate("minishogi", 70_000, 9, shard=(k, 3))), encoding="utf-8")
        files.append(str(path))
    merged = json.loads(cli("merge", "--json", *files))
    assert counts(merged) == counts(sr.estimate("minishogi", 70_000, 9))
    # The merge keeps each file's provenance.
    kept = [s["provenance"]["program"] for s in merged["shards"]]
    assert kept == ["shogi-reach-python"] * 3 and merged["provenance"]["program"] == "shogi-reach"


def test_merge_is_the_cli_merge_and_refuses_a_forged_shard(tmp_path):
    shards = [sr.estimate("minishogi", 100_000, 9, shard=(k, 3)) for k in range(3)]
    files = []
    for k, shard in enumerate(shards):
        files.append(tmp_path / f"shard-{k}.json")
        files[-1].write_text(json.dumps(shard))
    want = counts(cli_json("merge", *map(str, files)))
    assert counts(sr.merge(shards)) == want
    # As the files' texts, every block recomputed, or none.
    assert counts(sr.merge([f.read_text() for f in files], verify=0)) == want
    merged = sr.merge(shards, verify=100)
    assert [s["file"] for s in merged["shards"]] == ["reports[0]", "reports[1]", "reports[2]"]
    assert counts(merged) == counts(sr.estimate("minishogi", 100_000, 9))
    # A block moved from king to OK, with the tally to match: refused when its block is recomputed.
    forged = json.loads(json.dumps(shards[1]))
    block = forged["blocks"][0]["tally"]["stages"]
    block["king"] -= 1
    block["OK"] += 1
    forged["tally"]["stages"]["king"] -= 1
    forged["tally"]["stages"]["OK"] += 1
    with pytest.raises(sr.BadReportError, match=r"reports\[1\]: samples \d+\.\.\d+ recomputed give another tally"):
        sr.merge([shards[0], forged, shards[2]], verify=100)
    with pytest.raises(sr.BadReportError, match="overlap|twice"):
        sr.merge([shards[0], shards[0]])
    with pytest.raises(sr.BadReportError, match="none to merge"):
        sr.merge([])
