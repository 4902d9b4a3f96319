//! CSA records (version 2.2; Shogi only: the format has no Mini Shogi), read and written.
//!
//! A position is `PI` (the initial position, optionally less pieces: `PI82HI22KA`), rows `P1`…`P9` (nine
//! cells of ` * ` or a sign and a piece, `+FU`, `-KY`) and `P+`/`P-` lines adding pieces (`00FU` to a
//! hand, `55KA` to a square, `00AL` every piece left), then `+` or `-`, the side to move. A move is a sign,
//! origin (`00` for a drop), destination and the piece after the move: `+7776FU`, `-3122GI`, `+8822UM`
//! (a bishop that promotes), `+0055KA`. Statements may share a line, separated by commas; `'` starts a
//! comment line (kept as the comment of the move before it), `N+`/`N-` and `$KEY:value` lines are kept as
//! header fields, `V` is the version and `T` a move's time (skipped); `%` (the game's end, `%TORYO`) or
//! `/` (the next game) ends the reading.

use crate::board::color::Color;
use crate::board::moves::Move;
use crate::board::piece::{Kind, Piece, EMPTY};
use crate::board::position::{Position, Setup};
use crate::board::sfen::SfenError;
use crate::board::variant::{Shogi, Variant};
use crate::records::annotations::{HeaderField, Skipped};
use crate::records::error::{BoardProblem, RecordError, RecordErrorKind};
use crate::records::record::{Format, Record, Replay};
use crate::records::text::numbered_lines;
use crate::rules::play;

/// CSA's piece names, by kind and promotion.
const NAMES: [(&str, Kind, bool); 14] = [
    ("FU", Kind::Pawn, false),
    ("KY", Kind::Lance, false),
    ("KE", Kind::Knight, false),
    ("GI", Kind::Silver, false),
    ("KI", Kind::Gold, false),
    ("KA", Kind::Bishop, false),
    ("HI", Kind::Rook, false),
    ("OU", Kind::King, false),
    ("TO", Kind::Pawn, true),
    ("NY", Kind::Lance, true),
    ("NK", Kind::Knight, true),
    ("NG", Kind::Silver, true),
    ("UM", Kind::Bishop, true),
    ("RY", Kind::Rook, true),
];

fn piece_of(name: &str) -> Option<(Kind, bool)> {
    NAMES.iter().find(|n| n.0 == name).map(|n| (n.1, n.2))
}

fn name_of(kind: Kind, promoted: bool) -> &'static str {
    NAMES.iter().find(|n| n.1 == kind && n.2 == promoted).expect("every piece has a CSA name").0
}

/// `+` Sente, `-` Gote.
fn color_of(sign: u8) -> Option<Color> {
    match sign {
        b'+' => Some(Color::Sente),
        b'-' => Some(Color::Gote),
        _ => None,
    }
}

/// A square from CSA's two digits (file, rank); `None` for `00` and anything off the board.
fn square(text: &[u8]) -> Option<usize> {
    let (file, rank) = ((text[0] as char).to_digit(10)? as usize, (text[1] as char).to_digit(10)? as usize);
    ((1..=9).contains(&file) && (1..=9).contains(&rank)).then(|| (rank - 1) * 9 + (9 - file))
}

/// Whether `line` reads as CSA: a statement only CSA has.
pub(crate) fn looks_like_csa(line: &str) -> bool {
    let b = line.trim().as_bytes();
    let is_move = b.len() >= 7 && color_of(b[0]).is_some() && b[1..5].iter().all(u8::is_ascii_digit);
    is_move
        || b == b"+"
        || b == b"-"
        || b.starts_with(b"PI")
        || b.starts_with(b"P1")
        || b.starts_with(b"V2")
        || b.starts_with(b"N+")
        || b.starts_with(b"N-")
}

/// The position being set up by `P` lines.
struct Board {
    setup: Setup<Shogi>,
    /// Whether any `P` line was read (without one the start is the initial position).
    given: bool,
}

/// What a CSA record says beside its moves: header fields, comments (one a position), parts skipped.
#[derive(Default)]
struct Notes {
    header: Vec<HeaderField>,
    comments: Vec<String>,
    skipped: Vec<Skipped>,
}

