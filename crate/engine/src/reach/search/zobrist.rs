//! Zobrist hashing of positions: the hash of a whole position, and a predecessor's from its position's.

use crate::board::color::Color;
use crate::board::moves::Move;
use crate::board::piece::EMPTY;
use crate::board::position::Position;
use crate::board::variant::{Variant, MAX_SQUARES};

/// SplitMix64's step: the random words of the hash tables, made at compile time.
const fn splitmix(state: &mut u64) -> u64 {
    *state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = *state;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// The most pieces of one kind in a hand (Shogi's 18 pawns), plus one.
const HAND_COUNTS: usize = 19;

/// Zobrist hashing: a random word per (square, cell code) (0 for an empty cell), per (side, kind, count
/// in hand) (0 for none), and for Gote to move. A position's hash is the XOR of its words, so a
/// predecessor's follows from its position's by the few words its move changes.
struct Zobrist {
    cells: [[u64; EMPTY as usize + 1]; MAX_SQUARES],
    hands: [[[u64; HAND_COUNTS]; 8]; 2],
    gote: u64,
}

const ZOBRIST: Zobrist = {
    let mut state = 0x243F_6A88_85A3_08D3;
    let mut z =
        Zobrist { cells: [[0; EMPTY as usize + 1]; MAX_SQUARES], hands: [[[0; HAND_COUNTS]; 8]; 2], gote: 0 };
    let mut sq = 0;
    while sq < MAX_SQUARES {
        let mut code = 0;
        while code < EMPTY as usize {
            z.cells[sq][code] = splitmix(&mut state);
            code += 1;
        }
        sq += 1;
    }
    let mut side = 0;
    while side < 2 {
        let mut kind = 0;
        while kind < 8 {
            let mut n = 1;
            while n < HAND_COUNTS {
                z.hands[side][kind][n] = splitmix(&mut state);
                n += 1;
            }
            kind += 1;
        }
        side += 1;
    }
    z.gote = splitmix(&mut state);
    z
};

/// The Zobrist hash of a whole position (the table uses its low bits, the slot's tag its high ones).
#[inline]
pub fn hash_position<V: Variant>(p: &Position<V>) -> u64 {
    let z = &ZOBRIST;
    let mut h = if p.side_to_move() == Color::Gote { z.gote } else { 0 };
    for (sq, &c) in p.board().iter().enumerate() {
        h ^= z.cells[sq][c as usize];
    }
    for (side, hand) in p.hands().iter().enumerate() {
        for (kind, &n) in hand.iter().enumerate() {
            h ^= z.hands[side][kind][n as usize];
        }
    }
    h
}

/// The hash of `pred`, a predecessor of `parent` (hash `hash`) by `mv`: only the side to move, the
/// squares `mv` touches and one count in the hand of the side to move in `pred` differ. Reads `pred`
/// cell by cell only (just written byte by byte, it is not read whole here).
#[inline(always)]
pub(super) fn hash_predecessor<V: Variant>(
    parent: &Position<V>,
    hash: u64,
    pred: &Position<V>,
    mv: Move,
) -> u64 {
    let z = &ZOBRIST;
    let hands = &z.hands[pred.side_to_move().index()];
    let hand = parent.hand(pred.side_to_move());
    let mut h = hash ^ z.gote;
    match mv {
        Move::Board { from, to, .. } => {
            let (from, to) = (from as usize, to as usize);
            h ^= z.cells[from][parent.cell(from) as usize] ^ z.cells[from][pred.cell(from) as usize];
            let captured = pred.cell(to);
            h ^= z.cells[to][parent.cell(to) as usize] ^ z.cells[to][captured as usize];
            if captured != EMPTY {
                let (kind, n) = ((captured >> 2) as usize, hand[(captured >> 2) as usize] as usize);
                h ^= hands[kind][n] ^ hands[kind][n - 1];
            }
        }
        Move::Drop { kind, to } => {
            let to = to as usize;
            h ^= z.cells[to][parent.cell(to) as usize] ^ z.cells[to][EMPTY as usize];
            let (kind, n) = (kind.index(), hand[kind.index()] as usize);
            h ^= hands[kind][n] ^ hands[kind][n + 1];
        }
    }
    debug_assert_eq!(h, hash_position(pred));
    h
}
