//! Unreachability certificates a person can check step by step.
//!
//! - `prev`: every way the side that moved last (Y) could have made the last move — each of its pieces,
//!   each square it could have come from along its moves (up to the first piece in the way, or the edge),
//!   or a drop, with and without each capture Y's hand allows — and why each fails. The candidates are
//!   enumerated from the movement patterns, apart from Prev1, and [`PrevCertificate::verify`] re-derives
//!   every reason and checks that Prev1 is empty too.
//! - `reach`: the whole backward search from the position as a tree of first discovery, in which every
//!   position lists all its predecessors; the leaves are positions without any (each with its `prev`
//!   certificate) and no position is a KK position.

use crate::board::color::Color;
use crate::board::moves::Move;
use crate::board::piece::{Kind, Piece, EMPTY};
use crate::board::position::Position;
use crate::board::variant::{Variant, MOVES, OFF, OPPOSITE};
use crate::reach::heuristic::heuristic;
use crate::reach::prev::{predecessors, Predecessor};
use crate::rules::{self, ahead, is_checkmated_by_pawn, piece_attacks};
pub use crate::why::certificate_error::CertificateError;

/// Why one candidate last move is not one.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum CandidateFailure {
    /// The square the piece would have come from is off the board.
    OffBoard,
    /// The square it would have come from holds a piece.
    Occupied {
        /// The square.
        square: usize,
    },
    /// An un-promotion where neither square is in Y's promotion zone.
    OutsideZone,
    /// An unpromoted piece on this square could never have moved (a dead piece).
    Dead {
        /// The square.
        square: usize,
    },
    /// A second unpromoted pawn of one side on the file of this square.
    TwoPawns {
        /// The square.
        square: usize,
    },
    /// The last move would be a pawn drop that mates, which the rules forbid.
    PawnDropMate,
    /// Before the move, X's king would have stood in check with Y to move (from these squares).
    KingInCheck {
        /// The squares of the checking pieces.
        attackers: Vec<usize>,
    },
}

impl CandidateFailure {
    /// A sentence, squares in USI.
    pub fn describe<V: Variant>(&self) -> String {
        let name = |sq: &usize| V::geometry().square_name(*sq);
        match self {
            CandidateFailure::OffBoard => "it would come from off the board".into(),
            CandidateFailure::Occupied { square } => format!("{} is occupied", name(square)),
            CandidateFailure::OutsideZone => "neither square is in the promotion zone".into(),
            CandidateFailure::Dead { square } => {
                format!("the piece on {} could never have moved", name(square))
            }
            CandidateFailure::TwoPawns { square } => {
                format!("two pawns of one side on the file of {}", name(square))
            }
            CandidateFailure::PawnDropMate => "a pawn drop that mates is not allowed".into(),
            CandidateFailure::KingInCheck { attackers } => {
                let squares: Vec<String> = attackers.iter().map(name).collect();
                format!(
                    "the other king would already have been in check (from {}) before this move",
                    squares.join(", ")
                )
            }
        }
    }

    /// The failure's name in JSON and for translations.
    pub fn name(&self) -> &'static str {
        match self {
            CandidateFailure::OffBoard => "off-board",
            CandidateFailure::Occupied { .. } => "occupied",
            CandidateFailure::OutsideZone => "outside-zone",
            CandidateFailure::Dead { .. } => "dead-piece",
            CandidateFailure::TwoPawns { .. } => "two-pawns",
            CandidateFailure::PawnDropMate => "pawn-drop-mate",
            CandidateFailure::KingInCheck { .. } => "king-in-check",
        }
    }
}

/// One candidate last move and, for each thing it may have captured (`None`: nothing), its failure
/// (`None`: it is a legal last move).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Candidate {
    /// The piece as it stands now, on `to`.
    pub piece: Piece,
    /// The square it moved to.
    pub to: usize,
    /// Where it came from.
    pub origin: Origin,
    /// What the move may have captured (`None`: nothing), each with its failure (`None`: legal).
    pub variants: Vec<(Option<Piece>, Option<CandidateFailure>)>,
}

/// Where a candidate's piece came from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Origin {
    /// Dropped from the hand.
    Drop,
    /// Off the board, stepping back in pattern direction `dir` (as the unpromoted piece for an
    /// un-promotion).
    OffBoard {
        /// The direction (an index of the pattern directions).
        dir: usize,
        /// Whether the move would be an un-promotion.
        unpromotion: bool,
    },
    /// From a square of the board.
    Square {
        /// The square.
        from: usize,
        /// Whether the move is an un-promotion.
        unpromotion: bool,
    },
}

