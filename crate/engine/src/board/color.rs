//! The two players. Sente (Black in Western/SFEN naming) moves first and plays "up" the board.

use std::fmt;

/// A player: Sente or Gote.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Color {
    /// First player, upper-case letters, SFEN side `b`.
    Sente = 0,
    /// Second player, lower-case letters, SFEN side `w`.
    Gote = 1,
}

impl Color {
    /// Both players, Sente first.
    pub const BOTH: [Color; 2] = [Color::Sente, Color::Gote];

    /// 0 for Sente, 1 for Gote: the index of per-player arrays.
    #[inline]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The other player.
    #[inline]
    pub const fn opponent(self) -> Color {
        match self {
            Color::Sente => Color::Gote,
            Color::Gote => Color::Sente,
        }
    }

    /// The player of index `i` (Sente for 0, Gote otherwise).
    #[inline]
    pub(crate) const fn from_index(i: usize) -> Color {
        if i == 0 {
            Color::Sente
        } else {
            Color::Gote
        }
    }

    /// The SFEN side letter: `b` for Sente, `w` for Gote.
    pub const fn sfen_char(self) -> char {
        match self {
            Color::Sente => 'b',
            Color::Gote => 'w',
        }
    }
}

impl fmt::Display for Color {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Color::Sente => "Sente",
            Color::Gote => "Gote",
        })
    }
}
