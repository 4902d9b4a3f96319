#!/usr/bin/env python3
"""Benchmark proof-game length: shogi-reach's proof games against the games that produced the positions.

For each self-play position of each set (crate/engine/tests/data/SET/{shogi,minishogi}.tsv: game, ply, sfen,
moves; the sets are the project's own, `selfplay`, and four generated afresh with new seeds, `selfplay-20261128`
to `selfplay-20261201`, so that no figure is tuned to one set) runs

    target/release/shogi-reach proof-game --game V --format json SFEN

timing it (wall clock, process start included), and prints per ply bucket: the count, the median and maximum
of proof-game plies / the game's plies, the median proof-game plies, and the median and maximum time. Then the
same, without a ratio, for the reachable (`OK`) rows of crate/engine/tests/data/oracle/{shogi,minishogi}-sample.tsv,
with the median of `kk_bound` (no KK route through the opening's KK position is shorter) where the KK route
won.

Exits non-zero if any proof game fails (non-zero exit, bad JSON, or a game that does not end at the position).

    python3 scripts/bench-proof-games.py                 # everything
    python3 scripts/bench-proof-games.py --limit 10      # at most 10 rows per bucket / per oracle file
    python3 scripts/bench-proof-games.py --game minishogi --no-oracle --out /tmp/ms.tsv
    python3 scripts/bench-proof-games.py --set selfplay-20261128 --no-oracle   # one set only
"""

import argparse
import csv
import json
import os
import statistics
import subprocess
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
VARIANTS = ["shogi", "minishogi"]
SETS = ["selfplay", "selfplay-20261128", "selfplay-20261129", "selfplay-20261130", "selfplay-20261201"]


def read_tsv(path):
    with open(path, newline="") as f:
        return list(csv.DictReader(f, delimiter="\t"))


def proof_game(bin_path, variant, sfen, timeout):
    t0 = time.perf_counter()
    try:
        r = subprocess.run([bin_path, "proof-game", "--game", variant, "--format", "json", sfen],
                           capture_output=True, text=True, timeout=timeout)
    except subprocess.TimeoutExpired:
        return None, time.perf_counter() - t0, f"timed out after {timeout}s"
    dt = time.perf_counter() - t0
    if r.returncode != 0:
        return None, dt, f"exit {r.returncode}: {r.stderr.strip()}"
    try:
        j = json.loads(r.stdout)
    except json.JSONDecodeError as e:
        return None, dt, f"bad JSON: {e}"
    if j.get("sfen") != sfen:
        return None, dt, f"the game ends at {j.get('sfen')}, not {sfen}"
    if j.get("plies") != len(j.get("moves", [])):
        return None, dt, f"plies {j.get('plies')} but {len(j.get('moves', []))} moves"
    return j, dt, None