impl Candidate {
    /// The move the candidate stands for (`None` from off the board).
    pub fn mv(&self) -> Option<Move> {
        match self.origin {
            Origin::Drop => Some(Move::Drop { kind: self.piece.kind(), to: self.to as u8 }),
            Origin::OffBoard { .. } => None,
            Origin::Square { from, unpromotion } => {
                Some(Move::Board { from: from as u8, to: self.to as u8, promote: unpromotion })
            }
        }
    }

    fn is_legal(&self) -> bool {
        self.variants.iter().any(|(_, f)| f.is_none())
    }
}

/// The `prev` certificate: every candidate last move of Y, each failing.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PrevCertificate {
    /// Y: the side that moved last (not the side to move).
    pub last_mover: Color,
    /// Every candidate last move of Y.
    pub candidates: Vec<Candidate>,
}

/// Every candidate last move of `pos`, legal ones included.
pub fn candidates<V: Variant>(pos: &Position<V>) -> Vec<Candidate> {
    let y = pos.side_to_move().opponent();
    let mut out = Vec::new();
    for to in 0..V::squares() {
        let Some(piece) = pos.piece_at(to).filter(|p| p.color() == y) else { continue };
        if !piece.is_promoted() && piece.kind() != Kind::King {
            out.push(drop_candidate(pos, piece, to));
        }
        for_each_origin(pos, piece.code(), to, |o| out.push(move_candidate(pos, piece, to, o, false)));
        if piece.is_promoted() {
            let code = piece.unpromote().code();
            for_each_origin(pos, code, to, |o| out.push(move_candidate(pos, piece, to, o, true)));
        }
    }
    out
}

/// The `prev` certificate of `pos`, if no legal move leads to it.
pub fn prev_certificate<V: Variant>(pos: &Position<V>) -> Option<PrevCertificate> {
    let candidates = candidates(pos);
    (!candidates.iter().any(Candidate::is_legal))
        .then(|| PrevCertificate { last_mover: pos.side_to_move().opponent(), candidates })
}

/// Calls `f` with every origin of piece `code` moving to `to`, walking each slide back up to and including
/// the first occupied square; a direction that leaves the board at once gives `OffBoard`.
fn for_each_origin<V: Variant>(pos: &Position<V>, code: u8, to: usize, mut f: impl FnMut(Origin)) {
    let g = V::geometry();
    let steps = MOVES.steps[code as usize];
    let slides = MOVES.slides[code as usize];
    for dir in (0..12).filter(|d| steps & (1 << d) != 0) {
        let o = g.nb[to][OPPOSITE[dir]];
        f(if o == OFF {
            Origin::OffBoard { dir, unpromotion: false }
        } else {
            Origin::Square { from: o as usize, unpromotion: false }
        });
    }
    for dir in (0..8).filter(|d| slides & (1 << d) != 0) {
        let mut o = g.nb[to][OPPOSITE[dir]];
        if o == OFF {
            f(Origin::OffBoard { dir, unpromotion: false });
        }
        while o != OFF {
            f(Origin::Square { from: o as usize, unpromotion: false });
            if pos.cell(o as usize) != EMPTY {
                break;
            }
            o = g.nb[o as usize][OPPOSITE[dir]];
        }
    }
}

fn drop_candidate<V: Variant>(pos: &Position<V>, piece: Piece, to: usize) -> Candidate {
    let y = piece.color();
    let mut cand = Candidate { piece, to, origin: Origin::Drop, variants: Vec::new() };
    let before = before_move(pos, &cand, None).expect("an un-drop always has a position before it");
    let pawn_mate = piece.kind() == Kind::Pawn
        && ahead::<V>(to, y) == pos.king(y.opponent())
        && is_checkmated_by_pawn(pos);
    let failure = if pawn_mate { Some(CandidateFailure::PawnDropMate) } else { king_in_check(&before) };
    cand.variants.push((None, failure));
    cand
}

