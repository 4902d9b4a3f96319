//! KIF and KI2 records (and a BOD diagram alone), read and written: [`write_kif`] (the header, then
//! `kif_body`: the moves, comments and variations) and [`ki2`].
//! The header gives the start: a board diagram, a `手合割` (平手, a handicap, ５五将棋) or, with neither,
//! the initial position. Then the main line's moves:
//! KIF numbers each on its own line (`  12 同　銀(31)   ( 0:03/00:01:10)`), KI2 marks each with the side
//! (`▲７六歩    △３四歩`). The header's `key：value` lines are kept as fields, `*` lines as the comment
//! of the move before them, and `変化：N手` blocks as variations ([`super::kif_body`]); what is read past
//! (times, the game's end, `&` and `#` lines, unknown lines) is named in the record's `skipped`.

use crate::board::moves::Move;
use crate::board::position::Position;
use crate::board::sfen::parse_position;
use crate::board::start::{handicap_start, Start};
use crate::board::variant::{Game, Variant};
use crate::records::annotations::{HeaderField, Skipped};
use crate::records::error::{MovesError, RecordError, RecordErrorKind};
use crate::records::formats::bod::{bod, Diagram};
use crate::records::formats::kif_body::Body;
use crate::records::formats::kif_moves::move_line;
use crate::records::notation::japanese::write::{destination_and_piece, moving_piece, promotion_word};
use crate::records::record::{Format, GameRecord, Record};
use crate::records::text::{numbered_lines, TextEncoding};
use crate::rules::play;
use crate::with_game;
use std::collections::BTreeSet;

/// What the header says: the start, its fields, the comment before the first move, what it skipped.
#[derive(Default)]
struct Header {
    /// The `手合割` line's number and name.
    handicap: Option<(usize, String)>,
    diagram: Diagram,
    fields: Vec<HeaderField>,
    comment: String,
    skipped: BTreeSet<Skipped>,
    /// The number of the first line of the body (the first move or variation), past the end when none.
    body_from: usize,
}

impl Header {
    /// Reads header lines up to the first move line, variation or end (or the text's end).
    fn read(text: &str) -> Result<Header, RecordError> {
        let mut header = Header::default();
        for (number, line) in numbered_lines(text) {
            header.body_from = number;
            let trimmed = line.trim();
            if move_line(line).is_some() || trimmed.starts_with("変化") || trimmed.starts_with("まで") {
                return Ok(header);
            }
            if header.diagram.take_line(number, line)? {
                continue;
            }
            header.take_line(number, trimmed);
        }
        header.body_from += 1;
        Ok(header)
    }

    /// A header line other than the diagram's: a field, a comment, or a part skipped.
    fn take_line(&mut self, number: usize, trimmed: &str) {
        let part = match trimmed.chars().next() {
            None => return,
            Some('*') => {
                let comment = &trimmed['*'.len_utf8()..];
                self.comment = if self.comment.is_empty() {
                    comment.to_string()
                } else {
                    format!("{}\n{comment}", self.comment)
                };
                return;
            }
            Some('#') if trimmed.starts_with("#KIF") => return,
            Some('#') => Skipped::FileComments,
            Some('&') => Skipped::Bookmarks,
            _ if trimmed.starts_with("手数") => return,
            _ => match trimmed.split_once(['：', ':']) {
                Some((key, value)) => {
                    if key.trim() == "手合割" {
                        self.handicap = Some((number, value.trim().to_string()));
                    }
                    if !value.trim().is_empty() {
                        self.fields.push(HeaderField::new(key, value));
                    }
                    return;
                }
                None => Skipped::UnknownLines,
            },
        };
        self.skipped.insert(part);
    }

    /// The game: the diagram's size, else the `手合割`'s game, else none said.
    fn game(&self) -> Result<Option<Game>, RecordError> {
        if let Some(game) = self.diagram.game() {
            return Ok(Some(game));
        }
        Ok(self.named_start()?.map(|(game, _)| game))
    }

    /// The `手合割`'s game and start, `None` without one; an unknown name (or `その他` without a
    /// diagram) is an error.
    fn named_start(&self) -> Result<Option<(Game, &'static str)>, RecordError> {
        let Some((number, name)) = &self.handicap else { return Ok(None) };
        handicap_start(name)
            .map(Some)
            .ok_or_else(|| RecordError::at(*number, RecordErrorKind::UnknownHandicap(name.clone())))
    }

    fn start<V: Variant>(&self) -> Result<Position<V>, RecordError> {
        if self.diagram.is_present() {
            return self.diagram.position::<V>();
        }
        match self.named_start()? {
            Some((game, sfen)) if game == V::GAME => {
                Ok(parse_position::<V>(sfen).expect("the handicap table's positions are valid"))
            }
            Some((game, _)) => {
                Err(RecordError::whole(RecordErrorKind::WrongGame { expected: V::NAME, found: game.name() }))
            }
            None => Ok(Position::startpos()),
        }
    }
}

/// Reads a KIF, KI2 or BOD record; the game is what the header says, Shogi when it says nothing.
pub(crate) fn read_kif(text: &str) -> Result<GameRecord, RecordError> {
    let header = Header::read(text)?;
    with_game!(header.game()?.unwrap_or_default(), V => read_moves::<V>(text, &header).map(GameRecord::from))
}

/// Reads a KIF, KI2 or BOD record of game `V` (a header that names the other game is an error).
pub(crate) fn read_kif_as<V: Variant>(text: &str) -> Result<Record<V>, RecordError> {
    let header = Header::read(text)?;
    if let Some(game) = header.game()?.filter(|g| g.name() != V::NAME) {
        return Err(RecordError::whole(RecordErrorKind::WrongGame { expected: V::NAME, found: game.name() }));
    }
    read_moves::<V>(text, &header)
}

