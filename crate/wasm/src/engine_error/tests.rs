use super::*;
use serde_json::{json, Value};
use shogi_reach_engine::board::position::PositionError;
use shogi_reach_engine::board::sfen::SfenError;
use shogi_reach_engine::board::variant::UnknownGame;
use shogi_reach_engine::estimate::files::FileError;
use shogi_reach_engine::estimate::report::BlockProblem;
use shogi_reach_engine::estimate::{ShardProblem, TallyProblem};
use shogi_reach_engine::records::error::{BoardProblem, RecordError, RecordErrorKind};
use shogi_reach_proof_games::proof_game::ProofGameError;
use strum::VariantNames;

const KINDS: &[&str] = ErrorKind::VARIANTS;
use shogi_reach_engine::board::piece::Kind;
use shogi_reach_engine::board::position::Position;
use shogi_reach_engine::board::variant::{MiniShogi, Shogi};
use shogi_reach_engine::reach::stage::Stage;
use std::collections::HashSet;

fn sfen_kind(text: &str) -> EngineError {
    Position::<Shogi>::from_sfen(text).map(|_| ()).map_err(EngineError::from).unwrap_err()
}

#[test]
fn kinds_are_distinct() {
    let set: HashSet<_> = KINDS.iter().collect();
    assert_eq!(set.len(), KINDS.len());
    assert!(KINDS.contains(&"shard-overlap") && KINDS.contains(&"sfen-empty"), "{KINDS:?}");
}

#[test]
fn sfen_errors_have_their_kind_and_rows_from_one() {
    assert_eq!(sfen_kind("").kind_name(), "sfen-empty");
    assert_eq!(sfen_kind("a b").kind_name(), "sfen-fields");
    let e = sfen_kind("lnsgkgsnl/9/9 b -");
    assert_eq!(
        (e.kind_name(), &e.params()["found"], &e.params()["expected"]),
        ("sfen-rows", &json!(3), &json!(9))
    );
    let e = sfen_kind("lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNX b -");
    assert_eq!(
        (e.kind_name(), &e.params()["row"], &e.params()["ch"]),
        ("sfen-board-char", &json!(9), &json!("X"))
    );
    let e = sfen_kind("lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL x -");
    assert_eq!((e.kind_name(), &e.params()["text"]), ("sfen-side", &json!("x")));
    let e = sfen_kind("lnsg1gsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b -");
    assert_eq!((e.kind_name(), &e.params()["color"]), ("missing-king", &json!("w")));
    let e = sfen_kind("lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b 3G");
    assert_eq!(
        (e.kind_name(), &e.params()["piece"], &e.params()["max"]),
        ("too-many-pieces", &json!("G"), &json!(4))
    );
    let e =
        Position::<MiniShogi>::from_sfen("rbsgk/4p/5/P4/KGSBN b -").map(|_| ()).map_err(EngineError::from);
    assert_eq!(e.unwrap_err().kind_name(), "piece-not-in-game");
}

#[test]
fn record_errors_carry_their_line_and_cause() {
    let e = EngineError::from(
        shogi_reach_engine::records::read_text("手合割：平手\n▲７六歩\n△３四歩\n▲５八金").unwrap_err(),
    );
    assert_eq!(e.kind_name(), "record-ambiguous-move");
    assert_eq!(e.params()["line"], json!(4));
    assert_eq!(e.params()["ply"], json!(3));
    assert_eq!(e.params()["candidates"], json!(["6i5h", "4i5h"]));
    let e = EngineError::from(RecordError::at(
        5,
        RecordErrorKind::BadBoard(BoardProblem::Rows { found: 3, expected: 9 }),
    ));
    assert_eq!(
        (e.kind_name(), &e.params()["problem"], &e.params()["found"]),
        ("record-bad-board", &json!("rows"), &json!(3))
    );
    assert_eq!((&e.params()["line"], &e.params()["detail"]), (&json!(5), &json!("3 rows, this game has 9")));
    let e = EngineError::from(RecordError::whole(RecordErrorKind::BadPosition(SfenError::Empty)));
    assert_eq!((e.kind_name(), &e.params()["line"]), ("record-bad-position", &Value::Null));
    assert_eq!(e.params()["cause"]["kind"], json!("sfen-empty"));
}

