//! What a record says beside its main line: the header's fields (players, event, date, …), each move's
//! comment, the variations (KIF's `変化：N手` blocks, nested too), and the parts the reader skipped.

use crate::board::moves::Move;
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
