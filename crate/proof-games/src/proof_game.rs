//! Proof games: an explicit game from the initial position to a position proved reachable, checked by
//! replaying it with the forward legal-move generator.
//!
//! Two methods build one. The short method ([`crate::short_game`]) searches backwards from the
//! position to the initial position within a budget, and knows when its game is a shortest one. The KK
//! route always works and follows the paper's argument (Appendix A of the Shogi paper): an opening from
//! the initial position to a KK position (only the kings on the board), then moves from that KK position
//! to the one the backward search reached (pieces passed from hand to hand by dropping them next to the
//! other king, which takes them; king walks; a king cycle of odd length where the side to move must
//! change), then the search path forwards to the position.

use crate::forward_game::{self, InPlaceCaptors};
use crate::king_reroute::reroute_kings;
use crate::kk_path::{plies_from_kk, short_kk_paths};
use crate::short_game::{self, moves_from_root, Bound, BoundCache, Guide, ShortOptions};
use shogi_reach_engine::board::color::Color;
use shogi_reach_engine::board::moves::{Move, MoveList};
use shogi_reach_engine::board::piece::{Kind, EMPTY};
use shogi_reach_engine::board::position::Position;
use shogi_reach_engine::board::variant::{MiniShogi, Shogi, Variant, OFF};
use shogi_reach_engine::reach::prove::prove;
use shogi_reach_engine::reach::search::{KkSearch, SearchOptions};
use shogi_reach_engine::reach::stage::Stage;
use shogi_reach_engine::records::{kif, notation, usi_command};
use shogi_reach_engine::rules::{legal_moves, play};
use std::cmp::Reverse;
use std::collections::{BinaryHeap, HashMap, VecDeque};
use std::fmt;
use std::sync::OnceLock;

/// How a proof game was built.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Method {
    /// The short-game search from the position back to the initial position.
    Short,
    /// The KK route: opening to a KK position, connection, the backward search's path.
    Kk,
}

impl Method {
    pub const fn name(self) -> &'static str {
        match self {
            Method::Short => "short",
            Method::Kk => "kk",
        }
    }
}

/// A complete game from the initial position, verified by replay.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ProofGame<V: Variant> {
    /// Every move from the initial position.
    pub moves: Vec<Move>,
    /// The position the game ends in.
    pub end: Position<V>,
    pub method: Method,
    /// Whether no shorter game exists (the short search proved it).
    pub shortest: bool,
    /// A lower bound on the plies of every game to the position.
    pub lower_bound: Option<u32>,
    /// The parts of a KK-route game.
    pub kk: Option<KkRoute<V>>,
}

/// The three parts of a KK-route game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct KkRoute<V: Variant> {
    /// Plies of the opening (initial position → first KK position).
    pub opening: usize,
    /// Plies between the two KK positions.
    pub connection: usize,
    /// Plies of the search path (the KK position reached by the search → the position).
    pub path: usize,
    /// No KK route through the KK position of an opening is shorter: the least, over the openings, of
    /// its plies and [`plies_from_kk`].
    pub bound: usize,
    /// The KK positions at the end of the opening and at the start of the search path.
    pub first_kk: Position<V>,
    pub search_kk: Position<V>,
}

/// Why there is no proof game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ProofGameError {
    /// The position is not proved reachable (unreachable, or unknown at the node cap).
    NotReachable(Stage),
    /// A step of the construction failed (a bug; the game is never shown).
    Construction(String),
    /// The replay did not confirm the game (a bug; the game is never shown).
    Verification(String),
    /// The short search found no game within its budget.
    NotFound,
}

impl fmt::Display for ProofGameError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ProofGameError::NotReachable(r) => write!(
                f,
                "no proof game: the position is {} (stage {}): {}",
                r.verdict().name(),
                r.name(),
                r.describe()
            ),
            ProofGameError::Construction(e) => write!(f, "could not build a proof game: {e}"),
            ProofGameError::Verification(e) => write!(f, "the proof game did not verify: {e}"),
            ProofGameError::NotFound => write!(f, "the short search found no game within its budget"),
        }
    }
}

