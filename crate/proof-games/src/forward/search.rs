//! The forward searches from the initial position to a position: weighted best first ([`best_first_search`]) and a
//! beam ([`beam_search`]), both ordered by the [`ForwardGuide`].

use crate::forward::guide::{ForwardGuide, InPlaceCaptors};
use crate::hasher::{QuickHasher, QuickMap, QuickSet};
use crate::short::travel::Travel;
use crate::tree::moves_up;
use shogi_reach_engine::board::moves::{Move, MoveList};
use shogi_reach_engine::board::piece::{Kind, Piece, EMPTY};
use shogi_reach_engine::board::position::Position;
use shogi_reach_engine::board::variant::Variant;
use shogi_reach_engine::rules::{legal_moves, play};
use std::cmp::Reverse;
use std::collections::BinaryHeap;
use std::hash::{BuildHasher, BuildHasherDefault};

/// What a forward search found, its work (the positions it weighed with its guide), and the fewest plies
/// its guide put any position it kept from the target (0 once it found a game).
pub(crate) struct ForwardGame {
    pub(crate) moves: Option<Vec<Move>>,
    pub(crate) weighed: usize,
    pub(crate) nearest: u32,
}

/// A position of the search's tree, kept small (the position itself is replayed from the root when it is
/// expanded): its parent's index, the move from there and its plies from the root.
#[derive(Clone, Copy)]
struct Step {
    parent: u32,
    mv: Move,
    plies: u32,
}

impl Step {
    /// The root: the initial position (its move is never read).
    const ROOT: Step = Step { parent: 0, mv: Move::Drop { kind: Kind::Pawn, to: 0 }, plies: 0 };

    /// The moves from the root to node `i`.
    fn moves(steps: &[Step], i: usize) -> Vec<Move> {
        let mut moves = moves_up(i, |j| (steps[j].parent as usize, steps[j].mv));
        moves.reverse();
        moves
    }
}

/// Searches forwards from `start` (the initial position, or a handicap start) to `target`, best first on
/// plies played + weight × the guide, with the weights of `weights_in_halves` in turn (3: 1.5): after each
/// game found, the next weight reorders the positions still open, and only positions whose plies and guide
/// add to less than the best game's are kept (as in anytime repairing A*); with `shorter_than`, only games
/// shorter than that are looked for from the start. It stops once it has weighed more than `max_weighed`
/// positions with its guide, or when `keep_going(weighed)`, asked every 8 expansions, says so. Positions
/// are told apart by a 64-bit hash (a collision could only hide a position: every game found is replayed
/// and verified).
pub(crate) fn best_first_search<V: Variant>(
    (start, target): (&Position<V>, &Position<V>),
    travel: &Travel,
    in_place: InPlaceCaptors,
    weights_in_halves: &[u32],
    shorter_than: Option<u32>,
    max_weighed: usize,
    mut keep_going: impl FnMut(usize) -> bool,
) -> ForwardGame {
    let guide = ForwardGuide::new(travel, target, in_place);
    let start = *start;
    let Some(h0) = guide.plies(&start) else {
        return ForwardGame { moves: None, weighed: 1, nearest: u32::MAX };
    };
    let mut weights = weights_in_halves.iter().copied();
    let mut weight = weights.next().unwrap_or(2);
    let mut tree = BestFirst::new(&start, (weight * h0, h0));
    let mut found: Option<Vec<Move>> = None;
    let mut shortest = shorter_than.unwrap_or(u32::MAX);
    let mut moves = MoveList::new();
    let (mut expansions, mut weighed) = (0usize, 1usize);
    // Every step was weighed: step indices fit in u32.
    let max_weighed = max_weighed.min(u32::MAX as usize);
    while let Some(Reverse((_, h, i))) = tree.open.pop() {
        let i = i as usize;
        let g = tree.steps[i].plies;
        if g + h >= shortest {
            continue;
        }
        let path = Step::moves(&tree.steps, i);
        let pos = path.iter().fold(start, |p, &m| play(&p, m));
        if tree.best.get(&tree.hasher.hash_one(pos)).is_some_and(|&b| b < g) {
            continue;
        }
        if pos == *target {
            shortest = g;
            found = Some(path);
            let Some(next) = weights.next() else { break };
            weight = next;
            tree.reopen(shortest, weight);
            continue;
        }
        expansions += 1;
        if weighed > max_weighed || (expansions.is_multiple_of(8) && !keep_going(weighed)) {
            break;
        }
        legal_moves(&pos, &mut moves);
        weighed += moves.len();
        for &m in moves.iter() {
            tree.add(&guide, &play(&pos, m), (i, m), shortest, weight);
        }
    }
    let nearest = if found.is_some() { 0 } else { tree.nearest };
    ForwardGame { moves: found, weighed, nearest }
}

