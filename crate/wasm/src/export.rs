//! Files for other programs (`exportRecord`): a line of moves from a start, or a position alone, as KIF,
//! KI2, BOD, USI or CSA bytes in the encoding the file name promises (`.kif`/`.ki2` Shift_JIS,
//! `.kifu`/`.ki2u` UTF-8), written by the engine's `records::formats::export`.

use crate::engine_error::EngineError;
use shogi_reach_engine::board::position::Position;
use shogi_reach_engine::records::formats::export::{export, ExportFormat};
use shogi_reach_engine::rules::{parse_legal_move, play};
use shogi_reach_engine::Variant;

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
    let mut pos = start;
    let mut played = Vec::with_capacity(moves.len());
    for usi in moves {
        let m = parse_legal_move(&pos, usi)
            .map_err(|e| EngineError::bad_argument(format!("move {} ({usi}): {e}", played.len() + 1)))?;
        pos = play(&pos, m);
        played.push(m);
    }
    export(&start, &played, format, comment).map_err(EngineError::bad_argument)
}
