//! Ranking, both games. The first byte picks the game and the mode:
//! - bit 1 clear: the rest is a rank (little-endian 64-bit words, `u64` for Mini Shogi, `U256` for
//!   Shogi), unranked as it is and reduced below |P_K|; every Ok position ranks back to its rank;
//! - bit 1 set: the rest is a position (SFEN or the reference format); when it ranks, the rank unranks
//!   back to the position.
#![no_main]

use libfuzzer_sys::fuzz_target;
use shogi_reach::ranking::rank::{count, rank, unrank, RankError, RankInt, Ranked};
use shogi_reach::ranking::wide::U256;
use shogi_reach::{MiniShogi, Position, Shogi};

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

fn round_trip<V: Ranked>(r: V::Rank) {
    match unrank::<V>(r) {
        Ok(pos) => {
            assert!(pos.is_complete(), "unrank({r}) = {pos} is not complete");
            assert_eq!(rank::<V>(&pos), Ok(r), "unrank({r}) = {pos}");
            // Its SFEN is a valid position too.
            assert_eq!(Position::<V>::from_sfen(&pos.to_sfen()), Ok(pos));
        }
        Err(RankError::OutOfRange { .. }) => assert!(r >= count::<V>(), "rank {r} refused"),
        Err(e) => panic!("unrank({r}): {e}"),
    }
}

fn position<V: Ranked>(text: &str) {
    let Ok(pos) = Position::<V>::from_sfen(text) else { return };
    for p in [pos, pos.mirrored()] {
        if let Ok(r) = rank::<V>(&p) {
            assert!(r < count::<V>(), "rank({p}) = {r} is out of range");
            assert_eq!(unrank::<V>(r), Ok(p), "rank({p}) = {r}");
        }
    }
}

fuzz_target!(|data: &[u8]| {
    let Some((&mode, rest)) = data.split_first() else { return };
    let shogi = mode & 1 == 1;
    if mode & 2 == 0 {
        let w = words(rest);
        if shogi {
            let r = U256::from_words(&w);
            round_trip::<Shogi>(r);
            round_trip::<Shogi>(r.div_rem(count::<Shogi>()).1);
        } else {
            let r = u64::from_words(&w);
            round_trip::<MiniShogi>(r);
            round_trip::<MiniShogi>(r % count::<MiniShogi>());
        }
    } else if let Ok(text) = std::str::from_utf8(rest) {
        if shogi {
            position::<Shogi>(text);
        } else {
            position::<MiniShogi>(text);
        }
    }
});
