//! The engine's API for the browser (wasm-bindgen). Every function takes the game by name (`shogi`,
//! `minishogi`, `judkins`), returns plain JS objects (serde-wasm-bindgen) and reports bad input as a thrown
//! `Error` with the English message and, for the page to say it in its own language, `kind` and `params`
//! (an [`EngineError`]); nothing here panics on user input.
//!
//! Two builds share this API: the threaded one (`+atomics`, wasm-bindgen-rayon's `initThreadPool` starts
//! the rayon pool in Web Workers) and the plain one, whose `initThreadPool` does nothing, so rayon runs on
//! the calling thread.

/// Evaluates `$body` with `$V` bound to the type of the game named `$name` (an unknown name is an error);
/// defined before the modules so that they use it too.
macro_rules! with_game_named {
    ($name:expr, $V:ident => $body:expr) => {{
        let game: shogi_reach_engine::board::variant::Game = $name.parse().map_err(EngineError::from)?;
        shogi_reach_engine::with_game!(game, $V => $body)
    }};
}

mod engine_error;
pub mod export;
pub mod play;
// The "How it works" tab's calls (walkthrough).
pub mod walkthrough;

use crate::engine_error::{EngineError, ErrorKind};
use serde::Serialize;
use shogi_reach_engine::board::position::Position;
use shogi_reach_engine::board::sfen::parse_setup;
use shogi_reach_engine::board::start::Start;
use shogi_reach_engine::board::variant::Variant;
use shogi_reach_engine::estimate::files::FileError;
use shogi_reach_engine::reach::prove::prove_with_progress;
use shogi_reach_engine::reach::search::{with_thread_search, SearchOptions};
use shogi_reach_engine::reach::stage::Stage;
use shogi_reach_engine::why::{diagnose, retro};
use shogi_reach_proof_games::proof_game::{build_proof_game_from, Choice, ShortBudget};
use wasm_bindgen::prelude::*;

#[cfg(target_feature = "atomics")]
pub use wasm_bindgen_rayon::init_thread_pool;

/// The plain build's stand-in for wasm-bindgen-rayon's `initThreadPool`: rayon then runs on the
/// calling thread.
#[cfg(not(target_feature = "atomics"))]
#[wasm_bindgen(js_name = initThreadPool)]
pub fn init_thread_pool(_threads: usize) -> js_sys::Promise {
    js_sys::Promise::resolve(&JsValue::UNDEFINED)
}

/// Whether this build runs rayon on a pool of Web Workers (shared memory, `+atomics`).
#[wasm_bindgen(js_name = isThreaded)]
pub fn is_threaded() -> bool {
    cfg!(target_feature = "atomics")
}

/// The stages in pipeline order, `[{name, verdict, describe}]`: the front end's one source of stage names
/// and their order (the funnel, verdicts, diagnostics).
#[wasm_bindgen]
pub fn stages() -> Result<JsValue, JsValue> {
    let list: Vec<_> = Stage::ALL
        .iter()
        .map(|s| StageInfo { name: s.name(), verdict: s.verdict().name(), describe: s.describe() })
        .collect();
    Ok(to_js(&list)?)
}

/// The most positions a browser search may generate: far beyond what a 4 GiB WebAssembly memory holds.
const MAX_NODE_CAP: f64 = 1e9;

/// A node cap from JavaScript: a whole number from 1 to [`MAX_NODE_CAP`] (a `u32` argument would wrap).
fn node_cap(max_nodes: Option<f64>) -> Result<Option<usize>, EngineError> {
    match max_nodes {
        None => Ok(None),
        Some(n) if n.fract() == 0.0 && (1.0..=MAX_NODE_CAP).contains(&n) => Ok(Some(n as usize)),
        Some(n) => Err(EngineError::node_cap(n, MAX_NODE_CAP)),
    }
}

