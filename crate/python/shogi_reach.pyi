"""shogi_reach: is a Shogi (or Mini Shogi) position reachable from the start, and how many are?

Ishii & Tanaka's method, from the engine of shogi-reach. Every function takes the game by name
("shogi" or "minishogi") and returns what the command line's --json prints, as dicts and lists. Ranks
are Python ints (Shogi's are over 200 bits). Errors are ShogiReachError subclasses, bad arguments
included: an int out of range or a bool where an int is expected, a str with a lone surrogate, a value
of the wrong type (never TypeError, OverflowError or UnicodeEncodeError). The work runs with the GIL
released.
"""

import os
from collections.abc import Callable, Iterable
from typing import Any, Literal, Optional, Tuple, Union

from typing_extensions import NotRequired, TypedDict

__version__: str

Game = Literal["shogi", "minishogi", "judkins"]
Json = dict[str, Any]

# The estimate's report, as `estimate --json` writes it (checked against built reports by the tests).

class Tally(TypedDict):
    samples: int
    stages: dict[str, int]
    traced_back: list[int]
    reachable_pops: int
    reachable_nodes: int
    reachable_plies: int

class Estimate(TypedDict):
    p_hat: Optional[float]
    sigma: Optional[float]
    reachable: Optional[float]
    low: Optional[float]
    high: Optional[float]
    wilson: list[Optional[float]]
    exact: list[Optional[float]]
    unknown: int

class BlockTally(TypedDict):
    start: int
    end: int
    tally: Tally

class Provenance(TypedDict):
    program: str
    version: str
    commit: str
    profile: str
    cpu: str
    host: str
    os: str
    threads: int
    cpu_seconds: Optional[float]
    wall_seconds: float

class ShardSource(TypedDict):
    file: str
    ranges: list[list[int]]
    provenance: Optional[Provenance]

class Report(TypedDict):
    format: int
    game: str
    seed: int
    max_nodes: Optional[int]
    samples: int
    ranges: list[list[int]]
    tally: Tally
    candidates: str
    funnel: list[list[Union[str, int]]]
    estimate: Estimate
    blocks: NotRequired[list[BlockTally]]
    provenance: NotRequired[Provenance]
    shards: NotRequired[list[ShardSource]]

# The rows of `samples`, as `estimate --samples-out` writes them.

class SampleRow(TypedDict):
    index: int
    rank: int
    stage: str
    traced_back: Optional[int]
    nodes: Optional[int]
    pops: Optional[int]
    plies: Optional[int]
    board_R: int
    board_B: int
    board_G: int
    board_S: int
    board_N: int
    board_L: int
    board_P: int
    hand_R: int
    hand_B: int
    hand_G: int
    hand_S: int
    hand_N: int
    hand_L: int
    hand_P: int

# `prove`, `classify` and `predecessors`, as the command line's `--json` and columns.

class Step(TypedDict):
    japanese: str
    move: str
    sfen: str

class CausePiece(TypedDict):
    count: NotRequired[int]
    piece: str
    square: NotRequired[str]

# Why a position is unreachable, as a player would say it: `text` names the pieces and squares, `squares` are
# the squares to mark (the king first where one is in check).
class Cause(TypedDict):
    candidates: NotRequired[int]
    depth: NotRequired[int]
    extra: NotRequired[list[CausePiece]]
    file: NotRequired[int]
    handicaps: NotRequired[list[str]]
    kind: str
    pieces: list[CausePiece]
    positions: NotRequired[int]
    side: NotRequired[str]
    squares: list[str]
    start: NotRequired[str]
    text: str

# `explain`: the stage's verdict and its causes, and the parts its kind has (the rules broken; a `prev`
# certificate; a `reach` tree), as `explain --json`.

class Issue(TypedDict):
    cause: Optional[Cause]
    message: str
    rule: str
    squares: list[str]

class CandidateVariant(TypedDict):
    captured: Optional[str]
    failure: Optional[str]
    reason: Optional[str]

