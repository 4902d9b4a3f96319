//! The commands of the `shogi-reach` binary, generic over the game, and what they share: errors, input
//! parsing and the output path.

use shogi_reach_engine::board::sfen::quote;
use shogi_reach_engine::{Position, RankInt, Ranked};
use shogi_reach_proof_games::WithOpening;
use std::io::{self, BufRead};

/// Why a command stopped early.
#[derive(Debug)]
pub enum Failure {
    /// An error to print, with a non-zero exit.
    Error(String),
    /// Standard output was closed by its reader: a normal end.
    PipeClosed,
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

/// Calls `each` on every non-blank line of standard input.
pub fn for_each_input_line(mut each: impl FnMut(&str) -> Result<()>) -> Result<()> {
    for line in io::stdin().lock().lines() {
        let line = line.map_err(|e| format!("reading input: {e}"))?;
        if !line.trim().is_empty() {
            each(&line)?;
        }
    }
    Ok(())
}
