//! One move in Japanese notation, read (KIF and KI2): `７六歩`, `同　銀`, `５八金右`, `２二角成`, `２三歩不成`,
//! `５五角打`, and KIF's origin `(77)`. The JSA's words (上 引 寄 直 右 左) pick one of several pieces that
//! can reach the square, read the way [`crate::records::notation`] writes them; the move must be legal.

use crate::board::moves::Move;
use crate::board::piece::Kind;
use crate::board::position::Position;
use crate::board::variant::Variant;
use crate::records::notation::japanese::kanji::{piece_prefix, FILES, RANKS};
use crate::records::notation::japanese::write::{advance, leftness};

/// A move as written, before the position says which move it is.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MoveText {
    /// The destination; `None` for `同` (the previous move's).
    to: Option<usize>,
    kind: Kind,
    /// The piece is named promoted (`と`, `馬`, `成銀`…).
    promoted: bool,
    /// `成` (true), `不成` (false), or nothing.
    promote: Option<bool>,
    drop: bool,
    vertical: Option<Vertical>,
    /// `直`: straight forwards.
    straight: bool,
    /// `右` (true) or `左` (false), from the mover's side.
    right: Option<bool>,
    /// KIF's origin square.
    origin: Option<usize>,
}

/// `上` (forwards), `引` (backwards), `寄` (sideways).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Vertical {
    Up,
    Back,
    Sideways,
}

/// Why no single legal move fits a [`MoveText`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Unresolved {
    /// `同` with no move before it.
    NoPrevious,
    /// No legal move fits.
    NoMove,
    /// Several legal moves fit.
    Several(Vec<Move>),
}

/// A file or rank digit: full-width, ASCII or (ranks) kanji, from 1.
fn digit(c: char) -> Option<usize> {
    let from = |set: &[char]| set.iter().position(|&d| d == c).map(|i| i + 1);
    from(&FILES).or_else(|| from(&RANKS)).or_else(|| c.to_digit(10).filter(|&d| d > 0).map(|d| d as usize))
}

/// Reads the move `text` starts with; what follows it must be nothing or begin with white space (KIF's
/// times). `None` when it is no move of `V`'s board.
pub(crate) fn parse_move_text<V: Variant>(text: &str) -> Option<MoveText> {
    let (to, rest) = destination::<V>(text)?;
    let (kind, promoted, rest) = piece_prefix(rest)?;
    let mut m = MoveText {
        to,
        kind,
        promoted,
        promote: None,
        drop: false,
        vertical: None,
        straight: false,
        right: None,
        origin: None,
    };
    let rest = read_words(&mut m, rest)?;
    let rest = match rest.strip_prefix('(') {
        Some(inner) => {
            let (origin, after) = inner.split_once(')')?;
            m.origin = Some(origin_square::<V>(origin)?);
            after
        }
        None => rest,
    };
    (rest.is_empty() || rest.starts_with(char::is_whitespace)).then_some(m)
}

/// `同` (optionally followed by a space) or a file and a rank: the square, `None` for `同`.
fn destination<V: Variant>(text: &str) -> Option<(Option<usize>, &str)> {
    if let Some(rest) = text.strip_prefix('同') {
        return Some((None, rest.strip_prefix(['　', ' ']).unwrap_or(rest)));
    }
    let mut chars = text.chars();
    let (file, rank) = (digit(chars.next()?)?, digit(chars.next()?)?);
    Some((Some(square::<V>(file, rank)?), chars.as_str()))
}

/// The square of `file` and `rank` (from 1), if on `V`'s board.
fn square<V: Variant>(file: usize, rank: usize) -> Option<usize> {
    let g = V::geometry();
    ((1..=g.w).contains(&file) && (1..=g.h).contains(&rank)).then(|| (rank - 1) * g.w + (g.w - file))
}

