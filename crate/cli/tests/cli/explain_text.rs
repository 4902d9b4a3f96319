//! `explain`'s text for people: a `prev` certificate leads with the cause and the summary sentence, then
//! each group of reasons with its count and its moves, the counts those of `explain --json` for the same
//! position; `prove` says the same cause.

use crate::common::ok;
use std::collections::BTreeSet;

fn explain(args: &[&str]) -> String {
    ok(&[&["explain"], args].concat())
}

/// The site's "no legal predecessor" preset.
const SHOGI_NO_PREV: &str =
    "+P+S3g+S2/3p1p+L2/+Pp1+s2+p+pn/1+p2+N1+l1P/G1+L1n4/+P4+b+n+P1/1R+PKr2p1/+p1gP4L/2G+Bs+P2k b 2p 1";

/// Each candidate's reason from the JSON's variants: its failure, or `by-capture` when they differ.
fn reasons(json: &serde_json::Value) -> Vec<String> {
    let candidates = json["prev"]["candidates"].as_array().unwrap();
    candidates
        .iter()
        .map(|c| {
            let names: BTreeSet<&str> =
                c["variants"].as_array().unwrap().iter().map(|v| v["failure"].as_str().unwrap()).collect();
            if names.len() == 1 {
                names.into_iter().next().unwrap().to_string()
            } else {
                "by-capture".to_string()
            }
        })
        .collect()
}

#[test]
fn the_text_leads_with_the_cause_and_the_summary_and_groups_the_moves() {
    let text = explain(&[SHOGI_NO_PREV]);
    let json: serde_json::Value = serde_json::from_str(&explain(&["--json", SHOGI_NO_PREV])).unwrap();
    let reasons = reasons(&json);
    let count = |r: &str| reasons.iter().filter(|x| *x == r).count();
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines[0], "prev: no legal move leads to this position");
    assert_eq!(lines[1], json["causes"][0]["text"].as_str().unwrap());
    assert!(lines[1]
        .starts_with("Sente's king on 6g is in double check from Gote's knight on 5e and Gote's rook on 5g"));
    let cause = format!("cause: {}", lines[1]);
    assert!(ok(&["prove", SHOGI_NO_PREV]).lines().any(|l| l == cause), "prove says the same cause");
    let lines = &lines[1..];
    let lead = format!("None of Gote's {} candidate last moves is legal: ", reasons.len());
    assert!(lines[1].starts_with(&lead), "{text}");
    for (reason, phrase) in [
        ("king-in-check", "would need Sente's king already in check before the move"),
        ("occupied", "would come from an occupied square"),
        ("off-board", "would come from off the board"),
        ("outside-zone", "would promote with neither square in the promotion zone"),
        ("by-capture", "fail for a different reason with each capture"),
    ] {
        let n = count(reason);
        assert!(n > 1, "{reason}: the preset has several");
        assert!(lines[1].contains(&format!("{n} {phrase}")), "{reason}: {n} in {}", lines[1]);
        // Each group, but the one from off the board, lists its moves under its count.
        let head = lines.iter().position(|l| l.starts_with(&format!("{n} {phrase}"))).unwrap();
        if reason == "off-board" {
            assert_eq!(lines[head], format!("{n} {phrase} (not listed)."));
            continue;
        }
        let moves: Vec<&str> =
            lines[head + 1..].iter().take_while(|l| l.starts_with("- ")).copied().collect();
        let candidates = json["prev"]["candidates"].as_array().unwrap();
        let wanted: Vec<&str> = (0..reasons.len())
            .filter(|&i| reasons[i] == reason)
            .map(|i| candidates[i]["usi"].as_str().unwrap())
            .collect();
        let listed: Vec<&str> =
            moves.iter().map(|l| l.split(' ').nth(2).unwrap().trim_end_matches(':')).collect();
        assert_eq!(listed, wanted, "{reason}");
    }
    // The groups in the JSON say the same.
    for g in json["prev"]["groups"].as_array().unwrap() {
        assert_eq!(g["candidates"].as_array().unwrap().len(), count(g["reason"].as_str().unwrap()));
    }
}

#[test]
fn a_leaf_of_a_reach_tree_says_its_summary() {
    let text = explain(&["--game", "minishogi", "1+r3/bs3/gs3/2b2/K+rk2 b GPp 1"]);
    let leaves: Vec<&str> = text.lines().filter(|l| l.contains("⊥ no legal last move.")).collect();
    assert!(!leaves.is_empty(), "{text}");
    assert!(leaves.iter().all(|l| l.contains("candidate last moves is legal: ")), "{text}");
}
