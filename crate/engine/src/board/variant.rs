//! Board geometries and the games. One generic engine serves them all: everything that differs between
//! Shogi, Mini Shogi and Judkins shogi is a constant or a table of the [`Variant`] implementation.

use crate::board::color::Color;
use crate::board::piece::Kind;
use std::fmt::Debug;
use std::hash::Hash;

/// Squares are indexed in reading order: `y * W + x`, y = 0 the top rank (a), x = 0 the leftmost file
/// (file W). Off-board neighbours are `OFF`.
pub const OFF: u8 = 255;
/// The most squares of a board (Shogi's 9×9): the size of per-square tables.
pub const MAX_SQUARES: usize = 81;

/// Directions as (dx, dy) on the board as drawn (x towards file 1, y towards the last rank).
pub const DIRS: [(i8, i8); 12] = [
    (0, -1),  // 0 up
    (0, 1),   // 1 down
    (-1, 0),  // 2 left
    (1, 0),   // 3 right
    (-1, -1), // 4 up-left
    (1, -1),  // 5 up-right
    (-1, 1),  // 6 down-left
    (1, 1),   // 7 down-right
    (-1, -2), // 8 knight up-left
    (1, -2),  // 9 knight up-right
    (-1, 2),  // 10 knight down-left
    (1, 2),   // 11 knight down-right
];

/// Whether a step in each line direction (0..8) goes to a higher square index.
pub const ASCENDS: [bool; 8] = [false, true, false, true, false, false, true, true];

/// The direction pointing the other way.
pub const OPPOSITE: [usize; 12] = [1, 0, 3, 2, 7, 6, 5, 4, 11, 10, 9, 8];
/// The direction mirrored top to bottom (Sente's pattern to Gote's).
const VFLIP: [usize; 12] = [1, 0, 2, 3, 6, 7, 4, 5, 10, 11, 8, 9];

/// Neighbour and coordinate tables of a W×H board, built at compile time.
pub struct Geometry {
    /// Width: files.
    pub w: usize,
    /// Height: ranks.
    pub h: usize,
    /// Squares: `w * h`.
    pub n: usize,
    /// `nb[sq][dir]`: the square one step in `DIRS[dir]`, or `OFF`.
    pub nb: [[u8; 12]; MAX_SQUARES],
    /// The order in which ranking visits each square (column-major, `H*x + y`; not a board rank).
    pub ranking_order: [u8; MAX_SQUARES],
    /// The square at each place of `ranking_order`.
    pub square_at_ranking_order: [u8; MAX_SQUARES],
    /// Left-right mirror of each square.
    pub mirror: [u8; MAX_SQUARES],
    /// `line[a][b]`: the direction (0..8) from `a` towards `b` when they share a rank, file or diagonal,
    /// else `OFF`.
    pub line: [[u8; MAX_SQUARES]; MAX_SQUARES],
    /// `ray[sq][dir]`: the squares from `sq` (excluded) to the edge in `DIRS[dir]` (0..8), bit `s` for
    /// square `s`.
    pub ray: [[u128; 8]; MAX_SQUARES],
}

impl Geometry {
    /// The tables of a `w`×`h` board.
    pub const fn new(w: usize, h: usize) -> Geometry {
        let mut g = Geometry {
            w,
            h,
            n: w * h,
            nb: [[OFF; 12]; MAX_SQUARES],
            ranking_order: [OFF; MAX_SQUARES],
            square_at_ranking_order: [OFF; MAX_SQUARES],
            mirror: [OFF; MAX_SQUARES],
            line: [[OFF; MAX_SQUARES]; MAX_SQUARES],
            ray: [[0; 8]; MAX_SQUARES],
        };
        let mut y = 0;
        while y < h {
            let mut x = 0;
            while x < w {
                let sq = y * w + x;
                let mut d = 0;
                while d < 12 {
                    let nx = x as isize + DIRS[d].0 as isize;
                    let ny = y as isize + DIRS[d].1 as isize;
                    if nx >= 0 && ny >= 0 && (nx as usize) < w && (ny as usize) < h {
                        g.nb[sq][d] = (ny as usize * w + nx as usize) as u8;
                    }
                    d += 1;
                }
                g.ranking_order[sq] = (h * x + y) as u8;
                g.square_at_ranking_order[h * x + y] = sq as u8;
                g.mirror[sq] = (y * w + (w - 1 - x)) as u8;
                let mut d = 0;
                while d < 8 {
                    let (mut nx, mut ny) = (x as isize, y as isize);
                    loop {
                        nx += DIRS[d].0 as isize;
                        ny += DIRS[d].1 as isize;
                        if nx < 0 || ny < 0 || nx as usize >= w || ny as usize >= h {
                            break;
                        }
                        g.line[sq][ny as usize * w + nx as usize] = d as u8;
                        g.ray[sq][d] |= 1 << (ny as usize * w + nx as usize);
                    }
                    d += 1;
                }
                x += 1;
            }
            y += 1;
        }
        g
    }

