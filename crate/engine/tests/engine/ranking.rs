//! Ranking: exact counts, the reference's anchors, class boundaries and round trips.

use crate::common::oracle;
use proptest::prelude::*;
use shogi_reach_engine::ranking::rank::{self, RankError, RankInt};
use shogi_reach_engine::ranking::wide::U256;
use shogi_reach_engine::{MiniShogi, Position, Ranked, Shogi};

const SHOGI_COUNT: &str = "80880932079767835177773204009328769812438521503800714936366945233084532";
const MINISHOGI_COUNT: u64 = 16014219505238849250;

fn unrank_ref<V: Ranked>(r: V::Rank) -> Position<V> {
    rank::unrank::<V>(r).unwrap()
}

fn same<V: Ranked>(pos: &Position<V>, reference_text: &str) {
    assert_eq!(*pos, Position::<V>::from_sfen(reference_text).unwrap(), "expected {reference_text}");
}

#[test]
fn counts_are_exact() {
    assert_eq!(rank::candidate_count::<Shogi>().to_string(), SHOGI_COUNT);
    assert_eq!(rank::candidate_count::<MiniShogi>(), MINISHOGI_COUNT);
    assert_eq!(Shogi::classes().classes().len(), 106_875);
    assert_eq!(MiniShogi::classes().classes().len(), 243);
}

#[test]
fn shogi_anchors() {
    let last = rank::candidate_count::<Shogi>().checked_sub(U256::from_u128(1)).unwrap();
    for (r, text) in [
        (U256::ZERO, "Knppr4/klppr4/glppb4/glppb4/glpp5/gpps5/npps5/npps5/npps5[] w"),
        (U256::from_u128(1), "knppr4/Klppr4/glppb4/glppb4/glpp5/gpps5/npps5/npps5/npps5[] w"),
        (U256::from_u128(3276), "Knppr4/klppr4/glppb4/glppb4/glpp5/npps5/gpps5/npps5/npps5[] w"),
        (
            last,
            "5+R+P+P+L/5+R+P+P+N/5+S+P+P+N/5+S+P+P+N/5+S+P+P+N/5+S+P+PG/5+P+P+LG/4k+P+P+LG/4K+P+P+LG[BB] w",
        ),
    ] {
        let pos = unrank_ref::<Shogi>(r);
        same(&pos, text);
        assert_eq!(pos.rank().unwrap(), r);
    }
}

#[test]
fn minishogi_anchors() {
    for (r, text) in [
        (0, "Kpb2/ksb2/gs3/gr3/pr3[] w"),
        (1, "kpb2/Ksb2/gs3/gr3/pr3[] w"),
        (10, "Kpb2/gsb2/ks3/gr3/pr3[] w"),
        (MINISHOGI_COUNT - 1, "5/4+R/4+R/2k1G/2K1G[PPSSBB] w"),
        (12191478789204996339, "2bp1/1+S1kr/Gb3/3+sp/1K1+r1[G] w"),
        (922954480167522874, "rbsgk/4p/5/P4/KGSBR[] w"),
    ] {
        let pos = unrank_ref::<MiniShogi>(r);
        same(&pos, text);
        assert_eq!(pos.rank().unwrap(), r);
    }
    assert_eq!(Position::<MiniShogi>::startpos().rank().unwrap(), 922954480167522874);
}

#[test]
fn minishogi_class_table_matches_reference() {
    let rows = oracle("minishogi-classes.tsv");
    let classes = MiniShogi::classes().classes();
    assert_eq!(rows.len(), classes.len());
    for (row, class) in rows.iter().zip(classes) {
        assert_eq!(row.get("offset").parse::<u64>().unwrap(), class.offset, "class {}", row.get("cls"));
        assert_eq!(row.get("size").parse::<u64>().unwrap(), class.size, "class {}", row.get("cls"));
        for (kind, col) in
            ["G", "P", "S", "R", "B"].iter().zip(["hand_G", "hand_P", "hand_S", "hand_R", "hand_B"])
        {
            let k = shogi_reach_engine::Kind::from_letter(kind.chars().next().unwrap()).unwrap();
            assert_eq!(row.get(col).parse::<u8>().unwrap(), class.in_hand[k.index()]);
        }
    }
}

