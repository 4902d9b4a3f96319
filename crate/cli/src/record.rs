//! `record FILE`: a game record as read (any format the engine knows, UTF-8 or Shift_JIS): its header,
//! its main line with each move's comment, its variations, and the parts the reader skipped; `--json`
//! gives the engine's `RecordJson`, the object the page's record panel reads.

use crate::output::Output;
use crate::run::Result;
use crate::source::read_record_file;
use shogi_reach_engine::records::json::{RecordJson, RecordMoveJson};
use shogi_reach_engine::records::read;
use std::path::Path;

/// Reads `path` and prints it, as text or (`json`) as JSON.
pub fn run_record(path: &Path, json: bool) -> Result<()> {
    let bytes = read_record_file(path)?;
    let record = read(&bytes).map_err(|e| format!("record {}: {e}", path.display()))?.to_json();
    let mut out = Output::new();
    if json {
        out.json(&record)?;
    } else {
        write_text(&mut out, &record)?;
    }
    out.finish()
}

fn write_text(out: &mut Output, r: &RecordJson) -> Result<()> {
    out.line(format!("format: {}, game: {}, {} moves, start: {}", r.format, r.game, r.plies, r.start))?;
    for field in &r.header {
        out.line(format!("{}: {}", field.key, field.value))?;
    }
    comment_lines(out, "", &r.comment)?;
    move_lines(out, "", 1, &r.moves)?;
    for (i, v) in r.variations.iter().enumerate() {
        let parent = v.parent.map_or("the main line".to_string(), |p| format!("variation {}", p + 1));
        out.line(format!("variation {}: at move {} of {parent}", i + 1, v.ply))?;
        comment_lines(out, "  ", &v.comment)?;
        move_lines(out, "  ", v.ply, &v.moves)?;
    }
    if !r.skipped.is_empty() {
        let name = |s| serde_json::to_value(s).ok().and_then(|v| v.as_str().map(String::from));
        let names: Vec<String> = r.skipped.iter().filter_map(name).collect();
        out.line(format!("skipped: {}", names.join(", ")))?;
    }
    Ok(())
}

fn move_lines(out: &mut Output, indent: &str, first: usize, moves: &[RecordMoveJson]) -> Result<()> {
    for (i, m) in moves.iter().enumerate() {
        out.line(format!("{indent}{:>4} {} {}", first + i, m.japanese, m.usi))?;
        comment_lines(out, indent, &m.comment)?;
    }
    Ok(())
}

fn comment_lines(out: &mut Output, indent: &str, comment: &str) -> Result<()> {
    for line in comment.lines() {
        out.line(format!("{indent}     * {line}"))?;
    }
    Ok(())
}
