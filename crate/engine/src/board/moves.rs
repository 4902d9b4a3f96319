//! Moves and USI move notation (`7g7f`, `8h2b+`, `P*5e`).

use crate::board::piece::Kind;
use crate::board::variant::Variant;
use std::fmt;

/// A move: a piece moved on the board, or dropped from the hand (squares as board indices).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Move {
    /// A piece moved on the board.
    Board {
        /// The square it leaves.
        from: u8,
        /// The square it reaches (capturing what stands there).
        to: u8,
        /// Whether it promotes.
        promote: bool,
    },
    /// A piece dropped from the hand.
    Drop {
        /// The kind dropped.
        kind: Kind,
        /// The empty square it is dropped on.
        to: u8,
    },
}

impl Move {
    /// The square the move reaches.
    #[inline]
    pub fn to(self) -> usize {
        match self {
            Move::Board { to, .. } | Move::Drop { to, .. } => to as usize,
        }
    }

    /// USI text of this move on the board of `V`.
    pub fn to_usi<V: Variant>(self) -> String {
        let g = V::geometry();
        match self {
            Move::Board { from, to, promote } => format!(
                "{}{}{}",
                g.square_name(from as usize),
                g.square_name(to as usize),
                if promote { "+" } else { "" }
            ),
            Move::Drop { kind, to } => format!("{}*{}", kind.letter(), g.square_name(to as usize)),
        }
    }

    /// Parses USI text. The move is not checked for legality (see [`crate::rules::parse_legal_move`]).
    pub fn from_usi<V: Variant>(text: &str) -> Result<Move, MoveError> {
        let g = V::geometry();
        let bad = || MoveError::Syntax(text.to_string());
        if let Some((piece, square)) = text.split_once('*') {
            let mut chars = piece.chars();
            let (Some(c), None) = (chars.next(), chars.next()) else { return Err(bad()) };
            let kind = Kind::from_letter(c)
                .filter(|&k| c.is_ascii_uppercase() && k != Kind::King && V::TOTAL[k.index()] > 0)
                .ok_or_else(bad)?;
            let to = g.parse_square(square).ok_or_else(bad)?;
            return Ok(Move::Drop { kind, to: to as u8 });
        }
        let (body, promote) = match text.strip_suffix('+') {
            Some(b) => (b, true),
            None => (text, false),
        };
        if body.len() != 4 || !body.is_ascii() {
            return Err(bad());
        }
        let from = g.parse_square(&body[..2]).ok_or_else(bad)?;
        let to = g.parse_square(&body[2..]).ok_or_else(bad)?;
        if from == to {
            return Err(bad());
        }
        Ok(Move::Board { from: from as u8, to: to as u8, promote })
    }
}

/// Why a USI move cannot be played.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MoveError {
    /// Not USI move text (the text).
    Syntax(String),
    /// A move that is not legal in the position (its USI text).
    Illegal(String),
}

impl fmt::Display for MoveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            MoveError::Syntax(s) => write!(f, "not a USI move: {s:?}"),
            MoveError::Illegal(s) => write!(f, "illegal move in this position: {s}"),
        }
    }
}

impl std::error::Error for MoveError {}

/// A fixed-capacity move list (no allocation); 600 exceeds the most legal moves of any Shogi position (593).
pub struct MoveList {
    moves: [Move; 600],
    len: usize,
}

impl MoveList {
    /// An empty list.
    pub fn new() -> MoveList {
        MoveList { moves: [Move::Board { from: 0, to: 0, promote: false }; 600], len: 0 }
    }

    /// Adds `m` at the end.
    #[inline]
    pub fn push(&mut self, m: Move) {
        self.moves[self.len] = m;
        self.len += 1;
    }

    /// Empties the list.
    #[inline]
    pub fn clear(&mut self) {
        self.len = 0;
    }

    /// The number of moves.
    #[inline]
    pub fn len(&self) -> usize {
        self.len
    }

    /// Whether the list has no move.
    #[inline]
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// The moves, in the order pushed.
    #[inline]
    pub fn as_slice(&self) -> &[Move] {
        &self.moves[..self.len]
    }
}

impl Default for MoveList {
    fn default() -> Self {
        MoveList::new()
    }
}

impl std::ops::Deref for MoveList {
    type Target = [Move];
    fn deref(&self) -> &[Move] {
        self.as_slice()
    }
}
