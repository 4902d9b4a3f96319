//! An explanation as JSON (`shogi-reach explain --json`, the page's certificates). Fields are in the order
//! of their names, as a JSON map keeps them, so the text is the same however it is built.

use crate::board::moves::Move;
use crate::board::piece::Piece;
use crate::board::position::Position;
use crate::board::variant::Variant;
use crate::why::cause::CauseJson;
use crate::why::certificate::{Candidate, Origin, PrevCertificate, ReachTree};
use crate::why::diagnose::Issue;
use crate::why::explanation::Explanation;
use crate::why::summary::{reason_groups, ReasonGroup};
use serde::Serialize;

/// An explanation as JSON: the stage and verdict, and the parts its kind has.
#[derive(Clone, Debug, Serialize)]
pub struct ExplanationJson {
    /// Why the position is unreachable, a sentence each with the squares to mark (empty when it is not).
    pub causes: Vec<CauseJson>,
    /// `reach`: a line from a deepest position up to the position.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub deepest_line: Option<Vec<LineStepJson>>,
    /// `reach`: the deepest depth the search traced back.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub depth: Option<u32>,
    /// `count`, `piece`, `king`: the rules broken.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub issues: Option<Vec<Issue>>,
    /// `reach`: how many positions the search generated.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub positions: Option<u64>,
    /// `prev`: every candidate last move, refuted.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub prev: Option<PrevJson>,
    /// The stage.
    pub stage: &'static str,
    /// `reach`: the whole tree, or `null` when too large to show.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub tree: Option<Option<Vec<TreeNodeJson>>>,
    /// The stage's verdict.
    pub verdict: &'static str,
}

/// A `prev` certificate: the side that moved last and its candidate last moves.
#[derive(Clone, Debug, Serialize)]
pub struct PrevJson {
    /// Every candidate last move.
    pub candidates: Vec<CandidateJson>,
    /// The candidates grouped by reason (indices into `candidates`), largest group first: each candidate
    /// in exactly one group.
    pub groups: Vec<ReasonGroup>,
    /// The side that moved last.
    pub last_mover: String,
}

/// A candidate last move and why each of its variants fails.
#[derive(Clone, Debug, Serialize)]
pub struct CandidateJson {
    /// Whether it is a drop.
    pub drop: bool,
    /// The square it came from, `off-board`, or `null` for a drop.
    pub from: Option<String>,
    /// The piece (SFEN letter).
    pub piece: String,
    /// The square it moved to.
    pub to: String,
    /// Whether it promoted on the move.
    pub unpromotion: bool,
    /// The move in USI, `null` off the board.
    pub usi: Option<String>,
    /// Each thing it may have captured, with its failure.
    pub variants: Vec<VariantJson>,
}

/// A variant of a candidate: what it captured and why it fails (`null`: legal).
#[derive(Clone, Debug, Serialize)]
pub struct VariantJson {
    /// The captured piece (SFEN letter), or `null`.
    pub captured: Option<String>,
    /// The failure's name.
    pub failure: Option<&'static str>,
    /// The failure in words.
    pub reason: Option<String>,
}

/// A position of a line with the move from it.
#[derive(Clone, Debug, Serialize)]
pub struct LineStepJson {
    /// The position, as SFEN.
    pub sfen: String,
    /// The move from it, in USI.
    pub usi: Option<String>,
}

/// A node of a `reach` tree.
#[derive(Clone, Debug, Serialize)]
pub struct TreeNodeJson {
    /// Plies back from the root.
    pub depth: u32,
    /// For a position without predecessors: why.
    pub leaf: Option<PrevJson>,
    /// The node it was first generated from.
    pub parent: Option<usize>,
    /// Every predecessor: its node and the move from it.
    pub predecessors: Vec<TreeEdgeJson>,
    /// The position, as SFEN.
    pub sfen: String,
}

/// A predecessor in a `reach` tree.
#[derive(Clone, Debug, Serialize)]
pub struct TreeEdgeJson {
    /// The predecessor's node.
    pub node: usize,
    /// The move from it, in USI.
    pub usi: String,
}

fn square<V: Variant>(sq: usize) -> String {
    V::geometry().square_name(sq)
}

fn candidate_json<V: Variant>(c: &Candidate) -> CandidateJson {
    let (from, drop, unpromotion) = match c.origin {
        Origin::Drop => (None, true, false),
        Origin::OffBoard { unpromotion, .. } => (Some("off-board".to_string()), false, unpromotion),
        Origin::Square { from, unpromotion } => (Some(square::<V>(from)), false, unpromotion),
    };
    let variants = c
        .variants
        .iter()
        .map(|(captured, f)| VariantJson {
            captured: captured.map(Piece::sfen),
            failure: f.as_ref().map(|f| f.name()),
            reason: f.as_ref().map(|f| f.describe::<V>()),
        })
        .collect();
    CandidateJson {
        drop,
        from,
        piece: c.piece.sfen(),
        to: square::<V>(c.to),
        unpromotion,
        usi: c.mv().map(|m| m.to_usi::<V>()),
        variants,
    }
}

fn prev_json<V: Variant>(cert: &PrevCertificate) -> PrevJson {
    PrevJson {
        candidates: cert.candidates.iter().map(candidate_json::<V>).collect(),
        groups: reason_groups(cert),
        last_mover: cert.last_mover.to_string(),
    }
}

fn line_json<V: Variant>(line: &[(Position<V>, Option<Move>)]) -> Vec<LineStepJson> {
    line.iter().map(|(p, m)| LineStepJson { sfen: p.to_sfen(), usi: m.map(|m| m.to_usi::<V>()) }).collect()
}

fn tree_json<V: Variant>(tree: &ReachTree<V>) -> Vec<TreeNodeJson> {
    let node = |n: &crate::why::certificate::TreeNode<V>| TreeNodeJson {
        depth: n.depth,
        leaf: n.leaf.as_ref().map(prev_json::<V>),
        parent: n.parent.map(|(p, _)| p),
        predecessors: n
            .predecessors
            .iter()
            .map(|&(m, j)| TreeEdgeJson { node: j, usi: m.to_usi::<V>() })
            .collect(),
        sfen: n.pos.to_sfen(),
    };
    tree.nodes.iter().map(node).collect()
}

impl<V: Variant> Explanation<V> {
    /// The explanation as JSON.
    pub fn to_json(&self) -> ExplanationJson {
        let mut out = ExplanationJson {
            causes: self.causes(),
            deepest_line: None,
            depth: None,
            issues: None,
            positions: None,
            prev: None,
            stage: self.stage().name(),
            tree: None,
            verdict: self.stage().verdict().name(),
        };
        match self {
            Explanation::Rules { issues, .. } => out.issues = Some(issues.clone()),
            Explanation::Prev(cert, _) => out.prev = Some(prev_json::<V>(cert)),
            Explanation::Reach { nodes, depth, tree, deepest } => {
                out.positions = Some(*nodes);
                out.depth = Some(*depth);
                out.tree = Some(tree.as_ref().map(tree_json));
                out.deepest_line = Some(line_json(deepest));
            }
            Explanation::NotUnreachable(_) => {}
        }
        out
    }
}
