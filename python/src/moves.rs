//! `Move`: a legal move as Python sees it.

use std::cmp::Ordering;
use std::hash::{Hash, Hasher};

use pyo3::exceptions::PyTypeError;
use pyo3::prelude::*;
use pyo3::types::{PyTuple, PyType};
use turkish_draughts::{FenError, Move, Position, Setup};

use crate::errors::{fen_error, parse_error, value_error};
use crate::names::{parse_rules, squares};

/// A legal move: origin, destination, the captured squares and whether the piece is crowned,
/// with one landing path for display.
///
/// Moves come from a board (`Board.legal_moves`, `Board.parse_move`, `Board.push_text`).
/// They are immutable; two moves are equal, and hash alike, when their results are (origin,
/// destination, captured set, crowning), whatever path they show. `str(move)` is the full
/// landing path: `d3-d4`, `c4xc6xe6`. Squares are numbers, 0 = a1 to 63 = h8.
///
/// A move keeps the position it was made in, so that `pickle` (and so `multiprocessing`)
/// and `copy` give back the same move, path included.
#[pyclass(frozen, eq, ord, hash, module = "turkish_draughts", name = "Move")]
pub struct PyMove(pub Move, pub Position);

impl PyMove {
    /// `mv`, a legal move of `before`.
    pub fn new(mv: Move, before: Position) -> PyMove {
        PyMove(mv, before)
    }
}

// A move compares, orders and hashes as the crate's `Move` does: by its result, whatever
// position it was made in.
impl PartialEq for PyMove {
    fn eq(&self, other: &PyMove) -> bool {
        self.0 == other.0
    }
}

impl Eq for PyMove {}

impl PartialOrd for PyMove {
    fn partial_cmp(&self, other: &PyMove) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for PyMove {
    fn cmp(&self, other: &PyMove) -> Ordering {
        self.0.cmp(&other.0)
    }
}

impl Hash for PyMove {
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.0.hash(state);
    }
}

/// The text of `mv`, a move of `pos`, with its full landing path (a capture too long for the
/// move to hold its path gets one from the position).
pub fn text_in(pos: &Position, mv: &Move) -> String {
    pos.move_text(mv)
        .map_or_else(|| mv.to_string(), |text| text.to_string())
}

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
        // (A capture too long for the move to hold its path gets one from its position.)
        self.1
            .path_of(&self.0)
            .map_or_else(|| vec![self.0.to()], |path| path.to_vec())
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
        text_in(&self.1, &self.0)
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

    /// Rebuilds a move from what `__reduce__` keeps: the FEN and rules of the position it
    /// was made in, and its full landing path.
    #[classmethod]
    fn _rebuild(cls: &Bound<'_, PyType>, fen: &str, rules: &str, text: &str) -> PyResult<PyMove> {
        let _ = cls;
        let rules = parse_rules(rules)?;
        let setup: Setup = fen.parse().map_err(fen_error)?;
        let before = Position::from_setup_relaxed(&setup, rules)
            .map_err(|e| fen_error(FenError::from(e)))?;
        let mv = before.parse_any_move(text).map_err(parse_error)?;
        let read = text_in(&before, &mv);
        if read != text {
            return Err(value_error(format!(
                "{text} reads as {read} in {fen}: not the move pickled"
            )));
        }
        Ok(PyMove(mv, before))
    }

    fn __reduce__<'py>(slf: &Bound<'py, Self>) -> PyResult<Bound<'py, PyTuple>> {
        let py = slf.py();
        let this = slf.get();
        let rebuild = slf.get_type().getattr("_rebuild")?;
        let args = (
            this.1.to_fen(),
            this.1.rules().name(),
            text_in(&this.1, &this.0),
        );
        PyTuple::new(py, [rebuild, args.into_pyobject(py)?.into_any()])
    }
}
