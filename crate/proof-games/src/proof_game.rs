//! Proof games: an explicit game from the initial position to a position proved reachable, checked by
//! replaying it with the forward legal-move generator.
//!
//! Two methods build one. The short method (`short_method`) searches within a budget, backwards
//! from the position and forwards from the initial position, and knows when its game is a shortest one.
//! The KK route ([`crate::kk_route`]) always works: an opening to a KK position, moves to the KK position
//! the backward search reached, then that search's path to the position.

pub use crate::game::{KkRoute, Method, ProofGame, ProofGameError};
use crate::kk_route::kk_proof_game;
use crate::openings::WithOpening;
use crate::short::bound::{Bound, BoundCache};
use crate::short_method::{forward_proof_game, short_proof_game};
use shogi_reach_engine::board::position::Position;
use shogi_reach_engine::board::start::Start;
use shogi_reach_engine::reach::search::{KkSearch, SearchOptions};

/// Which method builds a proof game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Choice {
    /// The short search within its budget, and the KK route: the shorter game.
    Best,
    /// Only the short search (an error when it finds no game within its budget).
    Short,
    /// Only the KK route.
    Kk,
}

/// What the short search may do. Counted in positions, not time, so that a position gives the same game
/// on every machine, loaded or quiet, and on one thread or two.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ShortBudget {
    /// The most positions the backward searches may weigh against the bound, in all; each guide's
    /// forward searches may weigh [`BoundCache::FORWARD_PER_BACKWARD`] times as many, and in Shogi, where
    /// they found no game, its last forward searches twice that times what the backward searches left.
    pub weighed: usize,
    /// 2: the forward searches of the two guides run side by side; 1: one after the other (the same game).
    pub threads: usize,
}

impl ShortBudget {
    /// The default budget of game `V` ([`BoundCache::SHORT_WEIGHED`]), on two threads.
    pub fn of<V: BoundCache>() -> ShortBudget {
        ShortBudget { weighed: V::SHORT_WEIGHED, threads: 2 }
    }
}

/// Builds and verifies a proof game for `pos` by `choice`. The backward search to a KK position first
/// proves `pos` reachable (`options` caps it and the short search); the short search finds a game with a
/// weighted search, then looks for a shorter one with A*, each search within `budget`. `keep_going(nodes)`
/// is asked during the short search, to show progress or to stop it (at a time limit, on a cancel: the
/// game then depends on when).
pub fn build_proof_game<V: WithOpening>(
    pos: &Position<V>,
    search: &mut KkSearch<V>,
    options: SearchOptions,
    choice: Choice,
    budget: ShortBudget,
    keep_going: impl FnMut(usize) -> bool,
) -> Result<ProofGame<V>, ProofGameError> {
    build_proof_game_from(pos, &Start::initial(), search, options, choice, budget, keep_going)
}

/// [`build_proof_game`] from `start`. From a handicap start the game is its start itself (0 plies), or the
/// KK route through the start's opening ([`crate::openings::start_openings`]) or the shorter game the
/// forward searches find from the start (the backward short search and A* know only the initial position).
pub fn build_proof_game_from<V: WithOpening>(
    pos: &Position<V>,
    start: &Start<V>,
    search: &mut KkSearch<V>,
    options: SearchOptions,
    choice: Choice,
    budget: ShortBudget,
    mut keep_going: impl FnMut(usize) -> bool,
) -> Result<ProofGame<V>, ProofGameError> {
    if !start.is_initial() {
        if pos == start.position() {
            return Ok(ProofGame::empty(*start));
        }
        return handicap_proof_game(pos, start, search, options, choice, budget, &mut keep_going);
    }
    if choice == Choice::Kk {
        return proof_game(pos, search, options);
    }
    // The reference route proves the position reachable; shortened, it is the fallback, and the forward
    // searches look only for games no longer than it.
    let kk = proof_game(pos, search, options)?;
    let max_nodes = options.max_nodes.unwrap_or(usize::MAX);
    let longest = (choice == Choice::Best).then_some(kk.moves.len() as u32);
    let short = short_proof_game(pos, max_nodes, budget.weighed, longest, budget.threads, &mut keep_going)?;
    match (choice, short) {
        (_, Some(short)) if short.moves.len() <= kk.moves.len() => Ok(short),
        (Choice::Short, Some(short)) => Ok(short),
        (Choice::Short, None) => Err(ProofGameError::NotFound),
        (_, _) => Ok(ProofGame { lower_bound: Bound::<V>::shared().plies(pos), ..kk }),
    }
}

/// [`build_proof_game_from`] from a handicap start: the KK route, and the forward searches for a shorter
/// game (the short search backwards and A* know only the initial position).
fn handicap_proof_game<V: WithOpening>(
    pos: &Position<V>,
    start: &Start<V>,
    search: &mut KkSearch<V>,
    options: SearchOptions,
    choice: Choice,
    budget: ShortBudget,
    keep_going: &mut impl FnMut(usize) -> bool,
) -> Result<ProofGame<V>, ProofGameError> {
    let kk = kk_proof_game(pos, start, search, options)?;
    if choice == Choice::Kk {
        return Ok(kk);
    }
    let longest = (choice == Choice::Best).then_some(kk.moves.len() as u32);
    match forward_proof_game(pos, start, longest, budget.weighed, budget.threads, keep_going)? {
        Some(game) => Ok(game),
        None if choice == Choice::Short => Err(ProofGameError::NotFound),
        None => Ok(kk),
    }
}

/// Builds and verifies the KK-route proof game for `pos`, which must be proved reachable by the backward
/// search.
pub fn proof_game<V: WithOpening>(
    pos: &Position<V>,
    search: &mut KkSearch<V>,
    options: SearchOptions,
) -> Result<ProofGame<V>, ProofGameError> {
    kk_proof_game(pos, &Start::initial(), search, options)
}
