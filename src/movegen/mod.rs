//! Move generation on raw bitboards, seen from the side to move.
//!
//! Everything here works on three `u64`s: `own` (the pieces of the side to move), `opp` (the
//! other side's) and `kings` (the kings of both sides). The side is a type parameter and the
//! rule set a const parameter, so each of the four combinations is compiled on its own and
//! the rule set costs nothing at run time. Which of these a position needs is decided once,
//! in `position::generate`.
//!
//! The parts: this file (the side types), `counting` (set arithmetic: king rays, whether a
//! side can capture, counting without a search), `quiet` (the quiet moves), `men` (the
//! men's first jumps, path counting and their captures), `search` (the depth-first capture
//! search of men and kings, `gen_captures`), `memo` (the slow searches for positions whose
//! capture paths explode: the memo-table search, and the driver that tries kings by layers
//! first), `king_layers` (the layer search itself), `list_index` (the slow search's hash
//! index into a long list), `scratch` (the heap tables of those searches,
//! [`SearchScratch`], and each thread's own copy of them) and `capture_sinks` (where the
//! capture search's moves go: the list, perft's groups, the resolver).

use core::marker::PhantomData;

mod capture_sinks;
mod counting;
#[cfg(feature = "alloc")]
pub(crate) mod king_layers;
mod list_index;
mod memo;
mod men;
mod quiet;
pub(crate) mod scratch;
mod search;

// The parts' items, named: `pub(crate)` those the rest of the crate uses, private those the
// parts use of each other through `use super::*`.
pub(crate) use self::capture_sinks::{Groups, Resolve, Sink};
use self::counting::{can_jump, sees_capture};
pub(crate) use self::counting::{
    count_without_search, has_capture, king_reach, kings_can_capture, lone_king,
};
pub(crate) use self::list_index::{INDEX_SLOTS, Index};
use self::list_index::{PLAIN_LIST, lookup, move_key};
#[cfg(feature = "alloc")]
pub(crate) use self::memo::MEMO_SLOTS;
pub(crate) use self::memo::MemoSlot;
use self::memo::gen_captures_memo;
use self::men::count_man_paths;
pub(crate) use self::men::{
    for_each_first_jump, man_going_on, man_landings, men_captures, single_captures,
};
use self::quiet::sq;
pub(crate) use self::quiet::{for_each_quiet, gen_quiet, quiet_moves};
pub(crate) use self::scratch::SearchScratch;
use self::search::Search;
pub(crate) use self::search::{gen_captures, lone_kings_single_captures};

#[cfg(feature = "alloc")]
use self::king_layers::{Layers, NO_TRAIL};
use crate::geometry::{
    BIT, EAST, NORTH, RANK_1, RANK_8, RAYS, SOUTH, WEST, king_lines, nearest, shift, shift_dir,
    slide, slide_dir,
};
/// Without an allocator there are no layers: the slow search is depth-first throughout.
#[cfg(not(feature = "alloc"))]
enum Layers {}
use crate::moves::{CaptureMoves, Effect, MAX_PATH, Move, MoveList, Path};
use crate::spill::Spill;
use crate::{Bitboard, Square};

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
