//! The package's exceptions: `ShogiReachError` (a `ValueError`) and one subclass per kind of engine error,
//! each raised with the engine's own message.

use pyo3::create_exception;
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use shogi_reach_engine::board::sfen::quote;
use shogi_reach_engine::board::variant::UnknownGame;
use shogi_reach_engine::records::RecordError;
use shogi_reach_engine::{RankError, SfenError};

create_exception!(shogi_reach, ShogiReachError, PyValueError, "Any error of shogi_reach (a ValueError).");
create_exception!(
    shogi_reach,
    UnknownGameError,
    ShogiReachError,
    "A game other than 'shogi' or 'minishogi'."
);
create_exception!(
    shogi_reach,
    BadSfenError,
    ShogiReachError,
    "Text that is no position of the game (SFEN, 'startpos' or the reference format)."
);
create_exception!(
    shogi_reach,
    BadRankError,
    ShogiReachError,
    "A rank that is not a whole number from 0 to count(game) - 1."
);
create_exception!(
    shogi_reach,
    UnrankablePositionError,
    ShogiReachError,
    "A position outside the candidate set: Gote to move, pieces missing, or not K-canonical."
);
create_exception!(shogi_reach, BadRecordError, ShogiReachError, "A game record that cannot be read.");
create_exception!(
    shogi_reach,
    IllegalPositionError,
    ShogiReachError,
    "A position no legal game holds, so no legal move leads to it."
);
create_exception!(
    shogi_reach,
    NoProofGameError,
    ShogiReachError,
    "No proof game: the position is not proved reachable, or the short search found none in its budget."
);
create_exception!(shogi_reach, ExplainError, ShogiReachError, "A certificate that does not check (a bug).");
create_exception!(
    shogi_reach,
    BadReportError,
    ShogiReachError,
    "A report that cannot be merged: not a report, of another run, overlapping another, or with a block that \
     recomputes to another tally."
);
create_exception!(
    shogi_reach,
    BadArgumentError,
    ShogiReachError,
    "An argument out of its range, or of the wrong type (a bool where an int is expected)."
);

/// Registers every exception class in the module.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    let py = m.py();
    m.add("ShogiReachError", py.get_type::<ShogiReachError>())?;
    m.add("UnknownGameError", py.get_type::<UnknownGameError>())?;
    m.add("BadSfenError", py.get_type::<BadSfenError>())?;
    m.add("BadRankError", py.get_type::<BadRankError>())?;
    m.add("UnrankablePositionError", py.get_type::<UnrankablePositionError>())?;
    m.add("BadRecordError", py.get_type::<BadRecordError>())?;
    m.add("IllegalPositionError", py.get_type::<IllegalPositionError>())?;
    m.add("NoProofGameError", py.get_type::<NoProofGameError>())?;
    m.add("ExplainError", py.get_type::<ExplainError>())?;
    m.add("BadReportError", py.get_type::<BadReportError>())?;
    m.add("BadArgumentError", py.get_type::<BadArgumentError>())?;
    Ok(())
}

/// The position text did not parse: the command line's words.
pub fn bad_sfen(text: &str, e: SfenError) -> PyErr {
    BadSfenError::new_err(format!("bad position {:?}: {e}", quote(text)))
}

/// A rank error: out of range is a bad rank, the others say the position has no rank.
pub fn rank_error(e: RankError) -> PyErr {
    match e {
        RankError::OutOfRange { .. } => BadRankError::new_err(e.to_string()),
        _ => UnrankablePositionError::new_err(e.to_string()),
    }
}

pub fn unknown_game(e: UnknownGame) -> PyErr {
    UnknownGameError::new_err(e.to_string())
}

pub fn bad_record(e: RecordError) -> PyErr {
    BadRecordError::new_err(e.to_string())
}
