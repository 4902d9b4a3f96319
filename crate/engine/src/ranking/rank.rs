//! Exact ranking and unranking of the K-canonical candidate set P_K, bit-compatible with the reference
//! (`shared/spec/*.md` §3).
//!
//! A rank is a mixed-radix number inside its hand class: hand digits first (Sente's count of each kind
//! held), then the king placement, then one digit per kind on the board (split into promoted/unpromoted
//! Sente/Gote groups, each group a lexicographically ranked subset of the still-empty squares in
//! column-major order).

use crate::board::color::Color;
use crate::board::piece::{Kind, Piece};
use crate::board::position::{Hand, Position};
use crate::board::variant::{MiniShogi, Shogi, Variant};
use crate::ranking::wide::U256;
use std::fmt::{self, Debug, Display};
use std::hash::Hash;
use std::sync::OnceLock;

/// The integer type of ranks: `u64` for Mini Shogi, [`U256`] for Shogi.
pub trait RankInt: Copy + Ord + Eq + Hash + Debug + Display + Send + Sync + 'static {
    const ZERO: Self;
    fn from_u128(v: u128) -> Option<Self>;
    fn parse_decimal(s: &str) -> Option<Self>;
    /// Quotient and remainder of the division by `d` (> 0).
    fn div_rem(self, d: u128) -> (Self, u128);
    /// `self * m + a`, or `None` on overflow.
    fn mul_add(self, m: u128, a: u128) -> Option<Self>;
    fn checked_add(self, rhs: Self) -> Option<Self>;
    fn checked_sub(self, rhs: Self) -> Option<Self>;
    fn bits(self) -> u32;
    /// The number whose little-endian 64-bit limbs are `words` (missing limbs zero).
    fn from_words(words: &[u64]) -> Self;
    fn to_f64(self) -> f64;
}

impl RankInt for u64 {
    const ZERO: u64 = 0;

    fn from_u128(v: u128) -> Option<u64> {
        u64::try_from(v).ok()
    }

    fn parse_decimal(s: &str) -> Option<u64> {
        if s.is_empty() || !s.bytes().all(|b| b.is_ascii_digit()) {
            return None;
        }
        s.parse().ok()
    }

    #[inline]
    fn div_rem(self, d: u128) -> (u64, u128) {
        match u64::try_from(d) {
            Ok(d) => (self / d, (self % d) as u128),
            Err(_) => (0, self as u128),
        }
    }

    #[inline]
    fn mul_add(self, m: u128, a: u128) -> Option<u64> {
        u64::try_from((self as u128).checked_mul(m)?.checked_add(a)?).ok()
    }

    fn checked_add(self, rhs: u64) -> Option<u64> {
        u64::checked_add(self, rhs)
    }

    fn checked_sub(self, rhs: u64) -> Option<u64> {
        u64::checked_sub(self, rhs)
    }

    fn bits(self) -> u32 {
        64 - self.leading_zeros()
    }

    fn from_words(words: &[u64]) -> u64 {
        words.first().copied().unwrap_or(0)
    }

    fn to_f64(self) -> f64 {
        self as f64
    }
}

impl RankInt for U256 {
    const ZERO: U256 = U256::ZERO;

    fn from_u128(v: u128) -> Option<U256> {
        Some(U256::from_u128(v))
    }

    fn parse_decimal(s: &str) -> Option<U256> {
        s.parse().ok()
    }

    #[inline]
    fn div_rem(self, d: u128) -> (U256, u128) {
        self.div_rem_u128(d)
    }

    #[inline]
    fn mul_add(self, m: u128, a: u128) -> Option<U256> {
        self.checked_mul_u128(m)?.checked_add(U256::from_u128(a))
    }

    fn checked_add(self, rhs: U256) -> Option<U256> {
        U256::checked_add(self, rhs)
    }

    fn checked_sub(self, rhs: U256) -> Option<U256> {
        U256::checked_sub(self, rhs)
    }

