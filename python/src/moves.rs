//! `Move`: a legal move as Python sees it.

use pyo3::exceptions::PyTypeError;
use pyo3::prelude::*;
use turkish_draughts::Move;

use crate::board::*;

/// A legal move: origin, destination, the captured squares and whether the piece is crowned,
/// with one landing path for display.
///
/// Moves come from a board (`Board.legal_moves`, `Board.parse_move`, `Board.push_text`).
/// They are immutable; two moves are equal, and hash alike, when their results are (origin,
/// destination, captured set, crowning), whatever path they show. `str(move)` is the full
/// landing path: `d3-d4`, `c4xc6xe6`. Squares are numbers, 0 = a1 to 63 = h8.
#[pyclass(frozen, eq, ord, hash, module = "turkish_draughts", name = "Move")]
#[derive(PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct PyMove(pub Move);

#[pymethods]
impl PyMove {
    #[new]
    fn py_new() -> PyResult<Self> {
        Err(PyTypeError::new_err(
            "moves come from a board: Board.legal_moves, Board.parse_move or Board.push_text",
        ))
    }

    /// The square the piece starts from (0 = a1 ... 63 = h8).
    #[getter]
    fn origin(&self) -> u8 {
        self.0.from().index()
    }

    /// The square the piece ends on; it equals `origin` when a king captures round a loop.
    #[getter]
    fn destination(&self) -> u8 {
        self.0.to().index()
    }

    /// The squares of the captured pieces, ascending (empty for a quiet move).
    #[getter]
    fn captured(&self) -> Vec<u32> {
        squares(self.0.captured())
    }

    /// Every square the piece lands on, in order, after `origin`; the last is `destination`.
    #[getter]
    fn path(&self) -> Vec<u32> {
        self.0
            .path()
            .iter()
            .map(|sq| u32::from(sq.index()))
            .collect()
    }

    /// Whether the move captures.
    #[getter]
    fn is_capture(&self) -> bool {
        self.0.is_capture()
    }

    /// Whether a man is a king after the move.
    #[getter]
    fn is_crowning(&self) -> bool {
        self.0.is_crowning()
    }

    fn __str__(&self) -> String {
        self.0.to_string()
    }

    fn __repr__(&self) -> String {
        format!("{:?}", self.0)
    }

    fn __copy__(slf: PyRef<'_, Self>) -> PyRef<'_, Self> {
        slf
    }

    fn __deepcopy__<'py>(slf: PyRef<'py, Self>, _memo: &Bound<'py, PyAny>) -> PyRef<'py, Self> {
        slf
    }
}
