//! `Termination`: why a game ended, as python-chess names it.

use pyo3::prelude::*;
use turkish_draughts::{DrawReason, Outcome, WinReason};

/// Why a game ended. With `Outcome.winner` it says everything: `KING_AGAINST_LONE_MAN` is a
/// win under the default rules and a draw under the federation's.
#[pyclass(
    eq,
    eq_int,
    hash,
    frozen,
    module = "turkish_draughts",
    name = "Termination",
    rename_all = "SCREAMING_SNAKE_CASE"
)]
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Termination {
    /// The side to move has no legal move (no pieces, or all blocked) and loses.
    NoLegalMove = 1,
    /// A lone king against a lone man: a win under the default rules, a draw under the
    /// federation's.
    KingAgainstLoneMan = 2,
    /// One king each (default rules: when the side to move cannot capture): a draw.
    OneKingEach = 3,
    /// One man each (federation rules): a draw.
    OneManEach = 4,
    /// The same position with the same side to move for the third time: a draw.
    Repetition = 5,
    /// The board's no-progress limit was reached: a draw.
    NoProgress = 6,
    /// A reason this version of the package does not know.
    Other = 15,
}

impl Termination {
    pub fn of(outcome: Outcome) -> Termination {
        match outcome {
            Outcome::Win { reason, .. } => match reason {
                WinReason::NoLegalMove => Termination::NoLegalMove,
                WinReason::KingAgainstLoneMan => Termination::KingAgainstLoneMan,
                _ => Termination::Other,
            },
            Outcome::Draw { reason } => match reason {
                DrawReason::OneKingEach => Termination::OneKingEach,
                DrawReason::OneManEach => Termination::OneManEach,
                DrawReason::KingAgainstLoneMan => Termination::KingAgainstLoneMan,
                DrawReason::Repetition => Termination::Repetition,
                DrawReason::NoProgress => Termination::NoProgress,
                _ => Termination::Other,
            },
        }
    }
}
