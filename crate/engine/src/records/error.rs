//! Why a game record cannot be read: a named cause, with the line (from 1) where the reader stopped.

use crate::board::sfen::{quote, SfenError};
use std::fmt;

/// The largest record read, in bytes: far beyond any real game, small enough that nothing a record makes
/// (positions, move texts) grows without bound.
pub const MAX_RECORD_BYTES: usize = 1 << 20;

/// The most moves a record may hold (real games stay far below a thousand).
pub const MAX_RECORD_PLIES: usize = 10_000;

/// A record that cannot be read, and where.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RecordError {
    /// The line of the text (from 1) the problem is on; `None` for the text as a whole.
    pub line: Option<usize>,
    /// What is wrong.
    pub kind: RecordErrorKind,
}

/// What is wrong. Texts quoted from the input are shortened by [`quote`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RecordErrorKind {
    /// More than [`MAX_RECORD_BYTES`].
    TooLarge {
        /// The size of the text in bytes.
        bytes: usize,
    },
    /// More than [`MAX_RECORD_PLIES`] moves.
    TooManyMoves,
    /// Bytes that are neither UTF-8 nor Shift_JIS.
    NotText,
    /// Nothing but blank lines.
    Empty,
    /// No format (KIF, KI2, CSA, USI, BOD, SFEN, the reference format) fits the text.
    UnknownFormat(String),
    /// A `手合割` this reader does not know (a game other than Shogi and Mini Shogi, or a handicap).
    UnknownHandicap(String),
    /// The start position, as SFEN or the reference format, does not parse or is no position.
    BadPosition(SfenError),
    /// A board diagram (KIF's BOD or CSA's `P1`…`P9`) that cannot be read.
    BadBoard(BoardProblem),
    /// A pieces-in-hand line that cannot be read.
    BadHand(String),
    /// Move text that cannot be read at all.
    BadMove(String),
    /// Move `ply` (from 1) is readable but not legal in the position before it (given as SFEN).
    IllegalMove {
        /// The move's number.
        ply: usize,
        /// The move as written.
        text: String,
        /// The position before it.
        sfen: String,
    },
    /// Move `ply` fits several legal moves (given in USI): a disambiguation word is missing.
    AmbiguousMove {
        /// The move's number.
        ply: usize,
        /// The move as written.
        text: String,
        /// The legal moves it fits.
        candidates: Vec<String>,
    },
    /// Move `ply` is marked for the side that is not to move (`▲`/`△`, `+`/`-`).
    WrongSide {
        /// The move's number.
        ply: usize,
        /// The move as written.
        text: String,
    },
    /// `同` as the first move: there is no previous destination.
    SameWithoutPrevious(String),
    /// The record was read for one game and is of the other.
    WrongGame {
        /// The game asked for.
        expected: &'static str,
        /// The record's game.
        found: &'static str,
    },
    /// A ply beyond the end of the record.
    PlyOutOfRange {
        /// The ply asked for.
        ply: usize,
        /// The record's plies.
        plies: usize,
    },
    /// A variation line (`変化：N手`) whose move number cannot be read.
    BadBranch(String),
    /// A variation at move `ply`, which neither the main line nor the variations it may branch from have.
    BranchWithoutMove {
        /// The move the variation replaces.
        ply: usize,
    },
    /// A variation at move `ply` with no move in it.
    EmptyBranch {
        /// The move the variation replaces.
        ply: usize,
    },
    /// A KIF move numbered `found` where move `expected` comes (in a variation, numbers go on from its ply).
    MoveNumber {
        /// The number the move should have.
        expected: usize,
        /// The number written.
        found: usize,
    },
    /// More than [`MAX_RECORD_PLIES`] moves in all the lines together.
    TooManyBranchMoves,
}

/// What is wrong with a board diagram. Texts quoted from the input are shortened by [`quote`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum BoardProblem {
    /// A BOD diagram of more than 9 rows.
    TooManyRows,
    /// A BOD diagram of `found` rows for a game of `expected`.
    Rows {
        /// The rows of the diagram.
        found: usize,
        /// The game's rows.
        expected: usize,
    },
    /// A BOD row whose cells cannot be read.
    Row(String),
    /// A BOD row of `found` squares for a game of `expected`.
    RowWidth {
        /// The squares of the row.
        found: usize,
        /// The game's width.
        expected: usize,
    },
    /// A CSA position line (`PI`, `P1`…`P9`, `P+`, `P-`) that cannot be read; `what` names the part.
    CsaLine {
        /// The part that cannot be read.
        what: &'static str,
        /// The line.
        line: String,
    },
}