/// KIF's origin: two digits, file then rank (`77`).
fn origin_square<V: Variant>(text: &str) -> Option<usize> {
    let mut chars = text.chars();
    let (file, rank) = (digit(chars.next()?)?, digit(chars.next()?)?);
    chars.next().is_none().then_some(())?;
    square::<V>(file, rank)
}

/// Reads the words after the piece name into `m`, each at most once; the text after them.
fn read_words<'t>(m: &mut MoveText, mut rest: &'t str) -> Option<&'t str> {
    loop {
        let (word, after) = ["不成", "生", "成", "打", "右", "左", "直", "上", "行", "引", "寄"]
            .iter()
            .find_map(|w| rest.strip_prefix(w).map(|a| (*w, a)))
            .unwrap_or(("", rest));
        let fresh = match word {
            "" => return Some(rest),
            "不成" | "生" => m.promote.replace(false).is_none(),
            "成" => m.promote.replace(true).is_none(),
            "打" => !std::mem::replace(&mut m.drop, true),
            "右" => m.right.replace(true).is_none(),
            "左" => m.right.replace(false).is_none(),
            "直" => !std::mem::replace(&mut m.straight, true),
            "上" | "行" => m.vertical.replace(Vertical::Up).is_none(),
            "引" => m.vertical.replace(Vertical::Back).is_none(),
            _ => m.vertical.replace(Vertical::Sideways).is_none(),
        };
        if !fresh {
            return None;
        }
        rest = after;
    }
}

impl MoveText {
    /// The one legal move (of `legal`, the moves of `pos`) this text means; `previous_to` is what `同`
    /// refers to.
    pub fn resolve<V: Variant>(
        &self,
        pos: &Position<V>,
        legal: &[Move],
        previous_to: Option<usize>,
    ) -> Result<Move, Unresolved> {
        let to = match self.to {
            Some(to) => to,
            None => previous_to.ok_or(Unresolved::NoPrevious)?,
        };
        let mut fits = if self.drop { Vec::new() } else { self.board_moves(pos, legal, to) };
        if fits.is_empty() && self.may_be_drop() {
            let drop = Move::Drop { kind: self.kind, to: to as u8 };
            fits.extend(legal.iter().copied().filter(|&m| m == drop));
        }
        match fits[..] {
            [m] => Ok(m),
            [] => Err(Unresolved::NoMove),
            _ => Err(Unresolved::Several(fits)),
        }
    }

    /// Whether the text can mean a drop: `打`, or no word and no origin at all (a drop is written without
    /// `打` when no piece on the board can go there).
    fn may_be_drop(&self) -> bool {
        let words =
            self.promote.is_some() || self.vertical.is_some() || self.straight || self.right.is_some();
        !self.promoted && !words && self.origin.is_none()
    }

