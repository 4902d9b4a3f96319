//! Proving one given position reachable or unreachable, with the reason and the path.

use crate::notation;
use crate::position::Position;
use crate::search::{KkSearch, Limits, Outcome, Progress, Verdict};
use crate::stage::{run_stages, Stage};
use crate::variant::Variant;
use serde_json::{json, Value};
use std::fmt::Write;

/// Why a position is (un)reachable, in the order the checks run.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Reason {
    /// Not every piece of the game is on the board or in a hand: pieces never leave the game.
    MissingPieces,
    /// Two unpromoted pawns of one side on a file, or a piece that can never move (stage `piece`).
    Placement,
    /// The side not to move is in check (stage `king`).
    OpponentInCheck,
    /// No legal move leads to it (stage `prev`).
    NoPredecessor,
    /// The backward search was exhausted (stage `reach`).
    SearchExhausted,
    /// The search hit its node cap.
    NodeCap,
    /// A KK position was reached backwards (stage `OK`).
    ReachedKk,
}

impl Reason {
    /// The stage name, as in the oracle and the estimate's funnel.
    pub fn stage(self) -> &'static str {
        match self {
            Reason::MissingPieces => "count",
            Reason::Placement => "piece",
            Reason::OpponentInCheck => "king",
            Reason::NoPredecessor => "prev",
            Reason::SearchExhausted => "reach",
            Reason::NodeCap => "unknown",
            Reason::ReachedKk => "OK",
        }
    }

    /// The reason for the first stage a position fails (or `OK`); the mirror test is not run here.
    fn after(stage: Stage) -> Reason {
        match stage {
            Stage::Piece => Reason::Placement,
            Stage::King => Reason::OpponentInCheck,
            Stage::Prev => Reason::NoPredecessor,
            Stage::Reach => Reason::SearchExhausted,
            Stage::Unknown => Reason::NodeCap,
            Stage::Ok => Reason::ReachedKk,
            Stage::Flip => unreachable!("prove runs no mirror test"),
        }
    }

    pub fn verdict(self) -> Verdict {
        match self {
            Reason::ReachedKk => Verdict::Reachable,
            Reason::NodeCap => Verdict::Unknown,
            _ => Verdict::Unreachable,
        }
    }

    pub fn describe(self) -> &'static str {
        match self {
            Reason::MissingPieces => {
                "pieces are missing: every reachable position holds the full set on board and in hand"
            }
            Reason::Placement => {
                "two unpromoted pawns of one side on a file, or a pawn, lance or knight that can never move"
            }
            Reason::OpponentInCheck => "the side not to move is in check",
            Reason::NoPredecessor => "no legal move leads to this position",
            Reason::SearchExhausted => {
                "every position that leads to it was searched: none comes from a KK position"
            }
            Reason::NodeCap => "the search reached its node cap before deciding",
            Reason::ReachedKk => "traced back to a position with only the two kings on the board",
        }
    }
}

/// One move of a path: its USI and Japanese notation and the position after it.
#[derive(Clone, Debug)]
pub struct Step<V: Variant> {
    pub usi: String,
    pub japanese: String,
    pub after: Position<V>,
}

/// The answer for one position.
#[derive(Clone, Debug)]
pub struct Proof<V: Variant> {
    pub position: Position<V>,
    pub reason: Reason,
    pub n_prev: Option<usize>,
    pub search: Option<Outcome<V>>,
}

/// Decides whether `pos` is reachable from the start position (either side to move, not necessarily
/// mirror-canonical).
pub fn prove<V: Variant>(pos: &Position<V>, search: &mut KkSearch<V>, limits: Limits) -> Proof<V> {
    prove_with_progress(pos, search, limits, |_| true)
}

/// [`prove`], calling `progress` during the search (every 1024 pops); returning false stops it with the
/// verdict unknown.
pub fn prove_with_progress<V: Variant>(
    pos: &Position<V>,
    search: &mut KkSearch<V>,
    limits: Limits,
    progress: impl FnMut(Progress) -> bool,
) -> Proof<V> {
    let mut proof = Proof { position: *pos, reason: Reason::MissingPieces, n_prev: None, search: None };
    if !pos.is_complete() {
        return proof;
    }
    let c = run_stages(pos, search, limits, false, progress);
    proof.reason = Reason::after(c.stage);
    proof.n_prev = c.n_prev;
    proof.search = c.search;
    proof
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
                let japanese = notation::japanese(&s.path[i + 1], m, previous_to);
                previous_to = Some(m.to());
                Step { usi: m.to_usi::<V>(), japanese, after: s.path[i] }
            })
            .collect()
    }

    pub fn to_text(&self) -> String {
        let mut t = String::new();
        let verdict = self.reason.verdict().name();
        let _ = writeln!(t, "position: {}", self.position.to_sfen());
        let _ = writeln!(t, "verdict: {verdict} (stage {}): {}", self.reason.stage(), self.reason.describe());
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

    pub fn to_json(&self) -> Value {
        let s = self.search.as_ref();
        json!({
            "variant": V::NAME,
            "sfen": self.position.to_sfen(),
            "verdict": self.reason.verdict().name(),
            "stage": self.reason.stage(),
            "reason": self.reason.describe(),
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