/// The candidate un-move of `piece` (unpromoted before the move for an un-promotion) from `origin`.
fn move_candidate<V: Variant>(
    pos: &Position<V>,
    piece: Piece,
    to: usize,
    origin: Origin,
    un: bool,
) -> Candidate {
    let origin = match origin {
        Origin::Square { from, .. } => Origin::Square { from, unpromotion: un },
        Origin::OffBoard { dir, .. } => Origin::OffBoard { dir, unpromotion: un },
        Origin::Drop => Origin::Drop,
    };
    let mut cand = Candidate { piece, to, origin, variants: Vec::new() };
    let Origin::Square { from, .. } = origin else {
        cand.variants.push((None, Some(CandidateFailure::OffBoard)));
        return cand;
    };
    let placed = if un { piece.unpromote() } else { piece };
    if let Some(f) = origin_failure(pos, placed, to, from, un) {
        cand.variants.push((None, Some(f)));
        return cand;
    }
    for captured in captures::<V>(pos, piece.color()) {
        let before = before_move(pos, &cand, captured).expect("an empty origin, a capture from the hand");
        let failure =
            captured.and_then(|c| captured_failure(&before, c, to)).or_else(|| king_in_check(&before));
        cand.variants.push((captured, failure));
    }
    cand
}

/// Nothing, and every X piece (unpromoted and promoted) of a kind in Y's hand.
fn captures<V: Variant>(pos: &Position<V>, y: Color) -> Vec<Option<Piece>> {
    let mut out = vec![None];
    for &kind in V::KINDS.iter().filter(|k| pos.hand(y)[k.index()] > 0) {
        out.push(Some(Piece::new(kind, false, y.opponent())));
        if kind.can_promote() {
            out.push(Some(Piece::new(kind, true, y.opponent())));
        }
    }
    out
}

/// Why `placed` could not have stood on `from` before moving to `to`, if it could not.
fn origin_failure<V: Variant>(
    pos: &Position<V>,
    placed: Piece,
    to: usize,
    from: usize,
    un: bool,
) -> Option<CandidateFailure> {
    let y = placed.color();
    if pos.cell(from) != EMPTY {
        Some(CandidateFailure::Occupied { square: from })
    } else if un && !V::in_zone(from, y) && !V::in_zone(to, y) {
        Some(CandidateFailure::OutsideZone)
    } else if !placed.is_promoted() && V::is_dead(placed.kind(), y, from) {
        Some(CandidateFailure::Dead { square: from })
    } else if un && placed.kind() == Kind::Pawn && pawn_on_file(pos, y, from, to) {
        Some(CandidateFailure::TwoPawns { square: from })
    } else {
        None
    }
}

/// Whether `color` has an unpromoted pawn on the file of `sq`, other than on `skip`.
fn pawn_on_file<V: Variant>(pos: &Position<V>, color: Color, sq: usize, skip: usize) -> bool {
    let g = V::geometry();
    let pawn = Piece::unpromoted(Kind::Pawn, color).code();
    (0..g.h).map(|y| y * g.w + g.x(sq)).any(|s| s != skip && pos.cell(s) == pawn)
}

/// Why X's `captured` piece could not have stood on `to` in `before`, if it could not.
fn captured_failure<V: Variant>(
    before: &Position<V>,
    captured: Piece,
    to: usize,
) -> Option<CandidateFailure> {
    let x = captured.color();
    if captured.is_promoted() {
        None
    } else if V::is_dead(captured.kind(), x, to) {
        Some(CandidateFailure::Dead { square: to })
    } else if captured.kind() == Kind::Pawn && pawn_on_file(before, x, to, to) {
        Some(CandidateFailure::TwoPawns { square: to })
    } else {
        None
    }
}

/// `KingInCheck` with the attackers, if the side not to move in `before` (X) is in check.
fn king_in_check<V: Variant>(before: &Position<V>) -> Option<CandidateFailure> {
    let x = before.side_to_move().opponent();
    let king = before.king(x);
    let attackers: Vec<usize> = (0..V::squares())
        .filter(|&sq| {
            before.piece_at(sq).is_some_and(|p| p.color() != x && piece_attacks(before, p.code(), sq, king))
        })
        .collect();
    (!attackers.is_empty()).then_some(CandidateFailure::KingInCheck { attackers })
}

impl PrevCertificate {
    /// Checks the certificate against `pos` without trusting its reasons: Prev1 finds no predecessor; the
    /// candidates are exactly those the movement patterns give; each candidate's position before the move
    /// leads to `pos` by its move; each failure holds by a direct test.
    pub fn verify<V: Variant>(&self, pos: &Position<V>) -> Result<(), CertificateError> {
        let mut preds: Vec<Predecessor<V>> = Vec::new();
        predecessors(pos, &mut preds);
        if !preds.is_empty() {
            return Err(CertificateError::HasPredecessors(preds.len()));
        }
        if self.last_mover != pos.side_to_move().opponent() {
            return Err(CertificateError::WrongLastMover);
        }
        let expected = candidates(pos);
        let key =
            |c: &Candidate| (c.to, c.origin, c.piece, c.variants.iter().map(|v| v.0).collect::<Vec<_>>());
        if expected.iter().map(key).ne(self.candidates.iter().map(key)) {
            return Err(CertificateError::CandidatesIncomplete);
        }
        for c in &self.candidates {
            for (captured, failure) in &c.variants {
                let Some(failure) = failure else {
                    return Err(CertificateError::Unrefuted(format!("{:?}", c.mv())));
                };
                if !failure_holds(pos, c, *captured, failure) {
                    let (failure, mv) = (failure.describe::<V>().to_string(), format!("{:?}", c.mv()));
                    return Err(CertificateError::FailureDoesNotHold(failure, mv));
                }
            }
        }
        Ok(())
    }
}