    /// The empty squares from `sq` (excluded) in direction `d` (0..8) up to the first piece of
    /// `occupied`, and that piece's square (`OFF` if none).
    #[inline(always)]
    pub fn clear_run(&self, sq: usize, d: usize, occupied: u128) -> (u128, u8) {
        let ray = self.ray[sq][d];
        let pieces = ray & occupied;
        if pieces == 0 {
            return (ray, OFF);
        }
        let first = self.nearest(pieces, d);
        (ray & !self.ray[first][d] & !(1 << first), first as u8)
    }

    /// The square of `mask` (not empty) met first going in direction `d` (0..8): its lowest where `d`
    /// ascends, else its highest.
    #[inline(always)]
    pub fn nearest(&self, mask: u128, d: usize) -> usize {
        (if self.n <= 64 {
            // In one word: a `u128`'s bit counts cost several instructions.
            let mask = mask as u64;
            if ASCENDS[d] {
                mask.trailing_zeros()
            } else {
                63 - mask.leading_zeros()
            }
        } else if ASCENDS[d] {
            mask.trailing_zeros()
        } else {
            127 - mask.leading_zeros()
        }) as usize
    }

    /// The column of `sq` in reading order (0 = the leftmost, file W).
    #[inline]
    pub fn x(&self, sq: usize) -> usize {
        sq % self.w
    }

    /// The row of `sq` from the top (0 = Gote's back rank).
    #[inline]
    pub fn y(&self, sq: usize) -> usize {
        sq / self.w
    }

    /// The king moves from `a` to `b` on an empty board.
    #[inline]
    pub fn king_steps(&self, a: usize, b: usize) -> usize {
        self.x(a).abs_diff(self.x(b)).max(self.y(a).abs_diff(self.y(b)))
    }

    /// Ranks still ahead of `color` on `sq` (0 on its last rank).
    #[inline]
    pub fn ranks_ahead(&self, sq: usize, color: Color) -> usize {
        match color {
            Color::Sente => self.y(sq),
            Color::Gote => self.h - 1 - self.y(sq),
        }
    }

    /// USI square name, e.g. `7g` (file digit, rank letter).
    pub(crate) fn square_name(&self, sq: usize) -> String {
        let file = self.w - self.x(sq);
        let rank = (b'a' + self.y(sq) as u8) as char;
        format!("{file}{rank}")
    }

    /// Parses a USI square name.
    pub fn parse_square(&self, s: &str) -> Option<usize> {
        let b = s.as_bytes();
        if b.len() != 2 {
            return None;
        }
        let file = (b[0] as char).to_digit(10)? as usize;
        let rank = b[1].checked_sub(b'a')? as usize;
        if file == 0 || file > self.w || rank >= self.h {
            return None;
        }
        Some(rank * self.w + (self.w - file))
    }
}

/// Step and slide patterns of every piece code (see [`crate::board::piece::Piece`]), as bit masks over `DIRS`.
pub struct Moves {
    /// Per piece code: the directions it steps in.
    pub steps: [u16; 32],
    /// Per piece code: the directions it slides in.
    pub slides: [u8; 32],
}

