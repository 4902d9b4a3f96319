//! The `shogi-reach` command line: the arguments; the commands are in [`cli`].

mod checkpoint;
mod commands;
mod estimate;
mod games;
mod input;
mod output;
mod provenance;
mod record;
mod replicate;
mod retro;
mod rows_parquet;
mod run;
mod samples_out;
mod save;
mod signature;
mod source;

use clap::{Parser, Subcommand};
use estimate::{parse_shard, parse_verify, run_merge, VerifyCount};
use run::{Failure, Run};
use shogi_reach_engine::board::sfen::{quote, QUOTE_LIMIT};
use shogi_reach_engine::reach::search::SearchOptions;
use shogi_reach_engine::Game;
use source::Source;
use std::process::ExitCode;

#[derive(Parser)]
#[command(
    name = "shogi-reach",
    version,
    about = "Reachable positions of Shogi, Mini Shogi and Judkins shogi"
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Print |P_K|, the number of K-canonical candidate positions.
    Count {
        #[command(flatten)]
        game: GameArg,
    },
    /// Print the position (SFEN) of each rank; ranks from standard input when none are given.
    Unrank {
        #[command(flatten)]
        game: GameArg,
        #[arg(allow_negative_numbers = true)]
        ranks: Vec<String>,
    },
    /// Print the rank of a position (SFEN, or the reference's `board[hands] w` format).
    Rank {
        #[command(flatten)]
        game: GameArg,
        /// The position; its fields may be given as separate arguments.
        #[arg(required = true, num_args = 1.., allow_negative_numbers = true)]
        sfen: Vec<String>,
    },
    /// Count the leaves of the legal move tree (start position when no SFEN is given).
    Perft {
        #[command(flatten)]
        game: GameArg,
        /// Plies, at most 10.
        #[arg(long)]
        depth: u32,
        /// Also print the count below each legal move.
        #[arg(long)]
        divide: bool,
        #[arg(num_args = 0.., allow_negative_numbers = true)]
        sfen: Vec<String>,
    },
    /// Classify ranks from standard input, one TSV line each:
    /// rank, sfen, stage, n_prev, search_pops, search_nodes, path_plies, goal_sfen (or maxdepth=D).
    Classify {
        #[command(flatten)]
        game: GameArg,
        /// The most distinct positions a search may generate, the sample's own included; one that needs more
        /// is `unknown` (at least 1).
        #[arg(long, value_parser = parse_node_cap)]
        max_nodes: Option<usize>,
    },
    /// Prove a position reachable (with the path from a KK position) or unreachable (with the reason).
    Prove {
        /// The game: shogi (default), minishogi or judkins; with --record, the record's game (a --game given
        /// must match). --variant is the same.
        #[arg(long = "game", visible_alias = "variant", value_name = "GAME")]
        game: Option<Game>,
        #[arg(long)]
        json: bool,
        /// The most distinct positions the search may generate, the position's own included; one that needs
        /// more gives the verdict `unknown`.
        #[arg(long, default_value_t = 5_000_000, value_parser = parse_node_cap)]
        max_nodes: usize,
        #[command(flatten)]
        start: StartChoice,
        #[command(flatten)]
        position: PositionArgs,
    },
    /// A complete game from the start (the initial position, or a handicap's with --start) to a reachable
    /// position, verified by replaying it: the short search's (shortest when it says so) or the KK route's
    /// (opening to a KK position, to the KK position the backward search reached, then the search path),
    /// whichever is shorter.
    ProofGame(ProofGameArgs),
    /// Estimate the number of reachable positions from uniformly sampled ranks.
    Estimate(EstimateArgs),
    /// Merge shard results (JSON from `estimate --json`) into one estimate.
    Merge {
        #[arg(long)]
        json: bool,
        /// Recompute K randomly chosen blocks of 65 536 samples of every shard and refuse a shard whose
        /// recorded block tallies differ. `auto` (the default): enough blocks to catch a shard with 1 % of
        /// its blocks forged with probability 0.99 (all of them up to 100 blocks, never more than 459).
        #[arg(long, value_name = "K|auto", value_parser = parse_verify)]
        verify: Option<VerifyCount>,
        #[arg(required = true)]
        files: Vec<std::path::PathBuf>,
    },
    /// Print uniformly drawn ranks: sample i of a seed is the same everywhere (ChaCha8, stream i).
    Sample {
        #[command(flatten)]
        game: GameArg,
        #[arg(long, default_value_t = 1)]
        count: u64,
        #[arg(long)]
        seed: u64,
        /// Index of the first sample.
        #[arg(long, default_value_t = 0)]
        start: u64,
    },
    /// List every legal last move of a position (un-moves, un-promotions, un-captures, un-drops), each
    /// with the positions before it.
    Predecessors {
        #[command(flatten)]
        game: GameArg,
        #[arg(long)]
        json: bool,
        /// Only the moves of this kind of piece (a letter: K R B G S N L P).
        #[arg(long)]
        piece: Option<String>,
        /// Only the moves to or from this square (USI, e.g. 5e).
        #[arg(long)]
        square: Option<String>,
        #[arg(required = true, num_args = 1.., allow_negative_numbers = true)]
        sfen: Vec<String>,
    },
    /// Explain why a position is unreachable, with a certificate checked before it is printed.
    Explain {
        #[command(flatten)]
        game: GameArg,
        #[arg(long)]
        json: bool,
        /// The most distinct positions the backward search may generate, the position's own included; one
        /// that needs more gives the verdict `unknown`.
        #[arg(long, default_value_t = 5_000_000, value_parser = parse_node_cap)]
        max_nodes: usize,
        /// The start to prove from: 平手 (the initial position, the default) or a handicap by its 手合割
        /// name (香落ち, 角落ち, …) or SFEN.
        #[arg(long, value_name = "NAME")]
        start: Option<String>,
        #[arg(required = true, num_args = 1.., allow_negative_numbers = true)]
        sfen: Vec<String>,
    },
    /// For a tsume set-up (Gote's king but none of Sente's): on which squares Sente's king could stand so
    /// that the position could arise in a game, each square's position proved.
    KingSquares {
        #[command(flatten)]
        game: GameArg,
        #[arg(long)]
        json: bool,
        /// The most distinct positions each square's backward search may generate; one that needs more
        /// gives that square the verdict `unknown`.
        #[arg(long, default_value_t = 5_000_000, value_parser = parse_node_cap)]
        max_nodes: usize,
        #[arg(required = true, num_args = 1.., allow_negative_numbers = true)]
        sfen: Vec<String>,
    },
    /// Run the papers' experiments (their sample counts, or --fraction of them) in resumable shards and
    /// print Tables 1 and 2 beside the published figures, with the distance of each row in sigma.
    Replicate(ReplicateArgs),
    /// Print each game's facts: board, pieces, start and handicap starts, |P_K|, the papers' figures, and
    /// the method's stages and funnel rows.
    Games {
        /// Print them as JSON (what the site's page reads, www/js/game/games.generated.js).
        #[arg(long)]
        json: bool,
    },
    /// Read a game record (KIF, KI2, CSA, USI, BOD or SFEN; UTF-8 or Shift_JIS) and print its header,
    /// moves with their comments, variations, and the parts the reader skipped.
    Record {
        /// The record file.
        file: std::path::PathBuf,
        /// Print the record as JSON (the object the site's record panel reads).
        #[arg(long)]
        json: bool,
    },
}