    fn bits(self) -> u32 {
        U256::bits(self)
    }

    fn from_words(words: &[u64]) -> U256 {
        let mut limbs = [0u64; 4];
        for (l, w) in limbs.iter_mut().zip(words) {
            *l = *w;
        }
        U256::from_limbs_le(limbs)
    }

    fn to_f64(self) -> f64 {
        U256::to_f64(self)
    }
}

/// Binomial coefficients C(n, k) for n, k ≤ 81.
static BINOM: [[u128; 82]; 82] = {
    let mut t = [[0u128; 82]; 82];
    let mut n = 0;
    while n < 82 {
        t[n][0] = 1;
        let mut k = 1;
        while k <= n {
            t[n][k] = t[n - 1][k - 1] + if k < n { t[n - 1][k] } else { 0 };
            k += 1;
        }
        n += 1;
    }
    t
};

#[inline]
fn binom(n: usize, k: usize) -> u128 {
    if k > n {
        0
    } else {
        BINOM[n][k]
    }
}

/// Powers 2^e, 3^e, 4^e for e ≤ 18 (the most pieces of one kind).
static POW: [[u128; 19]; 5] = {
    let mut t = [[1u128; 19]; 5];
    let mut base = 2;
    while base <= 4 {
        let mut e = 1;
        while e < 19 {
            t[base][e] = t[base][e - 1] * base as u128;
            e += 1;
        }
        base += 1;
    }
    t
};

#[inline]
fn pow(base: usize, e: usize) -> u128 {
    POW[base][e]
}

/// Why a rank or a position is outside P_K.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RankError {
    /// The rank is not below |P_K|.
    OutOfRange {
        rank: String,
        count: String,
    },
    GoteToMove,
    /// Not every piece of the game is on the board or in a hand.
    Incomplete,
    /// Sente's king is right of the centre file, or on it with Gote's king to its right: mirror the
    /// position (the K-canonical representative has Sente's king on the left half).
    NotKCanonical,
}

impl Display for RankError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RankError::OutOfRange { rank, count } => {
                write!(f, "rank {rank} is out of range: ranks run from 0 to {count} - 1")
            }
            RankError::GoteToMove => write!(f, "only positions with Sente (b) to move are ranked"),
            RankError::Incomplete => {
                write!(f, "only positions holding the game's full piece set (board and hands) are ranked")
            }
            RankError::NotKCanonical => write!(
                f,
                "not K-canonical: Sente's king must be left of the centre file, or on it with Gote's king \
                 not right of it (mirror the position)"
            ),
        }
    }
}

impl std::error::Error for RankError {}

/// The ranking facts of a game: the integer type of its ranks and its hand-class table.
pub trait Ranked: Variant {
    /// Integer type wide enough for every rank.
    type Rank: RankInt;
    /// The hand-class table of the ranking, built on first use.
    fn classes() -> &'static ClassTable<Self>;
}

impl Ranked for Shogi {
    type Rank = U256;

    fn classes() -> &'static ClassTable<Self> {
        static TABLE: OnceLock<ClassTable<Shogi>> = OnceLock::new();
        TABLE.get_or_init(ClassTable::build)
    }
}

impl Ranked for MiniShogi {
    type Rank = u64;

    fn classes() -> &'static ClassTable<Self> {
        static TABLE: OnceLock<ClassTable<MiniShogi>> = OnceLock::new();
        TABLE.get_or_init(ClassTable::build)
    }
}

/// One hand class: how many pieces of each kind are in hand (both sides together).
#[derive(Clone, Debug)]
pub struct HandClass<R> {
    pub offset: R,
    pub size: R,
    /// Pieces in hand per kind, indexed by [`Kind`].
    pub in_hand: [u8; 8],
}

/// All hand classes of a game in the reference's order, with offsets.
pub struct ClassTable<V: Ranked> {
    classes: Vec<HandClass<V::Rank>>,
    /// Sorted position of each class, indexed by the dense mixed-radix code of its hand vector.
    by_hand: Vec<u32>,
    count: V::Rank,
}