/// The position before candidate `c` with `captured`: `None` from off the board, from an occupied square, or
/// for a capture of a kind not in the mover's hand.
pub(crate) fn before_move<V: Variant>(
    pos: &Position<V>,
    c: &Candidate,
    captured: Option<Piece>,
) -> Option<Position<V>> {
    let y = c.piece.color();
    let mut before = *pos;
    match c.origin {
        Origin::OffBoard { .. } => return None,
        Origin::Drop => {
            before.set_cell(c.to, EMPTY);
            before.hand_mut(y)[c.piece.kind().index()] += 1;
        }
        Origin::Square { from, unpromotion } => {
            if pos.cell(from) != EMPTY {
                return None;
            }
            let placed = if unpromotion { c.piece.unpromote() } else { c.piece };
            before.set_cell(from, placed.code());
            before.set_cell(c.to, captured.map_or(EMPTY, |p| p.code()));
            if let Some(p) = captured {
                before.hand_mut(y)[p.kind().index()] = before.hand(y)[p.kind().index()].checked_sub(1)?;
            }
        }
    }
    before.set_side(y);
    Some(before)
}

/// Whether `failure` holds for candidate `c` with `captured`, by a direct test.
fn failure_holds<V: Variant>(
    pos: &Position<V>,
    c: &Candidate,
    captured: Option<Piece>,
    failure: &CandidateFailure,
) -> bool {
    let g = V::geometry();
    let y = c.piece.color();
    let from = match c.origin {
        Origin::Square { from, .. } => Some(from),
        _ => None,
    };
    let before = before_move(pos, c, captured);
    // A candidate that stands on the board must lead to `pos` by its move.
    if let (Some(b), Some(m)) = (before.as_ref(), c.mv()) {
        if rules::play(b, m) != *pos {
            return false;
        }
    }
    match failure {
        CandidateFailure::OffBoard => {
            matches!(c.origin, Origin::OffBoard { dir, .. } if g.nb[c.to][OPPOSITE[dir]] == OFF)
        }
        CandidateFailure::Occupied { square } => from == Some(*square) && pos.cell(*square) != EMPTY,
        CandidateFailure::OutsideZone => from.is_some_and(|f| !V::in_zone(f, y) && !V::in_zone(c.to, y)),
        CandidateFailure::Dead { square } => before.is_some_and(|b| {
            b.piece_at(*square).is_some_and(|p| !p.is_promoted() && V::is_dead(p.kind(), p.color(), *square))
        }),
        CandidateFailure::TwoPawns { square } => before.is_some_and(|b| {
            let pawns = |color| (0..g.h).filter(|r| b.cell(r * g.w + g.x(*square)) == color).count();
            pawns(Piece::unpromoted(Kind::Pawn, Color::Sente).code()) > 1
                || pawns(Piece::unpromoted(Kind::Pawn, Color::Gote).code()) > 1
        }),
        CandidateFailure::PawnDropMate => before.is_some_and(|b| {
            let mut legal = crate::board::moves::MoveList::new();
            rules::legal_moves(&b, &mut legal);
            c.piece.kind() == Kind::Pawn
                && !legal.iter().any(|&m| Some(m) == c.mv())
                && rules::in_check(pos, y.opponent())
        }),
        CandidateFailure::KingInCheck { attackers } => before.is_some_and(|b| {
            let king = b.king(y.opponent());
            rules::in_check(&b, y.opponent())
                && !attackers.is_empty()
                && attackers.iter().all(|&a| {
                    b.piece_at(a).is_some_and(|p| p.color() == y && piece_attacks(&b, p.code(), a, king))
                })
        }),
    }
}

/// A line of positions back from a position, each with the move from it to the one before (`None` for the
/// first, the position itself).
pub type Line<V> = Vec<(Position<V>, Option<Move>)>;

