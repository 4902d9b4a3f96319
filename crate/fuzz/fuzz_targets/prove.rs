//! Proofs under a small node cap, both games. The first byte picks the game and the source of the
//! position: bit 1 clear, the rest is SFEN or the reference format; bit 1 set, the rest is a rank
//! (little-endian 64-bit words) reduced below |P_K| and unranked, so that every input is a complete
//! position. A reachable verdict must give a proof game that verifies.
#![no_main]

use libfuzzer_sys::fuzz_target;
use shogi_reach::ranking::rank::{count, unrank, RankInt, Ranked};
use shogi_reach::ranking::wide::U256;
use shogi_reach::reach::proof_game::proof_game;
use shogi_reach::reach::prove::prove;
use shogi_reach::reach::search::{KkSearch, SearchOptions, Verdict};
use shogi_reach::reach::stage::Stage;
use shogi_reach::{MiniShogi, Position, Shogi, WithOpening};

const OPTIONS: SearchOptions = SearchOptions { max_nodes: Some(2000), lazy_captures: false };

fn words(bytes: &[u8]) -> Vec<u64> {
    bytes
        .chunks(8)
        .map(|c| {
            let mut w = [0u8; 8];
            w[..c.len()].copy_from_slice(c);
            u64::from_le_bytes(w)
        })
        .collect()
}

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
        assert_eq!(game.moves.len(), game.opening + game.connection + game.path);
    } else {
        assert!(path.is_empty());
    }
}

fuzz_target!(|data: &[u8]| {
    let Some((&mode, rest)) = data.split_first() else { return };
    let shogi = mode & 1 == 1;
    if mode & 2 == 0 {
        let Ok(text) = std::str::from_utf8(rest) else { return };
        if shogi {
            if let Ok(pos) = Position::<Shogi>::from_sfen(text) {
                check(&pos);
            }
        } else if let Ok(pos) = Position::<MiniShogi>::from_sfen(text) {
            check(&pos);
        }
    } else if shogi {
        let r = U256::from_words(&words(rest)).div_rem(count::<Shogi>()).1;
        check(&unrank::<Shogi>(r).expect("reduced ranks are in range"));
    } else {
        let r = u64::from_words(&words(rest)) % count::<MiniShogi>();
        check(&unrank::<MiniShogi>(r).expect("reduced ranks are in range"));
    }
});
