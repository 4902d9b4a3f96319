//! The cause of an unreachable verdict as a player would say it: one sentence naming the pieces and
//! squares, and the squares to mark on the board. The editor's diagnostics, `explain` (text and JSON),
//! Python and the page's answer all take their sentence and squares from here.
//!
//! A cause is derived from the same facts the stage tests, never guessed: a `prev` cause names a double
//! check only when no single last move can give it (no checker can have come from a square on the
//! other's line), and a check "from nowhere" only when no other last move can have uncovered it; any other
//! position without a legal last move says that every candidate fails, with the certificate's groups.

use crate::board::color::Color;
use crate::board::piece::{Kind, Piece};
use crate::board::position::Position;
use crate::board::start::Start;
use crate::board::variant::Variant;
use crate::reach::prove::{Proof, ProofJson};
use crate::reach::stage::Stage;
use crate::rules;
use crate::why::certificate::{before_move, prev_certificate, Origin, PrevCertificate};
use crate::why::summary::join_english as join;
use serde::Serialize;

/// Why a position is unreachable, in terms a player uses.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Cause {
    /// `count`: pieces of these kinds are neither on the board nor in a hand (kind, how many).
    Missing {
        /// Each kind missing and how many of it.
        pieces: Vec<(Kind, u32)>,
        /// The handicaps whose games hold exactly these pieces (a handicap game's position asked about from
        /// the initial position).
        handicaps: Vec<&'static str>,
    },
    /// `count` from a handicap start: the pieces are not the start's.
    NotStartMaterial {
        /// The start's `手合割` name.
        start: &'static str,
        /// Each kind the position has more of than the start, and how many more.
        extra: Vec<(Kind, u32)>,
        /// Each kind it has fewer of, and how many fewer.
        missing: Vec<(Kind, u32)>,
    },
    /// `piece`: two or more unpromoted pawns of `side` on one file (二歩).
    TwoPawns {
        /// Whose pawns.
        side: Color,
        /// The pawns' squares.
        squares: Vec<usize>,
    },
    /// `piece`: an unpromoted pawn, lance or knight where it could never move again.
    DeadPiece {
        /// The piece.
        piece: Piece,
        /// Its square.
        square: usize,
    },
    /// `king`: the side not to move is in check from these pieces.
    WaitingInCheck {
        /// The side in check (not to move).
        side: Color,
        /// Its king's square.
        king: usize,
        /// The checking pieces and their squares.
        checkers: Vec<(usize, Piece)>,
    },
    /// `prev`: the side to move is in check from two pieces, and no single last move gives both checks.
    DoubleCheck {
        /// The side in check (to move).
        side: Color,
        /// Its king's square.
        king: usize,
        /// The checking pieces and their squares.
        checkers: Vec<(usize, Piece)>,
    },
    /// `prev`: the side to move is in check from one piece that could not have moved or been dropped
    /// there, and no other last move uncovers its check.
    CheckFromNowhere {
        /// The side in check (to move).
        side: Color,
        /// Its king's square.
        king: usize,
        /// The checking piece and its square.
        checker: (usize, Piece),
    },
    /// `prev`: every candidate last move of `last_mover` fails, for the reasons of the certificate's groups.
    NoLastMove {
        /// The side that moved last.
        last_mover: Color,
        /// How many candidate last moves fail.
        candidates: usize,
    },
    /// `reach`: the backward search traced every position back and found no KK position.
    Exhausted {
        /// The positions the search generated.
        positions: u64,
        /// The most plies it traced back.
        depth: u32,
    },
}

