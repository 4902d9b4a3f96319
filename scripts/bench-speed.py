#!/usr/bin/env python3
"""One-thread sample throughput of this tree against an earlier commit, side by side in one run.

Builds the CLI of this working tree (`cargo build --release`) and of BASE (a commit, built in a git worktree
under target/bench-base/ with its own target folder), then runs, in alternating order for ROUNDS rounds,

    shogi-reach estimate --game V --samples N --seed S --threads 1 --json

for Shogi and Mini Shogi with each build (`--variant` for a build from before the rename). The two builds'
reports must be identical but for the provenance (program, commit, times) and the format number (format 2
named the game `variant`): the funnel, every stage count and the searches' pops, positions and plies. Prints
one TSV row per run (round, game, build, samples, CPU seconds from the report, samples per second) and then
per game the median samples per second of each build and their ratio. Exits non-zero if any two reports
differ.

    python3 scripts/bench-speed.py 7683a55                    # 5 rounds of 10^6 samples, seed 5
    python3 scripts/bench-speed.py 7683a55 --rounds 3 --samples 200000 --seed 11 --out speed.tsv
"""

import argparse
import json
import os
import statistics
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
GAMES = ["shogi", "minishogi"]


def build_here():
    subprocess.run(["cargo", "build", "--release", "-q", "-p", "shogi-reach"], cwd=ROOT, check=True)
    return os.path.join(ROOT, "target", "release", "shogi-reach")


def build_base(rev):
    commit = subprocess.run(["git", "rev-parse", "--verify", rev + "^{commit}"], cwd=ROOT, check=True,
                            capture_output=True, text=True).stdout.strip()
    tree = os.path.join(ROOT, "target", "bench-base", commit[:12])
    if not os.path.isdir(tree):
        subprocess.run(["git", "worktree", "add", "--detach", "-f", tree, commit], cwd=ROOT, check=True,
                       capture_output=True)
    target = os.path.join(ROOT, "target", "bench-base", "target")
    subprocess.run(["cargo", "build", "--release", "-q", "-p", "shogi-reach", "--target-dir", target],
                   cwd=tree, check=True)
    return commit, os.path.join(target, "release", "shogi-reach")


def game_flag(cli):
    """`--game`, or `--variant` for a CLI from before the rename (format-2 reports)."""
    usage = subprocess.run([cli, "estimate", "--help"], check=True, capture_output=True, text=True).stdout
    return "--game" if "--game" in usage else "--variant"


def run(cli, game, samples, seed):
    out = subprocess.run([cli, "estimate", game_flag(cli), game, "--samples", str(samples), "--seed", str(seed),
                          "--threads", "1", "--json"], check=True, capture_output=True, text=True).stdout
    report = json.loads(out)
    provenance = report.pop("provenance")
    # Format 2 named the game `variant`; nothing else differs between formats 2 and 3.
    report.pop("format")
    if "variant" in report:
        report["game"] = report.pop("variant")
    return report, provenance["cpu_seconds"]


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("base", help="the commit to compare with (e.g. the last release)")
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--samples", type=int, default=1_000_000)
    parser.add_argument("--seed", type=int, default=5)
    parser.add_argument("--out", help="also write the TSV rows to this file")
    args = parser.parse_args()
    here = build_here()
    base_commit, base = build_base(args.base)
    builds = [("base", base), ("this", here)]
    rows = [["round", "game", "build", "samples", "cpu_seconds", "samples_per_s"]]
    rates = {(g, b): [] for g in GAMES for b, _ in builds}
    same = True
    for r in range(args.rounds):
        for game in GAMES:
            reports = {}
            # Alternate which build goes first, so that neither always runs on a warmer machine.
            for name, cli in builds if r % 2 == 0 else builds[::-1]:
                report, cpu = run(cli, game, args.samples, args.seed)
                reports[name] = report
                rate = args.samples / cpu
                rates[(game, name)].append(rate)
                rows.append([r, game, name, args.samples, f"{cpu:.3f}", f"{rate:.0f}"])
            if reports["base"] != reports["this"]:
                print(f"round {r}, {game}: the reports differ", file=sys.stderr)
                same = False
    text = "\n".join("\t".join(str(c) for c in row) for row in rows) + "\n"
    print(text, end="")
    if args.out:
        with open(args.out, "w") as f:
            f.write(text)
    print(f"\nbase {base_commit[:12]} against this tree, seed {args.seed}, {args.samples} samples, one thread")
    for game in GAMES:
        b, t = (statistics.median(rates[(game, n)]) for n in ("base", "this"))
        print(f"{game:<10} base {b:>9.0f}/s  this {t:>9.0f}/s  ×{t / b:.2f}")
    print("reports identical" if same else "REPORTS DIFFER")
    return 0 if same else 1


if __name__ == "__main__":
    sys.exit(main())
