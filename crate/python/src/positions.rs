//! The functions on one position or rank: count, rank, unrank, perft, prove, explain, king_squares,
//! predecessors, proof games, and game records. Each calls the engine as the command line does and returns
//! the same JSON.

use crate::args;
use crate::convert::{self, int_of, json_of, json_text, loads};
use crate::errors::{
    bad_record, bad_sfen, rank_error, BadArgumentError, BadRecordError, BadSfenError, ExplainError,
    IllegalPositionError, NoProofGameError,
};
use pyo3::prelude::*;
use pyo3::types::{PyByteArray, PyBytes, PyDict, PyString};
use shogi_reach_engine::board::sfen::{parse_setup, quote};
use shogi_reach_engine::board::start::Start;
use shogi_reach_engine::ranking::rank as ranking;
use shogi_reach_engine::reach::search::{KkSearch, SearchOptions};
use shogi_reach_engine::rules;
use shogi_reach_engine::why::retro::{last_moves_json, legal_last_moves, Filter};
use shogi_reach_engine::{with_game, Game, Kind, MoveList, Ranked};
use shogi_reach_proof_games::proof_game::{build_proof_game_from, Choice, ShortBudget};
use shogi_reach_proof_games::WithOpening;

/// The backward search's options for one position: the node cap (default 5 000 000, the command line's
/// for `prove`, `explain` and `proof-game`), captures searched eagerly.
fn exact(max_nodes: usize) -> SearchOptions {
    SearchOptions { max_nodes: Some(max_nodes), lazy_captures: false }
}

/// count(game) -> int
///
/// |P_K|, the number of K-canonical candidate positions of the game (`shogi-reach count`).
#[pyfunction]
pub fn count<'py>(
    py: Python<'py>,
    #[pyo3(from_py_with = args::game)] game: Game,
) -> PyResult<Bound<'py, PyAny>> {
    with_game!(game, V => int_of(py, ranking::candidate_count::<V>()))
}

/// games() -> dict
///
/// Each game's facts and the method's, as `shogi-reach games --json`: {games: [{name, width, height,
/// pieces, start, handicaps, candidates, published, ...}], stages, funnel}.
#[pyfunction]
pub fn games(py: Python<'_>) -> PyResult<Bound<'_, PyAny>> {
    json_of(py, &shogi_reach_engine::facts::facts())
}

/// rank(game, sfen) -> int
///
/// The rank of a candidate position (SFEN, 'startpos' or the reference format), 0 <= rank < count(game)
/// (`shogi-reach rank`). Raises BadSfenError, or UnrankablePositionError for Gote to move, pieces missing,
/// or a position that is not K-canonical.
#[pyfunction]
pub fn rank<'py>(
    py: Python<'py>,
    #[pyo3(from_py_with = args::game)] game: Game,
    #[pyo3(from_py_with = args::sfen)] sfen: String,
) -> PyResult<Bound<'py, PyAny>> {
    with_game!(game, V => {
        let pos = convert::position::<V>(&sfen)?;
        int_of(py, pos.rank().map_err(rank_error)?)
    })
}

/// unrank(game, rank) -> str
///
/// The candidate position of a rank, as SFEN (`shogi-reach unrank`). Raises BadRankError for a rank that
/// is not an int from 0 to count(game) - 1.
#[pyfunction]
pub fn unrank(#[pyo3(from_py_with = args::game)] game: Game, rank: &Bound<'_, PyAny>) -> PyResult<String> {
    with_game!(game, V => {
        let r = convert::rank_of::<V>(rank)?;
        Ok(ranking::unrank::<V>(r).map_err(rank_error)?.to_sfen())
    })
}

