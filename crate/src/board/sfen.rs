//! SFEN in and out, and the reference implementation's text format on input.
//!
//! SFEN: `<board> <b|w> <hands|-> [<move number>]`, `b` = Sente to move, hands in `R B G S N L P` order
//! with counts, Sente's first. `startpos` is accepted too.
//! Reference format: `<board>[<hands>] <w|b>` where `w` = **Sente** to move and each piece in hand is one
//! letter; a trailing ` 0 1` is ignored.

use crate::board::color::Color;
use crate::board::piece::{Kind, Piece};
use crate::board::position::{Position, PositionError, Setup};
use crate::board::variant::Variant;
use std::fmt;

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SfenError {
    Empty,
    /// Wrong number of space-separated fields.
    Fields {
        found: usize,
    },
    Rows {
        expected: usize,
        found: usize,
    },
    RowWidth {
        row: usize,
        expected: usize,
        found: usize,
    },
    BadBoardChar {
        row: usize,
        ch: char,
    },
    /// `+` not followed by a piece that can promote.
    BadPromotion {
        row: usize,
    },
    BadSide(String),
    BadHandChar(char),
    BadHandCount(String),
    BadMoveNumber(String),
    Position(PositionError),
}

impl fmt::Display for SfenError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SfenError::Empty => write!(f, "empty position text"),
            SfenError::Fields { found } => write!(
                f,
                "expected SFEN `<board> <b|w> <hands> [<move>]` or `<board>[<hands>] <w|b>`, found {found} field(s)"
            ),
            SfenError::Rows { expected, found } => {
                write!(f, "board has {found} rows, this game has {expected}")
            }
            SfenError::RowWidth { row, expected, found } => {
                write!(f, "board row {} covers {found} squares, this game has {expected}", row + 1)
            }
            SfenError::BadBoardChar { row, ch } => {
                write!(f, "unexpected character {ch:?} in board row {}", row + 1)
            }
            SfenError::BadPromotion { row } => {
                write!(f, "`+` must precede a piece that can promote (board row {})", row + 1)
            }
            SfenError::BadSide(s) => write!(f, "side to move must be `b` or `w`, found {s:?}"),
            SfenError::BadHandChar(c) => write!(f, "unexpected character {c:?} in hands"),
            SfenError::BadHandCount(s) => write!(f, "bad count in hands: {s:?}"),
            SfenError::BadMoveNumber(s) => write!(f, "bad move number {s:?}"),
            SfenError::Position(e) => e.fmt(f),
        }
    }
}

impl std::error::Error for SfenError {}

impl From<PositionError> for SfenError {
    fn from(e: PositionError) -> Self {
        SfenError::Position(e)
    }
}

/// Parses SFEN (or `startpos`, or the reference's format) without validating the position.
pub fn parse_setup<V: Variant>(text: &str) -> Result<Setup<V>, SfenError> {
    let text = text.trim();
    let text = text.strip_prefix("sfen ").map(str::trim_start).unwrap_or(text);
    if text.is_empty() {
        return Err(SfenError::Empty);
    }
    if text == "startpos" {
        return parse_setup(V::START_SFEN);
    }
    let fields: Vec<&str> = text.split_whitespace().collect();
    if let Some(open) = fields[0].find('[') {
        return parse_reference(fields[0], open, &fields[1..]);
    }
    if !(3..=4).contains(&fields.len()) {
        return Err(SfenError::Fields { found: fields.len() });
    }
    let mut setup = Setup::empty();
    parse_board::<V>(fields[0], &mut setup)?;
    setup.side = match fields[1] {
        "b" => Color::Sente,
        "w" => Color::Gote,
        s => return Err(SfenError::BadSide(s.to_string())),
    };
    parse_sfen_hands(fields[2], &mut setup)?;
    if let Some(m) = fields.get(3) {
        setup.ply = m.parse().map_err(|_| SfenError::BadMoveNumber(m.to_string()))?;
    }
    Ok(setup)
}

/// Parses and validates a position.
pub fn parse_position<V: Variant>(text: &str) -> Result<Position<V>, SfenError> {
    Ok(Position::try_from(parse_setup::<V>(text)?)?)
}

fn parse_reference<V: Variant>(first: &str, open: usize, rest: &[&str]) -> Result<Setup<V>, SfenError> {
    let close = first.rfind(']').filter(|&c| c == first.len() - 1);
    let (Some(close), 1 | 3) = (close, rest.len()) else {
        return Err(SfenError::Fields { found: rest.len() + 1 });
    };
    let mut setup = Setup::empty();
    parse_board::<V>(&first[..open], &mut setup)?;
    for ch in first[open + 1..close].chars() {
        if ch == '-' {
            continue;
        }
        let (kind, color) = hand_letter(ch)?;
        setup.hands[color.index()][kind.index()] += 1;
    }
    // The reference calls Sente "white": `w` is Sente to move.
    setup.side = match rest[0] {
        "w" => Color::Sente,
        "b" => Color::Gote,
        s => return Err(SfenError::BadSide(s.to_string())),
    };
    Ok(setup)
}