impl Notes {
    /// A `'` line, the comment of the position after `plies` moves.
    fn comment(&mut self, plies: usize, text: &str) {
        self.comments.resize(self.comments.len().max(plies + 1), String::new());
        let comment = &mut self.comments[plies];
        if !comment.is_empty() {
            comment.push('\n');
        }
        comment.push_str(text.trim_end());
    }

    /// An `N+`, `N-` or `$KEY:value` statement.
    fn field(&mut self, statement: &str) {
        let (key, value) = match statement.strip_prefix('$') {
            Some(_) => statement.split_once(':').unwrap_or((statement, "")),
            None => statement.split_at(2.min(statement.len())),
        };
        if !value.trim().is_empty() {
            self.header.push(HeaderField::new(key, value));
        }
    }

    fn skip(&mut self, part: Skipped) {
        if !self.skipped.contains(&part) {
            self.skipped.push(part);
        }
    }
}

/// Reads a CSA record.
pub(crate) fn read_csa(text: &str) -> Result<Record<Shogi>, RecordError> {
    let mut board = Board { setup: Setup::empty(), given: false };
    let mut replay: Option<Replay<Shogi>> = None;
    let mut notes = Notes::default();
    'lines: for (number, line) in numbered_lines(text) {
        if let Some(comment) = line.strip_prefix('\'') {
            notes.comment(replay.as_ref().map_or(0, |r| r.moves().len()), comment);
            continue;
        }
        for statement in line.split(',').map(str::trim) {
            let bad = |kind| Err(RecordError::at(number, kind));
            match statement.as_bytes() {
                [] | [b'V', ..] => {}
                [b'N', b'+' | b'-', ..] | [b'$', ..] => notes.field(statement),
                [b'N', ..] => notes.skip(Skipped::UnknownLines),
                [b'T', ..] => notes.skip(Skipped::Times),
                [b'%', ..] => {
                    notes.skip(Skipped::End);
                    if numbered_lines(text).skip(number).any(|(_, l)| l.trim_start().starts_with('/')) {
                        notes.skip(Skipped::LaterGames);
                    }
                    break 'lines;
                }
                [b'/', ..] => {
                    notes.skip(Skipped::LaterGames);
                    break 'lines;
                }
                [b'P', ..] if replay.is_none() => board.read_line(number, statement)?,
                [sign @ (b'+' | b'-')] if replay.is_none() => {
                    let side = color_of(*sign).expect("a sign");
                    replay = Some(Replay::new(board.position(number, side)?));
                }
                [sign, ..] if color_of(*sign).is_some() => {
                    let side = color_of(*sign).expect("a sign");
                    let replay = match &mut replay {
                        Some(r) => r,
                        None => replay.insert(Replay::new(board.position(number, side)?)),
                    };
                    play_statement(replay, number, statement)?;
                }
                _ => return bad(RecordErrorKind::BadMove(statement.to_string())),
            }
        }
    }
    let replay = match replay {
        Some(r) => r,
        None => Replay::new(board.position(1, Color::Sente)?),
    };
    let mut record = replay.finish(Format::Csa);
    notes.comments.resize(record.moves.len() + 1, String::new());
    notes.skipped.sort();
    (record.header, record.comments, record.skipped) = (notes.header, notes.comments, notes.skipped);
    Ok(record)
}

