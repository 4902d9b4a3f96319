//! BOD, the board diagram of KIF and KI2 headers (also a record on its own), read and written:
//!
//! ```text
//! 後手の持駒：飛　角　歩二
//!   ９ ８ ７ ６ ５ ４ ３ ２ １
//! +---------------------------+
//! |v香v桂v銀v金v玉v金v銀v桂v香|一
//! | ・ ・ ・ ・ ・ ・ ・ ・ ・|二
//! …
//! +---------------------------+
//! 先手の持駒：なし
//! 後手番
//! ```
//!
//! A cell is ` ` (Sente) or `v` (Gote) and a one-character piece name, or ` ・` when empty; hands count
//! in kanji (`歩十八`); `上手`/`下手` may stand for 後手/先手. Sente is to move unless a line says otherwise.

use crate::board::color::Color;
use crate::board::piece::{Kind, Piece};
use crate::board::position::{Position, Setup};
use crate::board::sfen::SfenError;
use crate::board::variant::{Game, Variant};
use crate::records::error::{BoardProblem, RecordError, RecordErrorKind};
use crate::records::notation::japanese::kanji::{piece_names, piece_prefix, FILES, RANKS};

/// The diagram's lines, gathered from a record's header.
#[derive(Clone, Debug, Default)]
pub struct Diagram {
    /// Each row's line number and the text between its bars.
    rows: Vec<(usize, String)>,
    /// Each side's hand line (number and text after `：`), by [`Color::index`].
    hands: [Option<(usize, String)>; 2],
    side: Option<Color>,
}

/// The most rows a diagram may have: more is an error, not a growing list.
const MAX_ROWS: usize = 9;

impl Diagram {
    /// Takes `line` (number `number`) if it is part of a diagram; whether it was.
    pub(crate) fn take_line(&mut self, number: usize, line: &str) -> Result<bool, RecordError> {
        let line = line.trim();
        if let Some(row) = line.strip_prefix('|') {
            if self.rows.len() == MAX_ROWS {
                return Err(bad_board(number, BoardProblem::TooManyRows));
            }
            let cells = row.split('|').next().unwrap_or(row);
            self.rows.push((number, cells.to_string()));
            return Ok(true);
        }
        if let Some((key, value)) = line.split_once(['：', ':']) {
            let color = match key.trim() {
                "先手の持駒" | "下手の持駒" => Color::Sente,
                "後手の持駒" | "上手の持駒" => Color::Gote,
                _ => return Ok(false),
            };
            self.hands[color.index()] = Some((number, value.trim().to_string()));
            return Ok(true);
        }
        let side = match line {
            "先手番" | "下手番" => Some(Color::Sente),
            "後手番" | "上手番" => Some(Color::Gote),
            _ => None,
        };
        if side.is_some() {
            self.side = side;
            return Ok(true);
        }
        let frame = line.starts_with("+-") || (!line.is_empty() && line.chars().all(is_file_label));
        Ok(frame)
    }

    /// Whether any row was read.
    pub(crate) fn is_present(&self) -> bool {
        !self.rows.is_empty()
    }

    /// The game the diagram's size says ([`Game::of_rows`]; Shogi for a size no game has, whose rows are
    /// then refused by name), if it has rows.
    pub fn game(&self) -> Option<Game> {
        (!self.rows.is_empty()).then(|| Game::of_rows(self.rows.len()).unwrap_or_default())
    }

