//! The side to move as a type ([`White`], [`Black`]) and the men's steps forward and back.

use crate::geometry::{NORTH, RANK_1, RANK_8, SOUTH, shift};

/// A side to move, as a type.
pub(crate) trait Side {
    /// The other side.
    type Other: Side;
    /// The direction of this side's men.
    const FWD: usize;
    /// The rank on which this side's men are crowned.
    const PROMO: u64;
    /// Whether this is Black.
    const BLACK: bool;
}

pub(crate) struct White;
pub(crate) struct Black;

impl Side for White {
    type Other = Black;
    const FWD: usize = NORTH;
    const PROMO: u64 = RANK_8;
    const BLACK: bool = false;
}

impl Side for Black {
    type Other = White;
    const FWD: usize = SOUTH;
    const PROMO: u64 = RANK_1;
    const BLACK: bool = true;
}

/// One step forward for the men of side `S`.
#[inline(always)]
pub(crate) fn fwd<S: Side>(bb: u64) -> u64 {
    if S::FWD == NORTH {
        shift::<NORTH>(bb)
    } else {
        shift::<SOUTH>(bb)
    }
}

/// One step backward for the men of side `S` (used to find the origin of a step).
#[inline(always)]
pub(crate) fn back<S: Side>(bb: u64) -> u64 {
    if S::FWD == NORTH {
        shift::<SOUTH>(bb)
    } else {
        shift::<NORTH>(bb)
    }
}
