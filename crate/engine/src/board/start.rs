//! Where a game begins: the game's initial position or a handicap start, as a KIF or KI2 record names it
//! in its `手合割` line. In a handicap game the stronger player (上手) is Gote, gives up the pieces named,
//! and moves first. Pieces never leave a game, so every position of a game holds its start's material.

use crate::board::position::Position;
use crate::board::sfen::{parse_position, quote};
use crate::board::variant::{Game, Variant};
use std::fmt;

/// Other names records give a start, and the name each stands for. Any name may also drop its final
/// `ち` (`香落`).
const ALIASES: [(&str, &str); 4] =
    [("飛落ち", "飛車落ち"), ("5五将棋", "５五将棋"), ("五五将棋", "５五将棋"), ("55将棋", "５五将棋")];

/// The game and start position (SFEN) of the `手合割` `name`, if this reader knows it: a game's own name
/// for its initial position ([`Variant::KIF_HANDICAP`]) or one of its handicaps ([`Variant::HANDICAPS`]).
pub(crate) fn handicap_start(name: &str) -> Option<(Game, &'static str)> {
    let name = name.trim();
    let full = if name.ends_with('落') { format!("{name}ち") } else { name.to_string() };
    let name = ALIASES.iter().find(|(alias, _)| *alias == full).map_or(full.as_str(), |(_, to)| to);
    Game::ALL
        .into_iter()
        .find_map(|game| crate::with_game!(game, V => start_named::<V>(name)).map(|sfen| (game, sfen)))
}

/// The start of `V` called `name` (no alias), as SFEN.
fn start_named<V: Variant>(name: &str) -> Option<&'static str> {
    if name == V::KIF_HANDICAP {
        return Some(V::START_SFEN);
    }
    V::HANDICAPS.iter().find(|(n, _)| *n == name).map(|&(_, sfen)| sfen)
}

/// The handicap starts of `game` that records name (`(手合割, SFEN)`): [`Variant::HANDICAPS`].
pub fn handicap_starts(game: Game) -> Vec<(&'static str, &'static str)> {
    crate::with_game!(game, V => V::HANDICAPS.to_vec())
}

/// Where a game begins: the initial position of `V` or one of its handicap starts.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Start<V: Variant> {
    /// The handicap's `手合割` name; `None` for the initial position.
    handicap: Option<&'static str>,
    position: Position<V>,
}

/// A start that is neither the initial position nor a handicap of the game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum StartError {
    /// No start of the game has this name or SFEN.
    Unknown {
        /// What was asked for.
        name: String,
        /// The game asked about.
        game: &'static str,
    },
}

impl fmt::Display for StartError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            StartError::Unknown { name, game } => {
                write!(
                    f,
                    "no start of {game} is called \"{}\": name 平手 or a handicap (角落ち, 二枚落ち, …)",
                    quote(name)
                )
            }
        }
    }
}

impl std::error::Error for StartError {}

impl<V: Variant> Start<V> {
    /// The game's initial position.
    pub fn initial() -> Start<V> {
        Start { handicap: None, position: Position::startpos() }
    }

    /// The start called `name`: the initial position (its `手合割` name, Shogi's `平手`, or `even`,
    /// `initial`, the game's name) or a handicap by its `手合割` name (`角落ち`, `香落`), or either given
    /// as its SFEN.
    pub fn named(name: &str) -> Result<Start<V>, StartError> {
        let name = name.trim();
        if ["even", "initial", V::NAME, V::KIF_HANDICAP].contains(&name) {
            return Ok(Start::initial());
        }
        let by_name = handicap_start(name).filter(|(game, _)| *game == V::GAME).map(|(_, sfen)| sfen);
        let position = match by_name {
            Some(sfen) => parse_position::<V>(sfen).ok(),
            None => parse_position::<V>(name).ok(),
        };
        position
            .and_then(|p| Start::of_position(&p))
            .ok_or_else(|| StartError::Unknown { name: name.to_string(), game: V::NAME })
    }

    /// The start a user chose: [`Start::named`] `name`, the initial position when none is named (`--start`
    /// left out, Python's `start=None`).
    pub fn chosen(name: Option<&str>) -> Result<Start<V>, StartError> {
        name.map_or(Ok(Start::initial()), Start::named)
    }

