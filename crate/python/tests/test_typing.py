"""The stubs type the results (the estimate's report, samples' rows, replicate, games, prove, explain,
proof_game, king_squares, classify, predecessors): `mypy --strict` accepts code that reads their keys and
rejects a misspelled one."""

import subprocess
import sys


def mypy(tmp_path, code):
    source = tmp_path / "use.py"
    source.write_text(code)
    done = subprocess.run([sys.executable, "-m", "mypy", "--strict", "--no-incremental", "--cache-dir",
                           str(tmp_path / "cache"), str(source)], capture_output=True, text=True, check=False)
    return done.returncode, done.stdout + done.stderr


READS = """import shogi_reach as sr
report = sr.estimate("minishogi", 1000, 1)
samples: int = report["tally"]["samples"]
low = report["estimate"]["exact"][0]
merged = sr.merge([report])
files = [s["file"] for s in merged.get("shards", [])]
rows = sr.samples("minishogi", 1, 10)
in_hand: int = rows[0]["hand_P"]
distance = sr.replicate("minishogi", 1e-6)["table1"][0]["sigma_distance"]
start: str = sr.games()["games"][0]["handicaps"][0]["sfen"]
path = sr.prove("minishogi", "rbsgk/4p/5/P4/KGSBR b - 1")["path"]
before = sr.predecessors("minishogi", "rbsgk/4p/5/P4/KGSBR b - 1")["last_moves"][0]["before"][0]["sfen"]
cause: str = sr.explain("minishogi", "K1G1g/rbB1+r/+S3p/5/1sk2 b p 1")["causes"][0]["text"]
origin = sr.explain("minishogi", "K1G1g/rbB1+r/+S3p/5/1sk2 b p 1")["prev"]["candidates"][0]["from"]
plies: int = sr.proof_game("minishogi", "rbsgk/4p/5/P4/KGSBR b - 1", threads=1)["plies"]
squares = sr.king_squares("minishogi", "4k/5/5/5/5 b 2r2b2g2s2p 1")["reachable"]
"""


def test_mypy_accepts_the_report_read_by_its_keys(tmp_path):
    code, out = mypy(tmp_path, READS)
    assert code == 0, out


def test_mypy_rejects_a_misspelled_key(tmp_path):
    for typo in ('report["tally"]["sampels"]', 'rows[0]["hand_p"]', 'sr.games()["games"][0]["candidate"]',
                 'path[0]["usi"]', 'sr.explain("minishogi", "4k/5/5/5/K4 b - 1")["cause"]',
                 'sr.proof_game("minishogi", "4k/5/5/5/K4 b - 1")["ply"]'):
        code, out = mypy(tmp_path, READS + f"typo = {typo}\n")
        assert code != 0, typo
        assert "TypedDict" in out, out
