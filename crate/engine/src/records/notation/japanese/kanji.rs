//! Squares' digits and pieces' names in Japanese, the one table of them: squares as ７六; pieces as game records print them in moves (`成銀`), as one
//! as one character on a board or in a diagram (`全`), by their full names (`銀将`, `成銀`), and in the
//! other spellings records use (`王`, `竜`). The readers, the writers and the page (through the facts) all take them from
//! here.

use crate::board::piece::Kind;

/// The files as Japanese text writes them, from file 1: full-width digits.
pub const FILES: [char; 9] = ['１', '２', '３', '４', '５', '６', '７', '８', '９'];
/// The ranks as Japanese text writes them, from rank 1 (a): kanji numerals.
pub const RANKS: [char; 9] = ['一', '二', '三', '四', '五', '六', '七', '八', '九'];

/// One piece's names (a kind, promoted or not).
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
pub struct PieceNames {
    /// In a record's moves: one character, two for the promoted silver, knight and lance.
    pub record: &'static str,
    /// On a board and in a diagram: one character.
    pub board: char,
    /// The full name (玉将, と金).
    pub full: &'static str,
}

const fn names(record: &'static str, board: char, full: &'static str) -> PieceNames {
    PieceNames { record, board, full }
}

/// Per kind (by [`Kind::index`]): unpromoted, then promoted (the king's and the gold's repeat the first).
const NAMES: [[PieceNames; 2]; 8] = [
    [names("玉", '玉', "玉将"), names("玉", '玉', "玉将")],
    [names("金", '金', "金将"), names("金", '金', "金将")],
    [names("桂", '桂', "桂馬"), names("成桂", '圭', "成桂")],
    [names("香", '香', "香車"), names("成香", '杏', "成香")],
    [names("歩", '歩', "歩兵"), names("と", 'と', "と金")],
    [names("銀", '銀', "銀将"), names("成銀", '全', "成銀")],
    [names("飛", '飛', "飛車"), names("龍", '龍', "龍王")],
    [names("角", '角', "角行"), names("馬", '馬', "龍馬")],
];

/// Spellings read but never written: the king as 王 (Gote's, in many diagrams), the dragon as 竜.
const OTHER_SPELLINGS: [(&str, Kind, bool); 2] = [("王", Kind::King, false), ("竜", Kind::Rook, true)];

/// The names of `kind`, promoted or not.
pub fn piece_names(kind: Kind, promoted: bool) -> PieceNames {
    NAMES[kind.index()][promoted as usize]
}

/// Every piece a name names: each kind unpromoted, and promoted where it promotes.
pub fn named_pieces() -> impl Iterator<Item = (Kind, bool)> + Clone {
    Kind::ALL.into_iter().flat_map(|k| [(k, false), (k, true)]).filter(|&(k, p)| !p || k.can_promote())
}

/// The kind and promotion of the piece whose name `text` starts with (any spelling: a record's, a
/// board's, another), and the text after the name.
pub(crate) fn piece_prefix(text: &str) -> Option<(Kind, bool, &str)> {
    // A record's spelling, then a board's one character (全 圭 杏), then the others.
    let record =
        named_pieces().find_map(|(k, p)| text.strip_prefix(piece_names(k, p).record).map(|t| (k, p, t)));
    record
        .or_else(|| {
            named_pieces().find_map(|(k, p)| text.strip_prefix(piece_names(k, p).board).map(|t| (k, p, t)))
        })
        .or_else(|| OTHER_SPELLINGS.iter().find_map(|&(n, k, p)| text.strip_prefix(n).map(|t| (k, p, t))))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_name_reads_back_as_its_piece() {
        for (kind, promoted) in named_pieces() {
            let n = piece_names(kind, promoted);
            let board = n.board.to_string();
            for name in [n.record, board.as_str()] {
                assert_eq!(piece_prefix(&format!("{name}右")), Some((kind, promoted, "右")), "{name}");
            }
        }
        assert_eq!(named_pieces().count(), 14);
        assert_eq!(piece_prefix("王"), Some((Kind::King, false, "")));
        assert_eq!(piece_prefix("竜"), Some((Kind::Rook, true, "")));
        assert_eq!(piece_prefix("成"), None);
    }
}
