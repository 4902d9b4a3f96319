//! The engine's errors as [`EngineError`]s: each error type of the engine, its kind and parameters.

use super::{BlockProblemParams, BoardProblemParams, EngineError, ErrorKind, TallyProblemParams};
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
use shogi_reach_engine::why::retro::IllegalPosition;
use shogi_reach_engine::why::tsume::TsumeError;
use shogi_reach_proof_games::proof_game::ProofGameError;

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

impl From<TsumeError> for EngineError {
    fn from(e: TsumeError) -> Self {
        match e {
            TsumeError::NoGoteKing => PositionError::MissingKing(Color::Gote).into(),
            TsumeError::NotAPosition(e) => e.into(),
            TsumeError::SenteKingPresent => EngineError::bad_argument(e),
        }
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
            BadBranch(s) => ErrorKind::RecordBadBranch { line, text: quote(&s) },
            BranchWithoutMove { ply } => ErrorKind::RecordBranchWithoutMove { line, ply },
            EmptyBranch { ply } => ErrorKind::RecordEmptyBranch { line, ply },
            MoveNumber { expected, found } => ErrorKind::RecordMoveNumber { line, expected, found },
            TooManyBranchMoves => ErrorKind::RecordTooManyBranchMoves { line, max: MAX_RECORD_PLIES },
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
                ErrorKind::ProofGameFailed { detail: detail.to_string() }
            }
            ProofGameError::NotFound => ErrorKind::ProofGameNotFound {},
        };
        EngineError::new(kind, message)
    }
}

impl From<IllegalPosition> for EngineError {
    fn from(e: IllegalPosition) -> Self {
        let message = e.to_string();
        let causes = e.issues.into_iter().filter_map(|i| i.cause).collect();
        EngineError::new(ErrorKind::IllegalPosition { causes }, message)
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
            FileError::Game { file, game } => ErrorKind::ShardUnknownGame { file, name: short_name(&game.0) },
            FileError::Shard { file, problem, other } => shard_problem(file, problem, other),
        };
        EngineError::new(kind, message)
    }
}

/// The kind and parameters of a shard file's problem.
fn shard_problem(file: String, problem: ShardProblem, other: Option<String>) -> ErrorKind {
    match problem {
        ShardProblem::Format { found } => ErrorKind::ShardFormat { file, found },
        ShardProblem::Game { found, expected } => ErrorKind::ShardGame { file, found, expected },
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
