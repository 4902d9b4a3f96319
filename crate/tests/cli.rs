//! The command line: outputs, standard input, and errors with a non-zero exit code.

mod common;
use std::io::Write;
use std::process::{Command, Stdio};

fn run(args: &[&str], stdin: &str) -> (bool, String, String) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_shogi-reach"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    child.stdin.take().unwrap().write_all(stdin.as_bytes()).unwrap();
    let out = child.wait_with_output().unwrap();
    (out.status.success(), String::from_utf8(out.stdout).unwrap(), String::from_utf8(out.stderr).unwrap())
}

fn ok(args: &[&str], stdin: &str) -> String {
    let (success, out, err) = run(args, stdin);
    assert!(success, "{args:?} failed: {err}");
    out
}

fn fails(args: &[&str], stdin: &str) -> String {
    let (success, _, err) = run(args, stdin);
    assert!(!success, "{args:?} should fail");
    assert!(!err.trim().is_empty(), "{args:?}: no message");
    err
}

#[test]
fn count_unrank_rank() {
    assert_eq!(ok(&["count", "--variant", "minishogi"], ""), "16014219505238849250\n");
    assert_eq!(
        ok(&["count", "--variant", "shogi"], "").trim(),
        "80880932079767835177773204009328769812438521503800714936366945233084532"
    );
    let out = ok(&["unrank", "--variant", "minishogi", "922954480167522874", "0"], "");
    assert_eq!(out, "rbsgk/4p/5/P4/KGSBR b - 1\nKpb2/ksb2/gs3/gr3/pr3 b - 1\n");
    // Ranks from standard input; blank lines are skipped.
    let out = ok(&["unrank", "--variant", "minishogi"], "922954480167522874\n\n0\n");
    assert_eq!(out, "rbsgk/4p/5/P4/KGSBR b - 1\nKpb2/ksb2/gs3/gr3/pr3 b - 1\n");
    // SFEN as one argument or as separate fields; the reference format too.
    assert_eq!(
        ok(&["rank", "--variant", "minishogi", "rbsgk/4p/5/P4/KGSBR b - 1"], ""),
        "922954480167522874\n"
    );
    assert_eq!(
        ok(&["rank", "--variant", "minishogi", "rbsgk/4p/5/P4/KGSBR", "b", "-", "1"], ""),
        "922954480167522874\n"
    );
    assert_eq!(
        ok(&["rank", "--variant", "minishogi", "rbsgk/4p/5/P4/KGSBR[] w"], ""),
        "922954480167522874\n"
    );
}

#[test]
fn sample_then_unrank_then_rank() {
    let ranks = ok(&["sample", "--variant", "shogi", "--seed", "3", "--count", "5"], "");
    assert_eq!(ranks.lines().count(), 5);
    let later = ok(&["sample", "--variant", "shogi", "--seed", "3", "--count", "2", "--start", "3"], "");
    assert_eq!(later.lines().collect::<Vec<_>>(), ranks.lines().skip(3).collect::<Vec<_>>());
    let sfens = ok(&["unrank", "--variant", "shogi"], &ranks);
    for (r, sfen) in ranks.lines().zip(sfens.lines()) {
        assert_eq!(ok(&["rank", "--variant", "shogi", sfen], "").trim(), r);
    }
}

#[test]
fn perft() {
    assert_eq!(ok(&["perft", "--variant", "minishogi", "--depth", "3"], ""), "2512\n");
    assert_eq!(ok(&["perft", "--depth", "2", "startpos"], ""), "900\n");
    let divide = ok(&["perft", "--variant", "minishogi", "--depth", "2", "--divide"], "");
    assert_eq!(divide.lines().count(), 15);
    assert!(divide.ends_with("total 181\n"));
}

#[test]
fn bad_input_fails_with_a_message() {
    assert!(fails(&["unrank", "--variant", "minishogi", "16014219505238849250"], "").contains("out of range"));
    assert!(fails(&["unrank", "--variant", "minishogi", "-1"], "").contains("not a rank"));
    assert!(fails(&["unrank", "--variant", "minishogi"], "12x\n").contains("not a rank"));
    assert!(fails(&["rank", "--variant", "minishogi", "rbsgk/4p/5/P4/KGSB b - 1"], "").contains("row 5"));
    assert!(fails(&["rank", "--variant", "minishogi", "rbsgk/4p/5/P4/KGSBR w - 1"], "").contains("Sente"));
    assert!(
        fails(&["rank", "--variant", "shogi", "4k4/9/9/9/9/9/9/9/4K4 b - 1"], "").contains("full piece set")
    );
    assert!(fails(&["perft", "--variant", "shogi", "--depth", "1", "9/9/9/9/9/9/9/9/9 b - 1"], "")
        .contains("king"));
    fails(&["count", "--variant", "chess"], "");
}

