//! The engine's errors as the browser shows them: a named kind (`sfen-rows`, `record-ambiguous-move`, …)
//! with its parameters (line, row, piece letter, squares as USI names, …) beside the English text, so that
//! the page can say every error in its own language (`www/js/engine/errors.js` and the `engine:KIND` texts
//! of `www/js/i18n/en.js` and `ja.js`). The kinds are the variants of [`ErrorKind`], serialized as
//! `{kind, params}`; a test checks that both dictionaries have a text for each of them.

use serde::Serialize;
use serde_json::Value;
use shogi_reach_engine::board::color::Color;
use shogi_reach_engine::board::position::PositionError;
use shogi_reach_engine::board::sfen::{quote, SfenError};
use shogi_reach_engine::board::variant::UnknownGame;
use shogi_reach_engine::estimate::files::FileError;
use shogi_reach_engine::estimate::report::BlockProblem;
use shogi_reach_engine::estimate::{ShardProblem, TallyOverflow, TallyProblem, TRACED_BACK_ROWS};
use shogi_reach_engine::records::error::{
    BoardProblem, RecordError, RecordErrorKind, MAX_RECORD_BYTES, MAX_RECORD_PLIES,
};
use shogi_reach_engine::why::explanation::ExplainError;
use shogi_reach_proof_games::proof_game::ProofGameError;
use std::fmt;

/// An error for the browser: its kind with the parameters the page's texts need (`line` for a record's
/// errors, `cause` for the error inside another one), and the English `message`. As JSON:
/// `{kind, params, message}`.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct EngineError {
    #[serde(flatten)]
    pub kind: ErrorKind,
    pub message: String,
}

