//! The start positions a KIF or KI2 record names in its `手合割` line. In a handicap game the stronger
//! player (上手) is Gote, gives up the pieces named, and moves first.

use crate::board::variant::{Game, Variant};

/// `手合割` names and the start each means (SFEN). A name may drop its final `ち` (`香落`).
const STARTS: [(&str, Game, &str); 16] = [
    ("平手", Game::Shogi, "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1"),
    ("香落ち", Game::Shogi, "lnsgkgsn1/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1"),
    ("右香落ち", Game::Shogi, "1nsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1"),
    ("角落ち", Game::Shogi, "lnsgkgsnl/1r7/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1"),
    ("飛車落ち", Game::Shogi, "lnsgkgsnl/7b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1"),
    ("飛落ち", Game::Shogi, "lnsgkgsnl/7b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1"),
    ("飛香落ち", Game::Shogi, "lnsgkgsn1/7b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1"),
    ("二枚落ち", Game::Shogi, "lnsgkgsnl/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1"),
    ("三枚落ち", Game::Shogi, "lnsgkgsn1/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1"),
    ("四枚落ち", Game::Shogi, "1nsgkgsn1/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1"),
    ("五枚落ち", Game::Shogi, "2sgkgsn1/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1"),
    ("左五枚落ち", Game::Shogi, "1nsgkgs2/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1"),
    ("六枚落ち", Game::Shogi, "2sgkgs2/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1"),
    ("八枚落ち", Game::Shogi, "3gkg3/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1"),
    ("十枚落ち", Game::Shogi, "4k4/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1"),
    ("５五将棋", Game::MiniShogi, "rbsgk/4p/5/P4/KGSBR b - 1"),
];

/// The game and start position (SFEN) of the `手合割` `name`, if this reader knows it.
pub(crate) fn handicap_start(name: &str) -> Option<(Game, &'static str)> {
    let name = name.trim();
    let mini = ["5五将棋", "五五将棋", "55将棋"];
    if mini.contains(&name) {
        return handicap_start("５五将棋");
    }
    STARTS
        .iter()
        .find(|(n, _, _)| *n == name || n.strip_suffix('ち') == Some(name))
        .map(|&(_, game, sfen)| (game, sfen))
}

/// The handicap starts of `game` that records name (`(手合割, SFEN)`), each once: not the even game's
/// start, and not a second name of a start already listed (`飛落ち` beside `飛車落ち`).
pub fn handicap_starts(game: Game) -> Vec<(&'static str, &'static str)> {
    let even = crate::with_game!(game, V => V::START_SFEN);
    let mut starts: Vec<(&'static str, &'static str)> = Vec::new();
    for &(name, g, sfen) in &STARTS[..] {
        if g == game && sfen != even && !starts.iter().any(|s| s.1 == sfen) {
            starts.push((name, sfen));
        }
    }
    starts
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::sfen::parse_position;
    use crate::board::variant::Shogi;
    use crate::Position;

    #[test]
    fn every_shogi_handicap_is_the_initial_position_less_gotes_pieces_with_gote_to_move() {
        let full = Position::<Shogi>::startpos();
        for (name, game, sfen) in STARTS.iter().filter(|s| s.1 == Game::Shogi && s.0 != "平手") {
            let pos = parse_position::<Shogi>(sfen).unwrap();
            assert_eq!(*game, Game::Shogi);
            assert_eq!(pos.side_to_move(), crate::Color::Gote, "{name}");
            for sq in 0..81 {
                let (now, before) = (pos.piece_at(sq), full.piece_at(sq));
                assert!(now == before || (now.is_none() && before.unwrap().color() == crate::Color::Gote));
            }
        }
        assert_eq!(handicap_start("香落").unwrap().1, handicap_start("香落ち").unwrap().1);
        assert_eq!(handicap_start("5五将棋").unwrap().0, Game::MiniShogi);
        assert_eq!(handicap_start("七面鳥落ち"), None);
        let listed = handicap_starts(Game::Shogi);
        assert_eq!(listed.len(), 13, "{listed:?}");
        assert!(listed.iter().all(|(name, sfen)| handicap_start(name) == Some((Game::Shogi, sfen))));
        assert!(!listed.iter().any(|(name, _)| ["平手", "飛落ち"].contains(name)));
        assert!(handicap_starts(Game::MiniShogi).is_empty());
    }
}
