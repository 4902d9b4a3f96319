//! Unreachability certificates: for every unreachable oracle row the certificate is produced and verifies;
//! a `reach` tree has the search's size and depth (the reference's) and leaves without predecessors; a
//! position for each `prev` reason; tampered certificates do not verify.

use crate::common::oracle;
use shogi_reach_engine::board::start::Start;
use shogi_reach_engine::ranking::rank::{unrank, RankInt};
use shogi_reach_engine::reach::prev::predecessors;
use shogi_reach_engine::reach::search::{KkSearch, SearchOptions};
use shogi_reach_engine::why::certificate::{prev_certificate, CandidateFailure, Origin};
use shogi_reach_engine::why::explanation::{explain, Explanation};
use shogi_reach_engine::{MiniShogi, Position, Ranked, Shogi, Variant};
use std::collections::BTreeSet;

/// Checks every `prev` and `reach` row of `file`; returns their numbers and adds the names of the failures
/// met to `seen`.
fn check_file<V: Ranked>(file: &str, seen: &mut BTreeSet<&'static str>) -> (usize, usize) {
    let mut search = KkSearch::<V>::new();
    let (mut prev, mut reach) = (0, 0);
    for row in oracle(file) {
        let stage = row.get("stage");
        if !matches!(stage, "prev" | "reach") {
            continue;
        }
        let ctx = format!("{file}:{}", row.line);
        let pos = unrank::<V>(V::Rank::parse_decimal(row.get("rank")).unwrap()).unwrap();
        let explanation = explain(&pos, &Start::initial(), &mut search, SearchOptions::default())
            .unwrap_or_else(|e| panic!("{ctx}: {e}"));
        match explanation {
            Explanation::Prev(cert, _) => {
                assert_eq!(stage, "prev", "{ctx}");
                cert.verify(&pos).unwrap();
                seen.extend(cert.candidates.iter().flat_map(|c| {
                    c.variants.iter().filter_map(|(_, f)| f.as_ref().map(CandidateFailure::name))
                }));
                prev += 1;
            }
            Explanation::Reach { nodes, depth, tree: Some(tree), deepest } => {
                assert_eq!(deepest.len() as u32, depth + 1, "{ctx}: the deepest line");
                assert_eq!(stage, "reach", "{ctx}");
                assert_eq!(nodes.to_string(), row.get("search_nodes"), "{ctx}: the reference's node count");
                assert_eq!(format!("maxdepth={depth}"), row.get("goal_fen"), "{ctx}: depth");
                assert_eq!(tree.nodes.len() as u64, nodes, "{ctx}: tree size");
                tree.verify(&pos).unwrap();
                let mut preds = Vec::new();
                for node in tree.nodes.iter().filter(|n| n.predecessors.is_empty()) {
                    predecessors(&node.pos, &mut preds);
                    assert!(preds.is_empty() && node.leaf.is_some(), "{ctx}: a leaf with predecessors");
                }
                reach += 1;
            }
            other => panic!("{ctx}: {stage} explained as {}", other.stage()),
        }
    }
    (prev, reach)
}

#[test]
fn every_unreachable_mini_shogi_row_has_a_verified_certificate() {
    let mut seen = BTreeSet::new();
    assert_eq!(check_file::<MiniShogi>("minishogi-sample.tsv", &mut seen), (712, 1));
    assert_eq!(check_file::<MiniShogi>("minishogi-extras.tsv", &mut seen), (2000, 79));
    let all = [
        "off-board",
        "occupied",
        "outside-zone",
        "dead-piece",
        "two-pawns",
        "pawn-drop-mate",
        "king-in-check",
    ];
    assert_eq!(seen, BTreeSet::from(all), "every kind of failure is met");
}

#[test]
fn every_unreachable_shogi_row_has_a_verified_certificate() {
    let mut seen = BTreeSet::new();
    assert_eq!(check_file::<Shogi>("shogi-sample.tsv", &mut seen), (29, 0));
    assert_eq!(check_file::<Shogi>("shogi-extras.tsv", &mut seen), (300, 51));
}

/// The failures of the candidates of `sfen`'s certificate.
fn failures<V: Variant>(sfen: &str) -> Vec<CandidateFailure> {
    let pos = Position::<V>::from_sfen(sfen).unwrap();
    let cert = prev_certificate(&pos).expect("no legal last move");
    cert.verify(&pos).unwrap();
    cert.candidates.iter().flat_map(|c| c.variants.iter().filter_map(|(_, f)| f.clone())).collect()
}

