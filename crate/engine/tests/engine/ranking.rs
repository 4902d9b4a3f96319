//! Ranking: exact counts, the reference's anchors, class boundaries and round trips.

use crate::common::oracle;
use proptest::prelude::*;
use shogi_reach_engine::board::variant::{Game, Geometry, Judkins};
use shogi_reach_engine::ranking::rank::ClassTable;
use shogi_reach_engine::ranking::rank::{self, RankError, RankInt};
use shogi_reach_engine::ranking::wide::U256;
use shogi_reach_engine::{Color, Kind, MiniShogi, Piece, Position, Ranked, Setup, Shogi, Variant};
use std::sync::OnceLock;

const SHOGI_COUNT: &str = "80880932079767835177773204009328769812438521503800714936366945233084532";
const MINISHOGI_COUNT: u64 = 16014219505238849250;
/// Judkins shogi's |P_K|, as this engine counts it (no paper counted it): the brute-force counts below
/// check the counting on reduced material, boards of odd and even width.
const JUDKINS_COUNT: &str = "14645048235550755350648670";

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
    assert_eq!(rank::candidate_count::<Judkins>().to_string(), JUDKINS_COUNT);
    // Each of six kinds has 0, 1 or 2 pieces in hand.
    assert_eq!(Judkins::classes().classes().len(), 729);
}

/// A game of reduced material (one gold, two pawns) on a small board, to count P_K by brute force.
macro_rules! reduced_game {
    ($name:ident, $w:literal, $h:literal) => {
        #[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
        struct $name;

        impl Variant for $name {
            const NAME: &'static str = stringify!($name);
            // Only the ranking reads this game; it needs some run-time name.
            const GAME: Game = Game::MiniShogi;
            const W: usize = $w;
            const H: usize = $h;
            const ZONE: usize = 1;
            const KINDS: &'static [Kind] = &[Kind::Gold, Kind::Pawn];
            const TOTAL: [u8; 8] = [2, 1, 0, 0, 2, 0, 0, 0];
            const CLASS_ID: [u8; 8] = [0, 1, 2, 3, 4, 5, 6, 7];
            const START_SFEN: &'static str = "";
            const USI_START: &'static str = "";
            const KIF_HANDICAP: &'static str = "";
            const CSA_RECORDS: bool = false;
            const HANDICAPS: &'static [(&'static str, &'static str)] = &[];
            const KING_NEAR_WEIGHT: u32 = 0;
            type Board = [u8; $w * $h];

            fn geometry() -> &'static Geometry {
                static GEOMETRY: Geometry = Geometry::new($w, $h);
                &GEOMETRY
            }

            fn empty_board() -> Self::Board {
                [shogi_reach_engine::board::piece::EMPTY; $w * $h]
            }
        }

        impl Ranked for $name {
            type Rank = u64;

            fn classes() -> &'static ClassTable<Self> {
                static TABLE: OnceLock<ClassTable<$name>> = OnceLock::new();
                TABLE.get_or_init(ClassTable::build)
            }
        }
    };
}

reduced_game!(EvenWidth, 4, 2);
reduced_game!(OddWidth, 3, 3);

/// Whether the kings stand K-canonically, by the definition: Sente's king left of the centre, or on the
/// centre file (an odd width has one) with Gote's king not right of it.
fn kings_canonical<V: Variant>(sente: usize, gote: usize) -> bool {
    let g = V::geometry();
    let (xs, xg) = (g.x(sente), g.x(gote));
    xs < V::W / 2 || (V::W % 2 == 1 && xs == V::W / 2 && xg <= V::W / 2)
}

/// Each way to place up to `most` pieces of `choices` on `n` squares, in ascending order of squares.
fn placements(n: usize, most: usize, choices: &[Piece]) -> Vec<Vec<(usize, Piece)>> {
    let (mut all, mut longest) = (vec![vec![]], vec![vec![]]);
    for _ in 0..most {
        longest = longest
            .iter()
            .flat_map(|p: &Vec<(usize, Piece)>| {
                let after = p.last().map_or(0, |&(sq, _)| sq + 1);
                (after..n).flat_map(move |sq| choices.iter().map(move |&pc| [&p[..], &[(sq, pc)]].concat()))
            })
            .collect();
        all.extend(longest.iter().cloned());
    }
    all
}