/// Number of K-canonical king placements: Sente's king on the left half (L squares) with Gote's anywhere
/// else, or on the centre file with Gote's king on the left half or the centre file.
fn king_placements<V: Variant>() -> usize {
    let left = V::H * (V::W / 2);
    left * (V::squares() - 1) + V::H * (left + V::H - 1)
}

/// Radix of one kind's board digit: C(empty, n) ways to choose squares times 4 (or 2 for gold) owner and
/// promotion choices per piece.
#[inline]
fn board_radix(kind: Kind, empty: usize, n: usize) -> u128 {
    binom(empty, n) * pow(if kind.can_promote() { 4 } else { 2 }, n)
}

fn dense_hand_code<V: Variant>(in_hand: &[u8; 8]) -> usize {
    V::KINDS.iter().fold(0, |acc, k| acc * (V::TOTAL[k.index()] as usize + 1) + in_hand[k.index()] as usize)
}

impl<V: Ranked> ClassTable<V> {
    pub fn build() -> ClassTable<V> {
        let kinds = V::KINDS;
        let n_classes: usize = kinds.iter().map(|k| V::TOTAL[k.index()] as usize + 1).product();
        let mut classes = Vec::with_capacity(n_classes);
        let mut in_hand = [0u8; 8];
        for code in 0..n_classes {
            let mut c = code;
            for k in kinds.iter().rev() {
                let radix = V::TOTAL[k.index()] as usize + 1;
                in_hand[k.index()] = (c % radix) as u8;
                c /= radix;
            }
            classes.push(HandClass { offset: V::Rank::ZERO, size: Self::class_size(&in_hand), in_hand });
        }
        // The reference sorts classes by the list of (type id, count) over kinds held, a prefix first.
        let key = |c: &HandClass<V::Rank>| -> Vec<(u8, u8)> {
            kinds
                .iter()
                .filter(|k| c.in_hand[k.index()] > 0)
                .map(|k| (V::CLASS_ID[k.index()], c.in_hand[k.index()]))
                .collect()
        };
        classes.sort_by_cached_key(key);
        let mut by_hand = vec![0u32; n_classes];
        let mut offset = V::Rank::ZERO;
        for (i, class) in classes.iter_mut().enumerate() {
            class.offset = offset;
            offset = offset.checked_add(class.size).expect("|P_K| fits the rank type");
            by_hand[dense_hand_code::<V>(&class.in_hand)] = i as u32;
        }
        ClassTable { classes, by_hand, count: offset }
    }

    fn class_size(in_hand: &[u8; 8]) -> V::Rank {
        let mut size = V::Rank::from_u128(king_placements::<V>() as u128).unwrap();
        let mut empty = V::squares() - 2;
        for &k in V::KINDS {
            let h = in_hand[k.index()] as usize;
            let n = V::TOTAL[k.index()] as usize - h;
            let radix = (h as u128 + 1) * board_radix(k, empty, n);
            size = size.mul_add(radix, 0).expect("class size fits the rank type");
            empty -= n;
        }
        size
    }

    /// |P_K|.
    pub fn count(&self) -> V::Rank {
        self.count
    }

    pub fn classes(&self) -> &[HandClass<V::Rank>] {
        &self.classes
    }
}

/// |P_K| of the game.
pub fn count<V: Ranked>() -> V::Rank {
    V::classes().count()
}

/// Sizes of the four groups of one kind's split (promoted Sente, promoted Gote, unpromoted Sente,
/// unpromoted Gote) and the cumulative start of each split, in the reference's split order.
struct Splits {
    m: usize,
    n: usize,
    promotable: bool,
}

impl Splits {
    /// Number of arrangements with exactly `a` promoted Sente pieces (any split of the rest).
    #[inline]
    fn block_a(&self, a: usize) -> u128 {
        binom(self.m, a) * binom(self.m - a, self.n - a) * pow(3, self.n - a)
    }

