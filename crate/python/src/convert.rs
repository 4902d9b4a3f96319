//! Values across the border: the game by name, ranks as Python ints of any size, and the engine's JSON
//! structs as Python dicts and lists.

use crate::args;
use crate::errors::{bad_sfen, BadRankError};
use pyo3::prelude::*;
use pyo3::sync::PyOnceLock;
use pyo3::types::PyInt;
use shogi_reach_engine::board::sfen::quote;
use shogi_reach_engine::board::start::Start;
use shogi_reach_engine::board::variant::Variant;
use shogi_reach_engine::{Position, RankInt, Ranked};

/// A position of game `V` from SFEN, `startpos` or the reference format.
pub fn position<V: Ranked>(text: &str) -> PyResult<Position<V>> {
    Position::from_sfen(text).map_err(|e| bad_sfen(text, e))
}

/// The start called `name` in game `V` (the initial position for `None`), or a `BadArgumentError`.
pub fn start<V: Variant>(name: Option<&str>) -> PyResult<Start<V>> {
    Start::chosen(name).map_err(|e| crate::errors::BadArgumentError::new_err(format!("start: {e}")))
}

/// A Python int (not a bool) as a rank of game `V`: at least 0 and within the rank's width (the range
/// below |P_K| is the engine's check, as on the command line). Ints of over 256 bits are refused before
/// Python writes their digits (it refuses ints of over 4300 digits).
pub fn rank_of<V: Ranked>(value: &Bound<'_, PyAny>) -> PyResult<V::Rank> {
    let int = args::integer(value).map_err(|e| BadRankError::new_err(format!("a rank is {e}")))?;
    let bits: u64 = int.call_method0("bit_length")?.extract()?;
    let text = if bits <= 256 { int.str()?.to_string() } else { format!("an int of {bits} bits") };
    V::Rank::parse_decimal(&text).ok_or_else(|| {
        BadRankError::new_err(format!("not a rank (a non-negative integer below count()): {}", quote(&text)))
    })
}

/// A rank (or |P_K|) as a Python int, through its decimal digits: Shogi's are 256-bit.
pub fn int_of<'py>(py: Python<'py>, value: impl RankInt) -> PyResult<Bound<'py, PyAny>> {
    py.get_type::<PyInt>().call1((value.to_string(),))
}

/// The engine's JSON struct as Python objects (dicts, lists, ints of any size), through `json.loads` on
/// the text `serde_json` writes: exactly what the command line's `--json` prints, read by Python.
pub fn json_of<'py>(py: Python<'py>, value: &impl serde::Serialize) -> PyResult<Bound<'py, PyAny>> {
    loads(py, &json_text(value))
}

/// The JSON text of one of the engine's structs.
pub fn json_text(value: &impl serde::Serialize) -> String {
    serde_json::to_string(value).expect("the engine's JSON structs serialise")
}

/// Python's `json.loads` of the text.
pub fn loads<'py>(py: Python<'py>, text: &str) -> PyResult<Bound<'py, PyAny>> {
    static LOADS: PyOnceLock<Py<PyAny>> = PyOnceLock::new();
    let loads = LOADS.get_or_try_init(py, || py.import("json")?.getattr("loads").map(Bound::unbind))?;
    loads.bind(py).call1((text,))
}
