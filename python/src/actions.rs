//! Positions and moves as numbers, for learning agents: piece planes and a fixed-size
//! action encoding, both from the point of view of one side.
//!
//! # Planes
//!
//! Four 8x8 planes of 0/1 (`int8`), indexed `[plane, row, column]`: own men, own kings, the
//! opponent's men, the opponent's kings. "Own" is the side the planes are drawn for (the
//! side to move unless told). Column 0 is file a. Row 0 is that side's own back rank: rank 1
//! for White, rank 8 for Black (the board is flipped top to bottom for Black, files keep
//! their places), so the side's men always move up the rows.
//!
//! # Actions
//!
//! `action = slot * 4096 + origin * 64 + destination`, with the squares numbered from the
//! side to move's view (`row * 8 + column` as in the planes: for Black, square `s` is
//! `s ^ 56`). Quiet moves and most captures are told apart by origin and destination alone
//! (slot 0). When several legal moves share origin and destination (captures that take
//! different pieces on the way), they are sorted by their captured set, drawn from the same
//! view, as a 64-bit number (then by crowning), and numbered 0, 1, 2, ... in that order:
//! that number is the slot. There are [`SLOTS`] slots, so [`ACTION_SIZE`] actions. A move
//! whose number among moves with its origin and destination is [`SLOTS`] or more has no
//! action (only contrived positions have one; see the package documentation).

use numpy::ndarray::Array3;
use numpy::{IntoPyArray, PyArray1, PyArray3};
use pyo3::prelude::*;
use turkish_draughts::{Color, Move, Position};

/// Moves that share origin and destination get numbers 0 to `SLOTS - 1`.
pub const SLOTS: usize = 4;
/// The number of actions: `SLOTS * 64 * 64`.
pub const ACTION_SIZE: usize = SLOTS * 64 * 64;

/// A square index seen from `side`: flipped top to bottom for Black.
fn view(index: u8, side: Color) -> usize {
    match side {
        Color::White => usize::from(index),
        Color::Black => usize::from(index ^ 56),
    }
}

/// The planes of `pos` for `side`, as `[plane][row][column]` flattened.
pub fn planes(pos: &Position, side: Color) -> [i8; 256] {
    let board = pos.board();
    let (own, opp, kings) = (board.by_color(side), board.by_color(!side), board.kings());
    let mut out = [0i8; 256];
    for (plane, set) in [own - kings, own & kings, opp - kings, opp & kings]
        .into_iter()
        .enumerate()
    {
        for sq in set {
            out[plane * 64 + view(sq.index(), side)] = 1;
        }
    }
    out
}

/// The planes as a NumPy array of shape (4, 8, 8).
pub fn planes_array<'py>(py: Python<'py>, pos: &Position, side: Color) -> Bound<'py, PyArray3<i8>> {
    let flat = planes(pos, side).to_vec();
    // 256 values always fill a 4x8x8 shape.
    match Array3::from_shape_vec((4, 8, 8), flat) {
        Ok(a) => a.into_pyarray(py),
        Err(_) => PyArray3::zeros(py, [4, 8, 8], false),
    }
}

/// The action of each move of `list` (legal moves of `pos`), in list order; `None` for a
/// move past the last slot.
pub fn actions(pos: &Position, list: &[Move]) -> Vec<Option<u32>> {
    let side = pos.turn();
    let key = |m: &Move| {
        let from = view(m.from().index(), side);
        let to = view(m.to().index(), side);
        let captured = match side {
            Color::White => m.captured().to_u64(),
            Color::Black => m.captured().to_u64().swap_bytes(),
        };
        (from * 64 + to, captured, m.is_crowning())
    };
    let mut order: Vec<(usize, u64, bool, usize)> = list
        .iter()
        .enumerate()
        .map(|(i, m)| {
            let (pair, captured, crowned) = key(m);
            (pair, captured, crowned, i)
        })
        .collect();
    order.sort_unstable();
    let mut out = vec![None; list.len()];
    let mut slot = 0;
    for (k, &(pair, _, _, i)) in order.iter().enumerate() {
        slot = if k > 0 && order[k - 1].0 == pair {
            slot + 1
        } else {
            0
        };
        if slot < SLOTS {
            out[i] = Some((slot * 4096 + pair) as u32);
        }
    }
    out
}

/// The legal-action mask: 1 for each action of a move in `list`.
pub fn mask_array<'py>(py: Python<'py>, pos: &Position, list: &[Move]) -> Bound<'py, PyArray1<i8>> {
    let mut mask = vec![0i8; ACTION_SIZE];
    for a in actions(pos, list).into_iter().flatten() {
        mask[a as usize] = 1;
    }
    PyArray1::from_vec(py, mask)
}
