//! Records written for other programs, as files: KIF (a BOD diagram heads it when the start is not the
//! initial position), KI2, a BOD diagram alone, USI and CSA, each in the encoding its file name promises.
//! By the convention players' programs rely on, `.kif` and `.ki2` are Shift_JIS (CP932) and `.kifu` and
//! `.ki2u` UTF-8; the readers of this crate take either.

use crate::board::color::Color;
use crate::board::moves::Move;
use crate::board::piece::{Kind, Piece};
use crate::board::position::Position;
use crate::board::start::Start;
use crate::board::variant::Variant;
use crate::records::annotations::HeaderField;
use crate::records::formats::csa::csa;
use crate::records::formats::kif::kif_body;
use crate::records::formats::usi::usi_command;
use crate::records::notation::kanji::piece_names;
use crate::records::notation::write::japanese_line;
use crate::records::record::{Format, Record};
use crate::rules::play;
use std::fmt;

/// The files a record or a position is exported as.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ExportFormat {
    /// KIF in Shift_JIS (`.kif`).
    Kif,
    /// KIF in UTF-8 (`.kifu`).
    Kifu,
    /// KI2 in Shift_JIS (`.ki2`).
    Ki2,
    /// KI2 in UTF-8 (`.ki2u`).
    Ki2u,
    /// The board diagram alone, UTF-8 (`.bod`).
    Bod,
    /// A USI `position` command (`.usi`).
    Usi,
    /// CSA V2.2 (`.csa`), for the games [`Variant::CSA_RECORDS`] says.
    Csa,
}

/// The text encodings of the exports.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TextEncoding {
    /// UTF-8, without a byte-order mark.
    Utf8,
    /// Shift_JIS as Windows writes it (CP932).
    ShiftJis,
}

/// Why a record cannot be exported in a format.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ExportError {
    /// The format has no way to write this game (CSA is for Shogi only).
    NotForThisGame {
        /// The format's name.
        format: &'static str,
        /// The game's name.
        game: &'static str,
    },
    /// A character of the text has no Shift_JIS code (a comment's, say).
    NotInShiftJis(char),
    /// A format name this module does not know.
    UnknownFormat(String),
}

impl fmt::Display for ExportError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ExportError::NotForThisGame { format, game } => {
                write!(f, "{} records no {game} game", format.to_uppercase())
            }
            ExportError::NotInShiftJis(c) => {
                write!(f, "{c:?} has no Shift_JIS code: export as UTF-8 instead")
            }
            ExportError::UnknownFormat(name) => {
                write!(f, "{name:?} is not an export format (kif, kifu, ki2, ki2u, bod, usi, csa)")
            }
        }
    }
}

impl std::error::Error for ExportError {}

impl ExportFormat {
    /// Every format, in the order menus list them.
    pub const ALL: [ExportFormat; 7] = [
        ExportFormat::Kif,
        ExportFormat::Kifu,
        ExportFormat::Ki2,
        ExportFormat::Ki2u,
        ExportFormat::Usi,
        ExportFormat::Csa,
        ExportFormat::Bod,
    ];

    /// The format of a name, which is also its file extension (`kif`, `kifu`, `ki2`, …).
    pub fn from_name(name: &str) -> Result<ExportFormat, ExportError> {
        Self::ALL.into_iter().find(|f| f.extension() == name).ok_or(ExportError::UnknownFormat(name.into()))
    }

    /// The file extension, without the dot.
    pub fn extension(self) -> &'static str {
        match self {
            ExportFormat::Kif => "kif",
            ExportFormat::Kifu => "kifu",
            ExportFormat::Ki2 => "ki2",
            ExportFormat::Ki2u => "ki2u",
            ExportFormat::Bod => "bod",
            ExportFormat::Usi => "usi",
            ExportFormat::Csa => "csa",
        }
    }

    /// Whether the format can record a game of `V`: every format but CSA, and CSA the games
    /// [`Variant::CSA_RECORDS`] says.
    pub fn records<V: Variant>(self) -> bool {
        self != ExportFormat::Csa || V::CSA_RECORDS
    }

    /// The formats that record games of `V`, in the order menus list them.
    pub fn of_game<V: Variant>() -> Vec<ExportFormat> {
        Self::ALL.into_iter().filter(|f| f.records::<V>()).collect()
    }

    /// `Ok` when the format records games of `V`, else why not.
    pub fn check<V: Variant>(self) -> Result<(), ExportError> {
        match self.records::<V>() {
            true => Ok(()),
            false => Err(ExportError::NotForThisGame { format: self.extension(), game: V::NAME }),
        }
    }

    /// The encoding the extension promises.
    pub fn encoding(self) -> TextEncoding {
        match self {
            ExportFormat::Kif | ExportFormat::Ki2 => TextEncoding::ShiftJis,
            _ => TextEncoding::Utf8,
        }
    }
}

