//! Report files: a report built from per-block tallies finished in any order (the browser's runs, whose
//! workers finish their chunks out of order), report files read and merged by name. The command line's
//! `merge` and the browser's shard merge both go through here, so a shard file means the same to both.

use crate::board::variant::{Game, UnknownGame};
use crate::estimate::ranges::{append_blocks, push_joined};
use crate::estimate::report::{MergeError, Report, ShardProblem};
use crate::estimate::tally::{BlockTally, Tally};
use crate::ranking::rank::Ranked;

/// The report of a run of `samples` samples (of `seed`, node cap `max_nodes`) that has done the samples
/// of `pieces`, per-block tallies in any order: sorted, joined where they touch within a block, their
/// ranges joined; checked as `merge` checks a shard ([`Report::check`]), so pieces that overlap, cross a
/// block boundary, lie beyond `samples` or do not count their samples are refused.
pub fn report_from_blocks<V: Ranked>(
    seed: u64,
    samples: u64,
    max_nodes: Option<usize>,
    mut pieces: Vec<BlockTally>,
) -> Result<Report, ShardProblem> {
    pieces.sort_by_key(|b| (b.start, b.end));
    let mut ranges: Vec<[u64; 2]> = Vec::new();
    let mut tally = Tally::default();
    for b in &pieces {
        let range = [b.start, b.end];
        if b.start > b.end || b.end > samples {
            return Err(ShardProblem::BadRange { range, samples });
        }
        push_joined(&mut ranges, range).map_err(|other_range| ShardProblem::Overlap {
            range,
            other: 0,
            other_range,
        })?;
        tally.merge(&b.tally).map_err(ShardProblem::Overflow)?;
    }
    let mut joined = Vec::new();
    append_blocks(&mut joined, pieces);
    let report = Report::new::<V>(seed, samples, ranges, max_nodes, tally).with_blocks(joined);
    report.check(0)?;
    Ok(report)
}

/// A report as a file: pretty JSON and a final newline, as `shogi-reach estimate --json` writes it.
pub fn to_file_text(report: &Report) -> String {
    format!("{}\n", serde_json::to_string_pretty(report).expect("JSON of a report"))
}

/// What is wrong with report files, naming the file at fault.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum FileError {
    /// No file to merge.
    Empty,
    /// Not the JSON of a report (`detail`: the JSON reader's words).
    NotReport {
        /// The file's name (shortened by [`crate::board::sfen::quote`]).
        file: String,
        /// What the JSON reader says.
        detail: String,
    },
    /// A game this program does not know.
    Game {
        /// The file's name.
        file: String,
        /// The game it names.
        game: UnknownGame,
    },
    /// A report that is inconsistent or does not belong with the first one; for overlapping samples,
    /// `other` names the file they overlap with.
    Shard {
        /// The file's name.
        file: String,
        /// What is wrong with its report.
        problem: ShardProblem,
        /// The file its samples overlap with, if that is the problem.
        other: Option<String>,
    },
}

impl std::fmt::Display for FileError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            FileError::Empty => MergeError::Empty.fmt(f),
            FileError::NotReport { file, detail } => {
                write!(f, "{file}: not an estimate --json result: {detail}")
            }
            FileError::Game { file, game } => write!(f, "{file}: {game}"),
            FileError::Shard {
                file,
                problem: ShardProblem::Overlap { range, other_range, .. },
                other: Some(other),
            } => write!(f, "{file}: samples {range:?} overlap samples {other_range:?} of {other}"),
            FileError::Shard { file, problem, .. } => write!(f, "{file}: {problem}"),
        }
    }
}

impl std::error::Error for FileError {}

/// Reads the report file called `name` (its text); the error names it.
pub fn read_report(name: &str, text: &str) -> Result<Report, FileError> {
    serde_json::from_str(text).map_err(|e| FileError::NotReport {
        file: crate::board::sfen::quote(name),
        detail: crate::board::sfen::quote(&e.to_string()),
    })
}

/// Reads and checks one report file on its own ([`Report::check`], and that its game is one this program
/// knows): what a browser run resumes from or shows.
pub fn read_checked(name: &str, text: &str) -> Result<Report, FileError> {
    let report = read_report(name, text)?;
    game_of(&report, name)?;
    report.check(0).map_err(|problem| FileError::Shard { file: name.to_string(), problem, other: None })?;
    Ok(report)
}

/// The most bytes of a report file read (a checkpoint resumed, a shard merged or counted): 2^17 blocks of
/// 65 536 samples (8.6 × 10^9 samples, the Shogi paper's 5 × 10^9 in one file) at 1 KiB each as
/// written (about 0.45 KiB measured; the rest for deeper Table 2s): 128 MiB. Larger runs take shards
/// (`--shard`, `shard=`). The command line's and Python's limit (a browser reads at most 64 MiB).
pub const MAX_REPORT_BYTES: u64 = (1 << 17) * 1024;

