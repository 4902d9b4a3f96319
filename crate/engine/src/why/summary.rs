//! A `prev` certificate summarised for people: its candidate last moves grouped by reason, largest group
//! first, and the summary sentence that leads the certificate. The command line's text and the page's
//! certificate (through the JSON's `groups`) both take their groups from here.

use crate::board::color::Color;
use crate::why::certificate::{Candidate, PrevCertificate};
use serde::Serialize;

/// The reason of a candidate whose captures fail for different reasons.
pub const BY_CAPTURE: &str = "by-capture";

/// The order of reasons among groups of one size: the most common first, so that the order is fixed.
const REASON_ORDER: [&str; 8] = [
    "king-in-check",
    "occupied",
    "off-board",
    "outside-zone",
    "dead-piece",
    "two-pawns",
    "pawn-drop-mate",
    BY_CAPTURE,
];

/// The candidates of a certificate that fail for one reason.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct ReasonGroup {
    /// The candidates, as indices into the certificate's candidates, in their order.
    pub candidates: Vec<usize>,
    /// The failure's name ([`CandidateFailure::name`](crate::why::certificate::CandidateFailure::name)),
    /// or [`BY_CAPTURE`] when the candidate's captures fail for different reasons.
    pub reason: &'static str,
}

/// The reason of one candidate: its failure's name when every capture fails alike, else [`BY_CAPTURE`]
/// (`legal` for a variant without a failure, which a verified certificate never has).
pub fn candidate_reason(c: &Candidate) -> &'static str {
    let name = |v: &(_, Option<crate::why::certificate::CandidateFailure>)| {
        v.1.as_ref().map_or("legal", |f| f.name())
    };
    let first = c.variants.first().map_or("legal", name);
    if c.variants.iter().all(|v| name(v) == first) {
        first
    } else {
        BY_CAPTURE
    }
}

/// Every candidate of `cert` in exactly one group: largest group first, then in the order of
/// [`REASON_ORDER`].
pub fn reason_groups(cert: &PrevCertificate) -> Vec<ReasonGroup> {
    let mut groups: Vec<ReasonGroup> = Vec::new();
    for (i, c) in cert.candidates.iter().enumerate() {
        let reason = candidate_reason(c);
        match groups.iter_mut().find(|g| g.reason == reason) {
            Some(g) => g.candidates.push(i),
            None => groups.push(ReasonGroup { candidates: vec![i], reason }),
        }
    }
    let rank = |r: &str| REASON_ORDER.iter().position(|&o| o == r).unwrap_or(REASON_ORDER.len());
    groups.sort_by_key(|g| (std::cmp::Reverse(g.candidates.len()), rank(g.reason)));
    groups
}

/// What `n` candidates of a group do, in English (`x` is the side to move now, whose king is meant).
pub fn reason_phrase(reason: &str, n: usize, x: Color) -> String {
    match reason {
        "king-in-check" => format!("{n} would need {x}'s king already in check before the move"),
        "occupied" => format!("{n} would come from an occupied square"),
        "off-board" => format!("{n} would come from off the board"),
        "outside-zone" => format!("{n} would promote with neither square in the promotion zone"),
        "dead-piece" => format!("{n} would need a piece that could never have moved"),
        "two-pawns" => format!("{n} would need two unpromoted pawns of one side on one file"),
        "pawn-drop-mate" => format!("{n} would be a pawn drop that mates"),
        BY_CAPTURE if n == 1 => "1 fails for a different reason with each capture".into(),
        BY_CAPTURE => format!("{n} fail for a different reason with each capture"),
        other => format!("{n}: {other}"),
    }
}

/// The sentence that leads the certificate: how many candidates there are, and how many fail for each
/// reason, largest group first.
pub fn summary_sentence(cert: &PrevCertificate) -> String {
    let n = cert.candidates.len();
    let y = cert.last_mover;
    let parts: Vec<String> = reason_groups(cert)
        .iter()
        .map(|g| reason_phrase(g.reason, g.candidates.len(), y.opponent()))
        .collect();
    let lead = if n == 1 {
        format!("{y}'s only candidate last move is not legal")
    } else {
        format!("None of {y}'s {n} candidate last moves is legal")
    };
    format!("{lead}: {}.", join_english(&parts))
}

/// `a`, `a and b`, `a, b and c`.
pub(crate) fn join_english(parts: &[String]) -> String {
    match parts {
        [] => String::new(),
        [one] => one.clone(),
        [init @ .., last] => format!("{} and {last}", init.join(", ")),
    }
}
