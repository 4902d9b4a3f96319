//! Proving one given position reachable or unreachable, with the reason and the path.

use crate::board::position::Position;
use crate::board::variant::Variant;
use crate::reach::search::{KkSearch, Progress, SearchOptions, Verdict};
use crate::reach::stage::{run_stages, Classified, Stage};
use crate::records::notation;
use serde_json::{json, Value};
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

/// Decides whether `pos` is reachable from the start position (either side to move, not necessarily
/// mirror-canonical).
pub fn prove<V: Variant>(pos: &Position<V>, search: &mut KkSearch<V>, options: SearchOptions) -> Proof<V> {
    prove_with_progress(pos, search, options, |_| true)
}

/// [`prove`], calling `progress` during the search (every 1024 pops); returning false stops it with the
/// verdict unknown.
pub fn prove_with_progress<V: Variant>(
    pos: &Position<V>,
    search: &mut KkSearch<V>,
    options: SearchOptions,
    progress: impl FnMut(Progress) -> bool,
) -> Proof<V> {
    if !pos.is_complete() {
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
                let japanese = notation::write::japanese(&s.path[i + 1], m, previous_to);
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

    /// The proof as JSON.
    pub fn to_json(&self) -> Value {
        let s = self.search.as_ref();
        json!({
            "variant": V::NAME,
            "sfen": self.position.to_sfen(),
            "verdict": self.stage.verdict().name(),
            "stage": self.stage.name(),
            "reason": self.stage.describe(),
            "n_prev": self.n_prev,
            "pops": s.map(|s| s.pops),
            "nodes": s.map(|s| s.nodes),
            "max_depth": s.map(|s| s.max_depth),
            "goal": s.and_then(|s| s.goal()).map(|g| g.to_sfen()),
            "path": self.forward_path().iter().map(|step| json!({
                "move": step.usi,
                "japanese": step.japanese,
                "sfen": step.after.to_sfen(),
            })).collect::<Vec<_>>(),
        })
    }
}
