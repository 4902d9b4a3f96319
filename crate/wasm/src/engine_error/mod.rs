//! The engine's errors as the browser shows them: a named kind (`sfen-rows`, `record-ambiguous-move`, …)
//! with its parameters (line, row, piece letter, squares as USI names, …) beside the English text, so that
//! the page can say every error in its own language (`www/js/engine/errors.js` and the `engine:KIND` texts
//! of `www/js/i18n/en.js` and `ja.js`). The kinds are the variants of [`ErrorKind`], serialized as
//! `{kind, params}`; a test checks that both dictionaries have a text for each of them.

mod convert;
#[cfg(test)]
mod tests;

use serde::Serialize;
use serde_json::Value;
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
    // records: malformed variations.
    RecordBadBranch {
        line: Option<usize>,
        text: String,
    },
    RecordBranchWithoutMove {
        line: Option<usize>,
        ply: usize,
    },
    RecordEmptyBranch {
        line: Option<usize>,
        ply: usize,
    },
    RecordMoveNumber {
        line: Option<usize>,
        expected: usize,
        found: usize,
    },
    RecordTooManyBranchMoves {
        line: Option<usize>,
        max: usize,
    },
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
    IllegalPosition {
        causes: Vec<shogi_reach_engine::why::cause::CauseJson>,
    },
    NodeCap {
        value: f64,
        max: f64,
    },
    BudgetScale {
        value: f64,
    },
    UnknownStart {
        name: String,
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
    ShardUnknownGame {
        file: String,
        name: String,
    },
    ShardFormat {
        file: String,
        found: u32,
    },
    ShardGame {
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

    /// A start that is neither the initial position nor a handicap of the game.
    pub fn unknown_start(name: &str, e: impl std::fmt::Display) -> EngineError {
        let name = shogi_reach_engine::board::sfen::quote(name);
        EngineError::new(ErrorKind::UnknownStart { name }, e.to_string())
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
