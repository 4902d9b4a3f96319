//! Where `prove` and `proof-game` take their position from: the text on the command line, or a game
//! record (`--record FILE --ply N`: the position after N moves, the last by default), and the start to
//! prove it from.

use crate::input;
use crate::run::{position_arg, Result};
use shogi_reach_engine::board::start::Start;
use shogi_reach_engine::records::error::MAX_RECORD_BYTES;
use shogi_reach_engine::records::{read, GameRecord};
use shogi_reach_engine::{Game, Position, Ranked};
use std::path::{Path, PathBuf};

/// The position's source, once the game is known.
pub enum Source {
    /// SFEN, `startpos` or the reference format.
    Text(String),
    /// The position after `ply` moves of a record (all its moves when `None`).
    Record { path: PathBuf, record: GameRecord, ply: Option<usize> },
}

impl Source {
    /// Reads `--record` if given (its game is the game, which a `--game` given must match), else takes
    /// the position text (Shogi unless `--game` says otherwise).
    pub fn choose(
        said: Option<Game>,
        text: Vec<String>,
        record: Option<PathBuf>,
        ply: Option<usize>,
    ) -> Result<(Game, Source)> {
        let Some(path) = record else {
            if ply.is_some() {
                return Err("--ply N takes the position after N moves of a record: give the record with --record FILE".into());
            }
            return Ok((said.unwrap_or_default(), Source::Text(text.join(" "))));
        };
        let bytes = read_record_file(&path)?;
        let record = read(&bytes).map_err(|e| format!("record {}: {e}", path.display()))?;
        let game = record.game();
        if let Some(said) = said.filter(|&g| g != game) {
            return Err(format!("record {} is a {game} game, but --game says {said}", path.display()).into());
        }
        Ok((game, Source::Record { path, record, ply }))
    }

    /// The position, in game `V` (the game [`Source::choose`] gave), and the start to prove it from:
    /// `start` (`--start`: 平手 or a handicap's name or SFEN) if given, else a record's own start when it
    /// is the initial position or a handicap, else the initial position.
    pub fn position_from<V: Ranked>(self, start: Option<&str>) -> Result<(Position<V>, Start<V>)> {
        let named = start.map(Start::<V>::named).transpose().map_err(|e| format!("--start: {e}"))?;
        match self {
            Source::Text(text) => Ok((position_arg::<V>(&text)?, named.unwrap_or_else(Start::initial))),
            Source::Record { path, record, ply } => {
                let in_record = |e: shogi_reach_engine::records::RecordError| record_error(&path, e);
                let record = record.into_game::<V>().map_err(in_record)?;
                let pos = record.position_after(ply.unwrap_or(record.plies())).map_err(in_record)?;
                let own = || Start::of_position(&record.start).unwrap_or_else(Start::initial);
                Ok((pos, named.unwrap_or_else(own)))
            }
        }
    }
}

/// The bytes of a record file, read as every input is ([`input::read_file`]): at most
/// [`MAX_RECORD_BYTES`], the most the record readers take.
pub fn read_record_file(path: &Path) -> Result<Vec<u8>> {
    input::read_file(path, MAX_RECORD_BYTES as u64).map_err(|e| format!("cannot read record: {e}").into())
}

fn record_error(path: &Path, e: shogi_reach_engine::records::RecordError) -> crate::run::Failure {
    format!("record {}: {e}", path.display()).into()
}
