//! `replicate`: a share of a paper's experiment beside its published figures, as `shogi-reach replicate
//! --json` prints them (without the command line's shard files).

use crate::args;
use crate::convert::{json_text, loads};
use crate::errors::BadArgumentError;
use crate::estimate::{run, Run};
use pyo3::prelude::*;
use serde::Serialize;
use shogi_reach_engine::estimate::compare::{compare_with_paper, sampling_note, Comparison};
use shogi_reach_engine::estimate::published::{published, samples_of, Source};
use shogi_reach_engine::estimate::Report;
use shogi_reach_engine::{with_game, Game};

/// The dict `replicate` returns: the keys of `shogi-reach replicate --json` but the shard files'.
#[derive(Serialize)]
struct Replication<'a> {
    citation: String,
    #[serde(flatten)]
    comparison: Comparison,
    fraction: f64,
    game: &'a str,
    paper_samples: u64,
    paper_sampling: String,
    paper_statement: String,
    report: Report,
    samples: u64,
    sampling_note: &'static str,
    seed: u64,
    source: Source,
}

/// replicate(game, fraction=1.0, seed=1, threads=None, progress=None) -> dict
///
/// The paper's experiment of `game` (Shogi: 5e9 samples, Mini Shogi: 1e8; Judkins shogi, which no paper
/// counted: this project's run of 1e8), or `fraction` of its samples
/// (0 < fraction <= 1), run and set beside the published figures, as `shogi-reach replicate --json`:
/// table1 and table2 row by row ({label, run, run_share, paper, paper_share, sigma_distance}), |R| of the
/// run and of the paper's counts (`estimate`), the citation, and the run's report. threads, progress and
/// Ctrl-C as `estimate`'s.
#[pyfunction]
#[pyo3(signature = (game, fraction = 1.0, seed = 1, threads = None, progress = None))]
pub fn replicate<'py>(
    py: Python<'py>,
    #[pyo3(from_py_with = args::game)] game: Game,
    #[pyo3(from_py_with = args::fraction)] fraction: f64,
    #[pyo3(from_py_with = args::seed)] seed: u64,
    #[pyo3(from_py_with = args::threads)] threads: Option<usize>,
    #[pyo3(from_py_with = args::progress)] progress: Option<Py<PyAny>>,
) -> PyResult<Bound<'py, PyAny>> {
    let paper = published(game);
    let samples =
        samples_of(paper.samples, fraction).map_err(|e| BadArgumentError::new_err(e.to_string()))?;
    let report = run(
        py,
        game,
        Run { samples, seed, range: 0..samples, max_nodes: None, threads, checkpoint: None },
        progress.as_ref(),
    )?;
    let comparison = with_game!(game, V => compare_with_paper::<V>(&report, &paper));
    let replication = Replication {
        source: paper.source,
        citation: paper.citation,
        comparison,
        fraction,
        game: game.name(),
        paper_samples: paper.samples,
        paper_sampling: paper.sampling,
        paper_statement: paper.statement,
        report,
        samples,
        sampling_note: sampling_note(paper.source),
        seed,
    };
    loads(py, &json_text(&replication))
}