impl Cause {
    /// The name of the cause in JSON and for translations.
    pub const fn name(&self) -> &'static str {
        match self {
            Cause::Missing { .. } => "missing",
            Cause::NotStartMaterial { .. } => "start-material",
            Cause::TwoPawns { .. } => "two-pawns",
            Cause::DeadPiece { .. } => "dead-piece",
            Cause::WaitingInCheck { .. } => "waiting-in-check",
            Cause::DoubleCheck { .. } => "double-check",
            Cause::CheckFromNowhere { .. } => "check-from-nowhere",
            Cause::NoLastMove { .. } => "no-last-move",
            Cause::Exhausted { .. } => "exhausted",
        }
    }

    /// The stage the cause fails.
    pub const fn stage(&self) -> Stage {
        match self {
            Cause::Missing { .. } | Cause::NotStartMaterial { .. } => Stage::Count,
            Cause::TwoPawns { .. } | Cause::DeadPiece { .. } => Stage::Piece,
            Cause::WaitingInCheck { .. } => Stage::King,
            Cause::DoubleCheck { .. } | Cause::CheckFromNowhere { .. } | Cause::NoLastMove { .. } => {
                Stage::Prev
            }
            Cause::Exhausted { .. } => Stage::Reach,
        }
    }

    /// The squares to mark on the board: the king first where a king is in check, then the pieces named.
    pub fn squares(&self) -> Vec<usize> {
        match self {
            Cause::TwoPawns { squares, .. } => squares.clone(),
            Cause::DeadPiece { square, .. } => vec![*square],
            Cause::WaitingInCheck { king, checkers, .. } | Cause::DoubleCheck { king, checkers, .. } => {
                std::iter::once(*king).chain(checkers.iter().map(|c| c.0)).collect()
            }
            Cause::CheckFromNowhere { king, checker, .. } => vec![*king, checker.0],
            Cause::Missing { .. }
            | Cause::NotStartMaterial { .. }
            | Cause::NoLastMove { .. }
            | Cause::Exhausted { .. } => Vec::new(),
        }
    }

    /// The cause in one English sentence, squares in USI (`5e`).
    pub fn text<V: Variant>(&self) -> String {
        let at = |sq: &usize| V::geometry().square_name(*sq);
        let named = |(sq, p): &(usize, Piece)| format!("{}'s {} on {}", p.color(), english(*p), at(sq));
        match self {
            Cause::Missing { pieces, handicaps } => missing::<V>(pieces, handicaps),
            Cause::NotStartMaterial { start, extra, missing } => not_start_material(start, extra, missing),
            Cause::TwoPawns { side, squares } => {
                let file = V::geometry().w - V::geometry().x(squares[0]);
                let list: Vec<String> = squares.iter().map(at).collect();
                format!(
                    "{side} has {} unpromoted pawns on file {file} ({}), which the rules never allow (nifu).",
                    number_word(squares.len()),
                    join(&list)
                )
            }
            Cause::DeadPiece { piece, square } => format!(
                "{}'s {} on {} could never move again, so no game puts it there.",
                piece.color(),
                english(*piece),
                at(square)
            ),
            Cause::WaitingInCheck { side, king, checkers } => format!(
                "{side}'s king on {} is in check from {}, but it is {}'s move: {side} would have left its king in check.",
                at(king),
                join(&checkers.iter().map(named).collect::<Vec<_>>()),
                side.opponent()
            ),
            Cause::DoubleCheck { side, king, checkers } => format!(
                "{side}'s king on {} is in double check from {}, which no single last move of {}'s can give.",
                at(king),
                join(&checkers.iter().map(named).collect::<Vec<_>>()),
                side.opponent()
            ),
            Cause::CheckFromNowhere { side, king, checker } => format!(
                "{side}'s king on {} is in check from {}, which could not have moved or been dropped there by a \
                 legal last move, and no other last move of {}'s uncovers the check.",
                at(king),
                named(checker),
                side.opponent()
            ),
            Cause::NoLastMove { last_mover, candidates } => format!(
                "Every last move {last_mover} could have made fails: {} candidate{}, each refuted below.",
                candidates,
                if *candidates == 1 { "" } else { "s" }
            ),
            Cause::Exhausted { positions, depth } => format!(
                "Every position this one could have come from was traced back ({positions} position{}, up to {depth} \
                 {} back), and none is a position with only the two kings on the board: no game from the start \
                 leads here.",
                if *positions == 1 { "" } else { "s" },
                if *depth == 1 { "ply" } else { "plies" }
            ),
        }
    }

    /// The cause as JSON, with its sentence and squares.
    pub fn to_json<V: Variant>(&self) -> CauseJson {
        let sq = |s: usize| V::geometry().square_name(s);
        let piece =
            |&(s, p): &(usize, Piece)| CausePieceJson { count: None, piece: p.sfen(), square: Some(sq(s)) };
        let counts = |pieces: &[(Kind, u32)]| -> Vec<CausePieceJson> {
            pieces
                .iter()
                .map(|&(k, n)| CausePieceJson { count: Some(n), piece: k.letter().to_string(), square: None })
                .collect()
        };
        let squares = self.squares().into_iter().map(sq).collect();
        let mut out =
            CauseJson { kind: self.name(), squares, text: self.text::<V>(), ..CauseJson::default() };
        match self {
            Cause::Missing { pieces, handicaps } => {
                out.pieces = counts(pieces);
                out.handicaps = handicaps.iter().map(|h| h.to_string()).collect();
            }
            Cause::NotStartMaterial { start, extra, missing } => {
                out.start = Some(start.to_string());
                out.extra = counts(extra);
                out.pieces = counts(missing);
            }
            Cause::TwoPawns { side, squares } => {
                out.side = Some(side.to_string());
                out.file = Some(V::geometry().w - V::geometry().x(squares[0]));
                let pawn = Piece::unpromoted(Kind::Pawn, *side);
                out.pieces = squares.iter().map(|&s| piece(&(s, pawn))).collect();
            }
            Cause::DeadPiece { piece: p, square } => {
                out.side = Some(p.color().to_string());
                out.pieces = vec![piece(&(*square, *p))];
            }
            Cause::WaitingInCheck { side, checkers, .. } | Cause::DoubleCheck { side, checkers, .. } => {
                out.side = Some(side.to_string());
                out.pieces = checkers.iter().map(piece).collect();
            }
            Cause::CheckFromNowhere { side, checker, .. } => {
                out.side = Some(side.to_string());
                out.pieces = vec![piece(checker)];
            }
            Cause::NoLastMove { last_mover, candidates } => {
                out.side = Some(last_mover.to_string());
                out.candidates = Some(*candidates);
            }
            Cause::Exhausted { positions, depth } => {
                out.positions = Some(*positions);
                out.depth = Some(*depth);
            }
        }
        out
    }
}

