//! `Outcome`: how a game ended.

use pyo3::prelude::*;
use turkish_draughts::{Color, GameResult, Outcome};

use crate::termination::*;

/// How a game ended: `winner` (`True` White, `False` Black, `None` a draw), `termination`
/// and `result()`, the PDN result text.
#[pyclass(frozen, eq, module = "turkish_draughts", name = "Outcome")]
#[derive(PartialEq, Eq)]
pub struct PyOutcome(pub Outcome);

#[pymethods]
impl PyOutcome {
    /// `True` if White won, `False` if Black won, `None` for a draw.
    #[getter]
    fn winner(&self) -> Option<bool> {
        self.0.winner().map(|c| c == Color::White)
    }

    /// Why the game ended.
    #[getter]
    fn termination(&self) -> Termination {
        Termination::of(self.0)
    }

    /// The PDN result: `"2-0"` (White won), `"0-2"` (Black won) or `"1-1"` (a draw).
    fn result(&self) -> &'static str {
        GameResult::from(self.0).as_str()
    }

    fn __str__(&self) -> String {
        self.0.to_string()
    }

    fn __repr__(&self) -> String {
        let winner = match self.winner() {
            Some(true) => "True",
            Some(false) => "False",
            None => "None",
        };
        let termination = match self.termination() {
            Termination::NoLegalMove => "NO_LEGAL_MOVE",
            Termination::KingAgainstLoneMan => "KING_AGAINST_LONE_MAN",
            Termination::OneKingEach => "ONE_KING_EACH",
            Termination::OneManEach => "ONE_MAN_EACH",
            Termination::Repetition => "REPETITION",
            Termination::NoProgress => "NO_PROGRESS",
            Termination::Other => "OTHER",
        };
        format!("Outcome(winner={winner}, termination=Termination.{termination})")
    }
}
