//! The body of a KIF or KI2 record: the main line, each move's comment (`*` lines after it), and the
//! variations (`変化：N手` blocks). A variation at move N replaces move N of the latest line read that has
//! a move N after its own first move (KIF writes a line's later branches before its earlier ones, depth
//! first), or of the main line; it is played from the position before that move.

use crate::board::color::Color;
use crate::board::moves::Move;
use crate::board::position::Position;
use crate::board::variant::Variant;
use crate::records::annotations::{Skipped, Variation};
use crate::records::error::{RecordError, RecordErrorKind, MAX_RECORD_PLIES};
use crate::records::formats::kif_moves::{marked_moves, move_line, play_text, MoveLine, GAME_ENDS};
use crate::records::record::{Format, Record, Replay};
use crate::rules::play;
use std::collections::BTreeSet;

/// A line of play read or being read: the main line (index 0) or a variation.
struct Line<V: Variant> {
    /// The line it branches from (`None` for the main line).
    parent: Option<usize>,
    /// The number of its first move.
    ply: usize,
    /// The position before its first move, and the destination of the move before that.
    start: Position<V>,
    previous_to: Option<usize>,
    moves: Vec<Move>,
    /// `moves.len() + 1` comments.
    comments: Vec<String>,
    /// The line number of its `変化` line (0 for the main line).
    opened_at: usize,
}

/// The body being read.
pub(super) struct Body<V: Variant> {
    lines: Vec<Line<V>>,
    /// The lines open, from the main line to the one being read.
    path: Vec<usize>,
    replay: Replay<V>,
    /// Whether the line being read has ended (`投了`, `まで…`): later move lines are skipped.
    ended: bool,
    /// Moves in all lines read so far, the current one excepted.
    moves_before: usize,
    /// What KIF's move numbers add to the plies counted here: a game from a diagram (`手数＝30`) may
    /// number its first move 31; its numbers, and its variations', go on from there.
    numbers_from: usize,
    pub(super) skipped: BTreeSet<Skipped>,
    pub(super) format: Option<Format>,
}

impl<V: Variant> Body<V> {
    /// A body whose main line starts at `start`; `comment` is what the header says before the first move.
    pub(super) fn new(start: Position<V>, comment: String) -> Body<V> {
        let main = Line {
            parent: None,
            ply: 1,
            start,
            previous_to: None,
            moves: Vec::new(),
            comments: vec![comment],
            opened_at: 0,
        };
        Body {
            lines: vec![main],
            path: vec![0],
            replay: Replay::new(start),
            ended: false,
            moves_before: 0,
            numbers_from: 0,
            skipped: BTreeSet::new(),
            format: None,
        }
    }

    /// Reads one line of the body (line `number` of the text).
    pub(super) fn read_line(&mut self, number: usize, line: &str) -> Result<(), RecordError> {
        let trimmed = line.trim();
        if let Some(rest) = trimmed.strip_prefix("変化") {
            return self.branch(number, trimmed, rest);
        }
        if let Some(comment) = trimmed.strip_prefix('*') {
            self.comment(comment);
            return Ok(());
        }
        if trimmed.starts_with("まで") {
            self.ended = true;
            self.skipped.insert(Skipped::End);
            return Ok(());
        }
        match move_line(line) {
            Some(MoveLine::Kif(number_written, rest)) => self.kif_move(number, number_written, rest),
            Some(MoveLine::Ki2(marked)) => {
                self.format = Some(Format::Ki2);
                if self.ended {
                    self.skipped.insert(Skipped::UnknownLines);
                    return Ok(());
                }
                for (side, text) in marked_moves(marked) {
                    self.play(number, text, Some(side))?;
                }
                Ok(())
            }
            None => {
                self.skip(trimmed);
                Ok(())
            }
        }
    }

    fn kif_move(&mut self, number: usize, written: usize, rest: &str) -> Result<(), RecordError> {
        self.format = Some(Format::Kif);
        if self.ended {
            self.skipped.insert(Skipped::UnknownLines);
            return Ok(());
        }
        let first_of_all = self.lines.len() == 1 && self.replay.moves().is_empty();
        if first_of_all && written > 1 && written != usize::MAX {
            self.numbers_from = written - 1;
        }
        let expected = self.replay.next_ply() + self.numbers_from;
        if written != expected {
            return Err(RecordError::at(number, RecordErrorKind::MoveNumber { expected, found: written }));
        }
        if GAME_ENDS.iter().any(|end| rest.starts_with(end)) {
            self.ended = true;
            self.skipped.insert(Skipped::End);
            return Ok(());
        }
        // The time column, `( 0:03/00:01:10)`, after the move.
        if rest.contains('(') && rest.contains(':') {
            self.skipped.insert(Skipped::Times);
        }
        self.play(number, rest, None)
    }