/// A cause as JSON: `kind`, the sentence and the squares to mark, and the facts a page needs to say it in
/// its own language. (Fields in the order of their names, as a JSON map keeps them.)
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Default)]
pub struct CauseJson {
    /// `no-last-move`: how many candidate last moves fail.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub candidates: Option<usize>,
    /// `exhausted`: the most plies traced back.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub depth: Option<u32>,
    /// `missing`: the handicaps whose games hold exactly the position's pieces.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub handicaps: Vec<String>,
    /// `start-material`: the kinds the position has more of than its start, with how many more.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub extra: Vec<CausePieceJson>,
    /// `two-pawns`: the file (1 = the rightmost, as players number files).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub file: Option<usize>,
    /// The cause's name ([`Cause::name`]).
    pub kind: &'static str,
    /// The pieces named: checkers, the dead piece, the pawns (with squares), or the kinds missing or (from
    /// a handicap start) fewer than the start's (with counts).
    pub pieces: Vec<CausePieceJson>,
    /// `exhausted`: the positions the search generated.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub positions: Option<u64>,
    /// The side concerned: whose king is in check, whose pawns or piece, or (`no-last-move`) the last mover.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub side: Option<String>,
    /// The squares to mark (USI), the king first where one is in check.
    pub squares: Vec<String>,
    /// `start-material`: the start's `手合割` name.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub start: Option<String>,
    /// The sentence in English.
    pub text: String,
}

/// A piece a cause names: its SFEN letter, with its square, or (pieces missing or extra) with a count.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct CausePieceJson {
    /// How many are missing (or extra).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub count: Option<u32>,
    /// The piece (SFEN: `n` a Gote knight, `+R` a Sente dragon; a kind's letter for pieces missing).
    pub piece: String,
    /// Its square (USI).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub square: Option<String>,
}

/// Why `proof`'s position is unreachable from `start`: the causes of the stage that decided (none unless
/// unreachable).
pub fn proof_causes<V: Variant>(proof: &Proof<V>, start: &Start<V>) -> Vec<Cause> {
    let pos = &proof.position;
    match proof.stage {
        Stage::Count | Stage::Piece | Stage::King => {
            setup_causes(pos, start).into_iter().filter(|c| c.stage() == proof.stage).collect()
        }
        Stage::Prev => prev_certificate(pos).map(|cert| prev_cause(pos, &cert)).into_iter().collect(),
        Stage::Reach => {
            proof.search.iter().map(|s| Cause::Exhausted { positions: s.nodes, depth: s.max_depth }).collect()
        }
        _ => Vec::new(),
    }
}

