//! The king capture search by layers, for the positions where capture paths explode.
//!
//! What a king can still do in the middle of a capture depends only on where it stands, the
//! direction of its last jump (it may not turn back) and which opponent pieces are left. This
//! search keeps, for each set of pieces left that the king can reach, the squares it can stand
//! on with that set, by the direction of the jump that brought it there, and derives the sets
//! one capture further from them all at once, a layer at a time. Each set is handled once,
//! however many paths lead to it, and the moves are only read from the last layer: a capture
//! that ends early is never the longest.

use alloc::vec::Vec;

use crate::geometry::{EAST, NORTH, RAYS, SOUTH, WEST, king_lines, nearest, shift_dir, slide_dir};
use crate::movegen::king_reach;
use crate::square::Square;

/// A set of opponent pieces left and where the king can stand with it.
#[derive(Clone, Copy)]
pub(crate) struct State {
    /// The opponent pieces not captured yet.
    pub(crate) live: u64,
    /// `by[d]`: the squares the king reaches with a jump in direction `d` (the origin, before
    /// any jump, is in `by[NORTH]` and `by[SOUTH]`, so every direction is open to it).
    pub(crate) by: [u64; 4],
}

impl State {
    /// The squares the king can stand on.
    pub(crate) fn squares(&self) -> u64 {
        self.by[0] | self.by[1] | self.by[2] | self.by[3]
    }

    /// The squares from which the king may jump in direction `d`: all but those it reached
    /// going the opposite way.
    fn may_jump(&self, d: usize) -> u64 {
        self.by[d] | self.by[d ^ 1] | self.by[d ^ 3]
    }

    /// A direction, other than `not` (4: no exception), of a jump by which the king reached
    /// square `at`.
    fn arrival(&self, at: u32, not: usize) -> Option<usize> {
        let dirs = (0..4).fold(0u32, |acc, d| acc | ((self.by[d] >> at) as u32 & 1) << d);
        let dirs = dirs & !(1 << not);
        (dirs != 0).then(|| dirs.trailing_zeros() as usize)
    }
}

/// The number of capture counts a layer can have (0 to 64; a search stops at the first
/// that does not fit).
const DEPTHS: usize = 65;

/// The steps of the last path traced, by depth: the pieces left, the square reached and the
/// direction of the jump that reached it.
pub(crate) type Trail = [(u64, u32, usize); DEPTHS];

/// A trail that matches no path.
pub(crate) const NO_TRAIL: Trail = [(0, 64, 0); DEPTHS];

/// The most states the layers hold; a search that needs more is left to the depth-first
/// search.
const CAP: usize = 1 << 15;
/// The most hash slots the layers' indexes take together.
const SLOT_CAP: usize = CAP * 8;
/// The fewest slots of one layer's index.
const MIN_SLOTS: usize = 64;

/// The layers of one search: the states in the order they were found, which is by layer, as
/// every state of one layer is found while the layer before it is worked through.
///
/// Each layer has its own index, so the probes while a layer is being built touch a table
/// sized to that layer, not one for the whole search. They take 2 359 296 bytes, on the
/// heap, in a [`SearchScratch`](crate::SearchScratch): this search only runs where the plain
/// search gave up.
pub(crate) struct Layers {
    /// At most `CAP` states (the capacity is reserved up front, so it never moves).
    states: Vec<State>,
    /// The layers' indexes, one after the other: open addressing from a set of pieces left
    /// to its state, the low 16 bits holding the state's number plus one (0: a free slot),
    /// the high 16 a tag from the hash of the set, so a probe for another set rarely looks
    /// at the states.
    slots: Vec<u32>,
    /// `index[k]`: where in `slots` the index of the states with `k` captures starts, and
    /// its size less one (a power of two less one).
    index: [(usize, usize); DEPTHS],
    /// The number of the first state of the layer being built.
    building: usize,
    /// The number of captures of the layer being built.
    depth: usize,
    /// `index[depth]`: where the index of the layer being built starts, and its size less one.
    table: (usize, usize),
    /// The number of states past which the index of the layer being built is more than half
    /// full.
    grow_at: usize,
    /// The moving side's pieces other than the king.
    own: u64,
    /// The number of the first state of the last layer.
    last: usize,
}

impl Layers {
    /// The bytes the layers hold on the heap.
    pub(crate) fn heap_bytes(&self) -> usize {
        self.states.capacity() * core::mem::size_of::<State>()
            + self.slots.capacity() * core::mem::size_of::<u32>()
    }

    /// Empty layers with room for their most states and slots: 2 359 296 bytes on the heap
    /// (`CAP` states of 40 bytes and `SLOT_CAP` slots of 4), allocated here once; the
    /// search never grows them.
    pub(crate) fn new() -> Layers {
        Layers {
            states: Vec::with_capacity(CAP),
            slots: Vec::with_capacity(SLOT_CAP),
            index: [(0, 0); DEPTHS],
            building: 0,
            depth: 0,
            table: (0, 0),
            grow_at: 0,
            own: 0,
            last: 0,
        }
    }