fn to_js<T: Serialize + ?Sized>(value: &T) -> Result<JsValue, JsError> {
    value
        .serialize(&serde_wasm_bindgen::Serializer::json_compatible())
        .map_err(|e| JsError::new(&e.to_string()))
}

fn from_js<T: serde::de::DeserializeOwned>(value: JsValue) -> Result<T, EngineError> {
    serde_wasm_bindgen::from_value(value).map_err(EngineError::bad_argument)
}

/// The thrown `Error`: the English message, with `kind` and `params` (a plain object) as properties.
impl From<EngineError> for JsValue {
    fn from(e: EngineError) -> JsValue {
        let error = js_sys::Error::new(&e.message);
        let params = to_js(&e.params()).unwrap_or(JsValue::NULL);
        // Setting a property of a fresh Error cannot fail.
        let _ = js_sys::Reflect::set(&error, &"kind".into(), &e.kind_name().into());
        let _ = js_sys::Reflect::set(&error, &"params".into(), &params);
        error.into()
    }
}

/// `{sfen, issues}`: the text as standard SFEN (null when it does not parse) and every rule it breaks
/// (`[{rule, message, squares}]`, see [`diagnose::diagnose`]); a text that is no position (rule `sfen` or
/// `setup`) has its [`EngineError`] as `error` (`{kind, message, params}`).
#[wasm_bindgen]
pub fn diagnose(game: &str, text: &str, start: Option<String>) -> Result<JsValue, JsValue> {
    with_game_named!(game, V => {
        let start = start_named::<V>(start.as_deref())?;
        let setup = parse_setup::<V>(text);
        let sfen = setup.as_ref().ok().map(|s| s.to_sfen());
        let error = match setup {
            Err(e) => Some(EngineError::from(e)),
            Ok(setup) => Position::try_from(setup).err().map(EngineError::from),
        };
        let issues: Vec<_> = with_thread_search::<V, _>(|search| diagnose::diagnose::<V>(text, &start, search))
            .into_iter()
            .map(|issue| {
                let error = match issue.rule.name() {
                    "sfen" | "setup" => error.clone(),
                    _ => None,
                };
                DiagnosedIssue { issue, error }
            })
            .collect();
        Ok(to_js(&Diagnosis { sfen, issues })?)
    })
}

/// Proves a position (SFEN, `startpos` or the reference's format) reachable or unreachable, exactly as
/// `shogi-reach prove --json`. `progress(pops, nodes, bestH)` is called every 1024 pops; when it returns
/// false the search stops with the verdict unknown. `maxNodes` caps the positions generated. `start`: the
/// start's name (`角落ち`) or SFEN, the initial position when absent.
#[wasm_bindgen]
pub fn prove(
    game: &str,
    text: &str,
    max_nodes: Option<f64>,
    progress: Option<js_sys::Function>,
    start: Option<String>,
) -> Result<JsValue, JsValue> {
    with_game_named!(game, V => {
        let pos = Position::<V>::from_sfen(text).map_err(EngineError::from)?;
        let start = start_named::<V>(start.as_deref())?;
        let options = SearchOptions { max_nodes: node_cap(max_nodes)?, lazy_captures: false };
        let report = |p: shogi_reach_engine::reach::search::Progress| match &progress {
            None => true,
            Some(f) => f
                .call3(&JsValue::NULL, &(p.pops as f64).into(), &(p.nodes as f64).into(), &p.best_h.into())
                .is_ok_and(|keep_going| keep_going.as_bool() != Some(false)),
        };
        let proof = with_thread_search::<V, _>(|search| prove_with_progress(&pos, &start, search, options, report));
        Ok(to_js(&shogi_reach_engine::why::cause::ProofWithCauses::of(&proof, &start))?)
    })
}

