//! What a front end shows of each game, as one value: the board, the full set of pieces, the start and the
//! handicap starts, |P_K|, the papers' figures, and the method's stages and funnel rows. `shogi-reach games
//! --json` prints it, and the site's `www/js/game/games.generated.js` is it, written out (a CLI test
//! compares the two), so the page keeps no copy of its own.

use crate::board::piece::Kind;
use crate::board::variant::Game;
use crate::estimate::published::{published, Published};
use crate::estimate::tally::FUNNEL_ROWS;
use crate::ranking::rank::{candidate_count, Ranked};
use crate::reach::stage::Stage;
use crate::records::formats::export::ExportFormat;
use crate::records::notation::japanese::kanji::{named_pieces, piece_names, PieceNames, FILES, RANKS};
use serde::Serialize;
use std::collections::BTreeMap;

/// Every game's facts, and the method's.
#[derive(Clone, Debug, Serialize)]
pub struct Facts {
    /// [`Game::ALL`]'s, in its order.
    pub games: Vec<GameFacts>,
    /// The game meant where none is named ([`Game::default`]).
    pub default_game: &'static str,
    /// The stages in pipeline order.
    pub stages: Vec<StageFacts>,
    /// The rows of the papers' Table 1, and the stages whose samples each row removes.
    pub funnel: Vec<FunnelRow>,
    /// Every piece's names in Japanese, by SFEN token in upper case (`P`, `+P`).
    pub japanese_names: BTreeMap<String, PieceNames>,
    /// The files from 1 as Japanese text writes them (the ７ of ７六).
    pub japanese_files: String,
    /// The ranks from 1 (a) as Japanese text writes them (the 六 of ７六).
    pub japanese_ranks: String,
}

/// One game's facts.
#[derive(Clone, Debug, Serialize)]
pub struct GameFacts {
    /// [`Variant::NAME`](crate::Variant::NAME).
    pub name: &'static str,
    /// Files.
    pub width: usize,
    /// Ranks.
    pub height: usize,
    /// Whether the board has a centre file ([`Variant::has_centre_file`](crate::Variant::has_centre_file)):
    /// where K-canonical kings may stand, and whether the `flip` filter can reject a sample.
    pub centre_file: bool,
    /// The ranks of each side's promotion zone.
    pub zone: usize,
    /// The pieces of each kind in the full set, both sides together, by upper-case SFEN letter.
    pub pieces: BTreeMap<char, u8>,
    /// The start position (SFEN).
    pub start: &'static str,
    /// The start as a USI `position` command says it.
    pub usi_start: &'static str,
    /// The start's name in a KIF record's `手合割` line.
    pub kif_name: &'static str,
    /// The handicap starts records name: `{name (手合割), sfen}`.
    pub handicaps: Vec<NamedStart>,
    /// The formats the game's records are exported in, by their extensions (`kif`, …, `csa` for Shogi).
    pub export_formats: Vec<&'static str>,
    /// |P_K|, in decimal.
    pub candidates: String,
    /// What the papers published.
    pub published: Published,
}

/// A start position and its `手合割` name.
#[derive(Clone, Debug, Serialize)]
pub struct NamedStart {
    /// The `手合割`.
    pub name: &'static str,
    /// The position.
    pub sfen: &'static str,
}

/// A stage: its name, the verdict it ends in, and why, in words.
#[derive(Clone, Debug, Serialize)]
pub struct StageFacts {
    /// [`Stage::name`].
    pub name: &'static str,
    /// Its verdict's name.
    pub verdict: &'static str,
    /// [`Stage::describe`].
    pub describe: &'static str,
}

/// A row of Table 1.
#[derive(Clone, Debug, Serialize)]
pub struct FunnelRow {
    /// As the papers name it.
    pub row: &'static str,
    /// The stages whose samples it removes.
    pub removes: Vec<&'static str>,
}

/// The facts of every game and of the method.
pub fn facts() -> Facts {
    Facts {
        games: Game::ALL.into_iter().map(|game| crate::with_game!(game, V => game_facts::<V>())).collect(),
        default_game: Game::default().name(),
        stages: Stage::ALL.map(stage_facts).to_vec(),
        funnel: FUNNEL_ROWS
            .iter()
            .map(|(row, stages)| FunnelRow { row, removes: stages.iter().map(|s| s.name()).collect() })
            .collect(),
        japanese_names: named_pieces()
            .map(|(k, promoted)| {
                let token = format!("{}{}", if promoted { "+" } else { "" }, k.letter());
                (token, piece_names(k, promoted))
            })
            .collect(),
        japanese_files: FILES.iter().collect(),
        japanese_ranks: RANKS.iter().collect(),
    }
}

fn game_facts<V: Ranked>() -> GameFacts {
    GameFacts {
        name: V::NAME,
        width: V::W,
        height: V::H,
        centre_file: V::has_centre_file(),
        zone: V::ZONE,
        pieces: Kind::ALL.iter().map(|k| (k.letter(), V::TOTAL[k.index()])).collect(),
        start: V::START_SFEN,
        usi_start: V::USI_START,
        kif_name: V::KIF_HANDICAP,
        handicaps: V::HANDICAPS.iter().map(|&(name, sfen)| NamedStart { name, sfen }).collect(),
        export_formats: ExportFormat::of_game::<V>().into_iter().map(ExportFormat::extension).collect(),
        candidates: candidate_count::<V>().to_string(),
        published: published(V::GAME),
    }
}

fn stage_facts(stage: Stage) -> StageFacts {
    StageFacts { name: stage.name(), verdict: stage.verdict().name(), describe: stage.describe() }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::sfen::parse_position;
    use crate::board::variant::Judkins;
    use crate::{MiniShogi, Position, Shogi};

    #[test]
    fn each_games_facts_hold_for_its_start_position() {
        fn check<V: Ranked>(facts: &GameFacts) {
            let start = Position::<V>::startpos();
            assert_eq!(parse_position::<V>(facts.start).unwrap(), start);
            let on_board = (0..V::W * V::H).filter(|&sq| start.piece_at(sq).is_some()).count();
            assert_eq!(facts.pieces.values().map(|&n| n as usize).sum::<usize>(), on_board, "{}", facts.name);
            for h in &facts.handicaps {
                assert!(parse_position::<V>(h.sfen).is_ok(), "{}", h.name);
            }
        }
        let all = facts();
        assert_eq!(all.games.iter().map(|g| g.name).collect::<Vec<_>>(), ["shogi", "minishogi", "judkins"]);
        check::<Shogi>(&all.games[0]);
        check::<MiniShogi>(&all.games[1]);
        check::<Judkins>(&all.games[2]);
        assert_eq!(all.stages.len(), Stage::ALL.len());
        // The funnel removes each sample once: every stage a ranked candidate can end at but OK.
        let removed: Vec<&str> = all.funnel.iter().flat_map(|r| r.removes.clone()).collect();
        let ends: Vec<&str> =
            Stage::ALL.iter().filter(|s| !matches!(s, Stage::Count | Stage::Ok)).map(|s| s.name()).collect();
        assert_eq!(removed, ends);
    }
}
