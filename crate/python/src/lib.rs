//! `shogi_reach`, the engine from Python: rank and unrank, prove, explain, take moves back, proof games,
//! game records and the Monte Carlo estimate. Each function takes the game by name (`"shogi"` or
//! `"minishogi"`) and returns what the command line's `--json` prints, as Python dicts and lists; errors
//! are `ShogiReachError`s. The work runs with the GIL released, so other Python threads go on.

mod args;
mod checkpoint;
mod convert;
mod draw;
mod errors;
mod estimate;
mod positions;
mod replicate;
mod rows;
// The command line's provenance of reports (`line`, its text form, is not used here).
#[allow(dead_code)]
#[path = "../../cli/src/provenance.rs"]
mod provenance;

use pyo3::prelude::*;

/// Is a Shogi (or Mini Shogi) position reachable from the start, and how many are? Ishii & Tanaka's
/// method: count, rank, unrank, perft, prove, explain, king_squares, predecessors, proof_game, read_record,
/// sample, classify, estimate and merge. Each takes the game by name ("shogi" or "minishogi") and returns what the command line's
/// --json prints, as dicts and lists; ranks are Python ints; errors are ShogiReachError subclasses.
#[pymodule]
fn shogi_reach(m: &Bound<'_, PyModule>) -> PyResult<()> {
    errors::register(m)?;
    m.add_function(wrap_pyfunction!(positions::count, m)?)?;
    m.add_function(wrap_pyfunction!(positions::games, m)?)?;
    m.add_function(wrap_pyfunction!(positions::rank, m)?)?;
    m.add_function(wrap_pyfunction!(positions::unrank, m)?)?;
    m.add_function(wrap_pyfunction!(positions::perft, m)?)?;
    m.add_function(wrap_pyfunction!(positions::prove, m)?)?;
    m.add_function(wrap_pyfunction!(positions::explain, m)?)?;
    m.add_function(wrap_pyfunction!(positions::king_squares, m)?)?;
    m.add_function(wrap_pyfunction!(positions::predecessors, m)?)?;
    m.add_function(wrap_pyfunction!(positions::proof_game, m)?)?;
    m.add_function(wrap_pyfunction!(positions::read_record, m)?)?;
    m.add_function(wrap_pyfunction!(estimate::classify, m)?)?;
    m.add_function(wrap_pyfunction!(estimate::sample, m)?)?;
    m.add_function(wrap_pyfunction!(rows::samples, m)?)?;
    m.add_function(wrap_pyfunction!(estimate::estimate, m)?)?;
    m.add_function(wrap_pyfunction!(estimate::merge, m)?)?;
    m.add_function(wrap_pyfunction!(replicate::replicate, m)?)?;
    m.add("__version__", env!("CARGO_PKG_VERSION"))?;
    Ok(())
}
