//! A record's bytes as text: UTF-8 (a byte-order mark is dropped) or, failing that, Shift_JIS, the
//! encoding of most KIF, KI2 and CSA files written by older programs.

use crate::records::error::{RecordError, RecordErrorKind, MAX_RECORD_BYTES};
use std::borrow::Cow;

/// The text of `bytes`, refused when larger than [`MAX_RECORD_BYTES`] or neither UTF-8 nor Shift_JIS.
pub fn decode(bytes: &[u8]) -> Result<Cow<'_, str>, RecordError> {
    check_size(bytes.len())?;
    let bytes = bytes.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(bytes);
    if let Ok(text) = std::str::from_utf8(bytes) {
        return Ok(Cow::Borrowed(text));
    }
    encoding_rs::SHIFT_JIS
        .decode_without_bom_handling_and_without_replacement(bytes)
        .ok_or(RecordError::whole(RecordErrorKind::NotText))
}

/// Refuses a record of more than [`MAX_RECORD_BYTES`].
pub fn check_size(bytes: usize) -> Result<(), RecordError> {
    if bytes > MAX_RECORD_BYTES {
        return Err(RecordError::whole(RecordErrorKind::TooLarge { bytes }));
    }
    Ok(())
}

/// The lines of `text` numbered from 1, without their line ends (`\n` or `\r\n`).
pub(crate) fn numbered_lines(text: &str) -> impl Iterator<Item = (usize, &str)> {
    text.split('\n').map(|l| l.strip_suffix('\r').unwrap_or(l)).enumerate().map(|(i, l)| (i + 1, l))
}