    #[inline]
    fn block_b(&self, a: usize, b: usize) -> u128 {
        binom(self.m, a)
            * binom(self.m - a, b)
            * binom(self.m - a - b, self.n - a - b)
            * pow(2, self.n - a - b)
    }

    #[inline]
    fn block_c(&self, a: usize, b: usize, c: usize) -> u128 {
        binom(self.m, a)
            * binom(self.m - a, b)
            * binom(self.m - a - b, c)
            * binom(self.m - a - b - c, self.n - a - b - c)
    }

    /// The split containing digit `e`, and `e` relative to the split's start.
    fn find(&self, mut e: u128) -> ([usize; 4], u128) {
        // Skip whole blocks: first by promoted Sente count, then promoted Gote, then unpromoted Sente.
        fn skip(e: &mut u128, block: impl Fn(usize) -> u128) -> usize {
            let mut i = 0;
            loop {
                let size = block(i);
                if *e < size {
                    return i;
                }
                *e -= size;
                i += 1;
            }
        }
        let (mut a, mut b) = (0, 0);
        if self.promotable {
            a = skip(&mut e, |a| self.block_a(a));
            b = skip(&mut e, |b| self.block_b(a, b));
        }
        let c = skip(&mut e, |c| self.block_c(a, b, c));
        ([a, b, c, self.n - a - b - c], e)
    }

    /// Start of the split `[a, b, c, _]`.
    fn start(&self, split: [usize; 4]) -> u128 {
        let [a, b, c, _] = split;
        let mut s = 0;
        for a2 in 0..a {
            s += self.block_a(a2);
        }
        for b2 in 0..b {
            s += self.block_b(a, b2);
        }
        for c2 in 0..c {
            s += self.block_c(a, b, c2);
        }
        s
    }
}

/// The piece of each group, in group order.
#[inline]
fn group_pieces(kind: Kind) -> [Piece; 4] {
    let promoted = kind.can_promote();
    [
        Piece::new(kind, promoted, Color::Sente),
        Piece::new(kind, promoted, Color::Gote),
        Piece::unpromoted(kind, Color::Sente),
        Piece::unpromoted(kind, Color::Gote),
    ]
}

/// Still-empty squares, as ranking indices in ascending order.
struct Empties {
    q: [u8; 81],
    len: usize,
}

impl Empties {
    fn all_but(n: usize, a: usize, b: usize) -> Empties {
        let mut e = Empties { q: [0; 81], len: 0 };
        for q in (0..n).filter(|&q| q != a && q != b) {
            e.q[e.len] = q as u8;
            e.len += 1;
        }
        e
    }

    /// Removes the entries at the given ascending positions.
    fn remove_positions(&mut self, positions: &[u8]) {
        let mut w = positions[0] as usize;
        let mut next = 0;
        for r in positions[0] as usize..self.len {
            if next < positions.len() && positions[next] as usize == r {
                next += 1;
            } else {
                self.q[w] = self.q[r];
                w += 1;
            }
        }
        self.len = w;
    }
}

/// C(n, k) for k ≤ 18 (the most pieces of a group) and n ≤ 81, indexed `[k][n]`: a subset walk reads
/// one short row, not a column of [`BINOM`], and every value fits `u64` (C(81, 18) < 2^59).
static SUBSET_BINOM: [[u64; 82]; 19] = {
    let mut t = [[0u64; 82]; 19];
    let mut k = 0;
    while k < 19 {
        let mut n = 0;
        while n < 82 {
            t[k][n] = BINOM[n][k] as u64;
            n += 1;
        }
        k += 1;
    }
    t
};

/// Still-empty squares as a set of ranking indices: decoding picks the i-th of them by walking the
/// set bits, and removes a group's squares at once.
struct EmptySet {
    mask: u128,
    len: usize,
}