fn parse_board<V: Variant>(board: &str, setup: &mut Setup<V>) -> Result<(), SfenError> {
    let rows: Vec<&str> = board.split('/').collect();
    if rows.len() != V::H {
        return Err(SfenError::Rows { expected: V::H, found: rows.len() });
    }
    for (y, row) in rows.iter().enumerate() {
        let mut x = 0usize;
        let mut promoted = false;
        for ch in row.chars() {
            if let Some(d) = ch.to_digit(10).filter(|_| !promoted) {
                if d == 0 {
                    return Err(SfenError::BadBoardChar { row: y, ch });
                }
                x += d as usize;
            } else if ch == '+' && !promoted {
                promoted = true;
            } else {
                let kind = Kind::from_letter(ch).ok_or(SfenError::BadBoardChar { row: y, ch })?;
                if promoted && !kind.can_promote() {
                    return Err(SfenError::BadPromotion { row: y });
                }
                let color = if ch.is_ascii_uppercase() { Color::Sente } else { Color::Gote };
                if x < V::W {
                    setup.board.as_mut()[y * V::W + x] = Piece::new(kind, promoted, color).code();
                }
                x += 1;
                promoted = false;
            }
            if x > V::W {
                break;
            }
        }
        if promoted {
            return Err(SfenError::BadPromotion { row: y });
        }
        if x != V::W {
            return Err(SfenError::RowWidth { row: y, expected: V::W, found: x });
        }
    }
    Ok(())
}

fn hand_letter(ch: char) -> Result<(Kind, Color), SfenError> {
    let kind = Kind::from_letter(ch).ok_or(SfenError::BadHandChar(ch))?;
    if kind == Kind::King {
        return Err(PositionError::KingInHand.into());
    }
    let color = if ch.is_ascii_uppercase() { Color::Sente } else { Color::Gote };
    Ok((kind, color))
}

fn parse_sfen_hands<V: Variant>(hands: &str, setup: &mut Setup<V>) -> Result<(), SfenError> {
    if hands == "-" {
        return Ok(());
    }
    let mut count = String::new();
    for ch in hands.chars() {
        if ch.is_ascii_digit() {
            count.push(ch);
            continue;
        }
        let (kind, color) = hand_letter(ch)?;
        let n: u32 = if count.is_empty() {
            1
        } else {
            count.parse().ok().filter(|&n| n >= 1).ok_or_else(|| SfenError::BadHandCount(count.clone()))?
        };
        let slot = &mut setup.hands[color.index()][kind.index()];
        *slot = u8::try_from(*slot as u32 + n).map_err(|_| SfenError::BadHandCount(count.clone()))?;
        count.clear();
    }
    if !count.is_empty() {
        return Err(SfenError::BadHandCount(count));
    }
    Ok(())
}

/// Hand order in SFEN.
const SFEN_HAND_ORDER: [Kind; 7] =
    [Kind::Rook, Kind::Bishop, Kind::Gold, Kind::Silver, Kind::Knight, Kind::Lance, Kind::Pawn];

/// SFEN board field.
pub fn board_sfen<V: Variant>(board: &[u8]) -> String {
    let mut s = String::with_capacity(V::squares() + 2 * V::H);
    for y in 0..V::H {
        if y > 0 {
            s.push('/');
        }
        let mut empty = 0;
        for x in 0..V::W {
            match Piece::from_code(board[y * V::W + x]) {
                None => empty += 1,
                Some(p) => {
                    if empty > 0 {
                        s.push(char::from_digit(empty, 10).unwrap());
                        empty = 0;
                    }
                    s.push_str(&p.sfen());
                }
            }
        }
        if empty > 0 {
            s.push(char::from_digit(empty, 10).unwrap());
        }
    }
    s
}

/// SFEN hands field (`-` when both are empty).
pub fn hands_sfen(hands: &[[u8; 8]; 2]) -> String {
    let mut s = String::new();
    for color in Color::BOTH {
        for kind in SFEN_HAND_ORDER {
            let n = hands[color.index()][kind.index()];
            if n > 1 {
                s.push_str(&n.to_string());
            }
            if n > 0 {
                let c = kind.letter();
                s.push(if color == Color::Sente { c } else { c.to_ascii_lowercase() });
            }
        }
    }
    if s.is_empty() {
        s.push('-');
    }
    s
}

impl<V: Variant> Setup<V> {
    pub fn to_sfen(&self) -> String {
        format!(
            "{} {} {} {}",
            board_sfen::<V>(self.board.as_ref()),
            self.side.sfen_char(),
            hands_sfen(&self.hands),
            self.ply
        )
    }
}

impl<V: Variant> Position<V> {
    /// The start position of the game.
    pub fn startpos() -> Position<V> {
        parse_position(V::START_SFEN).expect("start position parses")
    }

    /// Parses SFEN, `startpos`, or the reference's format, and validates the result.
    pub fn from_sfen(text: &str) -> Result<Position<V>, SfenError> {
        parse_position(text)
    }

    /// SFEN with move number 1.
    pub fn to_sfen(&self) -> String {
        self.to_setup().to_sfen()
    }
}

impl<V: Variant> fmt::Display for Position<V> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.to_sfen())
    }
}
