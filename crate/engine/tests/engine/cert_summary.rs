//! The summary of a `prev` certificate: its groups of reasons cover every candidate exactly once, each
//! group holds exactly the candidates with its reason (recomputed here from the variants), the counts add
//! up to the number of candidates, and the sentence and the JSON say the same counts.

use crate::common::oracle;
use shogi_reach_engine::ranking::rank::{unrank, RankInt};
use shogi_reach_engine::why::cause::prev_cause;
use shogi_reach_engine::why::certificate::{prev_certificate, PrevCertificate};
use shogi_reach_engine::why::explanation::Explanation;
use shogi_reach_engine::why::summary::{reason_groups, reason_phrase, summary_sentence, BY_CAPTURE};
use shogi_reach_engine::{Color, MiniShogi, Position, Ranked, Shogi};
use std::collections::BTreeSet;

/// The site's "no legal predecessor" preset.
const SHOGI_NO_PREV: &str =
    "+P+S3g+S2/3p1p+L2/+Pp1+s2+p+pn/1+p2+N1+l1P/G1+L1n4/+P4+b+n+P1/1R+PKr2p1/+p1gP4L/2G+Bs+P2k b 2p 1";

/// The reason of every candidate, computed here from its variants' failures (not by the engine's rule).
fn expected_reasons(cert: &PrevCertificate) -> Vec<&'static str> {
    cert.candidates
        .iter()
        .map(|c| {
            let names: BTreeSet<&'static str> =
                c.variants.iter().map(|(_, f)| f.as_ref().expect("every variant fails").name()).collect();
            if names.len() == 1 {
                names.into_iter().next().unwrap()
            } else {
                BY_CAPTURE
            }
        })
        .collect()
}

/// Checks the groups of `cert` against the reasons recomputed; returns the number of groups.
fn check_groups(cert: &PrevCertificate, ctx: &str) -> usize {
    let reasons = expected_reasons(cert);
    let groups = reason_groups(cert);
    let total: usize = groups.iter().map(|g| g.candidates.len()).sum();
    assert_eq!(total, cert.candidates.len(), "{ctx}: the counts add up to the number of candidates");
    let mut seen = BTreeSet::new();
    for g in &groups {
        assert!(seen.insert(g.reason), "{ctx}: one group per reason");
        let wanted: Vec<usize> = (0..reasons.len()).filter(|&i| reasons[i] == g.reason).collect();
        assert_eq!(g.candidates, wanted, "{ctx}: the group {} holds exactly its candidates", g.reason);
    }
    let sizes: Vec<usize> = groups.iter().map(|g| g.candidates.len()).collect();
    assert!(sizes.windows(2).all(|w| w[0] >= w[1]), "{ctx}: largest group first: {sizes:?}");
    groups.len()
}

fn check_rows<V: Ranked>(file: &str) -> (usize, BTreeSet<&'static str>) {
    let (mut checked, mut reasons) = (0, BTreeSet::new());
    for row in oracle(file).iter().filter(|r| r.get("stage") == "prev") {
        let pos = unrank::<V>(V::Rank::parse_decimal(row.get("rank")).unwrap()).unwrap();
        let cert = prev_certificate(&pos).unwrap_or_else(|| panic!("{file}:{}: no certificate", row.line));
        check_groups(&cert, &format!("{file}:{}", row.line));
        reasons.extend(reason_groups(&cert).iter().map(|g| g.reason));
        checked += 1;
    }
    (checked, reasons)
}

#[test]
fn groups_partition_the_candidates_of_every_prev_row() {
    let (mini, mut reasons) = check_rows::<MiniShogi>("minishogi-extras.tsv");
    let (shogi, more) = check_rows::<Shogi>("shogi-extras.tsv");
    reasons.extend(more);
    assert_eq!((mini, shogi), (2000, 300));
    // Every reason occurs as a group somewhere, the mixed one included (in these rows a dead piece is
    // never a move's only reason).
    for reason in
        ["king-in-check", "occupied", "off-board", "outside-zone", "two-pawns", "pawn-drop-mate", BY_CAPTURE]
    {
        assert!(reasons.contains(reason), "no row has a group {reason}: {reasons:?}");
    }
}

