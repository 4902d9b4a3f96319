//! Ranking, every game. The first byte picks the game (bit 2 set: Judkins shogi; else bit 0 set: Shogi,
//! clear: Mini Shogi) and the mode:
//! - bit 1 clear: the rest is a rank (little-endian 64-bit words, `u64` for Mini Shogi, `U256` for
//!   Shogi and Judkins shogi), unranked as it is and masked below |P_K|; every Ok position ranks back to
//!   its rank;
//! - bit 1 set: the rest is a position (SFEN or the reference format); when it ranks, the rank unranks
//!   back to the position.
use crate::{game_of_mode, words};
use shogi_reach_engine::ranking::rank::{candidate_count, unrank, RankError, RankInt, Ranked};
use shogi_reach_engine::Position;

/// A rank below |P_K| from `words`: masked to the bit width of |P_K|, and without its top bit when that
/// is still too large.
fn below_count<V: Ranked>(words: &[u64]) -> V::Rank {
    let bits = candidate_count::<V>().bits() as usize;
    let masked = |width: usize| -> Vec<u64> {
        (0..width.div_ceil(64))
            .map(|i| {
                let w = words.get(i).copied().unwrap_or(0);
                let keep = (width - 64 * i).min(64);
                if keep == 64 {
                    w
                } else {
                    w & ((1u64 << keep) - 1)
                }
            })
            .collect()
    };
    let r = V::Rank::from_words(&masked(bits));
    if r < candidate_count::<V>() {
        r
    } else {
        V::Rank::from_words(&masked(bits - 1))
    }
}

fn round_trip<V: Ranked>(r: V::Rank) {
    match unrank::<V>(r) {
        Ok(pos) => {
            assert!(pos.is_complete(), "unrank({r}) = {pos} is not complete");
            assert_eq!(pos.rank(), Ok(r), "unrank({r}) = {pos}");
            // Its SFEN is a valid position too.
            assert_eq!(Position::<V>::from_sfen(&pos.to_sfen()), Ok(pos));
        }
        Err(RankError::OutOfRange { .. }) => assert!(r >= candidate_count::<V>(), "rank {r} refused"),
        Err(e) => panic!("unrank({r}): {e}"),
    }
}

fn position<V: Ranked>(text: &str) {
    let Ok(pos) = Position::<V>::from_sfen(text) else { return };
    for p in [pos, pos.mirrored()] {
        if let Ok(r) = p.rank() {
            assert!(r < candidate_count::<V>(), "rank({p}) = {r} is out of range");
            assert_eq!(unrank::<V>(r), Ok(p), "rank({p}) = {r}");
        }
    }
}

/// Checks one input of the fuzz target.
pub fn check_input(data: &[u8]) {
    let Some((&mode, rest)) = data.split_first() else { return };
    shogi_reach_engine::with_game!(game_of_mode(mode), V => check_game::<V>(mode, rest));
}

/// Checks the rest of an input in game `V` by the mode of its first byte.
fn check_game<V: Ranked>(mode: u8, rest: &[u8]) {
    if mode & 2 == 0 {
        let w = words(rest);
        round_trip::<V>(V::Rank::from_words(&w));
        round_trip::<V>(below_count::<V>(&w));
    } else if let Ok(text) = std::str::from_utf8(rest) {
        position::<V>(text);
    }
}