/// A complete game from the initial position to the position, verified by replay (as `shogi-reach
/// proof-game --format json`, method best): the short search within `budgetScale` times the game's default
/// budget of positions (default 1: the command line's default, so the same game; 0: the KK route only) and
/// the KK route, the shorter game, with `method`, `shortest` and `lower_bound`. `progress(positions, ms)`
/// is called during the short search; when it returns false the short search stops and the KK route is
/// the fallback. Throws when there is no game (not proved reachable) with the reason. `start` as
/// [`prove`]'s.
#[wasm_bindgen(js_name = proofGame)]
pub fn proof_game(
    game: &str,
    text: &str,
    max_nodes: Option<f64>,
    budget_scale: Option<f64>,
    progress: Option<js_sys::Function>,
    start: Option<String>,
) -> Result<JsValue, JsValue> {
    let scale = match budget_scale {
        None => 1.0,
        Some(x) if x.is_finite() && (0.0..=1000.0).contains(&x) => x,
        Some(x) => return Err(EngineError::budget_scale(x).into()),
    };
    with_game_named!(game, V => {
        let pos = Position::<V>::from_sfen(text).map_err(EngineError::from)?;
        let start = start_named::<V>(start.as_deref())?;
        let options = SearchOptions { max_nodes: node_cap(max_nodes)?, lazy_captures: false };
        let started = js_sys::Date::now();
        let keep_going = |positions: usize| match &progress {
            None => true,
            Some(f) => f
                .call2(&JsValue::NULL, &(positions as f64).into(), &(js_sys::Date::now() - started).into())
                .is_ok_and(|keep_going| keep_going.as_bool() != Some(false)),
        };
        // One thread (the page's engine worker has one): the same game as the command line's two.
        let default = ShortBudget::of::<V>();
        let short = ShortBudget { weighed: (default.weighed as f64 * scale) as usize, threads: 1 };
        let game = with_thread_search::<V, _>(|search| build_proof_game_from(&pos, &start, search, options, Choice::Best, short, keep_going))
            .map_err(EngineError::from)?;
        Ok(to_js(&game.to_json())?)
    })
}

/// The start called `name` (the initial position when `None`), or the named error.
fn start_named<V: Variant>(name: Option<&str>) -> Result<Start<V>, EngineError> {
    Start::chosen(name).map_err(|e| EngineError::unknown_start(name.unwrap_or_default(), e))
}

/// Reads a game record, text or a file's bytes (a `Uint8Array`: UTF-8 or Shift_JIS), in any format
/// [`shogi_reach_engine::records::read`] knows (KIF, KI2, CSA, USI, BOD, SFEN, the reference format): `{game,
/// format, start, plies, moves: [{usi, japanese, sfen}]}`, each move with the position after it, and what
/// the record keeps beside its moves: `header`, `comment`s, `variations`, `skipped` (`records::json`).
/// Throws the reason, with its line, when the record cannot be read.
#[wasm_bindgen(js_name = parseRecord)]
pub fn parse_record(data: JsValue) -> Result<JsValue, JsValue> {
    let read = match data.as_string() {
        Some(text) => shogi_reach_engine::records::read_text(&text),
        None => {
            let bytes: js_sys::Uint8Array = data.dyn_into().map_err(|_| {
                EngineError::new(ErrorKind::RecordInputType {}, "parseRecord takes a string or a Uint8Array")
            })?;
            shogi_reach_engine::records::text::check_size(bytes.length() as usize)
                .and_then(|()| shogi_reach_engine::records::read(&bytes.to_vec()))
        }
    };
    let record = read.map_err(EngineError::from)?;
    Ok(to_js(&record.to_json())?)
}

/// Every legal last move of a position, as `shogi-reach predecessors --json`: `{moves, predecessors,
/// last_moves: [{usi, japanese, kif, piece, before: [{captured, sfen}]}]}`.
#[wasm_bindgen]
pub fn predecessors(game: &str, text: &str) -> Result<JsValue, JsValue> {
    with_game_named!(game, V => {
        let pos = Position::<V>::from_sfen(text).map_err(EngineError::from)?;
        let moves = retro::legal_last_moves(&pos, retro::Filter::default()).map_err(EngineError::from)?;
        Ok(to_js(&retro::last_moves_json(&moves))?)
    })
}

