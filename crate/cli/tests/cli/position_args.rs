//! Positions given as trailing words: options after them are options, in every command that takes one,
//! while the words a position may start with `-` (the empty hand, a number) stay part of it.

use crate::common::{cli, fails, finish, ok};

const MINI: &str = "rbsgk/4p/5/P4/KGSBR b - 1";

/// The position's fields as separate words, as a shell splits it unquoted.
fn words(sfen: &str) -> Vec<&str> {
    sfen.split(' ').collect()
}

/// `command` with the options before the position and after it: the same output.
fn same_either_side(command: &str, options: &[&str], position: &[&str]) -> String {
    let before: Vec<&str> = [&[command], options, position].concat();
    let after: Vec<&str> = [&[command], position, options].concat();
    let expected = ok(&before);
    assert_eq!(ok(&after), expected, "{after:?}");
    expected
}

#[test]
fn options_after_the_position_are_options() {
    let json = same_either_side("prove", &["--json"], &["startpos"]);
    assert!(json.contains("\"verdict\": \"reachable\""), "{json}");
    let capped = same_either_side("prove", &["--game", "minishogi", "--max-nodes", "10"], &words(MINI));
    assert!(capped.contains("verdict: unknown"), "{capped}");
    let rank = same_either_side("rank", &["--game", "minishogi"], &words(MINI));
    assert_eq!(rank, "922954480167522874\n");
    let perft = same_either_side("perft", &["--game", "minishogi", "--depth", "2", "--divide"], &words(MINI));
    assert!(perft.contains("\ntotal "), "{perft}");
    let before = "rbs1k/4g/5/P4/KGSB1 b Pr 1";
    let last = same_either_side(
        "predecessors",
        &["--game", "minishogi", "--square", "1b", "--json"],
        &words(before),
    );
    assert!(last.contains("\"predecessors\": 10"), "{last}");
    let unreachable = "+r4/5/pK+BgS/1p2G/S1k+b+R b - 1";
    let explained = same_either_side("explain", &["--game", "minishogi", "--json"], &words(unreachable));
    assert!(explained.contains("\"stage\": \"reach\""), "{explained}");
    let game = same_either_side("proof-game", &["--game", "minishogi", "--method", "kk"], &words(MINI));
    assert!(game.starts_with("position sfen rbsgk/4p/5/P4/KGSBR b - 1 moves"), "{game}");
    let unranked = same_either_side("unrank", &["--game", "minishogi"], &["922954480167522874", "0"]);
    assert_eq!(unranked, "rbsgk/4p/5/P4/KGSBR b - 1\nKpb2/ksb2/gs3/gr3/pr3 b - 1\n");
}

#[test]
fn an_option_between_the_fields_of_a_position_is_an_option_too() {
    let args = ["prove", "--game", "minishogi", "rbsgk/4p/5/P4/KGSBR", "--json", "b", "-", "1"];
    assert!(ok(&args).contains("\"verdict\": \"reachable\""));
}

#[test]
fn words_that_start_with_a_hyphen_reach_the_engine_or_are_refused_by_name() {
    // A negative number is a word of the input, refused by the engine as what it is.
    let err = fails(&["prove", "--game", "minishogi", "rbsgk/4p/5/P4/KGSBR", "b", "-", "-1"]);
    assert!(err.contains("bad move number \"-1\""), "{err}");
    assert!(fails(&["unrank", "--game", "minishogi", "-1"]).contains("not a rank"));
    // Any other word with a hyphen is an option: an unknown one is an argument error (exit 2).
    let (out, err) = finish(
        cli(&["prove", "--game", "minishogi", "rbsgk/4p/5/P4/KGSBR", "b", "-x", "1"]).spawn().unwrap(),
    );
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert!(err.contains("unexpected argument '-x'"), "{err}");
    // A misspelt option after the position is named, not read as part of the position.
    let err = fails(&["prove", "startpos", "--jsn"]);
    assert!(err.contains("unexpected argument '--jsn'"), "{err}");
}
