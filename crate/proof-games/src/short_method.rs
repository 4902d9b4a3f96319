//! The short method of proof games: first games from weighted backward searches and the forward searches,
//! in turn, then the shortening pass and A* for a shorter one, each within a budget counted in positions
//! (not time), so that a position gives the same game on every machine.

use crate::forward::guide::InPlaceCaptors;
use crate::forward::search::{beam_search, best_first_search, Beam, BeamMoves};
use crate::game::{ProofGame, ProofGameError};
use crate::short::bound::{Bound, BoundCache};
use crate::short::search::{short_search, SearchOrder, ShortOptions};
use crate::shorten::{shorten, ShortenBudget};
use shogi_reach_engine::board::moves::Move;
use shogi_reach_engine::board::position::Position;
use shogi_reach_engine::board::start::Start;
use shogi_reach_engine::board::variant::Variant;

/// The short search's game, verified, if it finds one within `max_nodes` positions and `keep_going`: a
/// weighted search finds one (the forward searches one of at most `longest` plies), then A* looks for a
/// shorter one (proving it shortest when it finds none).
pub(crate) fn short_proof_game<V: BoundCache>(
    pos: &Position<V>,
    max_nodes: usize,
    budget: usize,
    longest: Option<u32>,
    threads: usize,
    keep_going: &mut impl FnMut(usize) -> bool,
) -> Result<Option<ProofGame<V>>, ProofGameError> {
    let bound = Bound::<V>::shared();
    let lower_bound = bound.plies(pos);
    // A game near the bound is left to A*, which also proves it shortest when it can.
    let near = |m: &Vec<Move>| lower_bound.is_none_or(|b| m.len() as u32 <= b + NEAR_THE_BOUND);
    let mut found: Option<Vec<Move>> = None;
    // What the backward searches may still weigh: each takes what the ones before it left, so the work is
    // the same on any machine and thread count.
    let mut left = budget;
    let first_games = if V::BACKWARD_AFTER_FORWARD { &FIRST_GAMES[..] } else { &THEN_FORWARD_AGAIN[..] };
    for &first in first_games {
        if found.as_ref().is_some_and(near) {
            break;
        }
        let game = match first {
            FirstGame::Backward(order, nodes) => {
                let quick = ShortOptions {
                    max_nodes: nodes.min(max_nodes),
                    max_weighed: left,
                    weight: 2,
                    shorter_than: None,
                    order,
                };
                let game = short_search(pos, bound, quick, &mut *keep_going);
                left = left.saturating_sub(game.weighed);
                game.moves
            }
            FirstGame::Forward | FirstGame::LastForward => {
                let (searches, weighed) = match first {
                    FirstGame::LastForward if found.is_some() => continue,
                    FirstGame::LastForward => (LAST_FORWARD, std::mem::take(&mut left) * LAST_FORWARD_WEIGHS),
                    _ => (WIDE, budget),
                };
                let shorter_than = found.as_ref().map(|m| m.len() as u32).or(longest.map(|n| n + 1));
                let each = weighed.saturating_mul(V::FORWARD_PER_BACKWARD);
                let ends = (&Position::startpos(), pos);
                forward_with_both_guides(ends, searches, shorter_than, &near, each, threads, &mut *keep_going)
            }
        };
        if game.as_ref().is_some_and(|g| found.as_ref().is_none_or(|f| g.len() < f.len())) {
            found = game;
        }
    }
    let Some(mut moves) = found else { return Ok(None) };
    if lower_bound != Some(moves.len() as u32) {
        moves =
            shorten(&Position::<V>::startpos(), moves, bound.travel(), ShortenBudget::of(budget), keep_going);
    }
    let (moves, shortest) = shortened(pos, bound, moves, lower_bound, (max_nodes, left), keep_going);
    let game = ProofGame::short(Start::initial(), moves, *pos, shortest, lower_bound);
    game.verify()?;
    Ok(Some(game))
}