impl std::error::Error for ProofGameError {}

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
    /// forward searches may weigh [`BoundCache::FORWARD_PER_BACKWARD`] times as many.
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
    mut keep_going: impl FnMut(usize) -> bool,
) -> Result<ProofGame<V>, ProofGameError> {
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

/// The short search's game, verified, if it finds one within `max_nodes` positions and `keep_going`: a
/// weighted search finds one (the forward searches one of at most `longest` plies), then A* looks for a
/// shorter one (proving it shortest when it finds none).
fn short_proof_game<V: WithOpening>(
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
    for first in FIRST_GAMES {
        if found.as_ref().is_some_and(near) {
            break;
        }
        let game = match first {
            FirstGame::Backward(guide, nodes) => {
                let quick = ShortOptions {
                    max_nodes: nodes.min(max_nodes),
                    max_weighed: left,
                    weight: 2,
                    shorter_than: None,
                    guide,
                };
                let game = short_game::search(pos, bound, quick, &mut *keep_going);
                left = left.saturating_sub(game.weighed);
                game.moves
            }
            FirstGame::Forward => {
                let shorter_than = found.as_ref().map(|m| m.len() as u32).or(longest.map(|n| n + 1));
                let each = budget.saturating_mul(V::FORWARD_PER_BACKWARD);
                forward_with_both_guides(pos, shorter_than, &near, each, threads, &mut *keep_going)
            }
        };
        if game.as_ref().is_some_and(|g| found.as_ref().is_none_or(|f| g.len() < f.len())) {
            found = game;
        }
    }
    let Some(mut moves) = found else { return Ok(None) };
    let mut shortest = Some(moves.len() as u32) == lower_bound;
    if !shortest {
        let exact = ShortOptions {
            max_nodes,
            max_weighed: left,
            weight: 1,
            shorter_than: Some(moves.len() as u32),
            guide: Guide::Bound,
        };
        let shorter = short_game::search(pos, bound, exact, &mut *keep_going);
        shortest = shorter.exhausted;
        if let Some(better) = shorter.moves {
            moves = better;
        }
    }
    let game = ProofGame { moves, end: *pos, method: Method::Short, shortest, lower_bound, kk: None };
    game.verify()?;
    Ok(Some(game))
}

/// A search that looks for a first game, and the positions it may generate.
#[derive(Clone, Copy)]
enum FirstGame {
    /// Backwards from the position, weighted, ordered by this guide.
    Backward(Guide, usize),
    /// Forwards from the initial position (see [`forward_game`]): the searches of [`FORWARD_SEARCHES`].
    Forward,
}

/// The searches that look for a first game, in turn: the perimeter's bound finds games near the start at
/// once; the forward searches find most of the rest; the backward guides some of what they miss.
const FIRST_GAMES: [FirstGame; 4] = [
    FirstGame::Backward(Guide::Sharpened, 10_000),
    FirstGame::Forward,
    FirstGame::Backward(Guide::Counted, 50_000),
    FirstGame::Backward(Guide::Captures, usize::MAX),
];

/// One forward search (see [`forward_game`]).
#[derive(Clone, Copy)]
enum ForwardSearch {
    /// A level at a time, keeping this many positions a level.
    Beam(usize),
    /// Best first, with these weights in turn (in halves).
    BestFirst(&'static [u32]),
}

/// The forward searches of each guide, in turn, and their share (in per cent) of the guide's budget (see
/// [`ShortBudget`]); each also gets what the searches before it left. The light best-first search
/// (weight 1.5) finds short games for most positions up to about 40 plies; the one that starts heavy (3, then 2
/// and 1.5 once it has a game) finds games further from the start, and shortens them. The beams, first with
/// the guide that lets captors go (the other guide's thread searches best first all the time), find games
/// far from the start where the guide is far below the plies needed.
const BEST_FIRST: &[(ForwardSearch, usize)] =
    &[(ForwardSearch::BestFirst(&[3]), 25), (ForwardSearch::BestFirst(&[6, 4, 3]), 75)];
const BEAMS_FIRST: &[(ForwardSearch, usize)] = &[
    (ForwardSearch::Beam(100), 50),
    (ForwardSearch::Beam(300), 0),
    (ForwardSearch::BestFirst(&[3]), 25),
    (ForwardSearch::BestFirst(&[6, 4, 3]), 25),
];

/// The forward `searches` with one guide: the shortest game they find, shorter than `shorter_than`.
fn forward_games<V: WithOpening>(
    pos: &Position<V>,
    in_place: InPlaceCaptors,
    searches: &[(ForwardSearch, usize)],
    shorter_than: Option<u32>,
    near: &impl Fn(&Vec<Move>) -> bool,
    max_weighed: usize,
    keep_going: &mut impl FnMut(usize) -> bool,
) -> Option<Vec<Move>> {
    let travel = Bound::<V>::shared().travel();
    let mut found: Option<Vec<Move>> = None;
    let mut left = 0;
    for &(search, share) in searches {
        if found.as_ref().is_some_and(near) {
            break;
        }
        left += max_weighed / 100 * share;
        let shorter = found.as_ref().map(|m| m.len() as u32).or(shorter_than);
        let game = match search {
            ForwardSearch::Beam(width) => {
                forward_game::beam_search(pos, travel, in_place, width, shorter, left, &mut *keep_going)
            }
            ForwardSearch::BestFirst(weights) => {
                forward_game::search(pos, travel, in_place, weights, shorter, left, &mut *keep_going)
            }
        };
        left = left.saturating_sub(game.weighed);
        found = game.moves.or(found);
    }
    found
}

/// The forward searches with each guide, each weighing at most `max_weighed` positions: the shorter game
/// (the beams' on a tie). On two threads (natively) side by side, the second stopped when `keep_going`
/// says so; otherwise one after the other.
fn forward_with_both_guides<V: WithOpening>(
    pos: &Position<V>,
    shorter_than: Option<u32>,
    near: &(impl Fn(&Vec<Move>) -> bool + Sync),
    max_weighed: usize,
    threads: usize,
    keep_going: &mut impl FnMut(usize) -> bool,
) -> Option<Vec<Move>> {
    let beams = |go_on: &mut dyn FnMut(usize) -> bool| {
        forward_games(pos, InPlaceCaptors::Go, BEAMS_FIRST, shorter_than, near, max_weighed, &mut |n| {
            go_on(n)
        })
    };
    let best_first = |go_on: &mut dyn FnMut(usize) -> bool| {
        let in_place = InPlaceCaptors::GoAndReturn;
        forward_games(pos, in_place, BEST_FIRST, shorter_than, near, max_weighed, &mut |n| go_on(n))
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

/// How many positions the search for a short path back to a KK position may generate (about 20 MB).
const KK_PATH_NODES: usize = 100_000;

/// How many KK positions the short path back may offer: each route through one is built and measured.
const KK_PATH_GOALS: usize = 10;

/// Builds and verifies the KK-route proof game for `pos`, which must be proved reachable by the backward
/// search.
pub fn proof_game<V: WithOpening>(
    pos: &Position<V>,
    search: &mut KkSearch<V>,
    options: SearchOptions,
) -> Result<ProofGame<V>, ProofGameError> {
    shorten_kk_route(reference_kk_route(pos, search, options)?)
}

/// The KK route through the reference search's KK position and path.
fn reference_kk_route<V: WithOpening>(
    pos: &Position<V>,
    search: &mut KkSearch<V>,
    options: SearchOptions,
) -> Result<ProofGame<V>, ProofGameError> {
    let proof = prove(pos, search, options);
    let Some(outcome) = proof.search.as_ref().filter(|_| proof.stage == Stage::Ok) else {
        return Err(ProofGameError::NotReachable(proof.stage));
    };
    let search_kk = *outcome.goal().expect("a reachable search has a goal");
    let path: Vec<Move> = outcome.moves.iter().rev().copied().collect();
    kk_route(pos, search_kk, path)
}

/// The KK route game `kk`, or a shorter one: through one of the KK positions [`short_kk_paths`] offers,
/// and through each path (the reference's too) with its kings' walks moved into its own king moves
/// ([`reroute_kings`]).
fn shorten_kk_route<V: WithOpening>(kk: ProofGame<V>) -> Result<ProofGame<V>, ProofGameError> {
    let all = kk_openings::<V>()?;
    // Aimed at the KK position of the opening that the bound favours.
    let (_, first_kk) = all
        .iter()
        .min_by_key(|(o, first_kk)| o.len() + plies_from_kk(first_kk, &kk.end) as usize)
        .expect("at least one opening");
    let route = kk.kk.as_ref().expect("a KK route");
    let bound = route.bound;
    let reference = (route.search_kk, kk.moves[route.opening + route.connection..].to_vec());
    let paths = short_kk_paths(&kk.end, first_kk, KK_PATH_NODES, KK_PATH_GOALS);
    // The reference's path as it is is `kk` itself; rerouted, it is one more candidate.
    let rerouted: Vec<_> =
        paths.iter().chain([&reference]).filter_map(|(kk, path)| reroute_kings(kk, path, first_kk)).collect();
    let mut best = None;
    for (search_kk, path) in paths.into_iter().chain(rerouted) {
        let (i, connection) = shortest_opening(&search_kk)?;
        let plies = all[i].0.len() + connection.len() + path.len();
        if plies < best.as_ref().map_or(kk.moves.len(), |b: &(usize, _)| b.0) {
            best = Some((plies, (i, connection, search_kk, path)));
            if plies == bound {
                break;
            }
        }
    }
    match best {
        Some((_, (i, connection, search_kk, path))) => {
            verified_kk_route(&kk.end, i, connection, search_kk, path)
        }
        None => Ok(kk),
    }
}

/// The openings, or why there are none.
fn kk_openings<V: WithOpening>() -> Result<&'static [KkOpening<V>], ProofGameError> {
    openings::<V>().map_err(ProofGameError::Construction)
}

/// The opening (its index in [`openings`]) whose KK position connects to `search_kk` in the fewest plies
/// altogether, and that connection.
fn shortest_opening<V: WithOpening>(search_kk: &Position<V>) -> Result<(usize, Vec<Move>), ProofGameError> {
    let froms: Vec<_> = kk_openings::<V>()?.iter().map(|(moves, kk)| (moves.len(), *kk)).collect();
    connect_kk_from_any(&froms, search_kk).map_err(ProofGameError::Construction)
}

/// The verified game: the opening whose connection to `search_kk` is shortest, that connection, then
/// `path` from it to `pos`.
fn kk_route<V: WithOpening>(
    pos: &Position<V>,
    search_kk: Position<V>,
    path: Vec<Move>,
) -> Result<ProofGame<V>, ProofGameError> {
    let (i, connection) = shortest_opening(&search_kk)?;
    verified_kk_route(pos, i, connection, search_kk, path)
}

/// The verified game: opening `i` of [`openings`], `connection` from its KK position to `search_kk`, then
/// `path` from it to `pos`.
fn verified_kk_route<V: WithOpening>(
    pos: &Position<V>,
    i: usize,
    connection: Vec<Move>,
    search_kk: Position<V>,
    path: Vec<Move>,
) -> Result<ProofGame<V>, ProofGameError> {
    let all = kk_openings::<V>()?;
    let (opening, first_kk) = &all[i];
    let bound = all.iter().map(|(o, kk)| o.len() + plies_from_kk(kk, pos) as usize).min();
    let kk = KkRoute {
        opening: opening.len(),
        connection: connection.len(),
        path: path.len(),
        bound: bound.expect("at least one opening"),
        first_kk: *first_kk,
        search_kk,
    };
    let moves = [&opening[..], &connection, &path].concat();
    let game =
        ProofGame { moves, end: *pos, method: Method::Kk, shortest: false, lower_bound: None, kk: Some(kk) };
    game.verify()?;
    Ok(game)
}

impl<V: Variant> ProofGame<V> {
    /// Replays the game from the initial position, each move checked against the legal moves, and
    /// confirms it passes through both KK positions and ends exactly at `end` (board, hands, side).
    pub fn verify(&self) -> Result<(), ProofGameError> {
        let mut checkpoints = vec![(self.moves.len(), &self.end, "the position")];
        if let Some(kk) = &self.kk {
            checkpoints.push((kk.opening, &kk.first_kk, "the first KK position"));
            checkpoints.push((kk.opening + kk.connection, &kk.search_kk, "the search's KK position"));
        }
        replay(&Position::<V>::startpos(), &self.moves, |ply, p| {
            match checkpoints.iter().find(|(n, want, _)| *n == ply && p != *want) {
                Some((_, _, what)) => Err(format!("after {ply} plies the game is not at {what}")),
                None => Ok(()),
            }
        })
        .map(|_| ())
        .map_err(ProofGameError::Verification)
    }

    /// The game as a USI `position` command.
    pub fn to_usi(&self) -> String {
        usi_command::<V>(&self.moves)
    }

    /// The game as a KIF record.
    pub fn to_kif(&self) -> String {
        let mut comment = format!(
            "shogi-reach proof game: {} from the initial position to {}\n",
            self.length(),
            self.end.to_sfen()
        );
        if let Some(kk) = &self.kk {
            comment += &format!(
                "opening to a KK position: plies 1-{}; to the KK position of the backward search: plies {}-{}; \
                 the search path: plies {}-{}",
                kk.opening,
                kk.opening + 1,
                kk.opening + kk.connection,
                kk.opening + kk.connection + 1,
                self.moves.len()
            );
        }
        kif::<V>(&self.moves, &comment)
    }

    /// "N plies (shortest possible)", "N plies (shortest found)" by the short search, or "N plies (KK
    /// route)".
    pub fn length(&self) -> String {
        let n = self.moves.len();
        match (self.shortest, self.method) {
            (true, _) => format!("{n} plies (shortest possible)"),
            (false, Method::Short) => format!("{n} plies (shortest found)"),
            (false, Method::Kk) => format!("{n} plies (KK route)"),
        }
    }

    /// The game as JSON: the parts, every move (USI, Japanese, the position after it), USI and KIF.
    pub fn to_json(&self) -> serde_json::Value {
        let positions = self.positions();
        let mut previous_to = None;
        let moves: Vec<_> = self
            .moves
            .iter()
            .enumerate()
            .map(|(i, &m)| {
                let japanese = notation::write::japanese(&positions[i], m, previous_to);
                previous_to = Some(m.to());
                serde_json::json!({ "move": m.to_usi::<V>(), "japanese": japanese, "sfen": positions[i + 1].to_sfen() })
            })
            .collect();
        serde_json::json!({
            "variant": V::NAME,
            "sfen": self.end.to_sfen(),
            "start": Position::<V>::startpos().to_sfen(),
            "plies": self.moves.len(),
            "method": self.method.name(),
            "shortest": self.shortest,
            "lower_bound": self.lower_bound,
            "opening": self.kk.as_ref().map(|kk| kk.opening),
            "connection": self.kk.as_ref().map(|kk| kk.connection),
            "path": self.kk.as_ref().map(|kk| kk.path),
            "kk_bound": self.kk.as_ref().map(|kk| kk.bound),
            "first_kk": self.kk.as_ref().map(|kk| kk.first_kk.to_sfen()),
            "search_kk": self.kk.as_ref().map(|kk| kk.search_kk.to_sfen()),
            "moves": moves,
            "usi": self.to_usi(),
            "kif": self.to_kif(),
        })
    }

    /// The positions after each move (the first one is the initial position).
    pub fn positions(&self) -> Vec<Position<V>> {
        let mut out = vec![Position::<V>::startpos()];
        for &m in &self.moves {
            out.push(play(out.last().unwrap(), m));
        }
        out
    }
}

/// Plays `moves` from `start`, each checked against the legal moves; `check(ply, position)` after each.
fn replay<V: Variant>(
    start: &Position<V>,
    moves: &[Move],
    mut check: impl FnMut(usize, &Position<V>) -> Result<(), String>,
) -> Result<(), String> {
    let mut pos = *start;
    let mut legal = MoveList::new();
    check(0, &pos)?;
    for (i, &m) in moves.iter().enumerate() {
        legal_moves(&pos, &mut legal);
        if !legal.contains(&m) {
            return Err(format!("move {} ({}) is not legal in {}", i + 1, m.to_usi::<V>(), pos.to_sfen()));
        }
        pos = play(&pos, m);
        check(i + 1, &pos)?;
    }
    Ok(())
}

/// Pieces on the board besides the two kings.
fn pieces_besides_kings<V: Variant>(p: &Position<V>) -> usize {
    p.board().iter().filter(|&&c| c != EMPTY).count() - 2
}

fn is_kk<V: Variant>(p: &Position<V>) -> bool {
    pieces_besides_kings(p) == 0
}

/// The 44-ply game from the initial position to a KK position in the Shogi paper (Table A·1).
pub const PAPER_SHOGI_OPENING: &str = "☗P-7f ☖R-3b ☗Bx3c= ☖Rx3c ☗R-3h ☖Rx3g= ☗Rx3g ☖+Bx9i ☗Rx3a= ☖+Bx8i \
    ☗Rx2a= ☖+Bx6g ☗Rx2c= ☖+Bx7f ☗Rx1c= ☖+Bx8g ☗Rx4c= ☖Lx1g= ☗Lx1g ☖+Bx9g ☗Rx5c= ☖K-4b ☗Rx6c= \
    ☖+Bx7i ☗Rx7c= ☖+Bx5g ☗Rx7a= ☖+Bx3i ☗Rx8a= ☖+Bx1g ☗Rx8c= ☖+Bx2g ☗G-3h ☖+Bx3h ☗Rx9c= ☖+Bx2i \
    ☗Rx9a= ☖+Bx4g ☗Rx6a= ☖+Bx6i ☗Kx6i ☖K-5b ☗Rx4a= ☖Kx4a";

/// An opening's moves from the initial position and the KK position they end in.
pub type KkOpening<V> = (Vec<Move>, Position<V>);

type Opening<V> = Result<KkOpening<V>, String>;

/// A game's opening and the variants of it that end in other KK positions (the opening first), computed
/// once.
type Openings<V> = Result<Vec<KkOpening<V>>, String>;

/// What proof games need of a game: how its opening to a KK position is found, and where it is kept.
pub trait WithOpening: BoundCache {
    /// Other last moves of the opening, in Western notation: each replaces as many of its last plies as
    /// it has moves, and ends in another KK position.
    const OTHER_ENDINGS: &'static [&'static str] = &[];
    /// Finds the opening; [`openings`] calls it once.
    fn find_opening() -> Opening<Self>;
    /// Where [`openings`] keeps it and its variants.
    fn opening_cache() -> &'static OnceLock<Openings<Self>>;
}

impl WithOpening for Shogi {
    /// Gote's gold on 4a steps to 3a, 5a or 5b instead (to 5b, Sente's rook promoted on 6a before),
    /// where Sente's rook takes it and Gote's king takes the rook: the same 44 plies, Gote's king
    /// elsewhere. (A search over every legal ending of 14 plies finds no other KK position.)
    const OTHER_ENDINGS: &'static [&'static str] =
        &["☖G-3a ☗Rx3a= ☖Kx3a", "☖G-5a ☗Rx5a= ☖Kx5a", "☗Rx6a+ ☖+Bx6i ☗Kx6i ☖G-5b ☗+Rx5b ☖Kx5b"];

    fn find_opening() -> Opening<Shogi> {
        read_game(PAPER_SHOGI_OPENING)
    }

    fn opening_cache() -> &'static OnceLock<Openings<Shogi>> {
        static CACHE: OnceLock<Openings<Shogi>> = OnceLock::new();
        &CACHE
    }
}

