//! What each fuzz target checks, one module per target of `crate/fuzz` (`check_input` takes the raw bytes
//! the fuzzer gives): the fuzz targets call these, and this crate's tests replay every committed seed of
//! each target (`crate/fuzz/seeds/<target>/`) through the same checks, as part of `cargo test`.

pub mod input;
pub mod prove;
pub mod rank;
pub mod records;
pub mod sfen;
pub mod shard;

use shogi_reach_engine::Game;

/// The game a target's mode byte picks: bit 2 set, the third game (Judkins shogi); else bit 0 set, the first
/// (Shogi), clear, the second (Mini Shogi), as [`Game::ALL`] lists them.
pub fn game_of_mode(mode: u8) -> Game {
    let index = if mode & 4 != 0 { 2 } else { usize::from(mode & 1 == 0) };
    Game::ALL[index]
}

/// `bytes` as little-endian 64-bit words (the last one padded with zeros).
pub fn words(bytes: &[u8]) -> Vec<u64> {
    bytes
        .chunks(8)
        .map(|c| {
            let mut w = [0u8; 8];
            w[..c.len()].copy_from_slice(c);
            u64::from_le_bytes(w)
        })
        .collect()
}

#[cfg(test)]
mod seeds;

#[cfg(test)]
mod tests {
    use super::game_of_mode;

    #[test]
    fn the_mode_byte_picks_each_game() {
        let picked = [0u8, 1, 2, 3, 4, 5, 6, 7].map(|mode| game_of_mode(mode).name());
        let (mini, shogi, judkins) = ("minishogi", "shogi", "judkins");
        assert_eq!(picked, [mini, shogi, mini, shogi, judkins, judkins, judkins, judkins]);
    }
}
