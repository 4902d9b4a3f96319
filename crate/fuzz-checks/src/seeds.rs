//! Every committed seed of every fuzz target, through that target's checks.

use std::path::PathBuf;

/// Runs `check` on each file of `crate/fuzz/seeds/<target>/`; a failing seed is named.
fn replay(target: &str, check: fn(&[u8])) {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../fuzz/seeds").join(target);
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .map(|entry| entry.unwrap().path())
        .collect();
    files.sort();
    assert!(!files.is_empty(), "no seeds in {}", dir.display());
    for file in files {
        let data = std::fs::read(&file).unwrap();
        if let Err(panic) = std::panic::catch_unwind(|| check(&data)) {
            let why =
                panic.downcast_ref::<String>().map(String::as_str).or(panic.downcast_ref::<&str>().copied());
            panic!("seed {} of `{target}` fails: {}", file.display(), why.unwrap_or("(a panic)"));
        }
    }
}

#[test]
fn input() {
    replay("input", crate::input::check_input);
}

#[test]
fn prove() {
    replay("prove", crate::prove::check_input);
}

#[test]
fn rank() {
    replay("rank", crate::rank::check_input);
}

#[test]
fn records() {
    replay("records", crate::records::check_input);
}

#[test]
fn sfen() {
    replay("sfen", crate::sfen::check_input);
}

#[test]
fn shard() {
    replay("shard", crate::shard::check_input);
}
