//! `samples`: a row per sample, as `shogi-reach estimate --samples-out` writes them, for a DataFrame.

use crate::args;
use crate::convert::int_of;
use crate::errors::BadArgumentError;
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList};
use shogi_reach_engine::estimate::blocks::run_by_block_with_rows_until;
use shogi_reach_engine::estimate::samples::{material_columns, SampleRow};
use shogi_reach_engine::estimate::BLOCK;
use shogi_reach_engine::reach::search::SearchOptions;
use shogi_reach_engine::{with_game, Game, RankInt, Ranked};

/// samples(game, seed, count, start=0, max_nodes=None) -> list[dict]
///
/// A row per sample start, start + 1, …, start + count - 1 of `seed` (count: 1 to 10**6), as
/// `shogi-reach estimate --samples-out` writes them: {index, rank, stage, traced_back, nodes, pops, plies,
/// board_R, …, board_P, hand_R, …, hand_P}, None where a field does not apply; what
/// `pandas.DataFrame(rows)` takes as it is. The same rows as the estimate's of that seed and cap. Ctrl-C
/// stops it between two blocks of 65 536 samples (KeyboardInterrupt).
#[pyfunction]
#[pyo3(signature = (game, seed, count, start = 0, max_nodes = None))]
pub fn samples<'py>(
    py: Python<'py>,
    #[pyo3(from_py_with = args::game)] game: Game,
    #[pyo3(from_py_with = args::seed)] seed: u64,
    #[pyo3(from_py_with = args::row_count)] count: u64,
    #[pyo3(from_py_with = args::start)] start: u64,
    #[pyo3(from_py_with = args::max_nodes_or_none)] max_nodes: Option<usize>,
) -> PyResult<Bound<'py, PyList>> {
    let end = start.checked_add(count).ok_or_else(|| {
        BadArgumentError::new_err(format!("start {start} and count {count}: the last index passes 2**64 - 1"))
    })?;
    let options = SearchOptions { max_nodes, lazy_captures: true };
    with_game!(game, V => {
        // A block at a time: Ctrl-C is heard between two (KeyboardInterrupt).
        let mut dicts = Vec::new();
        let mut at = start;
        while at < end {
            let next = (at / BLOCK + 1).saturating_mul(BLOCK).min(end);
            let (_, _, rows) = py.detach(|| run_by_block_with_rows_until::<V>(seed, at..next, options, &|| false));
            for row in &rows {
                dicts.push(row_dict::<V>(py, row)?);
            }
            py.check_signals()?;
            at = next;
        }
        PyList::new(py, dicts)
    })
}

fn row_dict<'py, V: Ranked>(py: Python<'py>, row: &SampleRow) -> PyResult<Bound<'py, PyDict>> {
    let dict = PyDict::new(py);
    dict.set_item("index", row.index)?;
    let rank = V::Rank::parse_decimal(&row.rank).expect("a row's rank, written by the engine");
    dict.set_item("rank", int_of(py, rank)?)?;
    dict.set_item("stage", row.stage.name())?;
    dict.set_item("traced_back", row.traced_back)?;
    dict.set_item("nodes", row.nodes)?;
    dict.set_item("pops", row.pops)?;
    dict.set_item("plies", row.plies)?;
    for (column, n) in material_columns().zip(row.material()) {
        dict.set_item(column, n)?;
    }
    Ok(dict)
}
