//! Game records on arbitrary text, both games: KIF and the USI `position` command are read (each move
//! checked for legality) or refused, never a panic; what is read is written back and read again.
#![no_main]

use libfuzzer_sys::fuzz_target;
use shogi_reach::records::{kif, parse_kif, parse_usi_command, usi_command};
use shogi_reach::rules::play;
use shogi_reach::{MiniShogi, Position, Shogi, Variant};

fn check<V: Variant>(text: &str) {
    if let Ok(moves) = parse_kif::<V>(text) {
        // Moves from the initial position: written as KIF and as USI, both read back the same.
        let written = kif::<V>(&moves, "fuzz");
        assert_eq!(parse_kif::<V>(&written).as_ref(), Ok(&moves), "KIF {written:?}");
        let usi = usi_command::<V>(&moves);
        let (start, again) = parse_usi_command::<V>(&usi).unwrap_or_else(|e| panic!("{usi:?}: {e}"));
        assert_eq!(start, Position::<V>::startpos());
        assert_eq!(again, moves, "USI {usi:?}");
    }
    if let Ok((start, moves)) = parse_usi_command::<V>(text) {
        let mut pos = start;
        for &m in &moves {
            let _ = m.to_usi::<V>();
            pos = play(&pos, m);
        }
        let _ = pos.to_sfen();
    }
}

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else { return };
    check::<Shogi>(text);
    check::<MiniShogi>(text);
});