# (Functional form: `from` is a Python keyword.)
Candidate = TypedDict(
    "Candidate",
    {"drop": bool, "from": Optional[str], "piece": str, "to": str, "unpromotion": bool, "usi": Optional[str],
     "variants": list[CandidateVariant]},
)

class ReasonGroup(TypedDict):
    candidates: list[int]
    reason: str

class PrevCertificate(TypedDict):
    candidates: list[Candidate]
    groups: list[ReasonGroup]
    last_mover: str

class LineStep(TypedDict):
    sfen: str
    usi: Optional[str]

class TreeEdge(TypedDict):
    node: int
    usi: str

class TreeNode(TypedDict):
    depth: int
    leaf: Optional[PrevCertificate]
    parent: Optional[int]
    predecessors: list[TreeEdge]
    sfen: str

class Explanation(TypedDict):
    causes: list[Cause]
    deepest_line: NotRequired[list[LineStep]]
    depth: NotRequired[int]
    issues: NotRequired[list[Issue]]
    positions: NotRequired[int]
    prev: NotRequired[PrevCertificate]
    stage: str
    tree: NotRequired[Optional[list[TreeNode]]]
    verdict: str

# `proof_game`, as `proof-game --format json`: the KK route's parts are None for a short game.

class ProofGame(TypedDict):
    connection: Optional[int]
    first_kk: Optional[str]
    game: str
    kif: str
    kk_bound: Optional[int]
    lower_bound: Optional[int]
    method: str
    moves: list[Step]
    opening: Optional[int]
    path: Optional[int]
    plies: int
    search_kk: Optional[str]
    sfen: str
    shortest: bool
    start: str
    start_name: str
    usi: str

class KingSquare(TypedDict):
    causes: list[Cause]
    sfen: str
    square: str
    stage: str
    verdict: str

class KingSquares(TypedDict):
    reachable: list[str]
    squares: list[KingSquare]

class Proof(TypedDict):
    causes: list[Cause]
    game: str
    goal: Optional[str]
    max_depth: Optional[int]
    n_prev: Optional[int]
    nodes: Optional[int]
    path: list[Step]
    pops: Optional[int]
    reason: str
    sfen: str
    stage: str
    start: str
    verdict: str

class Classified(TypedDict):
    goal: Optional[str]
    max_depth: Optional[int]
    n_prev: Optional[int]
    nodes: Optional[int]
    plies: Optional[int]
    pops: Optional[int]
    rank: int
    sfen: str
    stage: str

class Before(TypedDict):
    captured: Optional[str]
    sfen: str

class LastMove(TypedDict):
    before: list[Before]
    japanese: str
    kif: str
    piece: str
    usi: str

class LastMoves(TypedDict):
    last_moves: list[LastMove]
    moves: int
    predecessors: int

# `read_record`, as `record --json` prints it.

class HeaderField(TypedDict):
    key: str
    name: Optional[str]
    value: str

class RecordMove(TypedDict):
    comment: NotRequired[str]
    japanese: str
    sfen: str
    usi: str

class Variation(TypedDict):
    comment: NotRequired[str]
    moves: list[RecordMove]
    parent: Optional[int]
    ply: int

class Record(TypedDict):
    comment: NotRequired[str]
    format: str
    game: str
    header: list[HeaderField]
    moves: list[RecordMove]
    plies: int
    skipped: list[str]
    start: str
    variations: list[Variation]

# `replicate`: a run beside the paper, as `replicate --json` prints it.

class Row(TypedDict):
    label: str
    paper: int
    paper_share: float
    run: int
    run_share: float
    sigma_distance: Optional[float]

class Estimates(TypedDict):
    paper: Estimate
    run: Estimate

class Replication(TypedDict):
    source: Literal["paper", "this_project"]
    citation: str
    estimate: Estimates
    fraction: float
    game: str
    paper_samples: int
    paper_sampling: str
    paper_statement: str
    report: Report
    samples: int
    sampling_note: str
    seed: int
    table1: list[Row]
    table2: list[Row]

