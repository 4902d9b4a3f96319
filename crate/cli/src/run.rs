//! The commands of the `shogi-reach` binary, generic over the game, and what they share: errors, input
//! parsing and the output path.

use crate::input;
use shogi_reach_engine::board::sfen::quote;
use shogi_reach_engine::{Position, RankInt, Ranked};
use shogi_reach_proof_games::WithOpening;
use std::io;

/// Why a command stopped early.
#[derive(Debug)]
pub enum Failure {
    /// An error to print, with a non-zero exit.
    Error(String),
    /// Standard output was closed by its reader: a normal end.
    PipeClosed,
}

impl std::fmt::Display for Failure {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Failure::Error(message) => f.write_str(message),
            Failure::PipeClosed => f.write_str("standard output was closed"),
        }
    }
}

impl From<String> for Failure {
    fn from(message: String) -> Failure {
        Failure::Error(message)
    }
}

impl From<shogi_reach_engine::estimate::files::FileError> for Failure {
    fn from(e: shogi_reach_engine::estimate::files::FileError) -> Failure {
        Failure::Error(e.to_string())
    }
}

impl From<&str> for Failure {
    fn from(message: &str) -> Failure {
        Failure::Error(message.to_string())
    }
}

pub type Result<T> = std::result::Result<T, Failure>;

/// A command, generic over the game.
pub trait Run {
    fn run<V: Ranked + WithOpening>(self) -> Result<()>;
}

pub fn parse_rank<V: Ranked>(text: &str) -> Result<V::Rank> {
    V::Rank::parse_decimal(text.trim())
        .ok_or_else(|| format!("not a rank (a non-negative decimal integer): {:?}", quote(text)).into())
}

pub fn position_arg<V: Ranked>(text: &str) -> Result<Position<V>> {
    Position::from_sfen(text).map_err(|e| format!("bad position {:?}: {e}", quote(text)).into())
}

/// The longest line of standard input read: a rank has at most 78 digits (256 bits), so this is generous.
pub const MAX_LINE_BYTES: usize = 4096;

/// Calls `each` on every non-blank line of standard input, each line read up to [`MAX_LINE_BYTES`].
pub fn for_each_input_line(mut each: impl FnMut(&str) -> Result<()>) -> Result<()> {
    let each_line = |_, line: &str| if line.trim().is_empty() { Ok(()) } else { each(line) };
    input::for_each_line(io::stdin().lock(), MAX_LINE_BYTES, each_line).map_err(|e| match e {
        input::LineError::Each(failure) => failure,
        other => Failure::Error(other.to_string()),
    })
}
