//! `merge_reports` checks every shard before adding it: tampered, corrupt or foreign reports are refused
//! with an error naming the shard and the problem, never a panic or a wrapped count; per-block tallies
//! are joined and recomputed. (The command line's `merge` is tested in the CLI's tests.)

use shogi_reach_engine::estimate::blocks::run_by_block;
use shogi_reach_engine::estimate::{
    merge_reports, run_range, MergeError, ReachableEstimate, Report, ShardProblem, Tally, TallyOverflow,
    TallyProblem, REPORT_FORMAT, TRACED_BACK_ROWS,
};
use shogi_reach_engine::reach::search::SearchOptions;
use shogi_reach_engine::reach::stage::Stage;
use shogi_reach_engine::MiniShogi;
use std::sync::OnceLock;

const FAST: SearchOptions = SearchOptions { max_nodes: None, lazy_captures: true };
const SEED: u64 = 7;
const N: u64 = 3_000;

/// The report of the samples `range` of a run of `N`, with its per-block tallies.
fn report_of(range: std::ops::Range<u64>) -> Report {
    let blocks = run_by_block::<MiniShogi>(SEED, range.clone(), FAST);
    let tally = run_range::<MiniShogi>(SEED, range.clone(), FAST);
    Report::new::<MiniShogi>(SEED, N, vec![[range.start, range.end]], None, tally).with_blocks(blocks)
}

/// Three shards of one run of `N` samples (`[0, 1000)`, `[1000, 2000)`, `[2000, 3000)`) and the whole run.
fn shards() -> &'static (Vec<Report>, Report) {
    static SHARDS: OnceLock<(Vec<Report>, Report)> = OnceLock::new();
    SHARDS.get_or_init(|| ((0..3).map(|k| report_of(k * 1000..(k + 1) * 1000)).collect(), report_of(0..N)))
}

/// Changes a report's tally and the tally of its one block alike: a forgery its own checks cannot see.
fn tamper_tally(report: &mut Report, tamper: impl Fn(&mut Tally)) {
    assert_eq!(report.blocks.len(), 1, "a report of one block");
    tamper(&mut report.tally);
    tamper(&mut report.blocks[0].tally);
}

/// The shards with shard `index` changed by `tamper`.
fn tampered(index: usize, tamper: impl FnOnce(&mut Report)) -> Vec<Report> {
    let mut reports = shards().0.clone();
    tamper(&mut reports[index]);
    reports
}

/// The problem `merge` finds, checking that it names shard `index`.
fn problem(reports: &[Report], index: usize) -> ShardProblem {
    match merge_reports::<MiniShogi>(reports) {
        Err(MergeError::Shard { index: i, problem }) => {
            assert_eq!(i, index, "{problem}");
            let shown = MergeError::Shard { index: i, problem: problem.clone() }.to_string();
            assert!(shown.starts_with(&format!("shard {} (in the order given): ", index + 1)), "{shown}");
            assert!(shown.len() < 400, "{shown}");
            problem
        }
        other => panic!("expected an error for shard {index}, got {other:?}"),
    }
}

#[test]
fn consistent_shards_merge_to_the_whole_run() {
    let (shards, whole) = shards();
    let merged = merge_reports::<MiniShogi>(shards).unwrap();
    assert_eq!(&merged, whole);
    assert!(merged.is_complete());
    // In any order, through JSON too.
    let mut reversed: Vec<Report> = shards
        .iter()
        .rev()
        .map(|r| serde_json::from_str(&serde_json::to_string(r).unwrap()).unwrap())
        .collect();
    assert_eq!(&merge_reports::<MiniShogi>(&reversed).unwrap(), whole);
    // Derived fields are recomputed, not read.
    reversed[0].funnel.clear();
    reversed[0].candidates = "42".into();
    reversed[0].estimate = ReachableEstimate::UNDEFINED;
    assert_eq!(&merge_reports::<MiniShogi>(&reversed).unwrap(), whole);
    assert_eq!(merge_reports::<MiniShogi>(&[]), Err(MergeError::Empty));
}

#[test]
fn format_must_be_this_programs() {
    for format in [0, 1, REPORT_FORMAT + 1, u32::MAX] {
        let p = problem(&tampered(1, |r| r.format = format), 1);
        assert_eq!(p, ShardProblem::Format { found: format });
        assert!(p.to_string().contains("format"), "{p}");
    }
}

