"""What cshogi and python-shogi read from the record files named on the command line, as one JSON object
by file name, for tests/records-python.test.mjs to compare with `shogi-reach record --json`.

KIF: cshogi gives the players, the other header fields (var_info), the comment before the first move, each
main-line move (USI) and its comment; python-shogi gives the players from the header. CSA: cshogi gives
the players, the `$` fields, the moves and every comment line in order; python-shogi the players and moves.
"""
import json
import sys

import cshogi
import cshogi.CSA
import cshogi.KIF
import shogi.CSA
import shogi.KIF


def header_only(text):
    """The KIF text up to its first move line: python-shogi stops at `同` moves, the header it reads."""
    lines = []
    for line in text.splitlines():
        if line.strip()[:1].isdigit():
            break
        lines.append(line)
    return "\n".join(lines) + "\n"


def read_kif(path):
    k = cshogi.KIF.Parser.parse_file(path)
    with open(path, "rb") as f:
        raw = f.read()
    text = raw.decode("utf-8") if path.endswith("u") else raw.decode("cp932")
    games = shogi.KIF.Parser.parse_str(header_only(text))
    return {
        "cshogi": {
            "names": k.names,
            "header": k.var_info,
            "comment": k.comment,
            "moves": [cshogi.move_to_usi(m) for m in k.moves],
            "comments": [c or "" for c in k.comments],
        },
        "python_shogi": {"names": games[0]["names"]},
    }


def read_csa(path):
    c = cshogi.CSA.Parser.parse_file(path)[0]
    p = shogi.CSA.Parser.parse_file(path)[0]
    return {
        "cshogi": {
            "names": c.names,
            "header": c.var_info,
            "moves": [cshogi.move_to_usi(m) for m in c.moves],
            "comment_lines": [line[1:] for line in c.comment.splitlines()],
        },
        "python_shogi": {"names": p["names"], "moves": p["moves"]},
    }


def main():
    out = {}
    for path in sys.argv[1:]:
        out[path] = read_csa(path) if path.endswith(".csa") else read_kif(path)
    json.dump(out, sys.stdout, ensure_ascii=False, indent=1)


main()
