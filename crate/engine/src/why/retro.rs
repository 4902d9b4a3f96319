//! Taking moves back: every legal last move of a position (the exact Prev1), grouped by the move itself,
//! with the pieces it may have captured, for a retro explorer; and the one policy every front end follows:
//! a position no legal game holds has no legal last move to list ([`legal_last_moves`]).

use crate::board::moves::Move;
use crate::board::piece::{Kind, Piece};
use crate::board::position::Position;
use crate::board::start::Start;
use crate::board::variant::Variant;
use crate::reach::prev::{predecessors, Predecessor};
use crate::reach::stage::Stage;
use crate::records::{kif_move, notation};
use crate::why::cause::setup_causes;
use crate::why::diagnose::Issue;
use serde::Serialize;
use std::fmt;

/// A position no legal game holds (two pawns on a file, a piece that can never move, the side not to move
/// in check): every "last move" to it would be an illegal move too.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct IllegalPosition {
    /// The rules of the `piece` and `king` stages it breaks.
    pub issues: Vec<Issue>,
}

impl fmt::Display for IllegalPosition {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let broken: Vec<String> =
            self.issues.iter().map(|i| format!("{} ({})", i.message, i.rule.name())).collect();
        write!(f, "not a legal position, so no legal move leads to it: {}", broken.join("; "))
    }
}

impl std::error::Error for IllegalPosition {}

/// The legal last moves of `pos` that `filter` keeps ([`last_moves`]), or, for a position no legal game
/// holds, why: the policy of the command line, Python and the page alike.
pub fn legal_last_moves<V: Variant>(
    pos: &Position<V>,
    filter: Filter,
) -> Result<Vec<LastMove<V>>, IllegalPosition> {
    // The piece and king stages' causes: what no game allows, from any start (no search is needed).
    let issues: Vec<Issue> = setup_causes(pos, &Start::initial())
        .iter()
        .filter(|c| matches!(c.stage(), Stage::Piece | Stage::King))
        .map(Issue::of::<V>)
        .collect();
    match issues.is_empty() {
        true => Ok(last_moves(pos, filter)),
        false => Err(IllegalPosition { issues }),
    }
}

/// One last move (an un-move, un-promotion or un-drop) and every predecessor it comes from: without a
/// capture, and with each piece it may have captured.
#[derive(Clone, Debug)]
pub struct LastMove<V: Variant> {
    /// The move, from the predecessor's side.
    pub mv: Move,
    /// The piece that moved, as it stood before the move.
    pub piece: Piece,
    /// The move in USI notation.
    pub usi: String,
    /// In Japanese notation as the JSA writes it (`☗７六歩`), and as KIF writes it, with the origin
    /// (`７六歩(77)`): several last moves of one piece to one square differ only there.
    pub japanese: String,
    /// The move as KIF writes it, with its origin.
    pub kif: String,
    /// The positions before the move, by what the move captured (`None`: nothing).
    pub before: Vec<(Option<Piece>, Position<V>)>,
}

/// Which last moves to list: those of a kind of piece, to or from a square.
#[derive(Clone, Copy, Debug, Default)]
pub struct Filter {
    /// Only the last moves of this kind of piece.
    pub kind: Option<Kind>,
    /// Only the last moves to or from this square.
    pub square: Option<usize>,
}

impl Filter {
    fn accepts<V: Variant>(&self, m: &LastMove<V>) -> bool {
        let touches = |sq: usize| match m.mv {
            Move::Board { from, to, .. } => from as usize == sq || to as usize == sq,
            Move::Drop { to, .. } => to as usize == sq,
        };
        self.kind.is_none_or(|k| m.piece.kind() == k) && self.square.is_none_or(touches)
    }
}

/// Every legal last move of `pos` that `filter` accepts, in Prev1's order of first appearance.
pub fn last_moves<V: Variant>(pos: &Position<V>, filter: Filter) -> Vec<LastMove<V>> {
    let mut preds: Vec<Predecessor<V>> = Vec::new();
    predecessors(pos, &mut preds);
    let mut moves: Vec<LastMove<V>> = Vec::new();
    for pred in &preds {
        let captured = match pred.mv {
            Move::Board { to, .. } => pred.pos.piece_at(to as usize),
            Move::Drop { .. } => None,
        };
        if let Some(group) = moves.iter_mut().find(|m| m.mv == pred.mv) {
            group.before.push((captured, pred.pos));
            continue;
        }
        let piece = notation::japanese::write::moving_piece(&pred.pos, pred.mv);
        moves.push(LastMove {
            mv: pred.mv,
            piece,
            usi: pred.mv.to_usi::<V>(),
            japanese: notation::japanese::write::japanese(&pred.pos, pred.mv, None),
            kif: kif_move(&pred.pos, pred.mv, None),
            before: vec![(captured, pred.pos)],
        });
    }
    moves.retain(|m| filter.accepts(m));
    moves
}

