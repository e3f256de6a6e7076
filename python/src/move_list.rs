//! `MoveList`: the legal moves of a board, a sequence of `Move`s.

use std::cell::RefCell;
use std::ops::ControlFlow;

use pyo3::exceptions::{PyIndexError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::PyList;
use turkish_draughts::{Move, MoveList, Position};

use crate::moves::*;

/// The legal moves of a position, as `Board.legal_moves` gives them: a read-only sequence
/// (`len`, indexing and slices, iteration, `in`, `index`, `count`), equal to a list of the
/// same moves. It is a snapshot: later moves on the board do not change it. The moves are
/// kept in Rust and become `Move` objects only when they are read, so listing the moves
/// of a position costs little more than generating them.
#[pyclass(
    frozen,
    sequence,
    freelist = 64,
    module = "turkish_draughts",
    name = "MoveList"
)]
pub struct PyMoveList(Vec<Move>, Position);

// The move buffers of dropped `MoveList`s, kept by each thread for its next ones. A buffer
// taken from here is filled by the move generator straight away: no `malloc` and `free`
// (the moves of a game position take about 600 bytes, past glibc's per-thread caches of
// up to 1 KB) and no copy from a list on the stack. Per thread, not behind a lock: the
// atomic operations of a `Mutex` cost more time than they save, although fewer
// instructions. At most `KEPT` buffers of at most `KEPT_MOVES` moves each.
thread_local! {
    static BUFFERS: RefCell<Vec<Vec<Move>>> = const { RefCell::new(Vec::new()) };
}

/// The most buffers a thread keeps.
const KEPT: usize = 64;

/// The largest buffer kept, in moves: 1.5 KB, room for the moves of 98 % of the positions
/// of tests/data/game-positions.fen. So a `MoveList` holds at most that much room beyond
/// its moves.
const KEPT_MOVES: usize = 32;

impl PyMoveList {
    /// The legal moves of `pos`, in the order of `Position::legal_moves`.
    pub fn generate(pos: &Position) -> PyMoveList {
        // `try_with`: no buffer while the thread's own are being dropped (at its end).
        let buffer = BUFFERS
            .try_with(|kept| kept.try_borrow_mut().ok().and_then(|mut kept| kept.pop()))
            .ok()
            .flatten();
        match buffer {
            Some(mut moves) => {
                // Room for the moves of nearly every position, so that the buffer seldom
                // grows while it is filled (nothing to do once it has that room).
                moves.reserve(KEPT_MOVES);
                let _ = pos.for_each_legal_move(|m| {
                    moves.push(m);
                    ControlFlow::<()>::Continue(())
                });
                PyMoveList(moves, *pos)
            }
            None => {
                let mut list = MoveList::new();
                pos.legal_moves_into(&mut list);
                PyMoveList(list.to_vec(), *pos)
            }
        }
    }

    /// A list of no moves, of `pos`.
    pub fn empty(pos: Position) -> PyMoveList {
        PyMoveList(Vec::new(), pos)
    }

    fn moves(&self) -> &[Move] {
        &self.0
    }

    fn objects<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
        PyList::new(py, self.moves().iter().map(|m| PyMove::new(*m, self.1)))
    }

    fn find(&self, m: &Bound<'_, PyAny>) -> Option<usize> {
        let m = m.cast::<PyMove>().ok()?;
        let m = m.get().0;
        self.moves().iter().position(|x| *x == m)
    }
}

impl Drop for PyMoveList {
    fn drop(&mut self) {
        let capacity = self.0.capacity();
        if capacity == 0 || capacity > KEPT_MOVES {
            return;
        }
        let _ = BUFFERS.try_with(|kept| {
            if let Ok(mut kept) = kept.try_borrow_mut() {
                if kept.len() < KEPT {
                    let mut moves = std::mem::take(&mut self.0);
                    moves.clear();
                    kept.push(moves);
                }
            }
        });
    }
}

#[pymethods]
impl PyMoveList {
    fn __len__(&self) -> usize {
        self.moves().len()
    }

    fn __bool__(&self) -> bool {
        !self.moves().is_empty()
    }

    fn __getitem__<'py>(&self, index: &Bound<'py, PyAny>) -> PyResult<Bound<'py, PyAny>> {
        let py = index.py();
        if let Ok(i) = index.extract::<isize>() {
            let n = self.moves().len() as isize;
            let k = if i < 0 { i + n } else { i };
            if !(0..n).contains(&k) {
                return Err(PyIndexError::new_err("move index out of range"));
            }
            let m = PyMove::new(self.moves()[k as usize], self.1);
            return Ok(Bound::new(py, m)?.into_any());
        }
        // A slice (or anything a list takes): a list of the moves.
        self.objects(py)?.as_any().get_item(index)
    }

    fn __iter__<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        Ok(self.objects(py)?.as_any().try_iter()?.into_any())
    }

    fn __contains__(&self, m: &Bound<'_, PyAny>) -> bool {
        self.find(m).is_some()
    }

    /// The position of `move` in the list; `ValueError` if it is not there.
    #[pyo3(signature = (r#move, /))]
    fn index(&self, r#move: &Bound<'_, PyAny>) -> PyResult<usize> {
        self.find(r#move)
            .ok_or_else(|| PyValueError::new_err("the move is not in the list"))
    }

    /// How many times `move` is in the list (0 or 1: moves are listed once).
    #[pyo3(signature = (r#move, /))]
    fn count(&self, r#move: &Bound<'_, PyAny>) -> usize {
        usize::from(self.find(r#move).is_some())
    }

    /// Equal to another `MoveList` or to any sequence of the same moves in the same order.
    fn __eq__(&self, other: &Bound<'_, PyAny>) -> PyResult<bool> {
        if let Ok(other) = other.cast::<PyMoveList>() {
            return Ok(self.moves() == other.get().moves());
        }
        let Ok(n) = other.len() else {
            return Ok(false);
        };
        if n != self.moves().len() {
            return Ok(false);
        }
        for (i, item) in other.try_iter()?.enumerate() {
            let item = item?;
            match item.cast::<PyMove>() {
                Ok(m) if m.get().0 == self.moves()[i] => {}
                _ => return Ok(false),
            }
        }
        Ok(true)
    }

    fn __repr__(&self) -> String {
        let items: Vec<String> = self.moves().iter().map(|m| format!("{m:?}")).collect();
        format!("MoveList([{}])", items.join(", "))
    }
}