impl WithOpening for MiniShogi {
    fn find_opening() -> Opening<MiniShogi> {
        search_opening()
    }

    fn opening_cache() -> &'static OnceLock<Openings<MiniShogi>> {
        static CACHE: OnceLock<Openings<MiniShogi>> = OnceLock::new();
        &CACHE
    }
}

/// The opening of `V`, computed once: moves from the initial position to a KK position, and that
/// position. Shogi: the paper's 44-ply game. Mini Shogi: found by [`search_opening`].
pub fn opening<V: WithOpening>() -> Result<&'static KkOpening<V>, String> {
    openings::<V>().map(|all| &all[0])
}

/// The opening, then its variants with [`WithOpening::OTHER_ENDINGS`].
pub fn openings<V: WithOpening>() -> Result<&'static [KkOpening<V>], String> {
    let all = V::opening_cache().get_or_init(|| {
        V::find_opening().and_then(|(moves, kk)| {
            std::iter::once(Ok((moves.clone(), kk)))
                .chain(V::OTHER_ENDINGS.iter().map(|ending| with_ending(&moves, ending)))
                .collect()
        })
    });
    all.as_deref().map_err(Clone::clone)
}

/// `moves` with its last plies replaced by `ending` (Western notation), read against the legal moves.
fn with_ending<V: Variant>(moves: &[Move], ending: &str) -> Opening<V> {
    let kept = moves
        .len()
        .checked_sub(ending.split_whitespace().count())
        .ok_or("an ending longer than the opening")?;
    let start = moves[..kept].iter().fold(Position::<V>::startpos(), |p, &m| play(&p, m));
    let (rest, kk) = read_game_from(start, ending)?;
    Ok(([&moves[..kept], &rest[..]].concat(), kk))
}

