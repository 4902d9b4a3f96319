//! Diagnostics for a position being edited: every rule it breaks, with the squares to highlight.
//!
//! [`crate::reach::prove`] stops at the first failing stage; an editor wants all of them at once, in the same
//! vocabulary (`count`, `piece`, `king`, `prev`), plus what keeps a setup from being a position at all.

use crate::board::piece::{Kind, Piece};
use crate::board::position::{PositionError, Setup};
use crate::board::sfen::parse_setup;
use crate::board::start::Start;
use crate::board::variant::Variant;
use crate::reach::search::KkSearch;
use crate::reach::stage::Stage;
use crate::why::cause::{prev_cause, setup_causes, Cause, CauseJson};
use crate::why::certificate::prev_certificate;
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
    /// A stage's rule: the cause, as a player would say it (`null` for `sfen` and `setup`).
    pub cause: Option<CauseJson>,
    /// What is wrong, in English.
    pub message: String,
    /// The rule.
    pub rule: Rule,
    /// USI names of the squares concerned.
    pub squares: Vec<String>,
}

/// Every rule the position breaks for a game from `start`, in pipeline order. An empty list means the
/// position passes every check before the backward search. `prev` is looked at only when nothing else is
/// wrong.
pub fn diagnose<V: Variant>(text: &str, start: &Start<V>, search: &mut KkSearch<V>) -> Vec<Issue> {
    match parse_setup::<V>(text) {
        Err(e) => vec![Issue { cause: None, rule: Rule::Sfen, message: e.to_string(), squares: Vec::new() }],
        Ok(setup) => diagnose_setup(&setup, start, search),
    }
}

/// [`diagnose`] for a parsed setup.
pub(crate) fn diagnose_setup<V: Variant>(
    setup: &Setup<V>,
    start: &Start<V>,
    search: &mut KkSearch<V>,
) -> Vec<Issue> {
    let pos = match crate::board::position::Position::try_from(*setup) {
        Ok(pos) => pos,
        Err(e) => return vec![setup_issue(setup, e)],
    };
    let mut issues: Vec<Issue> = setup_causes(&pos, start).iter().map(Issue::of::<V>).collect();
    if issues.iter().all(|i| i.rule == Rule::Stage(Stage::Count)) && search.count_predecessors(&pos) == 0 {
        issues.push(match prev_certificate(&pos) {
            Some(cert) => Issue::of::<V>(&prev_cause(&pos, &cert)),
            None => Issue {
                cause: None,
                rule: Rule::Stage(Stage::Prev),
                message: "no legal move leads to this position".into(),
                squares: Vec::new(),
            },
        });
    }
    issues
}

impl Issue {
    /// The issue of a stage's `cause`: its sentence and squares.
    pub fn of<V: Variant>(cause: &Cause) -> Issue {
        let rule = Rule::Stage(cause.stage());
        let cause = cause.to_json::<V>();
        Issue { rule, message: cause.text.clone(), squares: cause.squares.clone(), cause: Some(cause) }
    }
}

fn setup_issue<V: Variant>(setup: &Setup<V>, e: PositionError) -> Issue {
    let squares: Vec<usize> = match e {
        PositionError::ExtraKing(c) => squares_of(setup, |p| p.kind() == Kind::King && p.color() == c),
        PositionError::TooManyPieces { kind, .. } | PositionError::KindNotInGame(kind) => {
            squares_of(setup, |p| p.kind() == kind)
        }
        _ => Vec::new(),
    };
    Issue { cause: None, rule: Rule::Setup, message: e.to_string(), squares: names::<V>(&squares) }
}

fn names<V: Variant>(squares: &[usize]) -> Vec<String> {
    squares.iter().map(|&sq| V::geometry().square_name(sq)).collect()
}

fn squares_of<V: Variant>(setup: &Setup<V>, pred: impl Fn(Piece) -> bool) -> Vec<usize> {
    let board = setup.board.as_ref();
    (0..board.len()).filter(|&sq| Piece::from_code(board[sq]).is_some_and(&pred)).collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::variant::{MiniShogi, Shogi};

    fn rules_of<V: Variant>(text: &str) -> Vec<(&'static str, Vec<String>)> {
        diagnose::<V>(text, &Start::initial(), &mut KkSearch::new())
            .into_iter()
            .map(|i| (i.rule.name(), i.squares))
            .collect()
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
        // Sente: pawns on 5a and 5b (doubled), the one on the last rank dead; Gote's king on 1a is
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
        let texts: Vec<String> =
            diagnose::<MiniShogi>("P3k/P4/5/5/K3R b - 1", &Start::initial(), &mut KkSearch::new())
                .into_iter()
                .map(|i| i.message)
                .collect();
        assert_eq!(texts[0], "Pieces are missing: 1 rook, 2 bishops, 2 golds and 2 silvers. Every reachable position has all 12 pieces on the board or in hand.");
        assert!(texts[1].starts_with("Sente has two unpromoted pawns on file 5 (5a and 5b)"), "{}", texts[1]);
        assert_eq!(texts[2], "Sente's pawn on 5a could never move again, so no game puts it there.");
        assert!(texts[3]
            .starts_with("Gote's king on 1a is in check from Sente's rook on 1e, but it is Sente's move"));
    }

    #[test]
    fn no_predecessor_is_reported_when_nothing_else_is_wrong() {
        let row = "+r4/5/pK+BgS/1p2G/S1k+b+R b - 1";
        assert!(rules_of::<MiniShogi>(row).is_empty(), "it has a predecessor");
        let none = rules_of::<MiniShogi>("K1G1g/rbB1+r/+S3p/5/1sk2 b p 1"); // minishogi-extras, prevNG 1
        assert_eq!(none, vec![("prev", vec!["5a".into(), "5b".into(), "4b".into()])]);
    }

    #[test]
    fn a_double_check_no_move_gives_is_named_with_its_checkers() {
        // Sente's king on 6g, checked by Gote's knight on 5e and rook on 5g: a knight uncovers no line.
        let pos = "+P+S3g+S2/3p1p+L2/+Pp1+s2+p+pn/1+p2+N1+l1P/G1+L1n4/+P4+b+n+P1/1R+PKr2p1/+p1gP4L/2G+Bs+P2k b 2p 1";
        let issues = diagnose::<Shogi>(pos, &Start::initial(), &mut KkSearch::new());
        assert_eq!(issues.len(), 1);
        assert_eq!(issues[0].squares, vec!["6g".to_string(), "5e".into(), "5g".into()]);
        assert_eq!(issues[0].cause.as_ref().map(|c| c.kind), Some("double-check"));
        assert_eq!(
            issues[0].message,
            "Sente's king on 6g is in double check from Gote's knight on 5e and Gote's rook on 5g, which no \
             single last move of Gote's can give."
        );
    }
}
