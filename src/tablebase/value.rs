//! Value codes: one `u16` for a position's value and distance, as the builder keeps them and
//! the DTW files store them. `0` is a draw, `2d + 1` a win in `d` plies, `2d + 2` a loss in
//! `d` plies (for the side to move).

use super::Wdl;

/// A draw.
pub(crate) const DRAW: u16 = 0;

/// A win in `d` plies.
#[inline]
pub(crate) const fn win(d: u16) -> u16 {
    2 * d + 1
}

/// A loss in `d` plies.
#[inline]
pub(crate) const fn loss(d: u16) -> u16 {
    2 * d + 2
}

/// The value of a code and its distance (`None` for a draw).
#[inline]
pub(crate) const fn decode(code: u16) -> (Wdl, Option<u16>) {
    if code == DRAW {
        (Wdl::Draw, None)
    } else if code % 2 == 1 {
        (Wdl::Win, Some((code - 1) / 2))
    } else {
        (Wdl::Loss, Some((code - 2) / 2))
    }
}

/// The WDL file's symbol of a code: 0 draw, 1 win, 2 loss.
#[inline]
pub(crate) const fn wdl_symbol(code: u16) -> u16 {
    if code == DRAW { 0 } else { 2 - code % 2 }
}

/// The value of a WDL symbol (0 draw, 1 win, 2 loss).
#[inline]
pub(crate) const fn wdl_of_symbol(s: u16) -> Wdl {
    match s {
        1 => Wdl::Win,
        2 => Wdl::Loss,
        _ => Wdl::Draw,
    }
}
