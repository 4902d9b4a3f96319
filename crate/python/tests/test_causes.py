"""The cause of an unreachable verdict names exactly the right pieces and squares.

Positions of five kinds are made from random legal games played by cshogi, read by python-shogi (both
independent of shogi-reach), then spoiled one way: a second pawn on a file (二歩), a piece where it can never move again, the
side not to move left in check, pieces taken out of the set, or two pieces checking the king of the side to
move that no single move can give check from together (neither is a rook, bishop or lance, so neither can
have uncovered the other). The test works out, with python-shogi alone, which squares each cause must name;
the engine's sentence must name exactly those, and its `squares` (the squares the page marks) must be them.
"""

import random
import re
from collections import Counter

import cshogi
import pytest
import shogi
import shogi_reach as sr

from conftest import cli_json

PER_KIND = 200
SQUARE = re.compile(r"\b[1-9][a-i]\b")
SLIDERS = {shogi.ROOK, shogi.BISHOP, shogi.LANCE, shogi.PROM_ROOK, shogi.PROM_BISHOP}
TOTAL = {shogi.PAWN: 18, shogi.LANCE: 4, shogi.KNIGHT: 4, shogi.SILVER: 4, shogi.GOLD: 4, shogi.BISHOP: 2, shogi.ROOK: 2}
NAMES = {shogi.ROOK: "rook", shogi.BISHOP: "bishop", shogi.GOLD: "gold", shogi.SILVER: "silver",
         shogi.KNIGHT: "knight", shogi.LANCE: "lance", shogi.PAWN: "pawn"}
UNPROMOTED = {shogi.PROM_PAWN: shogi.PAWN, shogi.PROM_LANCE: shogi.LANCE, shogi.PROM_KNIGHT: shogi.KNIGHT,
              shogi.PROM_SILVER: shogi.SILVER, shogi.PROM_BISHOP: shogi.BISHOP, shogi.PROM_ROOK: shogi.ROOK}


def name(square: int) -> str:
    return shogi.SQUARE_NAMES[square]


def rank(square: int, color: int) -> int:
    """Ranks from `color`'s far edge: 0 on its last rank."""
    return square // 9 if color == shogi.BLACK else 8 - square // 9


def dead(piece_type: int, color: int, square: int) -> bool:
    r = rank(square, color)
    return (piece_type in (shogi.PAWN, shogi.LANCE) and r == 0) or (piece_type == shogi.KNIGHT and r <= 1)


def random_positions(games: int, plies: int) -> tuple[list[str], list[str]]:
    """Every position of `games` random legal games (cshogi) of up to `plies` plies, and those in check."""
    rng = random.Random(20261128)
    every, in_check = [], []
    for _ in range(games):
        board = cshogi.Board()
        for _ in range(plies):
            moves = list(board.legal_moves)
            if not moves:
                break
            board.push(rng.choice(moves))
            (in_check if board.is_check() else every).append(board.sfen())
    return every, in_check


POSITIONS, IN_CHECK = random_positions(300, 100)


def played(rng: random.Random, _plies: int = 0) -> shogi.Board:
    """A position of a random legal game, none in check."""
    return shogi.Board(rng.choice(POSITIONS))


def sfen(board: shogi.Board) -> str:
    return board.sfen()


def take_one(board: shogi.Board, rng: random.Random, kind: int, keep: set[int]) -> bool:
    """Takes a piece of `kind` (unpromoted) out of a hand, or off the board (not from `keep`): True if found."""
    hands = [c for c in (shogi.BLACK, shogi.WHITE) if board.pieces_in_hand[c][kind] > 0]
    if hands:
        board.remove_piece_from_hand(kind, rng.choice(hands))
        return True
    squares = [s for s in shogi.SQUARES if s not in keep and board.piece_at(s)
               and UNPROMOTED.get(board.piece_at(s).piece_type, board.piece_at(s).piece_type) == kind]
    if not squares:
        return False
    board.remove_piece_at(rng.choice(squares))
    return True


def unpromoted_pawns_by_file(board: shogi.Board) -> dict[tuple[int, int], list[int]]:
    files: dict[tuple[int, int], list[int]] = {}
    for s in shogi.SQUARES:
        p = board.piece_at(s)
        if p and p.piece_type == shogi.PAWN:
            files.setdefault((p.color, s % 9), []).append(s)
    return files


