//! The functions' arguments, each read by its own `from_py_with` extractor before any work, so that a bad
//! one raises the package's error for that argument (never PyO3's TypeError, OverflowError or
//! UnicodeEncodeError): every error is a `ShogiReachError`.
//!
//! An int is a Python int or an object with `__index__` (numpy's ints), never a bool (`True` is no
//! count); its range is checked here, so a negative or huge one is a `BadArgumentError` naming it. A str
//! must be text: one with a lone surrogate (`'\udcff'`) is refused as the argument's error.

use crate::errors::{unknown_game, BadArgumentError, BadSfenError, UnknownGameError};
use pyo3::prelude::*;
use pyo3::sync::PyOnceLock;
use pyo3::types::{PyBool, PyInt, PyList, PyString, PyTuple};
use shogi_reach_engine::board::sfen::quote;
use shogi_reach_engine::Game;

/// The name of a value's type, for messages.
pub fn type_name(value: &Bound<'_, PyAny>) -> String {
    value.get_type().name().map(|n| n.to_string()).unwrap_or_else(|_| "an unnamed type".into())
}

/// `value` as a Python int, through `operator.index` (an int, or an object with `__index__`), or why
/// not: a bool, a float, a str…
pub fn integer<'py>(value: &Bound<'py, PyAny>) -> Result<Bound<'py, PyInt>, String> {
    static INDEX: PyOnceLock<Py<PyAny>> = PyOnceLock::new();
    let refused = || format!("an int, not {}", type_name(value));
    if value.is_instance_of::<PyBool>() {
        return Err(refused());
    }
    let py = value.py();
    let index = INDEX.get_or_try_init(py, || py.import("operator")?.getattr("index").map(Bound::unbind));
    let int = index.map_err(|_| refused())?.bind(py).call1((value,)).map_err(|_| refused())?;
    int.cast_into::<PyInt>().map_err(|_| refused())
}

/// An int for messages: its value, or its size where it has more than 128 bits (Python refuses to write
/// ints of over 4300 digits).
fn shown(int: &Bound<'_, PyInt>) -> String {
    match int.extract::<i128>() {
        Ok(n) => n.to_string(),
        Err(_) => "(an int beyond 128 bits)".into(),
    }
}

/// Argument `name`, a whole number from `low` to `high`.
fn whole(name: &str, value: &Bound<'_, PyAny>, low: u64, high: u64) -> PyResult<u64> {
    let int = integer(value).map_err(|e| BadArgumentError::new_err(format!("{name}: {e}")))?;
    match int.extract::<u64>() {
        Ok(n) if (low..=high).contains(&n) => Ok(n),
        _ if high == u64::MAX => {
            Err(BadArgumentError::new_err(format!("{name} {}: at least {low}, below 2**64", shown(&int))))
        }
        _ => Err(BadArgumentError::new_err(format!("{name} {}: {low} to {high}", shown(&int)))),
    }
}

/// `None`, or what `each` reads.
fn optional<T>(value: &Bound<'_, PyAny>, each: fn(&Bound<'_, PyAny>) -> PyResult<T>) -> PyResult<Option<T>> {
    if value.is_none() {
        return Ok(None);
    }
    each(value).map(Some)
}

/// A count of positions (a node cap, a budget) fits a `usize`.
fn positions(name: &str, value: &Bound<'_, PyAny>) -> PyResult<usize> {
    let n = whole(name, value, 1, usize::MAX as u64)?;
    Ok(usize::try_from(n).expect("within usize"))
}

/// `max_nodes`: a node cap, at least 1 position (the root alone is one).
pub fn max_nodes(value: &Bound<'_, PyAny>) -> PyResult<usize> {
    positions("max_nodes", value)
}

/// `max_nodes=None`: no cap.
pub fn max_nodes_or_none(value: &Bound<'_, PyAny>) -> PyResult<Option<usize>> {
    optional(value, max_nodes)
}

/// `budget_positions`: the short search's budget, at least 1 (None: the game's default).
pub fn budget_positions(value: &Bound<'_, PyAny>) -> PyResult<Option<usize>> {
    optional(value, |v| positions("budget_positions", v))
}

