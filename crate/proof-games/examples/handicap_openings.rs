//! Finds an opening to a KK position from each Shogi handicap start, the shortest of several search
//! weights, and prints them as the table `src/openings/handicap.rs` keeps (USI moves).
//!
//! `cargo run --release -p shogi-reach-proof-games --example handicap_openings`

use shogi_reach_engine::board::sfen::parse_position;
use shogi_reach_engine::board::variant::{Shogi, Variant};
use shogi_reach_proof_games::openings::search_opening_from;

fn main() {
    for &(name, sfen) in Shogi::HANDICAPS {
        let start = parse_position::<Shogi>(sfen).expect("a handicap start parses");
        let shortest = (3..=8)
            .filter_map(|weight| search_opening_from(start, weight, 4_000_000).ok())
            .min_by_key(|(moves, _)| moves.len());
        let Some((moves, _)) = shortest else {
            eprintln!("{name}: no opening found");
            continue;
        };
        let usi: Vec<String> = moves.iter().map(|m| m.to_usi::<Shogi>()).collect();
        println!("    (\"{name}\", \"{}\"),", usi.join(" "));
    }
}
