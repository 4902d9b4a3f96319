//! The `shogi-reach` command line.

use clap::{Parser, Subcommand, ValueEnum};
use shogi_reach::estimate::{self, Report, Tally};
use shogi_reach::ranking::rank::{self, RankInt};
use shogi_reach::ranking::sample::RankSampler;
use shogi_reach::reach::search::{KkSearch, SearchOptions};
use shogi_reach::reach::stage::{classify_rank, Stage};
use shogi_reach::rules;
use shogi_reach::{Game, MoveList, Position, Ranked, Variant, WithOpening};
use std::fmt::Write as _;
use std::io::{self, BufRead, BufWriter, Write};
use std::process::ExitCode;

#[derive(Parser)]
#[command(name = "shogi-reach", version, about = "Reachable positions of Shogi and Mini Shogi")]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Print |P_K|, the number of K-canonical candidate positions.
    Count {
        #[arg(long, default_value = "shogi")]
        variant: Game,
    },
    /// Print the position (SFEN) of each rank; ranks from standard input when none are given.
    Unrank {
        #[arg(long, default_value = "shogi")]
        variant: Game,
        #[arg(allow_hyphen_values = true)]
        ranks: Vec<String>,
    },
    /// Print the rank of a position (SFEN, or the reference's `board[hands] w` format).
    Rank {
        #[arg(long, default_value = "shogi")]
        variant: Game,
        /// The position; its fields may be given as separate arguments.
        #[arg(required = true, num_args = 1.., allow_hyphen_values = true)]
        sfen: Vec<String>,
    },
    /// Count the leaves of the legal move tree (start position when no SFEN is given).
    Perft {
        #[arg(long, default_value = "shogi")]
        variant: Game,
        #[arg(long)]
        depth: u32,
        /// Also print the count below each legal move.
        #[arg(long)]
        divide: bool,
        #[arg(num_args = 0.., allow_hyphen_values = true)]
        sfen: Vec<String>,
    },
    /// Classify ranks from standard input, one TSV line each:
    /// rank, sfen, stage, n_prev, search_pops, search_nodes, path_plies, goal_sfen (or maxdepth=D).
    Classify {
        #[arg(long, default_value = "shogi")]
        variant: Game,
        /// Give up a search after this many positions (stage `unknown`).
        #[arg(long)]
        max_nodes: Option<usize>,
    },
    /// Prove a position reachable (with the path from a KK position) or unreachable (with the reason).
    Prove {
        #[arg(long, default_value = "shogi")]
        variant: Game,
        #[arg(long)]
        json: bool,
        /// Give up after this many positions (verdict `unknown`).
        #[arg(long, default_value_t = 5_000_000)]
        max_nodes: usize,
        #[arg(required = true, num_args = 1.., allow_hyphen_values = true)]
        sfen: Vec<String>,
    },
    /// A complete game from the initial position to a reachable position, verified by replaying it:
    /// opening to a KK position, to the KK position the backward search reached, then the search path.
    ProofGame {
        #[arg(long, default_value = "shogi")]
        variant: Game,
        /// usi (a `position` command), kif (a KIF record) or json (both, with every move).
        #[arg(long, value_enum, default_value = "usi")]
        format: GameFormat,
        /// Give up the backward search after this many positions.
        #[arg(long, default_value_t = 5_000_000)]
        max_nodes: usize,
        #[arg(required = true, num_args = 1.., allow_hyphen_values = true)]
        sfen: Vec<String>,
    },
    /// Estimate the number of reachable positions from uniformly sampled ranks.
    Estimate {
        #[arg(long, default_value = "shogi")]
        variant: Game,
        #[arg(long)]
        samples: u64,
        #[arg(long)]
        seed: u64,
        /// Worker threads (default: all cores).
        #[arg(long)]
        threads: Option<usize>,
        /// Run only part K of M (0-based) of the samples; merge the parts with `merge`.
        #[arg(long, value_parser = parse_shard)]
        shard: Option<(u64, u64)>,
        /// Give up a search after this many positions (counted as `unknown`).
        #[arg(long)]
        max_nodes: Option<usize>,
        #[arg(long)]
        json: bool,
    },
    /// Merge shard results (JSON from `estimate --json`) into one estimate.
    Merge {
        #[arg(long)]
        json: bool,
        #[arg(required = true)]
        files: Vec<std::path::PathBuf>,
    },
    /// Print uniformly drawn ranks: sample i of a seed is the same everywhere (ChaCha8, stream i).
    Sample {
        #[arg(long, default_value = "shogi")]
        variant: Game,
        #[arg(long, default_value_t = 1)]
        count: u64,
        #[arg(long)]
        seed: u64,
        /// Index of the first sample.
        #[arg(long, default_value_t = 0)]
        start: u64,
    },
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let result = match cli.command {
        Command::Count { variant } => dispatch(variant, Count),
        Command::Unrank { variant, ranks } => dispatch(variant, Unrank(ranks)),
        Command::Rank { variant, sfen } => dispatch(variant, RankCmd(sfen.join(" "))),
        Command::Perft { variant, depth, divide, sfen } => {
            dispatch(variant, Perft { depth, divide, sfen: sfen.join(" ") })
        }
        Command::Sample { variant, count, seed, start } => dispatch(variant, Sample { count, seed, start }),
        Command::Classify { variant, max_nodes } => {
            dispatch(variant, Classify { options: SearchOptions { max_nodes, lazy_captures: false } })
        }
        Command::Prove { variant, json, max_nodes, sfen } => dispatch(
            variant,
            Prove {
                json,
                options: SearchOptions { max_nodes: Some(max_nodes), lazy_captures: false },
                sfen: sfen.join(" "),
            },
        ),
        Command::ProofGame { variant, format, max_nodes, sfen } => dispatch(
            variant,
            ProofGameCmd {
                format,
                options: SearchOptions { max_nodes: Some(max_nodes), lazy_captures: false },
                sfen: sfen.join(" "),
            },
        ),
        Command::Estimate { variant, samples, seed, threads, shard, max_nodes, json } => dispatch(
            variant,
            EstimateCmd {
                samples,
                seed,
                threads,
                shard,
                options: SearchOptions { max_nodes, lazy_captures: true },
                json,
            },
        ),
        Command::Merge { json, files } => merge_files(json, &files),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(msg) => {
            eprintln!("shogi-reach: {msg}");
            ExitCode::FAILURE
        }
    }
}