def fmt_row(cells, widths):
    return "  ".join(str(c).rjust(w) for c, w in zip(cells, widths))


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--game", "--variant", dest="variant", choices=VARIANTS, action="append",
                    help="only this game (repeatable; --variant is the same)")
    ap.add_argument("--limit", type=int, default=None,
                    help="at most N rows per self-play bucket and per oracle file")
    ap.add_argument("--bin", default=os.path.join(ROOT, "target/release/shogi-reach"))
    ap.add_argument("--data", default=os.path.join(ROOT, "crate/engine/tests/data"))
    ap.add_argument("--no-selfplay", action="store_true", help="skip the self-play positions")
    ap.add_argument("--set", action="append", choices=SETS, help="only this self-play set (repeatable)")
    ap.add_argument("--no-oracle", action="store_true", help="skip the oracle sample rows")
    ap.add_argument("--timeout", type=float, default=300, help="seconds per proof game (default 300)")
    ap.add_argument("--out", help="write one TSV line per position (source, variant, game, ply, plies, seconds)")
    ap.add_argument("--quiet", action="store_true", help="no progress on stderr")
    args = ap.parse_args()

    if not os.path.exists(args.bin):
        sys.exit(f"{args.bin} not found: build it with cargo build --release")
    variants = args.variant or VARIANTS
    failures = []
    records = []
    tables = []

    def run(source, variant, game, ply, sfen):
        j, dt, err = proof_game(args.bin, variant, sfen, args.timeout)
        if err:
            failures.append((source, variant, game, ply, sfen, err))
            print(f"FAIL {source} {variant} {game} {ply}: {sfen}: {err}", file=sys.stderr)
            return None
        records.append((source, variant, game, ply, j["plies"], dt))
        if not args.quiet:
            print(f"  {source} {variant} {game} {ply}: {j['plies']} plies, {dt:.3f}s", file=sys.stderr)
        return j["plies"], dt, j.get("kk_bound")

    for v in variants:
        for name in [] if args.no_selfplay else (args.set or SETS):
            rows = read_tsv(os.path.join(args.data, name, f"{v}.tsv"))
            buckets = sorted({int(r["ply"]) for r in rows})
            lines = []
            for b in buckets:
                sel = [r for r in rows if int(r["ply"]) == b][: args.limit]
                ratios, plies, times = [], [], []
                for r in sel:
                    res = run(name, v, r["game"], b, r["sfen"])
                    if res:
                        ratios.append(res[0] / b)
                        plies.append(res[0])
                        times.append(res[1])
                if ratios:
                    lines.append((b, len(sel), len(ratios), statistics.median(ratios), max(ratios),
                                  statistics.median(plies), statistics.median(times), max(times)))
                else:
                    lines.append((b, len(sel), 0, None, None, None, None, None))
            tables.append((name, v, lines))
        if not args.no_oracle:
            rows = [r for r in read_tsv(os.path.join(args.data, "oracle", f"{v}-sample.tsv")) if r["stage"] == "OK"]
            rows = rows[: args.limit]
            plies, times, bounds = [], [], []
            for r in rows:
                res = run("oracle", v, r["idx"], "", r["sfen"])
                if res:
                    plies.append(res[0])
                    times.append(res[1])
                    if res[2] is not None:
                        bounds.append(res[2])
            tables.append(("oracle", v, (len(rows), plies, times, bounds)))

    print()
    for source, v, data in tables:
        if source != "oracle":
            print(f"{v}: self-play positions ({source}), proof-game plies / game plies")
            w = [5, 5, 5, 8, 8, 8, 9, 9]
            print(fmt_row(["ply", "rows", "ok", "med×", "max×", "med pl", "med s", "max s"], w))
            for b, n, ok, med, mx, mpl, mt, xt in data:
                if ok:
                    print(fmt_row([b, n, ok, f"{med:.2f}", f"{mx:.2f}", f"{mpl:g}", f"{mt:.3f}", f"{xt:.3f}"], w))
                else:
                    print(fmt_row([b, n, ok, "-", "-", "-", "-", "-"], w))
        else:
            n, plies, times, bounds = data
            print(f"{v}: oracle sample, OK rows")
            w = [5, 5, 8, 8, 9, 9, 5, 9]
            print(fmt_row(["rows", "ok", "med pl", "max pl", "med s", "max s", "kk", "kk bound"], w))
            if plies:
                bound = f"{statistics.median(bounds):g}" if bounds else "-"
                print(fmt_row([n, len(plies), f"{statistics.median(plies):g}", max(plies),
                               f"{statistics.median(times):.3f}", f"{max(times):.3f}", len(bounds), bound], w))
            else:
                print(fmt_row([n, 0, "-", "-", "-", "-", "-", "-"], w))
        print()

    if args.out:
        with open(args.out, "w") as f:
            f.write("source\tvariant\tgame\tply\tproof_plies\tseconds\n")
            for rec in records:
                f.write("\t".join(str(x) if not isinstance(x, float) else f"{x:.4f}" for x in rec) + "\n")
    if failures:
        print(f"{len(failures)} proof games FAILED:")
        for f_ in failures:
            print("  " + "\t".join(map(str, f_)))
        sys.exit(1)


if __name__ == "__main__":
    main()
