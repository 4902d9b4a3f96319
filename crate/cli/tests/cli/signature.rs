//! The key that signs checkpoints: made on first use, private, never used when others may read it or
//! when it is not a key; without it a run says so once, writes unsigned checkpoints, and a resume
//! verifies `auto` blocks.

use crate::common::{cli, finish, TempDir};
use std::os::unix::fs::PermissionsExt;

/// A checkpointed Mini Shogi run of 3 blocks signed with `key` (and its standard error), then resumed
/// with `key`: the resume's standard error.
fn run_and_resume(dir: &TempDir, key: &str) -> (String, String) {
    let ck = dir.file("ck.json");
    let _ = std::fs::remove_file(&ck);
    let run = ["estimate", "--game", "minishogi", "--samples", "150000", "--seed", "3", "--json"];
    let spawn = |extra: &[&str]| {
        let (out, err) =
            finish(cli(&[&run[..], extra].concat()).env("SHOGI_REACH_KEY", key).spawn().unwrap());
        assert!(out.status.success(), "{err}");
        err
    };
    let written = spawn(&["--checkpoint", &ck]);
    let resumed = spawn(&["--threads", "1", "--resume", &ck]);
    (written, resumed)
}

#[test]
fn the_key_is_made_on_first_use_private_and_then_reused() {
    let dir = TempDir::new("key-made");
    let key = dir.0.join("config/shogi-reach/key");
    let (written, resumed) = run_and_resume(&dir, key.to_str().unwrap());
    assert!(!written.contains("unsigned"), "{written}");
    let text = std::fs::read_to_string(&key).unwrap();
    assert_eq!(text.trim_end().len(), 64, "{text:?}");
    assert!(text.trim_end().bytes().all(|b| b.is_ascii_hexdigit()), "{text:?}");
    assert_eq!(std::fs::metadata(&key).unwrap().permissions().mode() & 0o777, 0o600);
    assert_eq!(std::fs::metadata(key.parent().unwrap()).unwrap().permissions().mode() & 0o777, 0o700);
    assert!(resumed.contains("verified 2 of the 3 blocks"), "{resumed}");
    // The same key the second time: nothing else in its folder (no partial file left).
    let names: Vec<_> =
        std::fs::read_dir(key.parent().unwrap()).unwrap().map(|e| e.unwrap().file_name()).collect();
    assert_eq!(names, ["key"]);
    assert_eq!(std::fs::read_to_string(&key).unwrap(), text);
}

#[test]
fn a_key_others_may_read_or_that_is_no_key_is_not_used() {
    let dir = TempDir::new("key-refused");
    let key = dir.file("key");
    std::fs::write(&key, format!("{}\n", "ab".repeat(32))).unwrap();
    std::fs::set_permissions(&key, std::fs::Permissions::from_mode(0o644)).unwrap();
    let (written, resumed) = run_and_resume(&dir, &key);
    assert!(
        written.contains("checkpoints unsigned (no key: ") && written.contains("others may read or write it")
    );
    assert!(
        resumed.contains("verified 3 of the 3 blocks") && resumed.contains("no key to check its signature")
    );
    assert!(!std::fs::read_to_string(dir.file("ck.json")).unwrap().contains("signature"));
    // Private but not 64 hex digits.
    std::fs::write(&key, "not a key\n").unwrap();
    std::fs::set_permissions(&key, std::fs::Permissions::from_mode(0o600)).unwrap();
    let (written, resumed) = run_and_resume(&dir, &key);
    assert!(written.contains("not a key: 64 hex digits expected"), "{written}");
    assert!(resumed.contains("verified 3 of the 3 blocks"), "{resumed}");
    // A folder where the key should be.
    let folder = dir.file("folder");
    std::fs::create_dir(&folder).unwrap();
    let (written, _) = run_and_resume(&dir, &folder);
    assert!(written.contains("not a regular file"), "{written}");
}