/// Every legal move of a position, for the page's play mode: `[{usi, japanese, sfen}]`, each with the
/// position after it ([`play::legal_move_list`]). `previous` is the USI of the move before, so that a move
/// to its square is written `同`.
#[wasm_bindgen(js_name = legalMoves)]
pub fn legal_moves(game: &str, text: &str, previous: Option<String>) -> Result<JsValue, JsValue> {
    with_game_named!(game, V => {
        let pos = Position::<V>::from_sfen(text).map_err(EngineError::from)?;
        let previous_to = match previous.as_deref() {
            None | Some("") => None,
            Some(usi) => Some(play::destination::<V>(usi).ok_or_else(|| EngineError::bad_argument(format!("not a USI move: {usi:?}")))?),
        };
        Ok(to_js(&play::legal_move_list(&pos, previous_to))?)
    })
}

/// Why a position is unreachable, as `shogi-reach explain --json`: a certificate checked before it is
/// returned (`{stage, verdict, issues | prev | positions, depth, tree, deepest_line}`); `start` as
/// [`prove`]'s.
#[wasm_bindgen]
pub fn explain(
    game: &str,
    text: &str,
    max_nodes: Option<f64>,
    start: Option<String>,
) -> Result<JsValue, JsValue> {
    with_game_named!(game, V => {
        let pos = Position::<V>::from_sfen(text).map_err(EngineError::from)?;
        let start = start_named::<V>(start.as_deref())?;
        let options = SearchOptions { max_nodes: node_cap(max_nodes)?, lazy_captures: false };
        let explanation = with_thread_search::<V, _>(|search| shogi_reach_engine::why::explanation::explain(&pos, &start, search, options))
            .map_err(EngineError::from)?;
        Ok(to_js(&explanation.to_json())?)
    })
}

/// For a tsume set-up (Gote's king but none of Sente's), every empty square tried for Sente's king, each
/// position proved (as `shogi-reach king-squares --json`): `{reachable, squares: [{square, sfen, verdict,
/// stage, causes}]}`. `progress(done, total)` is called after each square.
#[wasm_bindgen(js_name = kingSquares)]
pub fn king_squares(
    game: &str,
    text: &str,
    max_nodes: Option<f64>,
    progress: Option<js_sys::Function>,
) -> Result<JsValue, JsValue> {
    use shogi_reach_engine::why::tsume;
    with_game_named!(game, V => {
        let setup = parse_setup::<V>(text).map_err(EngineError::from)?;
        let options = SearchOptions { max_nodes: node_cap(max_nodes)?, lazy_captures: false };
        let report = |done: usize, total: usize| {
            if let Some(f) = &progress {
                let _ = f.call2(&JsValue::NULL, &(done as f64).into(), &(total as f64).into());
            }
        };
        let squares = with_thread_search::<V, _>(|search| tsume::king_squares(&setup, search, options, report))
            .map_err(EngineError::from)?;
        Ok(to_js(&tsume::king_squares_json(&squares))?)
    })
}

// estimate runs and shards: chunks tallied per block, reports in the command line's file format, shard
// files merged and checked by the same code as `shogi-reach merge` (shogi_reach_engine::estimate::files).