    /// The legal board moves to `to` of the piece named, promoting as said, from the origin if one is
    /// given, narrowed by the JSA's words.
    fn board_moves<V: Variant>(&self, pos: &Position<V>, legal: &[Move], to: usize) -> Vec<Move> {
        let mut fits: Vec<Move> = legal
            .iter()
            .copied()
            .filter(|&m| match m {
                Move::Board { from, to: t, promote } => {
                    let piece = pos.piece_at(from as usize).expect("a piece moves");
                    t as usize == to
                        && promote == self.promote.unwrap_or(false)
                        && piece.kind() == self.kind
                        && piece.is_promoted() == self.promoted
                        && self.origin.is_none_or(|o| o == from as usize)
                }
                Move::Drop { .. } => false,
            })
            .collect();
        let side = pos.side_to_move();
        let from = |m: &Move| match *m {
            Move::Board { from, .. } => from as usize,
            Move::Drop { .. } => unreachable!("only board moves fit"),
        };
        if let Some(v) = self.vertical {
            fits.retain(|m| {
                let ahead = advance::<V>(side, from(m), to);
                v == match ahead.signum() {
                    1 => Vertical::Up,
                    -1 => Vertical::Back,
                    _ => Vertical::Sideways,
                }
            });
        }
        if self.straight {
            let g = V::geometry();
            fits.retain(|m| g.x(from(m)) == g.x(to) && advance::<V>(side, from(m), to) > 0);
        }
        if let Some(right) = self.right {
            // 右: the piece furthest to the mover's right among those left (largest leftness).
            let key = |m: &Move| leftness::<V>(side, from(m)) * if right { 1 } else { -1 };
            let best = fits.iter().map(key).max();
            fits.retain(|m| Some(key(m)) == best);
        }
        fits
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::sfen::parse_position;
    use crate::board::variant::Shogi;
    use crate::rules::legal_moves;
    use crate::MoveList;

    fn read(sfen: &str, text: &str, previous_to: Option<usize>) -> Result<String, Unresolved> {
        let pos = parse_position::<Shogi>(sfen).unwrap();
        let mut legal = MoveList::new();
        legal_moves(&pos, &mut legal);
        let m = parse_move_text::<Shogi>(text).expect("readable");
        m.resolve(&pos, &legal, previous_to).map(|m| m.to_usi::<Shogi>())
    }

    #[test]
    fn words_pick_one_of_several_golds() {
        assert_eq!(read("startpos", "５八金右", None).unwrap(), "4i5h");
        assert_eq!(read("startpos", "５八金左", None).unwrap(), "6i5h");
        assert!(matches!(read("startpos", "５八金", None), Err(Unresolved::Several(v)) if v.len() == 2));
        assert_eq!(read("startpos", "５八金(49)", None).unwrap(), "4i5h");
        let three = "4k4/9/9/9/9/9/9/9/K2GGG3 b 2S2N2L18P2R2B1g2s2n2l 1";
        assert_eq!(read(three, "５八金直", None).unwrap(), "5i5h");
        assert_eq!(read(three, "５八金右", None).unwrap(), "4i5h");
        let golds = "4k4/9/9/9/9/9/9/5G3/K3G4 b G2S2N2L18P2R2B1g2s2n2l 1";
        assert_eq!(read(golds, "５八金上", None).unwrap(), "5i5h");
        assert_eq!(read(golds, "５八金寄", None).unwrap(), "4h5h");
    }

    #[test]
    fn same_square_drops_and_promotion() {
        let after = "lnsgkgsnl/1r5+B1/pppppp1pp/6p2/9/2P6/PP1PPPPPP/7R1/LNSGKGSNL w B 1";
        assert_eq!(read(after, "同　銀", Some(16)).unwrap(), "3a2b");
        assert_eq!(read(after, "同銀", Some(16)).unwrap(), "3a2b");
        assert_eq!(read(after, "同　銀", None), Err(Unresolved::NoPrevious));
        let pawn = "4k4/9/9/7P1/9/9/9/9/4K4 b 2R2B4G4S4N4L17P 1";
        assert_eq!(read(pawn, "２三歩不成", None).unwrap(), "2d2c");
        assert_eq!(read(pawn, "２三歩成", None).unwrap(), "2d2c+");
        assert_eq!(read(pawn, "２三歩", None).unwrap(), "2d2c", "no word: not promoted");
        assert_eq!(read(pawn, "５五角", None).unwrap(), "B*5e");
        assert_eq!(read(pawn, "５五角打", None).unwrap(), "B*5e");
        assert_eq!(read(pawn, "２三と", None), Err(Unresolved::NoMove));
    }

    #[test]
    fn unreadable_texts() {
        for text in ["７六", "７六歩歩", "０六歩", "７六歩成成", "７六歩(7)", "７六歩(77", "7六步", "同"]
        {
            assert_eq!(parse_move_text::<Shogi>(text), None, "{text}");
        }
        assert!(parse_move_text::<Shogi>("７六歩(77)   ( 0:01/00:00:01)").is_some());
    }
}
