//! Move generation on raw bitboards, seen from the side to move.
//!
//! Everything here works on three `u64`s: `own` (the pieces of the side to move), `opp` (the
//! other side's) and `kings` (the kings of both sides). The side is a type parameter and the
//! rule set a const parameter, so each of the four combinations is compiled on its own and
//! the rule set costs nothing at run time. Which of these a position needs is decided once,
//! in `position::generate`.
//!
//! The parts, each using the others by name, none in a circle: `side` (the side types) and
//! `rays` (kings' rays as sets: where a slide stops, whether a jump is open, whether kings
//! can capture) use no other part; `counting` (whether a side can capture, counting without
//! a search), `quiet` (the quiet moves), `men` (the men's first jumps, path counting and
//! their captures), `captures` (the capture lists' entry points: `gen_captures`, and kings'
//! single captures without a search), `search` (the depth-first capture search of men and
//! kings), `memo` (the slow searches for positions whose capture paths explode: the
//! memo-table search, and the driver that tries kings by layers first), `king_layers` (the
//! layer search itself), `list_index` (the slow search's hash index into a long list),
//! `scratch` (the tables of those searches: [`SearchScratch`] on the heap, each thread's own
//! copy, the memo table's slots) and `capture_sinks` (where the capture search's moves go:
//! the list, perft's groups, the resolver). This file only names what the rest of the crate
//! uses.

mod capture_sinks;
mod captures;
mod counting;
#[cfg(feature = "alloc")]
mod king_layers;
mod list_index;
mod memo;
mod men;
mod quiet;
mod rays;
pub(crate) mod scratch;
mod search;
mod side;

pub(crate) use self::capture_sinks::{Groups, Resolve};
pub(crate) use self::captures::{gen_captures, lone_kings_single_captures};
pub(crate) use self::counting::{count_without_search, has_capture};
pub(crate) use self::men::{
    for_each_first_jump, man_going_on, man_landings, men_captures, single_captures,
};
pub(crate) use self::quiet::{for_each_quiet, gen_quiet, quiet_moves};
pub(crate) use self::rays::{king_reach, kings_can_capture, lone_king};
pub(crate) use self::scratch::SearchScratch;
pub(crate) use self::side::{Black, Side, White};