/// A proof as JSON with the causes of an unreachable verdict (`shogi-reach prove --json`, Python's `prove`,
/// the page's verdict).
#[derive(Clone, Debug, Serialize)]
pub struct ProofWithCauses {
    /// Why the position is unreachable (empty unless it is).
    pub causes: Vec<CauseJson>,
    /// The proof.
    #[serde(flatten)]
    pub proof: ProofJson,
    /// The start's `手合割` name (`平手` for Shogi's initial position).
    pub start: &'static str,
}

impl ProofWithCauses {
    /// `proof` from `start` as JSON, with its causes.
    pub fn of<V: Variant>(proof: &Proof<V>, start: &Start<V>) -> ProofWithCauses {
        let causes = proof_causes(proof, start).iter().map(Cause::to_json::<V>).collect();
        ProofWithCauses { causes, proof: proof.to_json(), start: start.name() }
    }
}

/// The causes a position breaks before the `prev` stage, in pipeline order: pieces not the start's
/// (`count`), each file with two pawns and each dead piece (`piece`), the side not to move in check
/// (`king`).
pub fn setup_causes<V: Variant>(pos: &Position<V>, start: &Start<V>) -> Vec<Cause> {
    let mut causes = Vec::new();
    let (counts, want) = (pos.kind_counts(), start.material());
    let beyond = |more: &[u32; 8], less: &[u32; 8]| -> Vec<(Kind, u32)> {
        Kind::HAND_ORDER
            .iter()
            .filter(|k| V::KINDS.contains(k))
            .map(|&k| (k, more[k.index()].saturating_sub(less[k.index()])))
            .filter(|&(_, n)| n > 0)
            .collect()
    };
    let (extra, missing) = (beyond(&counts, &want), beyond(&want, &counts));
    match start.handicap() {
        Some(start) if !extra.is_empty() || !missing.is_empty() => {
            causes.push(Cause::NotStartMaterial { start, extra, missing })
        }
        None if !missing.is_empty() => {
            let handicaps =
                Start::<V>::all().iter().filter(|s| s.material() == counts).map(Start::name).collect();
            causes.push(Cause::Missing { pieces: missing, handicaps })
        }
        _ => {}
    }
    causes.extend(two_pawns(pos));
    causes.extend(dead_pieces(pos));
    let waiting = pos.side_to_move().opponent();
    let checkers = checkers(pos, waiting);
    if !checkers.is_empty() {
        causes.push(Cause::WaitingInCheck { side: waiting, king: pos.king(waiting), checkers });
    }
    causes
}

/// The cause of a position without a legal last move, whose certificate is `cert`.
pub fn prev_cause<V: Variant>(pos: &Position<V>, cert: &PrevCertificate) -> Cause {
    let side = pos.side_to_move();
    let king = pos.king(side);
    let checkers = checkers(pos, side);
    let on = |sq: usize| checkers.iter().any(|c| c.0 == sq);
    // Whether some last move of the pieces chosen by `moved` (a move from a square, without a capture:
    // a capture does not change the lines to the king) leaves the king out of check before it.
    let uncovers = |moved: &dyn Fn(usize) -> bool| {
        cert.candidates
            .iter()
            .filter(|c| moved(c.to) && matches!(c.origin, Origin::Square { .. }))
            .any(|c| before_move(pos, c, None).is_some_and(|before| !rules::in_check(&before, side)))
    };
    match checkers.len() {
        2.. if !uncovers(&on) => Cause::DoubleCheck { side, king, checkers },
        1 if !uncovers(&|sq| !on(sq)) => Cause::CheckFromNowhere { side, king, checker: checkers[0] },
        _ => Cause::NoLastMove { last_mover: cert.last_mover, candidates: cert.candidates.len() },
    }
}

