//! The functions on many samples: `classify` (ranks through the stage pipeline, as `shogi-reach classify`)
//! and `estimate` (the Monte Carlo estimate, as `shogi-reach estimate --json`).

use crate::args;
use crate::checkpoint::{self, Saver};
use crate::convert::{self, int_of, json_text, loads};
use crate::errors::{rank_error, BadArgumentError, BadRankError, BadReportError, ShogiReachError};
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList};
use shogi_reach_engine::board::variant::UnknownGame;
use shogi_reach_engine::estimate::blocks::Unverified;
use shogi_reach_engine::estimate::{
    blocks, files, files::RunSpec, ranges, try_shard_range, BlockTally, Report, Tally, BLOCK,
};
use shogi_reach_engine::ranking::sample::RankSampler;
use shogi_reach_engine::reach::search::{KkSearch, SearchOptions};
use shogi_reach_engine::reach::stage::{classify_rank, Classified, Stage};
use shogi_reach_engine::{with_game, Game, Ranked};

/// classify(game, ranks, max_nodes=None) -> list[dict]
///
/// Each rank through the stages flip, piece, king, prev and reach, as `shogi-reach classify` (its TSV
/// columns as a dict): {goal, max_depth, n_prev, nodes, plies, pops, rank, sfen, stage}. goal: the KK
/// position a reachable one was traced back to (SFEN); max_depth: the most plies an unreachable one was
/// traced back; None where the stage was not reached. max_nodes: the most positions a search may
/// generate (None: no cap, as the command line); one that needs more is 'unknown'.
#[pyfunction]
#[pyo3(signature = (game, ranks, max_nodes = None))]
pub fn classify<'py>(
    py: Python<'py>,
    #[pyo3(from_py_with = args::game)] game: Game,
    ranks: &Bound<'py, PyAny>,
    #[pyo3(from_py_with = args::max_nodes_or_none)] max_nodes: Option<usize>,
) -> PyResult<Bound<'py, PyList>> {
    let options = SearchOptions { max_nodes, lazy_captures: false };
    let not_iterable =
        |_| BadRankError::new_err(format!("ranks: an iterable of ints, not {}", args::type_name(ranks)));
    let ranks = ranks.try_iter().map_err(not_iterable)?;
    with_game!(game, V => {
        let ranks: Vec<<V as Ranked>::Rank> =
            ranks.map(|r| convert::rank_of::<V>(&r?)).collect::<PyResult<_>>()?;
        let classified = py.detach(|| {
            let mut search = KkSearch::<V>::new();
            let each = ranks.into_iter().map(|r| classify_rank::<V>(r, &mut search, options));
            each.collect::<Result<Vec<_>, _>>()
        });
        let rows = classified.map_err(rank_error)?.iter().map(|c| row(py, c)).collect::<PyResult<Vec<_>>>()?;
        PyList::new(py, rows)
    })
}

/// One classified rank as a dict, keys in the order of their names.
fn row<'py, V: Ranked>(py: Python<'py>, c: &Classified<V>) -> PyResult<Bound<'py, PyDict>> {
    let search = c.search.as_ref();
    let goal = search.and_then(|s| s.goal());
    let dict = PyDict::new(py);
    dict.set_item("goal", goal.map(|g| g.to_sfen()))?;
    let unreached = c.stage == Stage::Reach && goal.is_none();
    dict.set_item("max_depth", search.filter(|_| unreached).map(|s| s.max_depth))?;
    dict.set_item("n_prev", c.n_prev)?;
    dict.set_item("nodes", search.map(|s| s.nodes))?;
    dict.set_item("plies", goal.and(search).map(|s| s.plies()))?;
    dict.set_item("pops", search.map(|s| s.pops))?;
    dict.set_item("rank", int_of(py, c.position.rank().map_err(rank_error)?)?)?;
    dict.set_item("sfen", c.position.to_sfen())?;
    dict.set_item("stage", c.stage.to_string())?;
    Ok(dict)
}

/// sample(game, seed, count, start=0) -> list[int]
///
/// The ranks of samples start, start + 1, …, start + count - 1 of `seed`, as `shogi-reach sample`: the
/// draws an estimate of that seed classifies (sample i of a seed is the same everywhere). count: 1 to
/// 10**7.
#[pyfunction]
#[pyo3(signature = (game, seed, count, start = 0))]
pub fn sample<'py>(
    py: Python<'py>,
    #[pyo3(from_py_with = args::game)] game: Game,
    #[pyo3(from_py_with = args::seed)] seed: u64,
    #[pyo3(from_py_with = args::sample_count)] count: u64,
    #[pyo3(from_py_with = args::start)] start: u64,
) -> PyResult<Bound<'py, PyList>> {
    let end = start.checked_add(count).ok_or_else(|| {
        BadArgumentError::new_err(format!("start {start} and count {count}: the last index passes 2**64 - 1"))
    })?;
    with_game!(game, V => {
        let sampler = RankSampler::<V>::new(seed);
        let ranks = py.detach(|| (start..end).map(|i| sampler.rank(i)).collect::<Vec<_>>());
        let ints = ranks.into_iter().map(|r| int_of(py, r)).collect::<PyResult<Vec<_>>>()?;
        PyList::new(py, ints)
    })
}