    /// The hash of `live`: the slot offset where its probe starts is taken from the top
    /// bits (the caller masks it), the tag that its slot holds above the state's number from
    /// the sixteen below them.
    #[inline(always)]
    fn hash(live: u64) -> (usize, u32) {
        let h = (live ^ live >> 29).wrapping_mul(0x9e37_79b9_7f4a_7c15);
        ((h >> 48) as usize, (h >> 16) as u32 & !0xffff)
    }

    /// Looks `live` up in the index `(base, mask)` (its start in `slots` and its size less
    /// one): `Ok(n)` for state number `n`, or `Err((slot, tag))` for the free slot where it
    /// goes and the tag that slot is to hold.
    #[inline(always)]
    fn probe(&self, (base, mask): (usize, usize), live: u64) -> Result<usize, (usize, u32)> {
        // (Every index lies within `slots`: `start_layer` makes room for it.)
        let table = &self.slots[base..=base + mask];
        let (mut h, tag) = Self::hash(live);
        loop {
            match table[h & mask] {
                0 => return Err((base + (h & mask), tag)),
                i if i & !0xffff == tag && self.states[(i & 0xffff) as usize - 1].live == live => {
                    return Ok((i & 0xffff) as usize - 1);
                }
                _ => h += 1,
            }
        }
    }

    /// The state with the pieces `live` left, `depth` captures into the search, if the
    /// search reached it.
    fn find(&self, live: u64, depth: usize) -> Option<&State> {
        let n = self.probe(*self.index.get(depth)?, live).ok()?;
        Some(&self.states[n])
    }

    /// Starts the index of the layer with `depth` captures, with `size` slots (a power of
    /// two). `false` if it does not fit.
    fn start_layer(&mut self, depth: usize, size: usize) -> bool {
        self.depth = depth;
        self.building = self.states.len();
        self.new_table(size)
    }

    /// Gives the layer being built a new, empty index of `size` slots (a power of two).
    /// `false` if it does not fit.
    fn new_table(&mut self, size: usize) -> bool {
        let base = self.slots.len();
        if base + size > SLOT_CAP || self.depth >= DEPTHS {
            return false;
        }
        self.slots.resize(base + size, 0);
        self.index[self.depth] = (base, size - 1);
        self.table = (base, size - 1);
        self.grow_at = self.building + size / 2;
        true
    }

    /// Puts state `n` (counting from 0), not in it yet, into the index of the layer being
    /// built.
    fn record(&mut self, n: usize) {
        if let Err((slot, tag)) = self.probe(self.table, self.states[n].live) {
            self.slots[slot] = tag | (n as u32 + 1);
        }
    }

    /// Adds the squares `land`, reached with a jump in direction `d`, to the state of the
    /// layer being built with the pieces `live` left. `false` if a new state does not fit.
    #[inline(always)]
    fn add(&mut self, live: u64, d: usize, land: u64) -> bool {
        let (slot, tag) = match self.probe(self.table, live) {
            Ok(n) => {
                self.states[n].by[d] |= land;
                return true;
            }
            Err(free) if self.states.len() < CAP => free,
            Err(_) => return false,
        };
        let mut by = [0; 4];
        by[d] = land;
        self.states.push(State { live, by });
        self.slots[slot] = tag | self.states.len() as u32;
        // Past half full, the layer's index moves to a table twice the size.
        if self.states.len() > self.grow_at {
            if !self.new_table(2 * (self.table.1 + 1)) {
                return false;
            }
            for n in self.building..self.states.len() {
                self.record(n);
            }
        }
        true
    }

    /// Searches every capture of the king on `from`, with the other pieces of its side on
    /// `own` and the opponent's on `opp`. Returns the number of pieces the longest captures
    /// take (0 if the king cannot capture), or `None` if the layers overflowed.
    pub(crate) fn search(&mut self, own: u64, opp: u64, from: u32) -> Option<u32> {
        self.states.clear();
        self.slots.clear();
        self.own = own;
        if !self.start_layer(0, MIN_SLOTS) {
            return None;
        }
        self.add(opp, NORTH, 1 << from);
        self.states[0].by[SOUTH] = 1 << from;
        let (mut first, mut end) = (0usize, 1usize);
        loop {
            // Layer `self.depth` is states `first..end`; build the next one from it.
            let size = (4 * (end - first)).next_power_of_two().max(MIN_SLOTS);
            if !self.start_layer(self.depth + 1, size) {
                return None;
            }
            for i in first..end {
                if !self.expand_state(i) {
                    return None;
                }
            }
            if self.states.len() == end {
                break;
            }
            (first, end) = (end, self.states.len());
        }
        self.last = first;
        Some(self.depth as u32 - 1)
    }

