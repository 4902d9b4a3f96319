//! The USI `position` command any shogi program reads, written and read back; and one-line positions:
//! `position startpos moves …`, `position sfen … moves …`, `sfen … moves …`, plain SFEN or the reference
//! format (`board[hands] w`), with or without `moves …`. Reading checks every move against the legal moves.

use crate::board::moves::Move;
use crate::board::position::Position;
use crate::board::sfen::parse_position;
use crate::board::variant::{Game, Variant};
use crate::records::error::{MovesError, RecordError, RecordErrorKind};
use crate::records::record::{Format, GameRecord, Record, Replay};
use crate::with_game;

/// `position startpos moves …` (Shogi) or `position sfen <start> moves …` (Mini Shogi): see
/// [`Variant::USI_START`].
pub fn usi_command<V: Variant>(moves: &[Move]) -> String {
    let mut s = format!("position {}", V::USI_START);
    if !moves.is_empty() {
        s.push_str(" moves");
        for m in moves {
            s.push(' ');
            s.push_str(&m.to_usi::<V>());
        }
    }
    s
}

/// Reads a USI `position` command: the start position and the moves, each checked for legality.
pub fn parse_usi_command<V: Variant>(text: &str) -> Result<(Position<V>, Vec<Move>), MovesError> {
    if !text.trim_start().starts_with("position") {
        return Err(MovesError::NotUsiCommand);
    }
    let record = read_usi_as::<V>(1, text)?;
    Ok((record.start, record.moves))
}

/// The game a one-line position or USI command is of: the game of its board's size (Shogi for
/// `startpos`, and for a size no game has, whose rows are then refused by name).
fn game_of(line: &str) -> Game {
    let board = line.split_whitespace().find(|w| w.contains('/')).unwrap_or("");
    let board = board.split('[').next().unwrap_or(board);
    Game::of_rows(board.split('/').count()).unwrap_or_default()
}

/// Reads `line` (number `number` of its text): a USI command or a position, with moves or not.
pub(crate) fn read_usi(number: usize, line: &str) -> Result<GameRecord, RecordError> {
    with_game!(game_of(line), V => read_usi_as::<V>(number, line).map(GameRecord::from))
}

/// [`read_usi`] for game `V`: `startpos` is `V`'s initial position.
pub(crate) fn read_usi_as<V: Variant>(number: usize, line: &str) -> Result<Record<V>, RecordError> {
    let line = line.trim();
    let command = line.strip_prefix("position").filter(|r| r.is_empty() || r.starts_with(' '));
    let body = command.unwrap_or(line).trim();
    let (start, moves) = match body.split_once(" moves") {
        Some((start, moves)) if moves.is_empty() || moves.starts_with(' ') => (start, Some(moves)),
        _ => (body, None),
    };
    let start =
        parse_position::<V>(start).map_err(|e| RecordError::at(number, RecordErrorKind::BadPosition(e)))?;
    let mut replay = Replay::new(start);
    for usi in moves.unwrap_or("").split_whitespace() {
        let m = Move::from_usi::<V>(usi)
            .map_err(|_| RecordError::at(number, RecordErrorKind::BadMove(usi.to_string())))?;
        replay.push_move(number, usi, m)?;
    }
    let usi = command.is_some() || moves.is_some() || body == "startpos";
    Ok(replay.finish(if usi { Format::Usi } else { Format::Sfen }))
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
