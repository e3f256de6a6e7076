//! Kings' rays as sets, which the searches, the counting and the quiet moves share: where a
//! king's slide stops, whether it can jump, whether kings can capture; and the square of a
//! bit's index. Uses no other part of move generation.

use crate::Square;
use crate::geometry::{
    EAST, NORTH, RAYS, SOUTH, WEST, king_lines, nearest, shift, shift_dir, slide, slide_dir,
};

/// The empty squares a king on `sq` reaches in direction `d` (stopping before any piece).
#[inline(always)]
pub(crate) fn king_reach(sq: u32, d: usize, occ: u64) -> u64 {
    let ray = RAYS[d][sq as usize];
    let blk = ray & occ;
    if blk == 0 {
        ray
    } else {
        let q = nearest(blk, d);
        ray & !(RAYS[d][q as usize] | 1 << q)
    }
}

/// The squares of `squares` from which a king looking in direction `d` sees, first, a piece of
/// `live` with an empty square right behind it: those that can capture in direction `d`.
#[inline(always)]
pub(super) fn sees_capture(squares: u64, d: usize, live: u64, empty: u64) -> u64 {
    let victims = live & shift_dir(empty, d ^ 2);
    squares & slide_dir(victims, empty, d ^ 2)
}

/// Whether a king on `at` can jump in direction `d`: the nearest piece that way is one of
/// `live` and the square behind it is empty.
#[inline(always)]
pub(super) fn can_jump(at: u32, d: usize, live: u64, occ: u64) -> bool {
    let blk = RAYS[d][at as usize & 63] & occ;
    blk != 0 && {
        let q = nearest(blk, d);
        live & 1 << q != 0 && shift_dir(1 << q, d) & !occ != 0
    }
}

/// Whether one of the kings `k` can capture.
#[inline(always)]
pub(crate) fn kings_can_capture(k: u64, opp: u64, empty: u64) -> bool {
    let rest = k & k.wrapping_sub(1);
    if rest & rest.wrapping_sub(1) == 0 {
        // One king or two: table look-ups, king by king.
        (k != 0 && lone_king(k.trailing_zeros(), opp, empty).1)
            || (rest != 0 && lone_king(rest.trailing_zeros(), opp, empty).1)
    } else {
        king_landings(k, king_slides(k, empty), opp) & empty != 0
    }
}

/// For a king on `at` (the other pieces are those not in `empty`): the empty squares it
/// slides to, and whether it can capture (the first piece it meets some way is one of `opp`
/// with an empty square behind it). Table look-ups: cheaper than slides for one or two
/// kings.
#[inline(always)]
pub(crate) fn lone_king(at: u32, opp: u64, empty: u64) -> (u64, bool) {
    let lines = king_lines(at, !empty);
    let rays = |d: usize| lines & opp & RAYS[d][at as usize & 63];
    let behind = shift::<NORTH>(rays(NORTH))
        | shift::<EAST>(rays(EAST))
        | shift::<SOUTH>(rays(SOUTH))
        | shift::<WEST>(rays(WEST));
    (lines & empty, behind & empty != 0)
}

/// The empty squares the kings `k` slide to, north, east, south and west.
#[inline(always)]
pub(super) fn king_slides(k: u64, empty: u64) -> [u64; 4] {
    [
        slide::<NORTH>(k, empty),
        slide::<EAST>(k, empty),
        slide::<SOUTH>(k, empty),
        slide::<WEST>(k, empty),
    ]
}

/// The squares just behind the opponent pieces (of `opp`) that the kings `k` run into at the
/// end of their slides: where a king lands if that square is empty.
#[inline(always)]
pub(super) fn king_landings(k: u64, [n, e, s, w]: [u64; 4], opp: u64) -> u64 {
    shift::<NORTH>(shift::<NORTH>(n | k) & opp)
        | shift::<EAST>(shift::<EAST>(e | k) & opp)
        | shift::<SOUTH>(shift::<SOUTH>(s | k) & opp)
        | shift::<WEST>(shift::<WEST>(w | k) & opp)
}

/// The square of bit `i` (its low six bits).
#[inline(always)]
pub(super) fn sq(i: u32) -> Square {
    Square::ALL[i as usize & 63]
}