impl EmptySet {
    fn all_but(n: usize, a: usize, b: usize) -> EmptySet {
        let all = if n == 128 { u128::MAX } else { (1u128 << n) - 1 };
        EmptySet { mask: all & !(1 << a) & !(1 << b), len: n - 2 }
    }
}

/// The `cur`-th `s`-subset (lexicographic, by ascending ranking index) of the empty squares, element
/// by element (as ranking indices) while `accept` agrees: the subset's squares, or `None` at the first
/// refusal.
#[inline]
fn unrank_subset(
    empties: &EmptySet,
    s: usize,
    mut cur: u64,
    mut accept: impl FnMut(usize) -> bool,
) -> Option<u128> {
    let m = empties.len;
    // The empties not passed yet, lowest first; `i` counts those passed.
    let mut rest = empties.mask;
    let mut chosen = 0u128;
    let mut i = 0;
    for j in 0..s {
        let row = &SUBSET_BINOM[s - 1 - j];
        while cur >= row[m - 1 - i] {
            cur -= row[m - 1 - i];
            i += 1;
            rest &= rest - 1;
        }
        let q = rest.trailing_zeros() as usize;
        chosen |= 1 << q;
        rest &= rest - 1;
        i += 1;
        if !accept(q) {
            return None;
        }
    }
    Some(chosen)
}

/// Lexicographic rank of the ascending positions `p` among the `p.len()`-subsets of `0..m`.
fn rank_subset(m: usize, p: &[u8]) -> u128 {
    let s = p.len();
    let mut r = 0;
    let mut prev: isize = -1;
    for (j, &pj) in p.iter().enumerate() {
        for q in (prev + 1) as usize..pj as usize {
            r += binom(m - 1 - q, s - 1 - j);
        }
        prev = pj as isize;
    }
    r
}

/// The position of rank `r` (Sente to move).
pub fn unrank<V: Ranked>(r: V::Rank) -> Result<Position<V>, RankError> {
    Ok(decode::<V>(r, false)?.expect("decoded without early stops"))
}

/// The position of rank `r`, or `None` as soon as the pieces decoded so far fail the placement test
/// (`rules::placement_ok`: a dead piece, or two unpromoted pawns of one side on a file) while the
/// position surely passes the mirror test: then `piece` is the first filter it fails, and the kinds not
/// yet decoded (most of Shogi's samples stop at the pawns) need not be.
pub fn unrank_unless_misplaced<V: Ranked>(r: V::Rank) -> Result<Option<Position<V>>, RankError> {
    decode::<V>(r, true)
}

/// The placement test, piece by piece as they are decoded.
#[derive(Default)]
struct PlacementWatch {
    /// Files holding an unpromoted pawn, per side.
    pawn_files: [u16; 2],
}

impl PlacementWatch {
    /// Whether `piece` on `sq` keeps the placement legal so far.
    #[inline]
    fn allows<V: Variant>(&mut self, piece: Piece, sq: usize) -> bool {
        if piece.is_promoted() {
            return true;
        }
        let (kind, color) = (piece.kind(), piece.color());
        if V::is_dead(kind, color, sq) {
            return false;
        }
        if kind == Kind::Pawn {
            let bit = 1 << V::geometry().x(sq);
            let files = &mut self.pawn_files[color.index()];
            if *files & bit != 0 {
                return false;
            }
            *files |= bit;
        }
        true
    }
}