/// What a run is: the game, seed, samples, node cap and its range of sample indices (a shard's part).
#[derive(Clone, Debug)]
pub struct RunSpec {
    /// The samples' seed.
    pub seed: u64,
    /// The samples of the whole run.
    pub samples: u64,
    /// The node cap of its searches.
    pub max_nodes: Option<usize>,
    /// The sample indices this run (or shard) does.
    pub range: std::ops::Range<u64>,
}

/// A checkpoint of another run than the one resumed: what differs (the game, the seed and samples, the
/// node cap, or the samples done), as found and as this run has it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OtherRun {
    /// The file's name.
    pub file: String,
    /// What differs.
    pub what: &'static str,
    /// The checkpoint's.
    pub found: String,
    /// This run's.
    pub expected: String,
}

impl std::fmt::Display for OtherRun {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let OtherRun { file, what, found, expected } = self;
        write!(f, "{file}: another run's checkpoint: {what} {found}, this run's {expected}")
    }
}

impl std::error::Error for OtherRun {}

/// Where a run of `spec` in game `V` resumes from `report`, a checkpoint called `name`: the end of the
/// samples it has done, which must be a prefix of the run's range. Else why it is another run's.
pub fn resume_point<V: Ranked>(report: &Report, name: &str, spec: &RunSpec) -> Result<u64, OtherRun> {
    let mismatch = |what: &'static str, found: String, expected: String| -> Result<u64, OtherRun> {
        Err(OtherRun { file: name.to_string(), what, found, expected })
    };
    if report.game != V::NAME {
        return mismatch("game", crate::board::sfen::quote(&report.game), V::NAME.into());
    }
    if (report.seed, report.samples) != (spec.seed, spec.samples) {
        let found = format!("{} of {} samples", report.seed, report.samples);
        return mismatch("seed", found, format!("{} of {} samples", spec.seed, spec.samples));
    }
    if report.max_nodes != spec.max_nodes {
        return mismatch("node cap", format!("{:?}", report.max_nodes), format!("{:?}", spec.max_nodes));
    }
    match report.ranges.as_slice() {
        [] => Ok(spec.range.start),
        [[s, e]] if *s == spec.range.start && *e <= spec.range.end => Ok(*e),
        ranges => mismatch("samples", format!("{ranges:?}"), format!("a prefix of {:?}", spec.range)),
    }
}

fn game_of(report: &Report, name: &str) -> Result<Game, FileError> {
    report.game.parse::<Game>().map_err(|game| FileError::Game { file: name.to_string(), game })
}

/// Merges report files (`(name, text)`, in the order given) as `shogi-reach merge` does: every file read
/// and checked, the game taken from the first; an error names the file at fault (and, for overlapping
/// samples, the other file).
pub fn merge_files<N: std::fmt::Display>(files: &[(N, String)]) -> Result<Report, FileError> {
    let names: Vec<String> = files.iter().map(|(n, _)| n.to_string()).collect();
    let reports = files
        .iter()
        .zip(&names)
        .map(|((_, text), name)| read_report(name, text))
        .collect::<Result<Vec<_>, _>>()?;
    merge_named(&reports, &names)
}

/// [`merge_reports`] of reports called `names`, the game taken from the first.
pub fn merge_named(reports: &[Report], names: &[String]) -> Result<Report, FileError> {
    let first = reports.first().ok_or(FileError::Empty)?;
    let game = game_of(first, &names[0])?;
    crate::with_game!(game, V => crate::estimate::report::merge_reports::<V>(reports))
        .map_err(|e| named_error(e, names))
}