impl TextEncoding {
    /// The name a KIF header's `encoding=` gives it.
    pub fn label(self) -> &'static str {
        match self {
            TextEncoding::Utf8 => "UTF-8",
            TextEncoding::ShiftJis => "Shift_JIS",
        }
    }

    /// `text` in this encoding; a character Shift_JIS lacks is an error, never a replacement.
    pub fn encode(self, text: &str) -> Result<Vec<u8>, ExportError> {
        match self {
            TextEncoding::Utf8 => Ok(text.as_bytes().to_vec()),
            TextEncoding::ShiftJis => {
                if let Some(c) = text.chars().find(|c| !in_shift_jis(*c)) {
                    return Err(ExportError::NotInShiftJis(c));
                }
                Ok(encoding_rs::SHIFT_JIS.encode(text).0.into_owned())
            }
        }
    }
}

fn in_shift_jis(c: char) -> bool {
    let mut buffer = [0u8; 4];
    !encoding_rs::SHIFT_JIS.encode(c.encode_utf8(&mut buffer)).2
}

/// The file `moves` from `start` make in `format`, as bytes in the format's encoding; `comment` lines go
/// at the top of KIF and KI2 files (and of CSA, as `'` lines).
pub fn export<V: Variant>(
    start: &Position<V>,
    moves: &[Move],
    format: ExportFormat,
    comment: &str,
) -> Result<Vec<u8>, ExportError> {
    let encoding = format.encoding();
    let text = match format {
        ExportFormat::Kif | ExportFormat::Kifu => kif_from(start, moves, comment, encoding),
        ExportFormat::Ki2 | ExportFormat::Ki2u => ki2(start, moves, comment, encoding),
        ExportFormat::Bod => bod(&final_position(start, moves)),
        ExportFormat::Usi => format!("{}\n", usi_from(start, moves)),
        ExportFormat::Csa => csa_of(start, moves, comment)?,
    };
    encoding.encode(&text)
}

/// The position `moves` lead to from `start`.
fn final_position<V: Variant>(start: &Position<V>, moves: &[Move]) -> Position<V> {
    moves.iter().fold(*start, |pos, &m| play(&pos, m))
}

/// `position startpos moves …` from the initial position, else `position sfen <start> moves …`.
pub fn usi_from<V: Variant>(start: &Position<V>, moves: &[Move]) -> String {
    if *start == Position::startpos() {
        return usi_command::<V>(moves);
    }
    let mut s = format!("position sfen {}", start.to_sfen());
    if !moves.is_empty() {
        s.push_str(" moves");
        for m in moves {
            s.push(' ');
            s.push_str(&m.to_usi::<V>());
        }
    }
    s
}

fn csa_of<V: Variant>(start: &Position<V>, moves: &[Move], comment: &str) -> Result<String, ExportError> {
    ExportFormat::Csa.check::<V>()?;
    let record = Record::new(Format::Csa, *start, moves.to_vec());
    let text = csa(&record);
    let (version, rest) = text.split_once('\n').unwrap_or((&text, ""));
    let comments: String = comment.lines().map(|l| format!("'{l}\n")).collect();
    Ok(format!("{version}\n{comments}{rest}"))
}

/// The header every KIF and KI2 export shares: the encoding line, comments, the start (a `手合割` line for
/// a start records name, else its diagram), and the record's `fields` (its own `手合割` left out: the start
/// says it), with empty player lines when the fields name no players.
fn header<V: Variant>(
    kind: &str,
    start: &Position<V>,
    fields: &[HeaderField],
    comment: &str,
    encoding: TextEncoding,
) -> String {
    let mut s = format!("#{kind} version=2.0 encoding={}\n", encoding.label());
    for line in comment.lines() {
        s.push_str(&format!("# {line}\n"));
    }
    // A handicap is named, as records name it, with its players 下手 (Sente) and 上手 (Gote).
    let named = Start::of_position(start);
    match named {
        Some(named) => s.push_str(&format!("手合割：{}\n", named.name())),
        None => s.push_str(&bod(start)),
    }
    for field in fields.iter().filter(|f| f.name != Some("handicap")) {
        s.push_str(&format!("{}：{}\n", field.key, field.value));
    }
    if !fields.iter().any(|f| matches!(f.name, Some("sente" | "gote"))) {
        let handicap = named.is_some_and(|named| !named.is_initial());
        s.push_str(if handicap { "下手：\n上手：\n" } else { "先手：\n後手：\n" });
    }
    s
}

/// The KIF of `record`, saying it is in `encoding`: `comment` lines at the top (`#` lines, which readers pass
/// over), the start (its `手合割` name, or its diagram), the header's fields, then the moves with their
/// comments and every variation ([`kif_body`]), as the engine's reader reads them back.
pub fn write_kif<V: Variant>(record: &Record<V>, comment: &str, encoding: TextEncoding) -> String {
    let mut s = header("KIF", &record.start, &record.header, comment, encoding);
    s.push_str(&kif_body(record));
    s
}