# `games`: each game's facts and the method's, as `games --json` prints them.

class PublishedEstimate(TypedDict):
    estimate: float
    interval: list[float]

class Published(TypedDict):
    source: Literal["paper", "this_project"]
    citation: str
    funnel: list[list[Union[str, int]]]
    samples: int
    sampling: str
    statement: str
    traced_back: list[int]
    reachable: PublishedEstimate

class NamedStart(TypedDict):
    name: str
    sfen: str

class GameFacts(TypedDict):
    name: str
    width: int
    height: int
    centre_file: bool
    zone: int
    pieces: dict[str, int]
    start: str
    usi_start: str
    kif_name: str
    handicaps: list[NamedStart]
    export_formats: list[str]
    candidates: str
    published: Published

class StageFacts(TypedDict):
    name: str
    verdict: str
    describe: str

class FunnelRow(TypedDict):
    row: str
    removes: list[str]

class PieceNames(TypedDict):
    record: str
    board: str
    full: str

class Games(TypedDict):
    games: list[GameFacts]
    default_game: str
    stages: list[StageFacts]
    funnel: list[FunnelRow]
    japanese_names: dict[str, PieceNames]
    japanese_files: str
    japanese_ranks: str

class ShogiReachError(ValueError):
    """Any error of shogi_reach (a ValueError)."""

class UnknownGameError(ShogiReachError):
    """A game other than 'shogi' or 'minishogi'."""

class BadSfenError(ShogiReachError):
    """Text that is no position of the game (SFEN, 'startpos' or the reference format)."""

class BadRankError(ShogiReachError):
    """A rank that is not a whole number from 0 to count(game) - 1."""

class UnrankablePositionError(ShogiReachError):
    """A position outside the candidate set: Gote to move, pieces missing, or not K-canonical."""

class BadRecordError(ShogiReachError):
    """A game record that cannot be read."""

class IllegalPositionError(ShogiReachError):
    """A position no legal game holds, so no legal move leads to it."""

class NoProofGameError(ShogiReachError):
    """No proof game: the position is not proved reachable, or the short search found none in its budget."""

class ExplainError(ShogiReachError):
    """A certificate that does not check (a bug)."""

class BadReportError(ShogiReachError):
    """A report that cannot be merged: not a report, of another run, overlapping another, or with a block
    that recomputes to another tally."""

class BadArgumentError(ShogiReachError):
    """An argument out of its range, or of the wrong type (a bool where an int is expected)."""

def count(game: Game) -> int:
    """|P_K|, the number of K-canonical candidate positions of the game (`shogi-reach count`)."""

def games() -> Games:
    """Each game's facts and the method's, as `shogi-reach games --json`: {games: [{name, width, height,
    pieces, start, handicaps, candidates, published, ...}], stages, funnel}."""

def rank(game: Game, sfen: str) -> int:
    """The rank of a candidate position, 0 <= rank < count(game) (`shogi-reach rank`)."""

def unrank(game: Game, rank: int) -> str:
    """The candidate position of a rank, as SFEN (`shogi-reach unrank`)."""

def perft(game: Game, depth: int, sfen: Optional[str] = None, divide: bool = False) -> Union[int, dict[str, int]]:
    """Legal move sequences of `depth` plies (0 to 10) from the position (None: the initial one), as
    `shogi-reach perft`; with divide, {first move (USI): count}."""

def prove(game: Game, sfen: str, max_nodes: int = 5_000_000, start: Optional[str] = None) -> Proof:
    """Reachable (with the path from a KK position) or unreachable (with the stage and its causes, each a
    sentence with the squares to mark) from `start` (None: the initial position; or a handicap's name,
    '角落ち', or SFEN), as `prove --json`:
    {causes, game, goal, max_depth, n_prev, nodes, path, pops, reason, sfen, stage, start, verdict}."""

def explain(game: Game, sfen: str, max_nodes: int = 5_000_000, start: Optional[str] = None) -> Explanation:
    """Why a position is unreachable (from `start`, as prove's), with a checked certificate, as
    `explain --json`."""

