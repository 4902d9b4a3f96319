//! The KK route: a proof game that always exists and follows the paper's argument (Appendix A of the
//! Shogi paper): an opening from the initial position to a KK position (only the kings on the board), then
//! moves from that KK position to the one the backward search reached (pieces passed from hand to hand by
//! dropping them next to the other king, which takes them; king walks; a king cycle of odd length where
//! the side to move must change), then the search path forwards to the position.
//!
//! - [`kk_path`]: a short path back from the position to a KK position, and the bound on KK routes;
//! - [`king_reroute`]: a path's king walks moved into its own king moves;
//! - [`connection`]: the moves from one KK position to another.

pub mod connection;
pub mod king_reroute;
pub mod kk_path;

use crate::game::{KkRoute, Method, ProofGame, ProofGameError};
use crate::kk_route::connection::connect_kk_from_any;
use crate::kk_route::king_reroute::reroute_kings;
use crate::kk_route::kk_path::{plies_from_kk, short_kk_paths};
use crate::openings::{start_openings, KkOpening, WithOpening};
use shogi_reach_engine::board::moves::Move;
use shogi_reach_engine::board::position::Position;
use shogi_reach_engine::board::start::Start;
use shogi_reach_engine::board::variant::Variant;
use shogi_reach_engine::reach::prove::prove_from;
use shogi_reach_engine::reach::search::{KkSearch, SearchOptions};
use shogi_reach_engine::reach::stage::Stage;

/// How many positions the search for a short path back to a KK position may generate (about 20 MB).
const KK_PATH_NODES: usize = 100_000;

/// How many KK positions the short path back may offer: each route through one is built and measured.
const KK_PATH_GOALS: usize = 10;

/// The verified KK-route game for `pos` from `start`, which the backward search must prove reachable:
/// through the reference search's KK position and path, or a shorter route.
pub(crate) fn kk_proof_game<V: WithOpening>(
    pos: &Position<V>,
    start: &Start<V>,
    search: &mut KkSearch<V>,
    options: SearchOptions,
) -> Result<ProofGame<V>, ProofGameError> {
    let route =
        KkRoutes { start: *start, openings: start_openings(start).map_err(ProofGameError::Construction)? };
    route.shorten(route.reference(pos, search, options)?)
}

/// What KK routes from one start are built of: the start and its openings to a KK position.
struct KkRoutes<V: Variant> {
    start: Start<V>,
    openings: Vec<KkOpening<V>>,
}

impl<V: Variant> KkRoutes<V> {
    /// The KK route through the reference search's KK position and path.
    fn reference(
        &self,
        pos: &Position<V>,
        search: &mut KkSearch<V>,
        options: SearchOptions,
    ) -> Result<ProofGame<V>, ProofGameError> {
        let proof = prove_from(pos, &self.start, search, options);
        let Some(outcome) = proof.search.as_ref().filter(|_| proof.stage == Stage::Ok) else {
            return Err(ProofGameError::NotReachable(proof.stage));
        };
        let search_kk = *outcome.goal().expect("a reachable search has a goal");
        let path: Vec<Move> = outcome.moves.iter().rev().copied().collect();
        self.route(pos, search_kk, path)
    }

    /// The KK route game `kk`, or a shorter one: through one of the KK positions [`short_kk_paths`] offers,
    /// and through each path (the reference's too) with its kings' walks moved into its own king moves
    /// ([`reroute_kings`]).
    fn shorten(&self, kk: ProofGame<V>) -> Result<ProofGame<V>, ProofGameError> {
        let all = &self.openings;
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
        let rerouted: Vec<_> = paths
            .iter()
            .chain([&reference])
            .filter_map(|(kk, path)| reroute_kings(kk, path, first_kk))
            .collect();
        let mut best = None;
        for (search_kk, path) in paths.into_iter().chain(rerouted) {
            let (i, connection) = self.shortest_opening(&search_kk)?;
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
                self.verified(&kk.end, i, connection, search_kk, path)
            }
            None => Ok(kk),
        }
    }

    /// The opening (its index in the openings) whose KK position connects to `search_kk` in the fewest plies
    /// altogether, and that connection.
    fn shortest_opening(&self, search_kk: &Position<V>) -> Result<(usize, Vec<Move>), ProofGameError> {
        let froms: Vec<_> = self.openings.iter().map(|(moves, kk)| (moves.len(), *kk)).collect();
        connect_kk_from_any(&froms, search_kk).map_err(ProofGameError::Construction)
    }

    /// The verified game: the opening whose connection to `search_kk` is shortest, that connection, then
    /// `path` from it to `pos`.
    fn route(
        &self,
        pos: &Position<V>,
        search_kk: Position<V>,
        path: Vec<Move>,
    ) -> Result<ProofGame<V>, ProofGameError> {
        let (i, connection) = self.shortest_opening(&search_kk)?;
        self.verified(pos, i, connection, search_kk, path)
    }

    /// The verified game: opening `i`, `connection` from its KK position to `search_kk`, then `path` from it
    /// to `pos`.
    fn verified(
        &self,
        pos: &Position<V>,
        i: usize,
        connection: Vec<Move>,
        search_kk: Position<V>,
        path: Vec<Move>,
    ) -> Result<ProofGame<V>, ProofGameError> {
        let all = &self.openings;
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
        let (start, method) = (self.start, Method::Kk);
        let game =
            ProofGame { start, moves, end: *pos, method, shortest: false, lower_bound: None, kk: Some(kk) };
        game.verify()?;
        Ok(game)
    }
}