/// estimate(game, samples, seed, threads=None, shard=None, max_nodes=None, progress=None) -> dict
///
/// The Monte Carlo estimate of the number of reachable positions from `samples` uniformly drawn ranks of
/// `seed` (sample i of a seed is the same everywhere), as `shogi-reach estimate --json`: the report with
/// its tallies, per-block tallies and the 3-sigma interval, a shard file that `shogi-reach merge` takes.
/// threads: worker threads, 1 to 1024 (None: all cores; the answer is the same). shard: (k, m), part k
/// (0-based) of m. max_nodes: the most positions a search may generate (None: no cap); one that needs
/// more counts as 'unknown'. Its `provenance`: this package (program shogi-reach-python, version, commit,
/// build profile), the machine (CPU, host, OS), the threads, and the CPU and wall seconds it took.
/// progress: called as progress(done, total) after each block of 65 536 samples. Ctrl-C stops the run
/// within a block (KeyboardInterrupt). checkpoint: a file the progress is saved to (every 30 s, when the
/// call stops, and at its end: a report of the samples done); a call whose checkpoint file exists continues
/// that run (the same game, samples, seed, shard and max_nodes, else BadReportError), after recomputing
/// blocks of it drawn at random.
#[pyfunction]
#[pyo3(signature = (game, samples, seed, threads = None, shard = None, max_nodes = None, progress = None, checkpoint = None))]
#[allow(clippy::too_many_arguments)]
pub fn estimate<'py>(
    py: Python<'py>,
    #[pyo3(from_py_with = args::game)] game: Game,
    #[pyo3(from_py_with = args::samples)] samples: u64,
    #[pyo3(from_py_with = args::seed)] seed: u64,
    #[pyo3(from_py_with = args::threads)] threads: Option<usize>,
    #[pyo3(from_py_with = args::shard)] shard: Option<(u64, u64)>,
    #[pyo3(from_py_with = args::max_nodes_or_none)] max_nodes: Option<usize>,
    #[pyo3(from_py_with = args::progress)] progress: Option<Py<PyAny>>,
    #[pyo3(from_py_with = args::checkpoint)] checkpoint: Option<std::path::PathBuf>,
) -> PyResult<Bound<'py, PyAny>> {
    let (k, m) = shard.unwrap_or((0, 1));
    let range = try_shard_range(samples, k, m).map_err(|e| BadArgumentError::new_err(e.to_string()))?;
    let run_spec = Run { samples, seed, range, max_nodes, threads, checkpoint };
    let report = run(py, game, run_spec, progress.as_ref())?;
    loads(py, &json_text(&report))
}

/// What [`run`] runs: `range` of the `samples` of `seed`, saving its progress to `checkpoint`.
pub struct Run {
    pub samples: u64,
    pub seed: u64,
    pub range: std::ops::Range<u64>,
    pub max_nodes: Option<usize>,
    pub threads: Option<usize>,
    pub checkpoint: Option<std::path::PathBuf>,
}

/// The report of `run`, one verification block at a time (the same blocks as one run): between two,
/// Ctrl-C is heard (KeyboardInterrupt) and `progress(done, total)` is called. With a checkpoint, a file
/// there is resumed, the progress saved as it goes and when the call stops (an exception from Ctrl-C or
/// `progress`), and the report saved at the end.
pub fn run(py: Python<'_>, game: Game, run: Run, progress: Option<&Py<PyAny>>) -> PyResult<Report> {
    let Run { samples, seed, range, max_nodes, threads, checkpoint } = run;
    let pool = thread_pool(threads)?;
    let options = SearchOptions { max_nodes, lazy_captures: true };
    let meter = crate::provenance::Meter::start();
    let spec = RunSpec { seed, samples, max_nodes, range: range.clone() };
    let (mut saver, (mut done, mut at)) = match checkpoint {
        Some(path) => (Some(Saver::new(path.clone())?), checkpoint::resume(py, game, &path, &spec)?),
        None => (None, (Vec::new(), range.start)),
    };
    let report_of = |done: &[BlockTally], at: u64| {
        let report =
            with_game!(game, V => report::<V>(seed, samples, range.start..at, max_nodes, done.to_vec()));
        report
            .map(|r| r.with_provenance(meter.provenance(pool.current_num_threads())))
            .map_err(ShogiReachError::new_err)
    };
    while at < range.end {
        let next = (at / BLOCK + 1).saturating_mul(BLOCK).min(range.end);
        let part = py.detach(
            || with_game!(game, V => pool.install(|| blocks::run_by_block::<V>(seed, at..next, options))),
        );
        done.extend(part);
        at = next;
        let heard = py.check_signals().and_then(|()| match progress {
            Some(report_progress) => {
                report_progress.call1(py, (at - range.start, range.end - range.start)).map(drop)
            }
            None => Ok(()),
        });
        // (The report is built only when saved: each holds every block so far.)
        if let Some(saver) = saver.as_mut().filter(|s| heard.is_err() || s.due()) {
            saver.save(&report_of(&done, at)?)?;
        }
        heard?;
    }
    let report = report_of(&done, at)?;
    if let Some(saver) = &mut saver {
        saver.save(&report)?;
    }
    Ok(report)
}