    fn play(&mut self, number: usize, text: &str, side: Option<Color>) -> Result<(), RecordError> {
        if self.moves_before + self.replay.moves().len() >= MAX_RECORD_PLIES {
            let kind = if self.path.len() == 1 && self.lines.len() == 1 {
                RecordErrorKind::TooManyMoves
            } else {
                RecordErrorKind::TooManyBranchMoves
            };
            return Err(RecordError::at(number, kind));
        }
        play_text(&mut self.replay, number, text, side)?;
        self.current().comments.push(String::new());
        Ok(())
    }

    fn current(&mut self) -> &mut Line<V> {
        let at = *self.path.last().expect("the main line is always open");
        &mut self.lines[at]
    }

    /// A `*` line: part of the comment after the last move read (before the first, when none).
    fn comment(&mut self, text: &str) {
        let last = self.current().comments.last_mut().expect("one comment a position");
        if !last.is_empty() {
            last.push('\n');
        }
        last.push_str(text.trim_end());
    }

    /// A line that is no move: a bookmark, a file comment, the table's heading, or unknown.
    fn skip(&mut self, trimmed: &str) {
        let part = match trimmed.chars().next() {
            None => return,
            Some('&') => Skipped::Bookmarks,
            Some('#') => Skipped::FileComments,
            _ if trimmed.starts_with("手数") => return,
            _ => Skipped::UnknownLines,
        };
        self.skipped.insert(part);
    }

    /// Closes the line being read: its moves go to its [`Line`]. A variation without moves is an error.
    fn close_current(&mut self) -> Result<(), RecordError> {
        let at = *self.path.last().expect("the main line is always open");
        let moves = self.replay.moves().to_vec();
        let line = &mut self.lines[at];
        if at > 0 && moves.is_empty() {
            return Err(RecordError::at(line.opened_at, RecordErrorKind::EmptyBranch { ply: line.ply }));
        }
        self.moves_before += moves.len();
        line.moves = moves;
        Ok(())
    }

    /// A `変化：N手` line: the variation at move N opens.
    fn branch(&mut self, number: usize, trimmed: &str, rest: &str) -> Result<(), RecordError> {
        let ply = rest
            .trim_start_matches(['：', ':', ' ', '　'])
            .trim_end()
            .strip_suffix('手')
            .and_then(|n| n.trim().parse::<usize>().ok())
            .filter(|&n| n > 0)
            .ok_or_else(|| RecordError::at(number, RecordErrorKind::BadBranch(trimmed.to_string())))?;
        let written = ply;
        let Some(ply) = ply.checked_sub(self.numbers_from).filter(|&n| n > 0) else {
            return Err(RecordError::at(number, RecordErrorKind::BranchWithoutMove { ply: written }));
        };
        self.close_current()?;
        // The latest open line with a move `ply` after its first (the main line: any of its moves).
        let found = self.path.iter().rposition(|&i| {
            let line = &self.lines[i];
            let last = line.ply + line.moves.len();
            ply < last && (i == 0 || ply > line.ply)
        });
        let Some(depth) = found else {
            return Err(RecordError::at(number, RecordErrorKind::BranchWithoutMove { ply: written }));
        };
        let parent = self.path[depth];
        let line = &self.lines[parent];
        let offset = ply - line.ply;
        let start = line.moves[..offset].iter().fold(line.start, |pos, &m| play(&pos, m));
        let previous_to = if offset == 0 { line.previous_to } else { Some(line.moves[offset - 1].to()) };
        self.path.truncate(depth + 1);
        self.path.push(self.lines.len());
        self.lines.push(Line {
            parent: Some(parent),
            ply,
            start,
            previous_to,
            moves: Vec::new(),
            comments: vec![String::new()],
            opened_at: number,
        });
        self.replay = Replay::branch(start, ply, previous_to);
        self.ended = false;
        Ok(())
    }

    /// The record read: the main line's moves and comments, and the variations (their parents renumbered
    /// from lines to variations).
    pub(super) fn finish(mut self, format: Format) -> Result<Record<V>, RecordError> {
        self.close_current()?;
        let mut lines = self.lines.into_iter();
        let main = lines.next().expect("the main line");
        let mut record = Record::new(format, main.start, main.moves);
        record.comments = main.comments;
        record.variations = lines
            .map(|l| Variation {
                parent: l.parent.filter(|&p| p > 0).map(|p| p - 1),
                ply: l.ply,
                moves: l.moves,
                comments: l.comments,
            })
            .collect();
        record.skipped = self.skipped.into_iter().collect();
        Ok(record)
    }
}