/// The position of a reduced game with the kings on `kings`, `placed` on the board, and Sente holding
/// `sente_held` golds and pawns of the `held` in hand (Gote the rest).
fn reduced_position<V: Variant>(
    kings: [usize; 2],
    placed: &[(usize, Piece)],
    held: [u8; 2],
    sente_held: [u8; 2],
) -> Position<V> {
    let mut setup = Setup::<V>::empty();
    let cells = setup.board.as_mut();
    for (color, sq) in Color::BOTH.into_iter().zip(kings) {
        cells[sq] = Piece::unpromoted(Kind::King, color).code();
    }
    for &(sq, pc) in placed {
        cells[sq] = pc.code();
    }
    for (i, kind) in [Kind::Gold, Kind::Pawn].into_iter().enumerate() {
        setup.hands[0][kind.index()] = sente_held[i];
        setup.hands[1][kind.index()] = held[i] - sente_held[i];
    }
    Position::try_from(setup).unwrap()
}

/// Every position of P_K of a reduced game, listed by brute force: each king placement, the gold in a hand
/// or on a square of either side, the pawns on none, one or two squares (each side's, promoted or not),
/// the rest in hand split every way. Their number is |P_K|, their ranks all differ, each unranks back.
fn brute_force_count<V: Ranked<Rank = u64>>() {
    let n = V::squares();
    let count = rank::candidate_count::<V>();
    let mut seen = vec![false; count as usize];
    let golds = Color::BOTH.map(|c| Piece::unpromoted(Kind::Gold, c));
    let pawns = Color::BOTH.map(|c| [Piece::unpromoted(Kind::Pawn, c), Piece::new(Kind::Pawn, true, c)]);
    let (gold_places, pawn_places) = (placements(n, 1, &golds), placements(n, 2, pawns.as_flattened()));
    let mut listed = 0u64;
    for (ks, kg) in (0..n).flat_map(|a| (0..n).map(move |b| (a, b))).filter(|&(a, b)| a != b) {
        if !kings_canonical::<V>(ks, kg) {
            continue;
        }
        for gold in &gold_places {
            for pawn in &pawn_places {
                let placed: Vec<(usize, Piece)> = gold.iter().chain(pawn).copied().collect();
                let mut squares: Vec<usize> = placed.iter().map(|&(sq, _)| sq).chain([ks, kg]).collect();
                squares.sort_unstable();
                squares.dedup();
                if squares.len() < placed.len() + 2 {
                    continue;
                }
                let held = [1 - gold.len() as u8, 2 - pawn.len() as u8];
                for sente_held in (0..=held[0]).flat_map(|g| (0..=held[1]).map(move |p| [g, p])) {
                    let pos = reduced_position::<V>([ks, kg], &placed, held, sente_held);
                    let r = pos.rank().unwrap_or_else(|e| panic!("{}: {e}", pos.to_sfen()));
                    assert!(r < count, "{}", pos.to_sfen());
                    assert!(!std::mem::replace(&mut seen[r as usize], true), "rank {r} twice");
                    assert_eq!(unrank_ref::<V>(r), pos);
                    listed += 1;
                }
            }
        }
    }
    assert_eq!(listed, count);
}

#[test]
fn reduced_material_counts_by_brute_force() {
    brute_force_count::<EvenWidth>();
    brute_force_count::<OddWidth>();
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

/// A rank below Judkins shogi's |P_K| (< 2^84).
fn any_judkins_rank() -> impl Strategy<Value = U256> {
    let count = rank::candidate_count::<Judkins>();
    any::<[u64; 2]>().prop_map(move |[low, high]| {
        let r = U256::from_limbs_le([low, high & ((1 << (count.bits() - 64)) - 1), 0, 0]);
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
    fn judkins_round_trip_and_one_of_each_mirror_pair(r in any_judkins_rank()) {
        let pos = unrank_ref::<Judkins>(r);
        prop_assert_eq!(pos.rank().unwrap(), r);
        prop_assert_eq!(Position::<Judkins>::from_sfen(&pos.to_sfen()).unwrap(), pos);
        // No centre file: the mirror image is never K-canonical.
        prop_assert_eq!(pos.mirrored().rank(), Err(RankError::NotKCanonical));
    }

    #[test]
    fn shogi_round_trip(r in any_shogi_rank()) {
        let pos = unrank_ref::<Shogi>(r);
        prop_assert_eq!(pos.rank().unwrap(), r);
        let reparsed = Position::<Shogi>::from_sfen(&pos.to_sfen()).unwrap();
        prop_assert_eq!(reparsed, pos);
    }
}