/// A game in Western notation from the initial position, read against the legal moves; it must end in a
/// KK position.
fn read_game<V: Variant>(text: &str) -> Opening<V> {
    read_game_from(Position::<V>::startpos(), text)
}

/// [`read_game`] from `pos`.
fn read_game_from<V: Variant>(mut pos: Position<V>, text: &str) -> Opening<V> {
    let mut moves = Vec::new();
    for token in text.split_whitespace() {
        let m = notation::write::parse_western(&pos, token)?;
        moves.push(m);
        pos = play(&pos, m);
    }
    if !is_kk(&pos) {
        return Err(format!("the opening ends in {}, not a KK position", pos.to_sfen()));
    }
    Ok((moves, pos))
}

/// A forward weighted best-first search from the initial position for a KK position: each position is
/// scored plies + 2·(pieces on the board besides the kings); drops are never useful and not tried.
/// Weight 2 finds a 15-ply Mini Shogi opening at once (weight 1, A*, does not finish in its node cap).
fn search_opening<V: Variant>() -> Result<(Vec<Move>, Position<V>), String> {
    const W: usize = 2;
    const MAX_NODES: usize = 2_000_000;
    let start = Position::<V>::startpos();
    // (position, parent index, move from the parent, plies)
    let mut nodes: Vec<(Position<V>, usize, Move, usize)> =
        vec![(start, usize::MAX, Move::Board { from: 0, to: 0, promote: false }, 0)];
    let mut best: HashMap<Position<V>, usize> = HashMap::from([(start, 0)]);
    let mut open = BinaryHeap::from([Reverse((W * pieces_besides_kings(&start), 0usize))]);
    let mut legal = MoveList::new();
    while let Some(Reverse((_, i))) = open.pop() {
        let (pos, _, _, g) = nodes[i];
        if is_kk(&pos) {
            return Ok((moves_from_root(&nodes, i), pos));
        }
        if nodes.len() > MAX_NODES {
            break;
        }
        legal_moves(&pos, &mut legal);
        for &m in legal.iter() {
            if matches!(m, Move::Drop { .. }) {
                continue;
            }
            let next = play(&pos, m);
            if best.get(&next).is_some_and(|&d| d <= g + 1) {
                continue;
            }
            best.insert(next, g + 1);
            nodes.push((next, i, m, g + 1));
            open.push(Reverse((g + 1 + W * pieces_besides_kings(&next), nodes.len() - 1)));
        }
    }
    Err(format!("no opening to a KK position found within {MAX_NODES} positions"))
}

