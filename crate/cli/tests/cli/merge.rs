//! `shogi-reach merge FILES...` checks every shard the command line wrote before adding it: a tampered,
//! corrupt or foreign file fails with a message naming the file or shard and the problem; `--verify`
//! recomputes blocks and names a forged one. (What `merge_reports` checks is tested in the engine's tests.)

use crate::common::{counts_of, run, TempDir};
use serde_json::{json, Value};
use std::sync::OnceLock;

/// The JSON reports of `estimate --json` over `args`, one per shard `k/shards`.
fn estimate_shards(args: &[&str], shards: usize) -> Vec<Value> {
    (0..shards)
        .map(|k| {
            let shard = format!("{k}/{shards}");
            let mut all = vec!["estimate", "--json", "--shard", &shard];
            all.extend(args);
            let (ok, out, err) = run(&all);
            assert!(ok, "{err}");
            serde_json::from_str(&out).unwrap()
        })
        .collect()
}

const RUN: [&str; 6] = ["--game", "minishogi", "--samples", "3000", "--seed", "7"];

/// Three shards of one Mini Shogi run of 3 000 samples, as the command line writes them.
fn shards() -> &'static Vec<Value> {
    static SHARDS: OnceLock<Vec<Value>> = OnceLock::new();
    SHARDS.get_or_init(|| estimate_shards(&RUN, 3))
}

/// Two shards of 140 000 samples, cut inside a block (at 70 000).
fn block_shards() -> &'static Vec<Value> {
    static SHARDS: OnceLock<Vec<Value>> = OnceLock::new();
    SHARDS.get_or_init(|| estimate_shards(&["--game", "minishogi", "--samples", "140000", "--seed", "7"], 2))
}

/// The shards with shard `index` changed by `tamper`.
fn tampered(shards: &[Value], index: usize, tamper: impl FnOnce(&mut Value)) -> Vec<String> {
    let mut shards = shards.to_vec();
    tamper(&mut shards[index]);
    texts(&shards)
}

fn texts(shards: &[Value]) -> Vec<String> {
    shards.iter().map(|r| serde_json::to_string_pretty(r).unwrap()).collect()
}

/// Moves one sample of `tally` from the king stage to `OK`: still adds up, so only recomputing sees it.
fn forge(tally: &mut Value) {
    let stages = &mut tally["stages"];
    stages["OK"] = json!(stages["OK"].as_u64().unwrap() + 1);
    stages["king"] = json!(stages["king"].as_u64().unwrap() - 1);
}

fn cli(args: &[String]) -> (bool, String, String) {
    run(&args.iter().map(String::as_str).collect::<Vec<_>>())
}

/// Writes the texts as files in `dir` and returns `merge` and their paths.
fn shard_files(dir: &TempDir, texts: &[String]) -> Vec<String> {
    let mut args = vec!["merge".to_string()];
    for (i, t) in texts.iter().enumerate() {
        let path = dir.file(&format!("shard-{i}.json"));
        std::fs::write(&path, t).unwrap();
        args.push(path);
    }
    args
}

fn cli_fails(dir: &TempDir, texts: &[String], words: &[&str]) -> String {
    let (success, _, err) = cli(&shard_files(dir, texts));
    assert!(!success, "merge should fail ({words:?})");
    for w in words {
        assert!(err.contains(w), "{w:?} not in: {err}");
    }
    assert!(err.len() < 1000, "{} bytes: {}", err.len(), &err[..1000]);
    err
}