const fn sente_pattern(kind: usize, promoted: bool) -> (u16, u8) {
    const GOLD: u16 = 1 << 0 | 1 << 1 | 1 << 2 | 1 << 3 | 1 << 4 | 1 << 5;
    const ORTH: u16 = 0b1111;
    const DIAG: u16 = 0b1111_0000;
    match (kind, promoted) {
        (0, _) => (ORTH | DIAG, 0),
        (1, _) | (2, true) | (3, true) | (4, true) | (5, true) => (GOLD, 0),
        (2, false) => (1 << 8 | 1 << 9, 0),
        (3, false) => (0, 1),
        (4, false) => (1, 0),
        (5, false) => (1 << 0 | 1 << 4 | 1 << 5 | 1 << 6 | 1 << 7, 0),
        (6, false) => (0, ORTH as u8),
        (6, true) => (DIAG, ORTH as u8),
        (7, false) => (0, DIAG as u8),
        _ => (ORTH, DIAG as u8),
    }
}

/// The step and slide patterns of every piece code.
pub static MOVES: Moves = {
    let mut m = Moves { steps: [0; 32], slides: [0; 32] };
    let mut code = 0;
    while code < 32 {
        let kind = code >> 2;
        let promoted = code & 2 == 0;
        let gote = code & 1 == 1;
        if !(promoted && kind < 2) {
            let (steps, slides) = sente_pattern(kind, promoted);
            let mut d = 0;
            while d < 12 {
                let dd = if gote { VFLIP[d] } else { d };
                if steps & (1 << d) != 0 {
                    m.steps[code] |= 1 << dd;
                }
                if d < 8 && slides & (1 << d) != 0 {
                    m.slides[code] |= 1 << dd;
                }
                d += 1;
            }
        }
        code += 1;
    }
    m
};

/// Fixed-size board storage of a variant.
pub trait BoardArray: Copy + Eq + Hash + Debug + Send + Sync + AsRef<[u8]> + AsMut<[u8]> + 'static {}
impl<T: Copy + Eq + Hash + Debug + Send + Sync + AsRef<[u8]> + AsMut<[u8]> + 'static> BoardArray for T {}

/// A game: board size, promotion zone, piece set (its ranking facts: [`crate::ranking::rank::Ranked`]).
pub trait Variant: 'static + Copy + Debug + Default + Send + Sync + Eq + Hash {
    /// Name used on the command line and in files: `shogi`, `minishogi` or `judkins`.
    const NAME: &'static str;
    /// The game, as a value chosen at run time names it.
    const GAME: Game;
    /// Board width (files).
    const W: usize;
    /// Board height (ranks).
    const H: usize;
    /// Depth of the promotion zone in ranks.
    const ZONE: usize;
    /// The non-king kinds, in the reference's type order (the order of ranking digits).
    const KINDS: &'static [Kind];
    /// Pieces of each kind in the full set, both sides together, indexed by [`Kind`].
    const TOTAL: [u8; 8];
    /// The id by which the reference orders hand classes, indexed by [`Kind`].
    const CLASS_ID: [u8; 8];
    /// The start position as SFEN.
    const START_SFEN: &'static str;
    /// The start as a USI `position` command says it: `startpos`, or `sfen …` for games whose start USI
    /// programs do not all call `startpos`.
    const USI_START: &'static str;
    /// The game's name in a KIF record's 手合割 (handicap) line.
    const KIF_HANDICAP: &'static str;
    /// Whether CSA records, a format of 9×9 Shogi only, can hold the game's games.
    const CSA_RECORDS: bool;
    /// The handicap starts records name (`手合割`, SFEN): the initial position less pieces of Gote's (上手),
    /// Gote to move. None for a game without handicaps.
    const HANDICAPS: &'static [(&'static str, &'static str)];
    /// Search heuristic term added when the kings are within Manhattan distance 2 (the reference's Mini
    /// Shogi code adds 10; Shogi has no such term).
    const KING_NEAR_WEIGHT: u32;
    /// The board's cell array: `[u8; W * H]`.
    type Board: BoardArray;

    /// The board's neighbour and coordinate tables.
    fn geometry() -> &'static Geometry;
    /// A board of empty cells.
    fn empty_board() -> Self::Board;
    /// The number of squares.
    #[inline]
    fn squares() -> usize {
        Self::W * Self::H
    }

    /// Whether the board has a centre file (an odd width). Only then are a position and its mirror image
    /// both candidates (both kings on that file) and the `flip` filter can reject one.
    #[inline]
    fn has_centre_file() -> bool {
        Self::W % 2 == 1
    }

    /// Whether `sq` is in the promotion zone of `color`.
    #[inline]
    fn in_zone(sq: usize, color: Color) -> bool {
        Self::geometry().ranks_ahead(sq, color) < Self::ZONE
    }

    /// Whether an unpromoted `kind` of `color` could never move again from `sq` (a "dead" piece).
    #[inline]
    fn is_dead(kind: Kind, color: Color, sq: usize) -> bool {
        Self::geometry().ranks_ahead(sq, color) < kind.dead_ranks()
    }
}