/// Classifies samples `start..end` of `seed` (as `shogi-reach estimate`, on the thread pool when there is
/// one), tallied per verification block: `{blocks: [{start, end, tally}], reachable: [{index, sfen}]}`
/// with up to `keep` reachable samples (see [`shogi_reach_engine::estimate::blocks`]).
#[wasm_bindgen(js_name = estimateBlocks)]
pub fn estimate_blocks(
    game: &str,
    seed: u64,
    start: u64,
    end: u64,
    max_nodes: Option<f64>,
    keep: u32,
) -> Result<JsValue, JsValue> {
    if start > end {
        let message = format!("empty sample range {start}..{end}");
        return Err(EngineError::new(ErrorKind::SampleRange { start, end }, message).into());
    }
    with_game_named!(game, V => {
        let options = SearchOptions { max_nodes: node_cap(max_nodes)?, lazy_captures: true };
        let (blocks, kept) =
            shogi_reach_engine::estimate::blocks::run_by_block_keeping::<V>(seed, start..end, options, keep as usize);
        let reachable = kept.iter().map(|(i, p)| KeptSample { index: *i, sfen: p.to_sfen() }).collect();
        Ok(to_js(&BlocksRun { blocks, reachable })?)
    })
}

/// The report (as `shogi-reach estimate --json` writes it: the file text) of a run of `samples` samples
/// that has done the per-block tallies `blocks` (`[{start, end, tally}]`, in any order), with a
/// provenance ([`provenance`]) when the caller gives the run's `threads` and `wall_seconds`. Throws when
/// the blocks overlap, lie beyond the run or do not add up.
#[wasm_bindgen(js_name = reportFromBlocks)]
pub fn report_from_blocks(
    game: &str,
    seed: u64,
    samples: u64,
    max_nodes: Option<f64>,
    blocks: JsValue,
    threads: Option<u32>,
    wall_seconds: Option<f64>,
) -> Result<String, JsValue> {
    let blocks: Vec<shogi_reach_engine::estimate::tally::BlockTally> = from_js(blocks)?;
    with_game_named!(game, V => {
        let mut report = shogi_reach_engine::estimate::files::report_from_blocks::<V>(seed, samples, node_cap(max_nodes)?, blocks)
            .map_err(|problem| FileError::Shard { file: String::new(), problem, other: None })
            .map_err(EngineError::from)?;
        if let (Some(threads), Some(wall)) = (threads, wall_seconds) {
            report = report.with_provenance(provenance(threads, wall));
        }
        Ok(shogi_reach_engine::estimate::files::to_file_text(&report))
    })
}

/// The provenance of a report the page builds: this build (its commit, profile `wasm`), a machine the
/// page cannot name (CPU and host `unknown`, OS `browser`), the caller's threads and wall time; no CPU
/// time.
fn provenance(threads: u32, wall_seconds: f64) -> shogi_reach_engine::estimate::Provenance {
    shogi_reach_engine::estimate::Provenance {
        program: env!("CARGO_PKG_NAME").into(),
        version: env!("CARGO_PKG_VERSION").into(),
        commit: env!("SHOGI_REACH_COMMIT").into(),
        profile: "wasm".into(),
        cpu: "unknown".into(),
        host: "unknown".into(),
        os: "browser".into(),
        threads: threads.into(),
        cpu_seconds: None,
        wall_seconds: (wall_seconds * 1000.0).round() / 1000.0,
    }
}

/// The most bytes of a report file the browser reads (a shard file merged): 64 MiB, the per-block tallies
/// of about 110 000 blocks, 7 × 10^9 samples (a report carries about 0.6 KB per block of 65 536 samples).
pub const MAX_REPORT_BYTES: usize = 64 << 20;

/// `{record, report}`: the most bytes of a game record and of a report file the engine reads, which the
/// page checks against a file's size before it reads any of it.
#[wasm_bindgen(js_name = fileLimits)]
pub fn file_limits() -> Result<JsValue, JsValue> {
    Ok(to_js(&FileLimits {
        record: shogi_reach_engine::records::error::MAX_RECORD_BYTES,
        report: MAX_REPORT_BYTES,
    })?)
}

/// Refuses a report file (called `name`) of more than [`MAX_REPORT_BYTES`].
fn check_report_size(name: &str, text: &str) -> Result<(), EngineError> {
    if text.len() <= MAX_REPORT_BYTES {
        return Ok(());
    }
    Err(EngineError::report_too_large(name, text.len(), MAX_REPORT_BYTES))
}

