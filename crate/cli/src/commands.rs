//! The commands on single positions and ranks: count, unrank, rank, perft, sample, classify, prove,
//! proof-game.

use crate::output::Output;
use crate::run::{for_each_input_line, parse_rank, position_arg, Result, Run};
use crate::save::OutputFile;
use crate::source::Source;
use shogi_reach_engine::ranking::rank;
use shogi_reach_engine::ranking::sample::RankSampler;
use shogi_reach_engine::reach::prove::prove_from;
use shogi_reach_engine::reach::search::{KkSearch, SearchOptions};
use shogi_reach_engine::reach::stage::{classify_rank, Classified, Stage};
use shogi_reach_engine::records::formats::export::{export, ExportFormat};
use shogi_reach_engine::rules;
use shogi_reach_engine::why::cause::{proof_causes, ProofWithCauses};
use shogi_reach_engine::Game;
use shogi_reach_engine::{MoveList, Position, Ranked};
use shogi_reach_proof_games::proof_game::{build_proof_game_from, Choice, ShortBudget};
use shogi_reach_proof_games::WithOpening;
use std::io::IsTerminal;
use std::path::PathBuf;

pub struct Count;
impl Run for Count {
    fn run<V: Ranked + WithOpening>(self) -> Result<()> {
        let mut out = Output::new();
        out.line(rank::candidate_count::<V>())?;
        out.finish()
    }
}

pub struct Unrank(pub Vec<String>);
impl Run for Unrank {
    fn run<V: Ranked + WithOpening>(self) -> Result<()> {
        let mut out = Output::new();
        let mut unrank = |text: &str| -> Result<()> {
            let pos = rank::unrank::<V>(parse_rank::<V>(text)?).map_err(|e| e.to_string())?;
            out.line(pos.to_sfen())
        };
        if self.0.is_empty() {
            for_each_input_line(unrank)?;
        } else {
            self.0.iter().try_for_each(|r| unrank(r))?;
        }
        out.finish()
    }
}

pub struct RankOf(pub String);
impl Run for RankOf {
    fn run<V: Ranked + WithOpening>(self) -> Result<()> {
        let pos = position_arg::<V>(&self.0)?;
        let mut out = Output::new();
        out.line(pos.rank().map_err(|e| e.to_string())?)?;
        out.finish()
    }
}

pub struct Perft {
    pub depth: u32,
    pub divide: bool,
    pub sfen: String,
}
impl Run for Perft {
    fn run<V: Ranked + WithOpening>(self) -> Result<()> {
        if self.depth > rules::MAX_PERFT_DEPTH {
            return Err(format!("perft depth {}: at most {}", self.depth, rules::MAX_PERFT_DEPTH).into());
        }
        let pos =
            if self.sfen.trim().is_empty() { Position::<V>::startpos() } else { position_arg(&self.sfen)? };
        if rules::in_check(&pos, pos.side_to_move().opponent()) {
            return Err(format!(
                "{}: the side not to move is in check (its king could be captured), so this is no position to \
                 count moves from",
                pos.to_sfen()
            )
            .into());
        }
        let mut out = Output::new();
        if self.depth == 0 {
            out.line(1)?;
            return out.finish();
        }
        let mut moves = MoveList::new();
        rules::legal_moves(&pos, &mut moves);
        // Long runs (depth 5 and more) show their progress over the first moves on a terminal.
        let bar = if self.depth >= 5 && std::io::stderr().is_terminal() {
            indicatif::ProgressBar::new(moves.len() as u64)
        } else {
            indicatif::ProgressBar::hidden()
        };
        let mut total = 0;
        for &m in moves.iter() {
            let n = rules::perft(&rules::play(&pos, m), self.depth - 1);
            total += n;
            bar.inc(1);
            if self.divide {
                out.line(format_args!("{} {n}", m.to_usi::<V>()))?;
            }
        }
        bar.finish_and_clear();
        if self.divide {
            out.line(format_args!("total {total}"))?;
        } else {
            out.line(total)?;
        }
        out.finish()
    }
}

pub struct Sample {
    pub count: u64,
    pub seed: u64,
    pub start: u64,
}
impl Run for Sample {
    fn run<V: Ranked + WithOpening>(self) -> Result<()> {
        let sampler = RankSampler::<V>::new(self.seed);
        let end = self.start.checked_add(self.count).ok_or("sample index range overflows")?;
        let mut out = Output::new();
        for i in self.start..end {
            out.line(sampler.rank(i))?;
        }
        out.finish()
    }
}

pub struct Classify {
    pub options: SearchOptions,
}
impl Run for Classify {
    fn run<V: Ranked + WithOpening>(self) -> Result<()> {
        let mut out = Output::new();
        let mut search = KkSearch::<V>::new();
        let mut header = Some(CLASSIFIED_HEADER);
        for_each_input_line(|line| {
            let r = parse_rank::<V>(line)?;
            let c = classify_rank::<V>(r, &mut search, self.options).map_err(|e| e.to_string())?;
            // With the first row: input refused at its first line prints nothing.
            if let Some(names) = header.take() {
                out.line(names)?;
            }
            out.line(format_args!("{r}\t{}", classified_columns(&c)))
        })?;
        out.finish()
    }
}

/// The header line of `classify`'s TSV: the names of [`classified_columns`] after the rank's.
const CLASSIFIED_HEADER: &str = "rank\tsfen\tstage\tn_prev\tsearch_pops\tsearch_nodes\tpath_plies\tgoal";