/// King-only states: (Sente's king, Gote's king, side to move).
type KingState = (u8, u8, Color);

/// Breadth-first search over king moves between KK positions (same hands): the shortest king moves from
/// `from` to a state satisfying `goal`.
fn king_walk<V: Variant>(
    from: KingState,
    goal: impl Fn(KingState) -> bool,
) -> Option<Vec<(KingState, Move)>> {
    let g = V::geometry();
    let mut parent: HashMap<KingState, (KingState, Move)> = HashMap::new();
    let mut queue = VecDeque::from([from]);
    let mut found = None;
    if goal(from) {
        found = Some(from);
    }
    while let (None, Some(s)) = (found, queue.pop_front()) {
        let (sk, gk, side) = s;
        let (mover, other) = if side == Color::Sente { (sk, gk) } else { (gk, sk) };
        for d in 0..8 {
            let to = g.nb[mover as usize][d];
            if to == OFF || V::geometry().king_steps(to as usize, other as usize) < 2 {
                continue;
            }
            let next = if side == Color::Sente { (to, gk, Color::Gote) } else { (sk, to, Color::Sente) };
            if next == from || parent.contains_key(&next) {
                continue;
            }
            parent.insert(next, (s, Move::Board { from: mover, to, promote: false }));
            if goal(next) {
                found = Some(next);
                break;
            }
            queue.push_back(next);
        }
    }
    let mut at = found?;
    let mut out = Vec::new();
    while at != from {
        let (prev, m) = parent[&at];
        out.push((at, m));
        at = prev;
    }
    out.reverse();
    Some(out)
}

/// Moves from one KK position to another: every piece that must change hands is dropped next to the
/// other king, which takes it, and the kings walk to their squares. The fewest plies of such moves
/// ([`shortest_connection`]) when they are few enough to search, otherwise [`greedy_connection`].
pub fn connect_kk<V: Variant>(from: &Position<V>, to: &Position<V>) -> Result<Vec<Move>, String> {
    connect_kk_from_any(&[(0, *from)], to).map(|(_, moves)| moves)
}

