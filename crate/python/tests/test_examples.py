"""examples/papers.py at a small size: it runs, writes its tables and four PNG figures, and its tables are
the estimate's of the same seed and samples (recomputed here by the package itself)."""

import subprocess
import sys

import shogi_reach as sr

from conftest import ROOT


def test_papers_example_writes_the_estimates_tables_and_four_figures(tmp_path):
    out = tmp_path / "papers"
    done = subprocess.run([sys.executable, str(ROOT / "examples" / "papers.py"), "--samples", "3000",
                           "--rows", "1000", "--seed", "7", "--out", str(out)],
                          capture_output=True, text=True, check=False)
    assert done.returncode == 0, done.stderr
    tables = (out / "tables.md").read_text(encoding="utf-8")
    assert done.stdout.startswith(tables)
    for figure in ("table1.png", "table2.png", "searches.png", "hands.png"):
        assert (out / figure).read_bytes()[:8] == b"\x89PNG\r\n\x1a\n", figure
    for game in ("minishogi", "shogi"):
        report = sr.estimate(game, 3000, 7)
        for row, n in report["funnel"]:
            assert f"| {row} | {n} | {100 * n / 3000:.4f} |" in tables, (game, row)
        assert f"|R| ≈ {report['estimate']['reachable']:.4e}" in tables, game
    games = {g["name"]: g for g in sr.games()["games"]}
    for row, m in games["shogi"]["published"]["funnel"]:
        assert f" {m} | {100 * m / 5_000_000_000:.4f} |" in tables, row
