//! `replicate`: a small fraction of the papers' experiments, its tables beside the published figures of
//! the engine's data/published.json, equal to `estimate` of the same samples, resumable after an interruption.

use crate::common::{cli, counts, fails, finish, ok, wait_for_file};
use serde_json::Value;
use std::path::PathBuf;
use std::process::Command;

const PUBLISHED: &str = include_str!(concat!(env!("CARGO_MANIFEST_DIR"), "/../engine/data/published.json"));

/// A folder of its own for each test, removed at the end.
struct Dir(PathBuf);

impl Dir {
    fn new(name: &str) -> Dir {
        let dir = std::env::temp_dir().join(format!("shogi-reach-replicate-{}-{name}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        Dir(dir)
    }

    fn path(&self) -> &str {
        self.0.to_str().unwrap()
    }
}

impl Drop for Dir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

fn json(text: &str) -> Value {
    serde_json::from_str(text).unwrap()
}

/// A replication's JSON without the folder it ran in and the provenance (its own and its report's).
fn without_dir(text: &str) -> Value {
    let mut v = json(text);
    v.as_object_mut().unwrap().remove("dir");
    assert!(v.as_object_mut().unwrap().remove("provenance").is_some());
    v["report"] = counts(v["report"].take());
    v
}

/// A replication's text up to its provenance ("made by …").
fn before_made_by(text: &str) -> &str {
    let at = text.find("\nmade by ").expect("a replication says what made it");
    &text[..at]
}

#[test]
fn the_published_figures_are_consistent_and_named_as_the_engine_names_the_checks() {
    let data = json(PUBLISHED);
    for game in ["shogi", "minishogi"] {
        let paper = &data[game];
        let funnel: Vec<(String, u64)> = serde_json::from_value(paper["funnel"].clone()).unwrap();
        // The engine's names, from a report of its own.
        let report = json(&ok(&["estimate", "--game", game, "--samples", "64", "--seed", "1", "--json"]));
        let names: Vec<&str> =
            report["funnel"].as_array().unwrap().iter().map(|r| r[0].as_str().unwrap()).collect();
        assert_eq!(funnel.iter().map(|(n, _)| n.as_str()).collect::<Vec<_>>(), names, "{game}");
        assert_eq!(funnel[0].1, paper["samples"].as_u64().unwrap(), "{game}: the first row is every sample");
        assert!(funnel.windows(2).all(|w| w[0].1 >= w[1].1), "{game}: a funnel only narrows");
        // Table 2 counts the samples that passed the king check but were not found reachable.
        let traced: u64 = paper["traced_back"].as_array().unwrap().iter().map(|n| n.as_u64().unwrap()).sum();
        assert_eq!(traced, funnel[3].1 - funnel[4].1, "{game}: Table 2 adds up to Table 1");
    }
}

#[test]
fn a_small_fraction_prints_the_published_figures_beside_the_same_counts_as_estimate() {
    let dir = Dir::new("fraction");
    let run =
        ["replicate", "--game", "minishogi", "--fraction", "1e-4", "--shards", "3", "--dir", dir.path()];
    let text = ok(&[&run[..], &["--json"]].concat());
    // The top-level keys in the order of their names, as the other JSON results (a sorted map's order).
    let keys: Vec<&str> = text.lines().filter_map(|l| l.strip_prefix("  \"")?.split('"').next()).collect();
    assert!(keys.len() > 10 && keys.is_sorted(), "{keys:?}");
    let replication = json(&text);
    let paper = &json(PUBLISHED)["minishogi"];
    assert_eq!(replication["samples"], 10_000);
    assert_eq!(replication["paper_samples"], paper["samples"]);
    assert_eq!(replication["citation"], paper["citation"]);
    // The run's side: the report of one `estimate` of the same samples and seed, merged from 3 shards.
    let single =
        json(&ok(&["estimate", "--game", "minishogi", "--samples", "10000", "--seed", "1", "--json"]));
    assert_eq!(counts(replication["report"].clone()), counts(single.clone()));
    for (row, (published, run)) in replication["table1"]
        .as_array()
        .unwrap()
        .iter()
        .zip(paper["funnel"].as_array().unwrap().iter().zip(single["funnel"].as_array().unwrap()))
    {
        assert_eq!((&row["label"], &row["paper"], &row["run"]), (&published[0], &published[1], &run[1]));
    }
    let table2 = replication["table2"].as_array().unwrap();
    let published: Vec<&Value> = table2.iter().map(|r| &r["paper"]).collect();
    assert_eq!(published, paper["traced_back"].as_array().unwrap().iter().collect::<Vec<_>>());
    let run_rows: Vec<&Value> = table2.iter().map(|r| &r["run"]).collect();
    for (d, n) in single["tally"]["traced_back"].as_array().unwrap().iter().enumerate() {
        assert_eq!(run_rows[d], n, "Table 2 row {d}");
    }
    // The text: every published count and the note that the samples differ; the same again from the
    // shards' files (nothing recomputed but the verified blocks).
    let text = ok(&run);
    for n in paper["funnel"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| &r[1])
        .chain(paper["traced_back"].as_array().unwrap())
    {
        assert!(text.contains(&format!(" {n} ")), "{n} missing from\n{text}");
    }
    assert!(text.contains("The samples differ") && text.contains("distance of p: "), "{text}");
    assert_eq!(before_made_by(&ok(&run)), before_made_by(&text));
}

#[test]
fn shogi_runs_too() {
    let dir = Dir::new("shogi");
    let text = ok(&["replicate", "--game", "shogi", "--fraction", "2e-7", "--dir", dir.path()]);
    assert!(text.contains("this run: 1000 samples") && text.contains(" 40491613 "), "{text}");
    assert!(text.contains("arXiv:2604.06189"), "{text}");
}

#[test]
fn an_interrupted_replication_continues_to_the_same_tables() {
    let (stopped, whole) = (Dir::new("stopped"), Dir::new("whole"));
    let run = |dir: &Dir| {
        [
            "replicate",
            "--game",
            "minishogi",
            "--fraction",
            "3e-3",
            "--shards",
            "2",
            "--threads",
            "1",
            "--json",
        ]
        .into_iter()
        .chain(["--checkpoint-every", "0", "--dir", dir.path()])
        .map(String::from)
        .chain(["--samples-out".into(), dir.0.join("rows.csv").to_str().unwrap().to_string()])
        .collect::<Vec<_>>()
    };
    let args = run(&stopped);
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    let mut child = cli(&args).spawn().unwrap();
    let first = stopped.0.join("shard-0-of-2.json");
    wait_for_file(&mut child, &first);
    Command::new("kill").args(["-INT", &child.id().to_string()]).status().unwrap();
    let (out, err) = finish(child);
    assert!(!out.status.success() && err.contains("the same command continues"), "{err}");
    let continued = ok(&args);
    let uninterrupted = run(&whole);
    let uninterrupted = ok(&uninterrupted.iter().map(String::as_str).collect::<Vec<_>>());
    assert_eq!(without_dir(&continued), without_dir(&uninterrupted));
    // The rows of the whole run, continued from each shard's own: those of one uninterrupted `estimate`.
    let rows = std::fs::read(stopped.0.join("rows.csv")).unwrap();
    assert_eq!(rows, std::fs::read(whole.0.join("rows.csv")).unwrap());
    let single = whole.0.join("single.csv");
    let single_args = ["--game", "minishogi", "--samples", "300000", "--seed", "1"];
    ok(&[&["estimate"][..], &single_args, &["--samples-out", single.to_str().unwrap()]].concat());
    assert_eq!(rows, std::fs::read(&single).unwrap());
    // A folder of another run (another seed) is refused, not mixed in.
    let other = [&args[..args.len() - 2], &["--seed", "2"]].concat(); // without --samples-out FILE
    assert!(fails(&other).contains("another run's checkpoint"));
}

#[test]
fn bad_fractions_and_shards_are_named_errors() {
    let dir = Dir::new("bad");
    let with = |more: &[&str]| {
        fails(&[&["replicate", "--game", "minishogi", "--dir", dir.path()][..], more].concat())
    };
    assert!(with(&["--fraction", "0"]).contains("0 < F <= 1"));
    assert!(with(&["--fraction", "1.5"]).contains("0 < F <= 1"));
    assert!(with(&["--fraction", "NaN"]).contains("0 < F <= 1"));
    assert!(with(&["--fraction", "1e-12"]).contains("is no sample"));
    assert!(with(&["--fraction", "1e-6", "--shards", "0"]).contains("--shards 0"));
    assert!(with(&["--fraction", "1e-6", "--shards", "101"]).contains("--shards 101"));
    assert!(with(&["--fraction", "1e-6", "--shards", "2", "--shard", "2"]).contains("--shard 2"));
    let err = fails(&["replicate", "--game", "chess", "--fraction", "1e-6", "--dir", dir.path()]);
    assert!(err.contains("chess"), "{err}");
}

#[test]
fn a_forged_shard_is_refused_by_default() {
    let dir = Dir::new("forged");
    // 200 000 samples: one shard of 4 blocks.
    let run =
        ["replicate", "--game", "minishogi", "--fraction", "2e-3", "--threads", "2", "--dir", dir.path()];
    ok(&run);
    let file = dir.0.join("shard-0-of-1.json");
    let mut shard = json(&std::fs::read_to_string(&file).unwrap());
    assert_eq!(shard["blocks"].as_array().unwrap().len(), 4);
    // The tester's forgery: 300 samples moved from `king` to `OK` in one block and in the tally, so the
    // file is consistent; its signature is left as it was.
    let move_300 = |stages: &mut Value| {
        stages["OK"] = (stages["OK"].as_u64().unwrap() + 300).into();
        stages["king"] = (stages["king"].as_u64().unwrap() - 300).into();
    };
    move_300(&mut shard["tally"]["stages"]);
    move_300(&mut shard["blocks"][2]["tally"]["stages"]);
    std::fs::write(&file, format!("{}\n", serde_json::to_string_pretty(&shard).unwrap())).unwrap();
    let err = fails(&run);
    assert!(err.contains("verifying 4 of the 4 blocks") && err.contains("not this user's key's"), "{err}");
    let (start, end) = (&shard["blocks"][2]["start"], &shard["blocks"][2]["end"]);
    assert!(err.contains(&format!("samples {start}..{end} recomputed give another tally")), "{err}");
}

#[test]
fn a_broken_link_or_a_folder_at_a_shards_name_is_refused_by_name() {
    let dir = Dir::new("not-a-shard");
    std::fs::create_dir_all(&dir.0).unwrap();
    let shard = dir.0.join("shard-0-of-1.json");
    let run = ["replicate", "--game", "minishogi", "--fraction", "1e-4", "--dir", dir.path()];
    std::os::unix::fs::symlink(dir.0.join("nowhere"), &shard).unwrap();
    let err = fails(&run);
    assert!(err.contains("shard-0-of-1.json is a broken symbolic link, not a regular file"), "{err}");
    assert!(
        std::fs::symlink_metadata(&shard).unwrap().file_type().is_symlink(),
        "the link is left as it was"
    );
    std::fs::remove_file(&shard).unwrap();
    std::fs::create_dir(&shard).unwrap();
    let err = fails(&run);
    assert!(err.contains("shard-0-of-1.json is a folder, not a regular file"), "{err}");
}
