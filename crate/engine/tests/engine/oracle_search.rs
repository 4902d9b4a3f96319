//! Every oracle row that reaches the prev stage: same |Prev1|, same verdict, and the same pops, nodes,
//! path length and goal (or maximum depth) as the reference's search.

use crate::common::{oracle, Row};
use shogi_reach_engine::ranking::rank::RankInt;
use shogi_reach_engine::reach::heuristic::heuristic;
use shogi_reach_engine::reach::search::{KkSearch, SearchOptions};
use shogi_reach_engine::reach::stage::{classify_rank, Stage};
use shogi_reach_engine::{MiniShogi, Position, Ranked, Shogi};

fn check_rows<V: Ranked>(file: &str) -> usize {
    let mut search = KkSearch::<V>::new();
    let mut checked = 0;
    for row in oracle(file) {
        let stage = row.get("stage");
        if !matches!(stage, "prev" | "reach" | "OK") {
            continue;
        }
        check_row::<V>(file, &row, &mut search, false);
        check_row::<V>(file, &row, &mut search, true);
        checked += 1;
    }
    checked
}

/// Exact searches must match every column; lazy ones (as estimates run) all but |Prev1| and the number
/// of positions generated.
fn check_row<V: Ranked>(file: &str, row: &Row, search: &mut KkSearch<V>, lazy_captures: bool) {
    let ctx = format!("{file}:{}{}", row.line, if lazy_captures { " (lazy)" } else { "" });
    let r = V::Rank::parse_decimal(row.get("rank")).unwrap();
    let c =
        classify_rank::<V>(r, search, SearchOptions { lazy_captures, ..SearchOptions::default() }).unwrap();
    if c.stage == Stage::Flip && row.opt("source").is_some() {
        // Extras labelled with the flip test skipped (tests/data/oracle/README.md): only |Prev1| is listed.
        assert_eq!(search.count_predecessors(&c.position).to_string(), row.get("n_prev"), "{ctx}: n_prev");
        return;
    }
    assert_eq!(c.stage.name(), row.get("stage"), "{ctx}: stage");
    if !lazy_captures {
        assert_eq!(c.n_prev.map(|n| n.to_string()).as_deref(), row.opt("n_prev"), "{ctx}: n_prev");
    }
    let Some(outcome) = &c.search else {
        assert_eq!(row.opt("search_pops"), None, "{ctx}");
        return;
    };
    if let Some(pops) = row.opt("search_pops") {
        assert_eq!(outcome.pops.to_string(), pops, "{ctx}: pops");
    }
    if let Some(nodes) = row.opt("search_nodes").filter(|_| !lazy_captures) {
        assert_eq!(outcome.nodes.to_string(), nodes, "{ctx}: nodes");
    }
    if let Some(plies) = row.opt("path_plies") {
        assert_eq!(outcome.plies().to_string(), plies, "{ctx}: plies");
    }
    match row.opt("goal_fen") {
        Some(g) if g.starts_with("maxdepth=") => {
            assert_eq!(format!("maxdepth={}", outcome.max_depth), g, "{ctx}: max depth")
        }
        Some(g) => assert_eq!(outcome.goal(), Some(&Position::<V>::from_sfen(g).unwrap()), "{ctx}: goal"),
        None => {}
    }
}

#[test]
fn minishogi_sample() {
    assert_eq!(check_rows::<MiniShogi>("minishogi-sample.tsv"), 712 + 1 + 1469);
}

#[test]
fn minishogi_extras() {
    assert_eq!(check_rows::<MiniShogi>("minishogi-extras.tsv"), 2_079);
}

#[test]
fn shogi_sample() {
    assert_eq!(check_rows::<Shogi>("shogi-sample.tsv"), 29 + 81);
}

#[test]
fn shogi_extras() {
    assert_eq!(check_rows::<Shogi>("shogi-extras.tsv"), 651);
}

#[test]
fn minishogi_paths() {
    let mut search = KkSearch::<MiniShogi>::new();
    let rows = oracle("minishogi-paths.tsv");
    assert_eq!(rows.len(), 25);
    for row in rows {
        let ctx = format!("minishogi-paths.tsv:{}", row.line);
        let r: u64 = row.get("rank").parse().unwrap();
        for lazy_captures in [false, true] {
            let c = classify_rank::<MiniShogi>(
                r,
                &mut search,
                SearchOptions { lazy_captures, ..SearchOptions::default() },
            )
            .unwrap();
            let outcome = c.search.expect("searched");
            let expected: Vec<Position<MiniShogi>> =
                row.get("path_root_to_goal").split(" | ").map(|f| Position::from_sfen(f).unwrap()).collect();
            assert_eq!(outcome.path, expected, "{ctx}: path (lazy {lazy_captures})");
            let h: Vec<String> = outcome.path.iter().map(|p| heuristic(p).to_string()).collect();
            assert_eq!(h.join(","), row.get("h_along_path"), "{ctx}: h");
            assert_eq!(outcome.pops - 1, row.get("expanded").parse::<u64>().unwrap(), "{ctx}: expanded");
            assert_eq!(outcome.plies().to_string(), row.get("plies"), "{ctx}");
        }
    }
}
