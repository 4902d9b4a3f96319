//! The build script of the crates that write reports (crate/cli, crate/wasm, crate/python): the git
//! commit the build comes from (`+dirty` when tracked files differ from it; `unknown` without git) and
//! the build profile, as `SHOGI_REACH_COMMIT` and `SHOGI_REACH_PROFILE` for `env!`.

use std::process::Command;

fn git(args: &[&str]) -> Option<String> {
    let out = Command::new("git").args(args).output().ok()?;
    let text = String::from_utf8(out.stdout).ok()?.trim().to_string();
    (out.status.success() && !text.is_empty()).then_some(text)
}

fn main() {
    let commit = match git(&["rev-parse", "HEAD"]) {
        Some(head) => {
            // Exit status 1: the work tree or the index differs from HEAD.
            let dirty = Command::new("git").args(["diff", "--quiet", "HEAD", "--"]).status();
            if dirty.is_ok_and(|s| s.code() == Some(1)) {
                format!("{head}+dirty")
            } else {
                head
            }
        }
        None => "unknown".to_string(),
    };
    println!("cargo:rustc-env=SHOGI_REACH_COMMIT={commit}");
    // OUT_DIR is TARGET/[TRIPLE/]PROFILE/build/PACKAGE-HASH/out; a profile's folder is its name (`dev`'s
    // is `debug`).
    let out = std::env::var("OUT_DIR").unwrap_or_default();
    let folder = std::path::Path::new(&out).ancestors().nth(3).and_then(|p| p.file_name());
    let profile = match folder.and_then(|f| f.to_str()) {
        Some(name) => name.to_string(),
        None => std::env::var("PROFILE").unwrap_or_else(|_| "unknown".into()),
    };
    println!("cargo:rustc-env=SHOGI_REACH_PROFILE={profile}");
    // Run again when the commit or the sources change (so `+dirty` follows them).
    if let Some(dir) = git(&["rev-parse", "--git-dir"]) {
        for file in ["HEAD", "index", "logs/HEAD"] {
            println!("cargo:rerun-if-changed={dir}/{file}");
        }
    }
    for path in [
        "../engine/src",
        "../proof-games/src",
        "../cli/src",
        "../wasm/src",
        "../python/src",
        "../../Cargo.lock",
    ] {
        println!("cargo:rerun-if-changed={path}");
    }
}
