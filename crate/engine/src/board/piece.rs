//! Piece kinds and pieces.
//!
//! Base kinds are numbered in the reference's type order K G N L P S R B. A piece on the board is one byte,
//! `kind*4 + (unpromoted ? 2 : 0) + colour`, which is exactly the reference's piece order key: comparing the
//! bytes compares pieces the way the flip test and the search tie-break do. [`EMPTY`] (32) sorts after
//! every piece.

use crate::board::color::Color;
use std::fmt;

/// Unpromoted base kind. The discriminant is the reference's type order.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Kind {
    /// The king (玉).
    King = 0,
    /// The gold general (金).
    Gold = 1,
    /// The knight (桂).
    Knight = 2,
    /// The lance (香).
    Lance = 3,
    /// The pawn (歩).
    Pawn = 4,
    /// The silver general (銀).
    Silver = 5,
    /// The rook (飛).
    Rook = 6,
    /// The bishop (角).
    Bishop = 7,
}

impl Kind {
    /// The kinds a hand can hold, in the order players list them and SFEN writes them: R B G S N L P.
    pub const HAND_ORDER: [Kind; 7] =
        [Kind::Rook, Kind::Bishop, Kind::Gold, Kind::Silver, Kind::Knight, Kind::Lance, Kind::Pawn];

    /// Every kind, in the reference's type order.
    pub const ALL: [Kind; 8] = [
        Kind::King,
        Kind::Gold,
        Kind::Knight,
        Kind::Lance,
        Kind::Pawn,
        Kind::Silver,
        Kind::Rook,
        Kind::Bishop,
    ];

    /// The kind's index in per-kind arrays (its type order).
    #[inline]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// Whether the kind promotes (all but the king and the gold).
    #[inline]
    pub const fn can_promote(self) -> bool {
        !matches!(self, Kind::King | Kind::Gold)
    }

    /// How many of its owner's last ranks an unpromoted piece of the kind could never move from (it
    /// moves only forwards, a knight two ranks at a time).
    #[inline]
    pub const fn dead_ranks(self) -> usize {
        match self {
            Kind::Pawn | Kind::Lance => 1,
            Kind::Knight => 2,
            _ => 0,
        }
    }

    /// Upper-case SFEN letter.
    pub const fn letter(self) -> char {
        match self {
            Kind::King => 'K',
            Kind::Gold => 'G',
            Kind::Knight => 'N',
            Kind::Lance => 'L',
            Kind::Pawn => 'P',
            Kind::Silver => 'S',
            Kind::Rook => 'R',
            Kind::Bishop => 'B',
        }
    }

    /// The kind of an SFEN letter (either case), or `None`.
    pub fn from_letter(c: char) -> Option<Kind> {
        Some(match c.to_ascii_uppercase() {
            'K' => Kind::King,
            'G' => Kind::Gold,
            'N' => Kind::Knight,
            'L' => Kind::Lance,
            'P' => Kind::Pawn,
            'S' => Kind::Silver,
            'R' => Kind::Rook,
            'B' => Kind::Bishop,
            _ => return None,
        })
    }
}

/// Board cell code of an empty square; larger than every piece code.
pub const EMPTY: u8 = 32;

/// A piece on the board: kind, promotion and owner packed into the reference's order key.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Piece(u8);

impl Piece {
    /// The piece of `kind`, promoted or not, owned by `color`.
    #[inline]
    pub const fn new(kind: Kind, promoted: bool, color: Color) -> Piece {
        debug_assert!(!promoted || kind.can_promote());
        Piece(kind as u8 * 4 + if promoted { 0 } else { 2 } + color as u8)
    }

    /// The unpromoted piece of `kind` owned by `color`.
    #[inline]
    pub const fn unpromoted(kind: Kind, color: Color) -> Piece {
        Piece::new(kind, false, color)
    }

    /// The piece whose cell code is `code`, or `None` for [`EMPTY`] and invalid codes.
    #[inline]
    pub const fn from_code(code: u8) -> Option<Piece> {
        if code >= EMPTY || ((code >> 2) < 2 && code & 2 == 0) {
            None
        } else {
            Some(Piece(code))
        }
    }

    /// The piece's board cell code.
    #[inline]
    pub const fn code(self) -> u8 {
        self.0
    }

    /// The piece's base kind.
    #[inline]
    pub const fn kind(self) -> Kind {
        Kind::ALL[(self.0 >> 2) as usize]
    }

    /// Whether the piece is promoted.
    #[inline]
    pub const fn is_promoted(self) -> bool {
        self.0 & 2 == 0
    }

    /// The piece's owner.
    #[inline]
    pub const fn color(self) -> Color {
        Color::from_index((self.0 & 1) as usize)
    }

    /// The same piece promoted.
    #[inline]
    pub const fn promote(self) -> Piece {
        Piece(self.0 & !2)
    }

    /// The same piece unpromoted.
    #[inline]
    pub const fn unpromote(self) -> Piece {
        Piece(self.0 | 2)
    }

    /// SFEN text: optional `+`, then the letter, upper case for Sente.
    pub fn sfen(self) -> String {
        let mut s = String::with_capacity(2);
        if self.is_promoted() {
            s.push('+');
        }
        let c = self.kind().letter();
        s.push(if self.color() == Color::Sente { c } else { c.to_ascii_lowercase() });
        s
    }
}

impl fmt::Debug for Piece {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.sfen())
    }
}

impl fmt::Display for Piece {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.sfen())
    }
}