#[test]
fn each_prev_reason_has_a_position() {
    let has = |fs: &[CandidateFailure], want: fn(&CandidateFailure) -> bool| fs.iter().any(want);
    // Two Gote pieces check Sente's king at once: no single Gote move gives both checks.
    let double_check = failures::<MiniShogi>("2g1g/1k+b2/1+s1+p1/1+PK+RB/+r4 b s 1");
    assert!(has(
        &double_check,
        |f| matches!(f, CandidateFailure::KingInCheck { attackers } if attackers.len() == 2)
    ));
    assert!(has(&double_check, |f| matches!(f, CandidateFailure::Occupied { .. })));
    assert!(has(&double_check, |f| *f == CandidateFailure::OffBoard));
    // Gote's king is mated by a pawn on 1b that cannot have stepped there (1c is taken): a pawn-drop mate.
    let pawn_mate = failures::<MiniShogi>("3rk/4P/3GS/5/K4 w RBBSGp 1");
    assert!(has(&pawn_mate, |f| *f == CandidateFailure::PawnDropMate));
    // From the oracle's extras: Gote's promoted rook on 1b cannot have promoted moving 2b1b (Gote's zone is
    // rank e), and Gote's gold cannot have taken a Sente pawn on 1a (it could never have moved from there).
    let zone = failures::<MiniShogi>("K1G1g/rbB1+r/+S3p/5/1sk2 b p 1");
    assert!(has(&zone, |f| *f == CandidateFailure::OutsideZone));
    assert!(has(&zone, |f| matches!(f, CandidateFailure::Dead { .. })));
    // Gote's gold cannot have taken a Sente pawn on 4c: Sente has a pawn on that file.
    let pawns = failures::<MiniShogi>("4G/1PB1+b/rgs1+R/K1k2/+s4 b p 1");
    assert!(has(&pawns, |f| matches!(f, CandidateFailure::TwoPawns { .. })));
}

#[test]
fn a_tampered_certificate_does_not_verify() {
    let pos = Position::<MiniShogi>::from_sfen("2g1g/1k+b2/1+s1+p1/1+PK+RB/+r4 b s 1").unwrap();
    let cert = prev_certificate(&pos).unwrap();
    let mut fewer = cert.clone();
    fewer.candidates.pop();
    assert!(fewer.verify(&pos).is_err(), "a candidate left out");
    let i = cert.candidates.iter().position(|c| matches!(c.origin, Origin::Square { .. })).unwrap();
    let mut wrong = cert.clone();
    wrong.candidates[i].variants[0].1 = Some(CandidateFailure::OffBoard);
    assert!(wrong.verify(&pos).is_err(), "a reason that does not hold");
    let mut blamed = cert.clone();
    let check = blamed.candidates.iter_mut().flat_map(|c| c.variants.iter_mut()).find_map(|(_, f)| match f {
        Some(CandidateFailure::KingInCheck { attackers }) => Some(attackers),
        _ => None,
    });
    *check.unwrap() = vec![0];
    assert!(blamed.verify(&pos).is_err(), "a square that does not attack the king");
    let mut legal = cert;
    legal.candidates[i].variants[0].1 = None;
    assert!(legal.verify(&pos).is_err(), "a candidate claimed legal");

    let reach = Position::<MiniShogi>::from_sfen("+p+P2G/k4/2+SS+R/1K2+B/1B3 b Rg 1").unwrap();
    let Explanation::Reach { tree: Some(tree), .. } =
        explain(&reach, &Start::initial(), &mut KkSearch::new(), SearchOptions::default()).unwrap()
    else {
        panic!("a reach position")
    };
    let mut pruned = tree.clone();
    pruned.nodes[0].predecessors.pop();
    assert!(pruned.verify(&reach).is_err(), "a predecessor left out");
    let mut cut = tree;
    cut.nodes[1].leaf = None;
    assert!(cut.verify(&reach).is_err(), "a leaf without its certificate");
}

#[test]
fn a_tree_too_large_to_show_still_gives_a_deepest_line() {
    use shogi_reach_engine::why::explanation::explain_up_to;
    let pos = Position::<MiniShogi>::from_sfen("+p+P2G/k4/2+SS+R/1K2+B/1B3 b Rg 1").unwrap();
    let small =
        explain_up_to(&pos, &Start::initial(), &mut KkSearch::new(), SearchOptions::default(), 2).unwrap();
    let Explanation::Reach { nodes: 3, depth: 1, tree: None, deepest } = &small else { panic!("{small:?}") };
    assert_eq!(deepest.len(), 2);
    assert_eq!(deepest.last().map(|(p, m)| (*p, *m)), Some((pos, None)), "the line ends at the position");
    let (before, mv) = deepest[0];
    assert_eq!(shogi_reach_engine::rules::play(&before, mv.unwrap()), pos);
    assert!(small.to_text().contains("tree too large to show: 3 positions"));
    assert_eq!(small.to_json().deepest_line.map(|line| line.len()), Some(2));
}

/// An off-board candidate says whether it is an un-promotion: Gote's promoted knight on 4b can only have
/// come from off the board as a knight (two ranks behind it), so both such candidates are un-promotions.
#[test]
fn off_board_candidates_say_whether_they_are_unpromotions() {
    let sfen = "1spp4+l/+pK+L+P+S+n3/+BP1+pgpg+pP/+rl4P2/s2P3N1/1+L+B+P+P+PG2/+P+n+ngP1+P2/+rk5S1/5+p3 b - 1";
    let pos = Position::<Shogi>::from_sfen(sfen).unwrap();
    let json = serde_json::to_value(
        explain(&pos, &Start::initial(), &mut KkSearch::new(), SearchOptions::default()).unwrap().to_json(),
    )
    .unwrap();
    let candidates = json["prev"]["candidates"].as_array().expect("a prev certificate");
    let off_board: Vec<_> = candidates.iter().filter(|c| c["from"] == "off-board").collect();
    let knight: Vec<_> = off_board.iter().filter(|c| c["piece"] == "+n" && c["to"] == "4b").collect();
    assert_eq!(knight.len(), 2, "{knight:?}");
    assert!(knight.iter().all(|c| c["unpromotion"] == true), "{knight:?}");
    // Plain off-board steps of a piece that moved as it is are not un-promotions.
    assert!(off_board.iter().any(|c| c["unpromotion"] == false), "{off_board:?}");
}