/// Shogi: 9×9, 40 pieces.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Shogi;

/// Mini Shogi (5五将棋): 5×5, 12 pieces.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct MiniShogi;

/// Judkins shogi (ジャドケンス将棋): 6×6, 14 pieces, promotion in the last two ranks.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Judkins;

static SHOGI_GEOMETRY: Geometry = Geometry::new(9, 9);
static MINISHOGI_GEOMETRY: Geometry = Geometry::new(5, 5);
static JUDKINS_GEOMETRY: Geometry = Geometry::new(6, 6);

impl Variant for Shogi {
    const NAME: &'static str = "shogi";
    const GAME: Game = Game::Shogi;
    const W: usize = 9;
    const H: usize = 9;
    const ZONE: usize = 3;
    const KINDS: &'static [Kind] =
        &[Kind::Gold, Kind::Knight, Kind::Lance, Kind::Pawn, Kind::Silver, Kind::Rook, Kind::Bishop];
    const TOTAL: [u8; 8] = [2, 4, 4, 4, 18, 4, 2, 2];
    const CLASS_ID: [u8; 8] = [0, 1, 2, 3, 4, 5, 6, 7];
    const START_SFEN: &'static str = "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1";
    const USI_START: &'static str = "startpos";
    const KIF_HANDICAP: &'static str = "平手";
    const CSA_RECORDS: bool = true;
    const HANDICAPS: &'static [(&'static str, &'static str)] = &[
        ("香落ち", "lnsgkgsn1/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1"),
        ("右香落ち", "1nsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1"),
        ("角落ち", "lnsgkgsnl/1r7/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1"),
        ("飛車落ち", "lnsgkgsnl/7b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1"),
        ("飛香落ち", "lnsgkgsn1/7b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1"),
        ("二枚落ち", "lnsgkgsnl/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1"),
        ("三枚落ち", "lnsgkgsn1/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1"),
        ("四枚落ち", "1nsgkgsn1/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1"),
        ("五枚落ち", "2sgkgsn1/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1"),
        ("左五枚落ち", "1nsgkgs2/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1"),
        ("六枚落ち", "2sgkgs2/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1"),
        ("八枚落ち", "3gkg3/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1"),
        ("十枚落ち", "4k4/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1"),
    ];
    const KING_NEAR_WEIGHT: u32 = 0;
    type Board = [u8; 81];

    #[inline]
    fn geometry() -> &'static Geometry {
        &SHOGI_GEOMETRY
    }

    #[inline]
    fn empty_board() -> [u8; 81] {
        [crate::board::piece::EMPTY; 81]
    }
}

impl Variant for MiniShogi {
    const NAME: &'static str = "minishogi";
    const GAME: Game = Game::MiniShogi;
    const W: usize = 5;
    const H: usize = 5;
    const ZONE: usize = 1;
    const KINDS: &'static [Kind] = &[Kind::Gold, Kind::Pawn, Kind::Silver, Kind::Rook, Kind::Bishop];
    const TOTAL: [u8; 8] = [2, 2, 0, 0, 2, 2, 2, 2];
    // The reference's numeric type ids (R=2, B=3, G=4, S=5, P=6) order its classes.
    const CLASS_ID: [u8; 8] = [1, 4, 0, 0, 6, 5, 2, 3];
    const START_SFEN: &'static str = "rbsgk/4p/5/P4/KGSBR b - 1";
    const USI_START: &'static str = "sfen rbsgk/4p/5/P4/KGSBR b - 1";
    const KIF_HANDICAP: &'static str = "５五将棋";
    const CSA_RECORDS: bool = false;
    const HANDICAPS: &'static [(&'static str, &'static str)] = &[];
    const KING_NEAR_WEIGHT: u32 = 10;
    type Board = [u8; 25];