    /// The position drawn.
    pub fn position<V: Variant>(&self) -> Result<Position<V>, RecordError> {
        let mut setup = Setup::<V>::empty();
        let first = self.rows.first().map_or(1, |r| r.0);
        if self.rows.len() != V::H {
            return Err(bad_board(first, BoardProblem::Rows { found: self.rows.len(), expected: V::H }));
        }
        for (y, (number, row)) in self.rows.iter().enumerate() {
            let cells = read_row(row).ok_or_else(|| bad_board(*number, BoardProblem::Row(row.clone())))?;
            if cells.len() != V::W {
                return Err(bad_board(
                    *number,
                    BoardProblem::RowWidth { found: cells.len(), expected: V::W },
                ));
            }
            for (x, cell) in cells.into_iter().enumerate() {
                setup.board.as_mut()[y * V::W + x] = cell.map_or(crate::board::piece::EMPTY, Piece::code);
            }
        }
        for color in Color::BOTH {
            if let Some((number, text)) = &self.hands[color.index()] {
                setup.hands[color.index()] = read_hand(text)
                    .ok_or_else(|| RecordError::at(*number, RecordErrorKind::BadHand(text.clone())))?;
            }
        }
        setup.side = self.side.unwrap_or(Color::Sente);
        Position::try_from(setup)
            .map_err(|e| RecordError::at(first, RecordErrorKind::BadPosition(SfenError::Position(e))))
    }
}

fn bad_board(line: usize, problem: BoardProblem) -> RecordError {
    RecordError::at(line, RecordErrorKind::BadBoard(problem))
}

/// The file labels above a diagram (`９ ８ … １`, spaced).
fn is_file_label(c: char) -> bool {
    FILES.contains(&c) || ('1'..='9').contains(&c) || c.is_whitespace()
}

/// The cells of a row: `None` for an empty square. `None` overall when a cell cannot be read.
fn read_row(row: &str) -> Option<Vec<Option<Piece>>> {
    let mut cells = Vec::new();
    let mut rest = row;
    while !rest.is_empty() && cells.len() <= 9 {
        let mut chars = rest.chars();
        let color = match chars.next()? {
            ' ' | '^' => Color::Sente,
            'v' | 'V' => Color::Gote,
            _ => return None,
        };
        rest = chars.as_str();
        if let Some(after) = rest.strip_prefix('・') {
            cells.push(None);
            rest = after;
            continue;
        }
        let (kind, promoted, after) = piece_prefix(rest)?;
        // One character per piece: `成銀` is written `全` in a diagram.
        if rest.chars().count() - after.chars().count() != 1 {
            return None;
        }
        cells.push(Some(Piece::new(kind, promoted, color)));
        rest = after;
    }
    Some(cells)
}

/// A hand: `なし`, or pieces each followed by a kanji count when more than one (`飛　角　歩十八`).
fn read_hand(text: &str) -> Option<[u8; 8]> {
    let mut hand = [0u8; 8];
    if text.is_empty() || text == "なし" {
        return Some(hand);
    }
    for item in text.split(|c: char| c.is_whitespace() || c == '、') {
        if item.is_empty() {
            continue;
        }
        let (kind, promoted, count) = piece_prefix(item)?;
        if promoted || kind == Kind::King {
            return None;
        }
        let n = if count.is_empty() { 1 } else { kanji_number(count)? };
        let slot = &mut hand[kind.index()];
        *slot = slot.checked_add(n)?;
    }
    Some(hand)
}

/// `一` … `九`, `十`, `十一` … `十八` (or ASCII digits), at most 18.
fn kanji_number(text: &str) -> Option<u8> {
    if let Ok(n) = text.parse::<u8>() {
        return (1..=18).contains(&n).then_some(n);
    }
    let unit = |s: &str| -> Option<u8> {
        let mut chars = s.chars();
        let first = chars.next()?;
        let i = RANKS.iter().position(|&d| d == first)?;
        chars.next().is_none().then_some(i as u8 + 1)
    };
    match text.strip_prefix('十') {
        Some("") => Some(10),
        Some(rest) => unit(rest).map(|n| 10 + n).filter(|&n| n <= 18),
        None => unit(text),
    }
}

