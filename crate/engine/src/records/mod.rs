//! Moves as people write them (Japanese and Western notation) and game records: KIF, KI2, CSA, USI, BOD,
//! SFEN and the reference format, read by [`read`] (which tells them apart), and written by each format's
//! module (the files, by `formats::export`).

pub mod annotations;
pub mod error;
pub mod formats;
pub mod json;
pub mod notation;
pub mod record;
pub mod text;

pub use annotations::{HeaderField, Skipped, Variation};
pub use error::{MovesError, RecordError, RecordErrorKind};
pub use formats::csa::csa;
pub use formats::kif::kif;
pub(crate) use formats::kif::kif_move;
pub use formats::kif::parse_kif;
pub use formats::usi::{parse_usi_command, usi_command};
pub use record::{Format, GameRecord, Record};

use text::{check_size, decode, numbered_lines};

/// Reads a game record from its bytes (UTF-8 or Shift_JIS), whatever its format.
pub fn read(bytes: &[u8]) -> Result<GameRecord, RecordError> {
    // The size limit is on the bytes: Shift_JIS text grows when decoded.
    read_decoded(&decode(bytes)?)
}

/// Reads a game record from text: a USI command or a one-line position (SFEN, `startpos`, the reference
/// format) when the first line is one; CSA when a line has a statement only CSA has; else KIF, KI2 or BOD.
pub fn read_text(text: &str) -> Result<GameRecord, RecordError> {
    check_size(text.len())?;
    read_decoded(text)
}

fn read_decoded(text: &str) -> Result<GameRecord, RecordError> {
    let mut lines = numbered_lines(text).filter(|(_, l)| !l.trim().is_empty());
    let Some((first_number, first)) = lines.next() else {
        return Err(RecordError::whole(RecordErrorKind::Empty));
    };
    if is_one_line_position(first) {
        if let Some((number, extra)) = lines.next() {
            return Err(RecordError::at(number, RecordErrorKind::UnknownFormat(extra.to_string())));
        }
        return formats::usi::read_usi(first_number, first);
    }
    if numbered_lines(text).any(|(_, l)| formats::csa::looks_like_csa(l)) {
        return formats::csa::read_csa(text).map(GameRecord::from);
    }
    formats::kif::read_kif(text)
}

/// A USI command or a position on one line: `position …`, `sfen …`, `startpos…`, or a board (SFEN's
/// letters, digits, `+` and `/`, and the reference format's `[hands]`).
fn is_one_line_position(line: &str) -> bool {
    let line = line.trim();
    let first = line.split_whitespace().next().unwrap_or("");
    let board_char = |c: char| c.is_ascii_alphanumeric() || "+/[]-".contains(c);
    ["position", "sfen", "startpos"].contains(&first)
        || (first.contains('/') && first.chars().all(board_char))
}
