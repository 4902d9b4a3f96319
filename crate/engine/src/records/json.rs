//! A record as JSON: what `shogi-reach record --json` prints and the page's record panel reads. (Fields
//! in the order of their names, as a JSON map keeps them.)

use crate::board::moves::Move;
use crate::board::position::Position;
use crate::board::variant::Variant;
use crate::records::annotations::{HeaderField, Skipped};
use crate::records::notation::japanese::write::japanese;
use crate::records::record::{GameRecord, Record};
use crate::rules::play;
use serde::Serialize;

/// A record as JSON. (Fields in the order of their names, as a JSON map keeps them.)
#[derive(Clone, Debug, Serialize)]
pub struct RecordJson {
    /// The comment before the first move, when there is one.
    #[serde(skip_serializing_if = "String::is_empty")]
    pub comment: String,
    /// The format it was read from.
    pub format: &'static str,
    /// The game's name.
    pub game: &'static str,
    /// The header's fields, in the order written.
    pub header: Vec<HeaderField>,
    /// Every move of the main line with the position after it.
    pub moves: Vec<RecordMoveJson>,
    /// How many moves.
    pub plies: usize,
    /// The parts of the text read past and not kept.
    pub skipped: Vec<Skipped>,
    /// The start position as SFEN.
    pub start: String,
    /// The variations, in reading order.
    pub variations: Vec<VariationJson>,
}

/// A move of a record as JSON.
#[derive(Clone, Debug, Serialize)]
pub struct RecordMoveJson {
    /// The comment after it, when there is one.
    #[serde(skip_serializing_if = "String::is_empty")]
    pub comment: String,
    /// In Japanese notation.
    pub japanese: String,
    /// The position after it, as SFEN.
    pub sfen: String,
    /// In USI notation.
    pub usi: String,
}

/// A variation as JSON. (Fields in the order of their names.)
#[derive(Clone, Debug, Serialize)]
pub struct VariationJson {
    /// The comment before its first move, when there is one.
    #[serde(skip_serializing_if = "String::is_empty")]
    pub comment: String,
    /// Its moves, each with the position after it and its comment.
    pub moves: Vec<RecordMoveJson>,
    /// The line it branches from: `null` for the main line, else an index into `variations`.
    pub parent: Option<usize>,
    /// The number (from 1) of its first move.
    pub ply: usize,
}

/// One line's moves as JSON, starting after `before` (in which `previous_to` was the last destination).
fn moves_json<V: Variant>(
    before: Position<V>,
    previous_to: Option<usize>,
    moves: &[Move],
    comments: &[String],
) -> Vec<RecordMoveJson> {
    let (mut pos, mut previous_to) = (before, previous_to);
    let mut json = Vec::with_capacity(moves.len());
    for (i, &m) in moves.iter().enumerate() {
        let text = japanese(&pos, m, previous_to);
        pos = play(&pos, m);
        previous_to = Some(m.to());
        json.push(RecordMoveJson {
            comment: comments.get(i + 1).cloned().unwrap_or_default(),
            japanese: text,
            sfen: pos.to_sfen(),
            usi: m.to_usi::<V>(),
        });
    }
    json
}

/// A line played: its first ply, the last destination before it, and its positions (before each move,
/// then after the last).
type Played<V> = (usize, Option<usize>, Vec<Position<V>>);

impl<V: Variant> Record<V> {
    /// `{comment?, format, game, header, moves: [{comment?, japanese, sfen, usi}], plies, skipped,
    /// start, variations}`: the start as SFEN and each move with the position after it, for a move list.
    pub fn to_json(&self) -> RecordJson {
        RecordJson {
            comment: self.comments.first().cloned().unwrap_or_default(),
            format: self.format.name(),
            game: V::NAME,
            header: self.header.clone(),
            moves: moves_json(self.start, None, &self.moves, &self.comments),
            plies: self.plies(),
            skipped: self.skipped.clone(),
            start: self.start.to_sfen(),
            variations: self.variations_json(),
        }
    }

    /// Each variation's start: the position before its first move and the destination of the move
    /// before that (what `同` refers to); `None` for one whose parent or ply is out of range (never so in
    /// a record read). One pass in order, each line's positions kept, so deep nesting costs no recursion.
    pub fn variation_starts(&self) -> Vec<Option<(Position<V>, Option<usize>)>> {
        let mut lines: Vec<Option<Played<V>>> = Vec::new();
        let main = (1, None, self.positions());
        let mut starts = Vec::with_capacity(self.variations.len());
        for v in &self.variations {
            let parent = match v.parent {
                None => Some(&main),
                Some(p) => lines.get(p).and_then(Option::as_ref),
            };
            let parent_moves = |p: Option<usize>| match p {
                None => Some(&self.moves),
                Some(p) => self.variations.get(p).map(|v| &v.moves),
            };
            let start =
                parent.zip(parent_moves(v.parent)).and_then(|((first, previous, positions), moves)| {
                    let offset = v.ply.checked_sub(*first)?;
                    let before = *positions.get(offset)?;
                    let previous_to =
                        if offset == 0 { *previous } else { moves.get(offset - 1).map(|m| m.to()) };
                    Some((before, previous_to))
                });
            lines.push(start.map(|(before, previous_to)| {
                let mut positions = vec![before];
                for &m in &v.moves {
                    positions.push(play(positions.last().expect("one at least"), m));
                }
                (v.ply, previous_to, positions)
            }));
            starts.push(start);
        }
        starts
    }

    /// Every variation as JSON, in order.
    pub fn variations_json(&self) -> Vec<VariationJson> {
        self.variations
            .iter()
            .zip(self.variation_starts())
            .filter_map(|(v, start)| {
                let (before, previous_to) = start?;
                Some(VariationJson {
                    comment: v.comments.first().cloned().unwrap_or_default(),
                    moves: moves_json(before, previous_to, &v.moves, &v.comments),
                    parent: v.parent,
                    ply: v.ply,
                })
            })
            .collect()
    }
}

impl GameRecord {
    /// [`Record::to_json`].
    pub fn to_json(&self) -> RecordJson {
        crate::with_game!(self.game(), V => self.as_game::<V>().expect("a record of its own game").to_json())
    }
}
