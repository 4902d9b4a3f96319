//! The registry of the files records are written as for other programs: KIF (a BOD diagram heads it when
//! the start is not the initial position), KI2, a BOD diagram alone, USI and CSA, each written by its
//! format's module and encoded as its file name promises.
//! By the convention players' programs rely on, `.kif` and `.ki2` are Shift_JIS (CP932) and `.kifu` and
//! `.ki2u` UTF-8; the readers of this crate take either.

use crate::board::moves::Move;
use crate::board::position::Position;
use crate::board::variant::Variant;
use crate::records::formats::bod::bod;
use crate::records::formats::csa::csa_with_comment;
use crate::records::formats::kif::{ki2, kif_from};
use crate::records::formats::usi::usi_from;
use crate::records::text::{NotInShiftJis, TextEncoding};
use crate::rules::play;
use std::fmt;

/// The files a record or a position is exported as.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ExportFormat {
    /// KIF in Shift_JIS (`.kif`).
    Kif,
    /// KIF in UTF-8 (`.kifu`).
    Kifu,
    /// KI2 in Shift_JIS (`.ki2`).
    Ki2,
    /// KI2 in UTF-8 (`.ki2u`).
    Ki2u,
    /// The board diagram alone, UTF-8 (`.bod`).
    Bod,
    /// A USI `position` command (`.usi`).
    Usi,
    /// CSA V2.2 (`.csa`), for the games [`Variant::CSA_RECORDS`] says.
    Csa,
}

/// Why a record cannot be exported in a format.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ExportError {
    /// The format has no way to write this game (CSA is for Shogi only).
    NotForThisGame {
        /// The format's name.
        format: &'static str,
        /// The game's name.
        game: &'static str,
    },
    /// A character of the text has no Shift_JIS code (a comment's, say).
    NotInShiftJis(char),
    /// A format name this module does not know.
    UnknownFormat(String),
}

impl fmt::Display for ExportError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ExportError::NotForThisGame { format, game } => {
                write!(f, "{} records no {game} game", format.to_uppercase())
            }
            ExportError::NotInShiftJis(c) => {
                write!(f, "{c:?} has no Shift_JIS code: export as UTF-8 instead")
            }
            ExportError::UnknownFormat(name) => {
                let names: Vec<&str> = ExportFormat::ALL.iter().map(|f| f.extension()).collect();
                write!(f, "{name:?} is not an export format ({})", names.join(", "))
            }
        }
    }
}

impl std::error::Error for ExportError {}

impl From<NotInShiftJis> for ExportError {
    fn from(e: NotInShiftJis) -> ExportError {
        ExportError::NotInShiftJis(e.0)
    }
}

impl ExportFormat {
    /// Every format, in the order menus list them.
    pub const ALL: [ExportFormat; 7] = [
        ExportFormat::Kif,
        ExportFormat::Kifu,
        ExportFormat::Ki2,
        ExportFormat::Ki2u,
        ExportFormat::Usi,
        ExportFormat::Csa,
        ExportFormat::Bod,
    ];

    /// The format of a name, which is also its file extension (`kif`, `kifu`, `ki2`, …).
    pub fn from_name(name: &str) -> Result<ExportFormat, ExportError> {
        Self::ALL.into_iter().find(|f| f.extension() == name).ok_or(ExportError::UnknownFormat(name.into()))
    }

    /// The file extension, without the dot.
    pub fn extension(self) -> &'static str {
        match self {
            ExportFormat::Kif => "kif",
            ExportFormat::Kifu => "kifu",
            ExportFormat::Ki2 => "ki2",
            ExportFormat::Ki2u => "ki2u",
            ExportFormat::Bod => "bod",
            ExportFormat::Usi => "usi",
            ExportFormat::Csa => "csa",
        }
    }

    /// Whether the format can record a game of `V`: every format but CSA, and CSA the games
    /// [`Variant::CSA_RECORDS`] says.
    pub fn records<V: Variant>(self) -> bool {
        self != ExportFormat::Csa || V::CSA_RECORDS
    }

    /// The formats that record games of `V`, in the order menus list them.
    pub fn of_game<V: Variant>() -> Vec<ExportFormat> {
        Self::ALL.into_iter().filter(|f| f.records::<V>()).collect()
    }

    /// `Ok` when the format records games of `V`, else why not.
    pub fn check<V: Variant>(self) -> Result<(), ExportError> {
        match self.records::<V>() {
            true => Ok(()),
            false => Err(ExportError::NotForThisGame { format: self.extension(), game: V::NAME }),
        }
    }

    /// The encoding the extension promises.
    pub fn encoding(self) -> TextEncoding {
        match self {
            ExportFormat::Kif | ExportFormat::Ki2 => TextEncoding::ShiftJis,
            _ => TextEncoding::Utf8,
        }
    }
}

/// The file `moves` from `start` make in `format`, as bytes in the format's encoding; `comment` lines go
/// at the top of KIF and KI2 files (and of CSA, as `'` lines).
pub fn export<V: Variant>(
    start: &Position<V>,
    moves: &[Move],
    format: ExportFormat,
    comment: &str,
) -> Result<Vec<u8>, ExportError> {
    let encoding = format.encoding();
    let text = match format {
        ExportFormat::Kif | ExportFormat::Kifu => kif_from(start, moves, comment, encoding),
        ExportFormat::Ki2 | ExportFormat::Ki2u => ki2(start, moves, comment, encoding),
        ExportFormat::Bod => bod(&final_position(start, moves)),
        ExportFormat::Usi => format!("{}\n", usi_from(start, moves)),
        ExportFormat::Csa => {
            ExportFormat::Csa.check::<V>()?;
            csa_with_comment(start, moves, comment)
        }
    };
    Ok(encoding.encode(&text)?)
}

/// The position `moves` lead to from `start`.
fn final_position<V: Variant>(start: &Position<V>, moves: &[Move]) -> Position<V> {
    moves.iter().fold(*start, |pos, &m| play(&pos, m))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn formats_by_name() {
        assert_eq!(ExportFormat::from_name("kifu"), Ok(ExportFormat::Kifu));
        assert!(ExportFormat::from_name("pdf").is_err());
    }
}