/// perft(game, depth, sfen=None, divide=False) -> int | dict
///
/// The number of legal move sequences of `depth` plies from the position (None: the initial one), as
/// `shogi-reach perft`; with divide, a dict of each first move (USI) to its count. depth: 0 to 10. Raises
/// IllegalPositionError for a position whose side not to move is in check.
#[pyfunction]
#[pyo3(signature = (game, depth, sfen = None, divide = false))]
pub fn perft<'py>(
    py: Python<'py>,
    #[pyo3(from_py_with = args::game)] game: Game,
    #[pyo3(from_py_with = args::depth)] depth: u32,
    #[pyo3(from_py_with = args::optional_sfen)] sfen: Option<String>,
    divide: bool,
) -> PyResult<Bound<'py, PyAny>> {
    with_game!(game, V => {
        let pos = match &sfen {
            Some(text) => convert::position::<V>(text)?,
            None => shogi_reach_engine::Position::<V>::startpos(),
        };
        if rules::in_check(&pos, pos.side_to_move().opponent()) {
            let message = format!(
                "{}: the side not to move is in check, so this is no position to count moves from",
                pos.to_sfen()
            );
            return Err(IllegalPositionError::new_err(message));
        }
        // The count below each first move (none at depth 0, where the position itself is the one leaf).
        let counts: Vec<(String, u64)> = py.detach(|| {
            let mut moves = MoveList::new();
            if depth > 0 {
                rules::legal_moves(&pos, &mut moves);
            }
            moves.iter().map(|&m| (m.to_usi::<V>(), rules::perft(&rules::play(&pos, m), depth - 1))).collect()
        });
        if divide {
            let dict = PyDict::new(py);
            for (usi, n) in counts {
                dict.set_item(usi, n)?;
            }
            return Ok(dict.into_any());
        }
        let total: u64 = if depth == 0 { 1 } else { counts.iter().map(|(_, n)| n).sum() };
        Ok(total.into_pyobject(py)?.into_any())
    })
}

/// prove(game, sfen, max_nodes=5000000, start=None) -> dict
///
/// Proves a position reachable (with the path from a KK position) or unreachable (with the stage that
/// rules it out and its causes: a sentence each, with the squares to mark), as `shogi-reach prove --json`.
/// A search that needs more than max_nodes positions gives the verdict 'unknown'. start: None (the initial
/// position) or a handicap's name ('角落ち', '二枚落ち', …) or SFEN, as `--start`.
#[pyfunction]
#[pyo3(signature = (game, sfen, max_nodes = 5_000_000, start = None))]
pub fn prove<'py>(
    py: Python<'py>,
    #[pyo3(from_py_with = args::game)] game: Game,
    #[pyo3(from_py_with = args::sfen)] sfen: String,
    #[pyo3(from_py_with = args::max_nodes)] max_nodes: usize,
    #[pyo3(from_py_with = args::start_name)] start: Option<String>,
) -> PyResult<Bound<'py, PyAny>> {
    let options = exact(max_nodes);
    with_game!(game, V => {
        let pos = convert::position::<V>(&sfen)?;
        let start = convert::start::<V>(start.as_deref())?;
        let proof = py.detach(|| {
            let proof =
                shogi_reach_engine::reach::prove::prove_from(&pos, &start, &mut KkSearch::<V>::new(), options);
            shogi_reach_engine::why::cause::ProofWithCauses::of(&proof, &start)
        });
        json_of(py, &proof)
    })
}

/// explain(game, sfen, max_nodes=5000000, start=None) -> dict
///
/// Why a position is unreachable, with a certificate checked before it is returned, as `shogi-reach
/// explain --json`; start as prove's.
#[pyfunction]
#[pyo3(signature = (game, sfen, max_nodes = 5_000_000, start = None))]
pub fn explain<'py>(
    py: Python<'py>,
    #[pyo3(from_py_with = args::game)] game: Game,
    #[pyo3(from_py_with = args::sfen)] sfen: String,
    #[pyo3(from_py_with = args::max_nodes)] max_nodes: usize,
    #[pyo3(from_py_with = args::start_name)] start: Option<String>,
) -> PyResult<Bound<'py, PyAny>> {
    let options = exact(max_nodes);
    with_game!(game, V => {
        let pos = convert::position::<V>(&sfen)?;
        let start = convert::start::<V>(start.as_deref())?;
        let explained = py.detach(|| {
            shogi_reach_engine::why::explanation::explain(&pos, &start, &mut KkSearch::<V>::new(), options)
                .map(|e| e.to_json())
                .map_err(|e| e.to_string())
        });
        json_of(py, &explained.map_err(ExplainError::new_err)?)
    })
}