/// `--game` (or `--variant`, the older spelling): the game, [`Game::default`] unless named.
#[derive(clap::Args)]
struct GameArg {
    /// The game: shogi (default), minishogi or judkins. --variant is the same.
    #[arg(long = "game", visible_alias = "variant", value_name = "GAME", default_value_t)]
    game: Game,
}

/// `--start` of `prove` and `proof-game`.
#[derive(clap::Args)]
struct StartChoice {
    /// The start to prove from: 平手 (the initial position, the default) or a handicap by its 手合割
    /// name (香落ち, 角落ち, 飛車落ち, 二枚落ち … 十枚落ち) or SFEN; with --record, the record's start.
    #[arg(long, value_name = "NAME")]
    start: Option<String>,
}

#[derive(clap::Args)]
struct ProofGameArgs {
    /// The game: shogi (default), minishogi or judkins; with --record, the record's game (a --game given
    /// must match). --variant is the same.
    #[arg(long = "game", visible_alias = "variant", value_name = "GAME")]
    game: Option<Game>,
    /// usi (a `position` command), kif (a KIF record) or json (both, with every move).
    #[arg(long, value_enum, default_value = "usi")]
    format: commands::GameFormat,
    /// Also write the game to FILE, in the format and encoding its extension names: .kif and .ki2
    /// Shift_JIS, .kifu and .ki2u UTF-8, .usi, .csa (Shogi), .bod (the position reached).
    #[arg(long, value_name = "FILE")]
    output: Option<std::path::PathBuf>,
    /// Replace the --output FILE if it exists (never the --record read).
    #[arg(long, requires = "output")]
    force: bool,
    /// best (the shorter of the short search's and the KK route's), short or kk.
    #[arg(long, value_enum, default_value = "best")]
    method: commands::GameMethod,
    /// The most positions the short search's backward searches may weigh against its bound, in all; each
    /// forward guide may weigh 8 times as many in Shogi (and where that finds no game, 16 times what the
    /// backward searches left), 4 in Mini Shogi, and the shortening pass as many (default: Shogi 80 000, Mini
    /// Shogi 80 000: mostly under 1.5 s on a 2-core machine, at most 3.5 s). Counted in positions, not time:
    /// the same game on every machine.
    #[arg(long, value_name = "N", value_parser = parse_node_cap)]
    budget_positions: Option<usize>,
    /// Also stop the short search after this many milliseconds: the game then depends on the machine.
    #[arg(long)]
    budget_ms: Option<u64>,
    /// 2: the two forward guides search side by side; 1: one after the other (the same game).
    #[arg(long, default_value_t = 2, value_parser = clap::value_parser!(u8).range(1..=2))]
    threads: u8,
    /// The most distinct positions the backward search may generate (the position's own included).
    #[arg(long, default_value_t = 5_000_000, value_parser = parse_node_cap)]
    max_nodes: usize,
    #[command(flatten)]
    start: StartChoice,
    #[command(flatten)]
    position: PositionArgs,
}

