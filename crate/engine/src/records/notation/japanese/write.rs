//! Japanese move notation as printed in game records: `☗７六歩`, `☖同　銀`, `☗５八金右`, `☗２二角成`,
//! `☗５五角打`, with the JSA's relative-position words (上 引 寄 右 左 直) where two pieces of one kind
//! can reach the same square.

use crate::board::color::Color;
use crate::board::moves::{Move, MoveList};
use crate::board::piece::{Kind, Piece};
use crate::board::position::Position;
use crate::board::variant::Variant;
use crate::records::notation::japanese::kanji::{piece_names, FILES, RANKS};
use crate::rules;

/// The name of a piece in game records (玉 for both kings).
pub(crate) fn piece_name(p: Piece) -> &'static str {
    piece_names(p.kind(), p.is_promoted()).record
}

/// `７六`: full-width file digit, kanji rank.
pub(crate) fn japanese_square<V: Variant>(sq: usize) -> String {
    let g = V::geometry();
    [FILES[g.w - 1 - g.x(sq)], RANKS[g.y(sq)]].iter().collect()
}

/// The piece that moves (for a drop, the piece dropped).
pub(crate) fn moving_piece<V: Variant>(before: &Position<V>, m: Move) -> Piece {
    match m {
        Move::Board { from, .. } => Piece::from_code(before.cell(from as usize)).expect("a piece moves"),
        Move::Drop { kind, .. } => Piece::unpromoted(kind, before.side_to_move()),
    }
}

/// `７六歩`, or `同　歩` when the destination is `previous_to` (the previous move's).
pub(crate) fn destination_and_piece<V: Variant>(
    piece: Piece,
    to: usize,
    previous_to: Option<usize>,
) -> String {
    let name = piece_name(piece);
    let mut s = if previous_to == Some(to) {
        (if name.chars().count() == 1 { "同　" } else { "同" }).to_string()
    } else {
        japanese_square::<V>(to)
    };
    s.push_str(name);
    s
}

/// `成` for a promotion, `不成` for a move that could promote but does not, else nothing.
pub(crate) fn promotion_word<V: Variant>(
    piece: Piece,
    from: usize,
    to: usize,
    promote: bool,
) -> &'static str {
    if promote {
        "成"
    } else if rules::may_promote::<V>(piece, from, to) {
        "不成"
    } else {
        ""
    }
}

/// Each move of a line in Japanese, `同` where a move lands where the one before it did; `before[i]` is
/// the position `moves[i]` is played from.
pub fn japanese_line<V: Variant>(before: &[Position<V>], moves: &[Move]) -> Vec<String> {
    let mut previous_to = None;
    before
        .iter()
        .zip(moves)
        .map(|(pos, &m)| {
            let text = japanese(pos, m, previous_to);
            previous_to = Some(m.to());
            text
        })
        .collect()
}

/// The move `m` played in `before`, in Japanese; `previous_to` is the destination of the move before it
/// (a move to the same square is written `同`).
pub fn japanese<V: Variant>(before: &Position<V>, m: Move, previous_to: Option<usize>) -> String {
    let side = before.side_to_move();
    let mut s = String::from(if side == Color::Sente { "☗" } else { "☖" });
    let piece = moving_piece(before, m);
    let from = match m {
        Move::Board { from, .. } => Some(from),
        Move::Drop { .. } => None,
    };
    s.push_str(&destination_and_piece::<V>(piece, m.to(), previous_to));
    let mut legal = MoveList::new();
    rules::legal_moves(before, &mut legal);
    // The other squares from which the same piece can go to the destination.
    let mut rivals: Vec<usize> = legal
        .iter()
        .filter_map(|&o| match o {
            Move::Board { from: f, to, .. }
                if to as usize == m.to() && Some(f) != from && before.cell(f as usize) == piece.code() =>
            {
                Some(f as usize)
            }
            _ => None,
        })
        .collect();
    rivals.dedup();
    match m {
        Move::Drop { .. } => {
            if !rivals.is_empty() {
                s.push('打');
            }
        }
        Move::Board { from, to, promote } => {
            let (from, to) = (from as usize, to as usize);
            s.push_str(&relative::<V>(piece, from, to, &rivals));
            s.push_str(promotion_word::<V>(piece, from, to, promote));
        }
    }
    s
}

/// How far `from` → `to` goes forwards for `color` (positive: forwards).
pub(crate) fn advance<V: Variant>(color: Color, from: usize, to: usize) -> isize {
    let g = V::geometry();
    let dy = g.y(from) as isize - g.y(to) as isize;
    if color == Color::Sente {
        dy
    } else {
        -dy
    }
}

/// Position from the mover's left (smaller is further left).
pub(crate) fn leftness<V: Variant>(color: Color, sq: usize) -> isize {
    let x = V::geometry().x(sq) as isize;
    if color == Color::Sente {
        x
    } else {
        -x
    }
}