/// merge(reports, verify="auto") -> dict
///
/// Shards of one run merged into the report of the run, as `shogi-reach merge --json`: `reports` are the
/// shards' reports, as `estimate` returns them or as the text of their files. Each is checked (the same
/// run, no sample counted twice, blocks that add up to its tally) and some of its blocks are recomputed,
/// drawn at random: "auto" (enough to catch a shard with 1 % of its blocks forged with probability 0.99,
/// all of them up to 100 blocks, never more than 459), or K blocks (0: none). Raises BadReportError naming
/// the report (`reports[i]`) and, for a block that recomputes to another tally, its samples.
#[pyfunction]
#[pyo3(signature = (reports, verify = None))]
pub fn merge<'py>(
    py: Python<'py>,
    reports: &Bound<'py, PyAny>,
    #[pyo3(from_py_with = verify_or_auto)] verify: Option<usize>,
) -> PyResult<Bound<'py, PyAny>> {
    let meter = crate::provenance::Meter::start();
    let (reports, names) = read_reports(py, reports)?;
    let merged = files::merge_named(&reports, &names).map_err(|e| BadReportError::new_err(e.to_string()))?;
    let game: Game = merged.game.parse().map_err(|e: UnknownGame| BadReportError::new_err(e.to_string()))?;
    let checked = py.detach(|| {
        with_game!(game, V => reports.iter().zip(&names).try_for_each(|(r, name)| {
            match blocks::verify_drawn::<V>(r, verify, crate::draw::random_u64(), &|| false) {
                Ok(_) => Ok(()),
                Err(Unverified::Differs(m)) => Err(format!("{name}: {m}: the report is wrong")),
                Err(Unverified::Stopped { .. }) => unreachable!("nothing stops it"),
            }
        }))
    });
    checked.map_err(BadReportError::new_err)?;
    let merged =
        merged.with_sources(&reports, &names).with_provenance(meter.provenance(rayon::current_num_threads()));
    loads(py, &json_text(&merged))
}

/// `verify`: None (the default) is "auto".
fn verify_or_auto(value: &Bound<'_, PyAny>) -> PyResult<Option<usize>> {
    if value.is_none() {
        return Ok(None);
    }
    args::verify(value)
}

/// The reports of `merge`: dicts (as `estimate` returns) or texts, read as the command line reads files,
/// named `reports[i]`.
fn read_reports(py: Python<'_>, reports: &Bound<'_, PyAny>) -> PyResult<(Vec<Report>, Vec<String>)> {
    let not_list =
        |_| BadReportError::new_err(format!("reports: a list of reports, not {}", args::type_name(reports)));
    let dumps = py.import("json")?.getattr("dumps")?;
    let (mut out, mut names) = (Vec::new(), Vec::new());
    for (i, item) in reports.try_iter().map_err(not_list)?.enumerate() {
        let item = item?;
        let name = format!("reports[{i}]");
        let text = match args::text(&item) {
            Ok(text) => text,
            Err(_) => dumps.call1((&item,)).and_then(|t| t.extract::<String>()).map_err(|_| {
                BadReportError::new_err(format!(
                    "{name}: a report (a dict or its JSON text), not {}",
                    args::type_name(&item)
                ))
            })?,
        };
        out.push(files::read_report(&name, &text).map_err(|e| BadReportError::new_err(e.to_string()))?);
        names.push(name);
    }
    if out.is_empty() {
        return Err(BadReportError::new_err("reports: none to merge"));
    }
    Ok((out, names))
}

/// The report of a whole range, as the command line writes it: the range done, the tally of its blocks.
fn report<V: Ranked>(
    seed: u64,
    samples: u64,
    range: std::ops::Range<u64>,
    max_nodes: Option<usize>,
    done: Vec<BlockTally>,
) -> Result<Report, String> {
    let mut tally = Tally::default();
    for b in &done {
        tally.merge(&b.tally).map_err(|e| e.to_string())?;
    }
    let mut joined = Vec::new();
    ranges::append_blocks(&mut joined, done);
    Ok(Report::new::<V>(seed, samples, vec![[range.start, range.end]], max_nodes, tally).with_blocks(joined))
}

/// A rayon pool of `threads` workers (1 to 1024, checked by [`args::threads`]; None: one per core).
fn thread_pool(threads: Option<usize>) -> PyResult<rayon::ThreadPool> {
    let mut pool = rayon::ThreadPoolBuilder::new();
    if let Some(t) = threads {
        pool = pool.num_threads(t);
    }
    pool.build().map_err(|e| ShogiReachError::new_err(format!("starting the worker threads: {e}")))
}