/// [`unrank`], stopping early (`None`) as [`unrank_unless_misplaced`] says if `early`.
fn decode<V: Ranked>(r: V::Rank, early: bool) -> Result<Option<Position<V>>, RankError> {
    let table = V::classes();
    if r >= table.count {
        return Err(RankError::OutOfRange { rank: r.to_string(), count: table.count.to_string() });
    }
    let g = V::geometry();
    let class = &table.classes[table.classes.partition_point(|c| c.offset <= r) - 1];
    let (digits, n_digits) = class_digits::<V>(class, r.checked_sub(class.offset).unwrap());
    let mut digits = digits[..n_digits].iter().copied();
    let mut hands: [Hand; 2] = [[0; 8]; 2];
    for &k in V::KINDS {
        let h = class.in_hand[k.index()];
        if h > 0 {
            let d = digits.next().unwrap() as u8;
            hands[0][k.index()] = d;
            hands[1][k.index()] = h - d;
        }
    }
    let king_digit = digits.next().unwrap();
    let (ks, kg) = decode_kings::<V>(king_digit as usize);
    // Only with both kings on the centre file do the other pieces decide the mirror test.
    let centre = |k: usize| (V::H * (V::W / 2)..V::H * (V::W / 2 + 1)).contains(&k);
    let mut watch = (early && !(centre(ks) && centre(kg))).then(PlacementWatch::default);
    let mut board = V::empty_board();
    let cells = board.as_mut();
    let (sente_king, gote_king) = (g.square_at_ranking_order[ks], g.square_at_ranking_order[kg]);
    cells[sente_king as usize] = Piece::unpromoted(Kind::King, Color::Sente).code();
    cells[gote_king as usize] = Piece::unpromoted(Kind::King, Color::Gote).code();
    let mut empties = EmptySet::all_but(V::squares(), ks, kg);
    for &k in V::KINDS {
        let n = (V::TOTAL[k.index()] - class.in_hand[k.index()]) as usize;
        if n == 0 {
            continue;
        }
        let digit = digits.next().unwrap();
        if !place_kind::<V>(k, n, digit, &mut empties, cells, watch.as_mut()) {
            return Ok(None);
        }
    }
    Ok(Some(Position::from_parts(board, hands, Color::Sente, [sente_king, gote_king])))
}

/// The digits of `rest` (a rank less its class's offset), least significant first: Sente's count in
/// hand of each kind held, the king digit, each board kind's digit; and how many. Their radices follow
/// from the class alone, so runs of them whose product fits `u64` cost one wide division, not one
/// each (a Shogi rank has up to 15 digits).
#[inline]
fn class_digits<V: Ranked>(class: &HandClass<V::Rank>, mut rest: V::Rank) -> ([u128; 16], usize) {
    let mut radices = [0u128; 16];
    let mut len = 0;
    let mut push = |r: u128| {
        radices[len] = r;
        len += 1;
    };
    for &k in V::KINDS {
        let h = class.in_hand[k.index()];
        if h > 0 {
            push(h as u128 + 1);
        }
    }
    push(king_placements::<V>() as u128);
    let mut empty = V::squares() - 2;
    for &k in V::KINDS {
        let n = (V::TOTAL[k.index()] - class.in_hand[k.index()]) as usize;
        if n > 0 {
            push(board_radix(k, empty, n));
            empty -= n;
        }
    }
    let mut digits = [0u128; 16];
    let mut i = 0;
    while i < len {
        let (mut j, mut product) = (i, 1u64);
        while j < len {
            match u64::try_from(radices[j]).ok().and_then(|r| r.checked_mul(product)) {
                Some(p) => (product, j) = (p, j + 1),
                None => break,
            }
        }
        if j == i {
            // A radix of its own beyond u64.
            let (q, d) = rest.div_rem(radices[i]);
            (rest, digits[i]) = (q, d);
            i += 1;
            continue;
        }
        let (q, low) = rest.div_rem(product as u128);
        rest = q;
        let mut low = low as u64;
        for (d, &r) in digits[i..j].iter_mut().zip(&radices[i..j]) {
            *d = (low % r as u64) as u128;
            low /= r as u64;
        }
        i = j;
    }
    debug_assert!(rest == V::Rank::ZERO);
    (digits, len)
}

