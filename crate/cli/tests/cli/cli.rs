//! The command line: outputs, standard input, and errors with a non-zero exit code.

use crate::common::{counts, fails_with as fails, ok_with as ok, run_with as run};
use crate::oracle;
use std::process::{Command, Stdio};

#[test]
fn count_unrank_rank() {
    assert_eq!(ok(&["count", "--game", "minishogi"], ""), "16014219505238849250\n");
    assert_eq!(
        ok(&["count", "--game", "shogi"], "").trim(),
        "80880932079767835177773204009328769812438521503800714936366945233084532"
    );
    let out = ok(&["unrank", "--game", "minishogi", "922954480167522874", "0"], "");
    assert_eq!(out, "rbsgk/4p/5/P4/KGSBR b - 1\nKpb2/ksb2/gs3/gr3/pr3 b - 1\n");
    // Ranks from standard input; blank lines are skipped.
    let out = ok(&["unrank", "--game", "minishogi"], "922954480167522874\n\n0\n");
    assert_eq!(out, "rbsgk/4p/5/P4/KGSBR b - 1\nKpb2/ksb2/gs3/gr3/pr3 b - 1\n");
    // SFEN as one argument or as separate fields; the reference format too.
    assert_eq!(ok(&["rank", "--game", "minishogi", "rbsgk/4p/5/P4/KGSBR b - 1"], ""), "922954480167522874\n");
    assert_eq!(
        ok(&["rank", "--game", "minishogi", "rbsgk/4p/5/P4/KGSBR", "b", "-", "1"], ""),
        "922954480167522874\n"
    );
    assert_eq!(ok(&["rank", "--game", "minishogi", "rbsgk/4p/5/P4/KGSBR[] w"], ""), "922954480167522874\n");
}

#[test]
fn sample_then_unrank_then_rank() {
    let ranks = ok(&["sample", "--game", "shogi", "--seed", "3", "--count", "5"], "");
    assert_eq!(ranks.lines().count(), 5);
    let later = ok(&["sample", "--game", "shogi", "--seed", "3", "--count", "2", "--start", "3"], "");
    assert_eq!(later.lines().collect::<Vec<_>>(), ranks.lines().skip(3).collect::<Vec<_>>());
    let sfens = ok(&["unrank", "--game", "shogi"], &ranks);
    for (r, sfen) in ranks.lines().zip(sfens.lines()) {
        assert_eq!(ok(&["rank", "--game", "shogi", sfen], "").trim(), r);
    }
}

#[test]
fn perft() {
    assert_eq!(ok(&["perft", "--game", "minishogi", "--depth", "3"], ""), "2512\n");
    assert_eq!(ok(&["perft", "--depth", "2", "startpos"], ""), "900\n");
    let divide = ok(&["perft", "--game", "minishogi", "--depth", "2", "--divide"], "");
    assert_eq!(divide.lines().count(), 15);
    assert!(divide.ends_with("total 181\n"));
}

#[test]
fn bad_input_fails_with_a_message() {
    assert!(fails(&["unrank", "--game", "minishogi", "16014219505238849250"], "").contains("out of range"));
    assert!(fails(&["unrank", "--game", "minishogi", "-1"], "").contains("not a rank"));
    assert!(fails(&["unrank", "--game", "minishogi"], "12x\n").contains("not a rank"));
    assert!(fails(&["rank", "--game", "minishogi", "rbsgk/4p/5/P4/KGSB b - 1"], "").contains("row 5"));
    assert!(fails(&["rank", "--game", "minishogi", "rbsgk/4p/5/P4/KGSBR w - 1"], "").contains("Sente"));
    assert!(fails(&["rank", "--game", "shogi", "4k4/9/9/9/9/9/9/9/4K4 b - 1"], "").contains("full piece set"));
    assert!(
        fails(&["perft", "--game", "shogi", "--depth", "1", "9/9/9/9/9/9/9/9/9 b - 1"], "").contains("king")
    );
    fails(&["count", "--game", "chess"], "");
}