/// king_squares(game, sfen, max_nodes=5000000) -> dict
///
/// For a tsume set-up (Gote's king but none of Sente's): Sente's king tried on every empty square, each
/// position proved, as `shogi-reach king-squares --json`: {reachable, squares: [{square, sfen, verdict,
/// stage, causes}]}. Raises BadSfenError for a position with Sente's king or without one Gote king.
#[pyfunction]
#[pyo3(signature = (game, sfen, max_nodes = 5_000_000))]
pub fn king_squares<'py>(
    py: Python<'py>,
    #[pyo3(from_py_with = args::game)] game: Game,
    #[pyo3(from_py_with = args::sfen)] sfen: String,
    #[pyo3(from_py_with = args::max_nodes)] max_nodes: usize,
) -> PyResult<Bound<'py, PyAny>> {
    use shogi_reach_engine::why::tsume;
    let options = exact(max_nodes);
    with_game!(game, V => {
        let setup = parse_setup::<V>(&sfen).map_err(|e| bad_sfen(&sfen, e))?;
        let squares = py.detach(|| tsume::king_squares(&setup, &mut KkSearch::<V>::new(), options, |_, _| {}));
        let squares = squares.map_err(|e| BadSfenError::new_err(format!("not a tsume set-up {:?}: {e}", quote(&sfen))))?;
        json_of(py, &tsume::king_squares_json(&squares))
    })
}

/// predecessors(game, sfen, piece=None, square=None) -> dict
///
/// Every legal last move of a position (un-moves, un-promotions, un-captures, un-drops), each with the
/// positions before it, as `shogi-reach predecessors --json`; only those of one kind of piece (a letter,
/// K R B G S N L P) or to or from one square (USI, e.g. '5e') when asked. Raises IllegalPositionError for
/// a position no legal game holds.
#[pyfunction]
#[pyo3(signature = (game, sfen, piece = None, square = None))]
pub fn predecessors<'py>(
    py: Python<'py>,
    #[pyo3(from_py_with = args::game)] game: Game,
    #[pyo3(from_py_with = args::sfen)] sfen: String,
    #[pyo3(from_py_with = args::piece)] piece: Option<String>,
    #[pyo3(from_py_with = args::square)] square: Option<String>,
) -> PyResult<Bound<'py, PyAny>> {
    with_game!(game, V => {
        let pos = convert::position::<V>(&sfen)?;
        let kind = piece.as_deref().map(piece_kind).transpose()?;
        let filter = Filter { kind, square: square.as_deref().map(square_of::<V>).transpose()? };
        let moves = py.detach(|| legal_last_moves(&pos, filter).map(|m| last_moves_json(&m)));
        json_of(py, &moves.map_err(|e| IllegalPositionError::new_err(e.to_string()))?)
    })
}

/// A piece letter (`P`, `r`, `+B`: the kind counts, not the case or the promotion).
fn piece_kind(text: &str) -> PyResult<Kind> {
    let bare = text.trim_start_matches('+');
    let letter = bare.chars().next().filter(|_| bare.chars().count() == 1);
    letter.and_then(|c| Kind::from_letter(c.to_ascii_uppercase())).ok_or_else(|| {
        BadArgumentError::new_err(format!("piece {:?}: a piece letter (K R B G S N L P)", quote(text)))
    })
}

/// A square of game `V`'s board in USI.
fn square_of<V: Ranked>(text: &str) -> PyResult<usize> {
    V::geometry().parse_square(text).ok_or_else(|| {
        BadArgumentError::new_err(format!(
            "square {:?}: a square of this board in USI (e.g. 5e)",
            quote(text)
        ))
    })
}

