//! Why a rank or a position is outside P_K.

use std::fmt::{self, Display};

/// Why a rank or a position is outside P_K.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RankError {
    /// The rank is not below |P_K|.
    OutOfRange {
        /// The rank, in decimal.
        rank: String,
        /// |P_K|, in decimal.
        count: String,
    },
    /// Gote is to move: only positions with Sente to move are ranked.
    GoteToMove,
    /// Not every piece of the game is on the board or in a hand.
    Incomplete,
    /// Sente's king is right of the centre file, or on it with Gote's king to its right: mirror the
    /// position (the K-canonical representative has Sente's king on the left half).
    NotKCanonical,
}

impl Display for RankError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RankError::OutOfRange { rank, count } => {
                write!(f, "rank {rank} is out of range: ranks run from 0 to {count} - 1")
            }
            RankError::GoteToMove => write!(f, "only positions with Sente (b) to move are ranked"),
            RankError::Incomplete => {
                write!(f, "only positions holding the game's full piece set (board and hands) are ranked")
            }
            RankError::NotKCanonical => write!(
                f,
                "not K-canonical: Sente's king must be on the board's left half, or on its centre file with \
                 Gote's king not right of it (mirror the position)"
            ),
        }
    }
}

impl std::error::Error for RankError {}
