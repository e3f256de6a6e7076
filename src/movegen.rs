//! Move generation on raw bitboards, seen from the side to move.
//!
//! Everything here works on three `u64`s: `own` (the pieces of the side to move), `opp` (the
//! other side's) and `kings` (the kings of both sides). The side is a type parameter and the
//! rule set a const parameter, so each of the four combinations is compiled on its own and
//! the rule set costs nothing at run time.

use core::marker::PhantomData;

use crate::bitboard::{
    nearest, shift, shift_dir, slide, EAST, NORTH, RANK_1, RANK_8, RAYS, SOUTH, WEST,
};
use crate::moves::{Move, MoveList, MAX_PATH};
use crate::{Bitboard, Square};

/// A side to move, as a type.
pub(crate) trait Side {
    /// The other side.
    type Other: Side;
    /// The direction of this side's men.
    const FWD: usize;
    /// The rank on which this side's men are crowned.
    const PROMO: u64;
}

pub(crate) struct White;
pub(crate) struct Black;

impl Side for White {
    type Other = Black;
    const FWD: usize = NORTH;
    const PROMO: u64 = RANK_8;
}

impl Side for Black {
    type Other = White;
    const FWD: usize = SOUTH;
    const PROMO: u64 = RANK_1;
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

/// Whether the side to move has a capture. Pure set arithmetic, no loop over pieces.
#[inline(always)]
pub(crate) fn has_capture<S: Side>(own: u64, opp: u64, kings: u64) -> bool {
    let empty = !(own | opp);
    let men = own & !kings;
    let man_caps = (fwd::<S>(fwd::<S>(men) & opp)
        | shift::<EAST>(shift::<EAST>(men) & opp)
        | shift::<WEST>(shift::<WEST>(men) & opp))
        & empty;
    if man_caps != 0 {
        return true;
    }
    let k = own & kings;
    if k == 0 {
        return false;
    }
    let n = shift::<NORTH>(shift::<NORTH>(slide::<NORTH>(k, empty) | k) & opp);
    let e = shift::<EAST>(shift::<EAST>(slide::<EAST>(k, empty) | k) & opp);
    let s = shift::<SOUTH>(shift::<SOUTH>(slide::<SOUTH>(k, empty) | k) & opp);
    let w = shift::<WEST>(shift::<WEST>(slide::<WEST>(k, empty) | k) & opp);
    (n | e | s | w) & empty != 0
}

/// The number of quiet moves, by set arithmetic (each empty square is reached by at most one
/// king from each direction, so the slides of all kings together count every king move once).
#[inline(always)]
pub(crate) fn count_quiet<S: Side>(own: u64, opp: u64, kings: u64) -> u64 {
    let empty = !(own | opp);
    let men = own & !kings;
    let mut n = (fwd::<S>(men) & empty).count_ones()
        + (shift::<EAST>(men) & empty).count_ones()
        + (shift::<WEST>(men) & empty).count_ones();
    let k = own & kings;
    if k != 0 {
        n += slide::<NORTH>(k, empty).count_ones()
            + slide::<EAST>(k, empty).count_ones()
            + slide::<SOUTH>(k, empty).count_ones()
            + slide::<WEST>(k, empty).count_ones();
    }
    u64::from(n)
}

/// Calls `f(from, to)` for every quiet move (`from`, `to` as single-bit sets).
#[inline(always)]
pub(crate) fn for_each_quiet<S: Side>(own: u64, opp: u64, kings: u64, mut f: impl FnMut(u64, u64)) {
    let empty = !(own | opp);
    let men = own & !kings;
    let mut t = fwd::<S>(men) & empty;
    while t != 0 {
        let tb = t & t.wrapping_neg();
        t ^= tb;
        f(back::<S>(tb), tb);
    }
    let mut t = shift::<WEST>(men) & empty;
    while t != 0 {
        let tb = t & t.wrapping_neg();
        t ^= tb;
        f(tb << 1, tb);
    }
    let mut t = shift::<EAST>(men) & empty;
    while t != 0 {
        let tb = t & t.wrapping_neg();
        t ^= tb;
        f(tb >> 1, tb);
    }
    let occ = own | opp;
    let mut ks = own & kings;
    while ks != 0 {
        let k = ks.trailing_zeros();
        ks &= ks - 1;
        for d in 0..4 {
            let mut t = king_reach(k, d, occ);
            while t != 0 {
                let tb = t & t.wrapping_neg();
                t ^= tb;
                f(1 << k, tb);
            }
        }
    }
}

/// Pushes every quiet move onto `out`.
pub(crate) fn gen_quiet<S: Side>(own: u64, opp: u64, kings: u64, out: &mut MoveList) {
    for_each_quiet::<S>(own, opp, kings, |f, t| {
        let crowned = f & kings == 0 && t & S::PROMO != 0;
        out.push(Move::quiet(
            sq(f.trailing_zeros()),
            sq(t.trailing_zeros()),
            crowned,
        ));
    });
}

#[inline(always)]
fn sq(i: u32) -> Square {
    Square::ALL[i as usize & 63]
}

/// "No previous jump" as a direction: `NONE ^ 2` is no direction either.
const NONE: usize = 4;

/// Work budget of the plain search, in king states visited past the first jump. Positions
/// that need more are searched again with the memo table, which explores each state once.
const BUDGET: u32 = 2_000;

/// log2 of the number of slots of the memo table.
const MEMO_BITS: u32 = 13;

/// A direct-mapped table of explored capture states. It is a cache: a state pushed out by
/// another is explored again, which repeats work but never changes the result (results are
/// deduplicated on insertion).
struct Memo {
    removed: [u64; 1 << MEMO_BITS],
    tag: [u32; 1 << MEMO_BITS],
}

/// The depth-first capture search from one piece.
struct Search<'a, S: Side, const CROWN: bool> {
    /// The moving side's other pieces (the mover has left its square).
    own: u64,
    /// The opponent's pieces when the move starts.
    opp: u64,
    from: u32,
    /// The largest number of captures found so far; `out` holds only moves of that length.
    best: u32,
    /// The number of opponent pieces: no move captures more.
    full: u32,
    /// The destinations of the moves found from `from` that capture every opponent piece,
    /// indexed by `crowned`. When `best == full` and every square the mover could end on is
    /// in here, a state cannot add a new move.
    found_all: [u64; 2],
    out: &'a mut MoveList,
    path: [Square; MAX_PATH],
    memo: Option<&'a mut Memo>,
    budget: u32,
    aborted: bool,
    side: PhantomData<S>,
}