/// Places the `n` board pieces of `kind` that its board `digit` encodes on `empties`, and removes
/// their squares from it. With a `watch`, stops (false) at the first piece the placement test rejects.
#[inline]
fn place_kind<V: Variant>(
    kind: Kind,
    n: usize,
    digit: u128,
    empties: &mut EmptySet,
    cells: &mut [u8],
    mut watch: Option<&mut PlacementWatch>,
) -> bool {
    let g = V::geometry();
    let splits = Splits { m: empties.len, n, promotable: kind.can_promote() };
    let (split, mut e) = splits.find(digit);
    for (size, piece) in split.into_iter().zip(group_pieces(kind)) {
        if size == 0 {
            continue;
        }
        let radix = binom(empties.len, size);
        // Below C(m, size), which fits u64 (see SUBSET_BINOM).
        let cur = (e % radix) as u64;
        e /= radix;
        let square = |q: usize| g.square_at_ranking_order[q] as usize;
        let placed = unrank_subset(empties, size, cur, |q| {
            watch.as_mut().is_none_or(|w| w.allows::<V>(piece, square(q)))
        });
        let Some(mut chosen) = placed else { return false };
        empties.mask &= !chosen;
        empties.len -= size;
        while chosen != 0 {
            cells[square(chosen.trailing_zeros() as usize)] = piece.code();
            chosen &= chosen - 1;
        }
    }
    true
}

/// Ranking indices of Sente's and Gote's king for a king digit.
fn decode_kings<V: Variant>(digit: usize) -> (usize, usize) {
    let left = V::H * (V::W / 2);
    let (ks, g) = if digit < left * (V::squares() - 1) {
        (digit % left, digit / left)
    } else {
        let d = digit - left * (V::squares() - 1);
        (left + d % V::H, d / V::H)
    };
    (ks, if g < ks { g } else { g + 1 })
}

/// The rank of a position of P_K.
pub fn rank<V: Ranked>(pos: &Position<V>) -> Result<V::Rank, RankError> {
    if pos.side_to_move() != Color::Sente {
        return Err(RankError::GoteToMove);
    }
    if !pos.is_complete() {
        return Err(RankError::Incomplete);
    }
    let g = V::geometry();
    let table = V::classes();
    let in_hand = pieces_in_hand(pos);
    let class = &table.classes[table.by_hand[dense_hand_code::<V>(&in_hand)] as usize];
    let ks = g.ranking_order[pos.king(Color::Sente)] as usize;
    let kg = g.ranking_order[pos.king(Color::Gote)] as usize;
    let king_digit = encode_kings::<V>(ks, kg).ok_or(RankError::NotKCanonical)?;
    // (digit, radix) of each board kind, least significant first.
    let mut digits = [(0u128, 1u128); 8];
    let mut empties = Empties::all_but(V::squares(), ks, kg);
    for (i, &k) in V::KINDS.iter().enumerate() {
        let n = (V::TOTAL[k.index()] - in_hand[k.index()]) as usize;
        if n == 0 {
            continue;
        }
        let radix = board_radix(k, empties.len, n);
        digits[i] = (board_digit(pos, k, n, &mut empties), radix);
    }
    let mut acc = V::Rank::ZERO;
    for &(digit, radix) in digits[..V::KINDS.len()].iter().rev() {
        acc = acc.mul_add(radix, digit).unwrap();
    }
    acc = acc.mul_add(king_placements::<V>() as u128, king_digit as u128).unwrap();
    for &k in V::KINDS.iter().rev() {
        let h = in_hand[k.index()] as u128;
        if h > 0 {
            acc = acc.mul_add(h + 1, pos.hand(Color::Sente)[k.index()] as u128).unwrap();
        }
    }
    Ok(class.offset.checked_add(acc).unwrap())
}

/// Pieces in hand per kind, both sides together: the position's hand class.
#[inline]
fn pieces_in_hand<V: Variant>(pos: &Position<V>) -> [u8; 8] {
    let mut in_hand = [0u8; 8];
    for k in V::KINDS {
        in_hand[k.index()] = pos.hand(Color::Sente)[k.index()] + pos.hand(Color::Gote)[k.index()];
    }
    in_hand
}

