//! Why a step of building or checking a proof game failed. Each is a bug were it ever to happen: the game
//! is never shown, and the error says which step and where.

use shogi_reach_engine::board::moves::MoveError;
use shogi_reach_engine::records::notation::western::WesternError;
use shogi_reach_engine::{Color, Kind};
use std::fmt;

/// What went wrong building a proof game, or replaying one.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ConstructionError {
    /// No opening from this handicap start (its `手合割` name) is known.
    NoOpening(&'static str),
    /// A move of an opening written in USI does not read.
    OpeningUsi(MoveError),
    /// A move of an opening written in Western notation does not read.
    OpeningWestern(WesternError),
    /// An opening's other ending has more moves than the opening.
    EndingTooLong,
    /// An opening ends in this position (SFEN), which is not a KK position.
    NotKk(String),
    /// The search for an opening found no KK position within this many positions.
    NoOpeningFound(usize),
    /// A connection was asked between positions that are not all KK positions.
    NotKkPositions,
    /// No king moves lead to where `giver` can drop a piece of `kind` for the other king to take.
    NoDropRoute {
        /// The piece to hand over.
        kind: Kind,
        /// The side that drops it.
        giver: Color,
    },
    /// No king moves lead to the target KK position.
    NoKingRoute,
    /// Move `ply` (from 1), USI `usi`, is not legal in `sfen`.
    Illegal {
        /// Its number.
        ply: usize,
        /// The move.
        usi: String,
        /// The position it was played in.
        sfen: String,
    },
    /// After `ply` plies the game is not at `expected` (the position, or one of its KK positions).
    NotAt {
        /// The plies played.
        ply: usize,
        /// The position it should be at, in words.
        expected: &'static str,
    },
}

impl fmt::Display for ConstructionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ConstructionError::NoOpening(name) => write!(f, "no opening from the {name} start is known"),
            ConstructionError::OpeningUsi(e) => write!(f, "an opening's move: {e}"),
            ConstructionError::OpeningWestern(e) => write!(f, "an opening's move: {e}"),
            ConstructionError::EndingTooLong => f.write_str("an ending longer than the opening"),
            ConstructionError::NotKk(sfen) => write!(f, "the opening ends in {sfen}, not a KK position"),
            ConstructionError::NoOpeningFound(max_nodes) => {
                write!(f, "no opening to a KK position found within {max_nodes} positions")
            }
            ConstructionError::NotKkPositions => {
                f.write_str("both positions must have only the kings on the board")
            }
            ConstructionError::NoDropRoute { kind, giver } => {
                write!(f, "no king moves lead to a drop of {} by {giver}", kind.letter())
            }
            ConstructionError::NoKingRoute => f.write_str("no king moves lead to the target KK position"),
            ConstructionError::Illegal { ply, usi, sfen } => {
                write!(f, "move {ply} ({usi}) is not legal in {sfen}")
            }
            ConstructionError::NotAt { ply, expected } => {
                write!(f, "after {ply} plies the game is not at {expected}")
            }
        }
    }
}

impl std::error::Error for ConstructionError {}
