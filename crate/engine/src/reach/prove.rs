//! Proving one given position reachable or unreachable, with the reason and the path.

use crate::board::position::Position;
use crate::board::start::Start;
use crate::board::variant::Variant;
use crate::reach::search::{KkSearch, Progress, SearchOptions, Verdict};
use crate::reach::stage::{run_stages, Classified, Stage};
use crate::records::notation;
use serde::Serialize;
use std::fmt::Write;

/// One move of a path: its USI and Japanese notation and the position after it.
#[derive(Clone, Debug)]
pub struct Step<V: Variant> {
    /// The move in USI notation.
    pub usi: String,
    /// The move in Japanese notation.
    pub japanese: String,
    /// The position after the move.
    pub after: Position<V>,
}

/// The answer for one position: what the pipeline finds, with `count` first and no mirror test (a given
/// position is as reachable as its mirror image).
pub type Proof<V> = Classified<V>;

/// Decides whether `pos` is reachable from the initial position (either side to move, not necessarily
/// mirror-canonical).
pub fn prove<V: Variant>(pos: &Position<V>, search: &mut KkSearch<V>, options: SearchOptions) -> Proof<V> {
    prove_with_progress(pos, &Start::initial(), search, options, |_| true)
}

/// Decides whether `pos` is reachable from `start`. From a handicap start the same stages decide, with
/// the start's material in place of the full set: every KK position with that material is reachable from
/// the start (docs/method.md, "Handicap starts").
pub fn prove_from<V: Variant>(
    pos: &Position<V>,
    start: &Start<V>,
    search: &mut KkSearch<V>,
    options: SearchOptions,
) -> Proof<V> {
    prove_with_progress(pos, start, search, options, |_| true)
}

/// [`prove_from`], calling `progress` during the search (every 1024 pops); returning false stops it with
/// the verdict unknown.
pub fn prove_with_progress<V: Variant>(
    pos: &Position<V>,
    start: &Start<V>,
    search: &mut KkSearch<V>,
    options: SearchOptions,
    progress: impl FnMut(Progress) -> bool,
) -> Proof<V> {
    if pos.kind_counts() != start.material() {
        return Proof { position: *pos, stage: Stage::Count, n_prev: None, search: None };
    }
    run_stages(pos, search, options, false, progress)
}

impl<V: Variant> Proof<V> {
    /// The path forwards, from the KK position to the proved one (empty unless reachable).
    pub fn forward_path(&self) -> Vec<Step<V>> {
        let Some(s) = self.search.as_ref().filter(|s| s.verdict == Verdict::Reachable) else {
            return Vec::new();
        };
        let mut previous_to = None;
        (0..s.plies())
            .rev()
            .map(|i| {
                let m = s.moves[i];
                let japanese = notation::japanese::write::japanese(&s.path[i + 1], m, previous_to);
                previous_to = Some(m.to());
                Step { usi: m.to_usi::<V>(), japanese, after: s.path[i] }
            })
            .collect()
    }

    /// The proof as text for people.
    pub fn to_text(&self) -> String {
        let mut t = String::new();
        let verdict = self.stage.verdict().name();
        let _ = writeln!(t, "position: {}", self.position.to_sfen());
        let _ = writeln!(t, "verdict: {verdict} (stage {}): {}", self.stage, self.stage.describe());
        if let Some(n) = self.n_prev {
            let _ = writeln!(t, "legal predecessors: {n}");
        }
        if let Some(s) = &self.search {
            let _ = writeln!(
                t,
                "search: {} pops, {} positions, traced back up to {} plies",
                s.pops, s.nodes, s.max_depth
            );
            if let Some(goal) = s.goal() {
                let _ = writeln!(t, "KK position: {}", goal.to_sfen());
                let _ = writeln!(t, "{} plies from the KK position:", s.plies());
                for (i, step) in self.forward_path().iter().enumerate() {
                    let _ = writeln!(t, "{:>4}. {:<7} {}", i + 1, step.usi, step.after.to_sfen());
                }
            }
        }
        t
    }

    /// The proof as JSON (`shogi-reach prove --json`, the page's verdict).
    pub fn to_json(&self) -> ProofJson {
        let s = self.search.as_ref();
        ProofJson {
            game: V::NAME,
            goal: s.and_then(|s| s.goal()).map(|g| g.to_sfen()),
            max_depth: s.map(|s| s.max_depth),
            n_prev: self.n_prev,
            nodes: s.map(|s| s.nodes),
            path: self.forward_path().iter().map(Step::to_json).collect(),
            pops: s.map(|s| s.pops),
            reason: self.stage.describe(),
            sfen: self.position.to_sfen(),
            stage: self.stage.name(),
            verdict: self.stage.verdict().name(),
        }
    }
}

impl<V: Variant> Step<V> {
    /// The step as JSON: `{japanese, move, sfen}`.
    pub fn to_json(&self) -> StepJson {
        StepJson { japanese: self.japanese.clone(), usi: self.usi.clone(), sfen: self.after.to_sfen() }
    }
}

/// A move of a path or a game as JSON. (Fields in the order of their names, as a JSON map keeps them.)
#[derive(Clone, Debug, Serialize)]
pub struct StepJson {
    /// The move in Japanese notation.
    pub japanese: String,
    /// The move in USI notation.
    #[serde(rename = "move")]
    pub usi: String,
    /// The position after the move, as SFEN.
    pub sfen: String,
}

/// A proof as JSON; `None` is `null`. (Fields in the order of their names, as a JSON map keeps them.)
#[derive(Clone, Debug, Serialize)]
pub struct ProofJson {
    /// The game's name.
    pub game: &'static str,
    /// The KK position the search reached, when reachable.
    pub goal: Option<String>,
    /// How many plies the search traced back at most.
    pub max_depth: Option<u32>,
    /// How many legal predecessors the position has, when counted.
    pub n_prev: Option<usize>,
    /// Positions the search held.
    pub nodes: Option<u64>,
    /// The path from the KK position to the proved one.
    pub path: Vec<StepJson>,
    /// Positions the search expanded.
    pub pops: Option<u64>,
    /// The stage's reason in words.
    pub reason: &'static str,
    /// The position proved.
    pub sfen: String,
    /// The stage that decided.
    pub stage: &'static str,
    /// reachable, unreachable or unknown.
    pub verdict: &'static str,
}