#[test]
fn game_seed_samples_and_node_cap_must_agree() {
    let p = problem(&tampered(2, |r| r.game = "shogi".into()), 2);
    assert_eq!(p, ShardProblem::Game { found: "shogi".into(), expected: "minishogi" });
    // Merging as Mini Shogi: the first shard must be Mini Shogi too.
    assert!(matches!(problem(&tampered(0, |r| r.game = "shogi".into()), 0), ShardProblem::Game { .. }));
    // A huge game name is quoted shortly.
    let p = problem(&tampered(1, |r| r.game = "x".repeat(1_000_000)), 1);
    assert!(p.to_string().len() < 300 && p.to_string().contains("1000000 characters"), "{p}");

    let p = problem(&tampered(1, |r| r.seed += 1), 1);
    assert_eq!(p, ShardProblem::Seed { found: SEED + 1, expected: SEED });
    assert!(p.to_string().contains("seed"), "{p}");
    // The first shard decides: the others then differ.
    assert_eq!(problem(&tampered(0, |r| r.seed = 0), 1), ShardProblem::Seed { found: SEED, expected: 0 });

    let p = problem(&tampered(2, |r| r.samples = 4_000), 2);
    assert_eq!(p, ShardProblem::TotalSamples { found: 4_000, expected: N });

    let p = problem(&tampered(1, |r| r.max_nodes = Some(10_000)), 1);
    assert_eq!(p, ShardProblem::MaxNodes { found: Some(10_000), expected: None });
    assert!(p.to_string().contains("max_nodes"), "{p}");
    // All with the same cap merge, and the merged report keeps it.
    let mut capped = shards().0.clone();
    capped.iter_mut().for_each(|r| r.max_nodes = Some(10_000));
    assert_eq!(merge_reports::<MiniShogi>(&capped).unwrap().max_nodes, Some(10_000));
}

#[test]
fn ranges_must_be_ordered_and_within_the_run() {
    // The audit's case: a reversed range [1000, 0] gave 2^64 - 1000 samples.
    let reversed = tampered(0, |r| r.ranges = vec![[1000, 0]]);
    assert_eq!(problem(&reversed, 0), ShardProblem::BadRange { range: [1000, 0], samples: N });
    let beyond = tampered(2, |r| r.ranges = vec![[2000, 3001]]);
    assert_eq!(problem(&beyond, 2), ShardProblem::BadRange { range: [2000, 3001], samples: N });
    let far = tampered(2, |r| r.ranges = vec![[u64::MAX - 1, u64::MAX]]);
    assert!(matches!(problem(&far, 2), ShardProblem::BadRange { .. }));
    let p = problem(&reversed, 0).to_string();
    assert!(p.contains("[1000, 0]"), "{p}");
}

#[test]
fn tally_must_count_the_samples_of_its_ranges() {
    let p = problem(&tampered(1, |r| r.ranges = vec![[1000, 1999]]), 1);
    assert_eq!(p, ShardProblem::Covered { tally: 1000, ranges: 999 });
    let p = problem(&tampered(1, |r| r.ranges = vec![[1000, 1500], [1600, 2000]]), 1);
    assert_eq!(p, ShardProblem::Covered { tally: 1000, ranges: 900 });
    let p = problem(&tampered(1, |r| r.tally.samples += 1), 1);
    assert_eq!(p, ShardProblem::Covered { tally: 1001, ranges: 1000 });
    // Split ranges are fine when they cover the tally's samples.
    let split = tampered(1, |r| r.ranges = vec![[1500, 2000], [1000, 1500]]);
    assert_eq!(&merge_reports::<MiniShogi>(&split).unwrap(), &shards().1);
}