/// [`connect_kk`] from whichever of `froms` (each after the plies given with it) reaches `to` in the fewest
/// plies in all: its index, and the moves. KK positions with the same hands and side to move are searched
/// at once.
pub fn connect_kk_from_any<V: Variant>(
    froms: &[(usize, Position<V>)],
    to: &Position<V>,
) -> Result<(usize, Vec<Move>), String> {
    if froms.is_empty() || !froms.iter().map(|(_, p)| p).chain([to]).all(is_kk) {
        return Err("both positions must have only the kings on the board".into());
    }
    let first = &froms[0].1;
    let alike =
        froms.iter().all(|(_, p)| p.hands() == first.hands() && p.side_to_move() == first.side_to_move());
    // Drops anywhere first; if the kinds do not fit the squares, drops only where every kind to give fits.
    let search = |froms: &[(usize, Position<V>)]| {
        shortest_connection(froms, to, false).or_else(|| shortest_connection(froms, to, true))
    };
    if let Some(found) = alike.then(|| search(froms)).flatten() {
        return Ok(found);
    }
    let mut best: Option<(usize, usize, Vec<Move>)> = None;
    for (i, (before, from)) in froms.iter().enumerate() {
        let moves = match search(&froms[i..=i]) {
            Some((_, moves)) => moves,
            None => greedy_connection(from, to)?,
        };
        if best.as_ref().is_none_or(|b| before + moves.len() < b.0) {
            best = Some((before + moves.len(), i, moves));
        }
    }
    let (_, i, moves) = best.expect("at least one position");
    Ok((i, moves))
}

/// The most states [`shortest_connection`] searches (6 bytes each).
const CONNECTION_STATES: usize = 2_000_000;

/// The pieces that pass from `giver`'s hand to the other's between two KK positions, by kind.
fn given<V: Variant>(from: &Position<V>, to: &Position<V>, giver: Color) -> Vec<(Kind, u32)> {
    let had = from.hand(giver);
    let has = to.hand(giver);
    V::KINDS
        .iter()
        .filter(|k| had[k.index()] > has[k.index()])
        .map(|&k| (k, u32::from(had[k.index()] - has[k.index()])))
        .collect()
}

/// The fewest plies from one KK position to another by king moves and transfers (a piece dropped next to
/// the other king, which takes it, two plies): a shortest-path search over the kings' squares, the side to
/// move and how many pieces each side has still to give, kinds aside; the kinds are then given out to the
/// drops. With `fitting`, a side drops only on squares where every kind it gives may stand. `None` when
/// the states are too many or the kinds do not fit the squares the search chose.
fn shortest_connection<V: Variant>(
    froms: &[(usize, Position<V>)],
    to: &Position<V>,
    fitting: bool,
) -> Option<(usize, Vec<Move>)> {
    let n = V::geometry().n;
    let from = &froms[0].1;
    let gifts = [given(from, to, Color::Sente), given(from, to, Color::Gote)];
    let count = |c: Color| gifts[c.index()].iter().map(|&(_, k)| k as usize).sum::<usize>();
    let (rs, rg) = (count(Color::Sente), count(Color::Gote));
    let states = n * n * 2 * (rs + 1) * (rg + 1);
    if states > CONNECTION_STATES {
        return None;
    }
    let fits = |c: Color, q: usize| !fitting || gifts[c.index()].iter().all(|&(k, _)| !V::is_dead(k, c, q));
    let drop_squares = [Color::Sente, Color::Gote].map(|c| (0..n).map(|q| fits(c, q)).collect());
    let state = Connection::<V> { rs, rg, drop_squares, _v: std::marker::PhantomData };
    let goal = state.index(to.king(Color::Sente), to.king(Color::Gote), to.side_to_move(), 0, 0);
    let mut plies = vec![u16::MAX; states];
    let mut parent = vec![u32::MAX; states];
    let mut buckets: Vec<Vec<u32>> = Vec::new();
    // Each start after the plies before it, counted from the fewest.
    let least = froms.iter().map(|(before, _)| before).min()?;
    let starts: Vec<usize> = froms
        .iter()
        .map(|(_, p)| state.index(p.king(Color::Sente), p.king(Color::Gote), p.side_to_move(), rs, rg))
        .collect();
    for ((before, _), &start) in froms.iter().zip(&starts) {
        let d = before - least;
        if d < plies[start] as usize {
            plies[start] = d as u16;
            if buckets.len() <= d {
                buckets.resize(d + 1, Vec::new());
            }
            buckets[d].push(start as u32);
        }
    }
    let mut d = 0;
    while d < buckets.len() && plies[goal] == u16::MAX {
        while let Some(i) = buckets[d].pop() {
            let i = i as usize;
            if plies[i] as usize != d {
                continue;
            }
            for (next, cost) in state.next(i) {
                let nd = d + cost;
                if nd < plies[next] as usize {
                    plies[next] = nd as u16;
                    parent[next] = i as u32;
                    if buckets.len() <= nd {
                        buckets.resize(nd + 1, Vec::new());
                    }
                    buckets[nd].push(next as u32);
                }
            }
        }
        d += 1;
    }
    if plies[goal] == u16::MAX {
        return None;
    }
    // Back to a start: a state without a parent.
    let mut path = vec![goal];
    while parent[*path.last().unwrap()] != u32::MAX {
        path.push(parent[*path.last().unwrap()] as usize);
    }
    path.reverse();
    let start = starts.iter().position(|&s| s == path[0])?;
    Some((start, state.moves(&path, gifts)?))
}

/// The states of [`shortest_connection`]: (Sente's king, Gote's king, side to move, pieces Sente has still
/// to give, pieces Gote has still to give), numbered.
struct Connection<V> {
    rs: usize,
    rg: usize,
    /// Where each side may drop.
    drop_squares: [Vec<bool>; 2],
    _v: std::marker::PhantomData<V>,
}

impl<V: Variant> Connection<V> {
    fn index(&self, sk: usize, gk: usize, side: Color, rs: usize, rg: usize) -> usize {
        let n = V::geometry().n;
        (((sk * n + gk) * 2 + side.index()) * (self.rs + 1) + rs) * (self.rg + 1) + rg
    }

    fn unpack(&self, i: usize) -> (usize, usize, Color, usize, usize) {
        let n = V::geometry().n;
        let (rest, rg) = (i / (self.rg + 1), i % (self.rg + 1));
        let (rest, rs) = (rest / (self.rs + 1), rest % (self.rs + 1));
        let side = if rest % 2 == 0 { Color::Sente } else { Color::Gote };
        (rest / 2 / n, rest / 2 % n, side, rs, rg)
    }

