//! The engine's errors as the browser shows them: a named kind (`sfen-rows`, `record-ambiguous-move`, …)
//! with its parameters (line, row, piece letter, squares as USI names, …) beside the English text, so that
//! the page can say every error in its own language (`www/js/errors.js` and the `engine:KIND` texts of
//! `www/js/i18n/en.js` and `ja.js`). [`KINDS`] lists every kind; a test checks that both dictionaries have
//! each of them.

use serde::Serialize;
use serde_json::{json, Map, Value};
use shogi_reach_engine::board::color::Color;
use shogi_reach_engine::board::position::PositionError;
use shogi_reach_engine::board::sfen::SfenError;
use shogi_reach_engine::board::variant::UnknownGame;
use shogi_reach_engine::estimate::files::FileError;
use shogi_reach_engine::estimate::report::BlockProblem;
use shogi_reach_engine::estimate::{ShardProblem, TallyOverflow, TallyProblem};
use shogi_reach_engine::records::error::{
    BoardProblem, RecordError, RecordErrorKind, MAX_RECORD_BYTES, MAX_RECORD_PLIES,
};
use shogi_reach_engine::why::explanation::ExplainError;
use shogi_reach_proof_games::proof_game::ProofGameError;
use std::fmt;

/// Every kind an [`EngineError`] can have.
pub const KINDS: &[&str] = &[
    "unknown-game",
    "sfen-empty",
    "sfen-fields",
    "sfen-rows",
    "sfen-row-width",
    "sfen-board-char",
    "sfen-promotion",
    "sfen-side",
    "sfen-hand-char",
    "sfen-hand-count",
    "sfen-move-number",
    "sfen-trailing",
    "missing-king",
    "extra-king",
    "too-many-pieces",
    "piece-not-in-game",
    "king-in-hand",
    "bad-cell",
    "record-too-large",
    "report-too-large",
    "record-too-many-moves",
    "record-not-text",
    "record-empty",
    "record-unknown-format",
    "record-unknown-handicap",
    "record-bad-position",
    "record-bad-board",
    "record-bad-hand",
    "record-bad-move",
    "record-illegal-move",
    "record-ambiguous-move",
    "record-wrong-side",
    "record-same-without-previous",
    "record-wrong-game",
    "record-ply-out-of-range",
    "record-input-type",
    "no-proof-game",
    "proof-game-failed",
    "proof-game-not-found",
    "certificate-failed",
    "node-cap",
    "budget-scale",
    "sample-range",
    "tally-overflow",
    "tally-problem",
    "bad-argument",
    "merge-empty",
    "shard-not-report",
    "shard-game",
    "shard-format",
    "shard-variant",
    "shard-seed",
    "shard-samples",
    "shard-node-cap",
    "shard-blocks",
    "shard-no-blocks",
    "shard-range",
    "shard-overlap",
    "shard-covered",
    "shard-tally",
    "shard-overflow",
];

/// An error for the browser: `kind` (one of [`KINDS`]), the English `message`, and the parameters the
/// page's texts need (`line` for a record's errors, `cause` for the error inside another one).
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct EngineError {
    pub kind: &'static str,
    pub message: String,
    pub params: Map<String, Value>,
}

impl EngineError {
    /// An error of `kind` saying `message`, with `params` (a JSON object, or null for none).
    pub fn new(kind: &'static str, message: impl Into<String>, params: Value) -> EngineError {
        debug_assert!(KINDS.contains(&kind), "unlisted error kind {kind}");
        let params = match params {
            Value::Object(map) => map,
            _ => Map::new(),
        };
        EngineError { kind, message: message.into(), params }
    }

    /// `kind`, message and parameters as one JSON object (`{kind, message, params}`).
    pub fn to_json(&self) -> Value {
        json!({ "kind": self.kind, "message": self.message, "params": self.params })
    }

    /// A node cap that is not a whole number from 1 to `max`.
    pub fn node_cap(value: f64, max: f64) -> EngineError {
        EngineError::new(
            "node-cap",
            format!("node cap {value}: use a whole number from 1 to {max}"),
            json!({ "value": value, "max": max }),
        )
    }

    /// A proof game's budget scale that is not a number from 0 to 1000.
    pub fn budget_scale(scale: f64) -> EngineError {
        EngineError::new(
            "budget-scale",
            format!("search budget {scale} times the default: use a number from 0 to 1000"),
            json!({ "value": scale }),
        )
    }

