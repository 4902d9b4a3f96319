//! KIF written whole (`records::formats::kif::write_kif`): header, comments and variations, read back by the
//! engine's own reader as the same tree, for the annotated fixture and for random trees of both games from
//! the initial position, a handicap start and a diagram.

use rand_chacha::ChaCha8Rng;
use rand_core::{Rng, SeedableRng};
use shogi_reach_engine::records::formats::kif::write_kif;
use shogi_reach_engine::records::text::TextEncoding;
use shogi_reach_engine::records::{read, read_text, Format, Record, Variation};
use shogi_reach_engine::rules::{legal_moves, play};
use shogi_reach_engine::{MiniShogi, Move, MoveList, Position, Shogi, Variant};

const DATA: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/annotated");

/// Every line of `record` as the moves from its start to the line's end, with its comments: the tree, in
/// an order of its own (the order the variations are kept in does not matter).
fn lines<V: Variant>(record: &Record<V>) -> Vec<(Vec<String>, Vec<String>)> {
    let usi = |moves: &[Move]| moves.iter().map(|m| m.to_usi::<V>()).collect::<Vec<_>>();
    let mut full: Vec<Vec<Move>> = Vec::new();
    for v in &record.variations {
        let parent = v.parent.map_or(&record.moves, |p| &full[p]);
        // A variation replaces move `ply` of its parent, counted from the record's start.
        full.push([&parent[..v.ply - 1], &v.moves[..]].concat());
    }
    let mut all = vec![(usi(&record.moves), record.comments.clone())];
    all.extend(full.iter().zip(&record.variations).map(|(m, v)| (usi(m), v.comments.clone())));
    all.sort();
    all
}

fn read_back<V: Variant>(text: &str) -> Record<V> {
    read_text(text).unwrap_or_else(|e| panic!("{e}\n{text}")).into_game::<V>().unwrap()
}

#[test]
fn the_annotated_record_is_written_and_read_back_with_its_header_comments_and_variations() {
    let bytes = std::fs::read(format!("{DATA}/annotated.kif")).unwrap();
    let record = read(&bytes).unwrap().into_game::<Shogi>().unwrap();
    assert_eq!(record.variations.len(), 3);
    let text = write_kif(&record, "", TextEncoding::Utf8);
    let again = read_back::<Shogi>(&text);
    assert_eq!(
        (&again.moves, &again.comments, &again.variations),
        (&record.moves, &record.comments, &record.variations)
    );
    // The start says the handicap line, first; every other field as it was, in order.
    let fields = |r: &Record<Shogi>| {
        r.header
            .iter()
            .filter(|f| f.name != Some("handicap"))
            .map(|f| (f.key.clone(), f.value.clone()))
            .collect::<Vec<_>>()
    };
    assert_eq!(fields(&again), fields(&record));
    assert_eq!(again.header[0].value, "平手");
    assert!(text.contains("\n変化：4手\n") && text.contains("*飛車で取る\n"), "{text}");
}

/// A random legal line of at most `most` moves from `pos` (shorter where a position has no move).
fn random_line<V: Variant>(rng: &mut ChaCha8Rng, mut pos: Position<V>, most: usize) -> Vec<Move> {
    let mut moves = Vec::new();
    for _ in 0..most {
        let mut legal = MoveList::new();
        legal_moves(&pos, &mut legal);
        if legal.is_empty() {
            break;
        }
        let m = legal[rng.next_u32() as usize % legal.len()];
        moves.push(m);
        pos = play(&pos, m);
    }
    moves
}

const COMMENTS: [&str; 5] = ["", "", "角道を開ける", "two lines\nof a comment", "▲７六歩、同　銀"];

fn comments(rng: &mut ChaCha8Rng, n: usize) -> Vec<String> {
    (0..=n).map(|_| COMMENTS[rng.next_u32() as usize % COMMENTS.len()].to_string()).collect()
}

/// A random tree from `start`: a main line and up to eight variations, each branching from the main line
/// (at any move) or from a variation (after its first move), nested.
fn random_tree<V: Variant>(rng: &mut ChaCha8Rng, start: Position<V>) -> Record<V> {
    let most = 1 + rng.next_u32() as usize % 24;
    let main = random_line(rng, start, most);
    let mut record = Record::new(Format::Kif, start, main);
    record.comments = comments(rng, record.moves.len());
    for _ in 0..rng.next_u32() % 9 {
        let parent = match rng.next_u32() as usize % (record.variations.len() + 1) {
            0 => None,
            k => Some(k - 1),
        };
        let (first, moves) =
            parent.map_or((1, &record.moves), |p| (record.variations[p].ply, &record.variations[p].moves));
        // The main line branches at any of its moves, a variation after its first.
        let skip = usize::from(parent.is_some());
        if moves.len() <= skip {
            continue;
        }
        let at = skip + rng.next_u32() as usize % (moves.len() - skip);
        let before = lines_start(&record, parent, at);
        let most = 1 + rng.next_u32() as usize % 10;
        let branch = random_line(rng, before, most);
        if branch.is_empty() {
            continue;
        }
        let comments = comments(rng, branch.len());
        record.variations.push(Variation { parent, ply: first + at, moves: branch, comments });
    }
    record
}

/// The position before move `at` (counted from 0) of line `parent` (`None`: the main line).
fn lines_start<V: Variant>(record: &Record<V>, parent: Option<usize>, at: usize) -> Position<V> {
    let Some(p) = parent else {
        return record.moves[..at].iter().fold(record.start, |pos, &m| play(&pos, m));
    };
    let v = &record.variations[p];
    let before = lines_start(record, v.parent, v.ply - parent_first(record, v.parent));
    v.moves[..at].iter().fold(before, |pos, &m| play(&pos, m))
}

fn parent_first<V: Variant>(record: &Record<V>, parent: Option<usize>) -> usize {
    parent.map_or(1, |p| record.variations[p].ply)
}

fn check_random_trees<V: Variant>(starts: &[Position<V>], seed: u64) {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    for i in 0..120 {
        let start = starts[i % starts.len()];
        let record = random_tree(&mut rng, start);
        let text = write_kif(&record, "a tree", TextEncoding::Utf8);
        let again = read_back::<V>(&text);
        assert_eq!(again.start, record.start, "{text}");
        assert_eq!(lines(&again), lines(&record), "tree {i}:\n{text}");
        assert_eq!(again.variations.len(), record.variations.len());
    }
}

#[test]
fn random_shogi_trees_from_the_start_a_handicap_and_a_diagram_are_read_back_as_written() {
    let start = Position::<Shogi>::startpos();
    let bishop_handicap =
        Position::from_sfen("lnsgkgsnl/1r7/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1").unwrap();
    let diagram =
        Position::from_sfen("l1s4+L1/2S1kgg2/p1n2pp2/1pNpp3B/5P1R1/2PP5/PPS1P1PP1/1BG6/L2K1GS+l1 b R2N4P 1")
            .unwrap();
    check_random_trees::<Shogi>(&[start, bishop_handicap, diagram], 20261128);
}

#[test]
fn random_mini_shogi_trees_are_read_back_as_written() {
    let start = Position::<MiniShogi>::startpos();
    let diagram = Position::from_sfen("rb1gk/4p/5/P4/KGSBR b s 1").unwrap();
    check_random_trees::<MiniShogi>(&[start, diagram], 5);
}
