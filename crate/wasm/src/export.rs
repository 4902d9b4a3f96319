//! Files for other programs (`exportRecord`, `exportTree`): a line of moves from a start, a tree of moves
//! (its variations and comments), or a position alone, as KIF, KI2, BOD, USI or CSA bytes in the encoding the
//! file name promises (`.kif`/`.ki2` Shift_JIS, `.kifu`/`.ki2u` UTF-8), written by the engine's
//! `records::formats` (KIF whole by `kif::write_kif`; the other formats have the main line only).

use crate::engine_error::EngineError;
use serde::Deserialize;
use shogi_reach_engine::board::position::Position;
use shogi_reach_engine::records::formats::export::{export, ExportError, ExportFormat};
use shogi_reach_engine::records::formats::kif::write_kif;
use shogi_reach_engine::records::{Format, HeaderField, Record, Variation};
use shogi_reach_engine::rules::{parse_legal_move, play};
use shogi_reach_engine::{Move, Variant};

/// The bytes of the file `format` (`kif`, `kifu`, `ki2`, `ki2u`, `bod`, `usi`, `csa`: the extension) of
/// `moves` (USI, each legal in turn) played from `start` (SFEN), with `comment` lines at its top.
pub fn export_file<V: Variant>(
    start: &str,
    moves: &[String],
    format: &str,
    comment: &str,
) -> Result<Vec<u8>, EngineError> {
    let format = ExportFormat::from_name(format).map_err(EngineError::bad_argument)?;
    let start = Position::<V>::from_sfen(start).map_err(EngineError::from)?;
    let played = legal_line(&start, moves, 1)?;
    export(&start, &played, format, comment).map_err(EngineError::bad_argument)
}

/// A tree of moves as the page keeps it: the main line from `start`, each position's comment, and the
/// variations (the engine's [`Record`] with USI moves; a variation replaces move `ply`, counted from the
/// start, of its `parent`: `None` for the main line, else an earlier variation).
#[derive(Deserialize)]
pub struct Tree {
    start: String,
    /// The header's fields (`key`, `value`), as a record read had them.
    #[serde(default)]
    header: Vec<TreeField>,
    moves: Vec<String>,
    comments: Vec<String>,
    variations: Vec<TreeVariation>,
}

#[derive(Deserialize)]
pub struct TreeField {
    key: String,
    value: String,
}

#[derive(Deserialize)]
pub struct TreeVariation {
    parent: Option<usize>,
    ply: usize,
    moves: Vec<String>,
    comments: Vec<String>,
}

/// The bytes of the file `format` of `tree`: KIF and KIFU with every variation and comment, the other
/// formats the main line.
pub fn export_tree<V: Variant>(tree: &Tree, format: &str, comment: &str) -> Result<Vec<u8>, EngineError> {
    let export_format = ExportFormat::from_name(format).map_err(EngineError::bad_argument)?;
    if !matches!(export_format, ExportFormat::Kif | ExportFormat::Kifu) {
        return export_file::<V>(&tree.start, &tree.moves, format, comment);
    }
    let record = record_of::<V>(tree)?;
    export_format
        .encoding()
        .encode(&write_kif(&record, comment, export_format.encoding()))
        .map_err(|e| EngineError::bad_argument(ExportError::from(e)))
}

/// The engine's record of `tree`, every move checked legal where it is played.
fn record_of<V: Variant>(tree: &Tree) -> Result<Record<V>, EngineError> {
    let start = Position::<V>::from_sfen(&tree.start).map_err(EngineError::from)?;
    let mut record = Record::new(Format::Kif, start, legal_line(&start, &tree.moves, 1)?);
    record.comments = comments(&tree.comments, record.moves.len())?;
    record.header = tree.header.iter().map(|f| HeaderField::new(&f.key, &f.value)).collect();
    // The position before each variation's first move, kept as they come (parents come first).
    let mut starts: Vec<Position<V>> = Vec::with_capacity(tree.variations.len());
    for (i, v) in tree.variations.iter().enumerate() {
        let (line_start, line, first) = match v.parent {
            None => (record.start, &record.moves, 1),
            Some(p) if p < i => (starts[p], &record.variations[p].moves, record.variations[p].ply),
            Some(p) => {
                return Err(EngineError::bad_argument(format!("variation {i}: parent {p} is not before it")))
            }
        };
        // A variation replaces a move of its parent; a variation's own first move is its parent's to replace.
        let offset = v.ply.checked_sub(first).filter(|&o| o < line.len() && (v.parent.is_none() || o > 0));
        let Some(offset) = offset else {
            return Err(EngineError::bad_argument(format!("variation {i}: no move {} to replace", v.ply)));
        };
        let before = line[..offset].iter().fold(line_start, |pos, &m| play(&pos, m));
        let moves = legal_line(&before, &v.moves, v.ply)?;
        let comments = comments(&v.comments, moves.len())?;
        record.variations.push(Variation { parent: v.parent, ply: v.ply, moves, comments });
        starts.push(before);
    }
    Ok(record)
}

/// `moves` (USI) from `start`, each legal in turn (numbered from `first` in an error).
fn legal_line<V: Variant>(
    start: &Position<V>,
    moves: &[String],
    first: usize,
) -> Result<Vec<Move>, EngineError> {
    let mut pos = *start;
    let mut played = Vec::with_capacity(moves.len());
    for usi in moves {
        let m = parse_legal_move(&pos, usi)
            .map_err(|e| EngineError::bad_argument(format!("move {} ({usi}): {e}", first + played.len())))?;
        pos = play(&pos, m);
        played.push(m);
    }
    Ok(played)
}

/// A line's comments: one a position (`moves + 1`).
fn comments(comments: &[String], moves: usize) -> Result<Vec<String>, EngineError> {
    if comments.len() != moves + 1 {
        return Err(EngineError::bad_argument(format!("{} comments for {moves} moves", comments.len())));
    }
    Ok(comments.to_vec())
}