/// A KIF record of `moves` from the initial position, with `comment` lines at the top (UTF-8; the file
/// exports write Shift_JIS too).
pub fn kif<V: Variant>(moves: &[Move], comment: &str) -> String {
    kif_from(&Position::<V>::startpos(), moves, comment, TextEncoding::Utf8)
}

/// A KIF record of `moves` from `start`, saying it is in `encoding`.
pub fn kif_from<V: Variant>(
    start: &Position<V>,
    moves: &[Move],
    comment: &str,
    encoding: TextEncoding,
) -> String {
    write_kif(&Record::new(Format::Kif, *start, moves.to_vec()), comment, encoding)
}

/// A KI2 record of `moves` from `start`: the moves in Japanese marked ▲ and △, six a line.
pub fn ki2<V: Variant>(start: &Position<V>, moves: &[Move], comment: &str, encoding: TextEncoding) -> String {
    let mut s = header("KI2", start, &[], comment, encoding);
    let mut positions = vec![*start];
    for &m in moves {
        positions.push(play(positions.last().expect("the start is there"), m));
    }
    // KI2 files mark the sides ▲ and △ (☗ and ☖ have no Shift_JIS code).
    let written: Vec<String> = japanese_line(&positions, moves)
        .into_iter()
        .map(|m| m.replacen('☗', "▲", 1).replacen('☖', "△", 1))
        .collect();
    for line in written.chunks(6) {
        s.push_str(&line.join("    "));
        s.push('\n');
    }
    s
}

const FILES: [char; 9] = ['１', '２', '３', '４', '５', '６', '７', '８', '９'];
const RANKS: [char; 9] = ['一', '二', '三', '四', '五', '六', '七', '八', '九'];

/// The position as a BOD board diagram: Gote's hand, the board with file and rank labels, Sente's hand,
/// and `後手番` when Gote is to move (the lines cshogi's `board_to_bod` writes).
pub fn bod<V: Variant>(pos: &Position<V>) -> String {
    let mut s = format!("後手の持駒：{}\n", hand_text(pos, Color::Gote));
    let labels: Vec<String> = (0..V::W).rev().map(|x| FILES[x].to_string()).collect();
    s.push_str(&format!("  {}\n", labels.join(" ")));
    let frame = format!("+{}+\n", "-".repeat(3 * V::W));
    s.push_str(&frame);
    for (y, rank) in RANKS.iter().enumerate().take(V::H) {
        s.push('|');
        for x in 0..V::W {
            s.push_str(&cell(pos.piece_at(y * V::W + x)));
        }
        s.push('|');
        s.push(*rank);
        s.push('\n');
    }
    s.push_str(&frame);
    s.push_str(&format!("先手の持駒：{}\n", hand_text(pos, Color::Sente)));
    if pos.side_to_move() == Color::Gote {
        s.push_str("後手番\n");
    }
    s
}

/// ` ・`, ` 歩` (Sente), `v歩` (Gote); promoted pieces in one character (と 杏 圭 全 馬 龍).
fn cell(piece: Option<Piece>) -> String {
    let Some(p) = piece else { return " ・".into() };
    let mark = if p.color() == Color::Sente { ' ' } else { 'v' };
    let name = piece_names(p.kind(), p.is_promoted()).board;
    format!("{mark}{name}")
}

/// `飛　角　歩二`, strongest first, counts in kanji; `なし` for an empty hand.
fn hand_text<V: Variant>(pos: &Position<V>, color: Color) -> String {
    let hand = pos.hand(color);
    let items: Vec<String> = Kind::HAND_ORDER
        .iter()
        .filter(|kind| hand[kind.index()] > 0)
        .map(|&kind| {
            let name = piece_names(kind, false).board;
            match hand[kind.index()] {
                1 => name.to_string(),
                n => format!("{name}{}", kanji_count(n)),
            }
        })
        .collect();
    if items.is_empty() {
        "なし".into()
    } else {
        items.join("　")
    }
}

/// 2 → `二`, 10 → `十`, 18 → `十八`.
fn kanji_count(n: u8) -> String {
    let digit = |d: u8| RANKS[d as usize - 1].to_string();
    match n {
        1..=9 => digit(n),
        10 => "十".into(),
        _ => format!("十{}", digit(n - 10)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_in_kanji() {
        assert_eq!([2, 9, 10, 11, 18].map(kanji_count), ["二", "九", "十", "十一", "十八"]);
    }

    #[test]
    fn shift_jis_refuses_what_it_cannot_write() {
        assert_eq!(TextEncoding::ShiftJis.encode("▲７六歩").unwrap(), b"\x81\xa3\x82\x56\x98\x5a\x95\xe0");
        assert_eq!(TextEncoding::ShiftJis.encode("☗"), Err(ExportError::NotInShiftJis('☗')));
        assert_eq!(ExportFormat::from_name("kifu"), Ok(ExportFormat::Kifu));
        assert!(ExportFormat::from_name("pdf").is_err());
    }
}
