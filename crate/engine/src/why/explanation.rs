//! Why a position is unreachable, as a certificate checked before it is shown, in text and JSON.

use crate::board::moves::Move;
use crate::board::position::Position;
use crate::board::start::Start;
use crate::board::variant::Variant;
use crate::reach::prove::prove_from;
use crate::reach::search::{KkSearch, SearchOptions};
use crate::reach::stage::Stage;
use crate::records::notation;
use crate::why::cause::{prev_cause, Cause, CauseJson};
use crate::why::certificate::{
    reach_tree, Candidate, CertificateError, Line, PrevCertificate, ReachTree, TreeError,
};
use crate::why::diagnose::{diagnose_setup, Issue, Rule};
use crate::why::summary::{reason_groups, reason_phrase, summary_sentence};
use std::fmt::Write;

/// The most positions of a `reach` tree that are shown in full.
pub const TREE_LIMIT: usize = 20_000;

/// The explanation of one position's verdict.
#[derive(Clone, Debug)]
pub enum Explanation<V: Variant> {
    /// `count`, `piece` or `king`: the rules broken, with their squares.
    Rules {
        /// The stage: `count`, `piece` or `king`.
        stage: Stage,
        /// The rules broken.
        issues: Vec<Issue>,
    },
    /// `prev`: no legal last move, each candidate refuted, and the cause.
    Prev(PrevCertificate, Cause),
    /// The backward search is exhausted: its tree, or (too large to show) its size and depth; and a line
    /// from a deepest position up to the position (each position with the move from it).
    Reach {
        /// The positions the search generated.
        nodes: u64,
        /// The deepest depth among them.
        depth: u32,
        /// The whole tree, unless larger than [`TREE_LIMIT`].
        tree: Option<ReachTree<V>>,
        /// A line from a deepest position up to the position.
        deepest: Line<V>,
    },
    /// Not unreachable: `ok` or `unknown` (nothing to certify).
    NotUnreachable(Stage),
}

/// What went wrong explaining (a bug, were it ever to happen).
#[derive(Clone, Debug)]
pub enum ExplainError {
    /// A certificate that does not verify.
    Certificate(CertificateError),
    /// The tree and the search disagree.
    Disagreement(String),
}

impl std::fmt::Display for ExplainError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            ExplainError::Certificate(e) => e.fmt(f),
            ExplainError::Disagreement(what) => write!(f, "the certificate and the search disagree: {what}"),
        }
    }
}

impl std::error::Error for ExplainError {}

impl From<CertificateError> for ExplainError {
    fn from(e: CertificateError) -> Self {
        ExplainError::Certificate(e)
    }
}

/// Proves `pos` reachable or not from `start` and explains the verdict; every certificate is verified
/// before it is returned.
pub fn explain<V: Variant>(
    pos: &Position<V>,
    start: &Start<V>,
    search: &mut KkSearch<V>,
    options: SearchOptions,
) -> Result<Explanation<V>, ExplainError> {
    explain_up_to(pos, start, search, options, TREE_LIMIT)
}

/// [`explain`], showing `reach` trees of at most `tree_limit` positions.
pub fn explain_up_to<V: Variant>(
    pos: &Position<V>,
    start: &Start<V>,
    search: &mut KkSearch<V>,
    options: SearchOptions,
    tree_limit: usize,
) -> Result<Explanation<V>, ExplainError> {
    let proof = prove_from(pos, start, search, options);
    match proof.stage {
        Stage::Count | Stage::Flip | Stage::Piece | Stage::King => {
            let rule = Rule::Stage(proof.stage);
            let issues = diagnose_setup(&pos.to_setup(), start, search)
                .into_iter()
                .filter(|i| i.rule == rule)
                .collect();
            Ok(Explanation::Rules { stage: proof.stage, issues })
        }
        Stage::Prev => {
            let cert = crate::why::certificate::prev_certificate(pos)
                .ok_or_else(|| ExplainError::Disagreement("a candidate last move is legal".into()))?;
            cert.verify(pos)?;
            let cause = prev_cause(pos, &cert);
            Ok(Explanation::Prev(cert, cause))
        }
        Stage::Reach => {
            let outcome = proof.search.expect("the reach stage has a search");
            let tree = match reach_tree(pos, tree_limit) {
                Ok(tree) => Some(tree),
                Err(TreeError::TooLarge { .. }) => None,
                Err(TreeError::Reachable) => {
                    return Err(ExplainError::Disagreement("a KK position is reachable".into()))
                }
            };
            if let Some(tree) = &tree {
                tree.verify(pos)?;
                if tree.nodes.len() as u64 != outcome.nodes || tree.depth() != outcome.max_depth {
                    return Err(ExplainError::Disagreement(format!(
                        "{} positions {} deep, the search {} positions {} deep",
                        tree.nodes.len(),
                        tree.depth(),
                        outcome.nodes,
                        outcome.max_depth
                    )));
                }
            }
            let deepest = match &tree {
                Some(tree) => tree.deepest_line(),
                None => search_line(search, pos, outcome.max_depth)?,
            };
            Ok(Explanation::Reach { nodes: outcome.nodes, depth: outcome.max_depth, tree, deepest })
        }
        stage => Ok(Explanation::NotUnreachable(stage)),
    }
}

