//! The files the command line writes: an existing file is replaced only with `--force`, the file read
//! never (a symbolic link or not), a symbolic link is replaced and not its target, a folder that cannot
//! take the file is found before the search, and no partial file stays behind, a killed run's included.

use crate::common::{cli, counts_of, fails, ok, TempDir};

// After 7g7f 3c3d 8h2b+ 3a2b: the bishop exchange.
const EXCHANGE: &str = "lnsgkg1nl/1r5s1/pppppp1pp/6p2/9/2P6/PP1PPPPPP/7R1/LNSGKGSNL b Bb 1";
const GAME: &str = "position startpos moves 7g7f 3c3d 8h2b 3a2b\n";
const NOTES: &str = "a record with comments, worth keeping\n";

fn read(path: &str) -> String {
    std::fs::read_to_string(path).unwrap()
}

#[test]
fn an_existing_file_is_replaced_only_with_force() {
    let dir = TempDir::new("force");
    let game = dir.file("g.usi");
    std::fs::write(&game, NOTES).unwrap();
    let err = fails(&["proof-game", "--output", &game, EXCHANGE]);
    assert!(err.contains("the file exists; give --force to replace it"), "{err}");
    assert_eq!(read(&game), NOTES, "kept");
    assert_eq!(ok(&["proof-game", "--force", "--output", &game, EXCHANGE]), GAME);
    assert_eq!(read(&game), GAME);
    assert_eq!(dir.names(), ["g.usi"], "no partial file left");
}

#[test]
fn the_record_read_is_never_replaced_even_with_force() {
    let dir = TempDir::new("input");
    let record = dir.file("r.usi");
    std::fs::write(&record, "position startpos moves 7g7f 3c3d\n").unwrap();
    let link = dir.file("link.usi");
    std::os::unix::fs::symlink(&record, &link).unwrap();
    for (input, output) in [(&record, &record), (&link, &record), (&record, &link)] {
        let err = fails(&["proof-game", "--record", input, "--ply", "2", "--force", "--output", output]);
        assert!(err.contains("it is the file read") && err.contains("nothing was searched"), "{err}");
    }
    assert_eq!(read(&record), "position startpos moves 7g7f 3c3d\n");
    assert!(std::fs::symlink_metadata(&link).unwrap().file_type().is_symlink());
}

#[test]
fn a_symbolic_link_is_replaced_not_its_target() {
    let dir = TempDir::new("symlink");
    let (notes, link, broken) = (dir.file("notes.txt"), dir.file("link.usi"), dir.file("broken.usi"));
    std::fs::write(&notes, NOTES).unwrap();
    std::os::unix::fs::symlink(&notes, &link).unwrap();
    std::os::unix::fs::symlink(dir.file("nothing"), &broken).unwrap();
    for output in [&link, &broken] {
        let err = fails(&["proof-game", "--output", output, EXCHANGE]);
        assert!(err.contains("the file exists"), "{err}");
    }
    assert_eq!(read(&notes), NOTES);
    assert_eq!(ok(&["proof-game", "--force", "--output", &link, EXCHANGE]), GAME);
    assert_eq!(read(&notes), NOTES, "the link's target is kept");
    assert!(std::fs::symlink_metadata(&link).unwrap().is_file(), "the link is now the file");
    assert_eq!(read(&link), GAME);
}

#[test]
fn a_folder_that_cannot_take_the_file_is_found_before_the_search() {
    let dir = TempDir::new("folder");
    let (missing, not_folder) = (dir.file("no/such/x.kif"), dir.file("plain/x.kif"));
    std::fs::write(dir.file("plain"), "").unwrap();
    std::fs::create_dir(dir.file("d.kif")).unwrap();
    let cases = [
        (&missing[..], "the folder"),
        (&not_folder, "is not a folder"),
        (&dir.file("x.kif/"), "is not a file name"),
        (&dir.file("d.kif"), "is a folder"),
    ];
    for (output, why) in cases {
        let out = cli(&["proof-game", "--output", output, "--force", EXCHANGE]).output().unwrap();
        let err = String::from_utf8(out.stderr).unwrap();
        assert!(err.contains(why) && err.contains("nothing was searched"), "{output}: {err}");
        assert!(out.stdout.is_empty());
    }
    assert!(fails(&["proof-game", "--output", &missing, EXCHANGE]).contains("does not exist"));
}

const RUN: [&str; 10] =
    ["estimate", "--game", "minishogi", "--samples", "1000", "--seed", "1", "--threads", "1", "--json"];

#[test]
fn a_checkpoint_replaces_an_existing_file_only_with_force() {
    let dir = TempDir::new("checkpoint");
    let ck = dir.file("ck.json");
    std::fs::write(&ck, NOTES).unwrap();
    let err = fails(&[&RUN[..], &["--checkpoint", &ck]].concat());
    assert!(err.contains("the file exists; continue its run with --resume"), "{err}");
    assert_eq!(read(&ck), NOTES);
    let report = ok(&[&RUN[..], &["--checkpoint", &ck, "--force"]].concat());
    assert_eq!(counts_of(&read(&ck)), counts_of(&report));
    // Resumed, the checkpoint is the file's own to replace.
    let resumed = ok(&[&RUN[..], &["--resume", &ck, "--checkpoint", &ck]].concat());
    assert_eq!(counts_of(&resumed), counts_of(&report));
}

#[test]
fn partial_files_of_killed_runs_are_removed() {
    let dir = TempDir::new("partial");
    // No process has a number above Linux's largest, 2^22; this test's process is alive.
    let dead = dir.file(&format!("ck.json.{}.partial", 1 << 23));
    let alive = dir.file(&format!("ck.json.{}.partial", std::process::id()));
    let other = dir.file(&format!("other.json.{}.partial", 1 << 23));
    for file in [&dead, &alive, &other] {
        std::fs::write(file, "half a report").unwrap();
    }
    ok(&[&RUN[..], &["--checkpoint", &dir.file("ck.json")]].concat());
    assert!(!std::path::Path::new(&dead).exists(), "a dead run's partial file is removed");
    assert_eq!(read(&alive), "half a report", "a live run's is kept");
    assert_eq!(read(&other), "half a report", "another checkpoint's is kept");
    let game = dir.file("g.usi");
    let stale = format!("{game}.{}.partial", 1 << 23);
    std::fs::write(&stale, "half a game").unwrap();
    ok(&["proof-game", "--output", &game, EXCHANGE]);
    assert!(!std::path::Path::new(&stale).exists());
}