/// The oracle's columns after the rank: sfen, stage, n_prev, pops, nodes, path plies, goal (or
/// `maxdepth=D` for `reach`), empty where a stage was not reached.
fn classified_columns<V: Ranked>(c: &Classified<V>) -> String {
    let n_prev = c.n_prev.map(|n| n.to_string()).unwrap_or_default();
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
    format!("{}\t{}\t{n_prev}\t{pops}\t{nodes}\t{plies}\t{goal}", c.position.to_sfen(), c.stage)
}

pub struct Prove {
    pub json: bool,
    pub options: SearchOptions,
    pub source: Source,
    /// `--start`: the start's name or SFEN.
    pub start: Option<String>,
}
impl Run for Prove {
    fn run<V: Ranked + WithOpening>(self) -> Result<()> {
        let (pos, start) = self.source.position_from::<V>(self.start.as_deref())?;
        let proof = prove_from(&pos, &start, &mut KkSearch::<V>::new(), self.options);
        let mut out = Output::new();
        if self.json {
            let json = ProofWithCauses::of(&proof, &start);
            out.json(&json)?;
        } else {
            if !start.is_initial() {
                out.line(format!("start: {}", start.name()))?;
            }
            out.text(&proof.to_text())?;
            for cause in proof_causes(&proof, &start) {
                out.line(format!("cause: {}", cause.text::<V>()))?;
            }
        }
        out.finish()
    }
}

#[derive(Clone, Copy, clap::ValueEnum)]
pub enum GameFormat {
    Usi,
    Kif,
    Json,
}

#[derive(Clone, Copy, clap::ValueEnum)]
pub enum GameMethod {
    /// The short search within the budget and the KK route: the shorter game.
    Best,
    /// Only the short search.
    Short,
    /// Only the KK route.
    Kk,
}

pub struct ProofGame {
    pub format: GameFormat,
    /// A file to write the game to as well (checked), and the format its extension names.
    pub output: Option<(OutputFile, ExportFormat)>,
    pub method: GameMethod,
    /// The positions the short search may weigh (`None`: the game's default), and its threads.
    pub budget_positions: Option<usize>,
    pub threads: usize,
    /// A time limit for the short search, only when asked for (the game then depends on the machine).
    pub time_limit: Option<std::time::Duration>,
    pub options: SearchOptions,
    pub source: Source,
    /// `--start`: the start's name or SFEN.
    pub start: Option<String>,
}
impl Run for ProofGame {
    fn run<V: Ranked + WithOpening>(self) -> Result<()> {
        let (pos, start) = self.source.position_from::<V>(self.start.as_deref())?;
        let choice = match self.method {
            GameMethod::Best => Choice::Best,
            GameMethod::Short => Choice::Short,
            GameMethod::Kk => Choice::Kk,
        };
        let started = std::time::Instant::now();
        let spinner = if std::io::stderr().is_terminal() {
            indicatif::ProgressBar::new_spinner()
        } else {
            indicatif::ProgressBar::hidden()
        };
        let keep_going = |nodes: usize| {
            spinner.set_message(format!("short proof-game search: {nodes} positions"));
            spinner.tick();
            self.time_limit.is_none_or(|limit| started.elapsed() < limit)
        };
        let default = ShortBudget::of::<V>();
        let weighed = self.budget_positions.unwrap_or(default.weighed);
        let budget = ShortBudget { weighed, threads: self.threads };
        let mut search = KkSearch::<V>::new();
        let game = build_proof_game_from(&pos, &start, &mut search, self.options, choice, budget, keep_going)
            .map_err(|e| e.to_string())?;
        spinner.finish_and_clear();
        // Printed first: a file that cannot be written after all does not lose the search's result.
        let mut out = Output::new();
        match self.format {
            GameFormat::Usi => out.line(game.to_usi())?,
            GameFormat::Kif => out.text(&game.to_kif())?,
            GameFormat::Json => out.json(&game.to_json())?,
        }
        out.finish()?;
        if let Some((file, format)) = &self.output {
            let bytes = export(game.start.position(), &game.moves, *format, &game.comment())
                .map_err(|e| e.to_string())?;
            file.write(&bytes).map_err(|e| format!("the game is printed above, but not saved: {e}"))?;
        }
        Ok(())
    }
}

/// `path` and the export format its extension names (`kif`, `kifu`, `ki2`, `ki2u`, `usi`, `csa`, `bod`),
/// checked before any search, as the file is (see [`OutputFile::new`]): CSA records Shogi only.
pub fn output_file(
    path: PathBuf,
    game: Game,
    force: bool,
    inputs: Vec<PathBuf>,
) -> Result<(OutputFile, ExportFormat)> {
    let extension = path.extension().and_then(|e| e.to_str()).unwrap_or("");
    let format = ExportFormat::from_name(extension).map_err(|_| {
        format!(
            "{}: the file's extension names no format (.kif, .kifu, .ki2, .ki2u, .usi, .csa, .bod)",
            path.display()
        )
    })?;
    shogi_reach_engine::with_game!(game, V => format.check::<V>())
        .map_err(|e| format!("{}: {e}", path.display()))?;
    let file = OutputFile::new("--output", path, force, inputs).map_err(|e| match e {
        crate::run::Failure::Error(m) => {
            format!("{m} (found before the search: nothing was searched)").into()
        }
        other => other,
    })?;
    Ok((file, format))
}
