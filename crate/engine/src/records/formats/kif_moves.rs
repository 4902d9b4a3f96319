//! The moves of KIF and KI2 text, shared by the header's reader ([`super::kif`]) and the body's
//! ([`super::kif_body`]): which lines hold moves, KI2's side marks, the game's ends, and a move read and
//! played.

use crate::board::color::Color;
use crate::board::variant::Variant;
use crate::records::error::{RecordError, RecordErrorKind};
use crate::records::notation::japanese::read::{parse_move_text, Unresolved};
use crate::records::record::Replay;

/// What a KIF move line says instead of a move when the game ended there.
pub(super) const GAME_ENDS: [&str; 14] = [
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

fn is_mark(c: char) -> bool {
    SENTE_MARKS.contains(&c) || GOTE_MARKS.contains(&c)
}

/// A line of moves: KIF's number and the rest, or KI2's marked moves.
pub(super) enum MoveLine<'t> {
    Kif(usize, &'t str),
    Ki2(&'t str),
}

pub(super) fn move_line(line: &str) -> Option<MoveLine<'_>> {
    let trimmed = line.trim();
    let digits = trimmed.find(|c: char| !c.is_ascii_digit()).unwrap_or(trimmed.len());
    let rest = &trimmed[digits..];
    // A move follows the number: never an ASCII digit (that is a diagram's file labels, `9 8 7 …`).
    if digits > 0
        && rest.starts_with(char::is_whitespace)
        && !rest.trim_start().starts_with(|c: char| c.is_ascii_digit())
    {
        let number = trimmed[..digits].parse().unwrap_or(usize::MAX);
        return Some(MoveLine::Kif(number, trimmed[digits..].trim_start()));
    }
    trimmed.starts_with(is_mark).then_some(MoveLine::Ki2(trimmed))
}

/// KI2's moves on a line: each mark's side and the text up to the next mark.
pub(super) fn marked_moves(line: &str) -> impl Iterator<Item = (Color, &str)> {
    line.match_indices(is_mark).map(move |(at, mark)| {
        let side = if mark.starts_with(SENTE_MARKS) { Color::Sente } else { Color::Gote };
        let rest = &line[at + mark.len()..];
        let end = rest.find(is_mark).unwrap_or(rest.len());
        (side, rest[..end].trim())
    })
}

/// Reads the move `text` (on line `number`, marked for `side` in KI2) and plays it.
pub(super) fn play_text<V: Variant>(
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
