//! KIF game records, written and read back. Reading checks every move against the legal moves.

use crate::board::moves::{Move, MoveList};
use crate::board::piece::Kind;
use crate::board::position::Position;
use crate::board::variant::Variant;
use crate::records::notation::{destination_and_piece, moving_piece, promotion_word};
use crate::rules::{legal_moves, play};
use std::iter::Peekable;
use std::str::Chars;

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
    let mut pos = Position::<V>::startpos();
    let mut moves = Vec::new();
    let mut previous_to: Option<usize> = None;
    let mut legal = MoveList::new();
    for line in text.lines() {
        let Some((number, rest)) = numbered_line(line) else { continue };
        let Some(m) = read_move(&pos, number, rest, previous_to)? else { break };
        legal_moves(&pos, &mut legal);
        if !legal.contains(&m) {
            return Err(format!("KIF move {number} ({}) is not legal in {}", m.to_usi::<V>(), pos.to_sfen()));
        }
        pos = play(&pos, m);
        previous_to = Some(m.to());
        moves.push(m);
    }
    Ok(moves)
}

/// The move number and the rest of a move line; `None` for the header, comments and other lines.
fn numbered_line(line: &str) -> Option<(&str, &str)> {
    let line = line.trim();
    let (number, rest) = line.split_once(' ')?;
    (number.parse::<usize>().is_ok() && !line.starts_with('#')).then_some((number, rest))
}

/// What a KIF move line says instead of a move when the game ended there.
const GAME_ENDS: [&str; 11] = [
    "投了",
    "中断",
    "千日手",
    "詰み",
    "持将棋",
    "切れ負け",
    "反則勝ち",
    "反則負け",
    "入玉勝ち",
    "不戦勝",
    "不戦敗",
];

/// The move of line `number` (its text after the number is `rest`) in `pos`, or `None` where the game
/// ends (`投了`, `中断`, … [`GAME_ENDS`]). The piece named must be the one on the origin square.
fn read_move<V: Variant>(
    pos: &Position<V>,
    number: &str,
    rest: &str,
    previous_to: Option<usize>,
) -> Result<Option<Move>, String> {
    let g = V::geometry();
    let bad = || format!("cannot read KIF move {number}: {}", crate::board::sfen::quote(rest));
    if GAME_ENDS.iter().any(|end| rest.trim_start().starts_with(end)) {
        return Ok(None);
    }
    let mut chars = rest.trim_start().chars().peekable();
    let to = destination::<V>(&mut chars, previous_to).ok_or_else(bad)?;
    let body: String = chars.collect();
    let body = body.split_whitespace().next().unwrap_or("");
    let ((kind, promoted), tail) = piece_name(body).ok_or_else(bad)?;
    if let Some(after) = tail.strip_prefix('打') {
        if !after.is_empty() {
            return Err(bad());
        }
        return Ok(Some(Move::Drop { kind, to: to as u8 }));
    }
    let (promote, tail) = promotion_suffix(tail);
    let (file, rank) = origin::<V>(tail).ok_or_else(bad)?;
    let from = (rank - 1) * g.w + (g.w - file);
    let piece = pos.piece_at(from).ok_or_else(bad)?;
    if piece.kind() != kind || piece.is_promoted() != promoted {
        return Err(format!("KIF move {number}: the piece on {file}{rank} is not {body}"));
    }
    Ok(Some(Move::Board { from: from as u8, to: to as u8, promote }))
}

/// The destination square: `同` (optionally followed by a full-width space) for the previous move's, or a
/// full-width file digit and a kanji rank.
fn destination<V: Variant>(chars: &mut Peekable<Chars>, previous_to: Option<usize>) -> Option<usize> {
    let g = V::geometry();
    if chars.peek() == Some(&'同') {
        chars.next();
        if chars.peek() == Some(&'　') {
            chars.next();
        }
        return previous_to;
    }
    let file = chars.next().and_then(|c| "１２３４５６７８９".chars().position(|d| d == c))?;
    let rank = chars.next().and_then(|c| "一二三四五六七八九".chars().position(|d| d == c))?;
    if file >= g.w || rank >= g.h {
        return None;
    }
    Some(rank * g.w + (g.w - 1 - file))
}

/// The kind and promotion of the piece `body` starts with, and the text after its name.
fn piece_name(body: &str) -> Option<((Kind, bool), &str)> {
    PIECE_NAMES.iter().find_map(|&(n, k, p)| body.strip_prefix(n).map(|t| ((k, p), t)))
}

/// Whether the move promotes (`成`; not for `不成` or nothing), and the text after that word.
fn promotion_suffix(tail: &str) -> (bool, &str) {
    if let Some(t) = tail.strip_prefix("不成") {
        (false, t)
    } else if let Some(t) = tail.strip_prefix('成') {
        (true, t)
    } else {
        (false, tail)
    }
}

/// The origin's file and rank (from 1), from `(77)`.
fn origin<V: Variant>(tail: &str) -> Option<(usize, usize)> {
    let g = V::geometry();
    let digits: Vec<u32> =
        tail.trim_start_matches('(').trim_end_matches(')').chars().filter_map(|c| c.to_digit(10)).collect();
    let [file, rank] = digits[..] else { return None };
    let (file, rank) = (file as usize, rank as usize);
    if !(1..=g.w).contains(&file) || !(1..=g.h).contains(&rank) {
        return None;
    }
    Some((file, rank))
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
