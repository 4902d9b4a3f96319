//! Diagnostics for a position being edited: every rule it breaks, with the squares to highlight.
//!
//! [`crate::reach::prove`] stops at the first failing stage; an editor wants all of them at once, in the same
//! vocabulary (`count`, `piece`, `king`, `prev`), plus what keeps a setup from being a position at all.

use crate::board::color::Color;
use crate::board::piece::{Kind, Piece, EMPTY};
use crate::board::position::{PositionError, Setup};
use crate::board::sfen::parse_setup;
use crate::board::variant::Variant;
use crate::reach::search::KkSearch;
use crate::reach::stage::Stage;
use crate::rules;
use serde::Serialize;

/// What kind of rule a position breaks: it is not text of a position, not a position at all, or it fails
/// one of the stages before the search.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Rule {
    /// The text does not parse.
    Sfen,
    /// Not a position: a king missing or doubled, too many pieces of a kind.
    Setup,
    /// A stage of the pipeline: `count`, `piece`, `king` or `prev`.
    Stage(Stage),
}

impl Rule {
    /// `sfen`, `setup`, or the stage's name.
    pub const fn name(self) -> &'static str {
        match self {
            Rule::Sfen => "sfen",
            Rule::Setup => "setup",
            Rule::Stage(stage) => stage.name(),
        }
    }
}

impl Serialize for Rule {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(self.name())
    }
}

/// One broken rule. (Fields in the order of their names, as a JSON map keeps them.)
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Issue {
    /// What is wrong, in English.
    pub message: String,
    /// The rule.
    pub rule: Rule,
    /// USI names of the squares concerned.
    pub squares: Vec<String>,
}

/// Every rule the position breaks, in pipeline order. An empty list means the position passes every
/// check before the backward search. `prev` is looked at only when nothing else is wrong.
pub fn diagnose<V: Variant>(text: &str, search: &mut KkSearch<V>) -> Vec<Issue> {
    match parse_setup::<V>(text) {
        Err(e) => vec![Issue { rule: Rule::Sfen, message: e.to_string(), squares: Vec::new() }],
        Ok(setup) => diagnose_setup(&setup, search),
    }
}

/// [`diagnose`] for a parsed setup.
pub(crate) fn diagnose_setup<V: Variant>(setup: &Setup<V>, search: &mut KkSearch<V>) -> Vec<Issue> {
    let pos = match crate::board::position::Position::try_from(*setup) {
        Ok(pos) => pos,
        Err(e) => return vec![setup_issue(setup, e)],
    };
    let mut issues = Vec::new();
    let missing: Vec<String> = V::KINDS
        .iter()
        .filter_map(|&k| {
            let have = count_kind(setup, k);
            let n = V::TOTAL[k.index()] as u32 - have;
            (n > 0).then(|| format!("{n} {}", k.letter()))
        })
        .collect();
    if !missing.is_empty() {
        issues.push(Issue {
            rule: Rule::Stage(Stage::Count),
            message: format!(
                "pieces missing ({}): every reachable position holds the full set on board and in hand",
                missing.join(", ")
            ),
            squares: Vec::new(),
        });
    }
    let doubled = doubled_pawns(setup);
    if !doubled.is_empty() {
        issues.push(Issue {
            rule: Rule::Stage(Stage::Piece),
            message: "two unpromoted pawns of one side on a file".into(),
            squares: names::<V>(&doubled),
        });
    }
    let dead = dead_pieces(setup);
    if !dead.is_empty() {
        issues.push(Issue {
            rule: Rule::Stage(Stage::Piece),
            message: "a pawn, lance or knight that can never move again".into(),
            squares: names::<V>(&dead),
        });
    }
    let waiting = pos.side_to_move().opponent();
    if rules::in_check(&pos, waiting) {
        let king = pos.king(waiting);
        let mut squares = vec![king];
        squares.extend(attackers(setup, king, pos.side_to_move(), &pos));
        issues.push(Issue {
            rule: Rule::Stage(Stage::King),
            message: format!("{waiting} is in check but {} is to move", pos.side_to_move()),
            squares: names::<V>(&squares),
        });
    }
    if issues.iter().all(|i| i.rule == Rule::Stage(Stage::Count)) && search.count_predecessors(&pos) == 0 {
        issues.push(Issue {
            rule: Rule::Stage(Stage::Prev),
            message: "no legal move leads to this position".into(),
            squares: Vec::new(),
        });
    }
    issues
}

fn setup_issue<V: Variant>(setup: &Setup<V>, e: PositionError) -> Issue {
    let squares: Vec<usize> = match e {
        PositionError::ExtraKing(c) => squares_of(setup, |p| p.kind() == Kind::King && p.color() == c),
        PositionError::TooManyPieces { kind, .. } | PositionError::KindNotInGame(kind) => {
            squares_of(setup, |p| p.kind() == kind)
        }
        _ => Vec::new(),
    };
    Issue { rule: Rule::Setup, message: e.to_string(), squares: names::<V>(&squares) }
}

