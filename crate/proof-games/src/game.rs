//! A proof game: its moves from the initial position, how it was built, its check by replay with the
//! forward legal-move generator, and its records (USI, KIF, JSON).

use crate::construction::ConstructionError;
use serde::Serialize;
use shogi_reach_engine::board::moves::{Move, MoveList};
use shogi_reach_engine::board::position::Position;
use shogi_reach_engine::board::start::Start;
use shogi_reach_engine::board::variant::Variant;
use shogi_reach_engine::reach::prove::StepJson;
use shogi_reach_engine::reach::stage::Stage;
use shogi_reach_engine::records::formats::kif::kif_from;
use shogi_reach_engine::records::formats::usi::usi_from;
use shogi_reach_engine::records::notation;
use shogi_reach_engine::records::text::TextEncoding;
use shogi_reach_engine::rules::{legal_moves, play};
use std::fmt;

/// How a proof game was built.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Method {
    /// The short-game search from the position back to the initial position.
    Short,
    /// The KK route: opening to a KK position, connection, the backward search's path.
    Kk,
}

impl Method {
    pub const fn name(self) -> &'static str {
        match self {
            Method::Short => "short",
            Method::Kk => "kk",
        }
    }
}

/// A complete game from its start (the initial position or a handicap start), verified by replay.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ProofGame<V: Variant> {
    /// Where the game begins.
    pub start: Start<V>,
    /// Every move from the start.
    pub moves: Vec<Move>,
    /// The position the game ends in.
    pub end: Position<V>,
    pub method: Method,
    /// Whether no shorter game exists (the short search proved it).
    pub shortest: bool,
    /// A lower bound on the plies of every game to the position.
    pub lower_bound: Option<u32>,
    /// The parts of a KK-route game.
    pub kk: Option<KkRoute<V>>,
}

/// The three parts of a KK-route game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct KkRoute<V: Variant> {
    /// Plies of the opening (initial position → first KK position).
    pub opening: usize,
    /// Plies between the two KK positions.
    pub connection: usize,
    /// Plies of the search path (the KK position reached by the search → the position).
    pub path: usize,
    /// No KK route through the KK position of an opening is shorter: the least, over the openings, of
    /// its plies and the plies it needs from its KK position on.
    pub bound: usize,
    /// The KK positions at the end of the opening and at the start of the search path.
    pub first_kk: Position<V>,
    pub search_kk: Position<V>,
}

impl<V: Variant> KkRoute<V> {
    /// The parts as the KIF comment names them, by their plies (`plies 1-44`); a part of no plies is left
    /// out, never written as a backward range such as `45-44`.
    pub fn parts_text(&self) -> String {
        let parts = [
            ("opening to a KK position", self.opening),
            ("to the KK position of the backward search", self.connection),
            ("the search path", self.path),
        ];
        let mut first = 1;
        let mut text = Vec::new();
        for (name, plies) in parts {
            if plies > 0 {
                let last = first + plies - 1;
                text.push(if plies == 1 {
                    format!("{name}: ply {first}")
                } else {
                    format!("{name}: plies {first}-{last}")
                });
            }
            first += plies;
        }
        text.join("; ")
    }
}

/// A proof game as JSON (`shogi-reach proof-game --json`, the page's game); `None` is `null`, and the
/// KK route's parts are `null` for a short game. (Fields in the order of their names, as a JSON map keeps
/// them.)
#[derive(Clone, Debug, Serialize)]
pub struct ProofGameJson {
    /// Plies between the two KK positions.
    pub connection: Option<usize>,
    /// The KK position at the end of the opening.
    pub first_kk: Option<String>,
    /// The game's name.
    pub game: &'static str,
    /// The game as KIF.
    pub kif: String,
    /// No KK route is shorter than this.
    pub kk_bound: Option<usize>,
    /// A lower bound on the plies of every game to the position.
    pub lower_bound: Option<u32>,
    /// `short` or `kk`.
    pub method: &'static str,
    /// Every move with the position after it.
    pub moves: Vec<StepJson>,
    /// Plies of the opening.
    pub opening: Option<usize>,
    /// Plies of the search path.
    pub path: Option<usize>,
    /// How many plies.
    pub plies: usize,
    /// The KK position at the start of the search path.
    pub search_kk: Option<String>,
    /// The position the game ends in.
    pub sfen: String,
    /// Whether no shorter game exists.
    pub shortest: bool,
    /// The start position (SFEN).
    pub start: String,
    /// The start's `手合割` name (`平手` for Shogi's initial position).
    pub start_name: &'static str,
    /// The game as a USI command.
    pub usi: String,
}

/// Why there is no proof game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ProofGameError {
    /// The position is not proved reachable (unreachable, or unknown at the node cap).
    NotReachable(Stage),
    /// A step of the construction failed (a bug; the game is never shown).
    Construction(ConstructionError),
    /// The replay did not confirm the game (a bug; the game is never shown).
    Verification(ConstructionError),
    /// The short search found no game within its budget.
    NotFound,
}

impl fmt::Display for ProofGameError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ProofGameError::NotReachable(r) => write!(
                f,
                "no proof game: the position is {} (stage {}): {}",
                r.verdict().name(),
                r.name(),
                r.describe()
            ),
            ProofGameError::Construction(e) => write!(f, "could not build a proof game: {e}"),
            ProofGameError::Verification(e) => write!(f, "the proof game did not verify: {e}"),
            ProofGameError::NotFound => write!(f, "the short search found no game within its budget"),
        }
    }
}

impl std::error::Error for ProofGameError {}