/// The position as a BOD board diagram: Gote's hand, the board with file and rank labels, Sente's hand,
/// and `後手番` when Gote is to move (the lines cshogi's `board_to_bod` writes).
pub fn bod<V: Variant>(pos: &Position<V>) -> String {
    let mut s = format!("後手の持駒：{}\n", hand_text(pos, Color::Gote));
    let labels: Vec<String> = (0..V::W).rev().map(|x| FILES[x].to_string()).collect();
    s.push_str(&format!("  {}\n", labels.join(" ")));
    let frame = format!("+{}+\n", "-".repeat(3 * V::W));
    s.push_str(&frame);
    for (y, rank) in RANKS.iter().enumerate().take(V::H) {
        s.push('|');
        for x in 0..V::W {
            s.push_str(&cell(pos.piece_at(y * V::W + x)));
        }
        s.push('|');
        s.push(*rank);
        s.push('\n');
    }
    s.push_str(&frame);
    s.push_str(&format!("先手の持駒：{}\n", hand_text(pos, Color::Sente)));
    if pos.side_to_move() == Color::Gote {
        s.push_str("後手番\n");
    }
    s
}

/// ` ・`, ` 歩` (Sente), `v歩` (Gote); promoted pieces in one character (と 杏 圭 全 馬 龍).
fn cell(piece: Option<Piece>) -> String {
    let Some(p) = piece else { return " ・".into() };
    let mark = if p.color() == Color::Sente { ' ' } else { 'v' };
    let name = piece_names(p.kind(), p.is_promoted()).board;
    format!("{mark}{name}")
}

/// `飛　角　歩二`, strongest first, counts in kanji; `なし` for an empty hand.
fn hand_text<V: Variant>(pos: &Position<V>, color: Color) -> String {
    let hand = pos.hand(color);
    let items: Vec<String> = Kind::HAND_ORDER
        .iter()
        .filter(|kind| hand[kind.index()] > 0)
        .map(|&kind| {
            let name = piece_names(kind, false).board;
            match hand[kind.index()] {
                1 => name.to_string(),
                n => format!("{name}{}", kanji_count(n)),
            }
        })
        .collect();
    if items.is_empty() {
        "なし".into()
    } else {
        items.join("　")
    }
}

/// 2 → `二`, 10 → `十`, 18 → `十八`.
fn kanji_count(n: u8) -> String {
    let digit = |d: u8| RANKS[d as usize - 1].to_string();
    match n {
        1..=9 => digit(n),
        10 => "十".into(),
        _ => format!("十{}", digit(n - 10)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::variant::{MiniShogi, Shogi};

    #[test]
    fn counts_in_kanji() {
        assert_eq!([2, 9, 10, 11, 18].map(kanji_count), ["二", "九", "十", "十一", "十八"]);
    }

    #[test]
    fn hands_and_counts() {
        assert_eq!(kanji_number("十八"), Some(18));
        assert_eq!(kanji_number("九"), Some(9));
        assert_eq!(kanji_number("十九"), None);
        assert_eq!(kanji_number("二二"), None);
        let hand = read_hand("飛　角二　歩十").unwrap();
        assert_eq!(
            (hand[Kind::Rook.index()], hand[Kind::Bishop.index()], hand[Kind::Pawn.index()]),
            (1, 2, 10)
        );
        assert_eq!(read_hand("玉"), None);
        assert_eq!(read_hand("と"), None);
    }

    #[test]
    fn a_mini_shogi_diagram() {
        let text = "後手の持駒：なし\n  ５ ４ ３ ２ １\n+---------------+\n|v飛v角v銀v金v玉|一\n| ・ ・ ・ ・v歩|二\n\
                    | ・ ・ ・ ・ ・|三\n| 歩 ・ ・ ・ ・|四\n| 玉 金 銀 角 飛|五\n+---------------+\n先手の持駒：なし\n";
        let mut d = Diagram::default();
        for (i, line) in text.lines().enumerate() {
            assert!(d.take_line(i + 1, line).unwrap(), "{line}");
        }
        assert_eq!(d.game(), Some(Game::MiniShogi));
        assert_eq!(d.position::<MiniShogi>().unwrap(), Position::startpos());
        assert!(d.position::<Shogi>().unwrap_err().to_string().contains("5 rows, this game has 9"));
    }
}