impl Board {
    /// Reads a `PI`, `P1`…`P9`, `P+` or `P-` line.
    fn read_line(&mut self, number: usize, line: &str) -> Result<(), RecordError> {
        let bad = |what: &'static str| {
            RecordError::at(
                number,
                RecordErrorKind::BadBoard(BoardProblem::CsaLine { what, line: line.to_string() }),
            )
        };
        self.given = true;
        let b = line.as_bytes();
        match b.get(1) {
            Some(b'I') => {
                self.setup = crate::board::sfen::parse_setup::<Shogi>(Shogi::START_SFEN).expect("the start");
                for piece in b[2..].chunks(4) {
                    let sq = (piece.len() == 4).then(|| square(piece)).flatten().ok_or_else(|| bad("PI"))?;
                    let name = std::str::from_utf8(&piece[2..]).ok().and_then(piece_of);
                    let here = Piece::from_code(self.setup.board[sq]).map(|p| (p.kind(), p.is_promoted()));
                    if name.is_none() || name != here {
                        return Err(bad("PI names a piece that is not there"));
                    }
                    self.setup.board[sq] = EMPTY;
                }
            }
            Some(&d @ b'1'..=b'9') => {
                self.read_row((d - b'1') as usize, &b[2..]).ok_or_else(|| bad("row"))?
            }
            Some(&sign @ (b'+' | b'-')) => {
                let color = color_of(sign).expect("a sign");
                for piece in b[2..].chunks(4) {
                    self.add(color, piece).ok_or_else(|| bad("pieces"))?;
                }
            }
            _ => return Err(bad("not a position line")),
        }
        Ok(())
    }

    /// Row `y` (0 is `P1`): nine cells of three characters (trailing blanks may be cut).
    fn read_row(&mut self, y: usize, cells: &[u8]) -> Option<()> {
        if cells.len() > 27 {
            return None;
        }
        for x in 0..9 {
            let cell: Vec<u8> = (0..3).map(|i| *cells.get(3 * x + i).unwrap_or(&b' ')).collect();
            self.setup.board[y * 9 + x] = match &cell[..] {
                b" * " | b"   " => EMPTY,
                [sign, name @ ..] => {
                    let (kind, promoted) = piece_of(std::str::from_utf8(name).ok()?)?;
                    Piece::new(kind, promoted, color_of(*sign)?).code()
                }
                _ => return None,
            };
        }
        Some(())
    }

    /// One piece of a `P+`/`P-` line: `00FU` (to the hand), `55KA` (to the square), `00AL` (all left).
    fn add(&mut self, color: Color, piece: &[u8]) -> Option<()> {
        let [a, b, n1, n2] = *piece else { return None };
        let name = std::str::from_utf8(&[n1, n2]).ok()?.to_string();
        if [a, b] == *b"00" {
            if name == "AL" {
                self.add_rest(color);
                return Some(());
            }
            let (kind, false) = piece_of(&name)? else { return None };
            let slot = &mut self.setup.hands[color.index()][kind.index()];
            *slot = slot.checked_add(1).filter(|_| kind != Kind::King)?;
            return Some(());
        }
        let (kind, promoted) = piece_of(&name)?;
        self.setup.board[square(&[a, b])?] = Piece::new(kind, promoted, color).code();
        Some(())
    }

    /// `00AL`: every piece of the set on neither the board nor a hand goes to `color`'s hand.
    fn add_rest(&mut self, color: Color) {
        for kind in Kind::ALL.into_iter().filter(|&k| k != Kind::King) {
            let on_board =
                self.setup.board.iter().filter_map(|&c| Piece::from_code(c)).filter(|p| p.kind() == kind);
            let held = self.setup.hands.iter().map(|h| h[kind.index()] as usize).sum::<usize>();
            let left = (Shogi::TOTAL[kind.index()] as usize).saturating_sub(on_board.count() + held);
            let slot = &mut self.setup.hands[color.index()][kind.index()];
            *slot = slot.saturating_add(left as u8);
        }
    }

    /// The position set up, `side` to move (the initial position when no `P` line was read).
    fn position(&self, number: usize, side: Color) -> Result<Position<Shogi>, RecordError> {
        let mut setup = if self.given {
            self.setup
        } else {
            crate::board::sfen::parse_setup(Shogi::START_SFEN).expect("the start")
        };
        setup.side = side;
        Position::try_from(setup)
            .map_err(|e| RecordError::at(number, RecordErrorKind::BadPosition(SfenError::Position(e))))
    }
}

