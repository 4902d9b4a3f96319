"""A small version of both papers' experiments, from Python: Ishii & Tanaka's Tables 1 and 2 for Mini Shogi
and Shogi beside the published figures, the estimate of |R| with its three intervals, and four figures.

    python examples/papers.py --samples 100000 --out papers-small

needs the package (`maturin develop -m crate/python/Cargo.toml`, docs/python.md) and matplotlib. It writes
OUT/tables.md and OUT/*.png and prints the tables. The papers drew 10^8 (Mini Shogi) and 5 * 10^9 (Shogi)
samples; `--samples` draws that many of each game (the same seed gives the same numbers on every machine),
and `--rows` keeps a row per sample of the first ones for the figures drawn from single samples.
"""

import argparse
from pathlib import Path

import matplotlib

matplotlib.use("Agg")  # files only, no window
import matplotlib.pyplot as plt  # noqa: E402

import shogi_reach as sr  # noqa: E402

TITLES = {"minishogi": "Mini Shogi", "shogi": "Shogi"}


def table_1(report, paper):
    """Table 1 as Markdown: samples left after each check, here and in the paper, in percent."""
    lines = ["| check | samples | % | paper | % |", "|---|---:|---:|---:|---:|"]
    ours, theirs = report["tally"]["samples"], paper["samples"]
    for (row, n), (_, m) in zip(report["funnel"], paper["funnel"]):
        lines.append(f"| {row} | {n} | {100 * n / ours:.4f} | {m} | {100 * m / theirs:.4f} |")
    return lines


def table_2(report, paper):
    """Table 2 as Markdown: unreachable samples by the most plies traced back, here and in the paper."""
    ours, theirs = report["tally"]["traced_back"], paper["traced_back"]
    lines = ["| plies | samples | paper |", "|---:|---:|---:|"]
    for d in range(max(len(ours), len(theirs))):
        n = ours[d] if d < len(ours) else 0
        m = theirs[d] if d < len(theirs) else 0
        lines.append(f"| {d} | {n} | {m} |")
    return lines


def estimate_lines(report, paper):
    """|R| with the normal 3-sigma interval, Wilson's and the exact one, and the paper's."""
    e = report["estimate"]
    published = paper["reachable"]
    wilson, exact, interval = e["wilson"], e["exact"], published["interval"]
    return [
        f"|R| ≈ {e['reachable']:.4e}; 3σ interval [{e['low']:.4e}, {e['high']:.4e}];",
        f"Wilson's [{wilson[0]:.4e}, {wilson[1]:.4e}]; exact [{exact[0]:.4e}, {exact[1]:.4e}].",
        f"The paper: {published['estimate']:.4e}, [{interval[0]:.4e}, {interval[1]:.4e}].",
    ]


def two_panels(out, name, items, draw):
    """A figure of two panels side by side, one per game of `items` ({game: data}), each drawn by
    draw(ax, data) and titled by game, saved as OUT/NAME.png."""
    fig, axes = plt.subplots(1, 2, figsize=(10, 4))
    for ax, (game, data) in zip(axes, items.items()):
        title = draw(ax, data)
        ax.set_title(f"{TITLES[game]}: {title}")
    fig.tight_layout()
    fig.savefig(out / f"{name}.png", dpi=100)
    plt.close(fig)


def draw_table_1(ax, data):
    report, paper = data
    names = [row for row, _ in report["funnel"]]
    ours = [100 * n / report["tally"]["samples"] for _, n in report["funnel"]]
    theirs = [100 * m / paper["samples"] for _, m in paper["funnel"]]
    x = range(len(names))
    ax.bar([i - 0.2 for i in x], ours, width=0.4, label="this run")
    ax.bar([i + 0.2 for i in x], theirs, width=0.4, label="paper")
    ax.set_xticks(list(x), names, rotation=30, ha="right", fontsize=8)
    ax.set_ylabel("samples left (%)")
    ax.legend()
    return "Table 1"


def draw_table_2(ax, data):
    report, paper = data
    ours = report["tally"]["traced_back"]
    scale = report["tally"]["samples"] / paper["samples"]
    ax.bar(range(len(ours)), [max(n, 0.5) for n in ours], label="this run")
    ax.plot(range(len(paper["traced_back"])), [m * scale or None for m in paper["traced_back"]], "o",
            color="C1", label="paper, scaled to this run")
    ax.set_yscale("log")
    ax.set_xlabel("plies traced back")
    ax.set_ylabel("unreachable samples")
    ax.legend()
    return "Table 2"


def draw_searches(ax, rows):
    for stage in ("OK", "reach", "prev"):
        nodes = [r["nodes"] for r in rows if r["stage"] == stage and r["nodes"] is not None]
        if nodes:
            ax.hist(nodes, bins=40, alpha=0.6, label=f"{stage} ({len(nodes)})", log=True)
    ax.set_xlabel("positions the backward search generated")
    ax.legend()
    return "search sizes"


def draw_hands(ax, rows):
    in_hand = {}
    for r in rows:
        if r["stage"] in ("OK", "prev", "reach"):
            n = sum(v for k, v in r.items() if k.startswith("hand_"))
            ok, all_ = in_hand.get(n, (0, 0))
            in_hand[n] = (ok + (r["stage"] == "OK"), all_ + 1)
    hands = sorted(in_hand)
    ax.bar(hands, [in_hand[n][0] / in_hand[n][1] for n in hands])
    ax.set_xlabel("pieces in hand (both sides)")
    ax.set_ylabel("share reachable, of those searched")
    return "reachability by pieces in hand"


def figures(out, reports, rows):
    """The funnel and Table 2 of both games, and what single samples show (search sizes, hands)."""
    two_panels(out, "table1", reports, draw_table_1)
    two_panels(out, "table2", reports, draw_table_2)
    two_panels(out, "searches", rows, draw_searches)
    two_panels(out, "hands", rows, draw_hands)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--samples", type=int, default=100_000, help="samples of each game")
    parser.add_argument("--rows", type=int, default=20_000, help="samples kept as rows, for the figures")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--out", type=Path, default=Path("papers-small"))
    args = parser.parse_args()
    args.out.mkdir(parents=True, exist_ok=True)

    games = {g["name"]: g for g in sr.games()["games"]}
    reports, rows, text = {}, {}, []
    for game in ("minishogi", "shogi"):
        report = sr.estimate(game, args.samples, args.seed)
        paper = games[game]["published"]
        reports[game] = (report, paper)
        rows[game] = sr.samples(game, args.seed, min(args.rows, args.samples))
        text += [f"## {TITLES[game]}: {args.samples} samples, seed {args.seed}", "",
                 f"Table 1 (the paper: {paper['samples']} samples)", "", *table_1(report, paper), "",
                 "Table 2", "", *table_2(report, paper), "", *estimate_lines(report, paper), ""]
    (args.out / "tables.md").write_text("\n".join(text), encoding="utf-8")
    figures(args.out, reports, rows)
    print("\n".join(text))
    print(f"wrote {args.out}/tables.md, table1.png, table2.png, searches.png, hands.png")


if __name__ == "__main__":
    main()
