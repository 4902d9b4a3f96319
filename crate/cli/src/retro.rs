//! The commands that look backwards: `predecessors` (every legal last move), `explain` (why a position
//! is unreachable, as a checked certificate) and `king-squares` (where Sente's king of a tsume set-up
//! could stand).

use crate::output::Output;
use crate::run::{position_arg, Result, Run};
use shogi_reach_engine::board::sfen::{parse_setup, quote};
use shogi_reach_engine::board::start::Start;
use shogi_reach_engine::reach::search::{KkSearch, SearchOptions};
use shogi_reach_engine::why::explanation::explain;
use shogi_reach_engine::why::retro::{
    last_moves_json, last_moves_text, legal_last_moves, predecessor_count, Filter,
};
use shogi_reach_engine::why::tsume::{king_squares, king_squares_json};
use shogi_reach_engine::{Kind, Ranked};
use shogi_reach_proof_games::WithOpening;

pub struct Predecessors {
    pub json: bool,
    /// A piece letter (`P`, `r`, …: the kind counts, not the case) to list only that kind's moves.
    pub piece: Option<String>,
    /// A USI square to list only the moves to or from it.
    pub square: Option<String>,
    pub sfen: String,
}

impl Predecessors {
    fn filter<V: Ranked>(&self) -> Result<Filter> {
        let kind =
            match &self.piece {
                None => None,
                Some(text) => {
                    let letter = text
                        .trim_start_matches('+')
                        .chars()
                        .next()
                        .filter(|_| text.trim_start_matches('+').len() == 1);
                    let kind = letter.and_then(|c| Kind::from_letter(c.to_ascii_uppercase()));
                    Some(kind.ok_or_else(|| {
                        format!("--piece {:?}: a piece letter (K R B G S N L P)", quote(text))
                    })?)
                }
            };
        let square = match &self.square {
            None => None,
            Some(text) => Some(V::geometry().parse_square(text).ok_or_else(|| {
                format!("--square {:?}: a square of this board in USI (e.g. 5e)", quote(text))
            })?),
        };
        Ok(Filter { kind, square })
    }
}

impl Run for Predecessors {
    fn run<V: Ranked + WithOpening>(self) -> Result<()> {
        let pos = position_arg::<V>(&self.sfen)?;
        let moves = legal_last_moves(&pos, self.filter::<V>()?).map_err(|e| e.to_string())?;
        let mut out = Output::new();
        if self.json {
            out.json(&last_moves_json(&moves))?;
        } else {
            out.line(format!("{} last moves, {} predecessors", moves.len(), predecessor_count(&moves)))?;
            out.text(&last_moves_text(&moves))?;
        }
        out.finish()
    }
}

pub struct Explain {
    pub json: bool,
    pub options: SearchOptions,
    /// `--start`: the start's name or SFEN.
    pub start: Option<String>,
    pub sfen: String,
}

impl Run for Explain {
    fn run<V: Ranked + WithOpening>(self) -> Result<()> {
        let pos = position_arg::<V>(&self.sfen)?;
        let start = Start::chosen(self.start.as_deref()).map_err(|e| format!("--start: {e}"))?;
        let explanation =
            explain(&pos, &start, &mut KkSearch::<V>::new(), self.options).map_err(|e| e.to_string())?;
        let mut out = Output::new();
        if self.json {
            out.json(&explanation.to_json())?;
        } else {
            out.text(&explanation.to_text())?;
        }
        out.finish()
    }
}

pub struct KingSquares {
    pub json: bool,
    pub options: SearchOptions,
    pub sfen: String,
}

impl Run for KingSquares {
    fn run<V: Ranked + WithOpening>(self) -> Result<()> {
        let setup = parse_setup::<V>(&self.sfen).map_err(|e| format!("{}: {e}", quote(&self.sfen)))?;
        let squares = king_squares(&setup, &mut KkSearch::<V>::new(), self.options, |_, _| {})
            .map_err(|e| e.to_string())?;
        let json = king_squares_json(&squares);
        let mut out = Output::new();
        if self.json {
            out.json(&json)?;
            return out.finish();
        }
        let tried = json.squares.len();
        out.line(format!(
            "Sente's king can stand on {} of the {tried} empty squares so that the position could arise in a game{}",
            json.reachable.len(),
            if json.reachable.is_empty() { "." } else { ":" }
        ))?;
        if !json.reachable.is_empty() {
            out.line(format!("  {}", json.reachable.join(" ")))?;
        }
        for square in json.squares.iter().filter(|s| s.verdict != "reachable") {
            let why = square.causes.first().map_or(square.verdict.to_string(), |c| c.text.clone());
            out.line(format!("not {}: {why}", square.square))?;
        }
        out.finish()
    }
}
