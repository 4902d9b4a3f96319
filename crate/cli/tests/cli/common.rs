//! What the tests that run the binary as a child process share: start it, wait for it, insist on its
//! success or failure.

use std::process::{Child, Command, Output, Stdio};
use std::sync::atomic::{AtomicUsize, Ordering};

/// The binary with `args`, its output captured.
pub fn cli(args: &[&str]) -> Command {
    let mut command = Command::new(env!("CARGO_BIN_EXE_shogi-reach"));
    command.args(args).stdout(Stdio::piped()).stderr(Stdio::piped());
    // The tests' key to sign checkpoints with, never the user's.
    command.env("SHOGI_REACH_KEY", format!("{}/key", env!("CARGO_TARGET_TMPDIR")));
    command
}

/// Waits for `path` to appear while `child` runs (a checkpoint saved): a child that ends first fails the
/// test at once, with its standard error, rather than leaving it waiting.
pub fn wait_for_file(child: &mut Child, path: &std::path::Path) {
    while !path.exists() {
        if child.try_wait().unwrap().is_some() {
            let mut err = String::new();
            if let Some(mut stderr) = child.stderr.take() {
                let _ = std::io::Read::read_to_string(&mut stderr, &mut err);
            }
            panic!("the run ended before {} appeared: {err}", path.display());
        }
        std::thread::sleep(std::time::Duration::from_millis(5));
    }
}

/// Waits for `child`: its output, and its standard error as text.
pub fn finish(child: Child) -> (Output, String) {
    let out = child.wait_with_output().unwrap();
    let err = String::from_utf8(out.stderr.clone()).unwrap();
    (out, err)
}

/// Whether a run succeeded, and its standard output and standard error as text.
pub fn run(args: &[&str]) -> (bool, String, String) {
    run_with(args, "")
}

/// [`run`] with `stdin` as its standard input.
pub fn run_with(args: &[&str], stdin: &str) -> (bool, String, String) {
    let mut child = cli(args).stdin(Stdio::piped()).spawn().unwrap();
    std::io::Write::write_all(&mut child.stdin.take().unwrap(), stdin.as_bytes()).unwrap();
    let (out, err) = finish(child);
    (out.status.success(), String::from_utf8(out.stdout).unwrap(), err)
}

/// The standard output of a run that must succeed.
pub fn ok(args: &[&str]) -> String {
    ok_with(args, "")
}

/// [`ok`] with `stdin` as its standard input.
pub fn ok_with(args: &[&str], stdin: &str) -> String {
    let (success, out, err) = run_with(args, stdin);
    assert!(success, "{args:?} failed: {err}");
    out
}

/// The standard error of a run that must fail, with a message.
pub fn fails(args: &[&str]) -> String {
    fails_with(args, "")
}

/// [`fails`] with `stdin` as its standard input.
pub fn fails_with(args: &[&str], stdin: &str) -> String {
    let (success, _, err) = run_with(args, stdin);
    assert!(!success, "{args:?} should fail");
    assert!(!err.trim().is_empty(), "{args:?}: no message");
    err
}

/// The whole output of a run, whatever its exit status.
pub fn output(args: &[&str]) -> Output {
    cli(args).output().unwrap()
}

/// A folder of its own for a test, removed at the end: named after the process, a number of its own in
/// the process (every module's tests share it, so two may give the same `name`) and `name`.
pub struct TempDir(pub std::path::PathBuf);

impl TempDir {
    pub fn new(name: &str) -> TempDir {
        static MADE: AtomicUsize = AtomicUsize::new(0);
        let n = MADE.fetch_add(1, Ordering::Relaxed);
        let dir = std::env::temp_dir().join(format!("shogi-reach-test-{}-{n}-{name}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        TempDir(dir)
    }

    /// The path of `name` in the folder, as text.
    pub fn file(&self, name: &str) -> String {
        self.0.join(name).to_str().unwrap().to_string()
    }

    /// The names in the folder, sorted.
    pub fn names(&self) -> Vec<String> {
        let mut names: Vec<String> = std::fs::read_dir(&self.0)
            .unwrap()
            .map(|e| e.unwrap().file_name().into_string().unwrap())
            .collect();
        names.sort();
        names
    }
}

impl Drop for TempDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// Waits at most `seconds` for `child`, killing it if it runs longer (a hang is a failure, not a test
/// that never ends): its output and standard error, or `None` if it had to be killed.
pub fn finish_within(mut child: Child, seconds: u64) -> Option<(Output, String)> {
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(seconds);
    while child.try_wait().unwrap().is_none() {
        if std::time::Instant::now() > deadline {
            let _ = child.kill();
            let _ = child.wait();
            return None;
        }
        std::thread::sleep(std::time::Duration::from_millis(10));
    }
    Some(finish(child))
}

/// A report (or a merged one) without what differs from one run of the same samples to another: its
/// provenance (program, machine, time), a merged report's `shards` (the files' names and provenance)
/// and a checkpoint's signature (of the whole file). The counts must be equal byte for byte; these need
/// not.
pub fn counts(mut report: serde_json::Value) -> serde_json::Value {
    let fields = report.as_object_mut().expect("a report is an object");
    assert!(fields.remove("provenance").is_some(), "a report has its provenance");
    fields.remove("shards");
    fields.remove("signature");
    report
}

/// [`counts`] of a report's text.
pub fn counts_of(text: &str) -> serde_json::Value {
    counts(serde_json::from_str(text).expect("a report's JSON"))
}
