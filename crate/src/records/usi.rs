//! The USI `position` command any shogi program reads, written and read back. Reading checks every move
//! against the legal moves.

use crate::board::moves::Move;
use crate::board::position::Position;
use crate::board::variant::Variant;
use crate::rules::{parse_legal_move, play};

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
pub fn parse_usi_command<V: Variant>(text: &str) -> Result<(Position<V>, Vec<Move>), String> {
    let text = text.trim();
    let rest = text.strip_prefix("position").ok_or("a USI position command starts with `position`")?.trim();
    let (start, moves) = match rest.split_once(" moves") {
        Some((s, m)) => (s.trim(), m),
        None => (rest, ""),
    };
    let start = Position::<V>::from_sfen(start).map_err(|e| format!("bad start position: {e}"))?;
    let mut pos = start;
    let mut out = Vec::new();
    for usi in moves.split_whitespace() {
        let m = parse_legal_move(&pos, usi).map_err(|e| format!("move {}: {e}", out.len() + 1))?;
        pos = play(&pos, m);
        out.push(m);
    }
    Ok((start, out))
}
