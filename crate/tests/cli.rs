//! The command line: outputs, standard input, and errors with a non-zero exit code.

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
    assert_eq!(ok(&["rank", "--variant", "minishogi", "rbsgk/4p/5/P4/KGSBR b - 1"], ""), "922954480167522874\n");
    assert_eq!(ok(&["rank", "--variant", "minishogi", "rbsgk/4p/5/P4/KGSBR", "b", "-", "1"], ""), "922954480167522874\n");
    assert_eq!(ok(&["rank", "--variant", "minishogi", "rbsgk/4p/5/P4/KGSBR[] w"], ""), "922954480167522874\n");
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
    assert!(fails(&["rank", "--variant", "shogi", "4k4/9/9/9/9/9/9/9/4K4 b - 1"], "").contains("full piece set"));
    assert!(fails(&["perft", "--variant", "shogi", "--depth", "1", "9/9/9/9/9/9/9/9/9 b - 1"], "").contains("king"));
    fails(&["count", "--variant", "chess"], "");
}
