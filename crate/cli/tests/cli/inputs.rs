//! Every file the command line reads is read bounded: a FIFO, a device or a folder is refused by name
//! before it is read (never a hang), a file over its limit is refused after limit + 1 bytes (never the
//! memory filled), and standard input's lines are bounded too.

use crate::common::{finish_within, TempDir};
use std::process::{Command, Stdio};

/// The binary run under a 2 GiB address-space limit (a program that reads `/dev/zero` whole dies of it
/// instead of taking the machine's memory), given `seconds` to fail: its standard error.
fn refused(args: &[&str], stdin: Stdio, seconds: u64) -> String {
    let child = Command::new("sh")
        .args(["-c", "ulimit -v 2097152; exec \"$0\" \"$@\"", env!("CARGO_BIN_EXE_shogi-reach")])
        .args(args)
        .env("SHOGI_REACH_KEY", format!("{}/key", env!("CARGO_TARGET_TMPDIR")))
        .stdin(stdin)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let Some((out, err)) = finish_within(child, seconds) else {
        panic!("{args:?} still ran after {seconds} s")
    };
    assert_eq!(out.status.code(), Some(1), "{args:?}: {err}");
    assert!(out.stdout.is_empty(), "{args:?} printed something");
    err
}

/// The commands that read a file, with `file` as the file.
fn readers(file: &str) -> Vec<Vec<&str>> {
    vec![
        vec!["record", file],
        vec!["merge", file],
        vec![
            "estimate",
            "--game",
            "minishogi",
            "--samples",
            "10",
            "--seed",
            "1",
            "--threads",
            "1",
            "--resume",
            file,
        ],
        vec!["proof-game", "--record", file],
        vec!["prove", "--record", file],
    ]
}

#[test]
fn devices_fifos_and_folders_are_refused_by_name_before_a_byte_is_read() {
    let dir = TempDir::new("special");
    let fifo = dir.file("pipe");
    assert!(Command::new("mkfifo").arg(&fifo).status().unwrap().success());
    for (file, kind) in
        [("/dev/zero", "a character device"), (&fifo[..], "a FIFO"), (&dir.file(""), "a folder")]
    {
        for args in readers(file) {
            let err = refused(&args, Stdio::null(), 20);
            assert!(
                err.contains(&format!("is {kind}")) && err.contains("not a regular file"),
                "{args:?}: {err}"
            );
        }
    }
}

#[test]
fn a_replicate_shard_file_that_is_a_device_is_refused() {
    let dir = TempDir::new("replicate");
    std::os::unix::fs::symlink("/dev/zero", dir.file("shard-0-of-1.json")).unwrap();
    let args =
        ["replicate", "--game", "minishogi", "--fraction", "1e-5", "--threads", "1", "--dir", &dir.file("")];
    let err = refused(&args, Stdio::null(), 20);
    assert!(err.contains("shard-0-of-1.json is a character device"), "{err}");
}

/// A file of `bytes` zero bytes, made at once (sparse).
fn file_of(dir: &TempDir, name: &str, bytes: u64) -> String {
    let path = dir.file(name);
    std::fs::File::create(&path).unwrap().set_len(bytes).unwrap();
    path
}

#[test]
fn a_file_one_byte_over_its_limit_is_refused_with_the_limit() {
    let dir = TempDir::new("limits");
    let record_limit = shogi_reach_engine::records::error::MAX_RECORD_BYTES as u64;
    let record = file_of(&dir, "big.kif", record_limit + 1);
    for args in [vec!["record", &record[..]], vec!["proof-game", "--record", &record]] {
        let err = refused(&args, Stdio::null(), 20);
        assert!(err.contains(&format!("is larger than {record_limit} bytes")), "{args:?}: {err}");
    }
    // 128 MiB, the report files' limit (crate/cli/src/checkpoint.rs says why).
    let report_limit: u64 = 128 << 20;
    let report = file_of(&dir, "big.json", report_limit + 1);
    let resume = readers(&report)[2].clone();
    for args in [vec!["merge", &report[..]], resume] {
        let err = refused(&args, Stdio::null(), 20);
        assert!(err.contains(&format!("is larger than {report_limit} bytes")), "{args:?}: {err}");
    }
    // At the limit, the file is read: then refused for what it holds.
    let full = file_of(&dir, "full.kif", record_limit);
    let err = refused(&["record", &full], Stdio::null(), 20);
    assert!(!err.contains("larger than"), "{err}");
}

#[test]
fn an_endless_line_on_standard_input_is_refused() {
    for args in [vec!["unrank"], vec!["classify", "--game", "minishogi"]] {
        let zero = std::fs::File::open("/dev/zero").unwrap();
        let err = refused(&args, Stdio::from(zero), 20);
        assert!(err.contains("input line 1 is longer than 4096 bytes"), "{args:?}: {err}");
    }
}
