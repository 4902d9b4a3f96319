//! `estimate --samples-out`: a CSV row per sample, from which Tables 1 and 2 recompute to the report's
//! exactly; the same rows on any number of threads; never written over a file without --force; an
//! interrupted run's rows continued by its resumed run, only when they are that run's; the same for Parquet rows.

use crate::checkpoint::interrupted;
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
        let args = ["estimate", "--game", game, "--samples", samples, "--seed", "11", "--json"];
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
        let ranks = ok(&["sample", "--game", game, "--seed", "11", "--count", "5"]);
        let first: Vec<&str> = rows.iter().take(5).map(|r| r["rank"].as_str()).collect();
        assert_eq!(ranks.lines().collect::<Vec<_>>(), first, "{game}: the ranks `sample` draws");
    }
}

#[test]
fn an_existing_file_is_replaced_only_with_force_or_by_its_own_run_resumed() {
    let dir = TempDir::new("samples-out-force");
    let file = dir.file("rows.csv");
    std::fs::write(&file, "keep me").unwrap();
    let args = ["estimate", "--game", "minishogi", "--samples", "100", "--seed", "1", "--samples-out", &file];
    assert!(fails(&args).contains("the file exists; give --force"));
    assert_eq!(std::fs::read_to_string(&file).unwrap(), "keep me");
    ok(&[&args[..], &["--force"]].concat());
    assert_eq!(rows(&file).len(), 100);
    // Beside a checkpoint too; a resumed run never writes over a file that is not its rows.
    let checkpoint = dir.file("c.json");
    ok(&[&args[..], &["--force", "--checkpoint", &checkpoint]].concat());
    assert_eq!(rows(&file).len(), 100);
    let other = dir.file("other.csv");
    std::fs::write(&other, "keep me").unwrap();
    let resumed = ["estimate", "--game", "minishogi", "--samples", "100", "--seed", "1"];
    assert!(fails(&[&resumed[..], &["--resume", &checkpoint, "--samples-out", &other]].concat())
        .contains("not a --samples-out file"));
    assert_eq!(std::fs::read_to_string(&other).unwrap(), "keep me");
    let estimate = ["estimate", "--game", "minishogi", "--samples", "100", "--seed", "1", "--force"];
    assert!(fails(&estimate).contains("neither is given"));
}

#[test]
fn an_interrupted_run_leaves_its_rows_and_its_resumed_run_goes_on_after_them_when_they_are_its_own() {
    let dir = TempDir::new("samples-out-resume");
    let (ck, file, whole) = (dir.file("run.json"), dir.file("rows.csv"), dir.file("whole.csv"));
    let run = ["estimate", "--game", "minishogi", "--samples", "150000", "--seed", "11", "--json"];
    let (out, err) = interrupted(&[&run[..], &["--samples-out", &file]].concat(), &ck, "1", "-INT");
    assert!(!out.status.success() && err.contains("--resume"), "{err}");
    let saved: Value = serde_json::from_str(&std::fs::read_to_string(&ck).unwrap()).unwrap();
    let done = saved["ranges"][0][1].as_u64().unwrap();
    assert!(done > 0 && done < 150_000, "{done} samples done");
    assert_eq!(rows(&file).len() as u64, done, "the rows of the samples done, as the checkpoint");
    let resume = |rows_file: &str| -> Vec<String> {
        [&run[..], &["--resume", &ck, "--samples-out", rows_file]]
            .concat()
            .into_iter()
            .map(String::from)
            .collect()
    };
    // Rows that are not this run's are refused by name and left as they are.
    let text = std::fs::read_to_string(&file).unwrap();
    let mut lines: Vec<&str> = text.lines().collect();
    let (forged, short, other) = (dir.file("forged.csv"), dir.file("short.csv"), dir.file("new.csv"));
    let first =
        lines[1].replacen(",OK,", ",prev,", 1).replacen(",reach,", ",OK,", 1).replacen(",king,", ",flip,", 1);
    let changed = [&lines[..1], &[first.as_str()], &lines[2..]].concat().join("\n") + "\n";
    std::fs::write(&forged, &changed).unwrap();
    assert!(fails(&args(&resume(&forged))).contains("differs from the sample computed again"));
    assert_eq!(std::fs::read_to_string(&forged).unwrap(), changed, "left as it was");
    lines.pop();
    std::fs::write(&short, lines.join("\n") + "\n").unwrap();
    assert!(fails(&args(&resume(&short))).contains("rows end before sample"));
    assert!(fails(&args(&resume(&other))).contains("no such file"));
    // Its own rows: the resumed run writes the same file an uninterrupted run does, byte for byte.
    ok(&args(&resume(&file)));
    ok(&[&run[..], &["--samples-out", &whole]].concat());
    assert_eq!(std::fs::read(&file).unwrap(), std::fs::read(&whole).unwrap());
}

fn args(v: &[String]) -> Vec<&str> {
    v.iter().map(String::as_str).collect()
}

#[test]
fn parquet_rows_resume_as_csv_rows_do_and_a_file_that_is_not_them_is_refused() {
    let dir = TempDir::new("samples-out-parquet");
    let (ck, file, whole) = (dir.file("run.json"), dir.file("rows.parquet"), dir.file("whole.parquet"));
    let run = ["estimate", "--game", "minishogi", "--samples", "150000", "--seed", "12", "--json"];
    let (out, err) = interrupted(&[&run[..], &["--samples-out", &file]].concat(), &ck, "1", "-INT");
    assert!(!out.status.success() && err.contains("--resume"), "{err}");
    assert_eq!(&std::fs::read(&file).unwrap()[..4], b"PAR1", "the rows done, as Parquet");
    // CSV rows under a Parquet name, and Parquet cut short: refused by name, left as they are.
    let (csv, cut) = (dir.file("csv.parquet"), dir.file("cut.parquet"));
    let bytes = std::fs::read(&file).unwrap();
    std::fs::write(&csv, "index,rank\n0,1\n").unwrap();
    std::fs::write(&cut, &bytes[..bytes.len() / 2]).unwrap();
    for bad in [&csv, &cut] {
        let err = fails(&[&run[..], &["--resume", &ck, "--samples-out", bad]].concat());
        assert!(err.contains("not a Parquet file") && err.contains("not a --samples-out file"), "{err}");
    }
    assert_eq!(std::fs::read(&cut).unwrap(), &bytes[..bytes.len() / 2]);
    // Its own rows: the resumed run writes the file an uninterrupted run does, byte for byte, and leaves
    // no scratch file.
    ok(&[&run[..], &["--resume", &ck, "--samples-out", &file]].concat());
    ok(&[&run[..], &["--samples-out", &whole]].concat());
    assert_eq!(std::fs::read(&file).unwrap(), std::fs::read(&whole).unwrap());
    let names: Vec<String> =
        std::fs::read_dir(&dir.0).unwrap().map(|e| e.unwrap().file_name().to_string_lossy().into()).collect();
    assert!(names.iter().all(|n| !n.ends_with(".partial")), "{names:?}");
}