    /// Adds the states that the king reaches from state `i` with one more jump.
    #[inline(always)]
    fn expand_state(&mut self, i: usize) -> bool {
        let s = self.states[i];
        let empty = !(self.own | s.live);
        let on = s.squares();
        let seen: [u64; 4] = if on & (on - 1) == 0 {
            // One square, the most common case: what the king sees from it in all four
            // directions takes two table look-ups.
            let at = on.trailing_zeros();
            let lines = king_lines(at, !empty);
            let seen = |d: usize| {
                if s.may_jump(d) == 0 {
                    0
                } else {
                    lines & RAYS[d][at as usize & 63]
                }
            };
            [seen(NORTH), seen(EAST), seen(SOUTH), seen(WEST)]
        } else {
            // Several squares, so past the first layer: each `by[d]` is made of landing
            // segments that run up to the next piece (or the edge), so going on straight
            // the king meets that piece; only turning needs a slide.
            let occ = !empty;
            let seen = |d: usize| {
                let ahead = shift_dir(s.by[d], d) & occ;
                let turn = s.by[d ^ 1] | s.by[d ^ 3];
                if turn == 0 {
                    ahead
                } else {
                    ahead | shift_dir(turn | slide_dir(turn, empty, d), d)
                }
            };
            [seen(NORTH), seen(EAST), seen(SOUTH), seen(WEST)]
        };
        // The pieces met first that have an empty square behind them.
        let hits = |d: usize| seen[d] & s.live & shift_dir(empty, d ^ 2);
        let hits = [hits(NORTH), hits(EAST), hits(SOUTH), hits(WEST)];
        if hits[0] | hits[1] | hits[2] | hits[3] == 0 {
            return true;
        }
        self.expand::<NORTH>(&s, hits[NORTH])
            && self.expand::<EAST>(&s, hits[EAST])
            && self.expand::<SOUTH>(&s, hits[SOUTH])
            && self.expand::<WEST>(&s, hits[WEST])
    }

    /// Adds the states that the king reaches from state `s` with a jump in direction `D` over
    /// one of the pieces `hits`. `false` if they do not fit.
    #[inline(always)]
    fn expand<const D: usize>(&mut self, s: &State, mut hits: u64) -> bool {
        while hits != 0 {
            let p = hits.trailing_zeros();
            hits &= hits - 1;
            let live = s.live & !(1 << p);
            let land = king_reach(p, D, self.own | live);
            if !self.add(live, D, land) {
                return false;
            }
        }
        true
    }

    /// The states of the last layer: every square of each ends a longest capture.
    pub(crate) fn finals(&self) -> &[State] {
        &self.states[self.last..]
    }

    /// Writes into `path` the landing squares of a capture that takes `depth` pieces and
    /// ends on `to` with the pieces `live` left (the last one, `to`, included): it goes back
    /// through the layers, at each step to a state from which a jump lands on the square
    /// reached. Every square of every state was reached by a jump from the layer before, so
    /// this always succeeds; `None` would mean a broken search.
    ///
    /// `trail` remembers the steps of the path written before, which is still in `path`:
    /// where the two meet, the rest is the same, so it is not traced again.
    pub(crate) fn path_to(
        &self,
        mut live: u64,
        mut to: u32,
        depth: u32,
        path: &mut [Square],
        trail: &mut Trail,
    ) -> Option<()> {
        let own = self.own;
        let mut arrived = self.find(live, depth as usize)?.arrival(to, 4)?;
        for j in (1..=depth as usize).rev() {
            let step = (live, to, arrived);
            let seen = trail.get_mut(j)?;
            if *seen == step {
                break;
            }
            *seen = step;
            *path.get_mut(j - 1)? = Square::ALL[to as usize & 63];
            if j == 1 {
                break;
            }
            // The jump that landed on `to`, in direction `arrived`: over a piece `p`
            // captured behind it (the squares between are empty), from a square of the layer
            // before that may jump that way and sees `p` first.
            let back = arrived ^ 2;
            let mut cands = king_reach(to, back, own | live) & self.captured_by(live);
            let (before, s, a) = loop {
                if cands == 0 {
                    return None;
                }
                let p = nearest(cands, back);
                cands &= !(1 << p);
                let before = live | 1 << p;
                let Some(prev) = self.find(before, j - 1) else {
                    continue;
                };
                let from = king_reach(p, back, own | before) & prev.may_jump(arrived);
                if from != 0 {
                    let s = from.trailing_zeros();
                    break (before, s, prev.arrival(s, back)?);
                }
            };
            live = before;
            to = s;
            arrived = a;
        }
        Some(())
    }

    /// The opponent pieces captured when `live` are left (of those on the board at the start).
    fn captured_by(&self, live: u64) -> u64 {
        self.states[0].live & !live
    }
}