def king_squares(game: Game, sfen: str, max_nodes: int = 5_000_000) -> KingSquares:
    """For a tsume set-up (Gote's king, none of Sente's): Sente's king tried on every empty square, each
    position proved, as `king-squares --json`."""

def predecessors(game: Game, sfen: str, piece: Optional[str] = None, square: Optional[str] = None) -> LastMoves:
    """Every legal last move with the positions before it, as `predecessors --json`:
    {last_moves: [{before: [{captured, sfen}], japanese, kif, piece, usi}], moves, predecessors}."""

def proof_game(
    game: Game,
    sfen: str,
    method: Literal["best", "short", "kk"] = "best",
    budget_positions: Optional[int] = None,
    threads: Literal[1, 2] = 2,
    max_nodes: int = 5_000_000,
    start: Optional[str] = None,
) -> ProofGame:
    """A whole game from `start` (None: the initial position; or a handicap's name, '角落ち', or SFEN),
    verified by replay, as `proof-game --format json`."""

def read_record(data: Union[str, bytes, bytearray]) -> Record:
    """A game record (KIF, KI2, CSA, USI, BOD, SFEN; bytes in UTF-8 or Shift_JIS):
    {format, game, moves: [{japanese, sfen, usi}], plies, start}."""

def sample(game: Game, seed: int, count: int, start: int = 0) -> list[int]:
    """The ranks of samples start .. start + count - 1 of `seed` (count 1 to 10**7), as `shogi-reach
    sample`: the draws an estimate of that seed classifies."""

def samples(game: Game, seed: int, count: int, start: int = 0, max_nodes: Optional[int] = None) -> list[SampleRow]:
    """A row per sample start .. start + count - 1 of `seed` (count 1 to 10**6), as `shogi-reach estimate
    --samples-out` writes them: {index, rank, stage, traced_back, nodes, pops, plies, board_R, ..., hand_P},
    None where a field does not apply; what pandas.DataFrame(rows) takes as it is."""

def classify(game: Game, ranks: Iterable[int], max_nodes: Optional[int] = None) -> list[Classified]:
    """Each rank through the stage pipeline, as `shogi-reach classify`'s columns:
    [{goal, max_depth, n_prev, nodes, plies, pops, rank, sfen, stage}]."""

def estimate(
    game: Game,
    samples: int,
    seed: int,
    threads: Optional[int] = None,
    shard: Optional[Tuple[int, int]] = None,
    max_nodes: Optional[int] = None,
    progress: Optional[Callable[[int, int], object]] = None,
    checkpoint: Union[str, "os.PathLike[str]", None] = None,
) -> Report:
    """The Monte Carlo estimate, as `estimate --json`: a report `shogi-reach merge` takes. progress(done,
    total) is called after each block of 65 536 samples; Ctrl-C stops it within a block. checkpoint: the
    progress saved to that file as it goes and when the call stops; a call whose file exists continues its
    run (blocks of it recomputed first)."""

def replicate(game: Game, fraction: float = 1.0, seed: int = 1, threads: Optional[int] = None,
              progress: Optional[Callable[[int, int], object]] = None) -> Replication:
    """The paper's experiment of `game` (Shogi 5e9 samples, Mini Shogi 1e8; Judkins shogi, which no paper
    counted, this project's run of 1e8: source 'this_project'), or `fraction` of its samples, beside the
    published figures, as `shogi-reach replicate --json`: table1 and table2 row by row ({label,
    run, run_share, paper, paper_share, sigma_distance}), |R| of the run and of the paper's counts
    (estimate), the citation and the run's report. threads, progress and Ctrl-C as estimate's."""

def merge(reports: Iterable[Union[Report, Json, str]], verify: Union[Literal["auto"], int, None] = None) -> Report:
    """Shards of one run merged into its report, as `shogi-reach merge --json`, each checked and `verify`
    of its blocks recomputed ("auto", the default, or K; 0: none)."""
