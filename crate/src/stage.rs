//! The pipeline's stages and their names, as in the paper's Table 1 and the oracle files.

use crate::position::Position;
use crate::rules;
use crate::variant::Variant;
use std::fmt;

/// The first stage a candidate position fails, or `Ok` when it is proved reachable.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Stage {
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
}

impl Stage {
    pub const ALL: [Stage; 6] = [Stage::Flip, Stage::Piece, Stage::King, Stage::Prev, Stage::Reach, Stage::Ok];

    /// The name used by the oracle files and the CLI.
    pub const fn name(self) -> &'static str {
        match self {
            Stage::Flip => "flip",
            Stage::Piece => "piece",
            Stage::King => "king",
            Stage::Prev => "prev",
            Stage::Reach => "reach",
            Stage::Ok => "OK",
        }
    }

    pub fn from_name(name: &str) -> Option<Stage> {
        Stage::ALL.into_iter().find(|s| s.name() == name)
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
    if !rules::is_mirror_canonical(pos) {
        Some(Stage::Flip)
    } else if !rules::placement_ok(pos) {
        Some(Stage::Piece)
    } else if rules::in_check(pos, pos.side_to_move().opponent()) {
        Some(Stage::King)
    } else {
        None
    }
}