    /// The states one king move (1 ply) or one transfer (2 plies) away.
    fn next(&self, i: usize) -> impl Iterator<Item = (usize, usize)> + '_ {
        let (sk, gk, side, rs, rg) = self.unpack(i);
        let (mover, other) = if side == Color::Sente { (sk, gk) } else { (gk, sk) };
        let left = if side == Color::Sente { rs } else { rg };
        let nb = &V::geometry().nb;
        let walks = (0..8)
            .map(move |d| nb[mover][d])
            .filter(move |&to| to != OFF && V::geometry().king_steps(to as usize, other) >= 2);
        let walks = walks.map(move |to| {
            let to = to as usize;
            let (s, g) = if side == Color::Sente { (to, gk) } else { (sk, to) };
            (self.index(s, g, side.opponent(), rs, rg), 1)
        });
        // The other king takes the piece dropped next to it: it stands there, the giver to move again.
        let takes = (0..8).map(move |d| nb[other][d]).filter(move |&q| {
            left > 0
                && q != OFF
                && V::geometry().king_steps(q as usize, mover) >= 2
                && self.drop_squares[side.index()][q as usize]
        });
        let takes = takes.map(move |q| {
            let q = q as usize;
            match side {
                Color::Sente => (self.index(sk, q, side, rs - 1, rg), 2),
                Color::Gote => (self.index(q, gk, side, rs, rg - 1), 2),
            }
        });
        walks.chain(takes)
    }

    /// The moves along `path` (state numbers), the kinds given out to the drops: each drop square takes
    /// the kind allowed on fewest squares that it allows, the squares that allow most kinds served
    /// first (the squares a kind may not be dropped on are nested: last rank, last two ranks).
    fn moves(&self, path: &[usize], mut gifts: [Vec<(Kind, u32)>; 2]) -> Option<Vec<Move>> {
        let n = V::geometry().n;
        let allowed = |k: Kind, c: Color| (0..n).filter(|&q| !V::is_dead(k, c, q)).count();
        for (c, g) in [Color::Sente, Color::Gote].into_iter().zip(gifts.iter_mut()) {
            g.sort_by_key(|&(k, _)| allowed(k, c));
        }
        // (index in `path`, giver, drop square)
        let mut drops: Vec<(usize, Color, usize)> = Vec::new();
        for (at, w) in path.windows(2).enumerate() {
            let (a, b) = (self.unpack(w[0]), self.unpack(w[1]));
            if a.3 + a.4 != b.3 + b.4 {
                drops.push((at, a.2, if a.2 == Color::Sente { b.1 } else { b.0 }));
            }
        }
        let kinds_at =
            |&(_, c, q): &(usize, Color, usize)| V::KINDS.iter().filter(|&&k| !V::is_dead(k, c, q)).count();
        let mut order: Vec<usize> = (0..drops.len()).collect();
        order.sort_by_key(|&i| Reverse(kinds_at(&drops[i])));
        let mut kind_of = vec![None; drops.len()];
        for i in order {
            let (_, c, q) = drops[i];
            let gift = gifts[c.index()].iter_mut().find(|(k, left)| *left > 0 && !V::is_dead(*k, c, q))?;
            gift.1 -= 1;
            kind_of[i] = Some(gift.0);
        }
        let mut moves = Vec::new();
        let mut drop = drops.iter().zip(kind_of).peekable();
        for (at, w) in path.windows(2).enumerate() {
            let (a, b) = (self.unpack(w[0]), self.unpack(w[1]));
            let (from, to) = if a.0 != b.0 { (a.0, b.0) } else { (a.1, b.1) };
            if drop.peek().is_some_and(|((i, _, _), _)| *i == at) {
                let ((_, _, q), kind) = drop.next().unwrap();
                moves.push(Move::Drop { kind: kind?, to: *q as u8 });
            }
            moves.push(Move::Board { from: from as u8, to: to as u8, promote: false });
        }
        Some(moves)
    }
}

