//! What a record says beside its main line: the header's fields (players, event, date, …), each move's
//! comment, the variations (KIF's `変化：N手` blocks, nested too), and the parts the reader skipped.

use crate::board::moves::Move;
use crate::board::position::Position;
use crate::board::variant::Variant;
use crate::records::notation::write::japanese;
use crate::records::record::{Record, RecordMoveJson};
use crate::rules::play;
use serde::Serialize;

/// A header line as a key and a value: `先手：羽生善治`, CSA's `N+羽生善治` or `$EVENT:名人戦`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct HeaderField {
    /// The key as written (`先手`, `N+`, `$EVENT`).
    pub key: String,
    /// What the field is when this reader knows it ([`header_name`]): `sente`, `gote`, `event`, `date`,
    /// `end-date`, `handicap`, `time-control`, `site`, `opening`, `title`; `null` for any other.
    pub name: Option<&'static str>,
    /// The value, trimmed.
    pub value: String,
}

impl HeaderField {
    /// The field `key: value`, named when the key is one this reader knows.
    pub fn new(key: &str, value: &str) -> HeaderField {
        let key = key.trim();
        HeaderField { key: key.to_string(), name: header_name(key), value: value.trim().to_string() }
    }
}

/// What a header key means, in KIF (Japanese keys) and CSA (`N+`, `N-`, `$…`) alike.
pub fn header_name(key: &str) -> Option<&'static str> {
    Some(match key {
        "先手" | "下手" | "N+" => "sente",
        "後手" | "上手" | "N-" => "gote",
        "棋戦" | "$EVENT" => "event",
        "開始日時" | "$START_TIME" => "date",
        "終了日時" | "$END_TIME" => "end-date",
        "手合割" => "handicap",
        "持ち時間" | "$TIME_LIMIT" | "$TIME" => "time-control",
        "場所" | "$SITE" => "site",
        "戦型" | "$OPENING" => "opening",
        "表題" => "title",
        _ => return None,
    })
}

/// A part of a record the reader read past without keeping it. The list is in this order.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Skipped {
    /// The time each move took (KIF's `( 0:03/00:01:10)`, CSA's `T` lines).
    Times,
    /// The game's end (`投了`, `まで…`, CSA's `%TORYO`).
    End,
    /// KIF's bookmarks (`&` lines).
    Bookmarks,
    /// Comments on the file rather than a move (KIF's `#` lines).
    FileComments,
    /// Games after the first in a CSA file (`/`).
    LaterGames,
    /// Lines that are neither header, move, comment nor branch.
    UnknownLines,
}

/// A line of play other than the main line: it replaces move `ply` of its parent line and goes on from
/// there. Variations come in reading order, so a parent always comes before its variations.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Variation {
    /// The line it branches from: `None` for the main line, else an index into the record's variations.
    pub parent: Option<usize>,
    /// The number (from 1) of its first move: the parent's move it replaces.
    pub ply: usize,
    /// Its moves, each legal in the position before it.
    pub moves: Vec<Move>,
    /// `moves.len() + 1` comments: before its first move, then after each move ("" for none).
    pub comments: Vec<String>,
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
pub(crate) fn moves_json<V: Variant>(
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

impl<V: Variant> Record<V> {
    /// Each variation's start: the position before its first move and the destination of the move
    /// before that (what `同` refers to); `None` for one whose parent or ply is out of range (never so in
    /// a record read). One pass in order, each line's positions kept, so deep nesting costs no recursion.
    pub fn variation_starts(&self) -> Vec<Option<(Position<V>, Option<usize>)>> {
        // Each line's first ply, the last destination before it, and its positions (before each move,
        // then after the last).
        let mut lines: Vec<Option<(usize, Option<usize>, Vec<Position<V>>)>> = Vec::new();
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