/// A merge error that names the files concerned instead of their places in the list.
pub(crate) fn named_error(e: MergeError, names: &[String]) -> FileError {
    match e {
        MergeError::Empty => FileError::Empty,
        MergeError::Shard { index, problem } => {
            let other = match problem {
                ShardProblem::Overlap { other, .. } => Some(names[other].clone()),
                _ => None,
            };
            FileError::Shard { file: names[index].clone(), problem, other }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::variant::MiniShogi;
    use crate::estimate::blocks::run_by_block;
    use crate::estimate::tally::BLOCK;
    use crate::reach::search::SearchOptions;

    const OPTIONS: SearchOptions = SearchOptions { max_nodes: None, lazy_captures: true };

    /// The pieces of `range` done in chunks of `chunk`, in reverse order (as out-of-order workers may).
    fn reversed_chunks(seed: u64, range: std::ops::Range<u64>, chunk: u64) -> Vec<BlockTally> {
        let mut starts: Vec<u64> = range.clone().step_by(chunk as usize).collect();
        starts.reverse();
        starts
            .into_iter()
            .flat_map(|s| run_by_block::<MiniShogi>(seed, s..(s + chunk).min(range.end), OPTIONS))
            .collect()
    }

    #[test]
    fn chunks_in_any_order_give_the_report_of_one_run() {
        let range = BLOCK - 300..BLOCK + 500;
        let one = run_by_block::<MiniShogi>(7, range.clone(), OPTIONS);
        let want = Report::new::<MiniShogi>(7, 2 * BLOCK, vec![[range.start, range.end]], None, {
            let mut t = Tally::default();
            one.iter().for_each(|b| t.merge(&b.tally).unwrap());
            t
        })
        .with_blocks(one);
        let got = report_from_blocks::<MiniShogi>(7, 2 * BLOCK, None, reversed_chunks(7, range, 96)).unwrap();
        assert_eq!(got, want);
        assert_eq!(got.blocks.len(), 2, "one piece per block");
    }

    #[test]
    fn gaps_stay_gaps_and_overlaps_are_refused() {
        let mut pieces = run_by_block::<MiniShogi>(3, 0..100, OPTIONS);
        pieces.extend(run_by_block::<MiniShogi>(3, 200..300, OPTIONS));
        let r = report_from_blocks::<MiniShogi>(3, 1000, None, pieces.clone()).unwrap();
        assert_eq!(r.ranges, [[0, 100], [200, 300]]);
        assert_eq!(r.tally.samples, 200);
        assert!(!r.is_complete());
        pieces.extend(run_by_block::<MiniShogi>(3, 250..260, OPTIONS));
        let e = report_from_blocks::<MiniShogi>(3, 1000, None, pieces).unwrap_err();
        assert!(matches!(e, ShardProblem::Overlap { range: [250, 260], .. }), "{e:?}");
        let beyond = run_by_block::<MiniShogi>(3, 990..1010, OPTIONS);
        let e = report_from_blocks::<MiniShogi>(3, 1000, None, beyond).unwrap_err();
        assert_eq!(e, ShardProblem::BadRange { range: [990, 1010], samples: 1000 });
        let mut wrong = run_by_block::<MiniShogi>(3, 0..10, OPTIONS);
        wrong[0].tally.samples += 1;
        assert!(report_from_blocks::<MiniShogi>(3, 1000, None, wrong).is_err());
        let empty = report_from_blocks::<MiniShogi>(3, 1000, None, Vec::new()).unwrap();
        assert_eq!((empty.tally.samples, empty.ranges.len()), (0, 0));
    }

    #[test]
    fn files_merge_by_name_as_the_command_line_does() {
        let shard = |k| {
            let r = crate::estimate::run::shard_range(400, k, 2);
            let pieces = run_by_block::<MiniShogi>(5, r, OPTIONS);
            to_file_text(&report_from_blocks::<MiniShogi>(5, 400, None, pieces).unwrap())
        };
        let (a, b) = (shard(0), shard(1));
        let merged = merge_files(&[("a.json", a.clone()), ("b.json", b.clone())]).unwrap();
        let whole =
            report_from_blocks::<MiniShogi>(5, 400, None, run_by_block::<MiniShogi>(5, 0..400, OPTIONS))
                .unwrap();
        assert_eq!(merged, whole);
        assert!(merged.is_complete());
        // A shard of an earlier version (format 2, the game under `variant`) merges with one of this.
        assert!(a.contains("\"format\": 3") && a.contains("\"game\": \"minishogi\""), "{a}");
        let older = a.replace("\"format\": 3", "\"format\": 2").replace("\"game\":", "\"variant\":");
        assert_eq!(merge_files(&[("older.json", older), ("b.json", b.clone())]).unwrap(), whole);
        let e = |files: &[(&str, String)]| merge_files(files).unwrap_err().to_string();
        assert_eq!(
            e(&[("a.json", a.clone()), ("again.json", a.clone())]),
            "again.json: samples [0, 200] overlap samples [0, 200] of a.json"
        );
        let bad = e(&[("a.json", a.clone()), ("bad.json", "{".into())]);
        assert!(bad.starts_with("bad.json: not an estimate --json result"), "{bad}");
        let other = a.replace("\"seed\": 5", "\"seed\": 6");
        let seed = e(&[("a.json", a.clone()), ("other.json", other)]);
        assert!(seed.starts_with("other.json: seed 6, the first shard's is 5"), "{seed}");
        assert_eq!(merge_files::<&str>(&[]).unwrap_err(), FileError::Empty);
        assert!(read_checked("a.json", &a).is_ok());
        let unknown = a.replace("\"game\": \"minishogi\"", "\"game\": \"chess\"");
        assert!(read_checked("x.json", &unknown).unwrap_err().to_string().starts_with("x.json: "));
    }
}