    /// A report file (`file`) of `bytes` bytes, more than the `max` the browser reads.
    pub fn report_too_large(file: &str, bytes: usize, max: usize) -> EngineError {
        EngineError::new(
            "report-too-large",
            format!("{file}: report of {bytes} bytes: at most {max} are read"),
            json!({ "file": file, "bytes": bytes, "max": max }),
        )
    }

    /// An argument of the wrong shape (a value JavaScript passed that does not deserialize).
    pub fn bad_argument(detail: impl fmt::Display) -> EngineError {
        let detail = detail.to_string();
        EngineError::new("bad-argument", detail.clone(), json!({ "detail": detail }))
    }
}

impl fmt::Display for EngineError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for EngineError {}

/// `b` (Sente) or `w` (Gote), as SFEN writes the side.
fn side(c: Color) -> String {
    c.sfen_char().to_string()
}

impl From<UnknownGame> for EngineError {
    fn from(e: UnknownGame) -> Self {
        let name: String = e.0.chars().take(40).collect();
        EngineError::new("unknown-game", e.to_string(), json!({ "name": name }))
    }
}

impl From<PositionError> for EngineError {
    fn from(e: PositionError) -> Self {
        let message = e.to_string();
        let (kind, params) = match e {
            PositionError::MissingKing(c) => ("missing-king", json!({ "color": side(c) })),
            PositionError::ExtraKing(c) => ("extra-king", json!({ "color": side(c) })),
            PositionError::TooManyPieces { kind, found, max } => {
                ("too-many-pieces", json!({ "piece": kind.letter().to_string(), "found": found, "max": max }))
            }
            PositionError::KindNotInGame(kind) => {
                ("piece-not-in-game", json!({ "piece": kind.letter().to_string() }))
            }
            PositionError::KingInHand => ("king-in-hand", Value::Null),
            PositionError::BadCell(code) => ("bad-cell", json!({ "code": code })),
        };
        EngineError::new(kind, message, params)
    }
}

impl From<SfenError> for EngineError {
    fn from(e: SfenError) -> Self {
        let message = e.to_string();
        let (kind, params) = match e {
            SfenError::Position(p) => return p.into(),
            SfenError::Empty => ("sfen-empty", Value::Null),
            SfenError::Fields { found } => ("sfen-fields", json!({ "found": found })),
            SfenError::Rows { expected, found } => {
                ("sfen-rows", json!({ "expected": expected, "found": found }))
            }
            SfenError::RowWidth { row, expected, found } => {
                ("sfen-row-width", json!({ "row": row + 1, "expected": expected, "found": found }))
            }
            SfenError::BadBoardChar { row, ch } => {
                ("sfen-board-char", json!({ "row": row + 1, "ch": ch.to_string() }))
            }
            SfenError::BadPromotion { row } => ("sfen-promotion", json!({ "row": row + 1 })),
            SfenError::BadSide(text) => ("sfen-side", json!({ "text": text })),
            SfenError::BadHandChar(ch) => ("sfen-hand-char", json!({ "ch": ch.to_string() })),
            SfenError::BadHandCount(text) => ("sfen-hand-count", json!({ "text": text })),
            SfenError::BadMoveNumber(text) => ("sfen-move-number", json!({ "text": text })),
            SfenError::Trailing(text) => ("sfen-trailing", json!({ "text": text })),
        };
        EngineError::new(kind, message, params)
    }
}