#[test]
fn classify_prints_the_oracle_columns() {
    // Rows of the reference's sample: a king-stage reject, a prev reject and a reachable position.
    let rows = oracle::oracle("minishogi-sample.tsv");
    let picks: Vec<&oracle::Row> =
        ["king", "prev", "OK"].iter().map(|s| rows.iter().find(|r| r.get("stage") == *s).unwrap()).collect();
    let input: String = picks.iter().map(|r| format!("{}\n", r.get("rank"))).collect();
    let out = ok(&["classify", "--game", "minishogi"], &input);
    let mut lines = out.lines();
    let header = lines.next().unwrap();
    assert_eq!(
        header.split('\t').collect::<Vec<_>>(),
        ["rank", "sfen", "stage", "n_prev", "search_pops", "search_nodes", "path_plies", "goal"]
    );
    assert_eq!(lines.clone().count(), picks.len());
    for (line, row) in lines.zip(&picks) {
        let cols: Vec<&str> = line.split('\t').collect();
        assert_eq!(cols.len(), 8, "{line}");
        assert_eq!(cols[0], row.get("rank"));
        assert_eq!(cols[1], row.get("sfen"));
        for (i, name) in
            [(2, "stage"), (3, "n_prev"), (4, "search_pops"), (5, "search_nodes"), (6, "path_plies")]
        {
            assert_eq!(cols[i], row.get(name), "{name} in {line}");
        }
        if let Some(goal) = row.opt("goal_fen") {
            let expected = shogi_reach_engine::Position::<shogi_reach_engine::MiniShogi>::from_sfen(goal)
                .unwrap()
                .to_sfen();
            assert_eq!(cols[7], expected);
        }
    }
}

#[test]
fn prove_reports_verdict_reason_and_path() {
    let out = ok(&["prove", "--game", "minishogi", "--json", "rbsgk/4p/5/P4/KGSBR b - 1"], "");
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["verdict"], "reachable");
    assert_eq!(v["stage"], "OK");
    let path = v["path"].as_array().unwrap();
    assert!(!path.is_empty());
    assert_eq!(path.last().unwrap()["sfen"], "rbsgk/4p/5/P4/KGSBR b - 1");
    let text = ok(&["prove", "--game", "minishogi", "+r4/5/pK+BgS/1p2G/S1k+b+R[] w"], "");
    assert!(text.contains("unreachable (stage reach)"), "{text}");
    let text = ok(&["prove", "--game", "minishogi", "rbsgk/4p/5/5/KGSBR b - 1"], "");
    assert!(text.contains("unreachable (stage count)"), "{text}");
    let text =
        ok(&["prove", "--game", "minishogi", "--max-nodes", "10", "2RB1/1P2G/3B1/GK1R1/2PSk b s 1"], "");
    assert!(text.contains("verdict:"), "{text}");
}

