//! What the tests that run the binary as a child process share: start it, wait for it, insist on its
//! success or failure.
#![allow(dead_code)] // each test crate uses its own part

use std::process::{Child, Command, Output, Stdio};

/// The binary with `args`, its output captured.
pub fn cli(args: &[&str]) -> Command {
    let mut command = Command::new(env!("CARGO_BIN_EXE_shogi-reach"));
    command.args(args).stdout(Stdio::piped()).stderr(Stdio::piped());
    command
}

/// Waits for `child`: its output, and its standard error as text.
pub fn finish(child: Child) -> (Output, String) {
    let out = child.wait_with_output().unwrap();
    let err = String::from_utf8(out.stderr.clone()).unwrap();
    (out, err)
}

/// The standard output of a run that must succeed.
pub fn ok(args: &[&str]) -> String {
    let (out, err) = finish(cli(args).spawn().unwrap());
    assert!(out.status.success(), "{args:?} failed: {err}");
    String::from_utf8(out.stdout).unwrap()
}

/// The standard error of a run that must fail.
pub fn fails(args: &[&str]) -> String {
    let (out, err) = finish(cli(args).spawn().unwrap());
    assert!(!out.status.success(), "{args:?} should fail");
    err
}

/// A report (or a merged one) without what differs from one run of the same samples to another: its
/// provenance (program, machine, time), a merged report's `shards` (the files' names and provenance)
/// and a checkpoint's checksum (of the whole file). The counts must be equal byte for byte; these need
/// not.
pub fn counts(mut report: serde_json::Value) -> serde_json::Value {
    let fields = report.as_object_mut().expect("a report is an object");
    assert!(fields.remove("provenance").is_some(), "a report has its provenance");
    fields.remove("shards");
    fields.remove("checksum");
    report
}

/// [`counts`] of a report's text.
pub fn counts_of(text: &str) -> serde_json::Value {
    counts(serde_json::from_str(text).expect("a report's JSON"))
}
