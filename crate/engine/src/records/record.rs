//! A game record as read: the game, the format it was written in, the start position and the moves, every
//! one legal. [`Replay`] is how the readers build one.

use crate::board::moves::{Move, MoveList};
use crate::board::position::Position;
use crate::board::variant::{Game, Variant};
use crate::records::annotations::{HeaderField, Skipped, Variation};
use crate::records::error::{RecordError, RecordErrorKind, MAX_RECORD_PLIES};
use crate::records::notation::japanese::write::japanese_line;
use crate::rules::{legal_moves, play};
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

/// A game of `V`: the start position (the initial one, a handicap or any other) and the legal moves from it,
/// with what the record says beside them: its header, comments, variations, and the parts skipped.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Record<V: Variant> {
    /// The format it was read from.
    pub format: Format,
    /// The start position.
    pub start: Position<V>,
    /// The moves, each legal in the position before it.
    pub moves: Vec<Move>,
    /// The header's fields, in the order written.
    pub header: Vec<HeaderField>,
    /// `moves.len() + 1` comments: before the first move, then after each move ("" for none).
    pub comments: Vec<String>,
    /// The variations, in reading order (a parent before its variations).
    pub variations: Vec<Variation>,
    /// The parts of the text read past and not kept, each once, in [`Skipped`]'s order.
    pub skipped: Vec<Skipped>,
}

impl<V: Variant> Record<V> {
    /// A record of `moves` from `start`, with nothing beside them.
    pub fn new(format: Format, start: Position<V>, moves: Vec<Move>) -> Record<V> {
        let comments = vec![String::new(); moves.len() + 1];
        Record {
            format,
            start,
            moves,
            header: Vec::new(),
            comments,
            variations: Vec::new(),
            skipped: Vec::new(),
        }
    }

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
}

/// A record of any game, as the text says: the game, and its record as one of that game's, which
/// [`GameRecord::into_game`] gives back.
#[derive(Debug)]
pub struct GameRecord {
    game: Game,
    record: Box<dyn AnyRecord>,
}

/// What a record of any game answers without its game's type.
trait AnyRecord: std::fmt::Debug + Send + Sync {
    fn format(&self) -> Format;
    fn into_any(self: Box<Self>) -> Box<dyn Any>;
    fn as_any(&self) -> &dyn Any;
    fn clone_box(&self) -> Box<dyn AnyRecord>;
    fn equals(&self, other: &dyn AnyRecord) -> bool;
}

impl<V: Variant> AnyRecord for Record<V> {
    fn format(&self) -> Format {
        self.format
    }

    fn into_any(self: Box<Self>) -> Box<dyn Any> {
        self
    }

    fn as_any(&self) -> &dyn Any {
        self
    }

    fn clone_box(&self) -> Box<dyn AnyRecord> {
        Box::new(self.clone())
    }

    fn equals(&self, other: &dyn AnyRecord) -> bool {
        other.as_any().downcast_ref::<Record<V>>() == Some(self)
    }
}

impl Clone for GameRecord {
    fn clone(&self) -> GameRecord {
        GameRecord { game: self.game, record: self.record.clone_box() }
    }
}

impl PartialEq for GameRecord {
    fn eq(&self, other: &GameRecord) -> bool {
        self.record.equals(other.record.as_ref())
    }
}

impl Eq for GameRecord {}

impl<V: Variant> From<Record<V>> for GameRecord {
    fn from(record: Record<V>) -> GameRecord {
        GameRecord { game: V::GAME, record: Box::new(record) }
    }
}

impl GameRecord {
    /// The record's game.
    pub fn game(&self) -> Game {
        self.game
    }

    /// The format it was read from.
    pub fn format(&self) -> Format {
        self.record.format()
    }

    /// The record as one of game `V`, if it is one.
    pub fn as_game<V: Variant>(&self) -> Option<&Record<V>> {
        self.record.as_any().downcast_ref()
    }

    /// The record as one of game `V`, or [`RecordErrorKind::WrongGame`].
    pub fn into_game<V: Variant>(self) -> Result<Record<V>, RecordError> {
        let found = self.game.name();
        self.record
            .into_any()
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
    /// The number of the first move (1, or a variation's ply).
    first_ply: usize,
    /// The destination of the move before the first (a variation's `同`).
    previous_before: Option<usize>,
}

impl<V: Variant> Replay<V> {
    /// A replay at `start`, no move played.
    pub fn new(start: Position<V>) -> Replay<V> {
        let mut legal = MoveList::new();
        legal_moves(&start, &mut legal);
        Replay { start, pos: start, moves: Vec::new(), legal, first_ply: 1, previous_before: None }
    }

    /// A replay of a variation: its first move is number `first_ply`, and `previous_to` was the
    /// destination of the move before it.
    pub(crate) fn branch(start: Position<V>, first_ply: usize, previous_to: Option<usize>) -> Replay<V> {
        Replay { first_ply, previous_before: previous_to, ..Replay::new(start) }
    }

    /// The moves played so far.
    pub(crate) fn moves(&self) -> &[Move] {
        &self.moves
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
        self.first_ply + self.moves.len()
    }

    /// The destination of the last move (what `同` refers to).
    pub fn previous_to(&self) -> Option<usize> {
        self.moves.last().map(|m| m.to()).or(self.previous_before)
    }

    /// Plays `m`, read from `text` on `line`, when it is legal.
    pub(crate) fn push_move(&mut self, line: usize, text: &str, m: Move) -> Result<(), RecordError> {
        if !self.legal.contains(&m) {
            let ply = self.next_ply();
            let (text, sfen) = (text.to_string(), self.pos.to_sfen());
            return Err(RecordError::at(line, RecordErrorKind::IllegalMove { ply, text, sfen }));
        }
        if self.next_ply() > MAX_RECORD_PLIES {
            return Err(RecordError::at(line, RecordErrorKind::TooManyMoves));
        }
        self.pos = play(&self.pos, m);
        self.moves.push(m);
        legal_moves(&self.pos, &mut self.legal);
        Ok(())
    }

    /// The record of the moves played, read from `format`.
    pub fn finish(self, format: Format) -> Record<V> {
        Record::new(format, self.start, self.moves)
    }
}
