//! The depth-first capture search of men and kings ([`Search`]), plain or slow.

use core::marker::PhantomData;

use super::capture_sinks::Sink;
use super::list_index::{Index, PLAIN_LIST};
use super::men::{man_going_on, man_landings};
use super::rays::{can_jump, sees_capture, sq};
use super::scratch::{Layers, MemoSlot};
use super::side::Side;
use crate::Square;
use crate::geometry::{EAST, NORTH, RAYS, SOUTH, WEST, nearest, shift, shift_dir};
use crate::moves::MAX_PATH;

/// "No previous jump" as a direction: `NONE ^ 2` is no direction either.
pub(super) const NONE: usize = 4;

/// Work budget of the plain search, in king jumps. Positions that need more are searched
/// again with the memo table, which explores each jump once.
pub(super) const BUDGET: u32 = 2_000;

/// The depth-first capture search from one piece: the plain search (`SLOW` false), which
/// gives up when its work budget is spent or its list grows long, or the slow search, with
/// the memo table and the list index.
pub(super) struct Search<'a, S: Side, const CROWN: bool, K: Sink, const SLOW: bool> {
    /// The moving side's other pieces (the mover has left its square).
    pub(super) own: u64,
    /// The opponent's pieces when the move starts.
    pub(super) opp: u64,
    /// The kings (of both sides) when the move starts.
    pub(super) kings: u64,
    pub(super) from: u32,
    /// The largest number of captures found so far; `out` holds only moves of that length.
    pub(super) best: u32,
    /// Slow search only: the number of opponent pieces; no move captures more.
    pub(super) full: u32,
    /// Slow search only: the destinations of the moves found from `from` that capture every
    /// opponent piece, indexed by `crowned`. When `best == full` and every square the mover
    /// could end on is in here, a state cannot add a new move.
    pub(super) found_all: [u64; 2],
    /// Plain search into a sink that uses them (`Sink::FRESH`) only: the squares the listed
    /// moves end on (from any origin). A move ending elsewhere repeats none of them, so the
    /// list need not be searched for it.
    pub(super) ends: u64,
    /// Whether the mover is a man crowned during this move (so a king now).
    pub(super) crowned: bool,
    pub(super) out: &'a mut K,
    /// The slow search's index into `out`; the plain search has none and hands long lists on.
    pub(super) index: Option<Index<'a>>,
    pub(super) path: [Square; MAX_PATH],
    pub(super) memo: Option<&'a mut [MemoSlot]>,
    /// The plain search's work budget, in king jumps.
    pub(super) budget: u32,
    /// Whether the plain search gave up. Once it has, the budget is zero, so every jump
    /// still to come returns at once.
    pub(super) aborted: bool,
    /// Whether the plain search gave up because its list grew long (rather than for want
    /// of budget): the paths need not explode then, and the memo table does better than
    /// layers.
    pub(super) long_list: bool,
    pub(super) side: PhantomData<S>,
}

