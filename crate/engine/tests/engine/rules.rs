//! Forward rules: perft from the start positions, USI moves, special rules.

use shogi_reach_engine::board::piece::EMPTY;
use shogi_reach_engine::board::variant::{Judkins, OFF};
use shogi_reach_engine::ranking::rank;
use shogi_reach_engine::ranking::sample::RankSampler;
use shogi_reach_engine::rules::{self, legal_moves, perft, play};
use shogi_reach_engine::{Color, MiniShogi, Move, MoveList, Position, Ranked, Shogi, Variant};

fn pos<V: Variant>(sfen: &str) -> Position<V> {
    Position::from_sfen(sfen).unwrap_or_else(|e| panic!("{sfen}: {e}"))
}

fn legal_usi<V: Variant>(p: &Position<V>) -> Vec<String> {
    let mut moves = MoveList::new();
    legal_moves(p, &mut moves);
    let mut v: Vec<String> = moves.iter().map(|m| m.to_usi::<V>()).collect();
    v.sort();
    v
}

/// perft of `V`'s start to depth 1, 2, …: `expected`.
fn start_perft<V: Variant>(expected: &[u64]) {
    let start = Position::<V>::startpos();
    for (d, &n) in expected.iter().enumerate() {
        assert_eq!(perft(&start, d as u32 + 1), n, "depth {}", d + 1);
    }
}

#[test]
fn shogi_perft() {
    start_perft::<Shogi>(&[30, 900, 25_470, 719_731]);
}

#[test]
fn minishogi_perft() {
    start_perft::<MiniShogi>(&[14, 181, 2_512, 35_401, 533_203]);
}

/// Fairy-Stockfish 11.1 (Debian's `fairy-stockfish`, `UCI_Variant judkins`, `go perft N`) counts the same;
/// the Python tests compare positions deeper in games with it (`test_fairy_stockfish.py`).
#[test]
fn judkins_perft() {
    start_perft::<Judkins>(&[20, 336, 6_183, 118_345, 2_389_896]);
}

#[test]
fn usi_round_trip_of_every_legal_move() {
    let mut p = Position::<Shogi>::startpos();
    for usi in ["7g7f", "3c3d", "8h2b+", "3a2b", "B*4e"] {
        let m = rules::parse_legal_move(&p, usi).unwrap_or_else(|e| panic!("{usi}: {e}"));
        assert_eq!(m.to_usi::<Shogi>(), usi);
        p = play(&p, m);
    }
    assert_eq!(p.to_sfen(), "lnsgkg1nl/1r5s1/pppppp1pp/6p2/5B3/2P6/PP1PPPPPP/7R1/LNSGKGSNL w b 1");
    let mut moves = MoveList::new();
    legal_moves(&p, &mut moves);
    for &m in moves.iter() {
        assert_eq!(Move::from_usi::<Shogi>(&m.to_usi::<Shogi>()).unwrap(), m);
    }
    for bad in ["", "7g", "7g7g", "0a1b", "7j7f", "K*5e", "+*5e", "P*5", "7g7f++", "p*5e"] {
        assert!(Move::from_usi::<Shogi>(bad).is_err(), "{bad}");
    }
    assert!(rules::parse_legal_move(&Position::<Shogi>::startpos(), "7g7e").is_err());
    assert!(Move::from_usi::<MiniShogi>("6a5a").is_err());
    assert!(Move::from_usi::<MiniShogi>("N*3c").is_err());
    assert_eq!(Move::from_usi::<MiniShogi>("5d5c").unwrap().to_usi::<MiniShogi>(), "5d5c");
}

#[test]
fn drop_pawn_mate_is_illegal_but_pawn_drop_check_is_not() {
    // Gote's king on 9a, boxed in by its own knight and lance; P*9b, guarded by the gold on 8c, would
    // mate and is not allowed.
    let p = pos::<Shogi>("kn7/1l7/1G7/9/9/9/9/9/4K4 b P 1");
    let moves = legal_usi(&p);
    assert!(!moves.contains(&"P*9b".to_string()), "{moves:?}");
    // The same drop when the king can escape is legal.
    let p = pos::<Shogi>("k8/9/1G7/9/9/9/9/9/4K4 b P 1");
    assert!(legal_usi(&p).contains(&"P*9b".to_string()));
    // Mini Shogi too.
    let p = pos::<MiniShogi>("kp3/5/1G3/5/4K b P 1");
    assert!(!legal_usi(&p).contains(&"P*5b".to_string()));
}