#[test]
fn classify_prints_the_oracle_columns() {
    // Rows of the reference's sample: a king-stage reject, a prev reject and a reachable position.
    let rows = common::oracle("minishogi-sample.tsv");
    let picks: Vec<&common::Row> =
        ["king", "prev", "OK"].iter().map(|s| rows.iter().find(|r| r.get("stage") == *s).unwrap()).collect();
    let input: String = picks.iter().map(|r| format!("{}\n", r.get("rank"))).collect();
    let out = ok(&["classify", "--variant", "minishogi"], &input);
    for (line, row) in out.lines().zip(&picks) {
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
            let expected =
                shogi_reach::Position::<shogi_reach::MiniShogi>::from_sfen(goal).unwrap().to_sfen();
            assert_eq!(cols[7], expected);
        }
    }
}

#[test]
fn prove_reports_verdict_reason_and_path() {
    let out = ok(&["prove", "--variant", "minishogi", "--json", "rbsgk/4p/5/P4/KGSBR b - 1"], "");
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["verdict"], "reachable");
    assert_eq!(v["stage"], "OK");
    let path = v["path"].as_array().unwrap();
    assert!(!path.is_empty());
    assert_eq!(path.last().unwrap()["sfen"], "rbsgk/4p/5/P4/KGSBR b - 1");
    let text = ok(&["prove", "--variant", "minishogi", "+r4/5/pK+BgS/1p2G/S1k+b+R[] w"], "");
    assert!(text.contains("unreachable (stage reach)"), "{text}");
    let text = ok(&["prove", "--variant", "minishogi", "rbsgk/4p/5/5/KGSBR b - 1"], "");
    assert!(text.contains("unreachable (stage count)"), "{text}");
    let text =
        ok(&["prove", "--variant", "minishogi", "--max-nodes", "10", "2RB1/1P2G/3B1/GK1R1/2PSk b s 1"], "");
    assert!(text.contains("verdict:"), "{text}");
}

#[test]
fn estimate_shards_merge_to_the_whole_run() {
    let dir = std::env::temp_dir().join(format!("shogi-reach-cli-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let args = ["estimate", "--variant", "minishogi", "--samples", "5000", "--seed", "4", "--json"];
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
    assert_eq!(merged, whole);
    let text = ok(&["merge", &files[0], &files[1]], "");
    assert!(text.contains("Table 1") && text.contains("|R| = "), "{text}");
    // Half the shards: merged, with a note.
    let (success, _, err) = run(&["merge", &files[0]], "");
    assert!(success && err.contains("only part"));
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn proof_game_in_every_format() {
    use shogi_reach::records::{kif::parse_kif, usi::parse_usi_command};
    use shogi_reach::rules::play;
    use shogi_reach::{MiniShogi, Position, Shogi};
    // A reachable Shogi position from the authors' results: the USI command replays to it.
    let sfen = "2K1lp1l1/1P3P3/4+L2P1/2p2+b1N1/2+p5S/pp+pp+NB1pp/+pr1g1g1+s+P/+r1s1+n+pkg+S/P1P1+PgN2 b L 1";
    let usi = ok(&["proof-game", sfen], "");
    assert!(
        usi.starts_with("position startpos moves 7g7f 8b3b 8h3c 3b3c 2h3h"),
        "the paper's opening: {usi}"
    );
    let (start, moves) = parse_usi_command::<Shogi>(&usi).unwrap();
    let end = moves.iter().fold(start, |p, &m| play(&p, m));
    assert_eq!(end, Position::from_sfen(sfen).unwrap());
    let kif = ok(&["proof-game", "--format", "kif", sfen], "");
    assert!(kif.contains("手合割：平手") && kif.contains("   1 ７六歩(77)"), "{kif}");
    assert_eq!(parse_kif::<Shogi>(&kif).unwrap(), moves);
    // Mini Shogi as JSON: the parts add up and every move comes with the position after it.
    let json: serde_json::Value = serde_json::from_str(&ok(
        &["proof-game", "--variant", "minishogi", "--format", "json", "startpos"],
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
    assert_eq!(json["moves"].as_array().unwrap().last().unwrap()["sfen"], "rbsgk/4p/5/P4/KGSBR b - 1");
    let (_, moves) = parse_usi_command::<MiniShogi>(json["usi"].as_str().unwrap()).unwrap();
    assert_eq!(moves.len() as u64, plies);
    // No game for an unreachable position.
    let err = fails(&["proof-game", "4k4/9/9/9/4R4/9/9/9/4K4 b B2G2S2N2L9Prb2g2s2n2l9p 1"], "");
    assert!(err.contains("no proof game") && err.contains("stage king"), "{err}");
}
