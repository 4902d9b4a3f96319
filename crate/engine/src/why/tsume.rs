//! Tsume set-ups (詰将棋): a position with Gote's king but none of Sente's, as problem composers write
//! them. Could it arise in a game? Only with Sente's king somewhere: every empty square is tried, the
//! position with the king there proved as any other, so each square the answer names is backed by a proof
//! (and each it rules out by its causes).

use crate::board::color::Color;
use crate::board::piece::{Kind, Piece, EMPTY};
use crate::board::position::{Position, PositionError, Setup};
use crate::board::start::Start;
use crate::board::variant::Variant;
use crate::reach::prove::{prove, Proof};
use crate::reach::search::{KkSearch, SearchOptions};
use crate::why::cause::{proof_causes, Cause, CauseJson};
use serde::Serialize;

/// Why a setup is no tsume set-up to place Sente's king in.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TsumeError {
    /// Sente's king is already on the board (or in a hand).
    SenteKingPresent,
    /// Gote's king is not on the board exactly once.
    NoGoteKing,
    /// With Sente's king placed, the setup is still no position (too many pieces of a kind, …).
    NotAPosition(PositionError),
}

impl std::fmt::Display for TsumeError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            TsumeError::SenteKingPresent => {
                f.write_str("Sente's king is already there: prove the position itself")
            }
            TsumeError::NoGoteKing => f.write_str("a tsume set-up has Gote's king on the board, once"),
            TsumeError::NotAPosition(e) => write!(f, "with Sente's king placed, still no position: {e}"),
        }
    }
}

impl std::error::Error for TsumeError {}

/// Sente's king tried on one square: the proof of the position with it there.
#[derive(Clone, Debug)]
pub struct KingSquare<V: Variant> {
    /// The square.
    pub square: usize,
    /// The proof of the position with Sente's king on it.
    pub proof: Proof<V>,
}

/// Sente's king tried on every empty square of `setup` (in reading order), each position proved within
/// `options` (`progress(done, total)` after each square).
pub fn king_squares<V: Variant>(
    setup: &Setup<V>,
    search: &mut KkSearch<V>,
    options: SearchOptions,
    mut progress: impl FnMut(usize, usize),
) -> Result<Vec<KingSquare<V>>, TsumeError> {
    let king = |c: Color| Piece::unpromoted(Kind::King, c).code();
    let board = setup.board.as_ref();
    if board.contains(&king(Color::Sente)) || setup.hands.iter().any(|h| h[Kind::King.index()] > 0) {
        return Err(TsumeError::SenteKingPresent);
    }
    if board.iter().filter(|&&c| c == king(Color::Gote)).count() != 1 {
        return Err(TsumeError::NoGoteKing);
    }
    let empty: Vec<usize> = (0..board.len()).filter(|&sq| board[sq] == EMPTY).collect();
    let mut out = Vec::with_capacity(empty.len());
    for (i, &square) in empty.iter().enumerate() {
        let mut placed = *setup;
        placed.board.as_mut()[square] = king(Color::Sente);
        let pos = Position::try_from(placed).map_err(TsumeError::NotAPosition)?;
        out.push(KingSquare { square, proof: prove(&pos, search, options) });
        progress(i + 1, empty.len());
    }
    Ok(out)
}

/// Where Sente's king can stand, as JSON (`shogi-reach king-squares --json`, the page's tsume answer).
#[derive(Clone, Debug, Serialize)]
pub struct KingSquaresJson {
    /// The squares where the position is reachable (USI), in reading order.
    pub reachable: Vec<String>,
    /// Every square tried, with its verdict.
    pub squares: Vec<KingSquareJson>,
}

/// One square tried. (Fields in the order of their names, as a JSON map keeps them.)
#[derive(Clone, Debug, Serialize)]
pub struct KingSquareJson {
    /// Why the position with the king there is unreachable (empty otherwise).
    pub causes: Vec<CauseJson>,
    /// The position with Sente's king there.
    pub sfen: String,
    /// The square (USI).
    pub square: String,
    /// The stage that decided.
    pub stage: &'static str,
    /// reachable, unreachable or unknown.
    pub verdict: &'static str,
}

/// The squares tried as JSON.
pub fn king_squares_json<V: Variant>(squares: &[KingSquare<V>]) -> KingSquaresJson {
    let name = |sq: usize| V::geometry().square_name(sq);
    let squares: Vec<KingSquareJson> = squares
        .iter()
        .map(|k| KingSquareJson {
            causes: proof_causes(&k.proof, &Start::initial()).iter().map(Cause::to_json::<V>).collect(),
            sfen: k.proof.position.to_sfen(),
            square: name(k.square),
            stage: k.proof.stage.name(),
            verdict: k.proof.stage.verdict().name(),
        })
        .collect();
    let reachable = squares.iter().filter(|s| s.verdict == "reachable").map(|s| s.square.clone()).collect();
    KingSquaresJson { reachable, squares }
}
