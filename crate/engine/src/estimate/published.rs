//! The figures Ishii & Tanaka published for each game (`data/published.json`, transcribed by hand: see its
//! `about` and each game's `citation`), for `replicate`'s tables and the site's.

use crate::board::variant::Game;
use serde::{Deserialize, Serialize};

const PUBLISHED: &str = include_str!("../../data/published.json");

/// Who published a game's figures.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Source {
    /// Ishii & Tanaka's papers (Shogi, Mini Shogi).
    Paper,
    /// This project's own run, for a game no paper counted (Judkins shogi): docs/ says how it was made.
    ThisProject,
}

impl Source {
    /// Whose figures, in words: `the paper`, or `this project's run`.
    pub fn whose(self) -> &'static str {
        match self {
            Source::Paper => "the paper",
            Source::ThisProject => "this project's run",
        }
    }

    /// The name of the published figures' column or row beside a run's: `paper`, or `published`.
    pub fn column(self) -> &'static str {
        match self {
            Source::Paper => "paper",
            Source::ThisProject => "published",
        }
    }
}

/// What one paper (or, for a game no paper counted, this project) published for one game.
#[derive(Clone, Debug, Deserialize, Serialize)]
pub struct Published {
    /// Who published it.
    pub source: Source,
    /// Authors, title, where, and which tables.
    pub citation: String,
    /// Table 1: samples left after each check, as the engine names the checks.
    pub funnel: Vec<(String, u64)>,
    /// Samples drawn.
    pub samples: u64,
    /// How they were drawn, in words.
    pub sampling: String,
    /// The paper's own words on p and |R|.
    pub statement: String,
    /// Table 2: unreachable samples by the most plies traced back.
    pub traced_back: Vec<u64>,
    /// |R| and its 3σ interval, as numbers.
    pub reachable: PublishedEstimate,
}

/// A published estimate of |R|.
#[derive(Clone, Copy, Debug, Deserialize, Serialize)]
pub struct PublishedEstimate {
    /// |R|.
    pub estimate: f64,
    /// Its 3σ interval.
    pub interval: [f64; 2],
}

/// The published figures for `game`.
pub fn published(game: Game) -> Published {
    let all: serde_json::Value = serde_json::from_str(PUBLISHED).expect("data/published.json is JSON");
    serde_json::from_value(all[game.name()].clone()).expect("data/published.json has every game")
}

/// Why a fraction of a paper's samples is no run.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum FractionError {
    /// Not in (0, 1].
    OutOfRange(f64),
    /// So small a share of the paper's samples that it rounds to none.
    NoSample {
        /// The fraction asked for.
        fraction: f64,
        /// The paper's samples.
        paper_samples: u64,
    },
}

impl std::fmt::Display for FractionError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            FractionError::OutOfRange(fraction) => {
                write!(f, "--fraction {fraction}: a share of the paper's samples, 0 < F <= 1")
            }
            FractionError::NoSample { fraction, paper_samples } => {
                write!(f, "--fraction {fraction} of {paper_samples} samples is no sample")
            }
        }
    }
}

impl std::error::Error for FractionError {}

/// The samples a paper drew a fraction of: at least one.
pub fn samples_of(paper_samples: u64, fraction: f64) -> Result<u64, FractionError> {
    if !(fraction > 0.0 && fraction <= 1.0) {
        return Err(FractionError::OutOfRange(fraction));
    }
    let samples = (paper_samples as f64 * fraction).round() as u64;
    if samples == 0 {
        return Err(FractionError::NoSample { fraction, paper_samples });
    }
    Ok(samples)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::estimate::tally::FUNNEL_ROWS;

    #[test]
    fn every_game_has_its_figures_with_the_engines_funnel_rows_and_an_interval_around_its_estimate() {
        for game in Game::ALL {
            let paper = published(game);
            let rows: Vec<&str> = paper.funnel.iter().map(|(row, _)| row.as_str()).collect();
            let engine: Vec<&str> = FUNNEL_ROWS.iter().map(|(row, _)| *row).collect();
            assert_eq!(rows, engine, "{game}");
            assert_eq!(paper.funnel[0].1, paper.samples, "{game}");
            let [low, high] = paper.reachable.interval;
            assert!(low < paper.reachable.estimate && paper.reachable.estimate < high, "{game}");
        }
    }

    #[test]
    fn fractions_round_to_at_least_one_sample() {
        assert_eq!(samples_of(100_000_000, 1e-4), Ok(10_000));
        assert_eq!(samples_of(5_000_000_000, 1.0), Ok(5_000_000_000));
        assert_eq!(
            samples_of(100, 1e-3),
            Err(FractionError::NoSample { fraction: 1e-3, paper_samples: 100 })
        );
        assert_eq!(samples_of(100, -0.5), Err(FractionError::OutOfRange(-0.5)));
    }
}