type Result<T> = std::result::Result<T, String>;

/// A subcommand, generic over the game.
trait Run {
    fn run<V: Ranked + WithOpening>(self) -> Result<()>;
}

fn dispatch(game: Game, cmd: impl Run) -> Result<()> {
    shogi_reach::with_game!(game, V => cmd.run::<V>())
}

fn out() -> BufWriter<io::StdoutLock<'static>> {
    BufWriter::new(io::stdout().lock())
}

/// Writes `text` to standard output; a closed pipe (e.g. `| head`) ends quietly.
fn emit(text: &str) -> Result<()> {
    match io::stdout().lock().write_all(text.as_bytes()) {
        Err(e) if e.kind() != io::ErrorKind::BrokenPipe => Err(io_err(e)),
        _ => Ok(()),
    }
}

fn io_err(e: io::Error) -> String {
    format!("writing output: {e}")
}

fn parse_rank<V: Ranked>(text: &str) -> Result<V::Rank> {
    V::Rank::parse_decimal(text.trim())
        .ok_or_else(|| format!("not a rank (a non-negative decimal integer): {text:?}"))
}

fn parse_position<V: Variant>(text: &str) -> Result<Position<V>> {
    Position::from_sfen(text).map_err(|e| format!("bad position {text:?}: {e}"))
}

struct Count;
impl Run for Count {
    fn run<V: Ranked + WithOpening>(self) -> Result<()> {
        emit(&format!("{}\n", rank::count::<V>()))
    }
}

struct Unrank(Vec<String>);
impl Run for Unrank {
    fn run<V: Ranked + WithOpening>(self) -> Result<()> {
        let mut w = out();
        let mut emit = |text: &str| -> Result<()> {
            let pos = rank::unrank::<V>(parse_rank::<V>(text)?).map_err(|e| e.to_string())?;
            writeln!(w, "{}", pos.to_sfen()).map_err(io_err)
        };
        if self.0.is_empty() {
            for line in io::stdin().lock().lines() {
                let line = line.map_err(|e| format!("reading input: {e}"))?;
                if !line.trim().is_empty() {
                    emit(&line)?;
                }
            }
        } else {
            for r in &self.0 {
                emit(r)?;
            }
        }
        Ok(())
    }
}

struct RankCmd(String);
impl Run for RankCmd {
    fn run<V: Ranked + WithOpening>(self) -> Result<()> {
        let pos = parse_position::<V>(&self.0)?;
        emit(&format!("{}\n", pos.rank().map_err(|e| e.to_string())?))
    }
}

