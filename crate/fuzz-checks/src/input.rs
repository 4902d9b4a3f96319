//! The command line's bounded reader (crate/cli/src/input.rs, compiled here as it is): arbitrary bytes
//! written to a file are read back whole when they fit the limit and refused exactly when they do not,
//! never more than the limit returned; and split into lines, each line is given or refused (too long,
//! not UTF-8) exactly where a plain split says.
#[path = "../../cli/src/input.rs"]
#[allow(dead_code)]
mod cli_input;

use cli_input::{for_each_line, read_file, InputError, LineError};

/// What `for_each_line` should give for `bytes` with `limit`: the lines, then the error, if any.
fn expected_lines(bytes: &[u8], limit: usize) -> (Vec<String>, Option<&'static str>) {
    let mut pieces: Vec<&[u8]> = bytes.split(|&b| b == b'\n').collect();
    if pieces.last().is_some_and(|p| p.is_empty()) {
        pieces.pop();
    }
    let mut lines = Vec::new();
    for piece in pieces {
        if piece.len() > limit {
            return (lines, Some("too long"));
        }
        let Ok(text) = std::str::from_utf8(piece.strip_suffix(b"\r").unwrap_or(piece)) else {
            return (lines, Some("not text"));
        };
        lines.push(text.to_string());
    }
    (lines, None)
}

/// Checks one input of the fuzz target.
pub fn check_input(data: &[u8]) {
    let Some((&limit, bytes)) = data.split_first() else { return };
    let limit = limit % 64;
    let path = std::env::temp_dir().join(format!("shogi-reach-fuzz-input-{}", std::process::id()));
    std::fs::write(&path, bytes).expect("a temporary file");
    match read_file(&path, limit as u64) {
        Ok(read) => {
            assert!(read.len() <= limit as usize, "more than the limit returned");
            assert_eq!(read, bytes);
        }
        Err(InputError::TooLarge { .. }) => assert!(bytes.len() > limit as usize, "refused within the limit"),
        Err(e) => panic!("{e}"),
    }
    let _ = std::fs::remove_file(&path);

    let mut lines = Vec::new();
    let result = for_each_line(bytes, limit as usize, |number, line| {
        assert_eq!(number, lines.len() + 1);
        assert!(line.len() <= limit as usize);
        lines.push(line.to_string());
        Ok::<(), ()>(())
    });
    let error = match result {
        Ok(()) => None,
        Err(LineError::TooLong { line, .. }) => Some(("too long", line)),
        Err(LineError::NotText { line }) => Some(("not text", line)),
        Err(e) => panic!("{e:?}"),
    };
    let (expected, why) = expected_lines(bytes, limit as usize);
    assert_eq!(lines, expected);
    assert_eq!(error.map(|(why, _)| why), why);
    if let Some((_, line)) = error {
        assert_eq!(line, expected.len() + 1, "the line refused is the one after the last given");
    }
}