/// The number of predecessors the listed moves stand for.
pub fn predecessor_count<V: Variant>(moves: &[LastMove<V>]) -> usize {
    moves.iter().map(|m| m.before.len()).sum()
}

/// `p`, `+r`: the SFEN letter of a captured piece as its owner's (the side to move after the move).
fn captured_name(piece: Option<Piece>) -> String {
    piece.map_or_else(|| "-".to_string(), |p| p.sfen())
}

/// One line per last move: USI, Japanese, KIF, and what it may have captured (`-` for nothing).
pub fn last_moves_text<V: Variant>(moves: &[LastMove<V>]) -> String {
    let mut text = String::new();
    for m in moves {
        let captures: Vec<String> = m.before.iter().map(|(c, _)| captured_name(*c)).collect();
        text.push_str(&format!("{}\t{}\t{}\tcaptured: {}\n", m.usi, m.japanese, m.kif, captures.join(" ")));
    }
    text
}

/// The moves as JSON: each with its USI and Japanese text and the predecessors (captured piece, SFEN).
pub fn last_moves_json<V: Variant>(moves: &[LastMove<V>]) -> LastMovesJson {
    let last_moves = moves
        .iter()
        .map(|m| LastMoveJson {
            before: m
                .before
                .iter()
                .map(|(c, p)| BeforeJson { captured: c.map(|c| c.sfen()), sfen: p.to_sfen() })
                .collect(),
            japanese: m.japanese.clone(),
            kif: m.kif.clone(),
            piece: m.piece.sfen(),
            usi: m.usi.clone(),
        })
        .collect();
    LastMovesJson { last_moves, moves: moves.len(), predecessors: predecessor_count(moves) }
}

/// Every last move of a position as JSON. (Fields in the order of their names, as a JSON map keeps them.)
#[derive(Clone, Debug, Serialize)]
pub struct LastMovesJson {
    /// The last moves.
    pub last_moves: Vec<LastMoveJson>,
    /// How many last moves.
    pub moves: usize,
    /// How many predecessors in all.
    pub predecessors: usize,
}

/// One last move as JSON.
#[derive(Clone, Debug, Serialize)]
pub struct LastMoveJson {
    /// The positions before it, by what it captured.
    pub before: Vec<BeforeJson>,
    /// In Japanese notation.
    pub japanese: String,
    /// As KIF writes it, with its origin.
    pub kif: String,
    /// The piece that moved (SFEN letter).
    pub piece: String,
    /// In USI notation.
    pub usi: String,
}

/// A position before a last move as JSON.
#[derive(Clone, Debug, Serialize)]
pub struct BeforeJson {
    /// The piece the move captured (SFEN letter), or `null`.
    pub captured: Option<String>,
    /// The position, as SFEN.
    pub sfen: String,
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::variant::{MiniShogi, Shogi};
    use crate::rules;

    fn after<V: Variant>(usi: &[&str]) -> Position<V> {
        usi.iter()
            .fold(Position::<V>::startpos(), |p, m| rules::play(&p, rules::parse_legal_move(&p, m).unwrap()))
    }

    #[test]
    fn stepping_back_then_forward_returns_to_the_position() {
        let pos = after::<Shogi>(&["7g7f", "3c3d", "8h2b+", "3a2b"]);
        let moves = last_moves(&pos, Filter::default());
        assert!(moves.iter().any(|m| m.usi == "3a2b"));
        for m in &moves {
            for (_, before) in &m.before {
                assert_eq!(rules::play(before, m.mv), pos, "{} from {}", m.usi, before.to_sfen());
            }
        }
        let mut preds = Vec::new();
        predecessors(&pos, &mut preds);
        assert_eq!(predecessor_count(&moves), preds.len());
    }

    #[test]
    fn groups_un_captures_under_their_move_and_filters() {
        // Sente's rook takes a pawn, Gote's gold takes the rook: Gote holds a rook the gold may have taken.
        let pos = after::<MiniShogi>(&["1e1b", "2a1b"]);
        let all = last_moves(&pos, Filter::default());
        let capture = all.iter().find(|m| m.usi == "2a1b").unwrap();
        let captured: Vec<String> = capture.before.iter().map(|(c, _)| captured_name(*c)).collect();
        assert_eq!(captured, ["-", "R", "+R"]);
        let g = MiniShogi::geometry();
        let only = last_moves(&pos, Filter { kind: None, square: g.parse_square("1b") });
        assert!(!only.is_empty() && only.iter().all(|m| m.usi.contains("1b")));
        let golds = last_moves(&pos, Filter { kind: Some(Kind::Gold), square: None });
        assert!(!golds.is_empty() && golds.iter().all(|m| m.piece.kind() == Kind::Gold));
    }
}