#[derive(clap::Args)]
struct EstimateArgs {
    #[command(flatten)]
    game: GameArg,
    /// Samples of the whole run (at least 1).
    #[arg(long, value_parser = clap::value_parser!(u64).range(1..))]
    samples: u64,
    #[arg(long)]
    seed: u64,
    /// Worker threads, 1 to 1024 (default: all cores).
    #[arg(long, value_parser = clap::value_parser!(u16).range(1..=1024))]
    threads: Option<u16>,
    /// Run only part K of M (0-based) of the samples; merge the parts with `merge`.
    #[arg(long, value_parser = parse_shard)]
    shard: Option<(u64, u64)>,
    /// The most distinct positions a search may generate, the sample's own included; one that needs more
    /// counts as `unknown` (at least 1).
    #[arg(long, value_parser = parse_node_cap)]
    max_nodes: Option<usize>,
    #[arg(long)]
    json: bool,
    /// Save the progress to this file as the run goes (a valid report of the samples done) and on
    /// SIGINT/SIGTERM.
    #[arg(long)]
    checkpoint: Option<std::path::PathBuf>,
    /// Replace the --checkpoint FILE (its run's progress is lost) or the --samples-out FILE if it exists.
    #[arg(long)]
    force: bool,
    /// Write one CSV row per sample to FILE: index, rank, stage, plies traced back, the search's nodes,
    /// pops and plies, and the pieces of each kind on the board and in hand (docs/cli.md). An interrupted
    /// run leaves the rows of the samples done; with --resume, the same FILE goes on after them (checked to
    /// be that run's rows first).
    #[arg(long, value_name = "FILE")]
    samples_out: Option<std::path::PathBuf>,
    /// Seconds between checkpoints.
    #[arg(long, default_value_t = 60)]
    checkpoint_every: u64,
    /// Continue the run of this checkpoint (same game, seed, samples, shard and node cap), saving to it,
    /// after recomputing some of its blocks (--verify).
    #[arg(long)]
    resume: Option<std::path::PathBuf>,
    /// Blocks of the checkpoint to recompute, drawn at random, before resuming: K, or `auto` (enough to
    /// catch a checkpoint with 1 % of its blocks forged with probability 0.99). Default: 2 when the file is
    /// signed with this user's key (this program's own checkpoint, unchanged), auto otherwise.
    #[arg(long, value_name = "K|auto", requires = "resume", value_parser = parse_verify)]
    verify: Option<VerifyCount>,
    /// Also print how many samples D significant digits at 3 sigma need, and the time they take.
    #[arg(long, value_parser = clap::value_parser!(u32).range(1..=15))]
    target_digits: Option<u32>,
}