/// The forward searches' game from a handicap `start` to `pos` (the short method's other searches know only
/// the initial position), verified, if they find one shorter than `shorter_than` within `budget`
/// (weighed positions of the backward searches, as [`short_proof_game`]'s).
pub(crate) fn forward_proof_game<V: BoundCache>(
    pos: &Position<V>,
    start: &Start<V>,
    shorter_than: Option<u32>,
    budget: usize,
    threads: usize,
    keep_going: &mut impl FnMut(usize) -> bool,
) -> Result<Option<ProofGame<V>>, ProofGameError> {
    let each = budget.saturating_mul(V::FORWARD_PER_BACKWARD);
    let near = |_: &Vec<Move>| false;
    let ends = (start.position(), pos);
    let found = forward_with_both_guides(ends, WIDE, shorter_than, &near, each, threads, keep_going);
    let Some(moves) = found else { return Ok(None) };
    let travel = Bound::<V>::shared().travel();
    let moves = shorten(start.position(), moves, travel, ShortenBudget::of(budget), keep_going);
    let game = ProofGame::short(*start, moves, *pos, false, None);
    game.verify()?;
    Ok(Some(game))
}

/// `moves`, or the shorter game A* finds within `max_nodes` positions and `max_weighed` weighed, and whether
/// it is a shortest one: as long as the bound, or A* looked at every position shorter games pass through.
fn shortened<V: Variant>(
    pos: &Position<V>,
    bound: &Bound<V>,
    moves: Vec<Move>,
    lower_bound: Option<u32>,
    (max_nodes, max_weighed): (usize, usize),
    keep_going: &mut impl FnMut(usize) -> bool,
) -> (Vec<Move>, bool) {
    if Some(moves.len() as u32) == lower_bound {
        return (moves, true);
    }
    let shorter_than = Some(moves.len() as u32);
    let exact = ShortOptions { max_nodes, max_weighed, weight: 1, shorter_than, order: SearchOrder::Bound };
    let shorter = short_search(pos, bound, exact, &mut *keep_going);
    (shorter.moves.unwrap_or(moves), shorter.exhausted)
}

/// A search that looks for a first game, and the positions it may generate.
#[derive(Clone, Copy)]
enum FirstGame {
    /// Backwards from the position, weighted, ordered by this guide.
    Backward(SearchOrder, usize),
    /// Forwards from the initial position (see [`crate::forward`]): the searches of [`WIDE`].
    Forward,
    /// Forwards again, when no search found a game: the searches of [`LAST_FORWARD`], weighing
    /// [`LAST_FORWARD_WEIGHS`] times what the backward searches left (times
    /// [`BoundCache::FORWARD_PER_BACKWARD`]).
    LastForward,
}

/// The searches that look for a first game, in turn: the perimeter's bound finds games near the start at
/// once; the forward searches find most of the rest; the backward guides some of what they miss.
const FIRST_GAMES: [FirstGame; 4] = [
    FirstGame::Backward(SearchOrder::Sharpened, 10_000),
    FirstGame::Forward,
    FirstGame::Backward(SearchOrder::Counted, 50_000),
    FirstGame::Backward(SearchOrder::Captures, usize::MAX),
];

/// The searches for a first game where the backward searches find none the forward searches miss
/// ([`BoundCache::BACKWARD_AFTER_FORWARD`]): after the forward searches, the last forward searches with
/// what the backward searches left. They often find a long game where the first ones found none, and the
/// shortening pass and A* then shorten it.
const THEN_FORWARD_AGAIN: [FirstGame; 3] = [FIRST_GAMES[0], FIRST_GAMES[1], FirstGame::LastForward];

