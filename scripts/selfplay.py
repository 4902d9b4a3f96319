#!/usr/bin/env python3
"""Self-play test positions for shogi-reach: realistic positions with the game that produced them.

Plays seeded games with Fairy-Stockfish (USI): a few random legal opening plies, then a random choice among
the near-best MultiPV moves. Samples the position after exactly B plies for each ply bucket B, computes its
SFEN independently of shogi-reach (cshogi for Shogi, Fairy-Stockfish's `d` for Mini Shogi), checks with
`shogi-reach prove --json` that every sampled position is reachable, and writes a TSV:

    game    ply    sfen    moves

`moves` are the USI moves from the initial position (space-separated); `sfen` has move number 1, hands in
the order R B G S N L P (Sente's, then Gote's), as shogi-reach prints it.

Pawn drops that mate are illegal in Shogi but Fairy-Stockfish 11 plays them: such moves are never chosen
(a pawn drop after which the opponent has no legal move is removed from the candidates).

Example:
    python3 scripts/selfplay.py --game shogi --seed 1 --out crate/engine/tests/data/selfplay/shogi.tsv
"""

import argparse
import json
import os
import random
import re
import shutil
import subprocess
import sys
import time

BUCKETS = {
    "shogi": [8, 16, 24, 40, 60, 80],
    "minishogi": [6, 12, 20, 30, 40],
}
START = {
    "shogi": "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1",
    "minishogi": "rbsgk/4p/5/P4/KGSBR b - 1",
}
MATE_SCORE = 100000


def find_fairy_stockfish(path):
    if path:
        return path
    for cand in (shutil.which("fairy-stockfish"), "/usr/games/fairy-stockfish"):
        if cand and os.path.exists(cand):
            return cand
    sys.exit("fairy-stockfish not found: apt-get install -y fairy-stockfish (it goes to /usr/games)")


class USIEngine:
    """A minimal USI driver for Fairy-Stockfish."""

    def __init__(self, path, variant, threads=1, hash_mb=16):
        self.proc = subprocess.Popen(
            [path], stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
            text=True, bufsize=1,
        )
        self.send("usi")
        lines = self.read_until(lambda l: l == "usiok")
        self.id_name = next((l[len("id name "):] for l in lines if l.startswith("id name ")), "?")
        options = {l.split()[2] for l in lines if l.startswith("option name ")}
        variant_opt = next((o for o in ("UCI_Variant", "USI_Variant") if o in options), None)
        if variant_opt is None:
            sys.exit("the engine offers no UCI_Variant/USI_Variant option")
        self.setoption(variant_opt, variant)
        self.setoption("Threads", threads)
        self.setoption("Hash", hash_mb)
        self.multipv = None
        self.ready()

    def send(self, cmd):
        self.proc.stdin.write(cmd + "\n")
        self.proc.stdin.flush()

    def read_until(self, pred):
        lines = []
        while True:
            line = self.proc.stdout.readline()
            if not line:
                raise RuntimeError("fairy-stockfish exited")
            line = line.rstrip("\n")
            lines.append(line)
            if pred(line):
                return lines

    def setoption(self, name, value):
        self.send(f"setoption name {name} value {value}")

    def ready(self):
        self.send("isready")
        self.read_until(lambda l: l == "readyok")

    def new_game(self):
        self.send("usinewgame")
        self.ready()

    def position(self, moves, start=None):
        """`moves` from the game's start, or from the SFEN `start`."""
        origin = "startpos" if start is None else f"sfen {start}"
        self.send(f"position {origin}" + (" moves " + " ".join(moves) if moves else ""))

    def legal_moves(self, moves):
        self.position(moves)
        self.send("go perft 1")
        lines = self.read_until(lambda l: l.startswith("Nodes searched"))
        return [l.split(":")[0] for l in lines if l.endswith(": 1") and " " not in l.split(":")[0]]

    def analyse(self, moves, multipv, limit):
        """[(move, score)] of the MultiPV lines of the last completed depth, best first."""
        if self.multipv != multipv:
            self.setoption("MultiPV", multipv)
            self.multipv = multipv
        self.position(moves)
        self.send("go " + limit)
        lines = self.read_until(lambda l: l.startswith("bestmove"))
        best = {}
        for l in lines:
            t = l.split()
            if not t or t[0] != "info" or "pv" not in t or "score" not in t:
                continue
            if "lowerbound" in t or "upperbound" in t:
                continue
            k = int(t[t.index("multipv") + 1]) if "multipv" in t else 1
            i = t.index("score")
            kind, val = t[i + 1], int(t[i + 2])
            score = val if kind == "cp" else (MATE_SCORE - abs(val)) * (1 if val > 0 else -1)
            best[k] = (t[t.index("pv") + 1], score)
        return [best[k] for k in sorted(best)], lines[-1].split()[1]

    def divide(self, depth, start=None):
        """perft to `depth` by first move, {move: count}, from the game's start or the SFEN `start`."""
        self.position([], start)
        self.send(f"go perft {depth}")
        lines = self.read_until(lambda l: l.startswith("Nodes searched"))
        counts = (re.fullmatch(r"([0-9a-zA-Z*+]+): (\d+)", l) for l in lines)
        return {m[1]: int(m[2]) for m in counts if m}

    def sfen(self, moves, start=None):
        self.position(moves, start)
        self.send("d")
        lines = self.read_until(lambda l: l.startswith("Checkers:"))
        for l in lines:
            if l.startswith("Sfen: "):
                return l[len("Sfen: "):]
        raise RuntimeError("no Sfen line in the engine's `d` output")

    def in_check(self, moves):
        self.position(moves)
        self.send("d")
        lines = self.read_until(lambda l: l.startswith("Checkers:"))
        return lines[-1].split(":", 1)[1].strip() != ""

    def quit(self):
        try:
            self.send("quit")
            self.proc.wait(timeout=5)
        except Exception:
            self.proc.kill()