/// One position of the backward search's tree.
#[derive(Clone, Debug)]
pub struct TreeNode<V: Variant> {
    /// The position.
    pub pos: Position<V>,
    /// The node it was first generated from, and the move from this position to that one.
    pub parent: Option<(usize, Move)>,
    /// Its depth: plies back from the root.
    pub depth: u32,
    /// Every predecessor: the move from it to this position and its node.
    pub predecessors: Vec<(Move, usize)>,
    /// For a position without predecessors: why.
    pub leaf: Option<PrevCertificate>,
}

/// The `reach` certificate: every position the backward search can reach, none a KK position.
#[derive(Clone, Debug)]
pub struct ReachTree<V: Variant> {
    /// The positions, the root first.
    pub nodes: Vec<TreeNode<V>>,
}

/// Why a tree could not be built.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TreeError {
    /// A KK position is reachable backwards: the position is reachable.
    Reachable,
    /// More positions than asked for.
    TooLarge {
        /// The limit.
        limit: usize,
    },
}

/// The whole backward search from `root` as a tree of first discovery, up to `limit` positions.
pub(crate) fn reach_tree<V: Variant>(root: &Position<V>, limit: usize) -> Result<ReachTree<V>, TreeError> {
    let mut index = std::collections::HashMap::from([(*root, 0usize)]);
    let mut nodes =
        vec![TreeNode { pos: *root, parent: None, depth: 0, predecessors: Vec::new(), leaf: None }];
    let mut preds: Vec<Predecessor<V>> = Vec::new();
    let mut i = 0;
    while i < nodes.len() {
        if heuristic(&nodes[i].pos) == 0 {
            return Err(TreeError::Reachable);
        }
        predecessors(&nodes[i].pos, &mut preds);
        for pred in &preds {
            let next = nodes.len();
            let j = *index.entry(pred.pos).or_insert(next);
            if j == next {
                if next >= limit {
                    return Err(TreeError::TooLarge { limit });
                }
                let depth = nodes[i].depth + 1;
                nodes.push(TreeNode {
                    pos: pred.pos,
                    parent: Some((i, pred.mv)),
                    depth,
                    predecessors: Vec::new(),
                    leaf: None,
                });
            }
            nodes[i].predecessors.push((pred.mv, j));
        }
        if preds.is_empty() {
            nodes[i].leaf = prev_certificate(&nodes[i].pos);
        }
        i += 1;
    }
    Ok(ReachTree { nodes })
}

impl<V: Variant> ReachTree<V> {
    /// The deepest depth of any position.
    pub fn depth(&self) -> u32 {
        self.nodes.iter().map(|n| n.depth).max().unwrap_or(0)
    }

    /// The positions from a deepest one back up to the root, with the moves forward between them.
    pub fn deepest_line(&self) -> Line<V> {
        let mut i =
            (0..self.nodes.len()).max_by_key(|&i| (self.nodes[i].depth, std::cmp::Reverse(i))).unwrap_or(0);
        let mut line = Vec::new();
        loop {
            let node = &self.nodes[i];
            line.push((node.pos, node.parent.map(|(_, m)| m)));
            match node.parent {
                Some((p, _)) => i = p,
                None => return line,
            }
        }
    }

    /// Checks the tree: it starts at `root`, every position's predecessors are exactly Prev1's and in the
    /// tree, none is a KK position, and every leaf's certificate verifies.
    pub fn verify(&self, root: &Position<V>) -> Result<(), CertificateError> {
        if self.nodes.first().map(|n| n.pos) != Some(*root) {
            return Err(CertificateError::TreeRoot);
        }
        let mut preds: Vec<Predecessor<V>> = Vec::new();
        for (i, node) in self.nodes.iter().enumerate() {
            if heuristic(&node.pos) == 0 {
                return Err(CertificateError::KkInTree(i));
            }
            predecessors(&node.pos, &mut preds);
            let listed = node.predecessors.iter().map(|&(m, j)| self.nodes.get(j).map(|n| (m, n.pos)));
            if listed.ne(preds.iter().map(|p| Some((p.mv, p.pos)))) {
                return Err(CertificateError::NotPrev1(i));
            }
            if let Some(&(p, m)) = node.parent.as_ref() {
                if !self.nodes[p].predecessors.contains(&(m, i)) || self.nodes[p].depth + 1 != node.depth {
                    return Err(CertificateError::NotAPredecessor(i));
                }
            }
            match (&node.leaf, preds.is_empty()) {
                (Some(cert), true) => cert.verify(&node.pos)?,
                (None, false) => {}
                _ => return Err(CertificateError::BadLeaf(i)),
            }
        }
        Ok(())
    }
}