/// `replicate`.
#[derive(clap::Args)]
struct ReplicateArgs {
    /// The game: shogi (the paper's 5e9 samples), minishogi (1e8) or judkins (1e8, this project's run: no
    /// paper counted it). --variant is the same.
    #[arg(long, visible_alias = "variant")]
    game: Game,
    /// The share of the paper's samples to draw, 0 < F <= 1 (default 1: the whole experiment).
    #[arg(long, default_value_t = 1.0)]
    fraction: f64,
    /// The folder of the shards' checkpoints; the same command continues from them.
    #[arg(long, default_value = "replicate")]
    dir: std::path::PathBuf,
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Shards (default: one per 2^24 samples); each is a file of --dir.
    #[arg(long)]
    shards: Option<u64>,
    /// Run only shard K (0-based) and print no tables: machines sharing --dir each run some.
    #[arg(long, value_name = "K")]
    shard: Option<u64>,
    /// Worker threads, 1 to 1024 (default: all cores).
    #[arg(long, value_parser = clap::value_parser!(u16).range(1..=1024))]
    threads: Option<u16>,
    #[arg(long)]
    json: bool,
    /// Seconds between checkpoints.
    #[arg(long, default_value_t = 60)]
    checkpoint_every: u64,
    /// Blocks of each shard file already in --dir to recompute before it is resumed or counted: K or auto
    /// (default: 2 of a file signed with this user's key, this program's own checkpoint; auto of any other).
    #[arg(long, value_name = "K|auto", value_parser = parse_verify)]
    verify: Option<VerifyCount>,
    /// Also write one CSV row per sample of the whole run to FILE, as `estimate --samples-out` does; each
    /// shard keeps its rows beside its checkpoint in --dir (`shard-K-of-M.csv`), resumed with it.
    #[arg(long, value_name = "FILE")]
    samples_out: Option<std::path::PathBuf>,
    /// Replace the --samples-out FILE if it exists.
    #[arg(long, requires = "samples_out")]
    force: bool,
}