/// The search's line to a deepest position, as [`ReachTree::deepest_line`] gives it (from the deepest
/// position up to `root`), checked: each position leads to the next by its move.
fn search_line<V: Variant>(
    search: &KkSearch<V>,
    root: &Position<V>,
    depth: u32,
) -> Result<Line<V>, ExplainError> {
    let (path, moves) = search.deepest_line();
    let fine = path.first() == Some(root)
        && path.len() == depth as usize + 1
        && moves.iter().enumerate().all(|(i, &m)| crate::rules::play(&path[i + 1], m) == path[i]);
    if !fine {
        return Err(ExplainError::Disagreement("the search's deepest line does not replay".into()));
    }
    let mut line: Line<V> =
        path.iter().enumerate().map(|(i, p)| (*p, i.checked_sub(1).map(|j| moves[j]))).collect();
    line.reverse();
    Ok(line)
}

impl<V: Variant> Explanation<V> {
    /// The stage the explanation is of.
    pub fn stage(&self) -> Stage {
        match self {
            Explanation::Rules { stage, .. } => *stage,
            Explanation::Prev(..) => Stage::Prev,
            Explanation::Reach { .. } => Stage::Reach,
            Explanation::NotUnreachable(stage) => *stage,
        }
    }

    /// Why the position is unreachable, as a player would say it: a sentence each, with the squares to mark
    /// (none for a position that is not unreachable).
    pub fn causes(&self) -> Vec<CauseJson> {
        match self {
            Explanation::Rules { issues, .. } => issues.iter().filter_map(|i| i.cause.clone()).collect(),
            Explanation::Prev(_, cause) => vec![cause.to_json::<V>()],
            Explanation::Reach { nodes, depth, .. } => {
                vec![Cause::Exhausted { positions: *nodes, depth: *depth }.to_json::<V>()]
            }
            Explanation::NotUnreachable(_) => Vec::new(),
        }
    }

    /// The explanation as text for people: the causes first.
    pub fn to_text(&self) -> String {
        let mut s = format!("{}: {}\n", self.stage().name(), self.stage().describe());
        match self {
            Explanation::Rules { issues, .. } => {
                for i in issues {
                    let _ = writeln!(s, "- {} {}", i.message, i.squares.join(" "));
                }
            }
            Explanation::Prev(cert, cause) => {
                let _ = writeln!(s, "{}", cause.text::<V>());
                prev_text::<V>(&mut s, cert, "");
            }
            Explanation::Reach { nodes, depth, tree: Some(tree), .. } => {
                let _ = writeln!(s, "{}", Cause::Exhausted { positions: *nodes, depth: *depth }.text::<V>());
                let _ = writeln!(
                    s,
                    "The backward search is exhausted: {nodes} positions, at most {} back, no KK position among \
                     them. Each position lists every legal last move (← USI, Japanese); ⊥ marks positions no \
                     move leads to.",
                    plies(*depth)
                );
                tree_text(&mut s, tree);
            }
            Explanation::Reach { nodes, depth, tree: None, deepest } => {
                let _ = writeln!(s, "{}", Cause::Exhausted { positions: *nodes, depth: *depth }.text::<V>());
                let _ = writeln!(
                    s,
                    "The backward search is exhausted: {nodes} positions, at most {} back, no KK position among \
                     them (tree too large to show: {nodes} positions). A deepest line, from the position back:",
                    plies(*depth)
                );
                for (p, m) in deepest.iter().rev() {
                    let mv = m.map_or(String::new(), |m| format!("← {} ", m.to_usi::<V>()));
                    let _ = writeln!(s, "  {mv}{}", p.to_sfen());
                }
            }
            Explanation::NotUnreachable(_) => {}
        }
        s
    }
}