struct Perft {
    depth: u32,
    divide: bool,
    sfen: String,
}
impl Run for Perft {
    fn run<V: Ranked + WithOpening>(self) -> Result<()> {
        let pos = if self.sfen.trim().is_empty() {
            Position::<V>::startpos()
        } else {
            parse_position::<V>(&self.sfen)?
        };
        let mut w = out();
        if self.divide && self.depth > 0 {
            let mut moves = MoveList::new();
            rules::legal_moves(&pos, &mut moves);
            let mut total = 0;
            for &m in moves.iter() {
                let n = rules::perft(&rules::play(&pos, m), self.depth - 1);
                total += n;
                writeln!(w, "{} {n}", m.to_usi::<V>()).map_err(io_err)?;
            }
            writeln!(w, "total {total}").map_err(io_err)
        } else {
            writeln!(w, "{}", rules::perft(&pos, self.depth)).map_err(io_err)
        }
    }
}

struct Sample {
    count: u64,
    seed: u64,
    start: u64,
}
impl Run for Sample {
    fn run<V: Ranked + WithOpening>(self) -> Result<()> {
        let sampler = RankSampler::<V>::new(self.seed);
        let mut w = out();
        let end = self.start.checked_add(self.count).ok_or("sample index range overflows")?;
        for i in self.start..end {
            writeln!(w, "{}", sampler.rank(i)).map_err(io_err)?;
        }
        Ok(())
    }
}

fn parse_shard(s: &str) -> std::result::Result<(u64, u64), String> {
    let (k, m) = s.split_once('/').ok_or("expected K/M, e.g. 0/4")?;
    let (k, m): (u64, u64) = (k.parse().map_err(|_| "bad K")?, m.parse().map_err(|_| "bad M")?);
    if m == 0 || k >= m {
        return Err(format!("shard {k}/{m}: need 0 <= K < M"));
    }
    Ok((k, m))
}

struct Classify {
    options: SearchOptions,
}
impl Run for Classify {
    fn run<V: Ranked + WithOpening>(self) -> Result<()> {
        let mut w = out();
        let mut search = KkSearch::<V>::new();
        for line in io::stdin().lock().lines() {
            let line = line.map_err(|e| format!("reading input: {e}"))?;
            if line.trim().is_empty() {
                continue;
            }
            let r = parse_rank::<V>(&line)?;
            let c = classify_rank::<V>(r, &mut search, self.options).map_err(|e| e.to_string())?;
            let (mut pops, mut nodes, mut plies, mut goal) =
                (String::new(), String::new(), String::new(), String::new());
            if let Some(s) = &c.search {
                pops = s.pops.to_string();
                nodes = s.nodes.to_string();
                match s.goal() {
                    Some(g) => {
                        plies = s.plies().to_string();
                        goal = g.to_sfen();
                    }
                    None if c.stage == Stage::Reach => goal = format!("maxdepth={}", s.max_depth),
                    None => {}
                }
            }
            let n_prev = c.n_prev.map(|n| n.to_string()).unwrap_or_default();
            writeln!(
                w,
                "{r}\t{}\t{}\t{n_prev}\t{pops}\t{nodes}\t{plies}\t{goal}",
                c.position.to_sfen(),
                c.stage
            )
            .map_err(io_err)?;
        }
        Ok(())
    }
}

struct Prove {
    json: bool,
    options: SearchOptions,
    sfen: String,
}
impl Run for Prove {
    fn run<V: Ranked + WithOpening>(self) -> Result<()> {
        let pos = parse_position::<V>(&self.sfen)?;
        let mut search = KkSearch::<V>::new();
        let proof = shogi_reach::reach::prove::prove(&pos, &mut search, self.options);
        if self.json {
            emit(&format!("{}\n", serde_json::to_string_pretty(&proof.to_json()).unwrap()))
        } else {
            emit(&proof.to_text())
        }
    }
}

#[derive(Clone, Copy, ValueEnum)]
enum GameFormat {
    Usi,
    Kif,
    Json,
}

struct ProofGameCmd {
    format: GameFormat,
    options: SearchOptions,
    sfen: String,
}
impl Run for ProofGameCmd {
    fn run<V: Ranked + WithOpening>(self) -> Result<()> {
        let pos = parse_position::<V>(&self.sfen)?;
        let game = shogi_reach::reach::proof_game::proof_game(&pos, &mut KkSearch::<V>::new(), self.options)
            .map_err(|e| e.to_string())?;
        emit(&match self.format {
            GameFormat::Usi => format!("{}\n", game.to_usi()),
            GameFormat::Kif => game.to_kif(),
            GameFormat::Json => format!("{}\n", serde_json::to_string_pretty(&game.to_json()).unwrap()),
        })
    }
}

