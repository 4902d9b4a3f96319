//! SFEN and the reference format (`board[hands] w`), every game: parsing never panics, and what parses
//! round-trips through `to_sfen`.
use shogi_reach_engine::board::sfen::parse_setup;
use shogi_reach_engine::board::variant::Judkins;
use shogi_reach_engine::{MiniShogi, Position, Shogi, Variant};

fn check<V: Variant>(text: &str) {
    if let Ok(setup) = parse_setup::<V>(text) {
        // An unchecked setup writes SFEN that parses back to the same setup.
        let sfen = setup.to_sfen();
        let again = parse_setup::<V>(&sfen).unwrap_or_else(|e| panic!("{sfen:?} does not parse back: {e}"));
        assert_eq!(again, setup, "setup of {text:?} changed through {sfen:?}");
        // Validating it agrees with from_sfen.
        assert_eq!(Position::<V>::try_from(setup).ok(), Position::<V>::from_sfen(text).ok());
    }
    if let Ok(pos) = Position::<V>::from_sfen(text) {
        let sfen = pos.to_sfen();
        let again =
            Position::<V>::from_sfen(&sfen).unwrap_or_else(|e| panic!("{sfen:?} does not parse back: {e}"));
        assert_eq!(again, pos, "position of {text:?} changed through {sfen:?}");
        assert_eq!(again.to_sfen(), sfen);
        let _ = pos.to_string();
        let _ = pos.is_complete();
        let _ = pos.mirrored();
    }
}

/// Checks one input of the fuzz target.
pub fn check_input(data: &[u8]) {
    let Ok(text) = std::str::from_utf8(data) else { return };
    check::<Shogi>(text);
    check::<MiniShogi>(text);
    check::<Judkins>(text);
}
