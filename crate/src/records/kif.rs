//! KIF game records, written (and read back by [`crate::records::kifu`]).

use crate::board::moves::Move;
use crate::board::position::Position;
use crate::board::variant::Variant;
use crate::records::kifu::read_kifu_as;
use crate::records::notation::{destination_and_piece, moving_piece, promotion_word};
use crate::rules::play;

/// The KIF move text: `７六歩(77)`, `同　銀(31)`, `２二角成(88)`, `５五角打`.
pub fn kif_move<V: Variant>(before: &Position<V>, m: Move, previous_to: Option<usize>) -> String {
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

/// A KIF record of `moves` from the initial position, with `comment` lines at the top.
pub fn kif<V: Variant>(moves: &[Move], comment: &str) -> String {
    let mut s = String::from("#KIF version=2.0 encoding=UTF-8\n");
    for line in comment.lines() {
        s.push_str(&format!("# {line}\n"));
    }
    s.push_str(&format!("手合割：{}\n", V::KIF_HANDICAP));
    s.push_str("先手：\n後手：\n手数----指手---------消費時間--\n");
    let mut pos = Position::<V>::startpos();
    let mut previous_to = None;
    for (i, &m) in moves.iter().enumerate() {
        s.push_str(&format!("{:>4} {}   ( 0:00/00:00:00)\n", i + 1, kif_move(&pos, m, previous_to)));
        previous_to = Some(m.to());
        pos = play(&pos, m);
    }
    s
}

/// Reads the moves of a KIF (or KI2) record of game `V` from the initial position, each checked for
/// legality: [`crate::records::kifu`] reads any start.
pub fn parse_kif<V: Variant>(text: &str) -> Result<Vec<Move>, String> {
    let record = read_kifu_as::<V>(text).map_err(|e| e.to_string())?;
    if record.start != Position::startpos() {
        return Err(format!("the record starts from {}, not the initial position", record.start.to_sfen()));
    }
    Ok(record.moves)
}
