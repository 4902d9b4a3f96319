//! Positions: an unchecked [`Setup`] as parsed, and a checked [`Position`] with exactly one king per side
//! and no more pieces of any kind than the game has.

use crate::board::color::Color;
use crate::board::piece::{Kind, Piece, EMPTY};
use crate::board::variant::Variant;
use std::fmt;

/// Pieces in hand, counted per [`Kind`] (the king slot stays 0).
pub type Hand = [u8; 8];

/// A position as written, not yet validated.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Setup<V: Variant> {
    /// Cell codes in reading order ([`EMPTY`] or a [`Piece`] code).
    pub board: V::Board,
    /// Pieces in hand per kind, Sente's then Gote's.
    pub hands: [Hand; 2],
    /// The side to move.
    pub side: Color,
    /// Move number as written in SFEN (1 when absent).
    pub ply: u32,
}

/// Why a [`Setup`] is not a position of the game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PositionError {
    /// The side has no king on the board.
    MissingKing(Color),
    /// The side has more than one king on the board.
    ExtraKing(Color),
    /// More pieces of a kind (board and hands, promoted or not) than the game has.
    TooManyPieces {
        /// The kind.
        kind: Kind,
        /// How many the setup has.
        found: u64,
        /// How many the game has.
        max: u32,
    },
    /// A kind that does not exist in this game (knight or lance in Mini Shogi).
    KindNotInGame(Kind),
    /// A king in a hand.
    KingInHand,
    /// A cell code that is no piece.
    BadCell(u8),
}

impl fmt::Display for PositionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PositionError::MissingKing(c) => write!(f, "{c} has no king on the board"),
            PositionError::ExtraKing(c) => write!(f, "{c} has more than one king"),
            PositionError::TooManyPieces { kind, found, max } => write!(
                f,
                "too many pieces of kind {}: {found} on board and in hands, the game has {max}",
                kind.letter()
            ),
            PositionError::KindNotInGame(kind) => {
                write!(f, "piece {} does not exist in this game", kind.letter())
            }
            PositionError::KingInHand => write!(f, "a king cannot be in hand"),
            PositionError::BadCell(c) => write!(f, "invalid cell code {c}"),
        }
    }
}

impl std::error::Error for PositionError {}

/// The squares whose cells `select` picks, bit `sq` for square `sq`: `select` maps eight cells (a
/// little-endian word) to a word with the high bit of each picked cell's byte set. Eight cells at a time,
/// without a branch per cell.
#[inline]
fn select_cells(cells: &[u8], select: impl Fn(u64) -> u64) -> u128 {
    // Gathers the high bit of byte i into bit 56 + i.
    const GATHER: u64 = 0x0002_0408_1020_4081;
    let mut mask = 0u128;
    for (i, chunk) in cells.chunks(8).enumerate() {
        let mut word = [EMPTY; 8];
        word[..chunk.len()].copy_from_slice(chunk);
        let high = select(u64::from_le_bytes(word)) & 0x8080_8080_8080_8080;
        mask |= ((high.wrapping_mul(GATHER) >> 56) as u128) << (8 * i);
    }
    mask
}

/// A validated position: one king per side on the board, piece counts within the game's set.
/// Everything else (checks, pawns, dead pieces) is for the rule checks in [`crate::rules`].
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Position<V: Variant> {
    board: V::Board,
    hands: [Hand; 2],
    side: Color,
    kings: [u8; 2],
}

impl<V: Variant> Setup<V> {
    /// An empty board, empty hands, Sente to move, move 1.
    pub fn empty() -> Setup<V> {
        Setup { board: V::empty_board(), hands: [[0; 8]; 2], side: Color::Sente, ply: 1 }
    }
}

impl<V: Variant> TryFrom<Setup<V>> for Position<V> {
    type Error = PositionError;

    fn try_from(setup: Setup<V>) -> Result<Position<V>, PositionError> {
        let mut counts = [0u32; 8];
        let mut kings = [None::<u8>; 2];
        for (sq, &code) in setup.board.as_ref().iter().enumerate() {
            if code == EMPTY {
                continue;
            }
            let piece = Piece::from_code(code).ok_or(PositionError::BadCell(code))?;
            counts[piece.kind().index()] += 1;
            if piece.kind() == Kind::King {
                let slot = &mut kings[piece.color().index()];
                if slot.is_some() {
                    return Err(PositionError::ExtraKing(piece.color()));
                }
                *slot = Some(sq as u8);
            }
        }
        for hand in &setup.hands {
            for kind in Kind::ALL {
                counts[kind.index()] += hand[kind.index()] as u32;
            }
        }
        for color in Color::BOTH {
            if kings[color.index()].is_none() {
                return Err(PositionError::MissingKing(color));
            }
        }
        for kind in Kind::ALL {
            let (found, max) = (counts[kind.index()], V::TOTAL[kind.index()] as u32);
            if found > 0 && max == 0 {
                return Err(PositionError::KindNotInGame(kind));
            }
            if found > max {
                return Err(PositionError::TooManyPieces { kind, found: found.into(), max });
            }
        }
        if setup.hands.iter().any(|h| h[Kind::King.index()] != 0) {
            return Err(PositionError::KingInHand);
        }
        Ok(Position {
            board: setup.board,
            hands: setup.hands,
            side: setup.side,
            kings: [kings[0].unwrap(), kings[1].unwrap()],
        })
    }
}

