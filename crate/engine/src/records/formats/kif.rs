//! KIF and KI2 records (and a BOD diagram alone), read; [`crate::records::formats::export`] writes them.
//! The header gives the start: a board diagram, a `手合割` (平手, a handicap, ５五将棋) or, with neither,
//! the initial position. Then the main line's moves:
//! KIF numbers each on its own line (`  12 同　銀(31)   ( 0:03/00:01:10)`), KI2 marks each with the side
//! (`▲７六歩    △３四歩`). Reading stops at the game's end (`投了`, `まで…`) or the first variation
//! (`変化：`); comment lines (`*`, `#`, `&`) are skipped.

use crate::board::color::Color;
use crate::board::moves::Move;
use crate::board::position::Position;
use crate::board::sfen::parse_position;
use crate::board::variant::{Game, MiniShogi, Shogi, Variant};
use crate::records::error::{RecordError, RecordErrorKind};
use crate::records::formats::bod::Diagram;
use crate::records::formats::handicap::handicap_start;
use crate::records::notation::read::{parse_move_text, Unresolved};
use crate::records::record::{Format, GameRecord, Record, Replay};
use crate::records::text::numbered_lines;

/// What a KIF move line says instead of a move when the game ended there.
const GAME_ENDS: [&str; 14] = [
    "投了",
    "中断",
    "千日手",
    "詰み",
    "持将棋",
    "切れ負け",
    "反則勝ち",
    "反則負け",
    "入玉勝ち",
    "入玉宣言",
    "不戦勝",
    "不戦敗",
    "不詰",
    "封じ手",
];

/// KI2's side marks: Sente's, then Gote's.
const SENTE_MARKS: [char; 3] = ['▲', '☗', '▼'];
const GOTE_MARKS: [char; 3] = ['△', '☖', '▽'];

/// What the header says about the start.
#[derive(Default)]
struct Header {
    /// The `手合割` line's number and name.
    handicap: Option<(usize, String)>,
    diagram: Diagram,
}

impl Header {
    /// Reads header lines up to the first move line (or the end).
    fn read(text: &str) -> Result<Header, RecordError> {
        let mut header = Header::default();
        for (number, line) in numbered_lines(text) {
            if move_line(line).is_some() {
                break;
            }
            if header.diagram.take_line(number, line)? {
                continue;
            }
            if let Some(name) = line.trim().strip_prefix("手合割").and_then(|r| r.strip_prefix(['：', ':']))
            {
                header.handicap = Some((number, name.trim().to_string()));
            }
        }
        Ok(header)
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
            Some((game, sfen)) if game.name() == V::NAME => {
                Ok(parse_position::<V>(sfen).expect("the handicap table's positions are valid"))
            }
            Some((game, _)) => {
                Err(RecordError::whole(RecordErrorKind::WrongGame { expected: V::NAME, found: game.name() }))
            }
            None => Ok(Position::startpos()),
        }
    }
}

fn is_mark(c: char) -> bool {
    SENTE_MARKS.contains(&c) || GOTE_MARKS.contains(&c)
}

/// A line of moves: KIF's number and the rest, or KI2's marked moves.
enum MoveLine<'t> {
    Kif(&'t str),
    Ki2(&'t str),
}

fn move_line(line: &str) -> Option<MoveLine<'_>> {
    let trimmed = line.trim();
    let digits = trimmed.find(|c: char| !c.is_ascii_digit()).unwrap_or(trimmed.len());
    let rest = &trimmed[digits..];
    // A move follows the number: never an ASCII digit (that is a diagram's file labels, `9 8 7 …`).
    if digits > 0
        && rest.starts_with(char::is_whitespace)
        && !rest.trim_start().starts_with(|c: char| c.is_ascii_digit())
    {
        return Some(MoveLine::Kif(trimmed[digits..].trim_start()));
    }
    trimmed.starts_with(is_mark).then_some(MoveLine::Ki2(trimmed))
}