#[test]
fn cli_merge_refuses_bad_shards() {
    let dir = TempDir::new("merge-bad");
    let shards = shards();
    let (ok, out, _) = cli(&shard_files(&dir, &texts(shards)));
    assert!(ok && out.contains("Table 1"), "{out}");
    cli_fails(&dir, &tampered(shards, 1, |r| r["seed"] = json!(8)), &["seed 8", "7"]);
    cli_fails(&dir, &tampered(shards, 1, |r| r["samples"] = json!(9)), &["9", "3000"]);
    cli_fails(&dir, &tampered(shards, 2, |r| r["max_nodes"] = json!(5)), &["max_nodes"]);
    cli_fails(&dir, &tampered(shards, 1, |r| r["format"] = json!(1)), &["format 1"]);
    cli_fails(&dir, &tampered(shards, 0, |r| r["ranges"] = json!([[1000, 0]])), &["[1000, 0]"]);
    let wrapping = |r: &mut Value| r["tally"]["stages"]["OK"] = json!(18446744073708552027u64);
    cli_fails(&dir, &tampered(shards, 0, wrapping), &["stage counts"]);
    let table_2 = |r: &mut Value| {
        r["tally"]["traced_back"][0] = json!(r["tally"]["traced_back"][0].as_u64().unwrap() + 1)
    };
    cli_fails(&dir, &tampered(shards, 2, table_2), &["Table 2"]);
    cli_fails(&dir, &tampered(shards, 2, |r| r["tally"]["samples"] = json!(1001)), &["1001"]);
    cli_fails(&dir, &texts(&[shards[0].clone(), shards[0].clone()]), &["overlap"]);
    // Sums that would wrap: each shard's tally and its one block alike, so that each shard is consistent.
    let mut big = shards.clone();
    for r in &mut big {
        r["tally"]["reachable_nodes"] = json!(u64::MAX / 2);
        r["blocks"][0]["tally"]["reachable_nodes"] = json!(u64::MAX / 2);
    }
    cli_fails(&dir, &texts(&big), &["reachable_nodes"]);
    let long_name = |r: &mut Value| r["game"] = json!("x".repeat(1_000_000));
    cli_fails(&dir, &tampered(shards, 1, long_name), &["game", "1000000 characters"]);
    // A shard of another game (the first file decides which game is merged).
    let shogi = estimate_shards(&["--samples", "3000", "--seed", "7"], 3);
    cli_fails(&dir, &texts(&[shards[0].clone(), shogi[1].clone()]), &["shogi", "minishogi"]);
    // Not JSON, truncated JSON, JSON of something else.
    let text = serde_json::to_string(&shards[0]).unwrap();
    for bad in ["not json".to_string(), text[..text.len() / 2].to_string(), "{\"tally\": 1}".to_string()] {
        cli_fails(&dir, &[text.clone(), bad], &["not an estimate --json result"]);
    }
}

/// More shards than samples: some cover nothing, and all of them still merge to the whole run.
#[test]
fn cli_merges_empty_shards() {
    let dir = TempDir::new("merge-empty");
    let run_args = ["--game", "minishogi", "--samples", "5", "--seed", "3"];
    let shards = texts(&estimate_shards(&run_args, 8));
    let (ok, whole, _) = run(&[&["estimate", "--json"][..], &run_args].concat());
    assert!(ok);
    let mut args = shard_files(&dir, &shards);
    args.insert(1, "--json".into());
    let (ok, merged, err) = cli(&args);
    assert!(ok, "{err}");
    assert_eq!(counts_of(&merged), counts_of(&whole));
}

#[test]
fn cli_merge_verify_recomputes_blocks_and_names_a_forged_shard() {
    let dir = TempDir::new("merge-verify");
    let with_blocks = block_shards();
    let with_verify = |texts: &[String], verify: &str| {
        let mut args = shard_files(&dir, texts);
        args.insert(1, "--verify".into());
        args.insert(2, verify.into());
        cli(&args)
    };
    let (success, _, err) = with_verify(&texts(with_blocks), "5");
    assert!(success && err.contains("verified 4 blocks of 2 shards"), "{err}");
    let forged = tampered(with_blocks, 1, |r| {
        forge(&mut r["blocks"][0]["tally"]);
        forge(&mut r["tally"]);
    });
    let (success, _, err) = with_verify(&forged, "5");
    assert!(!success && err.contains("shard-1.json: samples 70000..131072"), "{err}");
    // `auto`: the blocks the 1 %-forged rule asks for (all of them, below 100 blocks).
    let (success, _, err) = with_verify(&texts(with_blocks), "auto");
    assert!(success && err.contains("verified 4 blocks of 2 shards"), "{err}");
    // A shard without per-block tallies cannot be verified: refused, with --verify or without.
    let old = tampered(shards(), 1, |r| r["blocks"] = json!([]));
    cli_fails(&dir, &old, &["shard-1.json", "no per-block tallies"]);
    let (success, _, err) = with_verify(&old, "5");
    assert!(!success && err.contains("no per-block tallies"), "{err}");
}