#[test]
fn the_sentence_gives_every_group_count_of_the_preset() {
    let pos = Position::<Shogi>::from_sfen(SHOGI_NO_PREV).unwrap();
    let cert = prev_certificate(&pos).unwrap();
    assert!(check_groups(&cert, "preset") >= 3);
    let sentence = summary_sentence(&cert);
    let lead = format!("None of Gote's {} candidate last moves is legal: ", cert.candidates.len());
    assert!(sentence.starts_with(&lead), "{sentence}");
    let reasons = expected_reasons(&cert);
    let mut rest = &sentence[lead.len()..];
    for g in reason_groups(&cert) {
        let n = reasons.iter().filter(|&&r| r == g.reason).count();
        let phrase = reason_phrase(g.reason, n, Color::Sente);
        let at = rest.find(&phrase).unwrap_or_else(|| panic!("{phrase:?} missing in order from {sentence}"));
        rest = &rest[at + phrase.len()..];
    }
    assert_eq!(rest, ".", "{sentence}");
    assert!(sentence.contains("would need Sente's king already in check"), "{sentence}");
}

#[test]
fn plurals_and_the_only_candidate() {
    assert_eq!(
        reason_phrase(BY_CAPTURE, 1, Color::Sente),
        "1 fails for a different reason with each capture"
    );
    assert_eq!(reason_phrase(BY_CAPTURE, 3, Color::Sente), "3 fail for a different reason with each capture");
    assert_eq!(reason_phrase("occupied", 1, Color::Gote), "1 would come from an occupied square");
    let pos = Position::<MiniShogi>::from_sfen("2g1g/1k+b2/1+s1+p1/1+PK+RB/+r4 b s 1").unwrap();
    let mut cert = prev_certificate(&pos).unwrap();
    cert.candidates.truncate(1);
    let only = summary_sentence(&cert);
    assert!(only.starts_with("Gote's only candidate last move is not legal: 1 "), "{only}");
}

#[test]
fn the_json_and_the_text_carry_the_groups() {
    let pos = Position::<Shogi>::from_sfen(SHOGI_NO_PREV).unwrap();
    let cert = prev_certificate(&pos).unwrap();
    let cause = prev_cause(&pos, &cert);
    let explanation = Explanation::<Shogi>::Prev(cert.clone(), cause.clone());
    let json = serde_json::to_value(explanation.to_json()).unwrap();
    let groups = json["prev"]["groups"].as_array().unwrap();
    assert_eq!(groups.len(), reason_groups(&cert).len());
    for (g, want) in groups.iter().zip(reason_groups(&cert)) {
        assert_eq!(g["reason"], want.reason);
        assert_eq!(g["candidates"].as_array().unwrap().len(), want.candidates.len());
    }
    // The text leads with the cause, then the summary sentence, then each group's phrase, each followed by
    // its moves.
    let text = explanation.to_text();
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines[1], cause.text::<Shogi>());
    assert_eq!(json["causes"][0]["kind"], "double-check");
    assert_eq!(lines[2], summary_sentence(&cert));
    for g in reason_groups(&cert).iter().filter(|g| g.reason != "off-board") {
        let head = format!("{}:", reason_phrase(g.reason, g.candidates.len(), Color::Sente));
        let at = lines.iter().position(|l| *l == head).unwrap_or_else(|| panic!("{head} missing:\n{text}"));
        let moves: Vec<String> =
            g.candidates.iter().map(|&i| cert.candidates[i].mv().unwrap().to_usi::<Shogi>()).collect();
        for (k, usi) in moves.iter().enumerate() {
            assert!(
                lines[at + 1 + k].starts_with("- ") && lines[at + 1 + k].contains(&format!(" {usi}:")),
                "{text}"
            );
        }
    }
}
