//! `games`: each game's facts (the engine's `facts`), as text or as the JSON the site reads.

use crate::output::Output;
use crate::run::Result;
use shogi_reach_engine::facts::facts;

pub fn run_games(json: bool) -> Result<()> {
    let facts = facts();
    let mut out = Output::new();
    if json {
        out.json(&facts)?;
        return out.finish();
    }
    for g in &facts.games {
        let pieces: u32 = g.pieces.values().map(|&n| u32::from(n)).sum();
        out.line(format!(
            "{}: {}×{} board, promotion zone {} ranks, {pieces} pieces",
            g.name, g.width, g.height, g.zone
        ))?;
        out.line(format!("  start ({}): {}", g.kif_name, g.start))?;
        for h in &g.handicaps {
            out.line(format!("  {}: {}", h.name, h.sfen))?;
        }
        out.line(format!("  |P_K| = {}", g.candidates))?;
        let paper = &g.published.reachable;
        out.line(format!(
            "  published ({}): |R| ≈ {:e}, 3σ interval [{:e}, {:e}], {} samples",
            g.published.source.whose(),
            paper.estimate,
            paper.interval[0],
            paper.interval[1],
            g.published.samples
        ))?;
    }
    let stages: Vec<&str> = facts.stages.iter().map(|s| s.name).collect();
    out.line(format!("stages: {}", stages.join(", ")))?;
    out.finish()
}
