//! Western (Hodges) move notation, as the papers write their games: `P-7f`, `Bx3c=`, `+Bx9i`, `S*5e`.

use crate::board::moves::{Move, MoveList};
use crate::board::piece::{Kind, Piece};
use crate::board::position::Position;
use crate::board::variant::Variant;
use crate::rules;
use std::fmt;

/// Why a text is not one legal move in Western notation.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum WesternError {
    /// Not a move in Western notation at all.
    Syntax(String),
    /// A move no legal move of the position is.
    NoLegalMove {
        /// The text.
        text: String,
        /// The position (SFEN).
        sfen: String,
    },
    /// A move several legal moves of the position could be.
    Ambiguous {
        /// The text.
        text: String,
        /// The position (SFEN).
        sfen: String,
    },
}

impl fmt::Display for WesternError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            WesternError::Syntax(text) => write!(f, "not a move in Western notation: {text:?}"),
            WesternError::NoLegalMove { text, sfen } => write!(f, "{text:?} is no legal move in {sfen}"),
            WesternError::Ambiguous { text, sfen } => write!(f, "{text:?} can mean several moves in {sfen}"),
        }
    }
}

impl std::error::Error for WesternError {}

/// Reads a move in Western (Hodges) notation, as in the papers: `P-7f`, `Bx3c=` (promotion declined),
/// `R-2c+` (promotes), `S*5e` (drop), `N7g-6e` (origin given); ☗/☖ in front are ignored. A `+` in front
/// names the piece as it stands after the move, as the Shogi paper writes it: `+Bx9i` is a horse that
/// captures or a bishop that captures and promotes. The move must be legal in `pos` and the only one the
/// text can mean.
pub fn parse_western<V: Variant>(pos: &Position<V>, text: &str) -> Result<Move, WesternError> {
    let bad = || WesternError::Syntax(text.to_string());
    let body = text.trim().trim_start_matches(['☗', '☖']);
    let (promoted, body) = match body.strip_prefix('+') {
        Some(b) => (true, b),
        None => (false, body),
    };
    let mut chars = body.chars();
    let kind = chars.next().and_then(Kind::from_letter).ok_or_else(bad)?;
    let rest = chars.as_str();
    let sep = rest.find(['-', 'x', '*']).ok_or_else(bad)?;
    let g = V::geometry();
    let origin = match &rest[..sep] {
        "" => None,
        o => Some(g.parse_square(o).ok_or_else(bad)?),
    };
    let how = rest.as_bytes()[sep];
    let tail = &rest[sep + 1..];
    let to = g.parse_square(tail.get(..2).ok_or_else(bad)?).ok_or_else(bad)?;
    let promotion = match &tail[2..] {
        "" => None,
        "+" => Some(true),
        "=" => Some(false),
        _ => return Err(bad()),
    };
    let mut legal = MoveList::new();
    rules::legal_moves(pos, &mut legal);
    let side = pos.side_to_move();
    let matching: Vec<Move> = legal
        .iter()
        .copied()
        .filter(|&m| match m {
            Move::Drop { kind: k, to: t } => how == b'*' && k == kind && t as usize == to && !promoted,
            Move::Board { from, to: t, promote } => {
                let p = Piece::from_code(pos.cell(from as usize)).expect("a piece moves");
                let promotion_fits = match (promoted, promotion) {
                    (false, said) => !p.is_promoted() && promote == said.unwrap_or(false),
                    (true, None) => p.is_promoted() || promote,
                    (true, Some(_)) => false,
                };
                how != b'*'
                    && p.kind() == kind
                    && p.color() == side
                    && promotion_fits
                    && t as usize == to
                    && origin.is_none_or(|o| o == from as usize)
                    && (how == b'x') == pos.piece_at(to).is_some()
            }
        })
        .collect();
    match matching[..] {
        [m] => Ok(m),
        [] => Err(WesternError::NoLegalMove { text: text.to_string(), sfen: pos.to_sfen() }),
        _ => Err(WesternError::Ambiguous { text: text.to_string(), sfen: pos.to_sfen() }),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::variant::Shogi;

    #[test]
    fn western_notation() {
        let pos = Position::<Shogi>::startpos();
        let read = |p: &Position<Shogi>, t: &str| parse_western(p, t).map(|m| m.to_usi::<Shogi>());
        assert_eq!(read(&pos, "☗P-7f").unwrap(), "7g7f");
        assert!(matches!(read(&pos, "G-5h"), Err(WesternError::Ambiguous { .. })));
        assert_eq!(read(&pos, "G4i-5h").unwrap(), "4i5h");
        assert!(read(&pos, "Px7f").is_err(), "not a capture");
        assert_eq!(read(&pos, "Q-7f"), Err(WesternError::Syntax("Q-7f".into())));
        let sfen = "lnsgkgsnl/6rb1/ppppppppp/9/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL b - 1";
        let pos = crate::board::sfen::parse_position::<Shogi>(sfen).unwrap();
        assert_eq!(read(&pos, "Bx3c=").unwrap(), "8h3c");
        assert_eq!(read(&pos, "Bx3c+").unwrap(), "8h3c+");
        assert_eq!(read(&pos, "+Bx3c").unwrap(), "8h3c+", "the piece as it stands after the move");
        assert!(read(&pos, "B-3c").is_err(), "a capture is written x");
    }
}