/// proof_game(game, sfen, method='best', budget_positions=None, threads=2, max_nodes=5000000, start=None) -> dict
///
/// A complete game from the start (start as prove's) to a reachable position, verified by replaying it, as
/// `shogi-reach proof-game --format json`: method 'short' (the short search), 'kk' (the KK route) or
/// 'best' (the shorter of the two). budget_positions: the positions the short search may weigh (None: the
/// game's default); counted in positions, not time, so the same game on every machine. threads: 1 or 2
/// (the same game). Raises NoProofGameError when the position is not proved reachable.
#[pyfunction]
#[pyo3(signature = (
    game, sfen, method = "best", budget_positions = None, threads = 2, max_nodes = 5_000_000, start = None
))]
#[allow(clippy::too_many_arguments)] // Python's keyword arguments, one each
pub fn proof_game<'py>(
    py: Python<'py>,
    #[pyo3(from_py_with = args::game)] game: Game,
    #[pyo3(from_py_with = args::sfen)] sfen: String,
    #[pyo3(from_py_with = args::method)] method: &'static str,
    #[pyo3(from_py_with = args::budget_positions)] budget_positions: Option<usize>,
    #[pyo3(from_py_with = args::game_threads)] threads: usize,
    #[pyo3(from_py_with = args::max_nodes)] max_nodes: usize,
    #[pyo3(from_py_with = args::start_name)] start: Option<String>,
) -> PyResult<Bound<'py, PyAny>> {
    let choice = match method {
        "short" => Choice::Short,
        "kk" => Choice::Kk,
        _ => Choice::Best,
    };
    let options = exact(max_nodes);
    with_game!(game, V => {
        let pos = convert::position::<V>(&sfen)?;
        let start = convert::start::<V>(start.as_deref())?;
        let budget = ShortBudget { weighed: budget_positions.unwrap_or(ShortBudget::of::<V>().weighed), threads };
        let game = py.detach(|| proof_game_json::<V>(&pos, &start, options, choice, budget));
        loads(py, &game.map_err(NoProofGameError::new_err)?)
    })
}

fn proof_game_json<V: Ranked + WithOpening>(
    pos: &shogi_reach_engine::Position<V>,
    start: &Start<V>,
    options: SearchOptions,
    choice: Choice,
    budget: ShortBudget,
) -> Result<String, String> {
    build_proof_game_from(pos, start, &mut KkSearch::<V>::new(), options, choice, budget, |_| true)
        .map(|g| json_text(&g.to_json()))
        .map_err(|e| e.to_string())
}

/// read_record(data) -> dict
///
/// Reads a game record, text (str) or a file's bytes (UTF-8 or Shift_JIS, told apart as the engine
/// does), in any format the engine knows (KIF, KI2, CSA, USI, BOD, SFEN, the reference format):
/// {format, game, moves: [{japanese, sfen, usi}], plies, start}, each move with the position after it.
/// Raises BadRecordError with the reason and its line.
#[pyfunction]
pub fn read_record<'py>(py: Python<'py>, data: &Bound<'py, PyAny>) -> PyResult<Bound<'py, PyAny>> {
    use shogi_reach_engine::records::{read, read_text, text::check_size};
    let record = if data.is_instance_of::<PyString>() {
        let text = args::text(data).map_err(|e| BadRecordError::new_err(format!("read_record: {e}")))?;
        py.detach(|| read_text(&text))
    } else if let Ok(bytes) = data.cast::<PyBytes>() {
        let bytes = bytes.as_bytes();
        check_size(bytes.len()).and_then(|()| read(bytes))
    } else if let Ok(array) = data.cast::<PyByteArray>() {
        let bytes = array.to_vec();
        check_size(bytes.len()).and_then(|()| read(&bytes))
    } else {
        let type_name = args::type_name(data);
        return Err(BadRecordError::new_err(format!("read_record takes str or bytes, not {type_name}")));
    };
    json_of(py, &record.map_err(bad_record)?.to_json())
}
