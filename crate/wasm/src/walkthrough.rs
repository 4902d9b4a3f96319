//! The "How it works" tab's calls: |P_K|, a sampled rank unranked, and a real sample that fails a chosen
//! stage with the squares its reason names (its small estimate uses the Estimate tab's calls). Each is
//! the engine's own answer (the same ranks and stages as `shogi-reach count`, `sample | unrank` and
//! `classify`); nothing here is a second implementation of the method, only a way to show it.

use crate::engine_error::EngineError;
use crate::to_js;
use serde::Serialize;
use shogi_reach_engine::board::color::Color;
use shogi_reach_engine::board::position::Position;
use shogi_reach_engine::board::start::Start;
use shogi_reach_engine::board::variant::Variant;
use shogi_reach_engine::ranking::rank::{candidate_count as count_of, unrank, Ranked};
use shogi_reach_engine::ranking::sample::RankSampler;
use shogi_reach_engine::reach::search::{with_thread_search, KkSearch, SearchOptions};
use shogi_reach_engine::reach::stage::{classify, Stage};
use shogi_reach_engine::why::certificate::candidates;
use shogi_reach_engine::why::diagnose;
use wasm_bindgen::prelude::*;

/// The most samples [`stage_example`] draws before it gives up (the rarest stage it is asked for, `prev`
/// in Shogi, comes about once in 250 draws).
pub const MAX_DRAWS: u64 = 200_000;

/// The stages a walkthrough example may fail: the filters and `prev` (no legal last move).
pub const EXAMPLE_STAGES: [Stage; 4] = [Stage::Flip, Stage::Piece, Stage::King, Stage::Prev];

/// A node cap for the examples' searches: a sample that passes the filters is searched only to tell
/// `prev` from the rest, so a search that needs more is simply skipped over.
const EXAMPLE_NODE_CAP: usize = 20_000;

/// Sample `index` of `seed`: its rank (decimal) and the candidate position it decodes to.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct SampledRank {
    pub index: u64,
    pub rank: String,
    pub sfen: String,
}

/// The first sample of a seed that fails a stage, with the squares the engine's reason names (USI).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct StageExample {
    pub index: u64,
    pub rank: String,
    pub sfen: String,
    pub squares: Vec<String>,
    pub stage: &'static str,
}

/// |P_K| of the game, in decimal (as `shogi-reach count`).
#[wasm_bindgen(js_name = candidateCount)]
pub fn candidate_count(game: &str) -> Result<String, JsValue> {
    with_game_named!(game, V => Ok(count_of::<V>().to_string()))
}

/// Sample `index` of `seed` and its position (`{index, rank, sfen}`), as `shogi-reach sample --seed S
/// --start I --count 1 | shogi-reach unrank`.
#[wasm_bindgen(js_name = sampleRank)]
pub fn sample_rank(game: &str, seed: u64, index: u64) -> Result<JsValue, JsValue> {
    with_game_named!(game, V => Ok(to_js(&sampled::<V>(seed, index)?)?))
}

/// The stages the walkthrough shows a failing example of ([`EXAMPLE_STAGES`]) that a sample of the game
/// can fail, in pipeline order: `flip` only on a board with a centre file.
#[wasm_bindgen(js_name = exampleStages)]
pub fn example_stages(game: &str) -> Result<Vec<String>, JsValue> {
    with_game_named!(game, V => Ok(EXAMPLE_STAGES
        .iter()
        .filter(|&&s| s != Stage::Flip || V::has_centre_file())
        .map(|s| s.name().to_string())
        .collect()))
}

/// The first sample of `seed` (from index 0) that ends at `stage` (one of [`EXAMPLE_STAGES`], or `OK`: the
/// first reachable sample), as `shogi-reach classify` decides it: `{index, rank, sfen, stage, squares}`.
/// Throws when the stage is none of these or no sample among the first [`MAX_DRAWS`] ends there.
#[wasm_bindgen(js_name = stageExample)]
pub fn stage_example(game: &str, stage: &str, seed: u64) -> Result<JsValue, JsValue> {
    let wanted =
        Stage::from_name(stage).filter(|s| EXAMPLE_STAGES.contains(s) || *s == Stage::Ok).ok_or_else(
            || EngineError::bad_argument(format!("no walkthrough example for the stage {stage:?}")),
        )?;
    with_game_named!(game, V => {
        let example = with_thread_search::<V, _>(|search| first_failing::<V>(wanted, seed, search))?;
        Ok(to_js(&example)?)
    })
}