impl From<RecordError> for EngineError {
    fn from(e: RecordError) -> Self {
        use shogi_reach_engine::board::sfen::quote;
        use RecordErrorKind::*;
        let message = e.to_string();
        let (kind, mut params) = match e.kind {
            TooLarge { bytes } => ("record-too-large", json!({ "bytes": bytes, "max": MAX_RECORD_BYTES })),
            TooManyMoves => ("record-too-many-moves", json!({ "max": MAX_RECORD_PLIES })),
            NotText => ("record-not-text", json!({})),
            Empty => ("record-empty", json!({})),
            UnknownFormat(s) => ("record-unknown-format", json!({ "text": quote(&s) })),
            UnknownHandicap(s) => ("record-unknown-handicap", json!({ "text": quote(&s) })),
            BadPosition(sfen) => {
                ("record-bad-position", json!({ "cause": EngineError::from(sfen).to_json() }))
            }
            BadBoard(problem) => {
                // `problem` names what is wrong (the English `detail` says it).
                let detail = problem.to_string();
                let params = match problem {
                    BoardProblem::TooManyRows => json!({ "problem": "too-many-rows", "detail": detail }),
                    BoardProblem::Rows { found, expected } => {
                        json!({ "problem": "rows", "found": found, "expected": expected, "detail": detail })
                    }
                    BoardProblem::Row(row) => {
                        json!({ "problem": "row", "text": quote(&row), "detail": detail })
                    }
                    BoardProblem::RowWidth { found, expected } => {
                        json!({ "problem": "row-width", "found": found, "expected": expected, "detail": detail })
                    }
                    BoardProblem::CsaLine { what, line } => {
                        json!({ "problem": "csa-line", "part": what, "text": quote(&line), "detail": detail })
                    }
                };
                ("record-bad-board", params)
            }
            BadHand(s) => ("record-bad-hand", json!({ "text": quote(&s) })),
            BadMove(s) => ("record-bad-move", json!({ "text": quote(&s) })),
            IllegalMove { ply, text, sfen } => {
                ("record-illegal-move", json!({ "ply": ply, "text": quote(&text), "sfen": sfen }))
            }
            AmbiguousMove { ply, text, candidates } => (
                "record-ambiguous-move",
                json!({ "ply": ply, "text": quote(&text), "candidates": candidates }),
            ),
            WrongSide { ply, text } => ("record-wrong-side", json!({ "ply": ply, "text": quote(&text) })),
            SameWithoutPrevious(s) => ("record-same-without-previous", json!({ "text": quote(&s) })),
            WrongGame { expected, found } => {
                ("record-wrong-game", json!({ "expected": expected, "found": found }))
            }
            PlyOutOfRange { ply, plies } => {
                ("record-ply-out-of-range", json!({ "ply": ply, "plies": plies }))
            }
        };
        params["line"] = json!(e.line);
        EngineError::new(kind, message, params)
    }
}

impl From<ProofGameError> for EngineError {
    fn from(e: ProofGameError) -> Self {
        let message = e.to_string();
        match e {
            ProofGameError::NotReachable(stage) => EngineError::new(
                "no-proof-game",
                message,
                json!({ "verdict": stage.verdict().name(), "stage": stage.name() }),
            ),
            ProofGameError::Construction(detail) | ProofGameError::Verification(detail) => {
                EngineError::new("proof-game-failed", message, json!({ "detail": detail }))
            }
            ProofGameError::NotFound => EngineError::new("proof-game-not-found", message, Value::Null),
        }
    }
}

impl From<ExplainError> for EngineError {
    fn from(e: ExplainError) -> Self {
        let message = e.to_string();
        EngineError::new("certificate-failed", message.clone(), json!({ "detail": message }))
    }
}

impl From<FileError> for EngineError {
    fn from(e: FileError) -> Self {
        let message = e.to_string();
        let (kind, params) = match e {
            FileError::Empty => ("merge-empty", json!({})),
            FileError::NotReport { file, detail } => {
                ("shard-not-report", json!({ "file": file, "detail": detail }))
            }
            FileError::Game { file, game } => {
                let name: String = game.0.chars().take(40).collect();
                ("shard-game", json!({ "file": file, "name": name }))
            }
            FileError::Shard { file, problem, other } => shard_problem(file, problem, other),
        };
        EngineError::new(kind, message, params)
    }
}

/// The kind and parameters of a shard file's problem.
fn shard_problem(file: String, problem: ShardProblem, other: Option<String>) -> (&'static str, Value) {
    let cap = |n: Option<usize>| n.map_or(Value::Null, |n| json!(n));
    match problem {
        ShardProblem::Format { found } => ("shard-format", json!({ "file": file, "found": found })),
        ShardProblem::Variant { found, expected } => {
            ("shard-variant", json!({ "file": file, "found": found, "expected": expected }))
        }
        ShardProblem::Seed { found, expected } => (
            "shard-seed",
            json!({ "file": file, "found": found.to_string(), "expected": expected.to_string() }),
        ),
        ShardProblem::TotalSamples { found, expected } => {
            ("shard-samples", json!({ "file": file, "found": found, "expected": expected }))
        }
        ShardProblem::MaxNodes { found, expected } => {
            ("shard-node-cap", json!({ "file": file, "found": cap(found), "expected": cap(expected) }))
        }
        ShardProblem::Blocks(p) => ("shard-blocks", with_file(block_problem(&p), file)),
        ShardProblem::NoBlocks => ("shard-no-blocks", json!({ "file": file })),
        ShardProblem::BadRange { range, samples } => {
            ("shard-range", json!({ "file": file, "start": range[0], "end": range[1], "samples": samples }))
        }
        ShardProblem::Overlap { range, other_range, .. } => (
            "shard-overlap",
            json!({
                "file": file, "start": range[0], "end": range[1],
                "other": other, "otherStart": other_range[0], "otherEnd": other_range[1],
            }),
        ),
        ShardProblem::Covered { tally, ranges } => {
            ("shard-covered", json!({ "file": file, "tally": tally, "ranges": ranges }))
        }
        ShardProblem::Tally(p) => ("shard-tally", with_file(tally_problem(&p), file)),
        ShardProblem::Overflow(o) => ("shard-overflow", json!({ "file": file, "detail": o.to_string() })),
    }
}