struct EstimateCmd {
    samples: u64,
    seed: u64,
    threads: Option<usize>,
    shard: Option<(u64, u64)>,
    options: SearchOptions,
    json: bool,
}
impl Run for EstimateCmd {
    fn run<V: Ranked + WithOpening>(self) -> Result<()> {
        let (k, m) = self.shard.unwrap_or((0, 1));
        let range = estimate::shard_range(self.samples, k, m);
        let mut pool = rayon::ThreadPoolBuilder::new();
        if let Some(t) = self.threads {
            pool = pool.num_threads(t.max(1));
        }
        let pool = pool.build().map_err(|e| e.to_string())?;
        let bar = indicatif::ProgressBar::new(range.end - range.start);
        bar.set_style(
            indicatif::ProgressStyle::with_template(
                "{elapsed_precise} [{bar:40}] {pos}/{len} samples, {per_sec}, ETA {eta} {msg}",
            )
            .unwrap()
            .progress_chars("=> "),
        );
        let mut tally = Tally::default();
        let chunk = 4096 * pool.current_num_threads() as u64;
        let mut at = range.start;
        while at < range.end {
            let end = (at + chunk).min(range.end);
            let part = pool.install(|| estimate::run_range::<V>(self.seed, at..end, self.options));
            tally.merge(&part);
            bar.set_position(end - range.start);
            bar.set_message(format!("reachable {}", tally.count(Stage::Ok)));
            at = end;
        }
        bar.finish_and_clear();
        let report = Report::new::<V>(
            self.seed,
            self.samples,
            vec![[range.start, range.end]],
            self.options.max_nodes,
            tally,
        );
        emit(&report_text(&report, self.json))
    }
}

fn merge_files(json: bool, files: &[std::path::PathBuf]) -> Result<()> {
    let mut reports = Vec::new();
    for f in files {
        let text = std::fs::read_to_string(f).map_err(|e| format!("{}: {e}", f.display()))?;
        let r: Report = serde_json::from_str(&text)
            .map_err(|e| format!("{}: not an estimate --json result: {e}", f.display()))?;
        reports.push(r);
    }
    let game: Game = reports[0].variant.parse().map_err(|e| format!("{}: {e}", files[0].display()))?;
    let merged =
        shogi_reach::with_game!(game, V => estimate::merge::<V>(&reports)).map_err(|e| e.to_string())?;
    if !merged.is_complete() {
        eprintln!("shogi-reach: note: the shards cover only part of the {} samples", merged.samples);
    }
    emit(&report_text(&merged, json))
}

fn report_text(r: &Report, json: bool) -> String {
    if json {
        return format!("{}\n", serde_json::to_string_pretty(r).unwrap());
    }
    let mut t = String::new();
    let covered: u64 = r.ranges.iter().map(|[s, e]| e - s).sum();
    let _ = writeln!(
        t,
        "{} estimate, seed {}, {} samples (indices {:?} of {})",
        r.variant, r.seed, covered, r.ranges, r.samples
    );
    t.push('\n');
    let _ = writeln!(t, "Table 1: samples passing each check");
    for (name, n) in &r.funnel {
        let _ =
            writeln!(t, "  {name:<22} {n:>14}  {:>8.4} %", 100.0 * *n as f64 / r.tally.samples.max(1) as f64);
    }
    let unknown = r.tally.count(Stage::Unknown);
    if unknown > 0 {
        let _ = writeln!(t, "  (undecided: search node cap hit) {unknown}");
    }
    t.push('\n');
    let _ = writeln!(t, "Table 2: unreachable positions by the most plies traced back");
    for (d, n) in r.tally.traced_back.iter().enumerate() {
        let _ = writeln!(t, "  {d:>3} {n:>14}");
    }
    let ok = r.tally.count(Stage::Ok);
    if ok > 0 {
        t.push('\n');
        let _ = writeln!(
            t,
            "reachable searches: mean {:.1} pops, {:.0} positions generated, {:.1} plies",
            r.tally.reachable_pops as f64 / ok as f64,
            r.tally.reachable_nodes as f64 / ok as f64,
            r.tally.reachable_plies as f64 / ok as f64
        );
    }
    let e = &r.estimate;
    t.push('\n');
    let _ = writeln!(t, "p = {ok} / {} = {:.10} (sigma {:.3e})", r.tally.samples, e.p_hat, e.sigma);
    let _ = writeln!(t, "|P_K| = {}", r.candidates);
    let _ = writeln!(
        t,
        "|R| = p * |P_K| = {:.5e}, 3-sigma interval [{:.5e}, {:.5e}]",
        e.reachable, e.low, e.high
    );
    t
}
