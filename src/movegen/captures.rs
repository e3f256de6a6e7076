//! The capture lists' entry points: [`gen_captures`] (the depth-first search, then the slow
//! searches if it gives up) and [`lone_kings_single_captures`], kings' single captures found
//! line by line without a search.

use core::marker::PhantomData;

use super::capture_sinks::Sink;
use super::memo::gen_captures_memo;
use super::rays::{can_jump, sees_capture};
use super::scratch::SearchScratch;
use super::search::{BUDGET, Search};
use super::side::Side;
use crate::Square;
use crate::geometry::{EAST, NORTH, RAYS, SOUTH, WEST, nearest, shift};
use crate::moves::{CaptureMoves, MAX_PATH, MoveList};

/// Replaces the contents of `out` with the legal captures: distinct by result, all of the
/// maximum length. Leaves `out` empty when there is no capture. `scratch`: the tables of the
/// slow search, if the caller owns them; `None` for the thread's own (see
/// [`SearchScratch`]).
pub(crate) fn gen_captures<S: Side, const CROWN: bool, K: Sink>(
    own: u64,
    opp: u64,
    kings: u64,
    out: &mut K,
    scratch: Option<&mut SearchScratch>,
) {
    out.clear();
    let mut search = Search::<S, CROWN, K, false> {
        own,
        opp,
        kings,
        from: 64,
        best: 0,
        // Used by the slow search only.
        full: 0,
        found_all: [0; 2],
        ends: 0,
        crowned: false,
        out,
        index: None,
        path: [Square::A1; MAX_PATH],
        memo: None,
        budget: BUDGET,
        aborted: false,
        long_list: false,
        side: PhantomData,
    };
    search.run(own, kings, None);
    if search.aborted {
        // Layers pay where the paths explode but the longest captures leave pieces; when the
        // plain search already found a capture of every piece, the memo table's depth-first
        // search stops as soon as no new move is possible, which layers cannot do.
        let layers = !search.long_list && search.best < opp.count_ones();
        gen_captures_memo::<S, CROWN, K>(own, opp, kings, search.out, layers, scratch);
    }
}

/// The captures of the kings when no man can capture and no king's capture goes on past its
/// first piece: each is one move, from the king over the nearest opponent piece of
/// a line to one of the empty squares behind it. Fills `out` and returns `true` then;
/// returns `false` (and leaves `out` to be refilled) as soon as a landing square could
/// capture again, the case of the full search. The moves come in the full search's order
/// (the kings by square, then north, east, south, west, then the landing squares by square),
/// and are distinct: each king and line gives one captured piece.
#[inline(always)]
pub(crate) fn lone_kings_single_captures<S: Side>(
    own: u64,
    opp: u64,
    kings: u64,
    out: &mut MoveList,
) -> bool {
    let mut k = own & kings;
    out.clear();
    while k != 0 {
        let from = k.trailing_zeros();
        k &= k - 1;
        // The king has left its square. (Each direction is its own code, with its shifts
        // and its end of the ray known.)
        let occ = (own | opp) & !(1 << from);
        if !lone_king_line::<S, NORTH>(from, occ, opp, kings, out)
            || !lone_king_line::<S, EAST>(from, occ, opp, kings, out)
            || !lone_king_line::<S, SOUTH>(from, occ, opp, kings, out)
            || !lone_king_line::<S, WEST>(from, occ, opp, kings, out)
        {
            return false;
        }
    }
    true
}

/// [`lone_kings_single_captures`] along one line, direction `D`, of the king on `from`
/// (`occ`: the occupied squares without it): adds the moves and returns `true`, or returns
/// `false` if a landing square could capture again.
#[inline(always)]
fn lone_king_line<S: Side, const D: usize>(
    from: u32,
    occ: u64,
    opp: u64,
    kings: u64,
    out: &mut MoveList,
) -> bool {
    let blk = RAYS[D][from as usize & 63] & occ;
    if blk == 0 {
        return true;
    }
    let p = nearest(blk, D);
    if opp & 1 << p == 0 {
        return true;
    }
    let live = opp & !(1 << p);
    let occ = occ & !(1 << p);
    let beyond = RAYS[D][p as usize & 63];
    let next = beyond & occ;
    let land = if next == 0 {
        beyond
    } else {
        let q = nearest(next, D);
        // Straight on over the next piece?
        if live & 1 << q != 0 && shift::<D>(1 << q) & !occ != 0 {
            return false;
        }
        beyond & !(RAYS[D][q as usize & 63] | 1 << q)
    };
    if land == 0 {
        return true;
    }
    // Sideways from a landing square: one square is two ray look-ups, more are two slides
    // (as in the search's jumps).
    let sideways = if land & (land - 1) == 0 {
        let at = land.trailing_zeros();
        can_jump(at, D ^ 1, live, occ) || can_jump(at, D ^ 3, live, occ)
    } else {
        sees_capture(land, D ^ 1, live, !occ) | sees_capture(land, D ^ 3, live, !occ) != 0
    };
    if sideways {
        return false;
    }
    let moves = CaptureMoves::new(S::BLACK, kings, from, 1 << p, false, &[]);
    let mut tos = land;
    while tos != 0 {
        out.push(moves.ending_on(tos.trailing_zeros()));
        tos &= tos - 1;
    }
    true
}
