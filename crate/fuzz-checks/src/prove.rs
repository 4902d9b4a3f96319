//! Proofs under a small node cap, every game. The first byte picks the game (bit 2 set: Judkins shogi;
//! else bit 0 set: Shogi, clear: Mini Shogi) and the source of the position: bit 1 clear, the rest is
//! SFEN or the reference format; bit 1 set, the rest (little-endian 64-bit words) picks a seed and a
//! sample index, whose rank is unranked, so that every input is a complete position. A reachable verdict
//! must give proof games (the KK route and the best one) that verify, the best never longer, above the
//! lower bound.
use crate::{game_of_mode, words};
use shogi_reach_engine::ranking::rank::{unrank, Ranked};
use shogi_reach_engine::ranking::sample::RankSampler;
use shogi_reach_engine::reach::prove::prove;
use shogi_reach_engine::reach::search::{KkSearch, SearchOptions, Verdict};
use shogi_reach_engine::reach::stage::Stage;
use shogi_reach_engine::Position;
use shogi_reach_proof_games::proof_game::{build_proof_game, proof_game, Choice, ShortBudget};
use shogi_reach_proof_games::WithOpening;

/// A small budget, as the node cap. The KK route's opening and connection are not capped: an input
/// takes up to about 2.5 s under the fuzzer's instrumentation (scripts/fuzz.sh gives it 60 s).
const BUDGET: ShortBudget = ShortBudget { weighed: 2000, threads: 1 };

const OPTIONS: SearchOptions = SearchOptions { max_nodes: Some(2000), lazy_captures: false };

fn check<V: Ranked + WithOpening>(pos: &Position<V>) {
    let proof = prove(pos, &mut KkSearch::new(), OPTIONS);
    let _ = proof.to_text();
    let _ = proof.to_json();
    let path = proof.forward_path();
    if proof.stage == Stage::Ok {
        let search = proof.search.as_ref().expect("a reachable verdict has a search");
        assert_eq!(search.verdict, Verdict::Reachable);
        assert_eq!(path.len(), search.plies());
        if let Some(last) = path.last() {
            assert_eq!(last.after, *pos, "the path of {pos} ends elsewhere");
        }
        let game = proof_game(pos, &mut KkSearch::new(), OPTIONS)
            .unwrap_or_else(|e| panic!("{pos} is reachable but: {e}"));
        assert_eq!(game.end, *pos);
        game.verify().unwrap_or_else(|e| panic!("proof game of {pos}: {e}"));
        let route = game.kk.as_ref().expect("the KK route has its parts");
        assert_eq!(game.moves.len(), route.opening + route.connection + route.path);
        // The short search's game, when it finds one, is verified and never longer; the bound holds.
        let best = build_proof_game(pos, &mut KkSearch::new(), OPTIONS, Choice::Best, BUDGET, |_| true)
            .unwrap_or_else(|e| panic!("{pos} is reachable but: {e}"));
        best.verify().unwrap_or_else(|e| panic!("best proof game of {pos}: {e}"));
        assert!(best.moves.len() <= game.moves.len());
        assert!(best.lower_bound.is_some_and(|b| b as usize <= best.moves.len()), "bound of {pos}");
    } else {
        assert!(path.is_empty());
    }
}

/// Checks one input of the fuzz target.
pub fn check_input(data: &[u8]) {
    let Some((&mode, rest)) = data.split_first() else { return };
    shogi_reach_engine::with_game!(game_of_mode(mode), V => check_game::<V>(mode, rest));
}

/// Checks the rest of an input in game `V` by the mode of its first byte.
fn check_game<V: Ranked + WithOpening>(mode: u8, rest: &[u8]) {
    if mode & 2 == 0 {
        let Ok(text) = std::str::from_utf8(rest) else { return };
        if let Ok(pos) = Position::<V>::from_sfen(text) {
            check(&pos);
        }
    } else {
        // A sampled rank: the words pick the seed and the sample.
        let w = words(rest);
        let (seed, index) = (w.first().copied().unwrap_or(0), w.get(1).copied().unwrap_or(0));
        let r = RankSampler::<V>::new(seed).rank(index);
        check(&unrank::<V>(r).expect("sampled ranks are in range"));
    }
}
