//! Every oracle row: unrank(rank) is the listed position, ranks back, and fails the listed filter.

use crate::common::{oracle, Row};
use shogi_reach_engine::ranking::rank::{self, RankInt};
use shogi_reach_engine::reach::stage::{failed_filter, Stage};
use shogi_reach_engine::{rules, Color, MiniShogi, Position, Ranked, Shogi};

fn check_rows<V: Ranked>(file: &str) -> usize {
    let rows = oracle(file);
    for row in &rows {
        check_row::<V>(file, row);
    }
    rows.len()
}

fn check_row<V: Ranked>(file: &str, row: &Row) {
    let ctx = format!("{file}:{}", row.line);
    let r = V::Rank::parse_decimal(row.get("rank")).unwrap_or_else(|| panic!("{ctx}: rank"));
    let pos = rank::unrank::<V>(r).unwrap_or_else(|e| panic!("{ctx}: unrank: {e}"));
    let from_fen = Position::<V>::from_sfen(row.get("fen")).unwrap_or_else(|e| panic!("{ctx}: fen: {e}"));
    assert_eq!(pos, from_fen, "{ctx}: unrank(rank) differs from fen");
    let sfen = row.get("sfen");
    assert_eq!(pos.to_sfen(), sfen, "{ctx}: SFEN text");
    assert_eq!(Position::<V>::from_sfen(sfen).unwrap(), pos, "{ctx}: sfen parses to the position");
    assert_eq!(pos.rank().unwrap(), r, "{ctx}: rank(unrank(r))");
    let expected = Stage::from_name(row.get("stage")).unwrap_or_else(|| panic!("{ctx}: stage"));
    let filtered = failed_filter(&pos);
    match expected {
        Stage::Flip | Stage::Piece | Stage::King => assert_eq!(filtered, Some(expected), "{ctx}: stage"),
        _ if row.opt("source").is_some() && filtered == Some(Stage::Flip) => {
            // Extras labelled with the flip test skipped (tests/data/oracle/README.md).
            assert!(rules::placement_ok(&pos), "{ctx}: piece");
            assert!(!rules::in_check(&pos, Color::Gote), "{ctx}: king");
        }
        _ => assert_eq!(filtered, None, "{ctx}: passes the filters"),
    }
}

#[test]
fn minishogi_sample() {
    assert_eq!(check_rows::<MiniShogi>("minishogi-sample.tsv"), 10_000);
}

#[test]
fn minishogi_extras() {
    assert_eq!(check_rows::<MiniShogi>("minishogi-extras.tsv"), 2_079);
}

#[test]
fn shogi_sample() {
    assert_eq!(check_rows::<Shogi>("shogi-sample.tsv"), 10_000);
}

#[test]
fn shogi_extras() {
    assert_eq!(check_rows::<Shogi>("shogi-extras.tsv"), 651);
}

#[test]
fn minishogi_extras_not_mirror_canonical_are_exactly_29() {
    let n = oracle("minishogi-extras.tsv")
        .iter()
        .filter(|row| {
            let pos = Position::<MiniShogi>::from_sfen(row.get("sfen")).unwrap();
            failed_filter(&pos) == Some(Stage::Flip)
        })
        .count();
    assert_eq!(n, 29);
}