#[test]
fn estimate_shards_merge_to_the_whole_run() {
    let dir = std::env::temp_dir().join(format!("shogi-reach-cli-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let args = ["estimate", "--game", "minishogi", "--samples", "5000", "--seed", "4", "--json"];
    let whole: serde_json::Value = serde_json::from_str(&ok(&args, "")).unwrap();
    let mut files = Vec::new();
    for k in 0..2 {
        let shard = format!("{k}/2");
        let mut a = args.to_vec();
        a.extend(["--shard", &shard, "--threads", "1"]);
        let path = dir.join(format!("shard-{k}.json"));
        std::fs::write(&path, ok(&a, "")).unwrap();
        files.push(path.to_string_lossy().into_owned());
    }
    let mut merge_args = vec!["merge", "--json"];
    merge_args.extend(files.iter().map(String::as_str));
    let merged: serde_json::Value = serde_json::from_str(&ok(&merge_args, "")).unwrap();
    // The merge keeps each shard's provenance beside its file name and ranges.
    for (k, file) in files.iter().enumerate() {
        let shard: serde_json::Value = serde_json::from_str(&std::fs::read_to_string(file).unwrap()).unwrap();
        let source = &merged["shards"][k];
        assert_eq!((&source["file"], &source["ranges"]), (&file.as_str().into(), &shard["ranges"]));
        assert_eq!(source["provenance"], shard["provenance"], "shard {k}");
    }
    assert_eq!(merged["shards"].as_array().unwrap().len(), 2);
    assert_eq!(counts(merged), counts(whole));
    let text = ok(&["merge", &files[0], &files[1]], "");
    assert!(text.contains("Table 1") && text.contains("|R| = "), "{text}");
    // Half the shards: merged, with a note.
    let (success, _, err) = run(&["merge", &files[0]], "");
    assert!(success && err.contains("only part"));
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn proof_game_in_every_format() {
    use shogi_reach_engine::records::{parse_kif, parse_usi_command};
    use shogi_reach_engine::rules::play;
    use shogi_reach_engine::{MiniShogi, Position, Shogi};
    // A reachable Shogi position from the authors' results: the USI command replays to it.
    let sfen = "2K1lp1l1/1P3P3/4+L2P1/2p2+b1N1/2+p5S/pp+pp+NB1pp/+pr1g1g1+s+P/+r1s1+n+pkg+S/P1P1+PgN2 b L 1";
    let usi = ok(&["proof-game", "--method", "kk", sfen], "");
    assert!(
        usi.starts_with("position startpos moves 7g7f 8b3b 8h3c 3b3c 2h3h"),
        "the paper's opening: {usi}"
    );
    let (start, moves) = parse_usi_command::<Shogi>(&usi).unwrap();
    let end = moves.iter().fold(start, |p, &m| play(&p, m));
    assert_eq!(end, Position::from_sfen(sfen).unwrap());
    let kif = ok(&["proof-game", "--method", "kk", "--format", "kif", sfen], "");
    assert!(kif.contains("手合割：平手") && kif.contains("   1 ７六歩(77)"), "{kif}");
    assert_eq!(parse_kif::<Shogi>(&kif).unwrap(), moves);
    // Mini Shogi as JSON: the parts add up and every move comes with the position after it.
    let json: serde_json::Value = serde_json::from_str(&ok(
        &["proof-game", "--game", "minishogi", "--method", "kk", "--format", "json", "startpos"],
        "",
    ))
    .unwrap();
    let plies = json["plies"].as_u64().unwrap();
    assert_eq!(
        plies,
        json["opening"].as_u64().unwrap()
            + json["connection"].as_u64().unwrap()
            + json["path"].as_u64().unwrap()
    );
    assert_eq!(json["moves"].as_array().unwrap().len() as u64, plies);
    // No KK route is shorter than the bound, and this one needs more than its opening.
    let kk_bound = json["kk_bound"].as_u64().unwrap();
    assert!(json["opening"].as_u64().unwrap() < kk_bound && kk_bound <= plies, "{kk_bound} of {plies}");
    assert_eq!(json["moves"].as_array().unwrap().last().unwrap()["sfen"], "rbsgk/4p/5/P4/KGSBR b - 1");
    let (_, moves) = parse_usi_command::<MiniShogi>(json["usi"].as_str().unwrap()).unwrap();
    assert_eq!(moves.len() as u64, plies);
    // By default the short search's game when it is shorter, here a shortest one.
    let two_plies = "lnsgkgsnl/1r5b1/pppppp1pp/6p2/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL b - 1";
    let json: serde_json::Value =
        serde_json::from_str(&ok(&["proof-game", "--format", "json", two_plies], "")).unwrap();
    assert_eq!(json["method"], "short");
    assert_eq!(json["shortest"], true);
    assert_eq!(json["plies"], 2);
    assert_eq!(json["lower_bound"], 2);
    assert!(json["kk_bound"].is_null());
    assert_eq!(json["usi"], "position startpos moves 7g7f 3c3d");
    assert!(ok(&["proof-game", "--format", "kif", two_plies], "").contains("2 plies (shortest possible)"));
    // No game for an unreachable position.
    let err = fails(&["proof-game", "4k4/9/9/9/4R4/9/9/9/4K4 b B2G2S2N2L9Prb2g2s2n2l9p 1"], "");
    assert!(err.contains("no proof game") && err.contains("stage king"), "{err}");
}

/// Runs the binary with standard output to `stdout` (and no input), returning success and standard error.
fn run_to(args: &[&str], stdout: Stdio) -> (bool, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_shogi-reach"))
        .args(args)
        .stdin(Stdio::null())
        .stdout(stdout)
        .stderr(Stdio::piped())
        .output()
        .unwrap();
    (out.status.success(), String::from_utf8(out.stderr).unwrap())
}

#[test]
fn write_errors_fail_every_command() {
    let sfen = "rbsgk/4p/5/P4/KGSBR b - 1";
    for args in [
        &["count", "--game", "minishogi"][..],
        &["unrank", "--game", "minishogi", "0"],
        &["rank", "--game", "minishogi", sfen],
        &["perft", "--game", "minishogi", "--depth", "2"],
        &["sample", "--game", "minishogi", "--seed", "1", "--count", "3"],
        &["prove", "--game", "minishogi", sfen],
        &["estimate", "--game", "minishogi", "--samples", "10", "--seed", "1"],
        &["predecessors", "--game", "minishogi", sfen],
        &["explain", "--game", "minishogi", "2g1g/1k+b2/1+s1+p1/1+PK+RB/+r4 b s 1"],
    ] {
        let full = std::fs::OpenOptions::new().write(true).open("/dev/full").unwrap();
        let (success, err) = run_to(args, Stdio::from(full));
        assert!(!success, "{args:?} > /dev/full succeeded");
        assert!(err.contains("writing output"), "{args:?}: {err}");
    }
}

#[test]
fn a_closed_pipe_ends_quietly() {
    // `sample … | head -1`: the reader goes away after one line; the command stops without an error.
    let mut child = Command::new(env!("CARGO_BIN_EXE_shogi-reach"))
        .args(["sample", "--game", "shogi", "--seed", "1", "--count", "100000000"])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut first = [0u8; 16];
    std::io::Read::read_exact(child.stdout.as_mut().unwrap(), &mut first).unwrap();
    drop(child.stdout.take());
    let out = child.wait_with_output().unwrap();
    assert!(out.status.success(), "exit {:?}", out.status);
    assert!(out.stderr.is_empty(), "{}", String::from_utf8_lossy(&out.stderr));
}

#[test]
fn perft_is_bounded_and_refuses_positions_with_a_capturable_king() {
    let err = fails(&["perft", "--game", "minishogi", "--depth", "5000"], "");
    assert!(err.contains("at most 10"), "{err}");
    fails(&["perft", "--game", "minishogi", "--depth", "11"], "");
    assert_eq!(ok(&["perft", "--game", "minishogi", "--depth", "0"], ""), "1\n");
    // Sente to move can take Gote's king on 1a with the rook on 1e.
    let err = fails(&["perft", "--game", "minishogi", "--depth", "1", "4k/5/5/5/K3R b BGSPrbgsp 1"], "");
    assert!(err.contains("in check"), "{err}");
}

#[test]
fn estimate_arguments_are_bounded() {
    let base = ["estimate", "--game", "minishogi", "--seed", "1"];
    fn with<'a>(base: &[&'a str], extra: &[&'a str]) -> Vec<&'a str> {
        base.iter().chain(extra).copied().collect()
    }
    fails(&with(&base, &["--samples", "0"]), "");
    fails(&with(&base, &["--samples", "10", "--threads", "100000"]), "");
    fails(&with(&base, &["--samples", "10", "--threads", "0"]), "");
    fails(&with(&base, &["--samples", "10", "--max-nodes", "0"]), "");
    // The last shard of the largest run ends at once instead of looping past 2^64.
    let json = ok(
        &with(
            &base,
            &[
                "--samples",
                "18446744073709551615",
                "--shard",
                "18446744073709551614/18446744073709551615",
                "--json",
            ],
        ),
        "",
    );
    let report: serde_json::Value = serde_json::from_str(&json).unwrap();
    assert_eq!(report["tally"]["samples"], 1);
}

#[test]
fn a_node_cap_stops_only_searches_with_work_left() {
    // Estimates decide `prev` by an exhausted lazy search of one position: the smallest cap keeps them.
    let run = ["estimate", "--game", "minishogi", "--samples", "3000", "--seed", "2", "--json"];
    let stages = |extra: &[&str]| -> serde_json::Value {
        let args: Vec<&str> = run.iter().chain(extra).copied().collect();
        serde_json::from_str::<serde_json::Value>(&ok(&args, "")).unwrap()["tally"]["stages"].clone()
    };
    let (capped, free) = (stages(&["--max-nodes", "1"]), stages(&[]));
    assert!(free["prev"].as_u64().unwrap() > 0);
    assert_eq!(capped["prev"], free["prev"]);
    // A search that needs more positions than its cap is `unknown`; one exhausted within it is decided.
    let reach_row = "+r4/5/pK+BgS/1p2G/S1k+b+R b - 1"; // 2 positions in all (minishogi-extras)
    let text = ok(&["prove", "--game", "minishogi", "--max-nodes", "1", reach_row], "");
    assert!(text.contains("verdict: unknown"), "{text}");
    let text = ok(&["prove", "--game", "minishogi", "--max-nodes", "2", reach_row], "");
    assert!(text.contains("unreachable (stage reach)"), "{text}");
    // The cap holds exactly: a search stopped by it has generated that many positions, not one more
    // expansion's worth (the start has 39 predecessors).
    for cap in [1, 2, 39, 1000] {
        let json = ok(&["prove", "--json", "--max-nodes", &cap.to_string(), "startpos"], "");
        let proof: serde_json::Value = serde_json::from_str(&json).unwrap();
        assert_eq!(
            (proof["verdict"].as_str(), proof["nodes"].as_u64()),
            (Some("unknown"), Some(cap)),
            "{json}"
        );
    }
}

#[test]
fn errors_quote_at_most_200_characters_of_the_input() {
    let long = "x".repeat(100_000);
    let err = fails(&["rank", "--game", "minishogi", &long], "");
    assert!(err.len() < 1000, "{} bytes of error", err.len());
    assert!(err.contains("100000 characters"), "{err}");
    // Within the 4096 bytes a line may have (a longer one is refused unread: `inputs.rs`).
    let err = fails(&["unrank", "--game", "minishogi"], &format!("{}\n", &long[..4000]));
    assert!(err.len() < 1000 && err.contains("4000 characters"), "{err}");
    // Values the argument parser reads, as separate arguments and as `--name=value`.
    let long = "9".repeat(10_000);
    let sfen = "rbsgk/4p/5/P4/KGSBR b - 1";
    let cases: [&[&str]; 10] = [
        &["estimate", "--samples", "10", "--seed", &long],
        &["estimate", "--seed", "1", "--samples", &long],
        &["estimate", "--seed", "1", "--samples", "10", "--shard", &long],
        &["count", "--game", &long],
        &["prove", "--record", "x.kif", "--ply", &long],
        &["perft", "--depth", &long],
        &["predecessors", "--game", "minishogi", "--piece", &long, sfen],
        &["predecessors", "--game", "minishogi", "--square", &long, sfen],
        &["prove", "--max-nodes", &long, sfen],
        &["estimate", &format!("--seed={long}"), "--samples", "10"],
    ];
    for args in cases {
        let err = fails(args, "");
        assert!(err.len() < 1000, "{:?}: {} bytes of error: {}", &args[..2], err.len(), &err[..300]);
        assert!(err.contains("10000 characters"), "{:?}: {err}", &args[..2]);
    }
}

#[test]
fn predecessors_lists_every_last_move() {
    // After 1e1b (the rook takes the pawn) and 2a1b (the gold takes the rook).
    let sfen = "rbs1k/4g/5/P4/KGSB1 b Pr 1";
    let json: serde_json::Value =
        serde_json::from_str(&ok(&["predecessors", "--game", "minishogi", "--json", sfen], "")).unwrap();
    let moves = json["last_moves"].as_array().unwrap();
    let take = moves.iter().find(|m| m["usi"] == "2a1b").expect("the gold's move");
    assert_eq!(take["japanese"], "☖１二金");
    let captured: Vec<&serde_json::Value> =
        take["before"].as_array().unwrap().iter().map(|b| &b["captured"]).collect();
    assert_eq!(captured, [&serde_json::Value::Null, &serde_json::json!("R"), &serde_json::json!("+R")]);
    let total: usize = moves.iter().map(|m| m["before"].as_array().unwrap().len()).sum();
    assert_eq!(json["predecessors"], total);
    let text = ok(&["predecessors", "--game", "minishogi", "--square", "1b", sfen], "");
    assert!(text.lines().skip(1).all(|l| l.contains("1b")), "{text}");
    let golds = ok(&["predecessors", "--game", "minishogi", "--piece", "g", sfen], "");
    assert!(golds.lines().skip(1).all(|l| l.contains('金')) && golds.lines().count() > 1, "{golds}");
    assert!(fails(&["predecessors", "--game", "minishogi", "--piece", "X", sfen], "").contains("--piece"));
    assert!(fails(&["predecessors", "--game", "minishogi", "--square", "9i", sfen], "").contains("--square"));
    // A position no legal game holds has no legal last move: refused with the diagnosis, as `prove` does.
    let doubled = "lnsgkgsnl/1r5b1/ppppppppp/9/9/2P6/P1PPPPPPP/1B5R1/LNSGKGSNL w - 1";
    let err = fails(&["predecessors", doubled], "");
    assert!(err.contains("not a legal position") && err.contains("two unpromoted pawns"), "{err}");
    let checked = "4k/4R/5/P4/KGSB1 b rbsgp 1"; // Gote's king in check, Sente to move
    let err = fails(&["predecessors", "--game", "minishogi", checked], "");
    assert!(err.contains("not a legal position") && err.contains("(king)"), "{err}");
}

#[test]
fn explain_certifies_unreachable_positions() {
    let double_check = "2g1g/1k+b2/1+s1+p1/1+PK+RB/+r4 b s 1";
    let text = ok(&["explain", "--game", "minishogi", double_check], "");
    assert!(text.starts_with("prev:") && text.contains("in check (from 4c, 2c) before this move"), "{text}");
    let json: serde_json::Value = serde_json::from_str(&ok(
        &["explain", "--game", "minishogi", "--json", "+p+P2G/k4/2+SS+R/1K2+B/1B3 b Rg 1"],
        "",
    ))
    .unwrap();
    assert_eq!(
        (json["stage"].as_str(), json["positions"].as_u64(), json["depth"].as_u64()),
        (Some("reach"), Some(3), Some(1))
    );
    assert_eq!(json["tree"].as_array().unwrap().len(), 3);
    let start = ok(&["explain", "--game", "minishogi", "rbsgk/4p/5/P4/KGSBR b - 1"], "");
    assert!(start.starts_with("OK"), "{start}");
    let piece = ok(&["explain", "--game", "minishogi", "rbsgk/5/P4/P4/KGSB1 b R 1"], "");
    assert!(piece.starts_with("piece") && piece.contains("two unpromoted pawns"), "{piece}");
}

#[test]
fn the_planner_says_how_many_samples_the_digits_need() {
    let run = ["estimate", "--game", "minishogi", "--samples", "4000", "--seed", "5", "--target-digits", "3"];
    let text = ok(&run, "");
    assert!(text.contains("3 significant digits at 3 sigma need about"), "{text}");
    let json: serde_json::Value = serde_json::from_str(&ok(&[&run[..], &["--json"]].concat(), "")).unwrap();
    let (needed, done) =
        (json["plan"]["samples_needed"].as_f64().unwrap(), json["plan"]["samples_done"].as_u64());
    assert!(needed > 1e6 && needed < 1e8, "{needed}");
    assert_eq!(done, Some(4000));
    assert!(fails(&[&run[..7], &["--target-digits", "0"]].concat(), "").contains("target-digits"));
}

/// The proof game's default budget is counted in positions: the same game, byte for byte, on one thread
/// or two, and on a machine busy with other work (the time budget it replaced gave 66 to 80 plies by run).
#[test]
fn a_proof_game_is_the_same_on_one_thread_two_and_under_load() {
    // Forty plies of an engine's game: the searches use their whole budget.
    let row = include_str!(concat!(env!("CARGO_MANIFEST_DIR"), "/../engine/tests/data/selfplay/shogi.tsv"))
        .lines()
        .find(|l| l.split('\t').nth(1) == Some("40"));
    let sfen = row.expect("a 40-ply row").split('\t').nth(2).unwrap();
    let game = |threads: &str| ok(&["proof-game", "--format", "json", "--threads", threads, sfen], "");
    let two = game("2");
    assert_eq!(game("1"), two, "one thread");
    let stop = std::sync::Arc::new(std::sync::atomic::AtomicBool::new(false));
    let burners: Vec<_> = (0..3)
        .map(|_| {
            let stop = stop.clone();
            std::thread::spawn(move || {
                let mut x = 0u64;
                while !stop.load(std::sync::atomic::Ordering::Relaxed) {
                    x = std::hint::black_box(x.wrapping_mul(6364136223846793005).wrapping_add(1));
                }
            })
        })
        .collect();
    let loaded = game("2");
    stop.store(true, std::sync::atomic::Ordering::Relaxed);
    burners.into_iter().for_each(|b| b.join().unwrap());
    assert_eq!(loaded, two, "under load");
    let json: serde_json::Value = serde_json::from_str(&two).unwrap();
    assert_eq!(json["method"], "short", "{two}");
}

#[test]
fn reports_say_what_made_them() {
    let args = ["estimate", "--game", "minishogi", "--samples", "100", "--seed", "1", "--threads", "3"];
    let report: serde_json::Value =
        serde_json::from_str(&ok(&[&args[..], &["--json"]].concat(), "")).unwrap();
    let p = &report["provenance"];
    assert_eq!((&p["program"], &p["version"]), (&"shogi-reach".into(), &env!("CARGO_PKG_VERSION").into()));
    assert_eq!((&p["threads"], &p["os"]), (&3.into(), &std::env::consts::OS.into()));
    assert!(p["cpu_seconds"].as_f64().unwrap() >= 0.0 && p["wall_seconds"].as_f64().unwrap() >= 0.0, "{p}");
    for field in ["profile", "cpu", "host"] {
        assert!(!p[field].as_str().unwrap().is_empty(), "{field}: {p}");
    }
    // The commit the binary was built from: this repository's HEAD (marked +dirty when built with changes).
    let git = |args: &[&str]| Command::new("git").args(args).current_dir(env!("CARGO_MANIFEST_DIR")).output();
    let commit = p["commit"].as_str().unwrap();
    match git(&["rev-parse", "HEAD"]) {
        Ok(out) if out.status.success() => {
            let head = String::from_utf8(out.stdout).unwrap().trim().to_string();
            assert!(commit == head || commit == format!("{head}+dirty"), "{commit}, HEAD {head}");
            let clean = git(&["diff", "--quiet", "HEAD", "--"]).unwrap().status.success();
            if clean {
                assert_eq!(commit, head, "a build of a clean tree");
            }
        }
        _ => assert_eq!(commit, "unknown"),
    }
    let text = ok(&args, "");
    assert!(text.contains("made by shogi-reach ") && text.contains(", 3 threads, "), "{text}");
}
