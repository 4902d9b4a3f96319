//! A checkpoint's signature: an HMAC-SHA-256 of the file's text under this user's key, written as the
//! file's last field. A plain checksum can be computed again by whoever edits a file; the signature only
//! by the owner of the key, so a matching one means that this user's program wrote the file and nobody
//! changed it since. A resume then recomputes 2 blocks instead of `auto`'s hundreds.
//!
//! The key is 32 random bytes, in hex, in `$XDG_CONFIG_HOME/shogi-reach/key` (by default
//! `~/.config/shogi-reach/key`; `$SHOGI_REACH_KEY` names another file), made on first use, readable and
//! writable by its owner only. A key file that others can read or write, or that another user owns, is
//! not used: files are then written unsigned, and resumes verify `auto` blocks.

use hmac::{Hmac, KeyInit, Mac};
use sha2::Sha256;
use std::io::{Read, Write};
use std::path::{Path, PathBuf};
use std::sync::OnceLock;

/// The field's name and the start of its value, as the last line but one of a file.
const FIELD: &str = ",\n  \"signature\": \"hmac-sha256:";

/// What a file's signature says.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Signature {
    /// Signed with this user's key, unchanged since.
    Matches,
    /// Signed, but not so: edited since, or signed with another key (another user or machine).
    Differs,
    /// Not signed (written by something else, or without a key).
    Missing,
    /// This user's key cannot be read, so the signature cannot be checked (why).
    NoKey(String),
}

/// A signing key.
pub struct Key([u8; 32]);

/// `text` (pretty JSON of an object ending `\n}\n`) with a last field `"signature": "hmac-sha256:…"`,
/// the HMAC of `text` under `key`.
///
/// # Panics
/// If `text` does not end with `\n}\n`.
pub fn sign(text: &str, key: &Key) -> String {
    let body = text.strip_suffix("\n}\n").expect("a pretty JSON object and a newline");
    format!("{body}{FIELD}{}\"\n}}\n", hex(&mac(key, text).finalize().into_bytes()))
}

/// Whether `text` is a file that [`sign`] wrote with `key`, unchanged since.
pub fn check(text: &str, key: &Key) -> Signature {
    let Some(at) = text.rfind(FIELD) else { return Signature::Missing };
    let (body, field) = text.split_at(at);
    let tag = field[FIELD.len()..].strip_suffix("\"\n}\n").and_then(unhex);
    match tag {
        Some(tag) if mac(key, &format!("{body}\n}}\n")).verify_slice(&tag).is_ok() => Signature::Matches,
        _ => Signature::Differs,
    }
}

/// [`check`] under this user's key ([`user_key`]).
pub fn check_own(text: &str) -> Signature {
    match user_key() {
        Ok(key) => check(text, key),
        Err(why) => Signature::NoKey(why.clone()),
    }
}

fn mac(key: &Key, text: &str) -> Hmac<Sha256> {
    let mut mac = <Hmac<Sha256> as KeyInit>::new_from_slice(&key.0).expect("HMAC takes a key of any length");
    mac.update(text.as_bytes());
    mac
}

/// This user's key: read, or made on first use (once per process); why not, when it cannot be.
pub fn user_key() -> &'static Result<Key, String> {
    static KEY: OnceLock<Result<Key, String>> = OnceLock::new();
    KEY.get_or_init(|| {
        let path =
            key_path().ok_or("neither SHOGI_REACH_KEY, XDG_CONFIG_HOME nor HOME is an absolute path")?;
        read_or_make(&path).map_err(|e| format!("{}: {e}", path.display()))
    })
}

/// `$SHOGI_REACH_KEY`, else `$XDG_CONFIG_HOME/shogi-reach/key` (an absolute one), else
/// `$HOME/.config/shogi-reach/key`.
fn key_path() -> Option<PathBuf> {
    let absolute = |v: &str| std::env::var_os(v).map(PathBuf::from).filter(|p| p.is_absolute());
    if let Some(path) = absolute("SHOGI_REACH_KEY") {
        return Some(path);
    }
    let config = absolute("XDG_CONFIG_HOME").or_else(|| absolute("HOME").map(|h| h.join(".config")))?;
    Some(config.join("shogi-reach").join("key"))
}