/// The JSA's relative-position words for a move from `from` when pieces on `rivals` could go to `to`
/// too: a vertical word (上 forwards, 引 backwards, 寄 sideways) when it alone tells the pieces apart,
/// else 直 (straight forwards; not for 龍 and 馬) or 左/右, with the vertical word added when needed.
fn relative<V: Variant>(piece: Piece, from: usize, to: usize, rivals: &[usize]) -> String {
    if rivals.is_empty() {
        return String::new();
    }
    let color = piece.color();
    let vertical = |f: usize| match advance::<V>(color, f, to).signum() {
        1 => "上",
        -1 => "引",
        _ => "寄",
    };
    let v = vertical(from);
    let same_v: Vec<usize> = rivals.iter().copied().filter(|&r| vertical(r) == v).collect();
    if same_v.is_empty() {
        return v.to_string();
    }
    let g = V::geometry();
    let big = matches!(piece.kind(), Kind::Rook | Kind::Bishop) && piece.is_promoted();
    if !big && g.x(from) == g.x(to) && advance::<V>(color, from, to) == 1 {
        return "直".to_string();
    }
    let l = leftness::<V>(color, from);
    let (word, alone) = if same_v.iter().all(|&r| leftness::<V>(color, r) > l) {
        ("左", rivals.iter().all(|&r| leftness::<V>(color, r) > l))
    } else if same_v.iter().all(|&r| leftness::<V>(color, r) < l) {
        ("右", rivals.iter().all(|&r| leftness::<V>(color, r) < l))
    } else {
        // Three pieces of one kind level with each other: no word set tells them apart better.
        return v.to_string();
    };
    if alone {
        word.to_string()
    } else {
        format!("{word}{v}")
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::variant::{MiniShogi, Shogi};

    fn line<V: Variant>(sfen: &str, usi: &[&str]) -> Vec<String> {
        let mut pos = crate::board::sfen::parse_position::<V>(sfen).unwrap();
        let mut previous = None;
        usi.iter()
            .map(|u| {
                let m = rules::parse_legal_move(&pos, u).unwrap();
                let text = japanese(&pos, m, previous);
                previous = Some(m.to());
                pos = rules::play(&pos, m);
                text
            })
            .collect()
    }

    #[test]
    fn an_opening_with_a_capture_on_the_same_square() {
        assert_eq!(
            line::<Shogi>("startpos", &["7g7f", "3c3d", "8h2b+", "3a2b", "B*4e"]),
            ["☗７六歩", "☖３四歩", "☗２二角成", "☖同　銀", "☗４五角"]
        );
    }

    #[test]
    fn left_and_right_for_both_sides() {
        assert_eq!(line::<Shogi>("startpos", &["4i5h"]), ["☗５八金右"]);
        assert_eq!(line::<Shogi>("startpos", &["6i5h"]), ["☗５八金左"]);
        // Gote sees the board the other way round: its gold on 4a is on its left.
        assert_eq!(line::<Shogi>("startpos", &["7g7f", "4a5b"]), ["☗７六歩", "☖５二金左"]);
    }

    #[test]
    fn vertical_words_and_straight() {
        let golds = "4k4/9/9/9/9/9/9/5G3/K3G4 b G2S2N2L18P2R2B1g2s2n2l 1";
        assert_eq!(line::<Shogi>(golds, &["5i5h"]), ["☗５八金上"]);
        assert_eq!(line::<Shogi>(golds, &["4h5h"]), ["☗５八金寄"]);
        let three = "4k4/9/9/9/9/9/9/9/K2GGG3 b 2S2N2L18P2R2B1g2s2n2l 1";
        assert_eq!(line::<Shogi>(three, &["5i5h", "5a5b", "4i4h"]), ["☗５八金直", "☖５二玉", "☗４八金上"]);
        assert_eq!(line::<Shogi>(three, &["6i5h"]), ["☗５八金左"]);
    }

    #[test]
    fn dragons_use_left_and_right_never_straight() {
        let dragons = "4k4/+R7+R/9/9/9/9/9/9/4K4 b 2B4G4S4N4L18P 1";
        assert_eq!(line::<Shogi>(dragons, &["9b5b"]), ["☗５二龍左"]);
        assert_eq!(line::<Shogi>(dragons, &["1b5b"]), ["☗５二龍右"]);
    }

    #[test]
    fn drops_promotions_and_refusals() {
        let silver = "4k4/9/9/9/9/9/9/9/5S2K b S4G4N4L18P2R2B2s 1";
        assert_eq!(line::<Shogi>(silver, &["S*5h"]), ["☗５八銀打"]);
        assert_eq!(line::<Shogi>(silver, &["S*5e"]), ["☗５五銀"]);
        let pawn = "4k4/9/9/7P1/9/9/9/9/4K4 b 2R2B4G4S4N4L17P 1";
        assert_eq!(line::<Shogi>(pawn, &["2d2c"]), ["☗２三歩不成"]);
        assert_eq!(
            line::<MiniShogi>("startpos", &["5d5c", "1b1c", "5c5b", "1c1d", "5b5a+"]),
            ["☗５三歩", "☖１三歩", "☗５二歩", "☖１四歩", "☗５一歩成"]
        );
    }
}