/// [`sample_rank`] for the game `V`.
pub fn sampled<V: Ranked>(seed: u64, index: u64) -> Result<SampledRank, EngineError> {
    let rank = RankSampler::<V>::new(seed).rank(index);
    let pos = unrank::<V>(rank).map_err(EngineError::bad_argument)?;
    Ok(SampledRank { index, rank: rank.to_string(), sfen: pos.to_sfen() })
}

/// [`stage_example`] for the game `V`.
pub fn first_failing<V: Ranked>(
    wanted: Stage,
    seed: u64,
    search: &mut KkSearch<V>,
) -> Result<StageExample, EngineError> {
    let sampler = RankSampler::<V>::new(seed);
    let options = SearchOptions { max_nodes: Some(EXAMPLE_NODE_CAP), lazy_captures: true };
    for index in 0..MAX_DRAWS {
        let rank = sampler.rank(index);
        let pos = unrank::<V>(rank).map_err(EngineError::bad_argument)?;
        if classify(&pos, search, options).stage != wanted {
            continue;
        }
        let squares = reason_squares(&pos, wanted, search);
        let geometry = V::geometry();
        let names =
            squares.iter().map(|&sq| square_name(geometry.w, geometry.x(sq), geometry.y(sq))).collect();
        return Ok(StageExample {
            index,
            rank: rank.to_string(),
            sfen: pos.to_sfen(),
            squares: names,
            stage: wanted.name(),
        });
    }
    let detail = format!("no sample among the first {MAX_DRAWS} of seed {seed} fails the stage {wanted}");
    Err(EngineError::bad_argument(detail))
}

/// The squares the engine's reason for failing `stage` names: for `flip`, [`mirror_difference`]; for
/// `piece` and `king`, the squares of the diagnosis (the pawns, the dead pieces; the king in check and
/// its attackers); for `prev`, every square a candidate last move ends on (each piece that might have
/// moved last, all of whose candidates fail). None for `OK`.
pub fn reason_squares<V: Variant>(pos: &Position<V>, stage: Stage, search: &mut KkSearch<V>) -> Vec<usize> {
    let mut squares: Vec<usize> = match stage {
        Stage::Flip => mirror_difference(pos),
        Stage::Prev => candidates(pos).iter().map(|c| c.to).collect(),
        Stage::Ok => Vec::new(),
        _ => diagnose::diagnose::<V>(&pos.to_sfen(), &Start::initial(), search)
            .iter()
            .filter(|issue| issue.rule.name() == stage.name())
            .flat_map(|issue| issue.squares.iter().filter_map(|name| V::geometry().parse_square(name)))
            .collect(),
    };
    squares.sort_unstable();
    squares.dedup();
    squares
}

/// Why a position is not the member of its mirror pair that the `flip` filter keeps: both kings (on the
/// centre file, else the kings alone decide) and, for the first piece code whose squares differ from
/// their mirror images in the ranking order, the square of the piece whose mirror image sorts first and
/// that mirror square, where the position has no such piece. Empty when the position passes.
pub fn mirror_difference<V: Variant>(pos: &Position<V>) -> Vec<usize> {
    let g = V::geometry();
    let kings = [pos.king(Color::Sente), pos.king(Color::Gote)];
    if kings.iter().any(|&k| g.mirror[k] as usize != k) {
        return Vec::new();
    }
    let board = pos.board();
    let order = |sq: usize| g.ranking_order[sq] as usize;
    // Piece codes are below 32 (the empty square's code is 32).
    for code in 0..32u8 {
        let own: Vec<usize> = (0..board.len()).filter(|&sq| board[sq] == code).collect();
        // The lowest ranking place held by exactly one of the pieces and the mirrored pieces.
        let first = own
            .iter()
            .flat_map(|&sq| [order(sq), order(g.mirror[sq] as usize)])
            .filter(|&place| {
                let held = own.iter().any(|&sq| order(sq) == place);
                let mirrored = own.iter().any(|&sq| order(g.mirror[sq] as usize) == place);
                held != mirrored
            })
            .min();
        let Some(place) = first else { continue };
        if own.iter().any(|&sq| order(sq) == place) {
            return Vec::new(); // the position sorts first: it is the one kept
        }
        let piece = own.iter().copied().find(|&sq| order(g.mirror[sq] as usize) == place);
        let mut squares = kings.to_vec();
        if let Some(sq) = piece {
            squares.extend([sq, g.mirror[sq] as usize]);
        }
        return squares;
    }
    Vec::new()
}

/// USI name of the square in column `x` (0 = file `width`) and row `y` (0 = rank a).
fn square_name(width: usize, x: usize, y: usize) -> String {
    format!("{}{}", width - x, (b'a' + y as u8) as char)
}

#[cfg(test)]
mod tests;