/// A report file read and checked on its own (`name` names it in errors): the report as an object, its
/// seed as a decimal string (JavaScript numbers cannot hold every `u64`; a count that JavaScript cannot
/// hold exactly is refused).
#[wasm_bindgen(js_name = readReport)]
pub fn read_report(name: &str, text: &str) -> Result<JsValue, JsValue> {
    check_report_size(name, text)?;
    let report = shogi_reach_engine::estimate::files::read_checked(name, text).map_err(EngineError::from)?;
    Ok(report_object(&report)?)
}

/// Report files (`names[i]` is the name of `texts[i]`) merged as `shogi-reach merge` merges them, with
/// its checks: `{report, text}`, the merged report as an object (seed as a string) and as a file's text.
/// Throws the first problem, naming its file.
#[wasm_bindgen(js_name = mergeReports)]
pub fn merge_reports(names: Vec<String>, texts: Vec<String>) -> Result<JsValue, JsValue> {
    if names.len() != texts.len() {
        return Err(EngineError::bad_argument("mergeReports takes one name per text").into());
    }
    for (name, text) in names.iter().zip(&texts) {
        check_report_size(name, text)?;
    }
    let files: Vec<(String, String)> = names.into_iter().zip(texts).collect();
    let merged = shogi_reach_engine::estimate::files::merge_files(&files).map_err(EngineError::from)?;
    let report = report_object(&merged)?;
    let text = shogi_reach_engine::estimate::files::to_file_text(&merged);
    js_sys::Reflect::set(&report, &"text".into(), &text.into()).map_err(|_| JsError::new("set text"))?;
    Ok(report)
}

fn report_object(report: &shogi_reach_engine::estimate::Report) -> Result<JsValue, JsError> {
    let mut value = serde_json::to_value(report).map_err(|e| JsError::new(&e.to_string()))?;
    value["seed"] = report.seed.to_string().into();
    to_js(&value)
}

/// How many of a report's `n` blocks the page recomputes before it trusts the report (a shard file
/// merged, a saved run resumed), drawn at random: [`shogi_reach_engine::estimate::blocks::blocks_to_verify`], so that a report
/// with 1 % of its blocks forged passes with a chance of at most 1 %.
#[wasm_bindgen(js_name = blocksToVerify)]
pub fn blocks_to_verify(n: u32) -> u32 {
    shogi_reach_engine::estimate::blocks::blocks_to_verify(n as usize) as u32
}

/// The running estimate over per-block tallies (`blocks`: `[{start, end, tally}]`, in any order) taken
/// in sample order, as the page's plot draws it: `[{done, reachable, low, high}]` after every block, or
/// after evenly spaced ones when there are more than `points` (the last always). A saved run's plot is
/// recomputed so from its blocks, never read from what was stored.
#[wasm_bindgen(js_name = runningEstimate)]
pub fn running_estimate(game: &str, blocks: JsValue, points: u32) -> Result<JsValue, JsValue> {
    let mut blocks: Vec<shogi_reach_engine::estimate::tally::BlockTally> = from_js(blocks)?;
    blocks.sort_by_key(|b| b.start);
    let every = blocks.len().div_ceil(points.max(1) as usize).max(1);
    with_game_named!(game, V => {
        let mut tally = shogi_reach_engine::estimate::Tally::default();
        let mut out = Vec::new();
        for (i, b) in blocks.iter().enumerate() {
            tally.merge(&b.tally).map_err(EngineError::from)?;
            if (i + 1) % every != 0 && i + 1 != blocks.len() {
                continue;
            }
            if let Some(e) = tally.estimate::<V>() {
                out.push(RunningPoint { done: tally.samples, reachable: e.reachable, low: e.low, high: e.high });
            }
        }
        Ok(to_js(&out)?)
    })
}