impl ReplicateArgs {
    fn run(self) -> run::Result<()> {
        if self.samples_out.is_some() {
            // The run makes its folder; a --samples-out FILE in it is checked before the run.
            std::fs::create_dir_all(&self.dir).map_err(|e| format!("--dir {}: {e}", self.dir.display()))?;
        }
        let command = replicate::Replicate {
            fraction: self.fraction,
            seed: self.seed,
            dir: self.dir,
            shards: self.shards,
            only: self.shard,
            threads: self.threads.map(usize::from),
            json: self.json,
            checkpoint_every: std::time::Duration::from_secs(self.checkpoint_every),
            verify: self.verify,
            // Checked before the run; a run of one shard writes only the shard's rows.
            samples_out: match self.samples_out {
                Some(path) if self.shard.is_none() => {
                    Some(Some(save::OutputFile::new("--samples-out", path, self.force, vec![])?))
                }
                Some(_) => Some(None),
                None => None,
            },
        };
        dispatch(self.game, command)
    }
}

/// The position: on the command line (SFEN, its fields as one argument or several), or from a game
/// record (`--record FILE [--ply N]`).
///
/// Every position argument of every command reads its words so: an option after the position is an
/// option (`prove startpos --json`); the empty hand `-` is a word of the position (clap never takes a lone
/// `-` for an option), and so is a negative number, for the engine to refuse by name. Nothing else starts
/// with `-`: any other such word is an option, or an unknown one (`--` ends the options).
#[derive(clap::Args)]
struct PositionArgs {
    /// The position (SFEN or the reference format); its fields may be given as separate arguments.
    #[arg(required_unless_present = "record", num_args = 1.., allow_negative_numbers = true)]
    sfen: Vec<String>,
    /// A game record (KIF, KI2, CSA, USI, BOD or SFEN; UTF-8 or Shift_JIS) whose position to take.
    #[arg(long, value_name = "FILE", conflicts_with = "sfen")]
    record: Option<std::path::PathBuf>,
    /// The position after this many moves of the record (default: after the last).
    #[arg(long, value_name = "N")]
    ply: Option<usize>,
}

impl PositionArgs {
    /// The game (`--game`, else the record's, else Shogi) and where the position comes from.
    fn source(self, game: Option<Game>) -> run::Result<(Game, Source)> {
        Source::choose(game, self.sfen, self.record, self.ply)
    }
}

fn main() -> ExitCode {
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(e) if !e.use_stderr() => {
            // --help and --version.
            let _ = e.print();
            return ExitCode::SUCCESS;
        }
        Err(e) => {
            eprint!("{}", quote_arguments(&e.render().to_string()));
            return ExitCode::from(2);
        }
    };
    match run(cli.command) {
        Ok(()) | Err(Failure::PipeClosed) => ExitCode::SUCCESS,
        Err(Failure::Error(msg)) => {
            eprintln!("shogi-reach: {msg}");
            ExitCode::FAILURE
        }
    }
}

fn run(command: Command) -> run::Result<()> {
    match command {
        Command::Count { game: GameArg { game } } => dispatch(game, commands::Count),
        Command::Unrank { game: GameArg { game }, ranks } => dispatch(game, commands::Unrank(ranks)),
        Command::Rank { game: GameArg { game }, sfen } => dispatch(game, commands::RankOf(sfen.join(" "))),
        Command::Perft { game: GameArg { game }, depth, divide, sfen } => {
            dispatch(game, commands::Perft { depth, divide, sfen: sfen.join(" ") })
        }
        Command::Sample { game: GameArg { game }, count, seed, start } => {
            dispatch(game, commands::Sample { count, seed, start })
        }
        Command::Classify { game: GameArg { game }, max_nodes } => {
            dispatch(game, commands::Classify { options: exact(max_nodes) })
        }
        Command::Prove { game, json, max_nodes, start, position } => {
            let (game, source) = position.source(game)?;
            dispatch(
                game,
                commands::Prove { json, options: exact(Some(max_nodes)), source, start: start.start },
            )
        }
        Command::ProofGame(args) => args.run(),
        Command::Estimate(args) => args.run(),
        Command::Merge { json, verify, files } => run_merge(json, verify, &files),
        Command::Predecessors { game: GameArg { game }, json, piece, square, sfen } => {
            dispatch(game, retro::Predecessors { json, piece, square, sfen: sfen.join(" ") })
        }
        Command::Explain { game: GameArg { game }, json, max_nodes, start, sfen } => dispatch(
            game,
            retro::Explain { json, options: exact(Some(max_nodes)), start, sfen: sfen.join(" ") },
        ),
        Command::KingSquares { game: GameArg { game }, json, max_nodes, sfen } => {
            dispatch(game, retro::KingSquares { json, options: exact(Some(max_nodes)), sfen: sfen.join(" ") })
        }
        Command::Replicate(args) => args.run(),
        Command::Record { file, json } => record::run_record(&file, json),
        Command::Games { json } => games::run_games(json),
    }
}

