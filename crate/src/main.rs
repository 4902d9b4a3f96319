//! The `shogi-reach` command line.

use clap::{Parser, Subcommand, ValueEnum};
use shogi_reach::rank::{self, RankInt};
use shogi_reach::rules;
use shogi_reach::sample::RankSampler;
use shogi_reach::{MiniShogi, MoveList, Position, Shogi, Variant};
use std::io::{self, BufRead, BufWriter, Write};
use std::process::ExitCode;

#[derive(Parser)]
#[command(name = "shogi-reach", version, about = "Reachable positions of Shogi and Mini Shogi")]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Clone, Copy, ValueEnum)]
enum Game {
    Shogi,
    Minishogi,
}

#[derive(Subcommand)]
enum Command {
    /// Print |P_K|, the number of K-canonical candidate positions.
    Count {
        #[arg(long, value_enum, default_value = "shogi")]
        variant: Game,
    },
    /// Print the position (SFEN) of each rank; ranks from standard input when none are given.
    Unrank {
        #[arg(long, value_enum, default_value = "shogi")]
        variant: Game,
        #[arg(allow_hyphen_values = true)]
        ranks: Vec<String>,
    },
    /// Print the rank of a position (SFEN, or the reference's `board[hands] w` format).
    Rank {
        #[arg(long, value_enum, default_value = "shogi")]
        variant: Game,
        /// The position; its fields may be given as separate arguments.
        #[arg(required = true, num_args = 1.., allow_hyphen_values = true)]
        sfen: Vec<String>,
    },
    /// Count the leaves of the legal move tree (start position when no SFEN is given).
    Perft {
        #[arg(long, value_enum, default_value = "shogi")]
        variant: Game,
        #[arg(long)]
        depth: u32,
        /// Also print the count below each legal move.
        #[arg(long)]
        divide: bool,
        #[arg(num_args = 0.., allow_hyphen_values = true)]
        sfen: Vec<String>,
    },
    /// Print uniformly drawn ranks: sample i of a seed is the same everywhere (ChaCha8, stream i).
    Sample {
        #[arg(long, value_enum, default_value = "shogi")]
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
        Command::Sample { variant, count, seed, start } => {
            dispatch(variant, Sample { count, seed, start })
        }
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
    fn run<V: Variant>(self) -> Result<()>;
}

fn dispatch(game: Game, cmd: impl Run) -> Result<()> {
    match game {
        Game::Shogi => cmd.run::<Shogi>(),
        Game::Minishogi => cmd.run::<MiniShogi>(),
    }
}

fn out() -> BufWriter<io::StdoutLock<'static>> {
    BufWriter::new(io::stdout().lock())
}

fn io_err(e: io::Error) -> String {
    format!("writing output: {e}")
}

fn parse_rank<V: Variant>(text: &str) -> Result<V::Rank> {
    V::Rank::parse_decimal(text.trim())
        .ok_or_else(|| format!("not a rank (a non-negative decimal integer): {text:?}"))
}

fn parse_position<V: Variant>(text: &str) -> Result<Position<V>> {
    Position::from_sfen(text).map_err(|e| format!("bad position {text:?}: {e}"))
}

struct Count;
impl Run for Count {
    fn run<V: Variant>(self) -> Result<()> {
        println!("{}", rank::count::<V>());
        Ok(())
    }
}

struct Unrank(Vec<String>);
impl Run for Unrank {
    fn run<V: Variant>(self) -> Result<()> {
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
    fn run<V: Variant>(self) -> Result<()> {
        let pos = parse_position::<V>(&self.0)?;
        println!("{}", pos.rank().map_err(|e| e.to_string())?);
        Ok(())
    }
}

struct Perft {
    depth: u32,
    divide: bool,
    sfen: String,
}
impl Run for Perft {
    fn run<V: Variant>(self) -> Result<()> {
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
    fn run<V: Variant>(self) -> Result<()> {
        let sampler = RankSampler::<V>::new(self.seed);
        let mut w = out();
        let end = self.start.checked_add(self.count).ok_or("sample index range overflows")?;
        for i in self.start..end {
            writeln!(w, "{}", sampler.rank(i)).map_err(io_err)?;
        }
        Ok(())
    }
}