/// The tree of the best-first search: its steps, the fewest plies found to each position (by hash), and
/// the steps still open, ordered by plies played + weight × the guide (in halves), then by the guide.
struct BestFirst {
    hasher: BuildHasherDefault<QuickHasher>,
    steps: Vec<Step>,
    best: QuickMap<u64, u32>,
    open: BinaryHeap<Reverse<(u32, u32, u32)>>,
    /// The least guide of the steps kept.
    nearest: u32,
}

impl BestFirst {
    /// The tree of the initial position `start`, open with this key and guide.
    fn new<V: Variant>(start: &Position<V>, (key, h0): (u32, u32)) -> BestFirst {
        let hasher = BuildHasherDefault::<QuickHasher>::default();
        let best = QuickMap::from_iter([(hasher.hash_one(start), 0)]);
        BestFirst {
            hasher,
            steps: vec![Step::ROOT],
            best,
            open: BinaryHeap::from([Reverse((key, h0, 0u32))]),
            nearest: h0,
        }
    }

    /// Keeps `next`, reached from step `i` by `m`, unless a way as short reached it before or the guide
    /// puts it `shortest` plies or more from the root; `weight` orders it.
    fn add<V: Variant>(
        &mut self,
        guide: &ForwardGuide<V>,
        next: &Position<V>,
        (i, m): (usize, Move),
        shortest: u32,
        weight: u32,
    ) {
        let g = self.steps[i].plies;
        let hash = self.hasher.hash_one(next);
        if self.best.get(&hash).is_some_and(|&b| b <= g + 1) {
            return;
        }
        let Some(h) = guide.plies(next).filter(|&h| g + 1 + h < shortest) else { return };
        self.best.insert(hash, g + 1);
        self.nearest = self.nearest.min(h);
        self.steps.push(Step { parent: i as u32, mv: m, plies: g + 1 });
        self.open.push(Reverse((2 * (g + 1) + weight * h, h, self.steps.len() as u32 - 1)));
    }

    /// After a game of `shortest` plies: only the steps whose plies and guide add to less stay open,
    /// ordered by the next `weight`.
    fn reopen(&mut self, shortest: u32, weight: u32) {
        let steps = &self.steps;
        let open = std::mem::take(&mut self.open);
        let kept = open.into_iter().filter(|&Reverse((_, h, j))| steps[j as usize].plies + h < shortest);
        self.open = kept
            .map(|Reverse((_, h, j))| Reverse((2 * steps[j as usize].plies + weight * h, h, j)))
            .collect();
    }
}

/// Searches forwards from `start` to `target` a level (ply) at a time, making the moves of [`Beam::moves`]
/// and keeping at each level only the `width` positions the guide puts nearest (a beam search): where the
/// guide is far below the plies a game needs, best-first search spreads over the many positions it rates
/// alike; the beam goes on to the depth of a game whatever the guide says. A position met at an earlier
/// level is not kept again, and with `shorter_than` only positions whose plies and guide add to less are
/// kept. It stops once it has weighed more than `max_weighed` positions with its guide, or when
/// `keep_going(weighed)`, asked for each position expanded, says so.
pub(crate) fn beam_search<V: Variant>(
    (start, target): (&Position<V>, &Position<V>),
    travel: &Travel,
    in_place: InPlaceCaptors,
    Beam { width, moves: made }: Beam,
    shorter_than: Option<u32>,
    max_weighed: usize,
    mut keep_going: impl FnMut(usize) -> bool,
) -> ForwardGame {
    let guide = ForwardGuide::new(travel, target, in_place);
    let hasher = BuildHasherDefault::<QuickHasher>::default();
    let start = *start;
    let longest = shorter_than.unwrap_or(u32::MAX);
    if start == *target {
        let found = (longest > 0).then(Vec::new);
        let nearest = if found.is_some() { 0 } else { u32::MAX };
        return ForwardGame { moves: found, weighed: 1, nearest };
    }
    let target_hash = hasher.hash_one(target);
    // The search's tree (as best first's), and the positions of the last level with their nodes in it.
    let mut steps = vec![Step::ROOT];
    let mut level = vec![(start, 0u32)];
    // The positions kept at any level, and those met at this one.
    let (mut kept, mut here) = (QuickSet::default(), QuickSet::default());
    kept.insert(hasher.hash_one(start));
    let (mut moves, mut weighed, mut nearest) = (MoveList::new(), 1usize, u32::MAX);
    for plies in 1..longest {
        here.clear();
        // The children, as (guide, hash, parent, move): the positions are played again for those kept.
        let mut children: Vec<Child> = Vec::new();
        for (parent, (pos, node)) in level.iter().enumerate() {
            if weighed > max_weighed || !keep_going(weighed) {
                return ForwardGame { moves: None, weighed, nearest };
            }
            legal_moves(pos, &mut moves);
            weighed += moves.len();
            for &m in moves.iter() {
                if made == BeamMoves::InPlaceStay && leaves_for_good(pos, target, m) {
                    continue;
                }
                let next = play(pos, m);
                let hash = hasher.hash_one(next);
                if kept.contains(&hash) || !here.insert(hash) {
                    continue;
                }
                if hash == target_hash && next == *target {
                    let mut game = Step::moves(&steps, *node as usize);
                    game.push(m);
                    return ForwardGame { moves: Some(game), weighed, nearest: 0 };
                }
                if let Some(h) = guide.plies(&next).filter(|&h| plies + h < longest) {
                    nearest = nearest.min(h);
                    children.push((h, hash, parent as u32, m));
                }
            }
        }
        level = next_level(children, width, &level, (&mut steps, plies), &mut kept);
        if level.is_empty() {
            break;
        }
    }
    ForwardGame { moves: None, weighed, nearest }
}