#[test]
fn two_pawns_dead_pieces_and_forced_promotion() {
    let p = pos::<Shogi>("4k4/9/9/9/9/9/4P4/9/4K4 b PLN 1");
    let moves = legal_usi(&p);
    assert!(!moves.iter().any(|m| m.starts_with("P*5")), "nifu");
    assert!(!moves.iter().any(|m| m == "P*1a" || m == "L*1a" || m == "N*1a" || m == "N*1b"));
    assert!(moves.contains(&"N*1c".to_string()) && moves.contains(&"L*1b".to_string()));
    let p = pos::<Shogi>("4k4/P8/1N7/9/9/9/9/9/4K4 b - 1");
    let moves = legal_usi(&p);
    assert!(moves.contains(&"9b9a+".to_string()) && !moves.contains(&"9b9a".to_string()));
    assert!(moves.contains(&"8c9a+".to_string()) && !moves.contains(&"8c9a".to_string()));
    let p = pos::<MiniShogi>("4k/P4/5/5/K4 b - 1");
    let moves = legal_usi(&p);
    assert!(moves.contains(&"5b5a+".to_string()) && !moves.contains(&"5b5a".to_string()));
}

#[test]
fn no_move_leaves_the_king_in_check() {
    // The bishop on 5g is pinned by the rook on 5a.
    let p = pos::<Shogi>("k3r4/9/9/9/9/9/4B4/9/4K4 b - 1");
    let moves = legal_usi(&p);
    assert!(moves.iter().all(|m| !m.starts_with("5g")), "{moves:?}");
}

#[test]
fn filters_on_hand_made_positions() {
    use shogi_reach_engine::reach::stage::{failed_filter, Stage};
    // Two Sente pawns on file 5.
    let p = pos::<Shogi>("4k4/9/9/9/4P4/9/4P4/9/3K5 b - 1");
    assert!(!rules::placement_ok(&p));
    // A promoted pawn does not count.
    let p = pos::<Shogi>("4k4/9/9/9/4+P4/9/4P4/9/3K5 b - 1");
    assert!(rules::placement_ok(&p));
    // Gote's knight on rank h is dead.
    let p = pos::<Shogi>("4k4/9/9/9/9/9/9/n8/3K5 b - 1");
    assert!(!rules::placement_ok(&p));
    // Sente can capture Gote's king: king stage.
    let p = pos::<MiniShogi>("k4/R4/5/5/2K2 b - 1");
    assert!(rules::in_check(&p, shogi_reach_engine::Color::Gote));
    // Mirror test: kings on file 3, Sente's rook on the right sorts first mirrored.
    let left = pos::<MiniShogi>("2k2/5/R4/5/2K2 b - 1");
    let right = pos::<MiniShogi>("2k2/5/4R/5/2K2 b - 1");
    assert_ne!(rules::is_mirror_canonical(&left), rules::is_mirror_canonical(&right));
    assert!(rules::is_mirror_canonical(&pos::<MiniShogi>("2k2/5/R3R/5/2K2 b - 1")), "symmetric kept");
    assert_eq!(failed_filter(&pos::<MiniShogi>("k4/R4/5/5/2K2 b - 1")), Some(Stage::King));
}

/// A position's square masks, read eight cells at a time, agree with its cells one by one; each ray
/// runs from its square to the edge, and a clear run stops at the first piece.
fn masks_agree_with_cells<V: Ranked>(seed: u64) {
    let sampler = RankSampler::<V>::new(seed);
    let g = V::geometry();
    for i in 0..300 {
        let p = rank::unrank::<V>(sampler.rank(i)).unwrap();
        let mask = |keep: &dyn Fn(u8) -> bool| {
            (0..V::squares()).filter(|&sq| keep(p.cell(sq))).fold(0u128, |m, sq| m | 1 << sq)
        };
        assert_eq!(p.occupied(), mask(&|c| c != EMPTY));
        for color in Color::BOTH {
            assert_eq!(p.pieces_of(color), mask(&|c| c != EMPTY && c & 1 == color as u8));
        }
        for sq in 0..V::squares() {
            for d in 0..8 {
                let mut walk = Vec::new();
                let mut t = g.nb[sq][d];
                while t != OFF {
                    walk.push(t as usize);
                    t = g.nb[t as usize][d];
                }
                assert_eq!(g.ray[sq][d], walk.iter().fold(0u128, |m, &t| m | 1 << t));
                let first = walk.iter().position(|&t| p.cell(t) != EMPTY);
                let clear = walk[..first.unwrap_or(walk.len())].iter().fold(0u128, |m, &t| m | 1 << t);
                assert_eq!(g.clear_run(sq, d, p.occupied()), (clear, first.map_or(OFF, |f| walk[f] as u8)));
            }
        }
    }
}

#[test]
fn square_masks_and_rays_agree_with_the_board() {
    masks_agree_with_cells::<Shogi>(1);
    masks_agree_with_cells::<MiniShogi>(1);
    masks_agree_with_cells::<Judkins>(1);
}
