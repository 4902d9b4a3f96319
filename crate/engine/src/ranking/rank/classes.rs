//! The hand classes: the ranking's outer digit. P_K is cut into classes by how many pieces of each kind are
//! in hand; each class has a size and an offset, in the reference's order of classes.

use crate::board::variant::{Judkins, MiniShogi, Shogi, Variant};
use crate::ranking::rank::counting::{board_radix, king_placements};
use crate::ranking::rank::int::RankInt;
use crate::ranking::wide::U256;
use std::sync::OnceLock;

/// The ranking facts of a game: the integer type of its ranks and its hand-class table.
pub trait Ranked: Variant {
    /// Integer type wide enough for every rank.
    type Rank: RankInt;
    /// The hand-class table of the ranking, built on first use.
    fn classes() -> &'static ClassTable<Self>;
}

impl Ranked for Shogi {
    type Rank = U256;

    fn classes() -> &'static ClassTable<Self> {
        static TABLE: OnceLock<ClassTable<Shogi>> = OnceLock::new();
        TABLE.get_or_init(ClassTable::build)
    }
}

impl Ranked for MiniShogi {
    type Rank = u64;

    fn classes() -> &'static ClassTable<Self> {
        static TABLE: OnceLock<ClassTable<MiniShogi>> = OnceLock::new();
        TABLE.get_or_init(ClassTable::build)
    }
}

impl Ranked for Judkins {
    type Rank = U256;

    fn classes() -> &'static ClassTable<Self> {
        static TABLE: OnceLock<ClassTable<Judkins>> = OnceLock::new();
        TABLE.get_or_init(ClassTable::build)
    }
}

/// One hand class: how many pieces of each kind are in hand (both sides together).
#[derive(Clone, Debug)]
pub struct HandClass<R> {
    /// The rank of the class's first position: the sizes of the classes before it, added up.
    pub offset: R,
    /// How many positions of P_K the class holds.
    pub size: R,
    /// Pieces in hand per kind, indexed by [`Kind`](crate::board::piece::Kind).
    pub in_hand: [u8; 8],
}

/// All hand classes of a game in the reference's order, with offsets.
pub struct ClassTable<V: Ranked> {
    pub(super) classes: Vec<HandClass<V::Rank>>,
    /// Sorted position of each class, indexed by the dense mixed-radix code of its hand vector.
    pub(super) by_hand: Vec<u32>,
    /// |P_K|: the sum of the classes' sizes.
    pub(super) count: V::Rank,
}

/// The dense mixed-radix code of a hand vector (one digit per kind, radix its total plus one).
pub(super) fn dense_hand_code<V: Variant>(in_hand: &[u8; 8]) -> usize {
    V::KINDS.iter().fold(0, |acc, k| acc * (V::TOTAL[k.index()] as usize + 1) + in_hand[k.index()] as usize)
}

impl<V: Ranked> ClassTable<V> {
    /// The classes of `V`, sorted as the reference sorts them, with their offsets: what a game's
    /// [`Ranked::classes`] builds once and keeps.
    pub fn build() -> ClassTable<V> {
        let kinds = V::KINDS;
        let n_classes: usize = kinds.iter().map(|k| V::TOTAL[k.index()] as usize + 1).product();
        let mut classes = Vec::with_capacity(n_classes);
        let mut in_hand = [0u8; 8];
        for code in 0..n_classes {
            let mut c = code;
            for k in kinds.iter().rev() {
                let radix = V::TOTAL[k.index()] as usize + 1;
                in_hand[k.index()] = (c % radix) as u8;
                c /= radix;
            }
            classes.push(HandClass { offset: V::Rank::ZERO, size: Self::class_size(&in_hand), in_hand });
        }
        // The reference sorts classes by the list of (type id, count) over kinds held, a prefix first.
        let key = |c: &HandClass<V::Rank>| -> Vec<(u8, u8)> {
            kinds
                .iter()
                .filter(|k| c.in_hand[k.index()] > 0)
                .map(|k| (V::CLASS_ID[k.index()], c.in_hand[k.index()]))
                .collect()
        };
        classes.sort_by_cached_key(key);
        let mut by_hand = vec![0u32; n_classes];
        let mut offset = V::Rank::ZERO;
        for (i, class) in classes.iter_mut().enumerate() {
            class.offset = offset;
            offset = offset.checked_add(class.size).expect("|P_K| fits the rank type");
            by_hand[dense_hand_code::<V>(&class.in_hand)] = i as u32;
        }
        ClassTable { classes, by_hand, count: offset }
    }

    fn class_size(in_hand: &[u8; 8]) -> V::Rank {
        let mut size = V::Rank::from_u128(king_placements::<V>() as u128).unwrap();
        let mut empty = V::squares() - 2;
        for &k in V::KINDS {
            let h = in_hand[k.index()] as usize;
            let n = V::TOTAL[k.index()] as usize - h;
            let radix = (h as u128 + 1) * board_radix(k, empty, n);
            size = size.mul_add(radix, 0).expect("class size fits the rank type");
            empty -= n;
        }
        size
    }

    /// |P_K|.
    pub fn count(&self) -> V::Rank {
        self.count
    }

    /// The classes in rank order.
    pub fn classes(&self) -> &[HandClass<V::Rank>] {
        &self.classes
    }
}

/// |P_K| of the game.
pub fn candidate_count<V: Ranked>() -> V::Rank {
    V::classes().count()
}