/// The king digit of Sente's and Gote's king on ranking orders `ks` and `kg` (the inverse of
/// [`decode_kings`]), or `None` if the placement is not K-canonical.
#[inline]
fn encode_kings<V: Variant>(ks: usize, kg: usize) -> Option<usize> {
    let left = V::H * (V::W / 2);
    // Gote's king among the squares Sente's does not hold.
    let g = if kg > ks { kg - 1 } else { kg };
    if ks < left {
        Some(ks + left * g)
    } else if ks < left + V::H && kg < left + V::H {
        Some(left * (V::squares() - 1) + (ks - left) + V::H * g)
    } else {
        None
    }
}

/// The board digit of `kind`, `n` of whose pieces are on the board: the split's start plus the subset
/// each group's squares form among the empties the groups before it left. Removes the kind's squares
/// from `empties`.
#[inline]
fn board_digit<V: Variant>(pos: &Position<V>, kind: Kind, n: usize, empties: &mut Empties) -> u128 {
    let groups = Groups::find(pos, kind, empties);
    let splits = Splits { m: empties.len, n, promotable: kind.can_promote() };
    let mut digit = splits.start(groups.sizes);
    let mut scale = 1u128;
    let mut removed = 0;
    for gi in 0..4 {
        let group = groups.group(gi);
        if group.is_empty() {
            continue;
        }
        // Positions shift down by the squares earlier groups took.
        let mut p = [0u8; 18];
        for (pj, &pos_before) in p.iter_mut().zip(group) {
            *pj = pos_before - groups.earlier_before(gi, pos_before);
        }
        let m = empties.len - removed;
        digit += scale * rank_subset(m, &p[..group.len()]);
        scale *= binom(m, group.len());
        removed += group.len();
    }
    let mut all = [0u8; 18];
    let len = groups.all_sorted(&mut all);
    empties.remove_positions(&all[..len]);
    digit
}

/// One kind's squares split into its four groups (see [`group_pieces`]), each as ascending positions in
/// the empties list.
struct Groups {
    at: [[u8; 18]; 4],
    sizes: [usize; 4],
}

impl Groups {
    /// Walks the empties (ascending) and records, per group, the positions its squares occupy.
    #[inline]
    fn find<V: Variant>(pos: &Position<V>, kind: Kind, empties: &Empties) -> Groups {
        let g = V::geometry();
        let pieces = group_pieces(kind);
        let mut groups = Groups { at: [[0u8; 18]; 4], sizes: [0; 4] };
        for (pos_in_empties, &q) in empties.q[..empties.len].iter().enumerate() {
            let code = pos.cell(g.square_at_ranking_order[q as usize] as usize);
            // rposition: a gold's "promoted" groups repeat its unpromoted pieces and stay empty.
            if let Some(gi) = pieces.iter().rposition(|p| p.code() == code) {
                groups.at[gi][groups.sizes[gi]] = pos_in_empties as u8;
                groups.sizes[gi] += 1;
            }
        }
        groups
    }

    #[inline]
    fn group(&self, gi: usize) -> &[u8] {
        &self.at[gi][..self.sizes[gi]]
    }

    /// How many squares of groups before `gi` lie before position `p` in the empties list.
    #[inline]
    fn earlier_before(&self, gi: usize, p: u8) -> u8 {
        (0..gi).map(|h| self.group(h).iter().filter(|&&x| x < p).count() as u8).sum()
    }

    /// Writes the positions of all groups, ascending, to `out`; returns how many.
    #[inline]
    fn all_sorted(&self, out: &mut [u8; 18]) -> usize {
        let mut len = 0;
        for gi in 0..4 {
            let group = self.group(gi);
            out[len..len + group.len()].copy_from_slice(group);
            len += group.len();
        }
        out[..len].sort_unstable();
        len
    }
}

impl<V: Ranked> Position<V> {
    /// The position's rank in P_K.
    pub fn rank(&self) -> Result<V::Rank, RankError> {
        rank(self)
    }
}