/// What went wrong, by kind (`kind` in JSON, the variant's name in kebab case) with its parameters
/// (`params`, an object).
#[derive(Clone, Debug, PartialEq, Serialize, strum::VariantNames, strum::IntoStaticStr)]
#[serde(tag = "kind", content = "params", rename_all = "kebab-case")]
#[strum(serialize_all = "kebab-case")]
pub enum ErrorKind {
    UnknownGame {
        name: String,
    },
    SfenEmpty {},
    SfenFields {
        found: usize,
    },
    SfenRows {
        expected: usize,
        found: usize,
    },
    SfenRowWidth {
        row: usize,
        expected: usize,
        found: usize,
    },
    SfenBoardChar {
        row: usize,
        ch: String,
    },
    SfenPromotion {
        row: usize,
    },
    SfenSide {
        text: String,
    },
    SfenHandChar {
        ch: String,
    },
    SfenHandCount {
        text: String,
    },
    SfenMoveNumber {
        text: String,
    },
    SfenTrailing {
        text: String,
    },
    MissingKing {
        color: String,
    },
    ExtraKing {
        color: String,
    },
    TooManyPieces {
        piece: String,
        found: u64,
        max: u32,
    },
    PieceNotInGame {
        piece: String,
    },
    KingInHand {},
    BadCell {
        code: u8,
    },
    RecordTooLarge {
        line: Option<usize>,
        bytes: usize,
        max: usize,
    },
    ReportTooLarge {
        file: String,
        bytes: usize,
        max: usize,
    },
    RecordTooManyMoves {
        line: Option<usize>,
        max: usize,
    },
    RecordNotText {
        line: Option<usize>,
    },
    RecordEmpty {
        line: Option<usize>,
    },
    RecordUnknownFormat {
        line: Option<usize>,
        text: String,
    },
    RecordUnknownHandicap {
        line: Option<usize>,
        text: String,
    },
    RecordBadPosition {
        line: Option<usize>,
        cause: Box<EngineError>,
    },
    RecordBadBoard {
        line: Option<usize>,
        #[serde(flatten)]
        problem: BoardProblemParams,
        detail: String,
    },
    RecordBadHand {
        line: Option<usize>,
        text: String,
    },
    RecordBadMove {
        line: Option<usize>,
        text: String,
    },
    RecordIllegalMove {
        line: Option<usize>,
        ply: usize,
        text: String,
        sfen: String,
    },
    RecordAmbiguousMove {
        line: Option<usize>,
        ply: usize,
        text: String,
        candidates: Vec<String>,
    },
    RecordWrongSide {
        line: Option<usize>,
        ply: usize,
        text: String,
    },
    RecordSameWithoutPrevious {
        line: Option<usize>,
        text: String,
    },
    RecordWrongGame {
        line: Option<usize>,
        expected: &'static str,
        found: &'static str,
    },
    RecordPlyOutOfRange {
        line: Option<usize>,
        ply: usize,
        plies: usize,
    },
    RecordInputType {},
    NoProofGame {
        verdict: &'static str,
        stage: &'static str,
    },
    ProofGameFailed {
        detail: String,
    },
    ProofGameNotFound {},
    CertificateFailed {
        detail: String,
    },
    NodeCap {
        value: f64,
        max: f64,
    },
    BudgetScale {
        value: f64,
    },
    SampleRange {
        start: u64,
        end: u64,
    },
    TallyOverflow {
        field: &'static str,
    },
    TallyProblem {
        #[serde(flatten)]
        problem: TallyProblemParams,
        detail: String,
    },
    BadArgument {
        detail: String,
    },
    MergeEmpty {},
    ShardNotReport {
        file: String,
        detail: String,
    },
    ShardGame {
        file: String,
        name: String,
    },
    ShardFormat {
        file: String,
        found: u32,
    },
    ShardVariant {
        file: String,
        found: String,
        expected: &'static str,
    },
    ShardSeed {
        file: String,
        found: String,
        expected: String,
    },
    ShardSamples {
        file: String,
        found: u64,
        expected: u64,
    },
    ShardNodeCap {
        file: String,
        found: Option<usize>,
        expected: Option<usize>,
    },
    ShardBlocks {
        file: String,
        #[serde(flatten)]
        problem: BlockProblemParams,
        detail: String,
    },
    ShardNoBlocks {
        file: String,
    },
    ShardRange {
        file: String,
        start: u64,
        end: u64,
        samples: u64,
    },
    ShardOverlap {
        file: String,
        start: u64,
        end: u64,
        other: Option<String>,
        #[serde(rename = "otherStart")]
        other_start: u64,
        #[serde(rename = "otherEnd")]
        other_end: u64,
    },
    ShardCovered {
        file: String,
        tally: u64,
        ranges: u64,
    },
    ShardTally {
        file: String,
        #[serde(flatten)]
        problem: TallyProblemParams,
        detail: String,
    },
    ShardOverflow {
        file: String,
        detail: String,
    },
}

/// What is wrong with a record's board diagram (`problem`), for the page to say in its language.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(tag = "problem", rename_all = "kebab-case")]
pub enum BoardProblemParams {
    TooManyRows,
    Rows { found: usize, expected: usize },
    Row { text: String },
    RowWidth { found: usize, expected: usize },
    CsaLine { part: &'static str, text: String },
}

/// What is wrong with per-block tallies (`problem`), with the block's samples where there is one.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(tag = "problem", rename_all = "kebab-case")]
pub enum BlockProblemParams {
    Misplaced { start: u64, end: u64 },
    Count { start: u64, end: u64 },
    Coverage,
    Sum,
}

/// Counts of a tally that contradict one another (`problem`), with its numbers (a sum beyond 64 bits is
/// null).
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(tag = "problem", rename_all = "kebab-case")]
pub enum TallyProblemParams {
    StageTotal { sum: Option<u64>, samples: u64 },
    TracedBack { sum: Option<u64>, samples: u64 },
    TracedBackRows { rows: usize, max: usize },
}

impl EngineError {
    /// An error of `kind` saying `message`.
    pub fn new(kind: ErrorKind, message: impl Into<String>) -> EngineError {
        EngineError { kind, message: message.into() }
    }

