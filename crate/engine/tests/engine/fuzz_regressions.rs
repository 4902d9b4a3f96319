//! Inputs the fuzz targets (`crate/fuzz`, `scripts/fuzz.sh`) found to crash the library, minimised, each
//! replayed through the public API.

use shogi_reach_engine::board::sfen::parse_setup;
use shogi_reach_engine::estimate::{merge_reports, Report};
use shogi_reach_engine::{MiniShogi, Position, Shogi};

/// Found by the `sfen` target: 256 copies of one piece letter in the hands of the reference format
/// (`board[hands] w`) overflow the u8 count (`attempt to add with overflow` in `board/sfen.rs` with
/// overflow checks; without them the count wraps to 0 and a wrong position is accepted).
#[test]
fn reference_hand_of_256_pieces_is_refused() {
    let text = format!("4k/5/5/5/K4[{}] w", "P".repeat(256));
    assert!(parse_setup::<MiniShogi>(&text).is_err());
    assert!(Position::<MiniShogi>::from_sfen(&text).is_err());
    let text = format!("4k4/9/9/9/9/9/9/9/4K4[{}] w", "g".repeat(256));
    assert!(parse_setup::<Shogi>(&text).is_err());
    assert!(Position::<Shogi>::from_sfen(&text).is_err());
    // 255 copies still parse as a setup (the count fits) and are refused as a position.
    let text = format!("4k/5/5/5/K4[{}] w", "P".repeat(255));
    assert_eq!(
        parse_setup::<MiniShogi>(&text).unwrap().hands[0][shogi_reach_engine::Kind::Pawn.index()],
        255
    );
    assert!(Position::<MiniShogi>::from_sfen(&text).is_err());
}

/// A shard report of Mini Shogi (`estimate --json`) with the given range and tally fields.
fn shard(samples: u64, range: [u64; 2], tally_samples: u64, stages: &str) -> Report {
    let text = format!(
        r#"{{"format":2,"variant":"minishogi","seed":1,"max_nodes":null,"samples":{samples},
            "ranges":[[{},{}]],
            "tally":{{"samples":{tally_samples},"stages":{{{stages}}},"traced_back":[],
                      "reachable_pops":0,"reachable_nodes":0,"reachable_plies":0}},
            "candidates":"","funnel":[],
            "estimate":{{"p_hat":0,"sigma":0,"reachable":0,"low":0,"high":0,"unknown":0}}}}"#,
        range[0], range[1]
    );
    serde_json::from_str(&text).expect("the report parses")
}

/// Found by the `shard` target: a shard whose stage counts add up to more than its samples makes
/// `merge` panic (`attempt to subtract with overflow` in `Tally::funnel`, estimate.rs, called by
/// `Report::new`); without overflow checks the funnel wraps around. Such a shard is not one of a run.
#[test]
fn merge_refuses_stage_counts_above_samples() {
    let r = shard(1, [0, 1], 1, r#""flip":2"#);
    assert!(merge_reports::<MiniShogi>(&[r]).is_err());
}

/// Found by the `shard` target: two shards whose sample counts add up past u64::MAX make `merge` panic
/// (`attempt to add with overflow` in `Tally::merge`, estimate.rs).
#[test]
fn merge_refuses_counts_that_overflow() {
    let a = shard(2, [0, 1], u64::MAX, "");
    let b = shard(2, [1, 2], 1, "");
    assert!(merge_reports::<MiniShogi>(&[a, b]).is_err());
}

/// Found while checking the `records` seeds (not a crash): a KIF resignation line as other programs
/// write it (`   6 投了`, no square) was refused as an unreadable move, because `parse_kif` read the
/// square before it looked for `投了`/`中断`.
#[test]
fn kif_resignation_line_ends_the_game() {
    let text =
        "手数----指手---------消費時間--\n   1 ７六歩(77)   ( 0:00/00:00:00)\n   2 投了   ( 0:00/00:00:00)\n";
    assert_eq!(shogi_reach_engine::records::parse_kif::<Shogi>(text).map(|m| m.len()), Ok(1));
}