    /// The start whose position is `pos`, if it is the initial position or a handicap start (a record's
    /// start, a preset of the editor).
    pub fn of_position(pos: &Position<V>) -> Option<Start<V>> {
        if *pos == Position::startpos() {
            return Some(Start::initial());
        }
        V::HANDICAPS
            .iter()
            .find(|(_, sfen)| parse_position::<V>(sfen).ok().as_ref() == Some(pos))
            .map(|(name, _)| Start { handicap: Some(name), position: *pos })
    }

    /// Every start of the game: the initial position, then each handicap.
    pub fn all() -> Vec<Start<V>> {
        let handicaps = V::HANDICAPS.iter().map(|&(name, sfen)| Start {
            handicap: Some(name),
            position: parse_position::<V>(sfen).expect("the handicap table's positions are valid"),
        });
        std::iter::once(Start::initial()).chain(handicaps).collect()
    }

    /// The start position.
    pub fn position(&self) -> &Position<V> {
        &self.position
    }

    /// The handicap's `手合割` name, `None` for the initial position.
    pub fn handicap(&self) -> Option<&'static str> {
        self.handicap
    }

    /// Its `手合割` name: the handicap's, or the game's own (`平手`, `５五将棋`) for the initial position.
    pub fn name(&self) -> &'static str {
        self.handicap.unwrap_or(V::KIF_HANDICAP)
    }

    /// Whether it is the game's initial position.
    pub fn is_initial(&self) -> bool {
        self.handicap.is_none()
    }

    /// How many pieces of each kind ([`Position::kind_counts`]) every position of a game from here holds.
    pub fn material(&self) -> [u32; 8] {
        self.position.kind_counts()
    }
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
        for (name, sfen) in Shogi::HANDICAPS {
            let pos = parse_position::<Shogi>(sfen).unwrap();
            assert_eq!(pos.side_to_move(), crate::Color::Gote, "{name}");
            for sq in 0..81 {
                let (now, before) = (pos.piece_at(sq), full.piece_at(sq));
                assert!(now == before || (now.is_none() && before.unwrap().color() == crate::Color::Gote));
            }
        }
        assert_eq!(handicap_start("香落").unwrap().1, handicap_start("香落ち").unwrap().1);
        assert_eq!(handicap_start("5五将棋").unwrap().0, Game::MiniShogi);
        assert_eq!(handicap_start("飛落"), handicap_start("飛車落ち"));
        assert_eq!(handicap_start("平手"), Some((Game::Shogi, Shogi::START_SFEN)));
        assert_eq!(handicap_start("七面鳥落ち"), None);
        let listed = handicap_starts(Game::Shogi);
        assert_eq!(listed.len(), 13, "{listed:?}");
        assert!(listed.iter().all(|(name, sfen)| handicap_start(name) == Some((Game::Shogi, sfen))));
        assert!(!listed.iter().any(|(name, _)| ["平手", "飛落ち"].contains(name)));
        assert!(handicap_starts(Game::MiniShogi).is_empty());
    }

    #[test]
    fn starts_are_found_by_name_and_by_position() {
        use crate::board::variant::MiniShogi;
        assert_eq!(Start::<Shogi>::named("平手"), Ok(Start::initial()));
        assert_eq!(Start::<Shogi>::named(Shogi::START_SFEN), Ok(Start::initial()));
        let kaku = Start::<Shogi>::named("角落ち").unwrap();
        assert_eq!((kaku.handicap(), kaku.name(), kaku.is_initial()), (Some("角落ち"), "角落ち", false));
        assert_eq!(Start::named(&kaku.position().to_sfen()), Ok(kaku));
        assert_eq!(Start::named("飛落ち"), Start::<Shogi>::named("飛車落ち"));
        assert_eq!(kaku.material()[crate::board::piece::Kind::Bishop.index()], 1);
        assert!(Start::<Shogi>::named("５五将棋").is_err());
        assert!(Start::<MiniShogi>::named("角落ち").is_err());
        assert_eq!(Start::<MiniShogi>::named("５五将棋"), Ok(Start::initial()));
        assert_eq!(Start::<Shogi>::all().len(), 14);
        let moved = "lnsgkgsnl/1r7/ppppppppp/9/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL b - 1";
        assert!(Start::<Shogi>::named(moved).is_err());
    }
}
