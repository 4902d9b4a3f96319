//! The openings of proof games: a game from the initial position to a KK position (only the kings on the
//! board), and its variants that end in other KK positions. Shogi's is the paper's 44-ply game (Table A·1);
//! Mini Shogi's is found by a search.

use crate::construction::ConstructionError;
use crate::game::replay;
use crate::short::bound::BoundCache;
use crate::tree::moves_from_root;
use shogi_reach_engine::board::moves::{Move, MoveList};
use shogi_reach_engine::board::piece::EMPTY;
use shogi_reach_engine::board::position::Position;
use shogi_reach_engine::board::start::Start;
use shogi_reach_engine::board::variant::{Judkins, MiniShogi, Shogi, Variant};
use shogi_reach_engine::records::notation;
use shogi_reach_engine::rules::{legal_moves, play};
use std::cmp::Reverse;
use std::collections::{BinaryHeap, HashMap};
use std::sync::OnceLock;

/// Pieces on the board besides the two kings.
fn pieces_besides_kings<V: Variant>(p: &Position<V>) -> usize {
    p.board().iter().filter(|&&c| c != EMPTY).count() - 2
}

/// Whether only the kings stand on the board.
pub(crate) fn is_kk<V: Variant>(p: &Position<V>) -> bool {
    pieces_besides_kings(p) == 0
}

/// The 44-ply game from the initial position to a KK position in the Shogi paper (Table A·1).
const PAPER_SHOGI_OPENING: &str = "☗P-7f ☖R-3b ☗Bx3c= ☖Rx3c ☗R-3h ☖Rx3g= ☗Rx3g ☖+Bx9i ☗Rx3a= ☖+Bx8i \
    ☗Rx2a= ☖+Bx6g ☗Rx2c= ☖+Bx7f ☗Rx1c= ☖+Bx8g ☗Rx4c= ☖Lx1g= ☗Lx1g ☖+Bx9g ☗Rx5c= ☖K-4b ☗Rx6c= \
    ☖+Bx7i ☗Rx7c= ☖+Bx5g ☗Rx7a= ☖+Bx3i ☗Rx8a= ☖+Bx1g ☗Rx8c= ☖+Bx2g ☗G-3h ☖+Bx3h ☗Rx9c= ☖+Bx2i \
    ☗Rx9a= ☖+Bx4g ☗Rx6a= ☖+Bx6i ☗Kx6i ☖K-5b ☗Rx4a= ☖Kx4a";

/// An opening's moves from the initial position and the KK position they end in.
pub type KkOpening<V> = (Vec<Move>, Position<V>);

type Opening<V> = Result<KkOpening<V>, ConstructionError>;

/// A game's opening and the variants of it that end in other KK positions (the opening first), computed
/// once.
type Openings<V> = Result<Vec<KkOpening<V>>, ConstructionError>;

/// What proof games need of a game: how its opening to a KK position is found, and where it is kept.
pub trait WithOpening: BoundCache {
    /// Other last moves of the opening, in Western notation: each replaces as many of its last plies as
    /// it has moves, and ends in another KK position.
    const OTHER_ENDINGS: &'static [&'static str] = &[];
    /// The opening from each handicap start (`手合割`, USI moves).
    const HANDICAP_OPENINGS: &'static [(&'static str, &'static str)] = &[];
    /// Finds the opening; [`openings`] calls it once.
    fn find_opening() -> Opening<Self>;
    /// Where [`openings`] keeps it and its variants.
    fn opening_cache() -> &'static OnceLock<Openings<Self>>;
}

impl WithOpening for Shogi {
    /// Gote's gold on 4a steps to 3a, 5a or 5b instead (to 5b, Sente's rook promoted on 6a before),
    /// where Sente's rook takes it and Gote's king takes the rook: the same 44 plies, Gote's king
    /// elsewhere. (A search over every legal ending of 14 plies finds no other KK position.)
    const OTHER_ENDINGS: &'static [&'static str] =
        &["☖G-3a ☗Rx3a= ☖Kx3a", "☖G-5a ☗Rx5a= ☖Kx5a", "☗Rx6a+ ☖+Bx6i ☗Kx6i ☖G-5b ☗+Rx5b ☖Kx5b"];
    const HANDICAP_OPENINGS: &'static [(&'static str, &'static str)] = &crate::handicap_openings::SHOGI;

    fn find_opening() -> Opening<Shogi> {
        read_game(PAPER_SHOGI_OPENING)
    }

    fn opening_cache() -> &'static OnceLock<Openings<Shogi>> {
        static CACHE: OnceLock<Openings<Shogi>> = OnceLock::new();
        &CACHE
    }
}