fn names<V: Variant>(squares: &[usize]) -> Vec<String> {
    squares.iter().map(|&sq| V::geometry().square_name(sq)).collect()
}

fn squares_of<V: Variant>(setup: &Setup<V>, pred: impl Fn(Piece) -> bool) -> Vec<usize> {
    let board = setup.board.as_ref();
    (0..board.len()).filter(|&sq| Piece::from_code(board[sq]).is_some_and(&pred)).collect()
}

fn count_kind<V: Variant>(setup: &Setup<V>, kind: Kind) -> u32 {
    let on_board = squares_of(setup, |p| p.kind() == kind).len() as u32;
    on_board + setup.hands.iter().map(|h| h[kind.index()] as u32).sum::<u32>()
}

/// Unpromoted pawns sharing a file with another unpromoted pawn of their side.
fn doubled_pawns<V: Variant>(setup: &Setup<V>) -> Vec<usize> {
    let g = V::geometry();
    let pawns = squares_of(setup, |p| p.kind() == Kind::Pawn && !p.is_promoted());
    let color = |sq: usize| setup.board.as_ref()[sq] & 1;
    pawns
        .iter()
        .copied()
        .filter(|&a| pawns.iter().any(|&b| b != a && g.x(a) == g.x(b) && color(a) == color(b)))
        .collect()
}

fn dead_pieces<V: Variant>(setup: &Setup<V>) -> Vec<usize> {
    let board = setup.board.as_ref();
    squares_of(setup, |p| !p.is_promoted())
        .into_iter()
        .filter(|&sq| {
            let p = Piece::from_code(board[sq]).expect("a piece");
            V::is_dead(p.kind(), p.color(), sq)
        })
        .collect()
}

/// The pieces of `by` attacking `target`.
fn attackers<V: Variant>(
    setup: &Setup<V>,
    target: usize,
    by: Color,
    pos: &crate::board::position::Position<V>,
) -> Vec<usize> {
    let board = setup.board.as_ref();
    (0..board.len())
        .filter(|&sq| {
            let c = board[sq];
            c != EMPTY && c & 1 == by as u8 && rules::piece_attacks(pos, c, sq, target)
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::variant::{MiniShogi, Shogi};

    fn rules_of<V: Variant>(text: &str) -> Vec<(&'static str, Vec<String>)> {
        diagnose::<V>(text, &mut KkSearch::new()).into_iter().map(|i| (i.rule.name(), i.squares)).collect()
    }

    #[test]
    fn start_positions_are_clean() {
        assert!(rules_of::<Shogi>("startpos").is_empty());
        assert!(rules_of::<MiniShogi>("startpos").is_empty());
    }

    #[test]
    fn unreadable_and_impossible_setups() {
        assert_eq!(rules_of::<Shogi>("9/9 b -")[0].0, "sfen");
        let kings = rules_of::<MiniShogi>("kK2k/5/5/5/K4 b - 1");
        assert_eq!(kings, vec![("setup", vec!["5a".to_string(), "1a".to_string()])]);
        assert_eq!(rules_of::<MiniShogi>("k4/5/5/5/5 b - 1")[0].0, "setup");
        let rooks = rules_of::<MiniShogi>("k1RRR/5/5/5/K4 b - 1");
        assert_eq!(rooks, vec![("setup", vec!["3a".into(), "2a".into(), "1a".into()])]);
    }

    #[test]
    fn every_broken_rule_with_its_squares() {
        // Sente: pawns on 5b and 5d (doubled), a pawn on the last rank (dead); Gote's king on 1a is
        // attacked by Sente's rook on 1e while Sente is to move.
        let found = rules_of::<MiniShogi>("P3k/P4/5/5/K3R b - 1");
        assert_eq!(
            found,
            vec![
                ("count", vec![]),
                ("piece", vec!["5a".into(), "5b".into()]),
                ("piece", vec!["5a".into()]),
                ("king", vec!["1a".into(), "1e".into()]),
            ]
        );
    }

    #[test]
    fn no_predecessor_is_reported_when_nothing_else_is_wrong() {
        let row = "+r4/5/pK+BgS/1p2G/S1k+b+R b - 1";
        assert!(rules_of::<MiniShogi>(row).is_empty(), "it has a predecessor");
        let none = rules_of::<MiniShogi>("K1G1g/rbB1+r/+S3p/5/1sk2 b p 1"); // minishogi-extras, prevNG 1
        assert_eq!(none, vec![("prev", vec![])]);
    }
}
