"""Reads the site's exports with two independent Shogi libraries, cshogi and python-shogi, and prints
what each read as JSON, for tests/browser/export.test.mjs to compare with the page and the CLI.

Usage: python tests/read_exports.py DIR. Each file of DIR is read by its extension, as the libraries read
files: .kif and .ki2 as Shift_JIS (CP932), .kifu and .ki2u as UTF-8; .usi a USI `position` command; .csa;
.sfen one position; .bod a board diagram alone (.ki2 and .ki2u: neither library reads KI2); .svg and .png pictures (their size and contents). A record
gives, for each library that reads the format, its start (SFEN), its moves (USI) and the position after
them, every move checked for legality by that library.
"""

import json
import os
import struct
import sys
import xml.etree.ElementTree as ET
import zlib

import cshogi
import cshogi.CSA
import cshogi.KIF
import shogi
import shogi.CSA
import shogi.KIF


def replay_cshogi(sfen, moves):
    board = cshogi.Board(sfen)
    for usi in moves:
        move = board.move_from_usi(usi)
        if not board.is_legal(move):
            raise ValueError(f"cshogi: {usi} is not legal in {board.sfen()}")
        board.push(move)
    return board.sfen()


def replay_python_shogi(sfen, moves):
    board = shogi.Board(sfen)
    for usi in moves:
        move = shogi.Move.from_usi(usi)
        if move not in board.legal_moves:
            raise ValueError(f"python-shogi: {usi} is not legal in {board.sfen()}")
        board.push(move)
    return board.sfen()


def cshogi_record(parser):
    moves = [cshogi.move_to_usi(m) for m in parser.moves]
    return {"start": parser.sfen, "moves": moves, "end": replay_cshogi(parser.sfen, moves)}


def python_shogi_record(summary):
    moves = summary["moves"]
    return {"start": summary["sfen"], "moves": moves, "end": replay_python_shogi(summary["sfen"], moves)}


def read_text(path, encoding):
    with open(path, "rb") as f:
        return f.read().decode(encoding)


def read_usi(text):
    words = text.split()
    assert words[0] == "position", text
    if words[1] == "startpos":
        start, rest = cshogi.STARTING_SFEN, words[2:]
    else:
        start, rest = " ".join(words[2:6]), words[6:]
    moves = rest[1:] if rest[:1] == ["moves"] else []
    board = cshogi.Board()
    board.set_position(" ".join(words[1:]))
    return {
        "cshogi": {"start": start, "moves": moves, "end": board.sfen()},
        "python-shogi": {"start": start, "moves": moves, "end": replay_python_shogi(start, moves)},
    }


def read_png(path):
    with open(path, "rb") as f:
        data = f.read()
    assert data[:8] == b"\x89PNG\r\n\x1a\n", "not a PNG"
    at, idat, size = 8, b"", None
    while at < len(data):
        (length,) = struct.unpack(">I", data[at : at + 4])
        kind, body = data[at + 4 : at + 8], data[at + 8 : at + 8 + length]
        if kind == b"IHDR":
            size = struct.unpack(">II", body[:8])
        elif kind == b"IDAT":
            idat += body
        at += 12 + length
    pixels = zlib.decompress(idat)
    return {"width": size[0], "height": size[1], "distinct_bytes": len(set(pixels))}


def read_svg(path):
    root = ET.parse(path).getroot()
    groups = root.iter("{http://www.w3.org/2000/svg}g")
    classes = [g.get("class") for g in groups]
    return {"width": int(root.get("width")), "height": int(root.get("height")), "pieces": classes.count("piece"), "hand_pieces": classes.count("hand-piece")}


def read(path):
    ext = os.path.splitext(path)[1]
    if ext in (".kif", ".kifu"):
        # Both libraries choose the encoding by the extension, as players' programs do.
        return {
            "cshogi": cshogi_record(cshogi.KIF.Parser.parse_file(path)),
            "python-shogi": python_shogi_record(shogi.KIF.Parser.parse_file(path)[0]),
        }
    if ext in (".ki2", ".ki2u"):
        # Neither library reads KI2: python-shogi has no reader, and cshogi 1.1.0's stops with an
        # IndexError on the third move of most games, its own KI2 files included (the cshogi-written
        # crate/engine/tests/data/records/handicap-1.ki2). The test reads KI2 with the CLI instead.
        return {}
    if ext == ".csa":
        return {
            "cshogi": cshogi_record(cshogi.CSA.Parser.parse_file(path)[0]),
            "python-shogi": python_shogi_record(shogi.CSA.Parser.parse_file(path)[0]),
        }
    if ext == ".usi":
        return read_usi(read_text(path, "utf-8"))
    if ext == ".sfen":
        sfen = read_text(path, "utf-8").strip()
        return {"cshogi": {"start": cshogi.Board(sfen).sfen()}, "python-shogi": {"start": shogi.Board(sfen).sfen()}}
    if ext == ".bod":
        # python-shogi reads a diagram (its side to move too, when no move follows); cshogi's KIF reader
        # skips diagrams, so cshogi writes the diagram of the position python-shogi read, to compare.
        text = read_text(path, "utf-8")
        sfen = shogi.KIF.Parser.parse_str(text)[0]["sfen"]
        return {"python-shogi": {"start": sfen}, "cshogi": {"bod": cshogi.KIF.board_to_bod(cshogi.Board(sfen))}}
    if ext == ".png":
        return {"png": read_png(path)}
    if ext == ".svg":
        return {"svg": read_svg(path)}
    raise ValueError(f"no reader for {path}")


def main(folder):
    out = {}
    for name in sorted(os.listdir(folder)):
        try:
            out[name] = read(os.path.join(folder, name))
        except Exception as e:  # noqa: BLE001 - every failure is reported by name, for the test to show
            out[name] = {"error": f"{type(e).__name__}: {e}"}
    print(json.dumps(out, ensure_ascii=False, indent=1))


if __name__ == "__main__":
    main(sys.argv[1])
