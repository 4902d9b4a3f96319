//! A game record as read: the game, the format it was written in, the start position and the moves, every
//! one legal. [`Replay`] is how the readers build one.

use crate::board::moves::{Move, MoveList};
use crate::board::position::Position;
use crate::board::variant::{Game, MiniShogi, Shogi, Variant};
use crate::records::error::{RecordError, RecordErrorKind, MAX_RECORD_PLIES};
use crate::records::notation::write::japanese_line;
use crate::rules::{legal_moves, play};
use serde::Serialize;
use std::any::Any;

/// The formats [`crate::records::read`] tells apart.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Format {
    /// KIF: numbered moves with their origins.
    Kif,
    /// KI2: moves in Japanese notation only.
    Ki2,
    /// CSA: the computer shogi association's format.
    Csa,
    /// USI: a `position` command or its moves.
    Usi,
    /// A KIF board diagram without moves.
    Bod,
    /// A position alone: SFEN or the reference format.
    Sfen,
}

impl Format {
    /// The format's name in lower case (`kif`, `csa`, …).
    pub fn name(self) -> &'static str {
        match self {
            Format::Kif => "kif",
            Format::Ki2 => "ki2",
            Format::Csa => "csa",
            Format::Usi => "usi",
            Format::Bod => "bod",
            Format::Sfen => "sfen",
        }
    }
}

/// A game of `V`: the start position (the initial one, a handicap or any other) and the legal moves from it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Record<V: Variant> {
    /// The format it was read from.
    pub format: Format,
    /// The start position.
    pub start: Position<V>,
    /// The moves, each legal in the position before it.
    pub moves: Vec<Move>,
}

impl<V: Variant> Record<V> {
    /// The number of moves.
    pub fn plies(&self) -> usize {
        self.moves.len()
    }

    /// The position after the first `ply` moves (0: the start).
    pub fn position_after(&self, ply: usize) -> Result<Position<V>, RecordError> {
        let played = self
            .moves
            .get(..ply)
            .ok_or(RecordError::whole(RecordErrorKind::PlyOutOfRange { ply, plies: self.plies() }))?;
        Ok(played.iter().fold(self.start, |pos, &m| play(&pos, m)))
    }

    /// The start and the position after each move: `plies() + 1` positions.
    pub fn positions(&self) -> Vec<Position<V>> {
        let mut positions = Vec::with_capacity(self.moves.len() + 1);
        positions.push(self.start);
        for &m in &self.moves {
            positions.push(play(positions.last().expect("the start is there"), m));
        }
        positions
    }

    /// Each move in Japanese as game records print it (`☗７六歩`, `☖同　銀`, `☗５八金右`).
    pub fn japanese_moves(&self) -> Vec<String> {
        japanese_line(&self.positions(), &self.moves)
    }

    /// `{format, moves: [{japanese, sfen, usi}], plies, start, variant}`: the start as SFEN and each
    /// move with the position after it, for a move list.
    pub fn to_json(&self) -> RecordJson {
        let positions = self.positions();
        let moves = self
            .moves
            .iter()
            .zip(self.japanese_moves())
            .zip(&positions[1..])
            .map(|((m, japanese), after)| RecordMoveJson {
                japanese,
                sfen: after.to_sfen(),
                usi: m.to_usi::<V>(),
            })
            .collect();
        RecordJson {
            format: self.format.name(),
            moves,
            plies: self.plies(),
            start: self.start.to_sfen(),
            variant: V::NAME,
        }
    }
}

/// A record as JSON. (Fields in the order of their names, as a JSON map keeps them.)
#[derive(Clone, Debug, Serialize)]
pub struct RecordJson {
    /// The format it was read from.
    pub format: &'static str,
    /// Every move with the position after it.
    pub moves: Vec<RecordMoveJson>,
    /// How many moves.
    pub plies: usize,
    /// The start position as SFEN.
    pub start: String,
    /// The game's name.
    pub variant: &'static str,
}

/// A move of a record as JSON.
#[derive(Clone, Debug, Serialize)]
pub struct RecordMoveJson {
    /// In Japanese notation.
    pub japanese: String,
    /// The position after it, as SFEN.
    pub sfen: String,
    /// In USI notation.
    pub usi: String,
}

/// A record of either game, as the text says.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum GameRecord {
    /// A game of Shogi.
    Shogi(Record<Shogi>),
    /// A game of Mini Shogi.
    MiniShogi(Record<MiniShogi>),
}

impl GameRecord {
    /// The record's game.
    pub fn game(&self) -> Game {
        match self {
            GameRecord::Shogi(_) => Game::Shogi,
            GameRecord::MiniShogi(_) => Game::MiniShogi,
        }
    }

    /// The format it was read from.
    pub fn format(&self) -> Format {
        match self {
            GameRecord::Shogi(r) => r.format,
            GameRecord::MiniShogi(r) => r.format,
        }
    }

    /// [`Record::to_json`].
    pub fn to_json(&self) -> RecordJson {
        match self {
            GameRecord::Shogi(r) => r.to_json(),
            GameRecord::MiniShogi(r) => r.to_json(),
        }
    }

    /// The record as one of game `V`, or [`RecordErrorKind::WrongGame`].
    pub fn into_game<V: Variant>(self) -> Result<Record<V>, RecordError> {
        let found = self.game().name();
        let record: Box<dyn Any> = match self {
            GameRecord::Shogi(r) => Box::new(r),
            GameRecord::MiniShogi(r) => Box::new(r),
        };
        record
            .downcast::<Record<V>>()
            .map(|r| *r)
            .map_err(|_| RecordError::whole(RecordErrorKind::WrongGame { expected: V::NAME, found }))
    }
}

/// A game being read: the position reached, and each move checked against the legal moves before it is
/// played.
pub struct Replay<V: Variant> {
    start: Position<V>,
    pos: Position<V>,
    moves: Vec<Move>,
    legal: MoveList,
}

impl<V: Variant> Replay<V> {
    /// A replay at `start`, no move played.
    pub fn new(start: Position<V>) -> Replay<V> {
        let mut legal = MoveList::new();
        legal_moves(&start, &mut legal);
        Replay { start, pos: start, moves: Vec::new(), legal }
    }

    /// The position the next move is played in.
    pub fn position(&self) -> &Position<V> {
        &self.pos
    }

    /// The legal moves of [`Self::position`].
    pub fn legal(&self) -> &[Move] {
        &self.legal
    }

    /// The number (from 1) the next move has.
    pub(crate) fn next_ply(&self) -> usize {
        self.moves.len() + 1
    }

    /// The destination of the last move (what `同` refers to).
    pub fn previous_to(&self) -> Option<usize> {
        self.moves.last().map(|m| m.to())
    }

    /// Plays `m`, read from `text` on `line`, when it is legal.
    pub(crate) fn push_move(&mut self, line: usize, text: &str, m: Move) -> Result<(), RecordError> {
        if !self.legal.contains(&m) {
            let ply = self.next_ply();
            let (text, sfen) = (text.to_string(), self.pos.to_sfen());
            return Err(RecordError::at(line, RecordErrorKind::IllegalMove { ply, text, sfen }));
        }
        if self.moves.len() == MAX_RECORD_PLIES {
            return Err(RecordError::at(line, RecordErrorKind::TooManyMoves));
        }
        self.pos = play(&self.pos, m);
        self.moves.push(m);
        legal_moves(&self.pos, &mut self.legal);
        Ok(())
    }

    /// The record of the moves played, read from `format`.
    pub fn finish(self, format: Format) -> Record<V> {
        Record { format, start: self.start, moves: self.moves }
    }
}