/// Moves from one KK position to another, built a step at a time: every piece that must change hands is
/// dropped next to the other king, which takes it; then the kings walk to their squares, with an odd king
/// cycle when the side to move must change.
fn greedy_connection<V: Variant>(from: &Position<V>, to: &Position<V>) -> Result<Vec<Move>, String> {
    let mut state: KingState =
        (from.king(Color::Sente) as u8, from.king(Color::Gote) as u8, from.side_to_move());
    let mut moves = Vec::new();
    let mut sente_hand = *from.hand(Color::Sente);
    for &kind in V::KINDS {
        let want = to.hand(Color::Sente)[kind.index()];
        while sente_hand[kind.index()] != want {
            let giver = if sente_hand[kind.index()] > want { Color::Sente } else { Color::Gote };
            let drop_square = |s: KingState| {
                let (own, taker) = if giver == Color::Sente { (s.0, s.1) } else { (s.1, s.0) };
                (0..8).map(|d| V::geometry().nb[taker as usize][d]).find(|&q| {
                    q != OFF
                        && V::geometry().king_steps(q as usize, own as usize) >= 2
                        && !V::is_dead(kind, giver, q as usize)
                })
            };
            let walk = king_walk::<V>(state, |s| s.2 == giver && drop_square(s).is_some())
                .ok_or_else(|| format!("no king moves lead to a drop of {} by {giver}", kind.letter()))?;
            moves.extend(walk.iter().map(|&(_, m)| m));
            state = walk.last().map_or(state, |&(s, _)| s);
            let q = drop_square(state).expect("the walk ends where a drop is possible");
            let taker = if giver == Color::Sente { state.1 } else { state.0 };
            moves.push(Move::Drop { kind, to: q });
            moves.push(Move::Board { from: taker, to: q, promote: false });
            state = if giver == Color::Sente { (state.0, q, giver) } else { (q, state.1, giver) };
            let n = &mut sente_hand[kind.index()];
            *n = if giver == Color::Sente { *n - 1 } else { *n + 1 };
        }
    }
    let target: KingState = (to.king(Color::Sente) as u8, to.king(Color::Gote) as u8, to.side_to_move());
    let walk =
        king_walk::<V>(state, |s| s == target).ok_or("no king moves lead to the target KK position")?;
    moves.extend(walk.iter().map(|&(_, m)| m));
    Ok(moves)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn openings_reach_a_kk_position() {
        let (moves, kk) = opening::<Shogi>().unwrap();
        assert_eq!(moves.len(), 44);
        assert_eq!(kk.to_sfen(), "5k3/9/9/9/9/9/9/9/3K5 b RB2G2S2N2L9Prb2g2s2n2l9p 1");
        let (moves, kk) = opening::<MiniShogi>().unwrap();
        assert!(moves.len() <= 16, "{} plies", moves.len());
        assert!(is_kk(kk));
        assert_eq!(openings::<MiniShogi>().unwrap(), [(moves.clone(), *kk)]);
    }

    #[test]
    fn the_shogi_openings_other_endings_leave_gotes_king_elsewhere() {
        let all = openings::<Shogi>().unwrap();
        let (paper, _) = opening::<Shogi>().unwrap();
        assert_eq!(all[0].0, *paper);
        let boards: Vec<_> = all.iter().map(|(_, kk)| kk.to_sfen()).collect();
        let hands = "b RB2G2S2N2L9Prb2g2s2n2l9p 1";
        assert_eq!(
            boards,
            [
                "5k3/9/9/9/9/9/9/9/3K5",
                "6k2/9/9/9/9/9/9/9/3K5",
                "4k4/9/9/9/9/9/9/9/3K5",
                "9/4k4/9/9/9/9/9/9/3K5"
            ]
            .map(|board| format!("{board} {hands}"))
        );
        for (moves, kk) in all {
            // The same 44 plies, the paper's up to its last six, replayed against the legal moves.
            assert_eq!(moves.len(), 44);
            assert_eq!(moves[..38], paper[..38]);
            assert_eq!(replays(&Position::startpos(), moves).unwrap(), *kk);
        }
        assert!(with_ending::<Shogi>(paper, "☖G-3a ☗Rx4a= ☖Kx3a").is_err());
    }

    fn replays<V: Variant>(from: &Position<V>, moves: &[Move]) -> Result<Position<V>, String> {
        let mut end = *from;
        replay(from, moves, |_, p| {
            end = *p;
            Ok(())
        })?;
        Ok(end)
    }

    #[test]
    fn the_shortest_connection_replays_and_beats_the_greedy_one() {
        let pairs = [
            // Every piece changes hands, the kings cross the board, the side to move changes.
            ("4k4/9/9/9/9/9/9/9/4K4 b 2R2B4G4S4N4L18P 1", "K8/9/9/9/9/9/9/9/8k w 2r2b4g4s4n4l18p 1"),
            // The paper's KK position to one of a search path (an oracle row's).
            (
                "5k3/9/9/9/9/9/9/9/3K5 b RB2G2S2N2L9Prb2g2s2n2l9p 1",
                "k8/9/9/9/9/9/9/9/K8 b R2B3G2S3N11Prg2sn4l7p 1",
            ),
            // Knights and lances to a king on the giver's last rank: it must come out to take them.
            ("8k/9/9/9/9/9/9/9/K8 w 4N4L 1", "k8/9/9/9/9/9/9/9/8K b 4n4l 1"),
        ];
        let mut shorter = 0;
        for (from, to) in pairs {
            let (from, to) =
                (Position::<Shogi>::from_sfen(from).unwrap(), Position::<Shogi>::from_sfen(to).unwrap());
            let shortest = connect_kk(&from, &to).unwrap();
            let greedy = greedy_connection(&from, &to).unwrap();
            assert_eq!(replays(&from, &shortest), Ok(to));
            assert!(shortest.len() <= greedy.len(), "{} plies, greedy {}", shortest.len(), greedy.len());
            shorter += usize::from(shortest.len() < greedy.len());
        }
        assert_eq!(shorter, 2);
        let from = Position::<MiniShogi>::from_sfen("4k/5/5/5/K4 b RBGSPrbgsp 1").unwrap();
        let to = Position::<MiniShogi>::from_sfen("k4/5/5/5/4K w 2R2B2G2S2P 1").unwrap();
        let (_, shortest) = shortest_connection(&[(0, from)], &to, false).expect("few enough states");
        assert_eq!(replays(&from, &shortest), Ok(to));
        assert!(shortest.len() <= greedy_connection(&from, &to).unwrap().len());
    }

    #[test]
    fn a_connection_from_several_kk_positions_starts_where_the_whole_is_shortest() {
        let far = Position::<Shogi>::from_sfen("k8/9/9/9/9/9/9/9/4K4 b Pp 1").unwrap();
        let near = Position::<Shogi>::from_sfen("6k2/9/9/9/9/9/9/9/4K4 b Pp 1").unwrap();
        let to = Position::<Shogi>::from_sfen("8k/9/9/9/9/9/9/9/4K4 b 2p 1").unwrap();
        let alone = [connect_kk(&far, &to).unwrap().len(), connect_kk(&near, &to).unwrap().len()];
        assert!(alone[1] < alone[0]);
        // Plies before each start count: with 20 before the near one, the far one is nearer in all.
        for before in [[0, 0], [0, 20], [20, 0]] {
            let froms = [(before[0], far), (before[1], near)];
            let (i, moves) = connect_kk_from_any(&froms, &to).unwrap();
            assert_eq!(before[i] + moves.len(), (0..2).map(|j| before[j] + alone[j]).min().unwrap());
            assert_eq!(replays(&froms[i].1, &moves), Ok(to));
        }
        assert_eq!(connect_kk_from_any(&[(0, far), (20, near)], &to).unwrap().0, 0);
        assert!(connect_kk_from_any::<Shogi>(&[], &to).is_err());
    }

    #[test]
    fn a_change_of_the_side_to_move_alone_takes_five_plies() {
        // One king walks an odd cycle (three moves), the other goes and comes back.
        let from = Position::<Shogi>::from_sfen("4k4/9/9/9/9/9/9/9/4K4 b RB 1").unwrap();
        let to = Position::<Shogi>::from_sfen("4k4/9/9/9/9/9/9/9/4K4 w RB 1").unwrap();
        assert_eq!(connect_kk(&from, &to).unwrap().len(), 5);
        assert_eq!(connect_kk(&from, &from).unwrap().len(), 0);
    }
}