/// First and last rank of a class unrank to positions of that class and rank back.
fn class_boundaries<V: Ranked>(every: usize) {
    let table = V::classes();
    let classes = table.classes();
    for (i, class) in classes.iter().enumerate().step_by(every).chain(classes.iter().enumerate().take(50)) {
        let last = class
            .offset
            .checked_add(class.size)
            .unwrap()
            .checked_sub(V::Rank::from_u128(1).unwrap())
            .unwrap();
        for r in [class.offset, last] {
            let pos = unrank_ref::<V>(r);
            assert_eq!(pos.rank().unwrap(), r, "class {i}");
            for k in V::KINDS {
                let held = pos.hand(shogi_reach_engine::Color::Sente)[k.index()]
                    + pos.hand(shogi_reach_engine::Color::Gote)[k.index()];
                assert_eq!(held, class.in_hand[k.index()], "class {i} hand");
            }
        }
        // The rank just below the class belongs to the previous one.
        if i > 0 {
            let below = class.offset.checked_sub(V::Rank::from_u128(1).unwrap()).unwrap();
            let pos = unrank_ref::<V>(below);
            assert_eq!(pos.rank().unwrap(), below);
            let prev = &classes[i - 1];
            for k in V::KINDS {
                let held = pos.hand(shogi_reach_engine::Color::Sente)[k.index()]
                    + pos.hand(shogi_reach_engine::Color::Gote)[k.index()];
                assert_eq!(held, prev.in_hand[k.index()]);
            }
        }
    }
}

#[test]
fn minishogi_class_boundaries() {
    class_boundaries::<MiniShogi>(1);
}

#[test]
fn shogi_class_boundaries() {
    class_boundaries::<Shogi>(97);
}

#[test]
fn out_of_range_and_outside_the_set() {
    assert!(matches!(rank::unrank::<MiniShogi>(MINISHOGI_COUNT), Err(RankError::OutOfRange { .. })));
    assert!(matches!(rank::unrank::<MiniShogi>(u64::MAX), Err(RankError::OutOfRange { .. })));
    assert!(matches!(
        rank::unrank::<Shogi>(rank::candidate_count::<Shogi>()),
        Err(RankError::OutOfRange { .. })
    ));
    let max = U256::from_limbs_le([u64::MAX; 4]);
    assert!(matches!(rank::unrank::<Shogi>(max), Err(RankError::OutOfRange { .. })));
    // Gote to move, pieces missing, king on the wrong half.
    let gote = Position::<MiniShogi>::from_sfen("rbsgk/4p/5/P4/KGSBR w - 1").unwrap();
    assert_eq!(gote.rank(), Err(RankError::GoteToMove));
    let missing = Position::<MiniShogi>::from_sfen("rbsgk/4p/5/5/KGSBR b - 1").unwrap();
    assert_eq!(missing.rank(), Err(RankError::Incomplete));
    let right = Position::<MiniShogi>::from_sfen("rbsgk/4p/5/P4/KGSBR b - 1").unwrap().mirrored();
    assert_eq!(right.rank(), Err(RankError::NotKCanonical));
    // Both kings on the centre file is K-canonical.
    let shogi_start = Position::<Shogi>::startpos();
    assert_eq!(unrank_ref::<Shogi>(shogi_start.rank().unwrap()), shogi_start);
}

/// A rank below |P_K|: random bits as wide as |P_K|, less |P_K| where they are not below it (|P_K| is at
/// least half of 2^bits, so one subtraction suffices).
fn any_shogi_rank() -> impl Strategy<Value = U256> {
    let count = rank::candidate_count::<Shogi>();
    let bits = count.bits();
    assert!(bits > 192);
    any::<[u64; 4]>().prop_map(move |mut limbs| {
        limbs[3] &= (1 << (bits - 192)) - 1;
        let r = U256::from_limbs_le(limbs);
        r.checked_sub(count).unwrap_or(r)
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(3000))]

    #[test]
    fn minishogi_round_trip(r in 0..MINISHOGI_COUNT) {
        let pos = unrank_ref::<MiniShogi>(r);
        prop_assert_eq!(pos.rank().unwrap(), r);
        let reparsed = Position::<MiniShogi>::from_sfen(&pos.to_sfen()).unwrap();
        prop_assert_eq!(reparsed, pos);
    }

    #[test]
    fn shogi_round_trip(r in any_shogi_rank()) {
        let pos = unrank_ref::<Shogi>(r);
        prop_assert_eq!(pos.rank().unwrap(), r);
        let reparsed = Position::<Shogi>::from_sfen(&pos.to_sfen()).unwrap();
        prop_assert_eq!(reparsed, pos);
    }
}