/// Reads a KIF, KI2 or BOD record; the game is what the header says, Shogi when it says nothing.
pub(crate) fn read_kif(text: &str) -> Result<GameRecord, RecordError> {
    let header = Header::read(text)?;
    match header.game()?.unwrap_or(Game::Shogi) {
        Game::Shogi => read_moves::<Shogi>(text, &header).map(GameRecord::Shogi),
        Game::MiniShogi => read_moves::<MiniShogi>(text, &header).map(GameRecord::MiniShogi),
    }
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
    let mut replay = Replay::new(header.start::<V>()?);
    let mut format = None;
    for (number, line) in numbered_lines(text) {
        let trimmed = line.trim();
        if trimmed.starts_with("変化") || trimmed.starts_with("まで") {
            break;
        }
        match move_line(line) {
            Some(MoveLine::Kif(rest)) => {
                format = Some(Format::Kif);
                if GAME_ENDS.iter().any(|end| rest.starts_with(end)) {
                    break;
                }
                play_text(&mut replay, number, rest, None)?;
            }
            Some(MoveLine::Ki2(marked)) => {
                format = Some(Format::Ki2);
                for (side, text) in marked_moves(marked) {
                    play_text(&mut replay, number, text, Some(side))?;
                }
            }
            None => {}
        }
    }
    let format = match format {
        Some(format) => format,
        None if header.diagram.is_present() => Format::Bod,
        None if header.handicap.is_some() => Format::Kif,
        None => return Err(nothing_read(text)),
    };
    Ok(replay.finish(format))
}

/// The error for a text with no move, no `手合割` and no diagram: its first line is not a record.
fn nothing_read(text: &str) -> RecordError {
    match numbered_lines(text).find(|(_, l)| !l.trim().is_empty()) {
        Some((number, line)) => RecordError::at(number, RecordErrorKind::UnknownFormat(line.to_string())),
        None => RecordError::whole(RecordErrorKind::Empty),
    }
}

/// KI2's moves on a line: each mark's side and the text up to the next mark.
fn marked_moves(line: &str) -> impl Iterator<Item = (Color, &str)> {
    line.match_indices(is_mark).map(move |(at, mark)| {
        let side = if mark.starts_with(SENTE_MARKS) { Color::Sente } else { Color::Gote };
        let rest = &line[at + mark.len()..];
        let end = rest.find(is_mark).unwrap_or(rest.len());
        (side, rest[..end].trim())
    })
}

/// Reads the move `text` (on line `number`, marked for `side` in KI2) and plays it.
fn play_text<V: Variant>(
    replay: &mut Replay<V>,
    number: usize,
    text: &str,
    side: Option<Color>,
) -> Result<(), RecordError> {
    let ply = replay.next_ply();
    let at = |kind| RecordError::at(number, kind);
    if side.is_some_and(|s| s != replay.position().side_to_move()) {
        return Err(at(RecordErrorKind::WrongSide { ply, text: text.to_string() }));
    }
    let word = move_word(text);
    let read = parse_move_text::<V>(text).ok_or_else(|| at(RecordErrorKind::BadMove(word.to_string())))?;
    let m = read.resolve(replay.position(), replay.legal(), replay.previous_to()).map_err(|e| {
        at(match e {
            Unresolved::NoPrevious => RecordErrorKind::SameWithoutPrevious(word.to_string()),
            Unresolved::NoMove => RecordErrorKind::IllegalMove {
                ply,
                text: word.to_string(),
                sfen: replay.position().to_sfen(),
            },
            Unresolved::Several(moves) => RecordErrorKind::AmbiguousMove {
                ply,
                text: word.to_string(),
                candidates: moves.iter().map(|m| m.to_usi::<V>()).collect(),
            },
        })
    })?;
    replay.push_move(number, word, m)
}

/// The move at the start of `text`, for messages: up to the white space after it (`同　銀(31)`, not `同`).
fn move_word(text: &str) -> &str {
    let same = text.strip_prefix('同').map(|r| r.strip_prefix(['　', ' ']).unwrap_or(r));
    let body = same.unwrap_or(text);
    let end = body.find(char::is_whitespace).unwrap_or(body.len());
    &text[..text.len() - body.len() + end]
}

/// Reads the moves of a KIF (or KI2) record of game `V` from the initial position, each checked for
/// legality: [`read_kif`] reads any start.
pub fn parse_kif<V: Variant>(text: &str) -> Result<Vec<Move>, String> {
    let record = read_kif_as::<V>(text).map_err(|e| e.to_string())?;
    if record.start != Position::startpos() {
        return Err(format!("the record starts from {}, not the initial position", record.start.to_sfen()));
    }
    Ok(record.moves)
}