impl<V: Variant> ProofGame<V> {
    /// A game the short method found (not yet verified): `moves` from `start` to `end`.
    pub fn short(
        start: Start<V>,
        moves: Vec<Move>,
        end: Position<V>,
        shortest: bool,
        lower_bound: Option<u32>,
    ) -> ProofGame<V> {
        ProofGame { start, moves, end, method: Method::Short, shortest, lower_bound, kk: None }
    }

    /// The game of no moves: `start` itself, the shortest possible.
    pub fn empty(start: Start<V>) -> ProofGame<V> {
        ProofGame::short(start, Vec::new(), *start.position(), true, Some(0))
    }

    /// Replays the game from its start, each move checked against the legal moves, and
    /// confirms it passes through both KK positions and ends exactly at `end` (board, hands, side).
    pub fn verify(&self) -> Result<(), ProofGameError> {
        let mut checkpoints = vec![(self.moves.len(), &self.end, "the position")];
        if let Some(kk) = &self.kk {
            checkpoints.push((kk.opening, &kk.first_kk, "the first KK position"));
            checkpoints.push((kk.opening + kk.connection, &kk.search_kk, "the search's KK position"));
        }
        replay(self.start.position(), &self.moves, |ply, p| {
            match checkpoints.iter().find(|(n, want, _)| *n == ply && p != *want) {
                Some(&(_, _, expected)) => Err(ConstructionError::NotAt { ply, expected }),
                None => Ok(()),
            }
        })
        .map(|_| ())
        .map_err(ProofGameError::Verification)
    }

    /// The game as a USI `position` command (from `sfen …` for a handicap start).
    pub fn to_usi(&self) -> String {
        usi_from(self.start.position(), &self.moves)
    }

    /// The game as a KIF record (UTF-8), with [`ProofGame::comment`] at its top; a handicap start is named
    /// in its `手合割` line.
    pub fn to_kif(&self) -> String {
        kif_from(self.start.position(), &self.moves, &self.comment(), TextEncoding::Utf8)
    }

    /// What the game is, for a record's comment lines: its length, its end and, for the KK route, its parts.
    pub fn comment(&self) -> String {
        let mut comment = format!(
            "shogi-reach proof game: {} from {} to {}\n",
            self.length(),
            self.start_text(),
            self.end.to_sfen()
        );
        if let Some(kk) = &self.kk {
            comment += &kk.parts_text();
        }
        comment
    }

    /// `the initial position`, or `the 角落ち start`.
    pub fn start_text(&self) -> String {
        match self.start.handicap() {
            None => "the initial position".into(),
            Some(name) => format!("the {name} start"),
        }
    }

    /// "N plies (shortest possible)", "N plies (shortest found)" by the short search, or "N plies (KK
    /// route)".
    pub fn length(&self) -> String {
        let n = self.moves.len();
        match (self.shortest, self.method) {
            (true, _) => format!("{n} plies (shortest possible)"),
            (false, Method::Short) => format!("{n} plies (shortest found)"),
            (false, Method::Kk) => format!("{n} plies (KK route)"),
        }
    }

    /// The game as JSON: the parts, every move (USI, Japanese, the position after it), USI and KIF.
    pub fn to_json(&self) -> ProofGameJson {
        let positions = self.positions();
        let moves = notation::japanese::write::japanese_line(&positions, &self.moves)
            .into_iter()
            .zip(&self.moves)
            .zip(&positions[1..])
            .map(|((japanese, m), after)| StepJson { japanese, usi: m.to_usi::<V>(), sfen: after.to_sfen() })
            .collect();
        let kk = self.kk.as_ref();
        ProofGameJson {
            connection: kk.map(|kk| kk.connection),
            first_kk: kk.map(|kk| kk.first_kk.to_sfen()),
            game: V::NAME,
            kif: self.to_kif(),
            kk_bound: kk.map(|kk| kk.bound),
            lower_bound: self.lower_bound,
            method: self.method.name(),
            moves,
            opening: kk.map(|kk| kk.opening),
            path: kk.map(|kk| kk.path),
            plies: self.moves.len(),
            search_kk: kk.map(|kk| kk.search_kk.to_sfen()),
            sfen: self.end.to_sfen(),
            shortest: self.shortest,
            start: self.start.position().to_sfen(),
            start_name: self.start.name(),
            usi: self.to_usi(),
        }
    }

    /// The positions after each move (the first one is the start).
    pub fn positions(&self) -> Vec<Position<V>> {
        let mut out = vec![*self.start.position()];
        for &m in &self.moves {
            out.push(play(out.last().unwrap(), m));
        }
        out
    }
}

/// Plays `moves` from `start`, each checked against the legal moves; `check(ply, position)` after each.
pub(crate) fn replay<V: Variant>(
    start: &Position<V>,
    moves: &[Move],
    mut check: impl FnMut(usize, &Position<V>) -> Result<(), ConstructionError>,
) -> Result<(), ConstructionError> {
    let mut pos = *start;
    let mut legal = MoveList::new();
    check(0, &pos)?;
    for (i, &m) in moves.iter().enumerate() {
        legal_moves(&pos, &mut legal);
        if !legal.contains(&m) {
            return Err(ConstructionError::Illegal { ply: i + 1, usi: m.to_usi::<V>(), sfen: pos.to_sfen() });
        }
        pos = play(&pos, m);
        check(i + 1, &pos)?;
    }
    Ok(())
}

/// The position `moves` lead to from `from`, each checked against the legal moves.
#[cfg(test)]
pub(crate) fn replays<V: Variant>(
    from: &Position<V>,
    moves: &[Move],
) -> Result<Position<V>, ConstructionError> {
    let mut end = *from;
    replay(from, moves, |_, p| {
        end = *p;
        Ok(())
    })?;
    Ok(end)
}