/// The forward searches of the two guides: the one that lets captors go ([`InPlaceCaptors::Go`]), then
/// the one that brings them back.
type ForwardSearches = [&'static [Planned]; 2];

/// A forward search in a guide's list, its share (in per cent) of the guide's budget, and whether it runs
/// only where an earlier search of the list came within [`NEAR_ENOUGH`] plies of the target by the guide.
#[derive(Clone, Copy)]
struct Planned {
    search: ForwardSearch,
    share: usize,
    only_near: bool,
}

/// `search` with `share` of the budget.
const fn run(search: ForwardSearch, share: usize) -> Planned {
    Planned { search, share, only_near: false }
}

/// `search` with `share` of the budget, where an earlier search came near the target.
const fn run_if_near(search: ForwardSearch, share: usize) -> Planned {
    Planned { search, share, only_near: true }
}

/// How near the target (in plies, by the guide) an earlier search must have come for the last forward
/// searches' widest ones to run: the narrow beams circle a few plies from a position of a real game where
/// the guide stalls (2 to 6 plies on the self-play rows that needed them), but stay 20 plies and more from
/// a random position, which no forward search reaches within the budget.
const NEAR_ENOUGH: u32 = 10;

/// The first forward searches: see [`BEAMS_FIRST`] and [`BEST_FIRST`].
const WIDE: ForwardSearches = [BEAMS_FIRST, BEST_FIRST];

/// The last forward searches, where no other found a game: narrow beams of 20 and 50 positions with either
/// guide (those of the guide that brings captors back never move a pawn, lance or knight off its square in
/// the target, [`BeamMoves::InPlaceStay`]), then, with what they leave and where they came near the target,
/// a beam of 300 with the guide that lets captors go and the anytime best-first search with the other.
/// Each finds games the others miss (see `docs/notes/proof-games.md`).
const LAST_FORWARD: ForwardSearches = [
    &[
        run(beam(20, BeamMoves::All), 50),
        run(beam(50, BeamMoves::All), 50),
        run_if_near(beam(300, BeamMoves::All), 0),
    ],
    &[
        run(beam(20, BeamMoves::InPlaceStay), 50),
        run(beam(50, BeamMoves::InPlaceStay), 50),
        run_if_near(ForwardSearch::BestFirst(&[6, 4, 3]), 0),
    ],
];

/// How many times what the backward searches left the last forward searches weigh: they run only where
/// no other search found a game, and the beam of 300 needs about 600 000 positions for a 40-ply game whose
/// guide stalls a few plies from the target, the best-first search as many where a 24-ply game's does.
const LAST_FORWARD_WEIGHS: usize = 2;

/// A beam of `width` positions a ply, making `moves`.
const fn beam(width: usize, moves: BeamMoves) -> ForwardSearch {
    ForwardSearch::Beam(Beam { width, moves })
}

/// One forward search (see [`crate::forward`]).
#[derive(Clone, Copy)]
enum ForwardSearch {
    /// A level at a time (see [`Beam`]).
    Beam(Beam),
    /// Best first, with these weights in turn (in halves).
    BestFirst(&'static [u32]),
}

/// The forward searches of each guide, in turn, and their share (in per cent) of the guide's budget (see
/// [`ShortBudget`]); each also gets what the searches before it left. The light best-first search
/// (weight 1.5) finds short games for most positions up to about 40 plies; the one that starts heavy (3, then 2
/// and 1.5 once it has a game) finds games further from the start, and shortens them. The beams, first with
/// the guide that lets captors go (the other guide's thread searches best first all the time), find games
/// far from the start where the guide is far below the plies needed.
const BEST_FIRST: &[Planned] =
    &[run(ForwardSearch::BestFirst(&[3]), 25), run(ForwardSearch::BestFirst(&[6, 4, 3]), 75)];
const BEAMS_FIRST: &[Planned] = &[
    run(beam(100, BeamMoves::All), 50),
    run(beam(300, BeamMoves::All), 0),
    run(ForwardSearch::BestFirst(&[3]), 25),
    run(ForwardSearch::BestFirst(&[6, 4, 3]), 25),
];

/// The forward `searches` with one guide: the shortest game they find, shorter than `shorter_than`.
fn forward_games<V: BoundCache>(
    (start, pos): (&Position<V>, &Position<V>),
    in_place: InPlaceCaptors,
    searches: &[Planned],
    shorter_than: Option<u32>,
    near: &impl Fn(&Vec<Move>) -> bool,
    max_weighed: usize,
    keep_going: &mut impl FnMut(usize) -> bool,
) -> Option<Vec<Move>> {
    let travel = Bound::<V>::shared().travel();
    let mut found: Option<Vec<Move>> = None;
    let (mut left, mut nearest) = (0, u32::MAX);
    for &Planned { search, share, only_near } in searches {
        if found.as_ref().is_some_and(near) {
            break;
        }
        left += max_weighed / 100 * share;
        if only_near && nearest > NEAR_ENOUGH {
            continue;
        }
        let shorter = found.as_ref().map(|m| m.len() as u32).or(shorter_than);
        let game = match search {
            ForwardSearch::Beam(beam) => {
                beam_search((start, pos), travel, in_place, beam, shorter, left, &mut *keep_going)
            }
            ForwardSearch::BestFirst(weights) => {
                best_first_search((start, pos), travel, in_place, weights, shorter, left, &mut *keep_going)
            }
        };
        left = left.saturating_sub(game.weighed);
        nearest = nearest.min(game.nearest);
        found = game.moves.or(found);
    }
    found
}

/// The forward searches with each guide, each weighing at most `max_weighed` positions: the shorter game
/// (the beams' on a tie). On two threads (natively) side by side, the second stopped when `keep_going`
/// says so; otherwise one after the other.
fn forward_with_both_guides<V: BoundCache>(
    ends: (&Position<V>, &Position<V>),
    [lets_go, brings_back]: ForwardSearches,
    shorter_than: Option<u32>,
    near: &(impl Fn(&Vec<Move>) -> bool + Sync),
    max_weighed: usize,
    threads: usize,
    keep_going: &mut impl FnMut(usize) -> bool,
) -> Option<Vec<Move>> {
    let beams = |go_on: &mut dyn FnMut(usize) -> bool| {
        forward_games(ends, InPlaceCaptors::Go, lets_go, shorter_than, near, max_weighed, &mut |n| go_on(n))
    };
    let best_first = |go_on: &mut dyn FnMut(usize) -> bool| {
        let in_place = InPlaceCaptors::GoAndReturn;
        forward_games(ends, in_place, brings_back, shorter_than, near, max_weighed, &mut |n| go_on(n))
    };
    let (mine, theirs) = if threads < 2 || cfg!(target_arch = "wasm32") {
        (beams(&mut *keep_going), best_first(&mut *keep_going))
    } else {
        beside(beams, best_first, keep_going)
    };
    [mine, theirs].into_iter().flatten().min_by_key(Vec::len)
}

/// Runs `mine` here and `theirs` on a second thread, asking `keep_going` for both; their games.
fn beside<R: Send>(
    mine: impl FnOnce(&mut dyn FnMut(usize) -> bool) -> R,
    theirs: impl FnOnce(&mut dyn FnMut(usize) -> bool) -> R + Send,
    keep_going: &mut impl FnMut(usize) -> bool,
) -> (R, R) {
    use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering::Relaxed};
    let (stop, their_nodes) = (AtomicBool::new(false), AtomicUsize::new(0));
    std::thread::scope(|scope| {
        let theirs = scope.spawn(|| {
            theirs(&mut |nodes| {
                their_nodes.store(nodes, Relaxed);
                !stop.load(Relaxed)
            })
        });
        let mine = mine(&mut *keep_going);
        while !theirs.is_finished() {
            if !keep_going(their_nodes.load(Relaxed)) {
                stop.store(true, Relaxed);
            }
            std::thread::sleep(std::time::Duration::from_millis(2));
        }
        (mine, theirs.join().unwrap_or_else(|panic| std::panic::resume_unwind(panic)))
    })
}

/// How many plies above the lower bound a first game may be for A* to take over at once.
const NEAR_THE_BOUND: u32 = 4;

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::{after, selfplay_moves};
    use shogi_reach_engine::board::variant::Shogi;

    /// How many times `forward_games` asks to go on with `searches` towards `target`, each weighing at
    /// most `max_weighed`.
    fn asked(target: &Position<Shogi>, searches: &[Planned], max_weighed: usize) -> usize {
        let mut asked = 0;
        let ends = (&Position::startpos(), target);
        let found =
            forward_games(ends, InPlaceCaptors::Go, searches, None, &|_| false, max_weighed, &mut |_| {
                asked += 1;
                true
            });
        assert!(found.is_none());
        asked
    }

    #[test]
    fn the_widest_last_searches_run_only_where_an_earlier_one_came_near() {
        let narrow = run(beam(20, BeamMoves::All), 100);
        let then = [narrow, run_if_near(beam(20, BeamMoves::All), 100)];
        // A random position (the first reachable row of the oracle sample): the beam stays far from it.
        let random =
            "1+s1+pB3k/1P4+r2/g2p2G+P1/+p+pl+llsP1n/3N3SS/N1PG+P3+p/p1+l4P1/1+p+PGP+N+P+P1/K1+B1+R+P3 b - 1";
        let random = Position::<Shogi>::from_sfen(random).unwrap();
        assert_eq!(asked(&random, &then, 20_000), asked(&random, &[narrow], 20_000));
        // Forty plies of an engine's game, which the beam comes within 4 plies of in 20 000 positions
        // (without reaching it): the second runs.
        let own_set = include_str!("../../engine/tests/data/selfplay/shogi.tsv");
        let game = after::<Shogi>(&selfplay_moves(own_set, 1, 40));
        assert!(asked(&game, &then, 20_000) > asked(&game, &[narrow], 20_000));
    }
}
