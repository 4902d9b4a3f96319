//! SFEN in and out, and the reference implementation's text format on input.
//!
//! SFEN: `<board> <b|w> <hands|-> [<move number>]`, `b` = Sente to move, hands in `R B G S N L P` order
//! with counts, Sente's first. `startpos` is accepted too.
//! Reference format: `<board>[<hands>] <w|b>` where `w` = **Sente** to move and each piece in hand is one
//! letter (`-` or nothing for empty hands); a trailing ` 0 1` (exactly these two words) is ignored, any
//! other text after the side is an error.
//!
//! Hand counts are counted in `u64`; a count too large for a hand is an error naming the kind (with the
//! kind's total on the board and in hands), never a wrapped count. Errors quote at most
//! [`QUOTE_LIMIT`] characters of the input.

use crate::board::color::Color;
use crate::board::piece::{Kind, Piece};
use crate::board::position::{Position, PositionError, Setup};
use crate::board::variant::Variant;
use std::fmt;

/// Why text is not the SFEN of a position of the game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SfenError {
    /// No text.
    Empty,
    /// Wrong number of space-separated fields.
    Fields {
        /// The fields found.
        found: usize,
    },
    /// Wrong number of board rows.
    Rows {
        /// The game's rows.
        expected: usize,
        /// The rows found.
        found: usize,
    },
    /// A board row of the wrong width.
    RowWidth {
        /// The row (0-based from the top).
        row: usize,
        /// The game's width.
        expected: usize,
        /// The squares the row describes.
        found: usize,
    },
    /// A character that is no piece letter, digit or `+` on the board.
    BadBoardChar {
        /// The row (0-based from the top).
        row: usize,
        /// The character.
        ch: char,
    },
    /// `+` not followed by a piece that can promote.
    BadPromotion {
        /// The row (0-based from the top).
        row: usize,
    },
    /// The side to move as written (shortened by [`quote`]).
    BadSide(String),
    /// A character in the hands field that is no piece letter or digit.
    BadHandChar(char),
    /// A count (or the hands field whose counts overflow), shortened by [`quote`].
    BadHandCount(String),
    /// The move number as written, shortened by [`quote`].
    BadMoveNumber(String),
    /// Text after the side to move in the reference format other than ` 0 1` (shortened by [`quote`]).
    Trailing(String),
    /// Well-formed text, but not a position of the game.
    Position(PositionError),
}

/// The most characters of the input an error message quotes.
pub const QUOTE_LIMIT: usize = 200;

/// `text` for an error message: as is up to [`QUOTE_LIMIT`] characters, else its first [`QUOTE_LIMIT`]
/// characters followed by `… (N characters)`, so that a huge input never gives a huge message.
pub fn quote(text: &str) -> String {
    match text.char_indices().nth(QUOTE_LIMIT) {
        None => text.to_string(),
        Some((cut, _)) => format!("{}… ({} characters)", &text[..cut], text.chars().count()),
    }
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
            SfenError::Trailing(s) => {
                write!(f, "unexpected text after the side to move (only ` 0 1` may follow): {s:?}")
            }
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
        s => return Err(SfenError::BadSide(quote(s))),
    };
    parse_sfen_hands(fields[2], &mut setup)?;
    if let Some(m) = fields.get(3) {
        setup.ply = m.parse().map_err(|_| SfenError::BadMoveNumber(quote(m)))?;
    }
    Ok(setup)
}

/// Parses and validates a position.
pub fn parse_position<V: Variant>(text: &str) -> Result<Position<V>, SfenError> {
    Ok(Position::try_from(parse_setup::<V>(text)?)?)
}

fn parse_reference<V: Variant>(first: &str, open: usize, rest: &[&str]) -> Result<Setup<V>, SfenError> {
    let close = first.rfind(']').filter(|&c| c == first.len() - 1);
    let (Some(close), Some(side)) = (close, rest.first()) else {
        return Err(SfenError::Fields { found: rest.len() + 1 });
    };
    let mut setup = Setup::empty();
    parse_board::<V>(&first[..open], &mut setup)?;
    let mut counts = [[0u64; 8]; 2];
    for ch in first[open + 1..close].chars() {
        if ch == '-' {
            continue;
        }
        let (kind, color) = hand_letter(ch)?;
        // At most one per character of the text: no overflow.
        counts[color.index()][kind.index()] += 1;
    }
    store_hands(&mut setup, &counts, &first[open + 1..close])?;
    // The reference calls Sente "white": `w` is Sente to move.
    setup.side = match *side {
        "w" => Color::Sente,
        "b" => Color::Gote,
        s => return Err(SfenError::BadSide(quote(s))),
    };
    match &rest[1..] {
        [] | ["0", "1"] => Ok(setup),
        more => Err(SfenError::Trailing(quote(&more.join(" ")))),
    }
}

/// Moves hand counts into `setup`. A count that no hand can hold (over 255) is reported as
/// [`PositionError::TooManyPieces`] (or [`PositionError::KindNotInGame`]) with the kind's total on the
/// board and in both hands; smaller excesses are left to [`Position`]'s validation, as for the board.
fn store_hands<V: Variant>(
    setup: &mut Setup<V>,
    counts: &[[u64; 8]; 2],
    field: &str,
) -> Result<(), SfenError> {
    for kind in Kind::ALL {
        let in_hands = counts[0][kind.index()].checked_add(counts[1][kind.index()]);
        if counts.iter().all(|c| c[kind.index()] <= u8::MAX as u64) {
            for (hand, c) in setup.hands.iter_mut().zip(counts) {
                hand[kind.index()] = c[kind.index()] as u8;
            }
            continue;
        }
        let on_board = setup
            .board
            .as_ref()
            .iter()
            .filter(|&&c| Piece::from_code(c).is_some_and(|p| p.kind() == kind))
            .count();
        let found = in_hands
            .and_then(|n| n.checked_add(on_board as u64))
            .ok_or_else(|| SfenError::BadHandCount(quote(field)))?;
        let max = V::TOTAL[kind.index()] as u32;
        return Err(if max == 0 {
            PositionError::KindNotInGame(kind)
        } else {
            PositionError::TooManyPieces { kind, found, max }
        }
        .into());
    }
    Ok(())
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
    let mut counts = [[0u64; 8]; 2];
    let mut digits = 0..0;
    for (at, ch) in hands.char_indices() {
        if ch.is_ascii_digit() {
            digits = if digits.is_empty() { at..at + 1 } else { digits.start..at + 1 };
            continue;
        }
        let (kind, color) = hand_letter(ch)?;
        let count = &hands[digits.clone()];
        let n: u64 = if count.is_empty() {
            1
        } else {
            count.parse().ok().filter(|&n| n >= 1).ok_or_else(|| SfenError::BadHandCount(quote(count)))?
        };
        let slot = &mut counts[color.index()][kind.index()];
        *slot = slot.checked_add(n).ok_or_else(|| SfenError::BadHandCount(quote(hands)))?;
        digits = 0..0;
    }
    if !digits.is_empty() {
        return Err(SfenError::BadHandCount(quote(&hands[digits])));
    }
    store_hands(setup, &counts, hands)
}

/// SFEN board field.
pub(crate) fn board_sfen<V: Variant>(board: &[u8]) -> String {
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
pub(crate) fn hands_sfen(hands: &[[u8; 8]; 2]) -> String {
    let mut s = String::new();
    for color in Color::BOTH {
        for kind in Kind::HAND_ORDER {
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
    /// The setup as SFEN text.
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