def piece_stage_squares(board: shogi.Board) -> list[set[str]]:
    """Every piece-stage cause as the set of squares it must name: files with two pawns, dead pieces."""
    causes = [{name(s) for s in squares} for squares in unpromoted_pawns_by_file(board).values() if len(squares) > 1]
    for s in shogi.SQUARES:
        p = board.piece_at(s)
        if p and dead(p.piece_type, p.color, s):
            causes.append({name(s)})
    return causes


def two_pawns(rng: random.Random) -> shogi.Board | None:
    board = played(rng, rng.randrange(4, 60))
    color = rng.choice((shogi.BLACK, shogi.WHITE))
    files = [f for (c, f), sq in unpromoted_pawns_by_file(board).items() if c == color]
    if not files:
        return None
    file = rng.choice(files)
    empty = [s for s in range(file, 81, 9) if board.piece_at(s) is None and not dead(shogi.PAWN, color, s)]
    if not empty or not take_one(board, rng, shogi.PAWN, set(range(file, 81, 9))):
        return None
    board.set_piece_at(rng.choice(empty), shogi.Piece(shogi.PAWN, color))
    return board


def dead_piece(rng: random.Random) -> shogi.Board | None:
    board = played(rng, rng.randrange(4, 60))
    color = rng.choice((shogi.BLACK, shogi.WHITE))
    kind = rng.choice((shogi.PAWN, shogi.LANCE, shogi.KNIGHT))
    empty = [s for s in shogi.SQUARES if board.piece_at(s) is None and dead(kind, color, s)]
    if not empty or not take_one(board, rng, kind, set()):
        return None
    board.set_piece_at(rng.choice(empty), shogi.Piece(kind, color))
    return board


def waiting_in_check(rng: random.Random) -> tuple[shogi.Board, list[int]] | None:
    """A position of a random game where the side to move is in check, then handed to the other side."""
    board = shogi.Board(rng.choice(IN_CHECK))
    found = checkers(board)
    board.turn ^= 1
    return board, found


def missing(rng: random.Random) -> tuple[shogi.Board, Counter] | None:
    board = played(rng, rng.randrange(0, 60))
    gone: Counter = Counter()
    for _ in range(rng.randrange(1, 6)):
        kind = rng.choice(list(TOTAL))
        if take_one(board, rng, kind, set()):
            gone[kind] += 1
    return (board, gone) if gone else None


def double_check(rng: random.Random) -> tuple[shogi.Board, list[int]] | None:
    """Two pieces of the side that moved last that step or jump to the king of the side to move."""
    board = played(rng, rng.randrange(4, 60))
    x = board.turn
    y = x ^ 1
    king = board.king_squares[x]
    placed: list[int] = []
    for _ in range(2):
        kind = rng.choice((shogi.GOLD, shogi.SILVER, shogi.KNIGHT, shogi.PAWN))
        options = [s for s in shogi.SQUARES if board.piece_at(s) is None and s not in placed
                   and not dead(kind, y, s) and attacks(board, kind, y, s, king)
                   and not (kind == shogi.PAWN and any(board.piece_at(f) == shogi.Piece(shogi.PAWN, y)
                                                       for f in range(s % 9, 81, 9)))]
        if not options or not take_one(board, rng, kind, {king, board.king_squares[y]}):
            return None
        square = rng.choice(options)
        board.set_piece_at(square, shogi.Piece(kind, y))
        placed.append(square)
    found = checkers(board)
    # Neither side in a state an earlier stage rejects, and no checker that could have been uncovered.
    if any(board.piece_at(s).piece_type in SLIDERS for s in found) or len(found) < 2:
        return None
    if board.is_attacked_by(x, board.king_squares[y]) or piece_stage_squares(board):
        return None
    return board, found


def attacks(board: shogi.Board, kind: int, color: int, square: int, target: int) -> bool:
    """Whether a piece of `kind` and `color` on `square` attacks `target` (python-shogi's attack tables)."""
    return bool(shogi.Board.attacks_from(kind, square, board.occupied, color) & shogi.BB_SQUARES[target])


def checkers(board: shogi.Board) -> list[int]:
    """The squares of the pieces giving check to the side to move."""
    return list(board.attackers(board.turn ^ 1, board.king_squares[board.turn]))


