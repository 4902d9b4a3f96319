//! The reference's total order on positions, which breaks the search's ties, and the open-list key that
//! holds its start inline.

use crate::board::color::Color;
use crate::board::position::{Hand, Position};
use crate::board::variant::Variant;
use std::cmp::Ordering;

/// Compares hands as the reference does: each as the sorted sequence of its pieces' kinds, a proper
/// prefix first.
fn cmp_hand(a: &Hand, b: &Hand) -> Ordering {
    for k in 1..8 {
        if a[k] != b[k] {
            // After the common prefix, the shorter run continues with a later kind or ends.
            let (short, long_is_less) =
                if a[k] < b[k] { (a, Ordering::Greater) } else { (b, Ordering::Less) };
            let short_ends = short[k + 1..].iter().all(|&n| n == 0);
            return if short_ends { long_is_less.reverse() } else { long_is_less };
        }
    }
    Ordering::Equal
}

/// The reference's total order on positions: side to move (Sente first), the cells in reading order
/// (piece order, empty last), Sente's hand, Gote's hand.
pub(crate) fn cmp_positions<V: Variant>(a: &Position<V>, b: &Position<V>) -> Ordering {
    a.side_to_move()
        .cmp(&b.side_to_move())
        .then_with(|| a.board().cmp(b.board()))
        .then_with(|| cmp_hand(a.hand(Color::Sente), b.hand(Color::Sente)))
        .then_with(|| cmp_hand(a.hand(Color::Gote), b.hand(Color::Gote)))
}

/// The open-list key of a position: the side to move and its first 15 cells.
#[inline]
pub(super) fn order_key<V: Variant>(pos: &Position<V>) -> u128 {
    let mut key = [0u8; 16];
    key[0] = pos.side_to_move() as u8;
    key[1..].copy_from_slice(&pos.board()[..15]);
    u128::from_be_bytes(key)
}