#[test]
fn stage_counts_must_add_up_to_the_samples() {
    // The audit's case: a stage count above the samples (u64::MAX - 1000 + … ) wrapped or panicked.
    let p = problem(&tampered(0, |r| r.tally.stages[Stage::Ok] = 18446744073708552027), 0);
    assert!(
        matches!(p, ShardProblem::Tally(TallyProblem::StageTotal { stages: Some(_), samples: 1000 })),
        "{p:?}"
    );
    let q = problem(&tampered(0, |r| r.tally.stages[Stage::Ok] = u64::MAX), 0);
    assert!(
        matches!(q, ShardProblem::Tally(TallyProblem::StageTotal { stages: None, samples: 1000 })),
        "{q:?}"
    );
    assert!(q.to_string().contains("more than 2^64"), "{q}");
    assert!(p.to_string().contains("stage counts"), "{p}");
    let p = problem(&tampered(2, |r| r.tally.stages[Stage::Flip] += 1), 2);
    assert!(matches!(p, ShardProblem::Tally(TallyProblem::StageTotal { stages: Some(1001), samples: 1000 })));
    // Moving a sample between stages keeps the total but breaks Table 2 (prev + reach).
    let p = problem(
        &tampered(1, |r| {
            r.tally.stages[Stage::Flip] -= 1;
            r.tally.stages[Stage::Prev] += 1;
        }),
        1,
    );
    assert!(matches!(p, ShardProblem::Tally(TallyProblem::TracedBack { .. })), "{p:?}");
}

#[test]
fn table_2_must_add_up_to_prev_and_reach() {
    let whole = &shards().1.tally;
    // Table 2 is filled for `prev` (depth 0) and `reach` samples, and those only.
    assert_eq!(whole.traced_back.iter().sum::<u64>(), whole.count(Stage::Prev) + whole.count(Stage::Reach));
    assert!(whole.check().is_ok());
    let p = problem(&tampered(1, |r| r.tally.traced_back[0] += 1), 1);
    assert!(matches!(p, ShardProblem::Tally(TallyProblem::TracedBack { .. })), "{p:?}");
    assert!(p.to_string().contains("Table 2"), "{p}");
    let p = problem(&tampered(1, |r| r.tally.traced_back.push(u64::MAX)), 1);
    assert!(matches!(p, ShardProblem::Tally(TallyProblem::TracedBack { traced: None, .. })), "{p:?}");
    let p = problem(&tampered(0, |r| r.tally.traced_back.clear()), 0);
    assert!(matches!(p, ShardProblem::Tally(TallyProblem::TracedBack { traced: Some(0), .. })), "{p:?}");
}

/// A consistent shard padded with two million rows of Table 2 (12 MB) was once shown row by row; Table 2
/// is bounded by what a run writes: at most `TRACED_BACK_ROWS` rows, the last not 0.
#[test]
fn table_2_is_bounded_by_what_a_run_writes() {
    let padded = tampered(1, |r| tamper_tally(r, |t| t.traced_back.resize(2_000_000, 0)));
    let p = problem(&padded, 1);
    assert_eq!(p, ShardProblem::Tally(TallyProblem::TracedBackRows { rows: 2_000_000 }));
    assert!(p.to_string().contains("2000000 rows"), "{p}");
    let one_zero = tampered(1, |r| tamper_tally(r, |t| t.traced_back.push(0)));
    assert!(matches!(problem(&one_zero, 1), ShardProblem::Tally(TallyProblem::TracedBackRows { .. })));
    // The deepest row a run may write, moved from row 0: consistent, and merged.
    let deepest = tampered(1, |r| {
        tamper_tally(r, |t| {
            t.traced_back[0] -= 1;
            t.traced_back.resize(TRACED_BACK_ROWS, 0);
            t.traced_back[TRACED_BACK_ROWS - 1] = 1;
        })
    });
    assert!(merge_reports::<MiniShogi>(&deepest).is_ok());
    let deeper = tampered(1, |r| {
        tamper_tally(r, |t| {
            t.traced_back[0] -= 1;
            t.traced_back.resize(TRACED_BACK_ROWS + 1, 0);
            t.traced_back[TRACED_BACK_ROWS] = 1;
        })
    });
    let p = problem(&deeper, 1);
    assert_eq!(p, ShardProblem::Tally(TallyProblem::TracedBackRows { rows: TRACED_BACK_ROWS + 1 }));
}