impl WithOpening for MiniShogi {
    fn find_opening() -> Opening<MiniShogi> {
        search_opening()
    }

    fn opening_cache() -> &'static OnceLock<Openings<MiniShogi>> {
        static CACHE: OnceLock<Openings<MiniShogi>> = OnceLock::new();
        &CACHE
    }
}

impl WithOpening for Judkins {
    fn find_opening() -> Opening<Judkins> {
        search_opening()
    }

    fn opening_cache() -> &'static OnceLock<Openings<Judkins>> {
        static CACHE: OnceLock<Openings<Judkins>> = OnceLock::new();
        &CACHE
    }
}

/// The opening of `V`, computed once: moves from the initial position to a KK position, and that
/// position. Shogi: the paper's 44-ply game. Mini Shogi: found by [`search_opening`].
pub fn opening<V: WithOpening>() -> Result<&'static KkOpening<V>, ConstructionError> {
    openings::<V>().map(|all| &all[0])
}

/// The opening, then its variants with [`WithOpening::OTHER_ENDINGS`].
pub fn openings<V: WithOpening>() -> Result<&'static [KkOpening<V>], ConstructionError> {
    let all = V::opening_cache().get_or_init(|| {
        V::find_opening().and_then(|(moves, kk)| {
            std::iter::once(Ok((moves.clone(), kk)))
                .chain(V::OTHER_ENDINGS.iter().map(|ending| with_ending(&moves, ending)))
                .collect()
        })
    });
    all.as_deref().map_err(Clone::clone)
}

/// The openings from `start`: the game's own ([`openings`]) from the initial position; from a handicap
/// start, its opening of [`WithOpening::HANDICAP_OPENINGS`], replayed against the legal moves.
pub fn start_openings<V: WithOpening>(start: &Start<V>) -> Result<Vec<KkOpening<V>>, ConstructionError> {
    let Some(name) = start.handicap() else { return openings::<V>().map(<[_]>::to_vec) };
    let (_, text) =
        V::HANDICAP_OPENINGS.iter().find(|(n, _)| *n == name).ok_or(ConstructionError::NoOpening(name))?;
    let moves = text
        .split_whitespace()
        .map(|usi| Move::from_usi::<V>(usi).map_err(ConstructionError::OpeningUsi))
        .collect::<Result<Vec<Move>, _>>()?;
    let mut end = *start.position();
    replay(start.position(), &moves, |_, p| {
        end = *p;
        Ok(())
    })?;
    if !is_kk(&end) {
        return Err(ConstructionError::NotKk(end.to_sfen()));
    }
    Ok(vec![(moves, end)])
}

/// `moves` with its last plies replaced by `ending` (Western notation), read against the legal moves.
fn with_ending<V: Variant>(moves: &[Move], ending: &str) -> Opening<V> {
    let kept =
        moves.len().checked_sub(ending.split_whitespace().count()).ok_or(ConstructionError::EndingTooLong)?;
    let start = moves[..kept].iter().fold(Position::<V>::startpos(), |p, &m| play(&p, m));
    let (rest, kk) = read_game_from(start, ending)?;
    Ok(([&moves[..kept], &rest[..]].concat(), kk))
}

/// A game in Western notation from the initial position, read against the legal moves; it must end in a
/// KK position.
fn read_game<V: Variant>(text: &str) -> Opening<V> {
    read_game_from(Position::<V>::startpos(), text)
}

/// [`read_game`] from `pos`.
fn read_game_from<V: Variant>(mut pos: Position<V>, text: &str) -> Opening<V> {
    let mut moves = Vec::new();
    for token in text.split_whitespace() {
        let m = notation::western::parse_western(&pos, token).map_err(ConstructionError::OpeningWestern)?;
        moves.push(m);
        pos = play(&pos, m);
    }
    if !is_kk(&pos) {
        return Err(ConstructionError::NotKk(pos.to_sfen()));
    }
    Ok((moves, pos))
}

/// A forward weighted best-first search from the initial position for a KK position: each position is
/// scored plies + 2·(pieces on the board besides the kings); drops are never useful and not tried.
/// Weight 2 finds a 15-ply Mini Shogi opening at once (weight 1, A*, does not finish in its node cap).
fn search_opening<V: Variant>() -> Result<(Vec<Move>, Position<V>), ConstructionError> {
    search_opening_from(Position::<V>::startpos(), 2, 2_000_000)
}