impl fmt::Display for BoardProblem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            BoardProblem::TooManyRows => write!(f, "more than 9 rows"),
            BoardProblem::Rows { found, expected } => write!(f, "{found} rows, this game has {expected}"),
            BoardProblem::Row(row) => write!(f, "row {:?}", quote(row)),
            BoardProblem::RowWidth { found, expected } => {
                write!(f, "{found} squares in a row, this game has {expected}")
            }
            BoardProblem::CsaLine { what, line } => write!(f, "{what}: {:?}", quote(line)),
        }
    }
}

impl RecordError {
    /// The error `kind` on line `line` (from 1).
    pub fn at(line: usize, kind: RecordErrorKind) -> RecordError {
        RecordError { line: Some(line), kind }
    }

    /// The error `kind` of the text as a whole.
    pub fn whole(kind: RecordErrorKind) -> RecordError {
        RecordError { line: None, kind }
    }
}

impl fmt::Display for RecordError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if let Some(line) = self.line {
            write!(f, "line {line}: ")?;
        }
        self.kind.fmt(f)
    }
}

impl fmt::Display for RecordErrorKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use RecordErrorKind::*;
        match self {
            TooLarge { bytes } => write!(f, "record of {bytes} bytes: at most {MAX_RECORD_BYTES} are read"),
            TooManyMoves => write!(f, "more than {MAX_RECORD_PLIES} moves"),
            NotText => write!(f, "not text: neither UTF-8 nor Shift_JIS"),
            Empty => write!(f, "no position and no moves in the record"),
            UnknownFormat(s) => write!(
                f,
                "not a game record (KIF, KI2, CSA, USI, BOD, SFEN or `board[hands] w`): {:?}",
                quote(s)
            ),
            UnknownHandicap(s) => {
                write!(f, "unknown 手合割 {:?} (a handicap or game this reader lacks)", quote(s))
            }
            BadPosition(e) => write!(f, "bad position: {e}"),
            BadBoard(s) => write!(f, "cannot read the board: {s}"),
            BadHand(s) => write!(f, "cannot read the pieces in hand: {:?}", quote(s)),
            BadMove(s) => write!(f, "cannot read the move {:?}", quote(s)),
            IllegalMove { ply, text, sfen } => {
                write!(f, "move {ply} {:?} is not legal in {sfen}", quote(text))
            }
            AmbiguousMove { ply, text, candidates } => write!(
                f,
                "move {ply} {:?} can mean {} (a word such as 右, 左, 上, 引, 寄 or 直 is missing)",
                quote(text),
                candidates.join(" or ")
            ),
            WrongSide { ply, text } => {
                write!(f, "move {ply} {:?} is marked for the side that is not to move", quote(text))
            }
            SameWithoutPrevious(s) => write!(f, "{:?}: 同 (same square) with no move before it", quote(s)),
            WrongGame { expected, found } => write!(f, "the record is a {found} game, not {expected}"),
            PlyOutOfRange { ply, plies } => write!(f, "ply {ply}: the record has {plies} moves"),
            BadBranch(s) => write!(f, "cannot read the variation line {:?} (`変化：N手`)", quote(s)),
            BranchWithoutMove { ply } => {
                write!(f, "a variation at move {ply}, which the line it branches from does not have")
            }
            EmptyBranch { ply } => write!(f, "the variation at move {ply} has no move"),
            MoveNumber { expected, found } => write!(f, "move numbered {found} where move {expected} comes"),
            TooManyBranchMoves => {
                write!(f, "more than {MAX_RECORD_PLIES} moves in the main line and variations together")
            }
        }
    }
}

impl std::error::Error for RecordError {}

/// Why a text is not the moves [`crate::records::parse_kif`] or [`crate::records::parse_usi_command`] read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MovesError {
    /// The text is no record of the game, or one of its moves is illegal.
    Record(RecordError),
    /// A KIF record that starts elsewhere than the initial position (its start, as SFEN).
    NotFromInitial(String),
    /// A line that is not a USI `position` command.
    NotUsiCommand,
}

impl fmt::Display for MovesError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            MovesError::Record(e) => e.fmt(f),
            MovesError::NotFromInitial(sfen) => {
                write!(f, "the record starts from {sfen}, not the initial position")
            }
            MovesError::NotUsiCommand => f.write_str("a USI position command starts with `position`"),
        }
    }
}

impl std::error::Error for MovesError {}

impl From<RecordError> for MovesError {
    fn from(e: RecordError) -> Self {
        MovesError::Record(e)
    }
}