fn plies(n: u32) -> String {
    if n == 1 {
        "1 ply".into()
    } else {
        format!("{n} plies")
    }
}

/// A `prev` certificate, indented by `indent`: the summary sentence, then each group of reasons with its
/// count and its candidates one line each (variants with one reason together); those from off the board
/// only counted.
fn prev_text<V: Variant>(s: &mut String, cert: &PrevCertificate, indent: &str) {
    let _ = writeln!(s, "{indent}{}", summary_sentence(cert));
    let x = cert.last_mover.opponent();
    for group in reason_groups(cert) {
        let phrase = reason_phrase(group.reason, group.candidates.len(), x);
        if group.reason == "off-board" {
            let _ = writeln!(s, "{indent}{phrase} (not listed).");
            continue;
        }
        let _ = writeln!(s, "{indent}{phrase}:");
        for &i in &group.candidates {
            candidate_line::<V>(s, &cert.candidates[i], indent);
        }
    }
}

/// One candidate (from the board or a drop) and why it fails, with each capture where they differ.
fn candidate_line<V: Variant>(s: &mut String, c: &Candidate, indent: &str) {
    let Some(mv) = c.mv() else {
        let _ = writeln!(
            s,
            "{indent}- {} to {} from off the board",
            c.piece.sfen(),
            V::geometry().square_name(c.to)
        );
        return;
    };
    let mut reasons: Vec<(String, Vec<String>)> = Vec::new();
    for (captured, f) in &c.variants {
        let reason = f.as_ref().map_or("legal".into(), |f| f.describe::<V>());
        let what = captured.map_or("no capture".into(), |p| format!("capturing {}", p.sfen()));
        match reasons.iter_mut().find(|(r, _)| *r == reason) {
            Some((_, whats)) => whats.push(what),
            None => reasons.push((reason, vec![what])),
        }
    }
    let text: Vec<String> = match reasons.len() {
        1 if c.variants.len() > 1 => vec![format!("with or without a capture — {}", reasons[0].0)],
        1 => vec![reasons.remove(0).0],
        _ => reasons.into_iter().map(|(r, whats)| format!("{} — {r}", whats.join(", "))).collect(),
    };
    let _ = writeln!(s, "{indent}- {} {}: {}", c.piece.sfen(), mv.to_usi::<V>(), text.join("; "));
}

/// The tree depth first from the root: each node's new predecessors below it, indented by depth.
fn tree_text<V: Variant>(s: &mut String, tree: &ReachTree<V>) {
    let mut stack = vec![(0usize, None::<Move>)];
    while let Some((i, mv)) = stack.pop() {
        let node = &tree.nodes[i];
        let indent = "  ".repeat(node.depth as usize);
        let arrow = match (mv, node.parent) {
            (Some(m), Some((p, _))) => {
                format!("← {} {} ", m.to_usi::<V>(), notation::japanese::write::japanese(&node.pos, m, None))
                    + &format!("(to #{p}) ")
            }
            _ => String::new(),
        };
        let _ = writeln!(s, "{indent}#{i} {arrow}{}", node.pos.to_sfen());
        if let Some(cert) = &node.leaf {
            let _ = writeln!(s, "{indent}  ⊥ no legal last move. {}", summary_sentence(cert));
        }
        for &(m, j) in node.predecessors.iter().rev() {
            if tree.nodes[j].parent.is_some_and(|(p, _)| p == i) {
                stack.push((j, Some(m)));
            } else {
                let _ = writeln!(s, "{indent}  ← {} (#{j}, shown elsewhere)", m.to_usi::<V>());
            }
        }
    }
}