def normalise_sfen(sfen):
    """Board, side, hands in R B G S N L P order (Sente first), move number 1."""
    board, side, hand = sfen.split()[:3]
    counts = {}
    if hand != "-":
        n = ""
        for c in hand:
            if c.isdigit():
                n += c
            else:
                counts[c] = counts.get(c, 0) + (int(n) if n else 1)
                n = ""
    out = ""
    for c in "RBGSNLPrbgsnlp":
        k = counts.pop(c, 0)
        if k:
            out += (str(k) if k > 1 else "") + c
    if counts:
        raise ValueError(f"unknown hand pieces in {sfen!r}")
    return f"{board} {side} {out or '-'} 1"


class ShogiReference:
    """cshogi: independent SFENs and a legality check for Shogi."""

    def __init__(self):
        try:
            import cshogi
        except ImportError:
            sys.exit("Shogi needs cshogi: pip install cshogi")
        self.cshogi = cshogi

    def replay(self, moves):
        b = self.cshogi.Board()
        for i, m in enumerate(moves):
            mv = b.move_from_usi(m)
            if not mv or not b.is_legal(mv):
                raise ValueError(f"ply {i + 1} {m} is illegal for cshogi after {' '.join(moves[:i])}")
            b.push(mv)
        return b

    def sfen(self, moves):
        return normalise_sfen(self.replay(moves).sfen())


def is_pawn_drop_mate(engine, moves, m):
    if m.startswith("P*") and not engine.legal_moves(moves + [m]) and engine.in_check(moves + [m]):
        print(f"   (pawn-drop mate {m} after ply {len(moves)} not played: {' '.join(moves)})", file=sys.stderr)
        return True
    return False


def play_game(engine, rng, args, max_ply):
    """One game, up to max_ply plies. Returns (moves, end) where end says why it stopped."""
    engine.new_game()
    moves = []
    n_random = rng.randint(args.random_min, args.random_max)
    while len(moves) < max_ply:
        legal = engine.legal_moves(moves)
        if not legal:
            return moves, "no legal move"
        if len(moves) < n_random:
            cands = sorted(legal)
            rng.shuffle(cands)
            choice = next((m for m in cands if not is_pawn_drop_mate(engine, moves, m)), None)
        else:
            lines, bestmove = engine.analyse(moves, args.multipv, args.limit)
            if not lines:
                return moves, f"bestmove {bestmove}"
            top = lines[0][1]
            near = [m for m, s in lines if s >= top - args.margin]
            rng.shuffle(near)
            choice = next((m for m in near if not is_pawn_drop_mate(engine, moves, m)), None)
            if choice is None:  # only pawn-drop mates are near-best: take the best other line
                choice = next((m for m, _ in lines if not is_pawn_drop_mate(engine, moves, m)), None)
        if choice is None:
            return moves, "only pawn-drop mates"
        if choice not in legal:
            raise RuntimeError(f"engine move {choice} not among its legal moves after {' '.join(moves)}")
        moves.append(choice)
    return moves, "ply cap"