/// Part `k` (0-based) of `m` of the samples `0..samples`, `[start, end]`, exactly as `shogi-reach
/// estimate --shard K/M` runs it.
#[wasm_bindgen(js_name = shardRange)]
pub fn shard_range(samples: u64, k: u64, m: u64) -> Result<Vec<f64>, JsError> {
    let r = shogi_reach_engine::estimate::try_shard_range(samples, k, m)
        .map_err(|e| JsError::new(&e.to_string()))?;
    Ok(vec![r.start as f64, r.end as f64])
}

/// The samples an estimate needs for `digits` significant digits at 3σ, judged from the running p̂ (as
/// `shogi-reach estimate --target-digits`); undefined without a p̂ to plan from.
#[wasm_bindgen(js_name = samplesForDigits)]
pub fn samples_for_digits(p_hat: f64, candidates: &str, digits: u32) -> Option<f64> {
    let candidates: f64 = candidates.parse().ok()?;
    shogi_reach_engine::estimate::plan::samples_for_digits(p_hat, candidates, digits)
}

/// A stage of the pipeline as the page lists it ([`stages`]).
#[derive(Serialize)]
struct StageInfo {
    name: &'static str,
    verdict: &'static str,
    describe: &'static str,
}

/// What [`diagnose`] returns: the text as standard SFEN (null when it does not parse) and its issues.
#[derive(Serialize)]
struct Diagnosis {
    sfen: Option<String>,
    issues: Vec<DiagnosedIssue>,
}

/// A broken rule; for the rules `sfen` and `setup`, with the error that made the text no position.
#[derive(Serialize)]
struct DiagnosedIssue {
    #[serde(flatten)]
    issue: diagnose::Issue,
    #[serde(skip_serializing_if = "Option::is_none")]
    error: Option<EngineError>,
}

/// A reachable sample an estimate keeps ([`estimate_blocks`]).
#[derive(Serialize)]
struct KeptSample {
    index: u64,
    sfen: String,
}

/// What [`estimate_blocks`] returns: the per-block tallies and the lowest reachable samples.
#[derive(Serialize)]
struct BlocksRun {
    blocks: Vec<shogi_reach_engine::estimate::tally::BlockTally>,
    reachable: Vec<KeptSample>,
}

/// The largest files the page reads, in bytes ([`file_limits`]).
#[derive(Serialize)]
struct FileLimits {
    record: usize,
    report: usize,
}

/// A point of the running estimate ([`running_estimate`]).
#[derive(Serialize)]
struct RunningPoint {
    done: u64,
    reachable: f64,
    low: f64,
    high: f64,
}

// Exports (files for other programs).

/// A file for other programs: `moves` (USI) from `start` (SFEN) as `format` (`kif`, `kifu`, `ki2`, `ki2u`,
/// `bod`, `usi`, `csa`), bytes in the encoding the extension promises ([`export::export_file`]).
#[wasm_bindgen(js_name = exportRecord)]
pub fn export_record(
    game: &str,
    start: &str,
    moves: Vec<String>,
    format: &str,
    comment: &str,
) -> Result<Vec<u8>, JsValue> {
    with_game_named!(game, V => Ok(export::export_file::<V>(start, &moves, format, comment)?))
}

/// A tree of moves (`{start, moves, comments, variations: [{parent, ply, moves, comments}]}`, USI moves) as
/// the file `format`: KIF and KIFU with its variations and comments, the other formats its main line
/// ([`export::export_tree`]).
#[wasm_bindgen(js_name = exportTree)]
pub fn export_tree(game: &str, tree: JsValue, format: &str, comment: &str) -> Result<Vec<u8>, JsValue> {
    let tree: export::Tree = from_js(tree)?;
    with_game_named!(game, V => Ok(export::export_tree::<V>(&tree, format, comment)?))
}
