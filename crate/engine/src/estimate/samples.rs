//! One row per sample of a run, for researchers to audit it or break it down (`estimate --samples-out`,
//! Python's `samples`): its index and rank, the stage it ended at, how far its search traced it back,
//! what the search cost, and its material. The rows of a range tally to exactly the range's [`Tally`]
//! (a test recomputes Tables 1 and 2 from them).

use crate::board::piece::Kind;
use crate::board::position::Position;
use crate::ranking::rank::{unrank, Ranked};
use crate::reach::stage::{Classified, Stage};
use serde::Serialize;

/// The kinds whose counts a row gives, in SFEN hand order (the kings are always one on each side).
pub const MATERIAL_KINDS: [Kind; 7] = Kind::HAND_ORDER;

/// What happened to one sample.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct SampleRow {
    /// The sample's index in its seed's sequence.
    pub index: u64,
    /// Its rank, in decimal.
    pub rank: String,
    /// The stage it ended at (its first failing stage, or its verdict).
    pub stage: Stage,
    /// The plies its search traced it back (Table 2): 0 at `prev`, the search's deepest at `reach`.
    pub traced_back: Option<u32>,
    /// Positions the backward search generated, once it ran.
    pub nodes: Option<u64>,
    /// Heap pops of that search.
    pub pops: Option<u64>,
    /// Plies of the path found to a KK position (reachable samples).
    pub plies: Option<u64>,
    /// Pieces on the board by kind (both sides, promoted ones under their base kind), as [`MATERIAL_KINDS`].
    pub on_board: [u8; 7],
    /// Pieces in hand by kind (both sides), as [`MATERIAL_KINDS`].
    pub in_hand: [u8; 7],
}

/// The row of sample `index` (rank `rank`), from what the pipeline found (`None`: a piece misplaced,
/// found while unranking).
pub fn sample_row<V: Ranked>(index: u64, rank: V::Rank, found: Option<&Classified<V>>) -> SampleRow {
    let (stage, position) = match found {
        Some(c) => (c.stage, c.position),
        // Unranked whole for its material only: the fast path stopped at the misplaced piece.
        None => (Stage::Piece, unrank::<V>(rank).expect("a sampled rank is in range")),
    };
    let search = found.and_then(|c| c.search.as_ref());
    let traced_back = match (stage, search) {
        (Stage::Prev, _) => Some(0),
        (Stage::Reach, Some(s)) => Some(s.max_depth),
        _ => None,
    };
    let (on_board, in_hand) = material(&position);
    SampleRow {
        index,
        rank: rank.to_string(),
        stage,
        traced_back,
        nodes: search.map(|s| s.nodes),
        pops: search.map(|s| s.pops),
        plies: search.filter(|_| stage == Stage::Ok).map(|s| s.plies() as u64),
        on_board,
        in_hand,
    }
}

fn material<V: Ranked>(pos: &Position<V>) -> ([u8; 7], [u8; 7]) {
    let mut on_board = [0; 7];
    let mut in_hand = [0; 7];
    for (i, kind) in MATERIAL_KINDS.iter().enumerate() {
        on_board[i] =
            (0..V::W * V::H).filter(|&sq| pos.piece_at(sq).is_some_and(|p| p.kind() == *kind)).count() as u8;
        in_hand[i] = pos.hands().iter().map(|h| h[kind.index()]).sum();
    }
    (on_board, in_hand)
}

/// The material's column names, as a row's counts come: `board_R` … `board_P`, then `hand_R` … `hand_P`.
pub fn material_columns() -> impl Iterator<Item = String> {
    ["board", "hand"]
        .into_iter()
        .flat_map(|place| MATERIAL_KINDS.iter().map(move |k| format!("{place}_{}", k.letter())))
}

impl SampleRow {
    /// The material's counts, in the order of [`material_columns`].
    pub fn material(&self) -> impl Iterator<Item = u8> + '_ {
        self.on_board.iter().chain(&self.in_hand).copied()
    }
}

/// The CSV header of [`csv_line`]'s rows.
pub fn csv_header() -> String {
    let columns = ["index", "rank", "stage", "traced_back", "nodes", "pops", "plies"].map(String::from);
    columns.into_iter().chain(material_columns()).collect::<Vec<_>>().join(",")
}

/// A row as a CSV line (no quoting needed: numbers and stage names), empty fields for what did not happen.
pub fn csv_line(row: &SampleRow) -> String {
    let opt = |v: Option<u64>| v.map(|n| n.to_string()).unwrap_or_default();
    let mut fields = vec![
        row.index.to_string(),
        row.rank.clone(),
        row.stage.name().to_string(),
        opt(row.traced_back.map(u64::from)),
        opt(row.nodes),
        opt(row.pops),
        opt(row.plies),
    ];
    fields.extend(row.material().map(|n| n.to_string()));
    fields.join(",")
}