/// The weighted best-first search of [`search_opening`] from `start`, each position scored plies +
/// `weight`·(pieces on the board besides the kings), within `max_nodes` positions: how the handicap
/// openings were found (`examples/handicap_openings.rs`).
pub fn search_opening_from<V: Variant>(
    start: Position<V>,
    weight: usize,
    max_nodes: usize,
) -> Result<(Vec<Move>, Position<V>), ConstructionError> {
    // (position, parent index, move from the parent, plies)
    let mut nodes: Vec<(Position<V>, usize, Move, usize)> =
        vec![(start, usize::MAX, Move::Board { from: 0, to: 0, promote: false }, 0)];
    let mut best: HashMap<Position<V>, usize> = HashMap::from([(start, 0)]);
    let mut open = BinaryHeap::from([Reverse((weight * pieces_besides_kings(&start), 0usize))]);
    let mut legal = MoveList::new();
    while let Some(Reverse((_, i))) = open.pop() {
        let (pos, _, _, g) = nodes[i];
        if is_kk(&pos) {
            return Ok((moves_from_root(&nodes, i), pos));
        }
        if nodes.len() > max_nodes {
            break;
        }
        legal_moves(&pos, &mut legal);
        for &m in legal.iter() {
            if matches!(m, Move::Drop { .. }) {
                continue;
            }
            let next = play(&pos, m);
            if best.get(&next).is_some_and(|&d| d <= g + 1) {
                continue;
            }
            best.insert(next, g + 1);
            nodes.push((next, i, m, g + 1));
            open.push(Reverse((g + 1 + weight * pieces_besides_kings(&next), nodes.len() - 1)));
        }
    }
    Err(ConstructionError::NoOpeningFound(max_nodes))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::replays;

    #[test]
    fn openings_reach_a_kk_position() {
        let (moves, kk) = opening::<Shogi>().unwrap();
        assert_eq!(moves.len(), 44);
        assert_eq!(kk.to_sfen(), "5k3/9/9/9/9/9/9/9/3K5 b RB2G2S2N2L9Prb2g2s2n2l9p 1");
        let (moves, kk) = opening::<MiniShogi>().unwrap();
        assert!(moves.len() <= 16, "{} plies", moves.len());
        assert!(is_kk(kk));
        assert_eq!(openings::<MiniShogi>().unwrap(), [(moves.clone(), *kk)]);
    }

    #[test]
    fn every_handicap_start_has_an_opening_to_a_kk_position_with_its_material() {
        let starts = Start::<Shogi>::all();
        assert_eq!(Shogi::HANDICAP_OPENINGS.len(), starts.len() - 1);
        for start in starts {
            let all = start_openings(&start).unwrap_or_else(|e| panic!("{}: {e}", start.name()));
            for (moves, kk) in &all {
                assert!(is_kk(kk), "{}", start.name());
                assert_eq!(kk.kind_counts(), start.material(), "{}", start.name());
                assert_eq!(replays(start.position(), moves).unwrap(), *kk, "{}", start.name());
            }
        }
        assert_eq!(start_openings(&Start::<MiniShogi>::initial()).unwrap().len(), 1);
    }

    #[test]
    fn the_shogi_openings_other_endings_leave_gotes_king_elsewhere() {
        let all = openings::<Shogi>().unwrap();
        let (paper, _) = opening::<Shogi>().unwrap();
        assert_eq!(all[0].0, *paper);
        let boards: Vec<_> = all.iter().map(|(_, kk)| kk.to_sfen()).collect();
        let hands = "b RB2G2S2N2L9Prb2g2s2n2l9p 1";
        assert_eq!(
            boards,
            [
                "5k3/9/9/9/9/9/9/9/3K5",
                "6k2/9/9/9/9/9/9/9/3K5",
                "4k4/9/9/9/9/9/9/9/3K5",
                "9/4k4/9/9/9/9/9/9/3K5"
            ]
            .map(|board| format!("{board} {hands}"))
        );
        for (moves, kk) in all {
            // The same 44 plies, the paper's up to its last six, replayed against the legal moves.
            assert_eq!(moves.len(), 44);
            assert_eq!(moves[..38], paper[..38]);
            assert_eq!(replays(&Position::startpos(), moves).unwrap(), *kk);
        }
        assert!(with_ending::<Shogi>(paper, "☖G-3a ☗Rx4a= ☖Kx3a").is_err());
    }
}