impl From<TallyOverflow> for EngineError {
    fn from(e: TallyOverflow) -> Self {
        EngineError::new("tally-overflow", e.to_string(), json!({ "field": e.field }))
    }
}

impl From<TallyProblem> for EngineError {
    fn from(e: TallyProblem) -> Self {
        EngineError::new("tally-problem", e.to_string(), tally_problem(&e))
    }
}

/// `params` (an object) with the file's name added.
fn with_file(mut params: Value, file: String) -> Value {
    params["file"] = file.into();
    params
}

/// What is wrong with per-block tallies, for the page to say in its language: `problem` (`misplaced`,
/// `count`, `coverage`, `sum`), the block's samples where there is one, and the English `detail`.
fn block_problem(p: &BlockProblem) -> Value {
    let detail = p.to_string();
    match *p {
        BlockProblem::Misplaced { start, end } => {
            json!({ "problem": "misplaced", "start": start, "end": end, "detail": detail })
        }
        BlockProblem::Count { start, end } => {
            json!({ "problem": "count", "start": start, "end": end, "detail": detail })
        }
        BlockProblem::Coverage => json!({ "problem": "coverage", "detail": detail }),
        BlockProblem::Sum => json!({ "problem": "sum", "detail": detail }),
    }
}

/// Counts of a tally that contradict one another, for the page to say in its language: `problem`
/// (`stage-total`, `traced-back`, `traced-back-rows`) with its numbers (a sum beyond 64 bits is null), and
/// the English `detail`.
fn tally_problem(p: &TallyProblem) -> Value {
    let detail = p.to_string();
    match *p {
        TallyProblem::StageTotal { stages, samples } => {
            json!({ "problem": "stage-total", "sum": stages, "samples": samples, "detail": detail })
        }
        TallyProblem::TracedBack { traced, prev_and_reach } => {
            json!({ "problem": "traced-back", "sum": traced, "samples": prev_and_reach, "detail": detail })
        }
        TallyProblem::TracedBackRows { rows } => json!({
            "problem": "traced-back-rows", "rows": rows, "max": shogi_reach_engine::estimate::TRACED_BACK_ROWS, "detail": detail,
        }),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
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
    }

    #[test]
    fn sfen_errors_have_their_kind_and_rows_from_one() {
        assert_eq!(sfen_kind("").kind, "sfen-empty");
        assert_eq!(sfen_kind("a b").kind, "sfen-fields");
        let e = sfen_kind("lnsgkgsnl/9/9 b -");
        assert_eq!((e.kind, &e.params["found"], &e.params["expected"]), ("sfen-rows", &json!(3), &json!(9)));
        let e = sfen_kind("lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNX b -");
        assert_eq!((e.kind, &e.params["row"], &e.params["ch"]), ("sfen-board-char", &json!(9), &json!("X")));
        let e = sfen_kind("lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL x -");
        assert_eq!((e.kind, &e.params["text"]), ("sfen-side", &json!("x")));
        let e = sfen_kind("lnsg1gsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b -");
        assert_eq!((e.kind, &e.params["color"]), ("missing-king", &json!("w")));
        let e = sfen_kind("lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b 3G");
        assert_eq!(
            (e.kind, &e.params["piece"], &e.params["max"]),
            ("too-many-pieces", &json!("G"), &json!(4))
        );
        let e = Position::<MiniShogi>::from_sfen("rbsgk/4p/5/P4/KGSBN b -")
            .map(|_| ())
            .map_err(EngineError::from);
        assert_eq!(e.unwrap_err().kind, "piece-not-in-game");
    }

    #[test]
    fn record_errors_carry_their_line_and_cause() {
        let e = EngineError::from(
            shogi_reach_engine::records::read_text("手合割：平手\n▲７六歩\n△３四歩\n▲５八金").unwrap_err(),
        );
        assert_eq!(e.kind, "record-ambiguous-move");
        assert_eq!(e.params["line"], json!(4));
        assert_eq!(e.params["ply"], json!(3));
        assert_eq!(e.params["candidates"], json!(["6i5h", "4i5h"]));
        let e = EngineError::from(RecordError::at(
            5,
            RecordErrorKind::BadBoard(BoardProblem::Rows { found: 3, expected: 9 }),
        ));
        assert_eq!(
            (e.kind, &e.params["problem"], &e.params["found"]),
            ("record-bad-board", &json!("rows"), &json!(3))
        );
        assert_eq!((&e.params["line"], &e.params["detail"]), (&json!(5), &json!("3 rows, this game has 9")));
        let e = EngineError::from(RecordError::whole(RecordErrorKind::BadPosition(SfenError::Empty)));
        assert_eq!((e.kind, &e.params["line"]), ("record-bad-position", &Value::Null));
        assert_eq!(e.params["cause"]["kind"], json!("sfen-empty"));
    }

    #[test]
    fn other_errors() {
        assert_eq!(EngineError::from(UnknownGame("chess".into())).params["name"], json!("chess"));
        let e = EngineError::from(ProofGameError::NotReachable(Stage::Prev));
        assert_eq!(
            (e.kind, &e.params["stage"], &e.params["verdict"]),
            ("no-proof-game", &json!("prev"), &json!("unreachable"))
        );
        assert_eq!(EngineError::node_cap(0.5, 1e9).params["max"], json!(1e9));
        assert_eq!(EngineError::from(PositionError::KingInHand).kind, "king-in-hand");
        assert_eq!(
            EngineError::from(PositionError::TooManyPieces { kind: Kind::Pawn, found: 19, max: 18 }).params
                ["found"],
            json!(19)
        );
    }

    /// The page says every kind in both languages: each has its `engine:KIND` text in both dictionaries.
    #[test]
    fn shard_file_errors_name_their_files() {
        use shogi_reach_engine::estimate::files::merge_files;
        let e = EngineError::from(merge_files::<&str>(&[]).unwrap_err());
        assert_eq!(e.kind, "merge-empty");
        let e = EngineError::from(merge_files(&[("a.json", "{".to_string())]).unwrap_err());
        assert_eq!((e.kind, &e.params["file"]), ("shard-not-report", &json!("a.json")));
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
        let e = EngineError::from(
            merge_files(&[("a", run(1, [0, 100])), ("b", run(2, [100, 200]))]).unwrap_err(),
        );
        assert_eq!((e.kind, &e.params["file"], &e.params["found"]), ("shard-seed", &json!("b"), &json!("2")));
        let e = EngineError::from(
            merge_files(&[("a", run(1, [0, 120])), ("b", run(1, [100, 200]))]).unwrap_err(),
        );
        assert_eq!(e.kind, "shard-overlap");
        assert_eq!(e.message, "b: samples [100, 200] overlap samples [0, 120] of a");
        assert_eq!(
            (&e.params["file"], &e.params["other"], &e.params["otherEnd"]),
            (&json!("b"), &json!("a"), &json!(120))
        );
    }

    #[test]
    fn tally_and_block_problems_are_named_with_their_numbers() {
        let e = EngineError::from(TallyProblem::TracedBackRows { rows: 300 });
        assert_eq!(
            (e.kind, &e.params["problem"], &e.params["rows"], &e.params["max"]),
            ("tally-problem", &json!("traced-back-rows"), &json!(300), &json!(256))
        );
        let problem = ShardProblem::Blocks(BlockProblem::Count { start: 0, end: 10 });
        let e = EngineError::from(FileError::Shard { file: "a.json".into(), problem, other: None });
        assert_eq!(
            (e.kind, &e.params["file"], &e.params["problem"], &e.params["end"]),
            ("shard-blocks", &json!("a.json"), &json!("count"), &json!(10))
        );
        assert_eq!(e.message, "a.json: per-block tallies: block 0..10 does not count its samples");
        let e = EngineError::report_too_large("big.json", 3 << 20, 1 << 20);
        assert_eq!(
            (e.kind, &e.params["file"], &e.params["max"]),
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
}