def prove(bin_path, variant, sfen):
    r = subprocess.run([bin_path, "prove", "--game", variant, "--json", sfen], capture_output=True, text=True)
    try:
        j = json.loads(r.stdout)
    except json.JSONDecodeError:
        return {"verdict": "error", "stderr": r.stderr.strip(), "rc": r.returncode}
    return j


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--game", "--variant", dest="variant", choices=sorted(BUCKETS), required=True,
                    help="the game (--variant is the same)")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--per-bucket", type=int, default=40, help="positions wanted per ply bucket (default 40)")
    ap.add_argument("--max-games", type=int, default=200, help="stop after this many games (default 200)")
    ap.add_argument("--buckets", help="comma-separated ply buckets (default: the variant's)")
    ap.add_argument("--random-min", type=int, default=None, help="fewest random opening plies")
    ap.add_argument("--random-max", type=int, default=None, help="most random opening plies")
    ap.add_argument("--multipv", type=int, default=4)
    ap.add_argument("--margin", type=int, default=60, help="near-best: within this many centipawns (default 60)")
    ap.add_argument("--limit", default=None, help="search limit, e.g. 'nodes 3000' or 'depth 4'")
    ap.add_argument("--hash", type=int, default=16, help="hash MB (default 16)")
    ap.add_argument("--fairy-stockfish", default=None, help="engine binary (default: PATH, then /usr/games)")
    ap.add_argument("--shogi-reach", default="target/release/shogi-reach", help="binary for the reachability check")
    ap.add_argument("--no-check", action="store_true", help="skip the shogi-reach prove check")
    ap.add_argument("--out", default="-", help="TSV output (default stdout)")
    args = ap.parse_args()

    v = args.variant
    buckets = [int(b) for b in args.buckets.split(",")] if args.buckets else BUCKETS[v]
    if args.random_min is None:
        args.random_min = 1 if v == "shogi" else 0
    if args.random_max is None:
        args.random_max = 4 if v == "shogi" else 2
    if args.limit is None:
        args.limit = "nodes 3000" if v == "shogi" else "nodes 2000"
    if not args.no_check and not os.path.exists(args.shogi_reach):
        sys.exit(f"{args.shogi_reach} not found: cargo build --release (or --no-check)")

    rng = random.Random(args.seed)
    engine = USIEngine(find_fairy_stockfish(args.fairy_stockfish), v, threads=1, hash_mb=args.hash)
    ref = ShogiReference() if v == "shogi" else None
    log = sys.stderr
    print(f"# {engine.id_name}; variant {v}; seed {args.seed}; buckets {buckets}; limit '{args.limit}'; "
          f"MultiPV {args.multipv}; margin {args.margin}; random opening plies {args.random_min}..{args.random_max}",
          file=log)

    # the engine's own start position must be the variant's start
    start = normalise_sfen(engine.sfen([]))
    if start != START[v]:
        sys.exit(f"fairy-stockfish's startpos is {start}, expected {START[v]}")

    rows = []
    have = {b: 0 for b in buckets}
    bad = []
    game = 0
    t0 = time.time()
    while game < args.max_games and any(have[b] < args.per_bucket for b in buckets):
        game += 1
        want = [b for b in buckets if have[b] < args.per_bucket]
        moves, end = play_game(engine, rng, args, max(want))
        if ref is not None:
            ref.replay(moves)  # every move legal for cshogi
        taken = []
        for b in want:
            if len(moves) < b:
                continue
            sfen = ref.sfen(moves[:b]) if ref else normalise_sfen(engine.sfen(moves[:b]))
            if not args.no_check:
                j = prove(args.shogi_reach, v, sfen)
                if j.get("verdict") != "reachable":
                    bad.append((game, b, sfen, " ".join(moves[:b]), j.get("verdict"), j.get("stage"), j.get("reason")))
                    print(f"!! game {game} ply {b}: shogi-reach says {j.get('verdict')} ({j.get('stage')}): {sfen}\n"
                          f"   moves {' '.join(moves[:b])}", file=log)
                elif j.get("sfen") not in (None, sfen):
                    print(f"!! game {game} ply {b}: SFEN {sfen} printed by shogi-reach as {j.get('sfen')}", file=log)
                    bad.append((game, b, sfen, " ".join(moves[:b]), "sfen-mismatch", j.get("sfen"), ""))
            rows.append((game, b, sfen, " ".join(moves[:b])))
            have[b] += 1
            taken.append(b)
        print(f"game {game}: {len(moves)} plies ({end}); sampled {taken}; {time.time() - t0:.0f}s", file=log)
    engine.quit()

    out = sys.stdout if args.out == "-" else open(args.out, "w")
    out.write("game\tply\tsfen\tmoves\n")
    for r in sorted(rows, key=lambda r: (r[1], r[0])):
        out.write("\t".join(map(str, r)) + "\n")
    if out is not sys.stdout:
        out.close()
    print(f"# {game} games; positions per bucket: " + ", ".join(f"{b}: {have[b]}" for b in buckets), file=log)
    if bad:
        print(f"# {len(bad)} positions NOT called reachable by shogi-reach (kept in the output):", file=log)
        for b in bad:
            print("#  " + "\t".join(map(str, b)), file=log)
        sys.exit(1)


if __name__ == "__main__":
    main()