/// `start`: `None` (the initial position) or a start's name (`"平手"`, `"角落ち"`) or SFEN, which the game
/// checks ([`crate::convert::start`]).
pub fn start_name(value: &Bound<'_, PyAny>) -> PyResult<Option<String>> {
    optional(value, |v| text(v).map_err(|e| BadArgumentError::new_err(format!("start: {e}"))))
}

/// `proof_game`'s `threads`: 1 or 2.
pub fn game_threads(value: &Bound<'_, PyAny>) -> PyResult<usize> {
    Ok(whole("threads", value, 1, 2)? as usize)
}

/// `estimate`'s `threads`: 1 to 1024 (None: one per core).
pub fn threads(value: &Bound<'_, PyAny>) -> PyResult<Option<usize>> {
    optional(value, |v| Ok(whole("threads", v, 1, 1024)? as usize))
}

/// `samples`: at least 1.
pub fn samples(value: &Bound<'_, PyAny>) -> PyResult<u64> {
    whole("samples", value, 1, u64::MAX)
}

/// `seed`: any of 0 to 2**64 - 1.
pub fn seed(value: &Bound<'_, PyAny>) -> PyResult<u64> {
    whole("seed", value, 0, u64::MAX)
}

/// `perft`'s `depth`: 0 to the engine's most.
pub fn depth(value: &Bound<'_, PyAny>) -> PyResult<u32> {
    let most = shogi_reach_engine::rules::MAX_PERFT_DEPTH;
    Ok(whole("depth", value, 0, most.into())? as u32)
}

/// `sample`'s `count`: 1 to 10**7 ranks (a list of Python ints).
pub fn sample_count(value: &Bound<'_, PyAny>) -> PyResult<u64> {
    whole("count", value, 1, 10_000_000)
}

/// `estimate`'s `checkpoint`: None, or a path (a str or an os.PathLike) of at most 4096 bytes, no NUL.
pub fn checkpoint(value: &Bound<'_, PyAny>) -> PyResult<Option<std::path::PathBuf>> {
    if value.is_none() {
        return Ok(None);
    }
    let bad = |why: String| BadArgumentError::new_err(format!("checkpoint: {why}"));
    let fspath = value.py().import("os")?.getattr("fspath")?;
    let path = fspath
        .call1((value,))
        .map_err(|_| bad(format!("a path (str or os.PathLike), not {}", type_name(value))))?;
    let text: String =
        path.extract().map_err(|_| bad("a path as text (UTF-8), not bytes or lone surrogates".into()))?;
    if text.is_empty() || text.len() > 4096 || text.contains('\0') {
        return Err(bad(format!("{}: not a file name (empty, over 4096 bytes, or with NUL)", quote(&text))));
    }
    Ok(Some(std::path::PathBuf::from(text)))
}

/// `replicate`'s `fraction`: a share of the paper's samples, 0 < fraction <= 1 (an int 1 too).
pub fn fraction(value: &Bound<'_, PyAny>) -> PyResult<f64> {
    let bad = || {
        BadArgumentError::new_err(format!(
            "fraction: a share of the paper's samples, 0 < fraction <= 1, not {}",
            type_name(value)
        ))
    };
    if value.is_instance_of::<PyBool>() {
        return Err(bad());
    }
    let f: f64 = value.extract().map_err(|_| bad())?;
    if f > 0.0 && f <= 1.0 {
        Ok(f)
    } else {
        Err(BadArgumentError::new_err(format!(
            "fraction {f}: a share of the paper's samples, 0 < fraction <= 1"
        )))
    }
}

/// `samples`'s `count`: 1 to 10**6 rows (a dict each).
pub fn row_count(value: &Bound<'_, PyAny>) -> PyResult<u64> {
    whole("count", value, 1, 1_000_000)
}

/// `sample`'s `start`: the first sample index, 0 to 2**64 - 1.
pub fn start(value: &Bound<'_, PyAny>) -> PyResult<u64> {
    whole("start", value, 0, u64::MAX)
}

