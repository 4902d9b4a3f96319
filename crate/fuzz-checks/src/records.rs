//! Game records on arbitrary bytes, both games: `records::read` (every format, UTF-8 or Shift_JIS) and
//! the per-game KIF and USI readers read (each move checked for legality) or refuse, never a panic; what
//! is read is written back (KIF and USI from the initial position, CSA for Shogi) and read again the same.
use shogi_reach_engine::records::{csa, kif, parse_kif, parse_usi_command, read, read_text, usi_command};
use shogi_reach_engine::records::{GameRecord, Record};
use shogi_reach_engine::rules::play;
use shogi_reach_engine::{with_game, Game, Position, Variant};

/// A record read by `records::read`: its positions and JSON, and its moves written back and read again.
fn check_record<V: Variant>(record: &Record<V>) {
    let json = record.to_json();
    assert_eq!(json.moves.len(), record.plies());
    // Every variation read starts somewhere: its JSON is there, and its moves.
    assert_eq!(record.comments.len(), record.plies() + 1);
    assert_eq!(json.variations.len(), record.variations.len());
    for (v, j) in record.variations.iter().zip(&json.variations) {
        assert_eq!((v.moves.len(), v.comments.len()), (j.moves.len(), j.moves.len() + 1));
    }
    assert_eq!(record.position_after(record.plies()).ok(), record.positions().last().copied());
    if record.start == Position::<V>::startpos() {
        let written = kif::<V>(&record.moves, "fuzz");
        assert_eq!(parse_kif::<V>(&written).as_ref(), Ok(&record.moves), "KIF {written:?}");
        let usi = usi_command::<V>(&record.moves);
        let again = read_text(&usi).unwrap_or_else(|e| panic!("{usi:?}: {e}")).into_game::<V>().unwrap();
        assert_eq!(again.moves, record.moves, "USI {usi:?}");
    }
}

fn check_game_record(record: GameRecord) {
    with_game!(record.game(), V => check_written_back(record.into_game::<V>().unwrap()))
}

/// [`check_record`], and where the game has CSA records, the record written as one and read again.
fn check_written_back<V: Variant>(record: Record<V>) {
    check_record(&record);
    if V::CSA_RECORDS {
        let written = csa(&record);
        let again = read_text(&written).unwrap_or_else(|e| panic!("{written:?}: {e}"));
        let again = again.into_game::<V>().unwrap();
        assert_eq!((again.start, &again.moves), (record.start, &record.moves), "CSA {written:?}");
    }
}

/// The per-game readers the proof-game tests use.
fn check_per_game<V: Variant>(text: &str) {
    if let Ok(moves) = parse_kif::<V>(text) {
        let written = kif::<V>(&moves, "fuzz");
        assert_eq!(parse_kif::<V>(&written).as_ref(), Ok(&moves), "KIF {written:?}");
    }
    if let Ok((start, moves)) = parse_usi_command::<V>(text) {
        let end = moves.iter().fold(start, |pos, &m| play(&pos, m));
        let _ = end.to_sfen();
    }
}

/// Checks one input of the fuzz target.
pub fn check_input(data: &[u8]) {
    if let Ok(record) = read(data) {
        check_game_record(record);
    }
    let Ok(text) = std::str::from_utf8(data) else { return };
    for game in Game::ALL {
        with_game!(game, V => check_per_game::<V>(text));
    }
}