#[test]
fn sums_over_shards_never_overflow() {
    let reports = {
        let mut r = shards().0.clone();
        // Fits with shard 1, overflows with shard 2.
        assert!(r[2].tally.reachable_nodes > 0);
        let fits = u64::MAX - r[1].tally.reachable_nodes;
        tamper_tally(&mut r[0], |t| t.reachable_nodes = fits);
        r
    };
    let p = problem(&reports, 2);
    assert_eq!(p, ShardProblem::Overflow(TallyOverflow { field: "reachable_nodes" }));
    assert!(p.to_string().contains("reachable_nodes"), "{p}");
    for field in ["reachable_pops", "reachable_plies"] {
        let mut r = shards().0.clone();
        for report in &mut r {
            tamper_tally(report, |t| {
                *(if field == "reachable_pops" { &mut t.reachable_pops } else { &mut t.reachable_plies }) =
                    u64::MAX / 2
            });
        }
        assert_eq!(problem(&r, 2), ShardProblem::Overflow(TallyOverflow { field }));
    }
}

#[test]
fn tally_merge_checks_every_sum() {
    let t = shards().0[0].tally.clone();
    let mut sum = t.clone();
    sum.merge(&shards().0[1].tally).unwrap();
    assert_eq!(sum.samples, 2000);
    for (field, tamper) in [
        ("samples", (|t: &mut Tally| t.samples = u64::MAX) as fn(&mut Tally)),
        ("OK", |t| t.stages[Stage::Ok] = u64::MAX),
        ("traced_back", |t| t.traced_back[0] = u64::MAX),
        ("reachable_pops", |t| t.reachable_pops = u64::MAX),
    ] {
        let mut big = t.clone();
        tamper(&mut big);
        let mut a = t.clone();
        assert_eq!(a.merge(&big), Err(TallyOverflow { field }));
        assert_eq!(a, t, "unchanged after an overflow");
    }
    // A longer Table 2 is taken over.
    let long = Tally { traced_back: vec![0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1], ..Tally::default() };
    let mut a = t.clone();
    a.merge(&long).unwrap();
    assert_eq!(a.traced_back.len(), 11);
}

#[test]
fn shards_must_not_overlap() {
    let (shards, whole) = shards();
    // The same shard twice: the later copy is at fault, the earlier named in the problem.
    let twice = [shards[0].clone(), shards[1].clone(), shards[0].clone()];
    let p = problem(&twice, 2);
    assert_eq!(p, ShardProblem::Overlap { range: [0, 1000], other: 0, other_range: [0, 1000] });
    assert!(p.to_string().contains("overlap") && p.to_string().contains("shard 1"), "{p}");
    // A partial overlap with a consistent tally.
    let r = report_of(500..1500);
    let p = problem(&[shards[0].clone(), r.clone()], 1);
    assert_eq!(p, ShardProblem::Overlap { range: [500, 1500], other: 0, other_range: [0, 1000] });
    // Whichever comes first in the list.
    let p = problem(&[r, shards[0].clone()], 1);
    assert_eq!(p, ShardProblem::Overlap { range: [0, 1000], other: 0, other_range: [500, 1500] });
    // Overlapping ranges within one shard (whose tally counts 2000 samples).
    let own = Report::new::<MiniShogi>(
        SEED,
        N,
        vec![[0, 1000], [500, 1500]],
        None,
        run_range::<MiniShogi>(SEED, 0..2000, FAST),
    );
    let p = problem(&[shards[2].clone(), own], 1);
    assert_eq!(p, ShardProblem::Overlap { range: [500, 1500], other: 1, other_range: [0, 1000] });
    // Containment, not only neighbours.
    let big = whole.clone();
    let p = problem(&[big, shards[1].clone()], 1);
    assert!(matches!(p, ShardProblem::Overlap { other: 0, .. }), "{p:?}");
}

/// An empty range (what `estimate --shard 0/8` of 5 samples covers) holds nothing and is dropped.
#[test]
fn empty_ranges_and_zero_samples() {
    let (shards, whole) = shards();
    let empty = Report::new::<MiniShogi>(SEED, N, vec![[1000, 1000]], None, Tally::default());
    let mut with_empty = shards.clone();
    with_empty.insert(1, empty.clone());
    assert_eq!(&merge_reports::<MiniShogi>(&with_empty).unwrap(), whole);
    // No samples: no estimate (undefined, NaN; `null` in JSON), not an interval [0, 0].
    assert_eq!(Tally::default().estimate::<MiniShogi>(), None);
    assert!(!empty.estimate.is_defined());
    assert_eq!(empty.estimate, ReachableEstimate::UNDEFINED);
    let json = serde_json::to_value(&empty).unwrap();
    assert_eq!(json["estimate"]["p_hat"], serde_json::Value::Null);
    assert_eq!(json["estimate"]["low"], serde_json::Value::Null);
    let back: Report = serde_json::from_value(json).unwrap();
    assert_eq!(back, empty);
    let merged = merge_reports::<MiniShogi>(&[empty]).unwrap();
    assert!(merged.ranges.is_empty() && !merged.is_complete() && !merged.estimate.is_defined());
    assert!(whole.estimate.is_defined());
    assert_eq!(Some(whole.estimate), whole.tally.estimate::<MiniShogi>());
}

