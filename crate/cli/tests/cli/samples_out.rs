//! `estimate --samples-out`: a CSV row per sample, from which Tables 1 and 2 recompute to the report's
//! exactly; the same rows on any number of threads; never written over a file without --force.

use crate::common::{fails, ok, TempDir};
use serde_json::Value;
use std::collections::BTreeMap;

/// The rows of a CSV file as maps from column to field.
fn rows(path: &str) -> Vec<BTreeMap<String, String>> {
    let text = std::fs::read_to_string(path).unwrap();
    let mut lines = text.lines();
    let header: Vec<&str> = lines.next().unwrap().split(',').collect();
    lines
        .map(|l| header.iter().map(|h| h.to_string()).zip(l.split(',').map(String::from)).collect())
        .collect()
}

/// Table 1 (samples left after each check) and Table 2 (samples by plies traced back) from the rows.
fn tables(rows: &[BTreeMap<String, String>], report: &Value) -> (Vec<(String, u64)>, Vec<u64>) {
    let count =
        |stages: &[&str]| rows.iter().filter(|r| stages.contains(&r["stage"].as_str())).count() as u64;
    let mut left = rows.len() as u64;
    let mut funnel = vec![];
    for row in report["funnel"].as_array().unwrap() {
        let name = row[0].as_str().unwrap();
        left -= match name {
            "horizontal mirroring" => count(&["flip"]),
            "pawn placement" => count(&["piece"]),
            "opponent king check" => count(&["king"]),
            "reachability" => count(&["prev", "reach", "unknown"]),
            _ => 0,
        };
        funnel.push((name.to_string(), left));
    }
    let mut traced = vec![];
    for r in rows.iter().filter(|r| !r["traced_back"].is_empty()) {
        let d: usize = r["traced_back"].parse().unwrap();
        if traced.len() <= d {
            traced.resize(d + 1, 0);
        }
        traced[d] += 1;
    }
    (funnel, traced)
}

#[test]
fn tables_1_and_2_recomputed_from_the_rows_are_the_reports_on_any_number_of_threads() {
    let dir = TempDir::new("samples-out");
    for (game, samples) in [("minishogi", "30000"), ("shogi", "20000")] {
        let (one, two) = (dir.file(&format!("{game}-1.csv")), dir.file(&format!("{game}-2.csv")));
        let args = ["estimate", "--variant", game, "--samples", samples, "--seed", "11", "--json"];
        let report: Value =
            serde_json::from_str(&ok(&[&args[..], &["--threads", "1", "--samples-out", &one]].concat()))
                .unwrap();
        ok(&[&args[..], &["--threads", "2", "--samples-out", &two]].concat());
        assert_eq!(std::fs::read(&one).unwrap(), std::fs::read(&two).unwrap(), "{game}: the same rows");
        let rows = rows(&one);
        assert_eq!(rows.len().to_string(), samples);
        let (funnel, traced) = tables(&rows, &report);
        let reported: Vec<(String, u64)> = serde_json::from_value(report["funnel"].clone()).unwrap();
        assert_eq!(funnel, reported, "{game}: Table 1");
        let reported: Vec<u64> = serde_json::from_value(report["tally"]["traced_back"].clone()).unwrap();
        assert_eq!(traced, reported, "{game}: Table 2");
        assert!(rows.iter().any(|r| r["stage"] == "OK" && !r["plies"].is_empty()), "{game}");
        let ranks = ok(&["sample", "--variant", game, "--seed", "11", "--count", "5"]);
        let first: Vec<&str> = rows.iter().take(5).map(|r| r["rank"].as_str()).collect();
        assert_eq!(ranks.lines().collect::<Vec<_>>(), first, "{game}: the ranks `sample` draws");
    }
}

#[test]
fn an_existing_file_is_replaced_only_with_force_and_never_beside_a_checkpoint() {
    let dir = TempDir::new("samples-out-force");
    let file = dir.file("rows.csv");
    std::fs::write(&file, "keep me").unwrap();
    let args =
        ["estimate", "--variant", "minishogi", "--samples", "100", "--seed", "1", "--samples-out", &file];
    assert!(fails(&args).contains("the file exists; give --force"));
    assert_eq!(std::fs::read_to_string(&file).unwrap(), "keep me");
    ok(&[&args[..], &["--force"]].concat());
    assert_eq!(rows(&file).len(), 100);
    let checkpoint = dir.file("c.json");
    assert!(fails(&[&args[..], &["--force", "--checkpoint", &checkpoint]].concat())
        .contains("cannot be used with"));
    let estimate = ["estimate", "--variant", "minishogi", "--samples", "100", "--seed", "1", "--force"];
    assert!(fails(&estimate).contains("neither is given"));
}