def made(maker, seed: int, count: int) -> list:
    rng = random.Random(seed)
    out, seen = [], set()
    while len(out) < count:
        case = maker(rng)
        if case is None:
            continue
        board = case[0] if isinstance(case, tuple) else case
        if sfen(board) not in seen:
            seen.add(sfen(board))
            out.append(case)
    return out


def cause_of(position: str, stage: str) -> list[dict]:
    proof = sr.prove("shogi", position)
    assert proof["verdict"] == "unreachable" and proof["stage"] == stage, (position, proof["stage"])
    return proof["causes"]


def named(cause: dict) -> set[str]:
    return set(SQUARE.findall(cause["text"]))


def test_two_pawns_name_the_file_and_both_pawns():
    for board in made(two_pawns, 1, PER_KIND):
        causes = cause_of(sfen(board), "piece")
        expected = piece_stage_squares(board)
        assert sorted(map(sorted, (set(c["squares"]) for c in causes))) == sorted(map(sorted, expected))
        for c in causes:
            assert named(c) == set(c["squares"]), c["text"]
            if c["kind"] == "two-pawns":
                files = {int(s[0]) for s in c["squares"]}
                assert files == {c["file"]} and f"file {c['file']}" in c["text"]


def test_a_dead_piece_is_named_on_its_square():
    for board in made(dead_piece, 2, PER_KIND):
        causes = cause_of(sfen(board), "piece")
        assert sorted(map(sorted, (set(c["squares"]) for c in causes))) == sorted(map(sorted, piece_stage_squares(board)))
        for c in (c for c in causes if c["kind"] == "dead-piece"):
            (square,) = c["squares"]
            piece = board.piece_at(shogi.SQUARE_NAMES.index(square))
            assert named(c) == {square} and NAMES[piece.piece_type] in c["text"], c["text"]


def test_the_side_not_to_move_in_check_names_its_king_and_the_checkers():
    for board, found in made(waiting_in_check, 3, PER_KIND):
        (cause,) = cause_of(sfen(board), "king")
        king = name(board.king_squares[board.turn ^ 1])
        assert cause["kind"] == "waiting-in-check" and cause["squares"][0] == king
        assert set(cause["squares"]) == {king, *map(name, found)} == named(cause), cause["text"]


def test_missing_pieces_are_counted_by_kind_in_words():
    for board, gone in made(missing, 4, PER_KIND):
        (cause,) = cause_of(sfen(board), "count")
        counts = {p["piece"]: p["count"] for p in cause["pieces"]}
        assert counts == {shogi.PIECE_SYMBOLS[k].upper(): n for k, n in gone.items()}
        assert cause["squares"] == [] and not named(cause)
        for kind, n in gone.items():
            assert f"{n} {NAMES[kind]}{'' if n == 1 else 's'}" in cause["text"], cause["text"]


def test_a_double_check_no_move_gives_names_the_king_and_both_checkers():
    cases = made(double_check, 5, PER_KIND)
    for board, found in cases:
        (cause,) = cause_of(sfen(board), "prev")
        king = name(board.king_squares[board.turn])
        assert cause["kind"] == "double-check", (sfen(board), cause["text"])
        assert cause["squares"][0] == king
        assert set(cause["squares"]) == {king, *map(name, found)} == named(cause), cause["text"]


@pytest.mark.parametrize("maker,seed,stage", [(two_pawns, 6, "piece"), (double_check, 7, "prev"),
                                              (dead_piece, 8, "piece")])
def test_explain_and_the_command_line_give_the_same_causes(maker, seed, stage):
    for case in made(maker, seed, 5):
        position = sfen(case[0] if isinstance(case, tuple) else case)
        causes = cause_of(position, stage)
        assert sr.explain("shogi", position)["causes"] == causes
        assert cli_json("prove", position)["causes"] == causes
        assert cli_json("explain", position)["causes"] == causes


def test_king_squares_of_a_tsume_set_up_are_those_of_the_command_line():
    problem = "b7k/9/7GP/9/9/9/9/9/r8 b Grb2g4s4n4l17p 1"
    squares = sr.king_squares("shogi", problem)
    assert squares == cli_json("king-squares", problem)
    assert [s["square"] for s in squares["squares"] if s["verdict"] != "reachable"] == ["2a", "2b", "1b", "1i"]
    with pytest.raises(sr.BadSfenError, match="Sente's king is already there"):
        sr.king_squares("shogi", "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1")