#[test]
fn corrupt_json_is_refused_by_serde() {
    let text = serde_json::to_string(&shards().0[0]).unwrap();
    assert!(serde_json::from_str::<Report>(&text[..text.len() / 2]).is_err());
    assert!(serde_json::from_str::<Report>(&text.replace("\"seed\":7", "\"seed\":-7")).is_err());
    assert!(serde_json::from_str::<Report>(&text.replace("\"OK\"", "\"ok?\"")).is_err());
    assert!(serde_json::from_str::<Report>("{}").is_err());
    // A stage count past 64 bits is not a u64.
    let big = text.replacen("\"samples\":1000", "\"samples\":18446744073709551616", 1);
    assert!(serde_json::from_str::<Report>(&big).is_err());
}

/// Two shards of one run with per-block tallies, cut inside a block (`[0, 70000)`, `[70000, 140000)`), and the
/// whole run.
fn block_shards() -> &'static (Vec<Report>, Report) {
    static SHARDS: OnceLock<(Vec<Report>, Report)> = OnceLock::new();
    SHARDS.get_or_init(|| {
        let report = |s: u64, e: u64| {
            let blocks = run_by_block::<MiniShogi>(SEED, s..e, FAST);
            let tally = run_range::<MiniShogi>(SEED, s..e, FAST);
            Report::new::<MiniShogi>(SEED, 140_000, vec![[s, e]], None, tally).with_blocks(blocks)
        };
        (vec![report(0, 70_000), report(70_000, 140_000)], report(0, 140_000))
    })
}

#[test]
fn per_block_tallies_merge_and_verify() {
    use shogi_reach_engine::estimate::blocks::{verify_blocks, Mismatch};
    use shogi_reach_engine::estimate::report::BlockProblem;
    use shogi_reach_engine::estimate::BLOCK;
    let (shards, whole) = block_shards();
    assert_eq!(whole.blocks.len(), 3);
    assert_eq!((whole.blocks[1].start, whole.blocks[1].end), (BLOCK, 2 * BLOCK));
    assert_eq!(&merge_reports::<MiniShogi>(shards).unwrap(), whole, "pieces of a cut block are joined");
    assert_eq!(verify_blocks::<MiniShogi>(&shards[1], &[0, 1]), Ok(()));

    // A shard whose block and total both claim one more reachable sample: consistent, caught by recomputing.
    let mut forged = shards[1].clone();
    for t in [&mut forged.blocks[1].tally, &mut forged.tally] {
        t.stages[Stage::Ok] += 1;
        t.stages[Stage::King] -= 1;
    }
    assert_eq!(merge_reports::<MiniShogi>(&[shards[0].clone(), forged.clone()]).map(|_| ()), Ok(()));
    let (start, end) = (forged.blocks[1].start, forged.blocks[1].end);
    assert_eq!(verify_blocks::<MiniShogi>(&forged, &[1]), Err(Mismatch { start, end }));
    assert_eq!(verify_blocks::<MiniShogi>(&forged, &[0]), Ok(()), "only the forged block differs");

    let mut unbalanced = shards[1].clone();
    unbalanced.blocks[0].tally.stages[Stage::Ok] += 1;
    unbalanced.blocks[0].tally.stages[Stage::King] -= 1;
    assert_eq!(unbalanced.check(1), Err(ShardProblem::Blocks(BlockProblem::Sum)));
    let mut crossing = shards[1].clone();
    crossing.blocks[0].end += 1;
    assert!(matches!(crossing.check(1), Err(ShardProblem::Blocks(BlockProblem::Misplaced { .. }))));
    let mut missing = shards[1].clone();
    missing.blocks.pop();
    assert_eq!(missing.check(1), Err(ShardProblem::Blocks(BlockProblem::Coverage)));
}
