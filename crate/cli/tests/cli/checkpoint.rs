//! Checkpointed runs: interrupted by SIGINT/SIGTERM and resumed to the same report, never lost to another
//! run's file or an unwritable folder, and never resumed from a forged checkpoint.

use crate::common::{cli, counts, counts_of, fails, finish, ok, wait_for_file};
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

/// A folder of its own for each test, removed at the end.
struct Dir(PathBuf);

impl Dir {
    fn new(name: &str) -> Dir {
        let dir = std::env::temp_dir().join(format!("shogi-reach-checkpoint-{}-{name}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        Dir(dir)
    }

    fn file(&self, name: &str) -> String {
        self.0.join(name).to_str().unwrap().to_string()
    }
}

impl Drop for Dir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

fn read_json(path: &str) -> serde_json::Value {
    serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap()
}

const RUN: [&str; 8] = ["estimate", "--game", "minishogi", "--samples", "150000", "--seed", "11", "--json"];

/// A run stopped once its first checkpoint is on disk, as a batch system stops it (`signal`).
pub(crate) fn interrupted(run: &[&str], ck: &str, threads: &str, signal: &str) -> (Output, String) {
    let mut child =
        cli(run).args(["--threads", threads, "--checkpoint", ck, "--checkpoint-every", "0"]).spawn().unwrap();
    wait_for_file(&mut child, Path::new(ck));
    Command::new("kill").args([signal, &child.id().to_string()]).status().unwrap();
    finish(child)
}
#[test]
fn an_interrupted_estimate_resumes_to_the_same_report() {
    let dir = Dir::new("resume");
    let ck = dir.file("run.json");
    // SIGTERM, as a batch system's time limit sends.
    let (out, err) = interrupted(&RUN, &ck, "1", "-TERM");
    assert!(!out.status.success() && err.contains("--resume"), "{err}");
    let saved = read_json(&ck);
    let done = saved["ranges"][0][1].as_u64().unwrap();
    assert!(done > 0 && done < 150_000, "{done} samples done");
    assert_eq!(saved["tally"]["samples"].as_u64(), Some(done));
    let printed = counts_of(std::str::from_utf8(&out.stdout).unwrap());
    assert_eq!(printed, counts(saved), "the report printed at the interruption is the checkpoint");

    let resumed = ok(&[&RUN[..], &["--resume", &ck]].concat());
    assert_eq!(counts_of(&resumed), counts_of(&ok(&RUN)), "resumed = uninterrupted");
    let other_seed =
        ["estimate", "--game", "minishogi", "--samples", "150000", "--seed", "12", "--resume", &ck];
    assert!(fails(&other_seed).contains("another run's checkpoint"));
    let other_shard = [&RUN[..], &["--shard", "1/2", "--resume", &ck]].concat();
    assert!(fails(&other_shard).contains("another run's checkpoint"));
    std::fs::write(&ck, "{").unwrap();
    assert!(fails(&[&RUN[..], &["--resume", &ck]].concat()).contains("not an estimate report"));
}

#[test]
fn shards_that_share_a_folder_keep_their_own_checkpoints() {
    let dir = Dir::new("folder");
    // What another run's temporary file was called (`ck.partial` for `ck.0` and `ck.1` alike).
    let other = dir.file("ck.partial");
    std::fs::write(&other, "another run's").unwrap();
    let shard = |k: &str| {
        cli(&RUN)
            .args(["--shard", &format!("{k}/2"), "--threads", "1", "--checkpoint-every", "0"])
            .args(["--checkpoint", &dir.file(&format!("ck.{k}"))])
            .spawn()
            .unwrap()
    };
    let runs = [shard("0"), shard("1")];
    for (k, run) in runs.into_iter().enumerate() {
        let (out, err) = finish(run);
        assert!(out.status.success(), "shard {k}: {err}");
        let printed = counts_of(std::str::from_utf8(&out.stdout).unwrap());
        assert_eq!(
            printed,
            counts(read_json(&dir.file(&format!("ck.{k}")))),
            "shard {k} saved its own report"
        );
    }
    assert_eq!(std::fs::read_to_string(&other).unwrap(), "another run's");
    let left: Vec<_> = std::fs::read_dir(&dir.0).unwrap().map(|e| e.unwrap().file_name()).collect();
    assert_eq!(left.len(), 3, "no partial file left behind: {left:?}");
}

#[test]
fn a_checkpoint_folder_that_takes_no_files_is_found_before_the_run() {
    let dir = Dir::new("unwritable");
    let missing = dir.file("missing/ck.json");
    let started = std::time::Instant::now();
    let err = fails(&[&RUN[..], &["--checkpoint", &missing]].concat());
    assert!(err.contains("cannot write checkpoints beside") && err.contains("missing/ck.json"), "{err}");
    assert!(!err.contains("interrupted"), "{err}");
    // Long before the 150 000 samples would be done.
    assert!(started.elapsed().as_secs_f64() < 60.0);
}

#[test]
fn a_save_that_fails_later_is_a_warning_and_the_report_is_printed() {
    let dir = Dir::new("vanishing");
    let sub = dir.0.join("sub");
    std::fs::create_dir_all(&sub).unwrap();
    let ck = sub.join("ck.json");
    let mut child = cli(&RUN)
        .args(["--threads", "1", "--checkpoint-every", "0", "--checkpoint", ck.to_str().unwrap()])
        .spawn()
        .unwrap();
    wait_for_file(&mut child, &ck);
    // The run keeps saving into the folder, so a file may appear while it is being removed: try again.
    let removed = (0..1000).any(|_| std::fs::remove_dir_all(&sub).is_ok());
    assert!(removed, "the checkpoint folder could not be removed");
    let (out, err) = finish(child);
    assert!(out.status.success(), "{err}");
    assert!(err.contains("warning: writing the checkpoint"), "{err}");
    let printed: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(printed["tally"]["samples"], 150_000);
}

#[test]
fn an_interrupt_is_honoured_within_the_chunk_at_any_thread_count() {
    let dir = Dir::new("threads");
    let ck = dir.file("ck.json");
    let threads = 64;
    let run = ["estimate", "--game", "minishogi", "--samples", "10000000", "--seed", "11", "--json"];
    let (out, err) = interrupted(&run, &ck, &threads.to_string(), "-INT");
    assert!(!out.status.success() && err.contains("interrupted after"), "{err}");
    let done = read_json(&ck)["tally"]["samples"].as_u64().unwrap();
    // Chunks of 4096 samples per thread would finish the chunk under way (at least 262 144 samples).
    assert!(done > 0 && done < 4096 * threads, "{done} samples done");
}

#[test]
fn a_forged_checkpoint_is_not_resumed() {
    let dir = Dir::new("forged");
    let ck = dir.file("ck.json");
    interrupted(&RUN, &ck, "1", "-TERM");
    let genuine = read_json(&ck);
    let blocks = genuine["blocks"].as_array().unwrap().len();
    // One more reachable sample in the last block and in the total: consistent, caught by recomputing.
    let mut forged = genuine.clone();
    let one_more_reachable = |stages: &mut serde_json::Value| {
        stages["OK"] = (stages["OK"].as_u64().unwrap() + 1).into();
        stages["king"] = (stages["king"].as_u64().unwrap() - 1).into();
    };
    one_more_reachable(&mut forged["tally"]["stages"]);
    one_more_reachable(&mut forged["blocks"][blocks - 1]["tally"]["stages"]);
    std::fs::write(&ck, forged.to_string()).unwrap();
    let err = fails(&[&RUN[..], &["--resume", &ck]].concat());
    let (start, end) = (&forged["blocks"][blocks - 1]["start"], &forged["blocks"][blocks - 1]["end"]);
    assert!(err.contains(&format!("samples {start}..{end} recomputed give another tally")), "{err}");
    // A checkpoint without per-block tallies cannot be verified.
    let mut old = genuine.clone();
    old.as_object_mut().unwrap().remove("blocks");
    std::fs::write(&ck, old.to_string()).unwrap();
    assert!(fails(&[&RUN[..], &["--resume", &ck]].concat()).contains("no per-block tallies"));
    std::fs::write(&ck, genuine.to_string()).unwrap();
    let (out, err) = finish(cli(&[&RUN[..], &["--resume", &ck]].concat()).spawn().unwrap());
    assert!(out.status.success(), "{err}");
    assert!(err.contains(&format!("verified {blocks} of the {blocks} blocks")), "{err}");
}

#[test]
fn an_interrupted_shard_keeps_whole_jobs_of_64_sample_indices() {
    let dir = Dir::new("jobs");
    let ck = dir.file("ck.json");
    // Shard 1/3 of 150 000 samples starts at sample 50 000, not a multiple of 64.
    let shard = [&RUN[..], &["--shard", "1/3"]].concat();
    let (out, err) = interrupted(&shard, &ck, "2", "-INT");
    assert!(!out.status.success() && err.contains("interrupted after"), "{err}");
    let saved = read_json(&ck);
    let [start, end] = [0, 1].map(|i| saved["ranges"][0][i].as_u64().unwrap());
    assert_eq!(start, 50_000);
    assert!(end > start && end < 100_000, "{end}: part of the shard");
    assert_eq!(end % 64, 0, "the checkpoint ends at sample {end}, within a job");
    assert_eq!(saved["tally"]["samples"].as_u64(), Some(end - start));
}

/// A whole run of 4 blocks (200 000 samples) saved as its checkpoint, and the arguments that resume it.
fn four_blocks(dir: &Dir) -> (String, Vec<String>) {
    let ck = dir.file("ck.json");
    let run = ["estimate", "--game", "minishogi", "--samples", "200000", "--seed", "5", "--json"];
    ok(&[&run[..], &["--checkpoint", &ck]].concat());
    let resume: Vec<String> =
        [&run[..], &["--threads", "1", "--resume", &ck]].concat().into_iter().map(String::from).collect();
    (ck, resume)
}

#[test]
fn a_run_resumes_its_own_checkpoint_after_2_blocks_and_any_other_file_after_auto() {
    let dir = Dir::new("signature");
    let (ck, resume) = four_blocks(&dir);
    let resume: Vec<&str> = resume.iter().map(String::as_str).collect();
    let text = std::fs::read_to_string(&ck).unwrap();
    assert!(read_json(&ck)["signature"].as_str().unwrap().starts_with("hmac-sha256:"));
    let verified = |file_text: &str, key: Option<&str>| {
        std::fs::write(&ck, file_text).unwrap();
        let mut command = cli(&resume);
        if let Some(key) = key {
            command.env("SHOGI_REACH_KEY", key);
        }
        let (out, err) = finish(command.spawn().unwrap());
        assert!(out.status.success(), "{err}");
        err
    };
    let err = verified(&text, None);
    assert!(
        err.contains("verified 2 of the 4 blocks") && err.contains("signed with this user's key"),
        "{err}"
    );
    // One digit of the signature changed: the file is not the one the run wrote.
    let at = text.find("hmac-sha256:").unwrap() + 12;
    let digit = if &text[at..at + 1] == "0" { "1" } else { "0" };
    let wrong = format!("{}{digit}{}", &text[..at], &text[at + 1..]);
    let err = verified(&wrong, None);
    assert!(err.contains("verified 4 of the 4 blocks") && err.contains("not this user's key's"), "{err}");
    // Unchanged, but resumed by another user (another key): not trusted either.
    let err = verified(&text, Some(&dir.file("another-key")));
    assert!(err.contains("verified 4 of the 4 blocks") && err.contains("not this user's key's"), "{err}");
    let mut none = read_json(&ck);
    none.as_object_mut().unwrap().remove("signature");
    let err = verified(&format!("{}\n", serde_json::to_string_pretty(&none).unwrap()), None);
    assert!(err.contains("verified 4 of the 4 blocks") && err.contains("it is not signed"), "{err}");
}

#[test]
fn an_interrupt_while_verifying_leaves_the_checkpoint_unchanged_and_says_where() {
    use std::io::BufRead;
    let dir = Dir::new("verifying");
    let (ck, resume) = four_blocks(&dir);
    let resume: Vec<&str> = resume.iter().map(String::as_str).collect();
    // Unsigned: all 4 blocks are recomputed, on one thread (about a second each).
    let mut file = read_json(&ck);
    file.as_object_mut().unwrap().remove("signature");
    let before = format!("{}\n", serde_json::to_string_pretty(&file).unwrap());
    std::fs::write(&ck, &before).unwrap();
    let mut child = cli(&resume).spawn().unwrap();
    let mut stderr = std::io::BufReader::new(child.stderr.take().unwrap());
    let mut line = String::new();
    stderr.read_line(&mut line).unwrap();
    assert!(line.contains("verifying 4 of the 4 blocks"), "{line}");
    Command::new("kill").args(["-INT", &child.id().to_string()]).status().unwrap();
    let mut rest = String::new();
    std::io::Read::read_to_string(&mut stderr, &mut rest).unwrap();
    let status = child.wait().unwrap();
    assert_eq!(status.code(), Some(1), "{rest}");
    let said = "interrupted while verifying block 1 of 4 (samples ";
    assert!(rest.contains(said) && rest.contains("; the checkpoint is unchanged"), "{rest}");
    assert_eq!(std::fs::read_to_string(&ck).unwrap(), before, "the checkpoint, byte for byte");
}

#[test]
fn a_checkpoint_too_large_to_resume_is_refused_before_the_run() {
    let dir = Dir::new("too-large");
    let ck = dir.file("ck.json");
    // 9 × 10^9 samples: 137 330 blocks, more than the 131 072 a resume reads.
    let run = ["estimate", "--samples", "9000000000", "--seed", "1"];
    let err = fails(&[&run[..], &["--checkpoint", &ck]].concat());
    assert!(err.contains("would hold 137330 blocks") && err.contains("M at least 2"), "{err}");
    assert!(!Path::new(&ck).exists(), "nothing written");
    let err = fails(&[&run[..], &["--resume", &ck]].concat());
    assert!(err.contains("would hold 137330 blocks"), "{err}");
    // Half of it passes the check (and then fails for want of the file to resume).
    let err = fails(&[&run[..], &["--shard", "0/2", "--resume", &ck]].concat());
    assert!(!err.contains("blocks of 65536") && err.contains("No such file"), "{err}");
}
