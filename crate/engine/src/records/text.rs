//! A record's bytes as text: UTF-8 (a byte-order mark is dropped) or, failing that, Shift_JIS, the
//! encoding of most KIF, KI2 and CSA files written by older programs; and text as bytes in either.

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

/// The text encodings records are written in.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TextEncoding {
    /// UTF-8, without a byte-order mark.
    Utf8,
    /// Shift_JIS as Windows writes it (CP932).
    ShiftJis,
}

/// A character Shift_JIS has no code for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct NotInShiftJis(pub char);

impl TextEncoding {
    /// The name a KIF header's `encoding=` gives it.
    pub fn label(self) -> &'static str {
        match self {
            TextEncoding::Utf8 => "UTF-8",
            TextEncoding::ShiftJis => "Shift_JIS",
        }
    }

    /// `text` in this encoding; a character Shift_JIS lacks is an error, never a replacement.
    pub fn encode(self, text: &str) -> Result<Vec<u8>, NotInShiftJis> {
        match self {
            TextEncoding::Utf8 => Ok(text.as_bytes().to_vec()),
            TextEncoding::ShiftJis => {
                if let Some(c) = text.chars().find(|c| !in_shift_jis(*c)) {
                    return Err(NotInShiftJis(c));
                }
                Ok(encoding_rs::SHIFT_JIS.encode(text).0.into_owned())
            }
        }
    }
}

fn in_shift_jis(c: char) -> bool {
    let mut buffer = [0u8; 4];
    !encoding_rs::SHIFT_JIS.encode(c.encode_utf8(&mut buffer)).2
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shift_jis_refuses_what_it_cannot_write() {
        assert_eq!(TextEncoding::ShiftJis.encode("▲７六歩").unwrap(), b"\x81\xa3\x82\x56\x98\x5a\x95\xe0");
        assert_eq!(TextEncoding::ShiftJis.encode("☗"), Err(NotInShiftJis('☗')));
    }
}