/// A beam: how many positions it keeps a level, and which moves it makes.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Beam {
    pub(crate) width: usize,
    pub(crate) moves: BeamMoves,
}

/// Which moves a beam makes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum BeamMoves {
    /// Every legal move.
    All,
    /// All but those that take a pawn, lance or knight for good off its square in the target
    /// ([`leaves_for_good`]): a guide that counts a way back for it (taken by each side and dropped
    /// again) can lead a beam that moved one in circles near the target, with no game.
    InPlaceStay,
}

/// Whether `m` moves an unpromoted pawn, lance or knight off a square where `target` has it, taking
/// nothing: the piece can never walk back, only be taken and dropped there again, moves a short game
/// spends only in an exchange (so a capture is let through).
fn leaves_for_good<V: Variant>(pos: &Position<V>, target: &Position<V>, m: Move) -> bool {
    let Move::Board { from, to, .. } = m else { return false };
    let code = pos.cell(usize::from(from));
    code == target.cell(usize::from(from))
        && pos.cell(usize::from(to)) == EMPTY
        && Piece::from_code(code).is_some_and(|pc| {
            !pc.is_promoted() && matches!(pc.kind(), Kind::Pawn | Kind::Lance | Kind::Knight)
        })
}

/// A child of the beam's level: (guide, hash, parent in the level, move from it).
type Child = (u32, u64, u32, Move);