/// Reads the move `statement` (`+7776FU`) and plays it.
fn play_statement(replay: &mut Replay<Shogi>, number: usize, statement: &str) -> Result<(), RecordError> {
    let at = |kind| RecordError::at(number, kind);
    let b = statement.as_bytes();
    let text = statement.to_string();
    let name = (b.len() == 7).then(|| std::str::from_utf8(&b[5..]).ok().and_then(piece_of)).flatten();
    let (Some(side), Some(to), Some((kind, promoted))) = (color_of(b[0]), b.get(3..5).and_then(square), name)
    else {
        return Err(at(RecordErrorKind::BadMove(text)));
    };
    let ply = replay.next_ply();
    if side != replay.position().side_to_move() {
        return Err(at(RecordErrorKind::WrongSide { ply, text }));
    }
    let pos = replay.position();
    let illegal = || at(RecordErrorKind::IllegalMove { ply, text: text.clone(), sfen: pos.to_sfen() });
    let m = if &b[1..3] == b"00" {
        if promoted {
            return Err(illegal());
        }
        Move::Drop { kind, to: to as u8 }
    } else {
        let from = square(&b[1..3]).ok_or_else(|| at(RecordErrorKind::BadMove(text.clone())))?;
        let piece = pos.piece_at(from).filter(|p| p.kind() == kind).ok_or_else(illegal)?;
        let promote = promoted && !piece.is_promoted();
        if piece.is_promoted() && !promoted {
            return Err(illegal());
        }
        Move::Board { from: from as u8, to: to as u8, promote }
    };
    replay.push_move(number, statement, m)
}

/// A CSA record (V2.2) of `record`: `PI` for the initial position, else the rows and hands. Only games
/// whose [`Variant::CSA_RECORDS`] says so have CSA records (`export` checks it).
pub fn csa<V: Variant>(record: &Record<V>) -> String {
    let mut s = String::from("V2.2\n");
    if record.start == Position::startpos() {
        s.push_str("PI\n");
    } else {
        s.push_str(&csa_position(&record.start));
    }
    s.push(if record.start.side_to_move() == Color::Sente { '+' } else { '-' });
    s.push('\n');
    let mut pos = record.start;
    for &m in &record.moves {
        s.push_str(&csa_move(&pos, m));
        s.push('\n');
        pos = play(&pos, m);
    }
    s
}

/// `P1`…`P9` and the hands as `P+`/`P-` lines.
fn csa_position<V: Variant>(pos: &Position<V>) -> String {
    let mut s = String::new();
    for y in 0..V::H {
        s.push_str(&format!("P{}", y + 1));
        for x in 0..V::W {
            match pos.piece_at(y * V::W + x) {
                None => s.push_str(" * "),
                Some(p) => {
                    s.push(if p.color() == Color::Sente { '+' } else { '-' });
                    s.push_str(name_of(p.kind(), p.is_promoted()));
                }
            }
        }
        s.push('\n');
    }
    for color in Color::BOTH {
        let hand = pos.hand(color);
        if hand.iter().any(|&n| n > 0) {
            s.push_str(if color == Color::Sente { "P+" } else { "P-" });
            for kind in Kind::ALL {
                for _ in 0..hand[kind.index()] {
                    s.push_str("00");
                    s.push_str(name_of(kind, false));
                }
            }
            s.push('\n');
        }
    }
    s
}

/// `+7776FU`: sign, origin (`00` for a drop), destination, the piece after the move.
fn csa_move<V: Variant>(before: &Position<V>, m: Move) -> String {
    let side = before.side_to_move();
    let sign = if side == Color::Sente { '+' } else { '-' };
    let digits = |sq: usize| format!("{}{}", V::W - sq % V::W, sq / V::W + 1);
    match m {
        Move::Drop { kind, to } => format!("{sign}00{}{}", digits(to as usize), name_of(kind, false)),
        Move::Board { from, to, promote } => {
            let p = before.piece_at(from as usize).expect("a piece moves");
            let name = name_of(p.kind(), p.is_promoted() || promote);
            format!("{sign}{}{}{name}", digits(from as usize), digits(to as usize))
        }
    }
}

/// The CSA record of `moves` from `start` with `comment` lines (`'` lines) after its version line (for a
/// game [`Variant::CSA_RECORDS`] says CSA records).
pub fn csa_with_comment<V: Variant>(start: &Position<V>, moves: &[Move], comment: &str) -> String {
    let record = Record::new(Format::Csa, *start, moves.to_vec());
    let text = csa(&record);
    let (version, rest) = text.split_once('\n').unwrap_or((&text, ""));
    let comments: String = comment.lines().map(|l| format!("'{l}\n")).collect();
    format!("{version}\n{comments}{rest}")
}
