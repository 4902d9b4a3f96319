//! The pipeline's stages and their names, as in the paper's Table 1 and the oracle files.

use crate::board::position::Position;
use crate::board::variant::Variant;
use crate::ranking::rank::{unrank, RankError, Ranked};
use crate::reach::heuristic::heuristic;
use crate::reach::search::{KkSearch, Outcome, Progress, SearchOptions, Verdict};
use crate::rules;
use std::fmt;

/// The stages of the method, in the order they run, and the verdicts they end in: the one vocabulary of
/// the pipeline, proofs, diagnostics, tallies and the browser. `count` runs only on given positions (a
/// ranked candidate always holds the full set) and `flip` only on ranked ones.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Stage {
    /// The pieces on the board and in hand are not the start's (the full set, from the initial position).
    Count,
    /// Not the mirror-canonical representative.
    Flip,
    /// Two unpromoted pawns of one side on a file, or a dead pawn, lance or knight.
    Piece,
    /// The side not to move is in check.
    King,
    /// No legal predecessor.
    Prev,
    /// The backward search was exhausted without reaching a KK position.
    Reach,
    /// Reachable.
    Ok,
    /// The search hit its node cap: not decided.
    Unknown,
}

impl Stage {
    /// Every stage, in pipeline order.
    pub const ALL: [Stage; 8] = [
        Stage::Count,
        Stage::Flip,
        Stage::Piece,
        Stage::King,
        Stage::Prev,
        Stage::Reach,
        Stage::Ok,
        Stage::Unknown,
    ];

    /// The name used by the oracle files, the CLI, reports and the browser.
    pub const fn name(self) -> &'static str {
        match self {
            Stage::Count => "count",
            Stage::Flip => "flip",
            Stage::Piece => "piece",
            Stage::King => "king",
            Stage::Prev => "prev",
            Stage::Reach => "reach",
            Stage::Ok => "OK",
            Stage::Unknown => "unknown",
        }
    }

    /// The stage called `name` ([`Stage::name`]), or `None`.
    pub fn from_name(name: &str) -> Option<Stage> {
        Stage::ALL.into_iter().find(|s| s.name() == name)
    }

    /// What a position that ends at this stage is.
    pub const fn verdict(self) -> Verdict {
        match self {
            Stage::Ok => Verdict::Reachable,
            Stage::Unknown => Verdict::Unknown,
            _ => Verdict::Unreachable,
        }
    }

    /// Why, in words.
    pub const fn describe(self) -> &'static str {
        match self {
            Stage::Count => {
                "the pieces on the board and in hand are not the start's: a game never loses or gains a piece"
            }
            Stage::Flip => "not the mirror-canonical representative of its mirror pair",
            Stage::Piece => {
                "two unpromoted pawns of one side on a file, or a pawn, lance or knight that can never move"
            }
            Stage::King => "the side not to move is in check",
            Stage::Prev => "no legal move leads to this position",
            Stage::Reach => "every position that leads to it was searched: none comes from a KK position",
            Stage::Ok => "traced back to a position with only the two kings on the board",
            Stage::Unknown => "the search reached its node cap before deciding",
        }
    }
}

/// A stage is written as its name.
impl serde::Serialize for Stage {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.name())
    }
}

impl fmt::Display for Stage {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The first of the filters `flip`, `piece`, `king` that `pos` fails, if any. The king test asks whether
/// the side not to move is in check (for P_K: whether Sente could capture Gote's king).
pub fn failed_filter<V: Variant>(pos: &Position<V>) -> Option<Stage> {
    failed_rule(pos, true)
}

/// [`failed_filter`], with or without the mirror test.
fn failed_rule<V: Variant>(pos: &Position<V>, mirror_test: bool) -> Option<Stage> {
    if mirror_test && !rules::is_mirror_canonical(pos) {
        Some(Stage::Flip)
    } else if !rules::placement_ok(pos) {
        Some(Stage::Piece)
    } else if rules::in_check(pos, pos.side_to_move().opponent()) {
        Some(Stage::King)
    } else {
        None
    }
}

/// What the pipeline found for one candidate position.
#[derive(Clone, Debug)]
pub struct Classified<V: Variant> {
    /// The candidate position.
    pub position: Position<V>,
    /// Its first failing stage, or its verdict.
    pub stage: Stage,
    /// |Prev1| of the position, once the prev stage is reached (lazy searches count it only when it is
    /// 0).
    pub n_prev: Option<usize>,
    /// The backward search, once the reach stage is reached.
    pub search: Option<Outcome<V>>,
}

/// Runs the stages flip → piece → king → prev → reach on a position.
pub fn classify<V: Variant>(
    pos: &Position<V>,
    search: &mut KkSearch<V>,
    options: SearchOptions,
) -> Classified<V> {
    run_stages(pos, search, options, true, |_| true)
}

/// Runs the stages, the mirror test only if `mirror_test` (it picks the representative of a mirror
/// pair among sampled candidates; a given position is as reachable as its mirror image). `progress` is
/// passed to the search.
pub(crate) fn run_stages<V: Variant>(
    pos: &Position<V>,
    search: &mut KkSearch<V>,
    options: SearchOptions,
    mirror_test: bool,
    progress: impl FnMut(Progress) -> bool,
) -> Classified<V> {
    let mut out = Classified { position: *pos, stage: Stage::Ok, n_prev: None, search: None };
    if let Some(stage) = failed_rule(pos, mirror_test) {
        out.stage = stage;
        return out;
    }
    // The lazy search tells an empty Prev1 by finding nothing at all; a goal root is popped before its
    // predecessors are looked at, so that case (and the exact mode, which reports |Prev1|) counts them.
    if !options.lazy_captures || is_goal(pos) {
        let n = search.count_predecessors(pos);
        out.n_prev = Some(n);
        if n == 0 {
            out.stage = Stage::Prev;
            return out;
        }
    }
    let mut outcome = search.run(pos, options, progress);
    if out.n_prev.is_none() && outcome.verdict == Verdict::Unreachable && outcome.nodes == 1 {
        out.n_prev = Some(0);
        out.stage = Stage::Prev;
        return out;
    }
    if outcome.verdict == Verdict::Unreachable && options.lazy_captures {
        // Depths follow first-discovery parents, which lazy generation can change: redo exhaustively
        // (unreachable searches are tiny) so the traced-back depth is the reference's.
        outcome = search.run(pos, SearchOptions { lazy_captures: false, ..options }, |_| true);
    }
    out.stage = match outcome.verdict {
        Verdict::Reachable => Stage::Ok,
        Verdict::Unreachable => Stage::Reach,
        Verdict::Unknown => Stage::Unknown,
    };
    out.search = Some(outcome);
    out
}

/// Whether `pos` is a goal (its heuristic is 0): every other piece adds to the heuristic, so a position
/// with more than the kings on the board is none, and most are told by their piece count alone.
#[inline]
fn is_goal<V: Variant>(pos: &Position<V>) -> bool {
    pos.occupied().count_ones() == 2 && heuristic(pos) == 0
}

/// Unranks `rank` and classifies the position.
pub fn classify_rank<V: Ranked>(
    rank: V::Rank,
    search: &mut KkSearch<V>,
    options: SearchOptions,
) -> Result<Classified<V>, RankError> {
    Ok(classify(&unrank::<V>(rank)?, search, options))
}