fn read_moves<V: Variant>(text: &str, header: &Header) -> Result<Record<V>, RecordError> {
    let mut body = Body::new(header.start::<V>()?, header.comment.clone());
    for (number, line) in numbered_lines(text).skip(header.body_from - 1) {
        body.read_line(number, line)?;
    }
    let format = match body.format {
        Some(format) => format,
        None if header.diagram.is_present() => Format::Bod,
        None if header.handicap.is_some() => Format::Kif,
        None => return Err(nothing_read(text)),
    };
    body.skipped.extend(header.skipped.iter().copied());
    let mut record = body.finish(format)?;
    record.header = header.fields.clone();
    Ok(record)
}

/// The error for a text with no move, no `手合割` and no diagram: its first line is not a record.
fn nothing_read(text: &str) -> RecordError {
    match numbered_lines(text).find(|(_, l)| !l.trim().is_empty()) {
        Some((number, line)) => RecordError::at(number, RecordErrorKind::UnknownFormat(line.to_string())),
        None => RecordError::whole(RecordErrorKind::Empty),
    }
}

/// Reads the moves of a KIF (or KI2) record of game `V` from the initial position, each checked for
/// legality: [`read_kif`] reads any start.
pub fn parse_kif<V: Variant>(text: &str) -> Result<Vec<Move>, MovesError> {
    let record = read_kif_as::<V>(text)?;
    if record.start != Position::startpos() {
        return Err(MovesError::NotFromInitial(record.start.to_sfen()));
    }
    Ok(record.moves)
}

/// The body of `record`'s KIF, after its header ([`write_kif`] writes both):
/// the comment before the first move (`*` lines), the main line with each move's comment after it, then each
/// variation after a `変化：N手` line. Variations go depth first, a line's later branches before its earlier
/// ones, as KIF writes them, so that [`read_kif`] puts each back on the line it branches from.
pub(crate) fn kif_body<V: Variant>(record: &Record<V>) -> String {
    let mut s = String::new();
    push_comment(&mut s, &record.comments[0]);
    s.push_str("手数----指手---------消費時間--\n");
    let main = KifLine {
        start: record.start,
        ply: 1,
        previous_to: None,
        moves: &record.moves,
        comments: &record.comments,
    };
    // The lines still to write, the next on top (a stack, so deep nesting costs no recursion): a line's
    // branches go on it after the line is written, its latest branch on top.
    let mut todo = vec![(None, main)];
    while let Some((index, line)) = todo.pop() {
        if index.is_some() {
            s.push_str(&format!("\n変化：{}手\n", line.ply));
            push_comment(&mut s, &line.comments[0]);
        }
        let positions = write_moves(&mut s, &line);
        let mut branches: Vec<usize> =
            (0..record.variations.len()).filter(|&v| record.variations[v].parent == index).collect();
        branches.sort_by_key(|&v| record.variations[v].ply);
        for v in branches {
            let variation = &record.variations[v];
            let offset = variation.ply - line.ply;
            let branch = KifLine {
                start: positions[offset],
                ply: variation.ply,
                previous_to: if offset == 0 { line.previous_to } else { Some(line.moves[offset - 1].to()) },
                moves: &variation.moves,
                comments: &variation.comments,
            };
            todo.push((Some(v), branch));
        }
    }
    s
}

/// A line of play as [`kif_body`] writes it: the position before its first move, that move's number and
/// the destination of the move before it, its moves and `moves.len() + 1` comments.
struct KifLine<'r, V: Variant> {
    start: Position<V>,
    ply: usize,
    previous_to: Option<usize>,
    moves: &'r [Move],
    comments: &'r [String],
}

/// Writes `line`'s moves, each with its comment; returns the positions along it (its start first).
fn write_moves<V: Variant>(s: &mut String, line: &KifLine<'_, V>) -> Vec<Position<V>> {
    let mut positions = vec![line.start];
    let mut previous_to = line.previous_to;
    for (i, &m) in line.moves.iter().enumerate() {
        let before = positions[i];
        s.push_str(&format!(
            "{:>4} {}   ( 0:00/00:00:00)\n",
            line.ply + i,
            kif_move(&before, m, previous_to)
        ));
        push_comment(s, &line.comments[i + 1]);
        previous_to = Some(m.to());
        positions.push(play(&before, m));
    }
    positions
}

/// A comment as `*` lines (nothing for an empty one).
fn push_comment(s: &mut String, comment: &str) {
    for line in comment.lines() {
        s.push_str(&format!("*{line}\n"));
    }
}

/// The KIF move text: `７六歩(77)`, `同　銀(31)`, `２二角成(88)`, `５五角打`.
pub(crate) fn kif_move<V: Variant>(before: &Position<V>, m: Move, previous_to: Option<usize>) -> String {
    let piece = moving_piece(before, m);
    let mut s = destination_and_piece::<V>(piece, m.to(), previous_to);
    match m {
        Move::Drop { .. } => s.push('打'),
        Move::Board { from, to, promote } => {
            let (from, to) = (from as usize, to as usize);
            s.push_str(promotion_word::<V>(piece, from, to, promote));
            let g = V::geometry();
            s.push_str(&format!("({}{})", g.w - g.x(from), g.y(from) + 1));
        }
    }
    s
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
    // KI2 files mark the sides ▲ and △ (☗ and ☖ have no Shift_JIS code).
    let written: Vec<String> = Record::new(Format::Ki2, *start, moves.to_vec())
        .japanese_moves()
        .into_iter()
        .map(|m| m.replacen('☗', "▲", 1).replacen('☖', "△", 1))
        .collect();
    for line in written.chunks(6) {
        s.push_str(&line.join("    "));
        s.push('\n');
    }
    s
}