#[test]
fn other_errors() {
    assert_eq!(EngineError::from(UnknownGame("chess".into())).params()["name"], json!("chess"));
    let e = EngineError::from(ProofGameError::NotReachable(Stage::Prev));
    assert_eq!(
        (e.kind_name(), &e.params()["stage"], &e.params()["verdict"]),
        ("no-proof-game", &json!("prev"), &json!("unreachable"))
    );
    assert_eq!(EngineError::node_cap(0.5, 1e9).params()["max"], json!(1e9));
    assert_eq!(EngineError::from(PositionError::KingInHand).kind_name(), "king-in-hand");
    assert_eq!(
        EngineError::from(PositionError::TooManyPieces { kind: Kind::Pawn, found: 19, max: 18 }).params()
            ["found"],
        json!(19)
    );
}

/// The page says every kind in both languages: each has its `engine:KIND` text in both dictionaries.
#[test]
fn shard_file_errors_name_their_files() {
    use shogi_reach_engine::estimate::files::merge_files;
    let e = EngineError::from(merge_files::<&str>(&[]).unwrap_err());
    assert_eq!(e.kind_name(), "merge-empty");
    let e = EngineError::from(merge_files(&[("a.json", "{".to_string())]).unwrap_err());
    assert_eq!((e.kind_name(), &e.params()["file"]), ("shard-not-report", &json!("a.json")));
    let run = |seed: u64, range: [u64; 2]| {
        let blocks = shogi_reach_engine::estimate::blocks::run_by_block::<
            shogi_reach_engine::board::variant::MiniShogi,
        >(
            seed,
            range[0]..range[1],
            shogi_reach_engine::reach::search::SearchOptions { max_nodes: None, lazy_captures: true },
        );
        let r = shogi_reach_engine::estimate::files::report_from_blocks::<
            shogi_reach_engine::board::variant::MiniShogi,
        >(seed, 200, None, blocks)
        .unwrap();
        shogi_reach_engine::estimate::files::to_file_text(&r)
    };
    let e =
        EngineError::from(merge_files(&[("a", run(1, [0, 100])), ("b", run(2, [100, 200]))]).unwrap_err());
    assert_eq!(
        (e.kind_name(), &e.params()["file"], &e.params()["found"]),
        ("shard-seed", &json!("b"), &json!("2"))
    );
    let e =
        EngineError::from(merge_files(&[("a", run(1, [0, 120])), ("b", run(1, [100, 200]))]).unwrap_err());
    assert_eq!(e.kind_name(), "shard-overlap");
    assert_eq!(e.message, "b: samples [100, 200] overlap samples [0, 120] of a");
    assert_eq!(
        (&e.params()["file"], &e.params()["other"], &e.params()["otherEnd"]),
        (&json!("b"), &json!("a"), &json!(120))
    );
}

#[test]
fn tally_and_block_problems_are_named_with_their_numbers() {
    let e = EngineError::from(TallyProblem::TracedBackRows { rows: 300 });
    assert_eq!(
        (e.kind_name(), &e.params()["problem"], &e.params()["rows"], &e.params()["max"]),
        ("tally-problem", &json!("traced-back-rows"), &json!(300), &json!(256))
    );
    let problem = ShardProblem::Blocks(BlockProblem::Count { start: 0, end: 10 });
    let e = EngineError::from(FileError::Shard { file: "a.json".into(), problem, other: None });
    assert_eq!(
        (e.kind_name(), &e.params()["file"], &e.params()["problem"], &e.params()["end"]),
        ("shard-blocks", &json!("a.json"), &json!("count"), &json!(10))
    );
    assert_eq!(e.message, "a.json: per-block tallies: block 0..10 does not count its samples");
    let e = EngineError::report_too_large("big.json", 3 << 20, 1 << 20);
    assert_eq!(
        (e.kind_name(), &e.params()["file"], &e.params()["max"]),
        ("report-too-large", &json!("big.json"), &json!(1 << 20))
    );
}

#[test]
fn every_kind_has_a_text_in_both_dictionaries() {
    for language in ["en", "ja"] {
        let path = format!("{}/../../www/js/i18n/{language}.js", env!("CARGO_MANIFEST_DIR"));
        let dictionary = std::fs::read_to_string(&path).unwrap();
        let missing: Vec<_> =
            KINDS.iter().filter(|kind| !dictionary.contains(&format!("'engine:{kind}':"))).collect();
        assert!(missing.is_empty(), "{path} has no text for the error kinds {missing:?}");
        // Nor a text for a kind that no longer exists (`at-line` is the line before any record error).
        let stale: Vec<_> = dictionary
            .split("'engine:")
            .skip(1)
            .filter_map(|rest| rest.split_once("':").map(|(kind, _)| kind))
            .filter(|kind| *kind != "at-line" && !KINDS.contains(kind))
            .collect();
        assert!(stale.is_empty(), "{path} has texts for unknown error kinds {stale:?}");
    }
}