/// `estimate`'s `progress`: None, or a callable.
pub fn progress(value: &Bound<'_, PyAny>) -> PyResult<Option<Py<PyAny>>> {
    if value.is_none() {
        return Ok(None);
    }
    if !value.is_callable() {
        let message = format!("progress: a callable (done, total), not {}", type_name(value));
        return Err(BadArgumentError::new_err(message));
    }
    Ok(Some(value.clone().unbind()))
}

/// `merge`'s `verify`: `"auto"`, or K blocks of each report to recompute (0: none).
pub fn verify(value: &Bound<'_, PyAny>) -> PyResult<Option<usize>> {
    if text(value).is_ok_and(|t| t == "auto") {
        return Ok(None);
    }
    if integer(value).is_err() {
        let message = format!("verify: 'auto' or a number of blocks, not {}", type_name(value));
        return Err(BadArgumentError::new_err(message));
    }
    Ok(Some(whole("verify", value, 0, u32::MAX.into())? as usize))
}

/// `shard`: a pair `(k, m)` of ints (a tuple or a list), or None; `0 <= k < m` is the engine's check.
pub fn shard(value: &Bound<'_, PyAny>) -> PyResult<Option<(u64, u64)>> {
    optional(value, |v| {
        let items = match (v.cast::<PyTuple>(), v.cast::<PyList>()) {
            (Ok(t), _) => t.iter().collect::<Vec<_>>(),
            (_, Ok(l)) => l.iter().collect(),
            _ => Vec::new(),
        };
        let [k, m] = items.as_slice() else {
            let message = format!("shard: a pair (k, m) of ints, not {}", type_name(v));
            return Err(BadArgumentError::new_err(message));
        };
        Ok((whole("shard's k", k, 0, u64::MAX)?, whole("shard's m", m, 0, u64::MAX)?))
    })
}

/// A str argument's text, or why not: another type, or a str with a lone surrogate.
pub fn text(value: &Bound<'_, PyAny>) -> Result<String, String> {
    let s = value.cast::<PyString>().map_err(|_| format!("a str, not {}", type_name(value)))?;
    s.to_cow().map(|t| t.into_owned()).map_err(|_| "a str with a lone surrogate, which is no text".into())
}

/// `game`: `"shogi"` or `"minishogi"`.
pub fn game(value: &Bound<'_, PyAny>) -> PyResult<Game> {
    let name = text(value).map_err(|e| UnknownGameError::new_err(format!("game: {e}")))?;
    name.parse().map_err(unknown_game)
}

/// `sfen`: the position's text (parsed once the game is known).
pub fn sfen(value: &Bound<'_, PyAny>) -> PyResult<String> {
    text(value).map_err(|e| BadSfenError::new_err(format!("bad position: {e}")))
}

/// An optional str option (`piece`, `square`): its text.
fn option_text(name: &str, value: &Bound<'_, PyAny>) -> PyResult<Option<String>> {
    if value.is_none() {
        return Ok(None);
    }
    text(value).map(Some).map_err(|e| BadArgumentError::new_err(format!("{name}: {e}")))
}

/// `perft`'s `sfen`: a position's text, or None (the initial position).
pub fn optional_sfen(value: &Bound<'_, PyAny>) -> PyResult<Option<String>> {
    optional(value, sfen)
}

/// `piece`: a piece letter's text, or None.
pub fn piece(value: &Bound<'_, PyAny>) -> PyResult<Option<String>> {
    option_text("piece", value)
}

/// `square`: a USI square's text, or None.
pub fn square(value: &Bound<'_, PyAny>) -> PyResult<Option<String>> {
    option_text("square", value)
}

/// `proof_game`'s `method`: `"best"`, `"short"` or `"kk"`.
pub fn method(value: &Bound<'_, PyAny>) -> PyResult<&'static str> {
    let name = text(value).map_err(|e| BadArgumentError::new_err(format!("method: {e}")))?;
    ["best", "short", "kk"]
        .into_iter()
        .find(|m| *m == name)
        .ok_or_else(|| BadArgumentError::new_err(format!("method {:?}: best, short or kk", quote(&name))))
}
