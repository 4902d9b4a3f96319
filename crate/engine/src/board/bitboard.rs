//! Sets of squares as bit masks (up to 128 squares: both boards fit).

use std::ops::{BitAnd, BitOr, BitXor, Not};

/// A set of squares: bit `sq` is set for square `sq`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Bitboard(pub u128);

impl Bitboard {
    /// The empty set.
    pub const EMPTY: Bitboard = Bitboard(0);

    /// The set with square `sq` added.
    #[inline]
    pub const fn with(self, sq: usize) -> Bitboard {
        Bitboard(self.0 | 1 << sq)
    }

    /// Whether square `sq` is in the set.
    #[inline]
    pub const fn contains(self, sq: usize) -> bool {
        self.0 >> sq & 1 != 0
    }

    /// Whether the set has no square.
    #[inline]
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// The number of squares in the set.
    #[inline]
    pub const fn count(self) -> u32 {
        self.0.count_ones()
    }

    /// The lowest square in the set.
    #[inline]
    pub const fn lowest(self) -> Option<usize> {
        if self.0 == 0 {
            None
        } else {
            Some(self.0.trailing_zeros() as usize)
        }
    }

    /// The squares in ascending order.
    pub fn iter(self) -> impl Iterator<Item = usize> {
        let mut bits = self.0;
        std::iter::from_fn(move || {
            let sq = (bits != 0).then(|| bits.trailing_zeros() as usize)?;
            bits &= bits - 1;
            Some(sq)
        })
    }
}

impl BitOr for Bitboard {
    type Output = Bitboard;
    fn bitor(self, o: Bitboard) -> Bitboard {
        Bitboard(self.0 | o.0)
    }
}

impl BitAnd for Bitboard {
    type Output = Bitboard;
    fn bitand(self, o: Bitboard) -> Bitboard {
        Bitboard(self.0 & o.0)
    }
}

impl BitXor for Bitboard {
    type Output = Bitboard;
    fn bitxor(self, o: Bitboard) -> Bitboard {
        Bitboard(self.0 ^ o.0)
    }
}

impl Not for Bitboard {
    type Output = Bitboard;
    fn not(self) -> Bitboard {
        Bitboard(!self.0)
    }
}

#[cfg(test)]
mod tests {
    use super::Bitboard;

    #[test]
    fn set_operations() {
        let a = Bitboard::EMPTY.with(0).with(80).with(7);
        assert!(a.contains(80) && a.contains(7) && !a.contains(8));
        assert_eq!(a.count(), 3);
        assert_eq!(a.iter().collect::<Vec<_>>(), vec![0, 7, 80]);
        assert_eq!(a.lowest(), Some(0));
        assert_eq!((a ^ Bitboard::EMPTY.with(0)).lowest(), Some(7));
        assert_eq!((a & !Bitboard::EMPTY.with(7)).count(), 2);
        assert!(Bitboard::EMPTY.lowest().is_none() && Bitboard::EMPTY.is_empty());
    }
}
