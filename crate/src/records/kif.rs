//! KIF game records, written and read back. Reading checks every move against the legal moves.

use crate::board::moves::{Move, MoveList};
use crate::board::piece::Kind;
use crate::board::position::Position;
use crate::board::variant::Variant;
use crate::records::notation::{destination_and_piece, moving_piece, promotion_word};
use crate::rules::{legal_moves, play};

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

/// Reads the moves of a KIF record from the initial position (the header is skipped), each checked for
/// legality.
pub fn parse_kif<V: Variant>(text: &str) -> Result<Vec<Move>, String> {
    let g = V::geometry();
    let mut pos = Position::<V>::startpos();
    let mut moves = Vec::new();
    let mut previous_to: Option<usize> = None;
    let mut legal = MoveList::new();
    for line in text.lines() {
        let line = line.trim();
        let Some((number, rest)) = line.split_once(' ') else { continue };
        if number.parse::<usize>().is_err() || line.starts_with('#') {
            continue;
        }
        let bad = || format!("cannot read KIF move {number}: {rest:?}");
        let mut chars = rest.trim_start().chars().peekable();
        let to = if chars.peek() == Some(&'同') {
            chars.next();
            if chars.peek() == Some(&'　') {
                chars.next();
            }
            previous_to.ok_or_else(bad)?
        } else {
            let file = chars
                .next()
                .and_then(|c| "１２３４５６７８９".chars().position(|d| d == c))
                .ok_or_else(bad)?;
            let rank = chars
                .next()
                .and_then(|c| "一二三四五六七八九".chars().position(|d| d == c))
                .ok_or_else(bad)?;
            if file >= g.w || rank >= g.h {
                return Err(bad());
            }
            rank * g.w + (g.w - 1 - file)
        };
        let body: String = chars.collect();
        let body = body.split_whitespace().next().unwrap_or("");
        if body.starts_with("投了") || body.starts_with("中断") {
            break;
        }
        let (name, tail) = PIECE_NAMES
            .iter()
            .find_map(|&(n, k, p)| body.strip_prefix(n).map(|t| ((k, p), t)))
            .ok_or_else(bad)?;
        let m = if let Some(after) = tail.strip_prefix('打') {
            if !after.is_empty() {
                return Err(bad());
            }
            Move::Drop { kind: name.0, to: to as u8 }
        } else {
            let (promote, tail) = if let Some(t) = tail.strip_prefix("不成") {
                (false, t)
            } else if let Some(t) = tail.strip_prefix('成') {
                (true, t)
            } else {
                (false, tail)
            };
            let digits: Vec<u32> = tail
                .trim_start_matches('(')
                .trim_end_matches(')')
                .chars()
                .filter_map(|c| c.to_digit(10))
                .collect();
            let [file, rank] = digits[..] else { return Err(bad()) };
            let (file, rank) = (file as usize, rank as usize);
            if !(1..=g.w).contains(&file) || !(1..=g.h).contains(&rank) {
                return Err(bad());
            }
            let from = (rank - 1) * g.w + (g.w - file);
            let piece = pos.piece_at(from).ok_or_else(bad)?;
            if piece.kind() != name.0 || piece.is_promoted() != name.1 {
                return Err(format!("KIF move {number}: the piece on {file}{rank} is not {body}"));
            }
            Move::Board { from: from as u8, to: to as u8, promote }
        };
        legal_moves(&pos, &mut legal);
        if !legal.contains(&m) {
            return Err(format!("KIF move {number} ({}) is not legal in {}", m.to_usi::<V>(), pos.to_sfen()));
        }
        pos = play(&pos, m);
        previous_to = Some(to);
        moves.push(m);
    }
    Ok(moves)
}

/// KIF piece names, longest first so that `成銀` is not read as `成`…
const PIECE_NAMES: [(&str, Kind, bool); 16] = [
    ("成銀", Kind::Silver, true),
    ("成桂", Kind::Knight, true),
    ("成香", Kind::Lance, true),
    ("玉", Kind::King, false),
    ("王", Kind::King, false),
    ("金", Kind::Gold, false),
    ("銀", Kind::Silver, false),
    ("桂", Kind::Knight, false),
    ("香", Kind::Lance, false),
    ("歩", Kind::Pawn, false),
    ("と", Kind::Pawn, true),
    ("角", Kind::Bishop, false),
    ("馬", Kind::Bishop, true),
    ("飛", Kind::Rook, false),
    ("龍", Kind::Rook, true),
    ("竜", Kind::Rook, true),
];