    #[inline]
    fn geometry() -> &'static Geometry {
        &MINISHOGI_GEOMETRY
    }

    #[inline]
    fn empty_board() -> [u8; 25] {
        [crate::board::piece::EMPTY; 25]
    }
}

impl Variant for Judkins {
    const NAME: &'static str = "judkins";
    const GAME: Game = Game::Judkins;
    const W: usize = 6;
    const H: usize = 6;
    const ZONE: usize = 2;
    // No reference program ranks Judkins shogi: Shogi's order, less the lance.
    const KINDS: &'static [Kind] =
        &[Kind::Gold, Kind::Knight, Kind::Pawn, Kind::Silver, Kind::Rook, Kind::Bishop];
    const TOTAL: [u8; 8] = [2, 2, 2, 0, 2, 2, 2, 2];
    const CLASS_ID: [u8; 8] = [0, 1, 2, 3, 4, 5, 6, 7];
    const START_SFEN: &'static str = "rbnsgk/5p/6/6/P5/KGSNBR b - 1";
    const USI_START: &'static str = "sfen rbnsgk/5p/6/6/P5/KGSNBR b - 1";
    const KIF_HANDICAP: &'static str = "ジャドケンス将棋";
    const CSA_RECORDS: bool = false;
    const HANDICAPS: &'static [(&'static str, &'static str)] = &[];
    // As Mini Shogi's: on a board this small the kings meet early.
    const KING_NEAR_WEIGHT: u32 = 10;
    type Board = [u8; 36];

    #[inline]
    fn geometry() -> &'static Geometry {
        &JUDKINS_GEOMETRY
    }

    #[inline]
    fn empty_board() -> [u8; 36] {
        [crate::board::piece::EMPTY; 36]
    }
}

/// The games by name: what the command line, report files and the browser say (`shogi`, `minishogi`,
/// `judkins`).
/// [`with_game!`](crate::with_game) turns one into its type.
/// The default, Shogi, is the game of a record or a position that does not say its own.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Game {
    /// [`Shogi`].
    #[default]
    Shogi,
    /// [`MiniShogi`].
    MiniShogi,
    /// [`Judkins`].
    Judkins,
}

impl Game {
    /// Every game, in the order menus and lists show them.
    pub const ALL: [Game; 3] = [Game::Shogi, Game::MiniShogi, Game::Judkins];

    /// The name, [`Variant::NAME`] of the game's type.
    pub const fn name(self) -> &'static str {
        crate::with_game!(self, V => V::NAME)
    }

    /// The rows of the game's board ([`Variant::H`]).
    pub const fn rows(self) -> usize {
        crate::with_game!(self, V => V::H)
    }

    /// The game whose board has `rows` rows, if one has: how a diagram or a position without a header says
    /// its game (the one place that decides it by size).
    pub fn of_rows(rows: usize) -> Option<Game> {
        Game::ALL.into_iter().find(|g| g.rows() == rows)
    }
}

/// A name that is not one of [`Game::ALL`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnknownGame(pub String);

impl std::fmt::Display for UnknownGame {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let name: String = self.0.chars().take(40).collect();
        let names: Vec<&str> = Game::ALL.iter().map(|g| g.name()).collect();
        write!(f, "unknown game {name:?}: use {}", names.join(" or "))
    }
}

impl std::error::Error for UnknownGame {}

impl std::str::FromStr for Game {
    type Err = UnknownGame;

    fn from_str(name: &str) -> Result<Game, UnknownGame> {
        Game::ALL.into_iter().find(|g| g.name() == name).ok_or_else(|| UnknownGame(name.to_string()))
    }
}

impl std::fmt::Display for Game {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

/// Evaluates `$body` with the type name `$V` bound to the type of `$game` (a [`Game`]): the one place
/// where a game chosen at run time becomes a type.
#[macro_export]
macro_rules! with_game {
    ($game:expr, $V:ident => $body:expr) => {
        match $game {
            $crate::board::variant::Game::Shogi => {
                type $V = $crate::board::variant::Shogi;
                $body
            }
            $crate::board::variant::Game::MiniShogi => {
                type $V = $crate::board::variant::MiniShogi;
                $body
            }
            $crate::board::variant::Game::Judkins => {
                type $V = $crate::board::variant::Judkins;
                $body
            }
        }
    };
}