/// The next level of the beam, `plies` from the root: the `width` `children` the guide puts nearest (the
/// lower hash first among equals), played, each with its step added to `steps`; their hashes go to `kept`.
fn next_level<V: Variant>(
    mut children: Vec<Child>,
    width: usize,
    level: &[(Position<V>, u32)],
    (steps, plies): (&mut Vec<Step>, u32),
    kept: &mut QuickSet,
) -> Vec<(Position<V>, u32)> {
    if children.len() > width {
        children.select_nth_unstable_by_key(width, |&(h, hash, ..)| (h, hash));
        children.truncate(width);
    }
    kept.extend(children.iter().map(|&(_, hash, ..)| hash));
    children
        .iter()
        .map(|&(_, _, parent, m)| {
            let (pos, node) = level[parent as usize];
            steps.push(Step { parent: node, mv: m, plies });
            (play(&pos, m), steps.len() as u32 - 1)
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::{after, played, selfplay_moves};
    use shogi_reach_engine::board::variant::{MiniShogi, Shogi};

    /// [`best_first_search`] from the initial position.
    fn best_first<V: Variant>(
        target: &Position<V>,
        travel: &Travel,
        in_place: InPlaceCaptors,
        weights: &[u32],
        shorter_than: Option<u32>,
        max_weighed: usize,
        keep_going: impl FnMut(usize) -> bool,
    ) -> ForwardGame {
        best_first_search(
            (&Position::startpos(), target),
            travel,
            in_place,
            weights,
            shorter_than,
            max_weighed,
            keep_going,
        )
    }

    /// [`beam_search`] from the initial position, with every move or without those that take a pawn, lance
    /// or knight off its square in the target.
    fn beam<V: Variant>(
        target: &Position<V>,
        travel: &Travel,
        in_place: InPlaceCaptors,
        (width, moves): (usize, BeamMoves),
        shorter_than: Option<u32>,
        max_weighed: usize,
        keep_going: impl FnMut(usize) -> bool,
    ) -> ForwardGame {
        beam_search(
            (&Position::startpos(), target),
            travel,
            in_place,
            Beam { width, moves },
            shorter_than,
            max_weighed,
            keep_going,
        )
    }

    #[test]
    fn forward_games_replay_to_their_positions() {
        let travel = Travel::build::<Shogi>();
        for moves in [
            &["7g7f", "3c3d", "8h2b+", "3a2b", "B*4e"][..],
            &["2g2f", "8c8d", "2f2e", "8d8e", "2e2d", "2c2d", "2h2d", "P*2c"],
        ] {
            let target = after::<Shogi>(moves);
            let game = best_first(&target, &travel, InPlaceCaptors::Go, &[4], None, 100_000, |_| true)
                .moves
                .expect("a game");
            assert_eq!(played::<Shogi>(&game), target);
            // Weighted, not the shortest (A* shortens it after), but near.
            assert!(game.len() <= moves.len() + 2, "{} plies for {}", game.len(), moves.len());
        }
        let travel = Travel::build::<MiniShogi>();
        let target = after::<MiniShogi>(&["1e2d", "5a4b", "2d3c"]);
        let game = best_first(&target, &travel, InPlaceCaptors::Go, &[4], None, 100_000, |_| true)
            .moves
            .expect("a game");
        assert_eq!(played::<MiniShogi>(&game), target);
    }

    #[test]
    fn lighter_weights_after_a_game_look_only_for_shorter_ones() {
        let travel = Travel::build::<Shogi>();
        let target = after::<Shogi>(&["2g2f", "8c8d", "2f2e", "8d8e", "2e2d", "2c2d", "2h2d", "P*2c"]);
        let heavy = best_first(&target, &travel, InPlaceCaptors::Go, &[8], None, 100_000, |_| true)
            .moves
            .expect("a game");
        let then_lighter =
            best_first(&target, &travel, InPlaceCaptors::Go, &[8, 4, 2], None, 100_000, |_| true)
                .moves
                .expect("a game");
        assert_eq!(played::<Shogi>(&then_lighter), target);
        assert!(then_lighter.len() <= heavy.len(), "{} plies, then {}", heavy.len(), then_lighter.len());
        // Three plies is the shortest: asked for a shorter game, it finds none.
        let near = after::<Shogi>(&["7g7f", "3c3d", "2g2f"]);
        assert!(best_first(&near, &travel, InPlaceCaptors::Go, &[4], Some(3), 100_000, |_| true)
            .moves
            .is_none());
        assert_eq!(
            best_first(&near, &travel, InPlaceCaptors::Go, &[4], Some(5), 100_000, |_| true)
                .moves
                .map(|m| m.len()),
            Some(3)
        );
    }

    #[test]
    fn beams_find_games_that_replay_to_their_positions() {
        let travel = Travel::build::<Shogi>();
        let beam = |target: &Position<Shogi>, in_place, width, max| {
            beam(target, &travel, in_place, (width, BeamMoves::All), None, max, |_| true).moves
        };
        assert_eq!(beam(&Position::startpos(), InPlaceCaptors::Go, 10, 100), Some(vec![]));
        let moves = ["2g2f", "8c8d", "2f2e", "8d8e", "2e2d", "2c2d", "2h2d", "P*2c"];
        let target = after::<Shogi>(&moves);
        let game = beam(&target, InPlaceCaptors::Go, 50, 100_000).expect("a game");
        assert_eq!(played::<Shogi>(&game), target);
        assert!(game.len() <= moves.len() + 2, "{} plies for {}", game.len(), moves.len());
        // Forty plies of an engine's game: even a narrow beam finds a game, with either guide.
        let own_set = include_str!("../../../engine/tests/data/selfplay/shogi.tsv");
        let target = after::<Shogi>(&selfplay_moves(own_set, 1, 40));
        for in_place in [InPlaceCaptors::Go, InPlaceCaptors::GoAndReturn] {
            let game = beam(&target, in_place, 30, 1_000_000).expect("a game");
            assert_eq!(played::<Shogi>(&game), target);
        }
        // Sixty plies of the fresh set's game 28, whose lances and many pawns stand where they started: a
        // beam that moved them (as the guide allows, though they can never walk back) circled for 30
        // plies near it; one that keeps them in place finds a game, as short as the engine's when wide.
        let fresh_set = include_str!("../../../engine/tests/data/selfplay-20261128/shogi.tsv");
        let target = after::<Shogi>(&selfplay_moves(fresh_set, 28, 60));
        let stays = |width| {
            let moves = (width, BeamMoves::InPlaceStay);
            self::beam(&target, &travel, InPlaceCaptors::Go, moves, None, 1_000_000, |_| true).moves
        };
        for (width, longest) in [(20, 120), (100, 60)] {
            let game = stays(width).expect("a game");
            assert_eq!(played::<Shogi>(&game), target);
            assert!(game.len() <= longest, "{} plies with a beam of {width}", game.len());
        }
        let travel = Travel::build::<MiniShogi>();
        let target = after::<MiniShogi>(&["1e2d", "5a4b", "2d3c"]);
        let ends = (&Position::startpos(), &target);
        let narrow = Beam { width: 20, moves: BeamMoves::All };
        let game = beam_search(ends, &travel, InPlaceCaptors::Go, narrow, None, 100_000, |_| true)
            .moves
            .expect("a game");
        assert_eq!(played::<MiniShogi>(&game), target);
    }

    #[test]
    fn beams_look_only_for_shorter_games_and_stop_at_their_caps() {
        let travel = Travel::build::<Shogi>();
        let near = after::<Shogi>(&["7g7f", "3c3d", "2g2f"]);
        let beam = |shorter_than, max_weighed, go_on: bool| {
            beam(&near, &travel, InPlaceCaptors::Go, (20, BeamMoves::All), shorter_than, max_weighed, |_| {
                go_on
            })
        };
        assert_eq!(beam(None, 100_000, true).moves.map(|m| m.len()), Some(3));
        assert!(beam(Some(3), 100_000, true).moves.is_none());
        assert_eq!(beam(Some(4), 100_000, true).moves.map(|m| m.len()), Some(3));
        let capped = beam(None, 10, true);
        assert!(capped.moves.is_none() && capped.weighed < 10 + 600, "{} positions", capped.weighed);
        // One level kept: its nearest position is a ply nearer than the start (3 plies away).
        assert_eq!(capped.nearest, 2);
        assert_eq!(beam(None, 100_000, true).nearest, 0);
        let stopped = beam(None, 100_000, false);
        assert!(stopped.moves.is_none() && stopped.weighed == 1, "{} positions", stopped.weighed);
    }

    #[test]
    fn pawns_lances_and_knights_in_place_stay() {
        let target = after::<Shogi>(&["7g7f", "3c3d", "2g2f"]);
        let start = Position::<Shogi>::startpos();
        let leaves = |pos: &Position<Shogi>, usi: &str| {
            leaves_for_good(pos, &target, Move::from_usi::<Shogi>(usi).unwrap())
        };
        // In place in the target, and unable to walk back: a pawn, a lance, a knight (after 7g7f).
        assert!(leaves(&start, "1g1f") && leaves(&start, "1i1h"));
        assert!(leaves(&after::<Shogi>(&["7g7f", "3c3d"]), "8i7g"));
        // Pawns the target has elsewhere, pieces that can walk back, drops.
        assert!(!leaves(&start, "7g7f") && !leaves(&start, "2g2f"));
        assert!(!leaves(&start, "3i3h") && !leaves(&start, "2h3h") && !leaves(&start, "5i5h"));
        let with_pawn = after::<Shogi>(&["7g7f", "3c3d", "8h2b+", "3a2b"]);
        assert!(!leaves(&with_pawn, "B*5e"));
        // A capture, as in an exchange of pawns.
        assert!(!leaves(&after::<Shogi>(&["2g2f", "8c8d", "2f2e", "8d8e", "2e2d"]), "2c2d"));
    }

    #[test]
    fn the_search_stops_at_its_caps() {
        let travel = Travel::build::<Shogi>();
        let target = after::<Shogi>(&["2g2f", "8c8d", "2f2e", "8d8e", "2e2d", "2c2d", "2h2d", "P*2c"]);
        assert!(best_first(&target, &travel, InPlaceCaptors::Go, &[4], None, 10, |_| true).moves.is_none());
        // Asked every 8 positions expanded.
        let stopped = best_first(&target, &travel, InPlaceCaptors::Go, &[4], None, 100_000, |_| false);
        assert!(stopped.moves.is_none() && stopped.weighed < 8 * 600, "{} positions", stopped.weighed);
    }
}
