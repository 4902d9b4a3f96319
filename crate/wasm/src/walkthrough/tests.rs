use super::*;
use shogi_reach_engine::board::variant::{MiniShogi, Shogi};
use shogi_reach_engine::rules;

const SEED: u64 = 20261122;

/// The board of an SFEN mirrored left to right (hands and side unchanged).
fn mirrored_sfen(sfen: &str) -> String {
    let mut fields = sfen.split(' ');
    let board = fields.next().unwrap();
    let rows: Vec<String> = board
        .split('/')
        .map(|row| {
            // Tokens: a piece with its `+`, or a run of empty squares.
            let mut tokens = Vec::new();
            let mut chars = row.chars();
            while let Some(c) = chars.next() {
                if c == '+' {
                    tokens.push(format!("+{}", chars.next().unwrap()));
                } else {
                    tokens.push(c.to_string());
                }
            }
            tokens.reverse();
            tokens.concat()
        })
        .collect();
    std::iter::once(rows.join("/")).chain(fields.map(String::from)).collect::<Vec<_>>().join(" ")
}

/// Every example is the first sample of the seed that fails its stage (or, for `OK`, the first reachable
/// one), per the engine's exact classification.
fn examples_fail_their_stage<V: Ranked>() {
    with_thread_search::<V, _>(|search| {
        let exact = SearchOptions { max_nodes: Some(1_000_000), lazy_captures: false };
        for stage in EXAMPLE_STAGES.into_iter().chain([Stage::Ok]) {
            let example = first_failing::<V>(stage, SEED, search).unwrap();
            assert_eq!(example.stage, stage.name());
            let pos = Position::<V>::from_sfen(&example.sfen).unwrap();
            assert_eq!(classify(&pos, search, exact).stage, stage, "{}", example.sfen);
            assert_eq!(sampled::<V>(SEED, example.index).unwrap().sfen, example.sfen);
            assert_eq!(example.squares.is_empty(), stage == Stage::Ok, "{stage}: {:?}", example.squares);
            for earlier in 0..example.index {
                let before = Position::<V>::from_sfen(&sampled::<V>(SEED, earlier).unwrap().sfen).unwrap();
                assert_ne!(classify(&before, search, exact).stage, stage, "sample {earlier}");
            }
        }
    });
}

#[test]
fn examples_fail_their_stage_shogi() {
    examples_fail_their_stage::<Shogi>();
}

#[test]
fn examples_fail_their_stage_minishogi() {
    examples_fail_their_stage::<MiniShogi>();
}

/// The flip example's squares: both kings on the centre file, a piece and the empty mirror square it
/// would go to; its mirror image passes the filter.
fn flip_reason<V: Ranked>() {
    let example = with_thread_search::<V, _>(|search| first_failing::<V>(Stage::Flip, SEED, search)).unwrap();
    let pos = Position::<V>::from_sfen(&example.sfen).unwrap();
    let squares = mirror_difference(&pos);
    assert_eq!(squares.len(), 4, "{squares:?}");
    let g = V::geometry();
    assert_eq!(&squares[..2], &[pos.king(Color::Sente), pos.king(Color::Gote)]);
    assert!(squares[..2].iter().all(|&k| g.mirror[k] as usize == k));
    let (piece, mirror) = (squares[2], squares[3]);
    assert_eq!(g.mirror[piece] as usize, mirror);
    assert_ne!(pos.board()[piece], pos.board()[mirror]);
    let image = Position::<V>::from_sfen(&mirrored_sfen(&example.sfen)).unwrap();
    assert!(!rules::is_mirror_canonical(&pos));
    assert!(rules::is_mirror_canonical(&image));
    assert!(mirror_difference(&image).is_empty());
}

#[test]
fn flip_reason_shogi() {
    flip_reason::<Shogi>();
}

#[test]
fn flip_reason_minishogi() {
    flip_reason::<MiniShogi>();
}

#[test]
fn mirrored_sfen_reverses_each_rank() {
    assert_eq!(mirrored_sfen("+P3k/5/5/5/K4 b - 1"), "k3+P/5/5/5/4K b - 1");
}

/// `king`: Gote's king (Sente is to move) is among the squares; `prev`: every square holds a piece of
/// Gote, the side that moved last.
fn king_and_prev_reasons<V: Ranked>() {
    with_thread_search::<V, _>(|search| {
        let king = first_failing::<V>(Stage::King, SEED, search).unwrap();
        let pos = Position::<V>::from_sfen(&king.sfen).unwrap();
        assert!(reason_squares(&pos, Stage::King, search).contains(&pos.king(Color::Gote)));
        let prev = first_failing::<V>(Stage::Prev, SEED, search).unwrap();
        let pos = Position::<V>::from_sfen(&prev.sfen).unwrap();
        for sq in reason_squares(&pos, Stage::Prev, search) {
            let code = pos.board()[sq];
            let piece = shogi_reach_engine::board::piece::Piece::from_code(code).unwrap();
            assert_eq!(piece.color(), Color::Gote, "{}", prev.sfen);
        }
    });
}

#[test]
fn king_and_prev_reasons_shogi() {
    king_and_prev_reasons::<Shogi>();
}

#[test]
fn king_and_prev_reasons_minishogi() {
    king_and_prev_reasons::<MiniShogi>();
}