impl<V: Variant> Position<V> {
    /// Builds a position from parts that are valid by construction (ranking, move generation).
    #[inline]
    pub(crate) fn from_parts(board: V::Board, hands: [Hand; 2], side: Color, kings: [u8; 2]) -> Self {
        Position { board, hands, side, kings }
    }

    /// The position as a setup (move number 1).
    pub fn to_setup(&self) -> Setup<V> {
        Setup { board: self.board, hands: self.hands, side: self.side, ply: 1 }
    }

    /// Cell codes in reading order.
    #[inline]
    pub fn board(&self) -> &[u8] {
        self.board.as_ref()
    }

    /// The squares of `color`'s pieces, bit `sq` for square `sq`.
    #[inline]
    pub fn pieces_of(&self, color: Color) -> u128 {
        // A piece's code has bit 5 clear (EMPTY is 32) and its owner in bit 0.
        let owner = if color == Color::Sente { 0x0101_0101_0101_0101 } else { 0 };
        select_cells(self.board(), |w| (!w << 2) & ((w ^ owner) << 7))
    }

    /// The squares that hold a piece, bit `sq` for square `sq`.
    #[inline]
    pub fn occupied(&self) -> u128 {
        select_cells(self.board(), |w| !w << 2)
    }

    /// The cell code of square `sq` ([`EMPTY`] or a [`Piece`] code).
    #[inline]
    pub fn cell(&self, sq: usize) -> u8 {
        self.board.as_ref()[sq]
    }

    /// The piece on square `sq`, if any.
    #[inline]
    pub fn piece_at(&self, sq: usize) -> Option<Piece> {
        Piece::from_code(self.cell(sq))
    }

    /// The hand of `color`: pieces held per kind.
    #[inline]
    pub fn hand(&self, color: Color) -> &Hand {
        &self.hands[color.index()]
    }

    /// Both hands, Sente's first.
    #[inline]
    pub fn hands(&self) -> &[Hand; 2] {
        &self.hands
    }

    /// The side to move.
    #[inline]
    pub fn side_to_move(&self) -> Color {
        self.side
    }

    /// The square of the king of `color`.
    #[inline]
    pub fn king(&self, color: Color) -> usize {
        self.kings[color.index()] as usize
    }

    /// How many pieces of each kind (by [`Kind::index`], promoted ones under their base kind) the position
    /// holds, on the board and in both hands.
    pub fn kind_counts(&self) -> [u32; 8] {
        let mut counts = [0u32; 8];
        for &code in self.board() {
            if let Some(p) = Piece::from_code(code) {
                counts[p.kind().index()] += 1;
            }
        }
        for k in Kind::ALL {
            counts[k.index()] += self.hands.iter().map(|h| h[k.index()] as u32).sum::<u32>();
        }
        counts
    }

    /// Whether every piece of the game is on the board or in a hand (true of every reachable position).
    pub fn is_complete(&self) -> bool {
        let counts = self.kind_counts();
        Kind::ALL.iter().all(|&k| counts[k.index()] == V::TOTAL[k.index()] as u32)
    }

    /// The same position reflected left to right.
    pub fn mirrored(&self) -> Position<V> {
        let g = V::geometry();
        let mut board = V::empty_board();
        for sq in 0..V::squares() {
            board.as_mut()[g.mirror[sq] as usize] = self.cell(sq);
        }
        let kings = [g.mirror[self.kings[0] as usize], g.mirror[self.kings[1] as usize]];
        Position { board, hands: self.hands, side: self.side, kings }
    }

    #[inline]
    pub(crate) fn set_side(&mut self, side: Color) {
        self.side = side;
    }

    /// Places `code` on `sq` (which the caller knows to be empty, or to be overwritten).
    #[inline]
    pub(crate) fn set_cell(&mut self, sq: usize, code: u8) {
        self.board.as_mut()[sq] = code;
        if code >> 2 == 0 {
            self.kings[(code & 1) as usize] = sq as u8;
        }
    }

    #[inline]
    pub(crate) fn hand_mut(&mut self, color: Color) -> &mut Hand {
        &mut self.hands[color.index()]
    }
}