/// The pieces of `side`'s opponent giving check to `side`'s king, in square order.
fn checkers<V: Variant>(pos: &Position<V>, side: Color) -> Vec<(usize, Piece)> {
    let (n, squares) = rules::attackers(pos, pos.king(side), side.opponent());
    let mut found: Vec<(usize, Piece)> = squares[..n]
        .iter()
        .map(|&sq| (sq as usize, pos.piece_at(sq as usize).expect("an attacker")))
        .collect();
    found.sort_unstable_by_key(|&(sq, _)| sq);
    found
}

/// Each file with two or more unpromoted pawns of one side: Sente's files first, right to left.
fn two_pawns<V: Variant>(pos: &Position<V>) -> Vec<Cause> {
    let g = V::geometry();
    let mut causes = Vec::new();
    for side in Color::BOTH {
        let pawn = Piece::unpromoted(Kind::Pawn, side);
        for x in (0..g.w).rev() {
            let squares: Vec<usize> =
                (0..g.h).map(|y| y * g.w + x).filter(|&s| pos.piece_at(s) == Some(pawn)).collect();
            if squares.len() > 1 {
                causes.push(Cause::TwoPawns { side, squares });
            }
        }
    }
    causes
}

/// Each unpromoted pawn, lance or knight that could never move again, in square order.
fn dead_pieces<V: Variant>(pos: &Position<V>) -> Vec<Cause> {
    (0..V::squares())
        .filter_map(|sq| pos.piece_at(sq).map(|p| (sq, p)))
        .filter(|&(sq, p)| !p.is_promoted() && V::is_dead(p.kind(), p.color(), sq))
        .map(|(square, piece)| Cause::DeadPiece { piece, square })
        .collect()
}

/// A piece's English name (`knight`, `dragon`, `promoted silver`).
fn english(piece: Piece) -> &'static str {
    match (piece.kind(), piece.is_promoted()) {
        (Kind::King, _) => "king",
        (Kind::Rook, false) => "rook",
        (Kind::Rook, true) => "dragon",
        (Kind::Bishop, false) => "bishop",
        (Kind::Bishop, true) => "horse",
        (Kind::Gold, _) => "gold",
        (Kind::Silver, false) => "silver",
        (Kind::Silver, true) => "promoted silver",
        (Kind::Knight, false) => "knight",
        (Kind::Knight, true) => "promoted knight",
        (Kind::Lance, false) => "lance",
        (Kind::Lance, true) => "promoted lance",
        (Kind::Pawn, false) => "pawn",
        (Kind::Pawn, true) => "tokin",
    }
}

/// The sentence of [`Cause::Missing`].
fn missing<V: Variant>(pieces: &[(Kind, u32)], handicaps: &[&str]) -> String {
    let total: u32 = V::TOTAL.iter().map(|&n| n as u32).sum();
    let mut text = format!(
        "Pieces are missing: {}. Every reachable position has all {total} pieces on the board or in hand.",
        counted_list(pieces)
    );
    if !handicaps.is_empty() {
        let games = handicaps.join(" or ");
        text += &format!(" These are the pieces of a {games} game: prove it from that handicap's start.");
    }
    text
}

/// The sentence of [`Cause::NotStartMaterial`].
fn not_start_material(start: &str, extra: &[(Kind, u32)], missing: &[(Kind, u32)]) -> String {
    let parts: Vec<String> = [(extra, "more"), (missing, "fewer")]
        .into_iter()
        .filter(|(pieces, _)| !pieces.is_empty())
        .map(|(pieces, word)| format!("{} {word}", counted_list(pieces)))
        .collect();
    format!(
        "This position has {} than a game from the {start} start, which never gains or loses a piece.",
        join(&parts)
    )
}

/// `1 rook and 2 bishops`: kinds with their counts, in a sentence.
fn counted_list(pieces: &[(Kind, u32)]) -> String {
    join(&pieces.iter().map(|&(k, n)| counted(n, k)).collect::<Vec<_>>())
}

/// `1 bishop`, `2 pawns`, `2 golds`.
fn counted(n: u32, kind: Kind) -> String {
    let name = english(Piece::unpromoted(kind, Color::Sente));
    format!("{n} {name}{}", if n == 1 { "" } else { "s" })
}

fn number_word(n: usize) -> String {
    match n {
        2 => "two".into(),
        3 => "three".into(),
        n => n.to_string(),
    }
}