impl<S: Side, const CROWN: bool> Search<'_, S, CROWN> {
    fn emit(&mut self, to: u32, removed: u64, depth: u32, crowned: bool) {
        if depth < self.best || depth == 0 {
            return;
        }
        if depth > self.best {
            self.out.clear();
            self.best = depth;
        }
        if depth == self.full {
            self.found_all[usize::from(crowned)] |= 1 << to;
        }
        let (from, to, captured) = (sq(self.from), sq(to), Bitboard::from_u64(removed));
        if self
            .out
            .iter()
            .any(|m| m.captured == captured && m.to == to && m.from == from && m.crowned == crowned)
        {
            return;
        }
        self.out.push(Move {
            captured,
            from,
            to,
            crowned,
            len: depth as u8,
            path: self.path,
        });
    }

    /// Whether the state was explored before (and records it if not). Without a memo table it
    /// spends budget instead, and aborts the search when the budget is gone.
    fn seen(&mut self, at: u32, removed: u64, last: usize, skip: bool, crowned: bool) -> bool {
        let Some(memo) = self.memo.as_deref_mut() else {
            if self.budget == 0 {
                self.aborted = true;
                return true;
            }
            self.budget -= 1;
            return false;
        };
        let tag = 1
            | at << 1
            | (last as u32) << 7
            | u32::from(skip) << 10
            | u32::from(crowned) << 11
            | self.from << 12;
        let h = ((removed ^ u64::from(tag).wrapping_mul(0x9e37_79b9_7f4a_7c15))
            .wrapping_mul(0x2545_f491_4f6c_dd1d)
            >> (64 - MEMO_BITS)) as usize;
        if memo.removed[h] == removed && memo.tag[h] == tag {
            return true;
        }
        memo.removed[h] = removed;
        memo.tag[h] = tag;
        false
    }

    /// A king on `at`, having removed `removed`, whose last jump went in direction `last`.
    /// When `skip` is set, continuing in direction `last` is left out: the same jump's first
    /// landing square explores it, with the same results.
    #[allow(clippy::needless_range_loop)] // `d` is a direction, not only an index
    fn king(&mut self, at: u32, removed: u64, last: usize, skip: bool, depth: u32, crowned: bool) {
        let live = self.opp & !removed;
        if depth + live.count_ones() < self.best
            || (self.best == self.full && !self.own & !self.found_all[usize::from(crowned)] == 0)
        {
            return;
        }
        let occ = self.own | live;
        let mut jumps = [(0usize, 0u32, 0u64); 4];
        let mut n = 0;
        let mut found = false;
        for d in 0..4 {
            if d == last ^ 2 {
                continue;
            }
            let blk = RAYS[d][at as usize] & occ;
            if blk == 0 {
                continue;
            }
            let p = nearest(blk, d);
            if live & 1 << p == 0 {
                continue;
            }
            let land = king_reach(p, d, occ);
            if land == 0 {
                continue;
            }
            found = true;
            if skip && d == last {
                continue;
            }
            jumps[n] = (d, p, land);
            n += 1;
        }
        if !found {
            self.emit(at, removed, depth, crowned);
            return;
        }
        if depth >= 1 && self.seen(at, removed, last, skip, crowned) {
            return;
        }
        for &(d, p, land) in &jumps[..n] {
            let removed = removed | 1 << p;
            let mut l = land;
            let mut first = true;
            while l != 0 {
                let t = nearest(l, d);
                l &= !(1 << t);
                self.path[depth as usize] = sq(t);
                self.king(t, removed, d, !first, depth + 1, crowned);
                if self.aborted {
                    return;
                }
                first = false;
            }
        }
    }

    /// A man on `at`, having removed `removed`.
    fn man(&mut self, at: u32, removed: u64, depth: u32) {
        let live = self.opp & !removed;
        if depth + live.count_ones() < self.best {
            return;
        }
        let bit = 1u64 << at;
        let empty = !(self.own | live);
        let mut found = false;
        for d in [S::FWD, WEST, EAST] {
            let over = shift_dir(bit, d) & live;
            let land = shift_dir(over, d) & empty;
            if land == 0 {
                continue;
            }
            found = true;
            let t = land.trailing_zeros();
            self.path[depth as usize] = sq(t);
            if CROWN && land & S::PROMO != 0 {
                self.king(t, removed | over, d, false, depth + 1, true);
            } else {
                self.man(t, removed | over, depth + 1);
            }
            if self.aborted {
                return;
            }
        }
        if !found {
            self.emit(at, removed, depth, bit & S::PROMO != 0);
        }
    }

    fn run(&mut self, own: u64, kings: u64) {
        let empty = !(own | self.opp);
        let men = own & !kings;
        // Men that can make a first jump; every king is tried.
        let jumpers = men
            & (back::<S>(back::<S>(empty) & self.opp)
                | shift::<EAST>(shift::<EAST>(empty) & self.opp)
                | shift::<WEST>(shift::<WEST>(empty) & self.opp));
        let mut pieces = jumpers | (own & kings);
        while pieces != 0 {
            let from = pieces.trailing_zeros();
            pieces &= pieces - 1;
            self.from = from;
            self.own = own & !(1 << from);
            self.found_all = [0; 2];
            if kings & 1 << from != 0 {
                self.king(from, 0, NONE, false, 0, false);
            } else {
                self.man(from, 0, 0);
            }
            if self.aborted {
                return;
            }
        }
    }
}