    /// The kind's name, as the page's dictionaries key it (`sfen-rows`).
    pub fn kind_name(&self) -> &'static str {
        (&self.kind).into()
    }

    /// The parameters as one JSON object.
    pub fn params(&self) -> Value {
        self.to_json()["params"].take()
    }

    /// `kind`, message and parameters as one JSON object (`{kind, message, params}`).
    pub fn to_json(&self) -> Value {
        serde_json::to_value(self).expect("JSON of an error")
    }

    /// A node cap that is not a whole number from 1 to `max`.
    pub fn node_cap(value: f64, max: f64) -> EngineError {
        let message = format!("node cap {value}: use a whole number from 1 to {max}");
        EngineError::new(ErrorKind::NodeCap { value, max }, message)
    }

    /// A proof game's budget scale that is not a number from 0 to 1000.
    pub fn budget_scale(value: f64) -> EngineError {
        let message = format!("search budget {value} times the default: use a number from 0 to 1000");
        EngineError::new(ErrorKind::BudgetScale { value }, message)
    }

    /// A report file (`file`) of `bytes` bytes, more than the `max` the browser reads.
    pub fn report_too_large(file: &str, bytes: usize, max: usize) -> EngineError {
        let message = format!("{file}: report of {bytes} bytes: at most {max} are read");
        EngineError::new(ErrorKind::ReportTooLarge { file: file.to_string(), bytes, max }, message)
    }

    /// An argument of the wrong shape (a value JavaScript passed that does not deserialize).
    pub fn bad_argument(detail: impl fmt::Display) -> EngineError {
        let detail = detail.to_string();
        EngineError::new(ErrorKind::BadArgument { detail: detail.clone() }, detail)
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

/// A name as the page may show it: at most 40 characters.
fn short_name(name: &str) -> String {
    name.chars().take(40).collect()
}

impl From<UnknownGame> for EngineError {
    fn from(e: UnknownGame) -> Self {
        EngineError::new(ErrorKind::UnknownGame { name: short_name(&e.0) }, e.to_string())
    }
}

impl From<PositionError> for EngineError {
    fn from(e: PositionError) -> Self {
        let message = e.to_string();
        let kind = match e {
            PositionError::MissingKing(c) => ErrorKind::MissingKing { color: side(c) },
            PositionError::ExtraKing(c) => ErrorKind::ExtraKing { color: side(c) },
            PositionError::TooManyPieces { kind, found, max } => {
                ErrorKind::TooManyPieces { piece: kind.letter().to_string(), found, max }
            }
            PositionError::KindNotInGame(kind) => {
                ErrorKind::PieceNotInGame { piece: kind.letter().to_string() }
            }
            PositionError::KingInHand => ErrorKind::KingInHand {},
            PositionError::BadCell(code) => ErrorKind::BadCell { code },
        };
        EngineError::new(kind, message)
    }
}

impl From<SfenError> for EngineError {
    fn from(e: SfenError) -> Self {
        let message = e.to_string();
        let kind = match e {
            SfenError::Position(p) => return p.into(),
            SfenError::Empty => ErrorKind::SfenEmpty {},
            SfenError::Fields { found } => ErrorKind::SfenFields { found },
            SfenError::Rows { expected, found } => ErrorKind::SfenRows { expected, found },
            SfenError::RowWidth { row, expected, found } => {
                ErrorKind::SfenRowWidth { row: row + 1, expected, found }
            }
            SfenError::BadBoardChar { row, ch } => {
                ErrorKind::SfenBoardChar { row: row + 1, ch: ch.to_string() }
            }
            SfenError::BadPromotion { row } => ErrorKind::SfenPromotion { row: row + 1 },
            SfenError::BadSide(text) => ErrorKind::SfenSide { text },
            SfenError::BadHandChar(ch) => ErrorKind::SfenHandChar { ch: ch.to_string() },
            SfenError::BadHandCount(text) => ErrorKind::SfenHandCount { text },
            SfenError::BadMoveNumber(text) => ErrorKind::SfenMoveNumber { text },
            SfenError::Trailing(text) => ErrorKind::SfenTrailing { text },
        };
        EngineError::new(kind, message)
    }
}

impl From<RecordError> for EngineError {
    fn from(e: RecordError) -> Self {
        use RecordErrorKind::*;
        let message = e.to_string();
        let line = e.line;
        let kind = match e.kind {
            TooLarge { bytes } => ErrorKind::RecordTooLarge { line, bytes, max: MAX_RECORD_BYTES },
            TooManyMoves => ErrorKind::RecordTooManyMoves { line, max: MAX_RECORD_PLIES },
            NotText => ErrorKind::RecordNotText { line },
            Empty => ErrorKind::RecordEmpty { line },
            UnknownFormat(s) => ErrorKind::RecordUnknownFormat { line, text: quote(&s) },
            UnknownHandicap(s) => ErrorKind::RecordUnknownHandicap { line, text: quote(&s) },
            BadPosition(sfen) => ErrorKind::RecordBadPosition { line, cause: Box::new(sfen.into()) },
            BadBoard(problem) => ErrorKind::RecordBadBoard {
                line,
                detail: problem.to_string(),
                problem: board_problem(problem),
            },
            BadHand(s) => ErrorKind::RecordBadHand { line, text: quote(&s) },
            BadMove(s) => ErrorKind::RecordBadMove { line, text: quote(&s) },
            IllegalMove { ply, text, sfen } => {
                ErrorKind::RecordIllegalMove { line, ply, text: quote(&text), sfen }
            }
            AmbiguousMove { ply, text, candidates } => {
                ErrorKind::RecordAmbiguousMove { line, ply, text: quote(&text), candidates }
            }
            WrongSide { ply, text } => ErrorKind::RecordWrongSide { line, ply, text: quote(&text) },
            SameWithoutPrevious(s) => ErrorKind::RecordSameWithoutPrevious { line, text: quote(&s) },
            WrongGame { expected, found } => ErrorKind::RecordWrongGame { line, expected, found },
            PlyOutOfRange { ply, plies } => ErrorKind::RecordPlyOutOfRange { line, ply, plies },
        };
        EngineError::new(kind, message)
    }
}

fn board_problem(problem: BoardProblem) -> BoardProblemParams {
    match problem {
        BoardProblem::TooManyRows => BoardProblemParams::TooManyRows,
        BoardProblem::Rows { found, expected } => BoardProblemParams::Rows { found, expected },
        BoardProblem::Row(row) => BoardProblemParams::Row { text: quote(&row) },
        BoardProblem::RowWidth { found, expected } => BoardProblemParams::RowWidth { found, expected },
        BoardProblem::CsaLine { what, line } => {
            BoardProblemParams::CsaLine { part: what, text: quote(&line) }
        }
    }
}

impl From<ProofGameError> for EngineError {
    fn from(e: ProofGameError) -> Self {
        let message = e.to_string();
        let kind = match e {
            ProofGameError::NotReachable(stage) => {
                ErrorKind::NoProofGame { verdict: stage.verdict().name(), stage: stage.name() }
            }
            ProofGameError::Construction(detail) | ProofGameError::Verification(detail) => {
                ErrorKind::ProofGameFailed { detail }
            }
            ProofGameError::NotFound => ErrorKind::ProofGameNotFound {},
        };
        EngineError::new(kind, message)
    }
}

impl From<ExplainError> for EngineError {
    fn from(e: ExplainError) -> Self {
        let message = e.to_string();
        EngineError::new(ErrorKind::CertificateFailed { detail: message.clone() }, message)
    }
}

impl From<FileError> for EngineError {
    fn from(e: FileError) -> Self {
        let message = e.to_string();
        let kind = match e {
            FileError::Empty => ErrorKind::MergeEmpty {},
            FileError::NotReport { file, detail } => ErrorKind::ShardNotReport { file, detail },
            FileError::Game { file, game } => ErrorKind::ShardGame { file, name: short_name(&game.0) },
            FileError::Shard { file, problem, other } => shard_problem(file, problem, other),
        };
        EngineError::new(kind, message)
    }
}

/// The kind and parameters of a shard file's problem.
fn shard_problem(file: String, problem: ShardProblem, other: Option<String>) -> ErrorKind {
    match problem {
        ShardProblem::Format { found } => ErrorKind::ShardFormat { file, found },
        ShardProblem::Variant { found, expected } => ErrorKind::ShardVariant { file, found, expected },
        ShardProblem::Seed { found, expected } => {
            ErrorKind::ShardSeed { file, found: found.to_string(), expected: expected.to_string() }
        }
        ShardProblem::TotalSamples { found, expected } => ErrorKind::ShardSamples { file, found, expected },
        ShardProblem::MaxNodes { found, expected } => ErrorKind::ShardNodeCap { file, found, expected },
        ShardProblem::Blocks(p) => {
            ErrorKind::ShardBlocks { file, detail: p.to_string(), problem: block_problem(&p) }
        }
        ShardProblem::NoBlocks => ErrorKind::ShardNoBlocks { file },
        ShardProblem::BadRange { range, samples } => {
            ErrorKind::ShardRange { file, start: range[0], end: range[1], samples }
        }
        ShardProblem::Overlap { range, other_range, .. } => ErrorKind::ShardOverlap {
            file,
            start: range[0],
            end: range[1],
            other,
            other_start: other_range[0],
            other_end: other_range[1],
        },
        ShardProblem::Covered { tally, ranges } => ErrorKind::ShardCovered { file, tally, ranges },
        ShardProblem::Tally(p) => {
            ErrorKind::ShardTally { file, detail: p.to_string(), problem: tally_problem(&p) }
        }
        ShardProblem::Overflow(o) => ErrorKind::ShardOverflow { file, detail: o.to_string() },
    }
}

impl From<TallyOverflow> for EngineError {
    fn from(e: TallyOverflow) -> Self {
        EngineError::new(ErrorKind::TallyOverflow { field: e.field }, e.to_string())
    }
}

impl From<TallyProblem> for EngineError {
    fn from(e: TallyProblem) -> Self {
        let detail = e.to_string();
        EngineError::new(
            ErrorKind::TallyProblem { problem: tally_problem(&e), detail: detail.clone() },
            detail,
        )
    }
}

fn block_problem(p: &BlockProblem) -> BlockProblemParams {
    match *p {
        BlockProblem::Misplaced { start, end } => BlockProblemParams::Misplaced { start, end },
        BlockProblem::Count { start, end } => BlockProblemParams::Count { start, end },
        BlockProblem::Coverage => BlockProblemParams::Coverage,
        BlockProblem::Sum => BlockProblemParams::Sum,
    }
}

fn tally_problem(p: &TallyProblem) -> TallyProblemParams {
    match *p {
        TallyProblem::StageTotal { stages, samples } => {
            TallyProblemParams::StageTotal { sum: stages, samples }
        }
        TallyProblem::TracedBack { traced, prev_and_reach } => {
            TallyProblemParams::TracedBack { sum: traced, samples: prev_and_reach }
        }
        TallyProblem::TracedBackRows { rows } => {
            TallyProblemParams::TracedBackRows { rows, max: TRACED_BACK_ROWS }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;
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
        let e = Position::<MiniShogi>::from_sfen("rbsgk/4p/5/P4/KGSBN b -")
            .map(|_| ())
            .map_err(EngineError::from);
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
        assert_eq!(
            (&e.params()["line"], &e.params()["detail"]),
            (&json!(5), &json!("3 rows, this game has 9"))
        );
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
        let e = EngineError::from(
            merge_files(&[("a", run(1, [0, 100])), ("b", run(2, [100, 200]))]).unwrap_err(),
        );
        assert_eq!(
            (e.kind_name(), &e.params()["file"], &e.params()["found"]),
            ("shard-seed", &json!("b"), &json!("2"))
        );
        let e = EngineError::from(
            merge_files(&[("a", run(1, [0, 120])), ("b", run(1, [100, 200]))]).unwrap_err(),
        );
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
}