impl<S: Side, const CROWN: bool, K: Sink, const SLOW: bool> Search<'_, S, CROWN, K, SLOW> {
    /// Moves ending on the squares of `tos` after `depth >= 1` captures; the path up to the
    /// last landing is in `self.path`.
    #[inline(always)]
    pub(super) fn emit(&mut self, tos: u64, removed: u64, depth: u32, crowned: bool) {
        if depth < self.best {
            return;
        }
        if depth > self.best {
            self.out.clear();
            if SLOW {
                if let Some(ix) = self.index.as_mut() {
                    ix.clear();
                }
            }
            self.best = depth;
            if K::FRESH {
                self.ends = 0;
            }
        }
        // (The slow search's index must see every move: it is given no fresh square.)
        let fresh = if SLOW || !K::FRESH {
            0
        } else {
            let fresh = tos & !self.ends;
            self.ends |= tos;
            fresh
        };
        if SLOW && depth == self.full {
            self.found_all[usize::from(crowned)] |= tos;
        }
        // (Only the slow search has an index; a sink without paths is given none.)
        let path: &[Square] = if K::PATHS {
            &self.path[..depth as usize - 1]
        } else {
            &[]
        };
        let index = if SLOW { self.index.as_mut() } else { None };
        self.out.add::<S>(
            self.from, tos, removed, crowned, path, index, self.kings, fresh,
        );
        if K::INDEXED && !SLOW && self.out.len() > PLAIN_LIST {
            // A long list: the slow search indexes it.
            self.long_list = true;
            self.give_up();
        }
    }

    /// Stops the plain search: it is to be done again by the slow search.
    #[cold]
    pub(super) fn give_up(&mut self) {
        self.aborted = true;
        self.budget = 0;
    }

    /// A king on `at` that starts its capture, or was just crowned by a jump in direction
    /// `last`: it tries every direction.
    pub(super) fn king(&mut self, at: u32, removed: u64, last: usize, depth: u32) {
        let live = self.opp & !removed;
        let occ = self.own | live;
        let mut found = false;
        for d in [NORTH, EAST, SOUTH, WEST] {
            if d != last ^ 2 && can_jump(at, d, live, occ) {
                found = true;
                self.jump_dir(d, at, live, depth);
                if self.aborted {
                    return;
                }
            }
        }
        // (A king that cannot capture from its own square has no move to emit.)
        if !found && depth > 0 {
            self.emit(1 << at, removed, depth, self.crowned);
        }
    }

    /// The king on `at` jumps in direction `d` over the nearest piece, which the caller has
    /// checked is a live opponent piece with an empty square behind it, and goes on from each
    /// landing square.
    ///
    /// Which landing squares can capture again is worked out for all of them at once, so the
    /// final landings are emitted without a search step each. Going straight on gives the
    /// same results from every landing square of the jump, so it is explored from the first
    /// one only.
    pub(super) fn jump<const D: usize>(&mut self, at: u32, live: u64, depth: u32) {
        // (A bound on the captures still possible, such as the pieces left, cannot prune:
        // `depth` plus the pieces left is always `full`.)
        if SLOW {
            if self.best == self.full && !self.own & !self.found_all[usize::from(self.crowned)] == 0
            {
                return;
            }
        } else if self.budget == 0 {
            self.give_up();
            return;
        } else {
            self.budget -= 1;
        }
        let occ = self.own | live;
        let p = nearest(RAYS[D][at as usize & 63] & occ, D);
        let live = live & !(1 << p);
        let occ = self.own | live;
        let empty = !occ;
        let depth = depth + 1;
        // The landing squares run from just behind `p` to the next piece, if any; going
        // straight on means jumping that piece.
        let beyond = RAYS[D][p as usize & 63];
        let blk = beyond & occ;
        let (land, ahead) = if blk == 0 {
            (beyond, false)
        } else {
            let q = nearest(blk, D);
            let land = beyond & !(RAYS[D][q as usize & 63] | 1 << q);
            (land, live & 1 << q != 0 && shift::<D>(1 << q) & empty != 0)
        };
        let first = nearest(land, D);
        let (left, right) = if land & (land - 1) == 0 {
            // One landing square: two ray look-ups are cheaper than two slides.
            (
                if can_jump(first, D ^ 1, live, occ) {
                    land
                } else {
                    0
                },
                if can_jump(first, D ^ 3, live, occ) {
                    land
                } else {
                    0
                },
            )
        } else {
            (
                sees_capture(land, D ^ 1, live, empty),
                sees_capture(land, D ^ 3, live, empty),
            )
        };
        let at_path = depth as usize - 1;
        // The move ends on the landing squares only if none of them goes on: a capture that
        // stops here while the same jump could go on from another landing square takes
        // fewer pieces than that one, so it is never among the longest.
        let done = if ahead || left | right != 0 { 0 } else { land };
        if done != 0 {
            self.emit(done, self.opp & !live, depth, self.crowned);
        }
        // The others go on: straight on from the first landing square only, turning from any.
        let mut go_on = (left | right) & land | if ahead { 1 << first } else { 0 };
        if !SLOW {
            // No memo; when the budget is spent, the jumps below return at once.
            while go_on != 0 {
                let t = nearest(go_on, D);
                go_on &= !(1 << t);
                if K::PATHS {
                    self.path[at_path] = sq(t);
                }
                if ahead && t == first {
                    self.jump::<D>(t, live, depth);
                }
                if left & 1 << t != 0 {
                    self.jump_dir(D ^ 1, t, live, depth);
                }
                if right & 1 << t != 0 {
                    self.jump_dir(D ^ 3, t, live, depth);
                }
            }
            return;
        }
        while go_on != 0 {
            let t = nearest(go_on, D);
            go_on &= !(1 << t);
            let dirs = u32::from(ahead && t == first) << D
                | u32::from(left & 1 << t != 0) << (D ^ 1)
                | u32::from(right & 1 << t != 0) << (D ^ 3);
            let dirs = self.unexplored(t, live, dirs);
            if K::PATHS {
                self.path[at_path] = sq(t);
            }
            if dirs & 1 << D != 0 {
                self.jump::<D>(t, live, depth);
            }
            if dirs & 1 << (D ^ 1) != 0 {
                self.jump_dir(D ^ 1, t, live, depth);
            }
            if dirs & 1 << (D ^ 3) != 0 {
                self.jump_dir(D ^ 3, t, live, depth);
            }
        }
    }

    /// [`jump`](Self::jump) with the direction known only at run time.
    #[inline(always)]
    pub(super) fn jump_dir(&mut self, d: usize, at: u32, live: u64, depth: u32) {
        match d {
            NORTH => self.jump::<NORTH>(at, live, depth),
            EAST => self.jump::<EAST>(at, live, depth),
            SOUTH => self.jump::<SOUTH>(at, live, depth),
            _ => self.jump::<WEST>(at, live, depth),
        }
    }

    /// A man on `at`, having removed `removed`.
    pub(super) fn man(&mut self, at: u32, removed: u64, depth: u32) {
        let live = self.opp & !removed;
        let bit = 1u64 << at;
        let empty = !(self.own | live);
        // The three jumps' landing squares at once (each empty or one square), so that a man
        // that cannot go on ends its move after one test.
        let lands = man_landings::<S>(bit, live, empty);
        if lands == [0; 3] {
            self.emit(bit, removed, depth, bit & S::PROMO != 0);
            return;
        }
        // (Forward, then west, then east: the order the moves have always been found in.)
        for (d, land) in [(S::FWD, lands[0]), (WEST, lands[2]), (EAST, lands[1])] {
            if land == 0 {
                continue;
            }
            let over = shift_dir(land, d ^ 2);
            let t = land.trailing_zeros();
            if K::PATHS {
                self.path[depth as usize] = sq(t);
            }
            if CROWN && land & S::PROMO != 0 {
                self.crown_and_go_on(t, removed | over, d, depth + 1);
            } else {
                self.man(t, removed | over, depth + 1);
            }
            if self.aborted {
                return;
            }
        }
    }

    pub(super) fn run(&mut self, own: u64, kings: u64, mut layers: Option<&mut Layers>) {
        let opp = self.opp;
        let empty = !(own | opp);
        let lands = man_landings::<S>(own & !kings, opp, empty);
        if lands != [0; 3] {
            let more = man_going_on::<S, CROWN>(lands, opp, empty);
            for (i, d) in [S::FWD, EAST, WEST].into_iter().enumerate() {
                let (mut l, more) = (lands[i], more[i]);
                while l != 0 {
                    let t = l.trailing_zeros();
                    let tb = 1u64 << t;
                    l &= l - 1;
                    let victim = shift_dir(tb, d ^ 2);
                    let from = shift_dir(victim, d ^ 2).trailing_zeros();
                    self.start(own, from);
                    if K::PATHS {
                        self.path[0] = sq(t);
                    }
                    if more & tb == 0 {
                        self.emit(tb, victim, 1, tb & S::PROMO != 0);
                    } else if CROWN && tb & S::PROMO != 0 {
                        self.crown_and_go_on(t, victim, d, 1);
                    } else {
                        self.man(t, victim, 1);
                    }
                    if self.aborted {
                        return;
                    }
                }
            }
        }
        let mut pieces = own & kings;
        while pieces != 0 {
            let from = pieces.trailing_zeros();
            pieces &= pieces - 1;
            self.start(own, from);
            let done = match layers.as_deref_mut() {
                Some(layers) => self.by_layers(layers, from),
                None => false,
            };
            if !done {
                if SLOW && self.memo.is_none() {
                    // The layers overflowed: the search with the memo table takes over.
                    self.give_up();
                } else {
                    self.king(from, 0, NONE, 0);
                }
            }
            if self.aborted {
                return;
            }
        }
    }

    /// A man crowned by a jump in direction `last` goes on as a king (default rule set).
    pub(super) fn crown_and_go_on(&mut self, at: u32, removed: u64, last: usize, depth: u32) {
        if SLOW && self.memo.is_none() {
            // The slow search needs its memo table for the new king.
            self.give_up();
            return;
        }
        self.crowned = true;
        self.king(at, removed, last, depth);
        self.crowned = false;
    }

    /// Makes `from` the origin of the moves searched next.
    #[inline(always)]
    pub(super) fn start(&mut self, own: u64, from: u32) {
        if self.from != from {
            self.from = from;
            self.own = own & !(1 << from);
            if SLOW {
                self.found_all = [0; 2];
            }
        }
    }
}