/// The backward search's options for one position: the node cap, captures searched eagerly.
fn exact(max_nodes: Option<usize>) -> SearchOptions {
    SearchOptions { max_nodes, lazy_captures: false }
}

impl ProofGameArgs {
    fn run(self) -> run::Result<()> {
        let inputs: Vec<_> = self.position.record.iter().cloned().collect();
        let (game, source) = self.position.source(self.game)?;
        let output =
            self.output.map(|path| commands::output_file(path, game, self.force, inputs)).transpose()?;
        let command = commands::ProofGame {
            format: self.format,
            output,
            method: self.method,
            budget_positions: self.budget_positions,
            threads: self.threads.into(),
            time_limit: self.budget_ms.map(std::time::Duration::from_millis),
            options: exact(Some(self.max_nodes)),
            source,
            start: self.start.start,
        };
        dispatch(game, command)
    }
}

impl EstimateArgs {
    fn run(self) -> run::Result<()> {
        if self.force && self.checkpoint.is_none() && self.samples_out.is_none() {
            return Err("--force replaces the file of --checkpoint or --samples-out; neither is given".into());
        }
        // A resumed run replaces its rows file with those rows and more, once they are checked to be its own.
        let replace_rows = self.force || self.resume.is_some();
        let samples_out =
            self.samples_out.map(|path| save::OutputFile::new("--samples-out", path, replace_rows, vec![]));
        let command = estimate::Estimate {
            samples: self.samples,
            seed: self.seed,
            threads: self.threads.map(usize::from),
            shard: self.shard,
            options: SearchOptions { max_nodes: self.max_nodes, lazy_captures: true },
            json: self.json,
            checkpoint: self.checkpoint,
            force: self.force,
            checkpoint_every: std::time::Duration::from_secs(self.checkpoint_every),
            resume: self.resume,
            verify: self.verify,
            target_digits: self.target_digits,
            samples_out: samples_out.transpose()?,
        };
        dispatch(self.game.game, command)
    }
}

fn dispatch(game: Game, cmd: impl Run) -> run::Result<()> {
    shogi_reach_engine::with_game!(game, V => cmd.run::<V>())
}

/// `--max-nodes`: at least 1 (the root alone is one position).
fn parse_node_cap(s: &str) -> Result<usize, String> {
    match s.parse::<usize>() {
        Ok(n) if n >= 1 => Ok(n),
        _ => Err(format!("{:?}: a node cap is a whole number of positions, at least 1", quote(s))),
    }
}

/// A message of the argument parser with every long argument it repeats (whole, or the value of
/// `--name=value`) cut to [`QUOTE_LIMIT`] characters, as every other error quotes its input.
fn quote_arguments(message: &str) -> String {
    let mut long: Vec<String> = std::env::args_os()
        .skip(1)
        .map(|a| a.to_string_lossy().into_owned())
        .flat_map(|a| {
            let value = a.strip_prefix("--").and_then(|a| a.split_once('=')).map(|(_, v)| v.to_string());
            [Some(a), value].into_iter().flatten()
        })
        .filter(|a| a.chars().count() > QUOTE_LIMIT)
        .collect();
    long.sort_by_key(|a| std::cmp::Reverse(a.len()));
    long.iter().fold(message.to_string(), |m, a| m.replace(a.as_str(), &quote(a)))
}