fn read_or_make(path: &Path) -> Result<Key, String> {
    match std::fs::symlink_metadata(path) {
        Ok(_) => read_key(path),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => make_key(path),
        Err(e) => Err(e.to_string()),
    }
}

/// Reads a key file: a regular file of this user's that nobody else may read or write, holding 64 hex
/// digits.
fn read_key(path: &Path) -> Result<Key, String> {
    use std::os::unix::fs::MetadataExt;
    let meta = std::fs::symlink_metadata(path).map_err(|e| e.to_string())?;
    if !meta.is_file() {
        return Err("not a regular file".into());
    }
    // SAFETY: geteuid has no preconditions and cannot fail.
    if meta.uid() != unsafe { libc::geteuid() } {
        return Err("owned by another user".into());
    }
    if meta.mode() & 0o077 != 0 {
        return Err(format!(
            "others may read or write it (mode {:o}; chmod 600 makes it private)",
            meta.mode() & 0o777
        ));
    }
    let mut text = String::new();
    let file = std::fs::File::open(path).map_err(|e| e.to_string())?;
    file.take(128).read_to_string(&mut text).map_err(|e| e.to_string())?;
    let bytes =
        unhex(text.trim_end()).filter(|b| b.len() == 32).ok_or("not a key: 64 hex digits expected")?;
    Ok(Key(bytes.try_into().expect("32 bytes")))
}

/// Makes the key: written to a private file of its own, then linked into place, so that two processes
/// making it at once both end with the same whole key.
fn make_key(path: &Path) -> Result<Key, String> {
    use std::os::unix::fs::{DirBuilderExt, OpenOptionsExt};
    let dir = path.parent().expect("the key's folder");
    std::fs::DirBuilder::new().recursive(true).mode(0o700).create(dir).map_err(|e| e.to_string())?;
    let mut bytes = [0u8; 32];
    getrandom::fill(&mut bytes).map_err(|e| format!("no random bytes: {e}"))?;
    let temp = dir.join(format!("key.{}.partial", std::process::id()));
    let written = std::fs::OpenOptions::new()
        .write(true)
        .create_new(true)
        .mode(0o600)
        .open(&temp)
        .and_then(|mut f| f.write_all(format!("{}\n", hex(&bytes)).as_bytes()).and_then(|()| f.sync_all()))
        .and_then(|()| std::fs::hard_link(&temp, path));
    let _ = std::fs::remove_file(&temp);
    match written {
        Ok(()) => Ok(Key(bytes)),
        // Another process made it first: its key is the one.
        Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => read_key(path),
        Err(e) => Err(e.to_string()),
    }
}

fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

fn unhex(text: &str) -> Option<Vec<u8>> {
    if !text.len().is_multiple_of(2) || !text.bytes().all(|b| b.is_ascii_hexdigit()) {
        return None;
    }
    (0..text.len()).step_by(2).map(|i| u8::from_str_radix(&text[i..i + 2], 16).ok()).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_mac_is_hmac_sha256() {
        // RFC 4231, test case 2 (key "Jefe"), with a 32-byte key made of "Jefe" and zeros: HMAC pads a
        // short key with zeros, so both give the same tag.
        let mut key = [0u8; 32];
        key[..4].copy_from_slice(b"Jefe");
        let tag = mac(&Key(key), "what do ya want for nothing?").finalize().into_bytes();
        assert_eq!(hex(&tag), "5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843");
    }

    #[test]
    fn a_signed_file_is_told_from_an_edited_one_another_keys_and_one_without() {
        let (mine, theirs) = (Key([7; 32]), Key([8; 32]));
        let text = "{\n  \"samples\": 5\n}\n";
        let signed = sign(text, &mine);
        assert!(signed.starts_with("{\n  \"samples\": 5,\n  \"signature\": \"hmac-sha256:"));
        assert_eq!(check(&signed, &mine), Signature::Matches);
        assert_eq!(check(&signed, &theirs), Signature::Differs);
        assert_eq!(check(&signed.replace(": 5,", ": 6,"), &mine), Signature::Differs);
        assert_eq!(check(&signed.replace("hmac-sha256:", "hmac-sha256:zz"), &mine), Signature::Differs);
        assert_eq!(check(text, &mine), Signature::Missing);
        let parsed: serde_json::Value = serde_json::from_str(&signed).unwrap();
        assert_eq!(parsed["samples"], 5);
    }
}