/// Replaces the contents of `out` with the legal captures: distinct by result, all of the
/// maximum length. Leaves `out` empty when there is no capture.
pub(crate) fn gen_captures<S: Side, const CROWN: bool>(
    own: u64,
    opp: u64,
    kings: u64,
    out: &mut MoveList,
) {
    out.clear();
    let mut search = Search::<S, CROWN> {
        own,
        opp,
        from: 0,
        best: 0,
        full: opp.count_ones(),
        found_all: [0; 2],
        out,
        path: [Square::A1; MAX_PATH],
        memo: None,
        budget: BUDGET,
        aborted: false,
        side: PhantomData,
    };
    search.run(own, kings);
    if search.aborted {
        gen_captures_memo::<S, CROWN>(own, opp, kings, search.out);
    }
}

/// The search again, with a memo table so that each state is explored once: for the rare
/// positions where capture paths explode.
#[cold]
#[inline(never)]
fn gen_captures_memo<S: Side, const CROWN: bool>(
    own: u64,
    opp: u64,
    kings: u64,
    out: &mut MoveList,
) {
    out.clear();
    let mut memo = Memo {
        removed: [0; 1 << MEMO_BITS],
        tag: [0; 1 << MEMO_BITS],
    };
    let mut search = Search::<S, CROWN> {
        own,
        opp,
        from: 0,
        best: 0,
        full: opp.count_ones(),
        found_all: [0; 2],
        out,
        path: [Square::A1; MAX_PATH],
        memo: Some(&mut memo),
        budget: 0,
        aborted: false,
        side: PhantomData,
    };
    search.run(own, kings);
}
