//! Move generation on raw bitboards, seen from the side to move.
//!
//! Everything here works on three `u64`s: `own` (the pieces of the side to move), `opp` (the
//! other side's) and `kings` (the kings of both sides). The side is a type parameter and the
//! rule set a const parameter, so each of the four combinations is compiled on its own and
//! the rule set costs nothing at run time.

use core::marker::PhantomData;

use crate::bitboard::{
    king_lines, nearest, shift, shift_dir, slide, slide_dir, EAST, NORTH, RANK_1, RANK_8, RAYS,
    SOUTH, WEST,
};
#[cfg(feature = "alloc")]
use crate::layered::{Layers, NO_TRAIL};
use crate::scratch::SearchScratch;
/// Without an allocator there are no layers: the slow search is depth-first throughout.
#[cfg(not(feature = "alloc"))]
enum Layers {}
use crate::moves::{Move, MoveList, MAX_PATH};
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

/// The squares of `squares` from which a king looking in direction `d` sees, first, a piece of
/// `live` with an empty square right behind it: those that can capture in direction `d`.
#[inline(always)]
fn sees_capture(squares: u64, d: usize, live: u64, empty: u64) -> u64 {
    let victims = live & shift_dir(empty, d ^ 2);
    squares & slide_dir(victims, empty, d ^ 2)
}

/// Whether a king on `at` can jump in direction `d`: the nearest piece that way is one of
/// `live` and the square behind it is empty.
#[inline(always)]
fn can_jump(at: u32, d: usize, live: u64, occ: u64) -> bool {
    let blk = RAYS[d][at as usize] & occ;
    blk != 0 && {
        let q = nearest(blk, d);
        live & 1 << q != 0 && shift_dir(1 << q, d) & !occ != 0
    }
}

/// Whether the side to move has a capture. Pure set arithmetic, no loop over pieces.
#[inline(always)]
pub(crate) fn has_capture<S: Side>(own: u64, opp: u64, kings: u64) -> bool {
    let empty = !(own | opp);
    man_landings::<S>(own & !kings, opp, empty) != [0; 3]
        || kings_can_capture(own & kings, opp, empty)
}

/// Whether one of the kings `k` can capture.
#[inline(always)]
fn kings_can_capture(k: u64, opp: u64, empty: u64) -> bool {
    if k & k.wrapping_sub(1) == 0 {
        k != 0 && lone_king(k.trailing_zeros(), opp, empty).1
    } else {
        king_landings(k, king_slides(k, empty), opp) & empty != 0
    }
}

/// For a king on `at`, the only king of its side: the empty squares it slides to, and
/// whether it can capture (the first piece it meets some way is one of `opp` with an empty
/// square behind it). Table look-ups: cheaper than slides for one king.
#[inline(always)]
fn lone_king(at: u32, opp: u64, empty: u64) -> (u64, bool) {
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
fn king_slides(k: u64, empty: u64) -> [u64; 4] {
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
fn king_landings(k: u64, [n, e, s, w]: [u64; 4], opp: u64) -> u64 {
    shift::<NORTH>(shift::<NORTH>(n | k) & opp)
        | shift::<EAST>(shift::<EAST>(e | k) & opp)
        | shift::<SOUTH>(shift::<SOUTH>(s | k) & opp)
        | shift::<WEST>(shift::<WEST>(w | k) & opp)
}

/// Adds three sets bit by bit: returns `(ones, twos)` with
/// `|a| + |b| + |c| = |ones| + 2 |twos|`.
#[inline(always)]
const fn carry_save(a: u64, b: u64, c: u64) -> (u64, u64) {
    let u = a ^ b;
    (u ^ c, (a & b) | (u & c))
}

/// The number of legal moves if they can be counted without the capture search: when they
/// are all quiet, or all captures by men (see [`count_man_paths`]). `None` if the capture
/// search is needed. Each empty square is reached by at most one king from each direction,
/// so the slides of all kings together count every king move once.
#[inline(always)]
pub(crate) fn count_without_search<S: Side, const CROWN: bool>(
    own: u64,
    opp: u64,
    kings: u64,
) -> Option<u64> {
    let empty = !(own | opp);
    let men = own & !kings;
    let (f, e, w) = (fwd::<S>(men), shift::<EAST>(men), shift::<WEST>(men));
    let lands = [
        fwd::<S>(f & opp) & empty,
        shift::<EAST>(e & opp) & empty,
        shift::<WEST>(w & opp) & empty,
    ];
    let k = own & kings;
    // f + e + w with one carry-save step: two population counts instead of three.
    let count3 = |f: u64, e: u64, w: u64| {
        let (ones, twos) = carry_save(f, e, w);
        u64::from(ones.count_ones() + 2 * twos.count_ones())
    };
    // Captures by men only: single ones counted at once, longer ones path by path.
    let count_men = || {
        if man_going_on::<S, CROWN>(lands, opp, empty) == [0; 3] {
            Some(count3(lands[0], lands[1], lands[2]))
        } else {
            count_man_paths::<S, CROWN>(lands, opp, empty)
        }
    };
    if k == 0 {
        return if lands == [0; 3] {
            Some(count3(f & empty, e & empty, w & empty))
        } else {
            count_men()
        };
    }
    if k & (k - 1) == 0 {
        let (quiet, capture) = lone_king(k.trailing_zeros(), opp, empty);
        if capture {
            return None;
        }
        if lands != [0; 3] {
            return count_men();
        }
        // The men's three sets and the king's, with a carry-save step and a half adder.
        let (o1, t1) = carry_save(f & empty, e & empty, w & empty);
        let (ones, t2) = (o1 ^ quiet, o1 & quiet);
        let n = ones.count_ones() + 2 * (t1 ^ t2).count_ones() + 4 * (t1 & t2).count_ones();
        return Some(u64::from(n));
    }
    let slides = king_slides(k, empty);
    if king_landings(k, slides, opp) & empty != 0 {
        return None;
    }
    if lands != [0; 3] {
        return count_men();
    }
    let (f, e, w) = (f & empty, e & empty, w & empty);
    let [sn, se, ss, sw] = slides;
    // The seven sets added with a carry-save tree: three population counts instead of seven.
    let (o1, t1) = carry_save(f, e, w);
    let (o2, t2) = carry_save(sn, se, ss);
    let (ones, t3) = carry_save(o1, o2, sw);
    let (twos, fours) = carry_save(t1, t2, t3);
    let n = ones.count_ones() + 2 * twos.count_ones() + 4 * fours.count_ones();
    Some(u64::from(n))
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

/// The landing squares of the first jumps of all the men `men` at once, forward, east and
/// west.
#[inline(always)]
fn man_landings<S: Side>(men: u64, opp: u64, empty: u64) -> [u64; 3] {
    [S::FWD, EAST, WEST].map(|d| shift_dir(shift_dir(men, d) & opp, d) & empty)
}

/// Of the landing squares `lands` of the men's first jumps (forward, east, west), those from
/// which the man goes on: jumps again or, under the default rules, is crowned and goes on as
/// a king.
#[inline(always)]
fn man_going_on<S: Side, const CROWN: bool>(lands: [u64; 3], opp: u64, empty: u64) -> [u64; 3] {
    // A man's later jumps never look at the square it jumped or the square it came from, so
    // the squares from which a man could jump on are the same as before the first jump: the
    // squares from which a man can jump forward, east and west.
    let fwd_on = back::<S>(back::<S>(empty) & opp);
    let east_on = shift::<WEST>(shift::<WEST>(empty) & opp);
    let west_on = shift::<EAST>(shift::<EAST>(empty) & opp);
    let crown = if CROWN { S::PROMO } else { 0 };
    // Going on forward or in the same direction; never straight back.
    [
        lands[0] & (fwd_on | east_on | west_on | crown),
        lands[1] & (fwd_on | east_on | crown),
        lands[2] & (fwd_on | west_on | crown),
    ]
}

/// What the side to move can capture, as far as set arithmetic tells.
pub(crate) enum Captures {
    /// Nothing: the legal moves are the quiet moves.
    None,
    /// Single captures by men, no more: for forward, east and west, the landing squares.
    /// Each is one legal move, crowning the man if it lands on its last rank.
    Single([u64; 3]),
    /// Longer captures, or captures by kings: the capture search is needed.
    Search,
}

/// The number of capture paths of the maximum length of the men whose first jumps land on
/// `lands` (forward, east, west), found without recording any move: the number of legal
/// moves when only men can capture.
///
/// Each such path is a distinct move. A man's capture path is fixed by its origin and the
/// set it captures: it never returns to a rank it has left, and on a rank it never turns
/// back (that would be a 180-degree turn), so two paths that part ways, one capturing `x`
/// and the other `y`, can never both capture `x` and `y`.
///
/// Under the default rules a man that reaches its last rank is crowned on the spot; if it
/// can capture on as a king, whose paths can meet again, the answer is `None`.
#[inline(always)]
fn count_man_paths<S: Side, const CROWN: bool>(
    lands: [u64; 3],
    opp: u64,
    empty: u64,
) -> Option<u64> {
    let mut tally = (0, 0);
    for_each_first_jump::<S>(lands, |d, from, victim, to| {
        let (live, empty) = (opp ^ victim, empty | from | victim);
        man_paths::<S, CROWN>(to, d, live, empty, 1, &mut tally)
    })
    .then_some(tally.1)
}

/// Calls `f(direction, origin, victim, landing)` for each of the men's first jumps that land
/// on `lands` (forward, east, west), the squares as one-square sets, until `f` returns
/// false; returns whether it never did.
#[inline(always)]
pub(crate) fn for_each_first_jump<S: Side>(
    lands: [u64; 3],
    mut f: impl FnMut(usize, u64, u64, u64) -> bool,
) -> bool {
    for (d, mut l) in [S::FWD, EAST, WEST].into_iter().zip(lands) {
        while l != 0 {
            let to = l & l.wrapping_neg();
            l ^= to;
            let victim = shift_dir(to, d ^ 2);
            if !f(d, shift_dir(victim, d ^ 2), victim, to) {
                return false;
            }
        }
    }
    true
}

/// Adds the capture paths of a man on `at` (one square), which got there by a jump in
/// direction `last` and has made `depth` captures, to `tally`: (the largest number of
/// captures seen, the number of paths with that many). `live`: the opponent pieces not
/// captured; `empty`: the empty squares. Returns false if the man is crowned under the
/// default rules and can capture on as a king (see [`count_man_paths`]).
fn man_paths<S: Side, const CROWN: bool>(
    at: u64,
    last: usize,
    live: u64,
    empty: u64,
    depth: u32,
    tally: &mut (u32, u64),
) -> bool {
    let mut found = false;
    if CROWN && at & S::PROMO != 0 {
        // Crowned: the move ends here unless the new king can capture (not straight back).
        let sq = at.trailing_zeros();
        if [NORTH, EAST, SOUTH, WEST]
            .into_iter()
            .any(|d| d != last ^ 2 && can_jump(sq, d, live, !empty))
        {
            return false;
        }
    } else {
        for d in [S::FWD, EAST, WEST] {
            let over = shift_dir(at, d) & live;
            let land = shift_dir(over, d) & empty;
            if land != 0 {
                found = true;
                if !man_paths::<S, CROWN>(land, d, live ^ over, empty | over, depth + 1, tally) {
                    return false;
                }
            }
        }
    }
    if !found {
        if depth > tally.0 {
            *tally = (depth, 1);
        } else if depth == tally.0 {
            tally.1 += 1;
        }
    }
    true
}

/// Sorts the position into the [`Captures`] cases, with set arithmetic only.
#[inline(always)]
pub(crate) fn captures<S: Side, const CROWN: bool>(own: u64, opp: u64, kings: u64) -> Captures {
    let empty = !(own | opp);
    let lands = man_landings::<S>(own & !kings, opp, empty);
    if lands != [0; 3] && man_going_on::<S, CROWN>(lands, opp, empty) != [0; 3] {
        return Captures::Search;
    }
    if kings_can_capture(own & kings, opp, empty) {
        Captures::Search
    } else if lands == [0; 3] {
        Captures::None
    } else {
        Captures::Single(lands)
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

/// Work budget of the plain search, in king jumps. Positions that need more are searched
/// again with the memo table, which explores each jump once.
const BUDGET: u32 = 2_000;

/// log2 of the number of slots of the memo table.
const MEMO_BITS: u32 = 14;

/// The number of slots of the memo table: a direct-mapped table of the jump directions
/// explored from each (origin, square, set of live opponent pieces, crowned). It is a cache:
/// an entry pushed out by another is explored again, which repeats work but never changes the
/// result (results are deduplicated on insertion). Per slot: the live opponent pieces (low
/// and high half) and the key with the explored directions in its low four bits, side by
/// side so a probe touches one cache line. 196 608 bytes in all.
pub(crate) const MEMO_SLOTS: usize = 1 << MEMO_BITS;

/// One slot of the memo table.
pub(crate) type MemoSlot = [u32; 3];

/// Where the capture search puts the moves it finds.
pub(crate) trait Sink {
    /// Whether the moves keep their landing paths (the search only records them if so).
    const PATHS: bool;
    /// Whether a long list should be indexed (so handed to the slow search, which owns the
    /// index).
    const INDEXED: bool;
    /// Forgets every move (a longer capture was found).
    fn clear(&mut self);
    /// Adds the moves from `from` capturing `captured`, one ending on each square of `tos`,
    /// unless they are there already. `path` holds the landing squares before the last one.
    /// `index`, in the slow search only, finds entries in a long list; the search empties
    /// it along with the list.
    fn add(
        &mut self,
        from: u32,
        tos: u64,
        captured: u64,
        crowned: bool,
        path: &[Square],
        index: Option<&mut Index<'_>>,
    );
    /// The number of entries.
    fn len(&self) -> usize;
}

/// An open-addressing hash index into a long list: 1 + the position of an entry, or 0.
/// Used by the slow search only; its storage (`INDEX_SLOTS` entries, 16 384 bytes) is on the
/// heap with `alloc`, on the stack without.
pub(crate) struct Index<'a> {
    slots: &'a mut [u16],
    /// Whether the index covers the list; past three quarters full it stops, and the list
    /// is scanned instead.
    live: bool,
}

pub(crate) const INDEX_SLOTS: usize = 1 << 13;

/// The longest list the plain search builds; a longer one is searched again by the slow
/// search, which indexes it.
const PLAIN_LIST: usize = 96;

impl<'a> Index<'a> {
    /// An empty index in `slots` (`INDEX_SLOTS` of them).
    fn new(slots: &'a mut [u16]) -> Index<'a> {
        slots.fill(0);
        Index { slots, live: true }
    }

    fn clear(&mut self) {
        self.slots.fill(0);
        self.live = true;
    }

    /// The slot where probing for a key with this hash starts.
    fn start(key: u64) -> usize {
        (key.wrapping_mul(0x2545_f491_4f6c_dd1d) >> (64 - INDEX_SLOTS.trailing_zeros())) as usize
    }

    /// Probes from `start`: `Ok(i)` for the entry `i` that `is_key` accepts, or `Err(slot)`,
    /// the free slot where the key goes.
    fn find(&self, start: usize, is_key: impl Fn(usize) -> bool) -> Result<usize, usize> {
        let mut h = start;
        loop {
            match self.slots[h] {
                0 => return Err(h),
                i if is_key(usize::from(i) - 1) => return Ok(usize::from(i) - 1),
                _ => h = (h + 1) % INDEX_SLOTS,
            }
        }
    }

    /// Records that entry number `len` (counting from 1) went into `slot`.
    fn record(&mut self, slot: usize, len: usize) {
        if len > INDEX_SLOTS / 4 * 3 {
            self.live = false;
        } else {
            self.slots[slot] = len as u16;
        }
    }
}

/// Finds an entry of a list with the index if it covers the list, by scanning otherwise:
/// `Ok(i)`, or `Err(slot)` with the index slot to record a new entry in.
fn lookup(
    index: &Option<&mut Index<'_>>,
    len: usize,
    key: impl FnOnce() -> usize,
    is_key: impl Fn(usize) -> bool,
) -> Result<usize, Option<usize>> {
    match index {
        Some(ix) if ix.live => ix.find(key(), is_key).map_err(Some),
        _ => (0..len).find(|&i| is_key(i)).ok_or(None),
    }
}

fn move_key(from: Square, to: Square, captured: Bitboard, crowned: bool) -> usize {
    let small = u64::from(from.index()) << 1 | u64::from(to.index()) << 8 | u64::from(crowned);
    Index::start(captured.to_u64() ^ small.wrapping_mul(0x9e37_79b9_7f4a_7c15))
}

impl Sink for MoveList {
    const PATHS: bool = true;
    const INDEXED: bool = true;

    fn clear(&mut self) {
        MoveList::clear(self);
    }

    fn add(
        &mut self,
        from: u32,
        mut tos: u64,
        captured: u64,
        crowned: bool,
        path: &[Square],
        mut index: Option<&mut Index<'_>>,
    ) {
        let (from, captured) = (sq(from), Bitboard::from_u64(captured));
        while tos != 0 {
            let to = sq(tos.trailing_zeros());
            tos &= tos - 1;
            let same = |i: usize| {
                let m = &self[i];
                m.captured == captured && m.to == to && m.from == from && m.crowned == crowned
            };
            let key = || move_key(from, to, captured, crowned);
            let Err(slot) = lookup(&index, self.len(), key, same) else {
                continue;
            };
            let mut m = Move {
                captured,
                from,
                to,
                crowned,
                len: path.len() as u8 + 1,
                path: [Square::A1; MAX_PATH],
            };
            m.path[..path.len()].copy_from_slice(path);
            m.path[path.len()] = to;
            self.push(m);
            if let (Some(slot), Some(ix)) = (slot, index.as_deref_mut()) {
                ix.record(slot, self.len());
            }
        }
    }

    fn len(&self) -> usize {
        <[Move]>::len(self)
    }
}

/// Capture moves without paths, grouped by origin, captured set and crowning, with a set of
/// destinations each: what perft needs, at a fraction of the cost of single moves.
///
/// A search can keep only a part of the groups: those whose key hashes to `part` modulo
/// `parts` (a power of two). Without `alloc`, where the list cannot grow past its inline
/// capacity, a search whose groups do not fit is done again in two halves, and so on
/// (see [`Groups::overflowed`]).
pub(crate) struct Groups {
    list: Spill<Group, { MoveList::CAPACITY }>,
    /// `parts - 1`: the groups kept are those whose hash has `part` in these bits.
    mask: u64,
    part: u64,
    /// Without `alloc`: a group was lost because the list was full.
    overflowed: bool,
}

impl Default for Groups {
    fn default() -> Groups {
        Groups::part(1, 0)
    }
}

/// Capture moves that differ only in their destination.
#[derive(Clone, Copy)]
pub(crate) struct Group {
    pub(crate) captured: u64,
    pub(crate) tos: u64,
    pub(crate) from: u32,
    pub(crate) crowned: bool,
}

impl Groups {
    /// The groups whose key hashes to `part` modulo `parts` (a power of two).
    pub(crate) fn part(parts: u64, part: u64) -> Groups {
        Groups {
            list: Spill::default(),
            mask: parts - 1,
            part,
            overflowed: false,
        }
    }

    /// Whether a group did not fit (without `alloc` only): the search must be done again
    /// in smaller parts.
    pub(crate) fn overflowed(&self) -> bool {
        self.overflowed
    }

    /// The number of moves.
    pub(crate) fn count(&self) -> u64 {
        self.list
            .as_slice()
            .iter()
            .map(|g| u64::from(g.tos.count_ones()))
            .sum()
    }

    pub(crate) fn iter(&self) -> impl Iterator<Item = &Group> {
        self.list.as_slice().iter()
    }

    /// Whether the group with this key is one this search keeps.
    #[inline(always)]
    fn keeps(&self, from: u32, captured: u64, crowned: bool) -> bool {
        self.mask == 0 || {
            let key = captured
                ^ (u64::from(from) << 1 | u64::from(crowned)).wrapping_mul(0x9e37_79b9_7f4a_7c15);
            key.wrapping_mul(0x2545_f491_4f6c_dd1d) >> 40 & self.mask == self.part
        }
    }
}

impl Sink for Groups {
    const PATHS: bool = false;
    const INDEXED: bool = false;

    fn clear(&mut self) {
        // Only captures of the longest length count: a group lost on a shorter one is no
        // loss.
        self.list.clear();
        self.overflowed = false;
    }

    #[inline(always)]
    fn add(
        &mut self,
        from: u32,
        tos: u64,
        captured: u64,
        crowned: bool,
        _path: &[Square],
        _index: Option<&mut Index<'_>>,
    ) {
        if !self.keeps(from, captured, crowned) {
            return;
        }
        // Groups serve perft, where lists are short: a scan beats an index.
        if let Some(g) = self
            .list
            .as_mut_slice()
            .iter_mut()
            .find(|g| g.captured == captured && g.from == from && g.crowned == crowned)
        {
            g.tos |= tos;
        } else if !self.list.try_push(Group {
            captured,
            tos,
            from,
            crowned,
        }) {
            self.overflowed = true;
        }
    }

    fn len(&self) -> usize {
        self.list.as_slice().len()
    }
}

/// A capture search that keeps no list: it finds the length of the longest captures and,
/// among them, the moves from `from` to `to` (with the captured set and crowning `want`, if
/// given; `exact` tells whether one has the result `prefer`). What [`Position::is_legal`](crate::Position::is_legal) and
/// [`Position::parse_move`](crate::Position::parse_move) need, without building the whole
/// list.
pub(crate) struct Resolve {
    from: u32,
    to: u64,
    want: Option<(u64, bool)>,
    prefer: Option<(u64, bool)>,
    /// The number of pieces the longest captures found so far take.
    pub(crate) len: u32,
    /// The distinct results (captured set, crowned) that match, up to the list's capacity
    /// without `alloc` (more are not counted then).
    seen: Spill<(u64, bool), 64>,
    /// The first matching move, with the path the search found.
    pub(crate) first: Option<Move>,
    /// Whether a match has the result `prefer`.
    pub(crate) exact: bool,
}

impl Resolve {
    /// Looks for the moves from `from` to `to`, with the result `want` if given (a `to` of
    /// 64 matches nothing: the search then only finds the length).
    pub(crate) fn new(
        from: u32,
        to: u32,
        want: Option<(u64, bool)>,
        prefer: Option<(u64, bool)>,
    ) -> Resolve {
        Resolve {
            from,
            to: if to < 64 { 1 << to } else { 0 },
            want,
            prefer,
            len: 0,
            seen: Spill::default(),
            first: None,
            exact: false,
        }
    }

    /// The number of distinct matching moves.
    pub(crate) fn matches(&self) -> usize {
        self.seen.as_slice().len()
    }
}

impl Sink for Resolve {
    const PATHS: bool = true;
    const INDEXED: bool = false;

    fn clear(&mut self) {
        self.seen.clear();
        self.first = None;
        self.exact = false;
    }

    fn add(
        &mut self,
        from: u32,
        tos: u64,
        captured: u64,
        crowned: bool,
        path: &[Square],
        _index: Option<&mut Index<'_>>,
    ) {
        self.len = captured.count_ones();
        if from != self.from || tos & self.to == 0 {
            return;
        }
        if self.want.is_some_and(|w| w != (captured, crowned)) {
            return;
        }
        if self.seen.as_slice().contains(&(captured, crowned)) {
            return;
        }
        // (Without `alloc`, past the capacity the count stops growing.)
        let _ = self.seen.try_push((captured, crowned));
        self.exact |= self.prefer == Some((captured, crowned));
        if self.first.is_none() {
            let to = sq(self.to.trailing_zeros());
            let mut m = Move {
                captured: Bitboard::from_u64(captured),
                from: sq(from),
                to,
                crowned,
                len: path.len() as u8 + 1,
                path: [Square::A1; MAX_PATH],
            };
            m.path[..path.len()].copy_from_slice(path);
            m.path[path.len()] = to;
            self.first = Some(m);
        }
    }

    fn len(&self) -> usize {
        self.seen.as_slice().len()
    }
}

/// The depth-first capture search from one piece: the plain search (`SLOW` false), which
/// gives up when its work budget is spent or its list grows long, or the slow search, with
/// the memo table and the list index.
struct Search<'a, S: Side, const CROWN: bool, K: Sink, const SLOW: bool> {
    /// The moving side's other pieces (the mover has left its square).
    own: u64,
    /// The opponent's pieces when the move starts.
    opp: u64,
    from: u32,
    /// The largest number of captures found so far; `out` holds only moves of that length.
    best: u32,
    /// Slow search only: the number of opponent pieces; no move captures more.
    full: u32,
    /// Slow search only: the destinations of the moves found from `from` that capture every
    /// opponent piece, indexed by `crowned`. When `best == full` and every square the mover
    /// could end on is in here, a state cannot add a new move.
    found_all: [u64; 2],
    /// Whether the mover is a man crowned during this move (so a king now).
    crowned: bool,
    out: &'a mut K,
    /// The slow search's index into `out`; the plain search has none and hands long lists on.
    index: Option<Index<'a>>,
    path: [Square; MAX_PATH],
    memo: Option<&'a mut [MemoSlot]>,
    /// The plain search's work budget, in king jumps.
    budget: u32,
    /// Whether the plain search gave up. Once it has, the budget is zero, so every jump
    /// still to come returns at once.
    aborted: bool,
    /// Whether the plain search gave up because its list grew long (rather than for want
    /// of budget): the paths need not explode then, and the memo table does better than
    /// layers.
    long_list: bool,
    side: PhantomData<S>,
}

impl<S: Side, const CROWN: bool, K: Sink, const SLOW: bool> Search<'_, S, CROWN, K, SLOW> {
    /// Moves ending on the squares of `tos` after `depth >= 1` captures; the path up to the
    /// last landing is in `self.path`.
    #[inline(always)]
    fn emit(&mut self, tos: u64, removed: u64, depth: u32, crowned: bool) {
        if depth < self.best {
            return;
        }
        if depth > self.best {
            self.out.clear();
            if let Some(ix) = self.index.as_mut() {
                ix.clear();
            }
            self.best = depth;
        }
        if SLOW && depth == self.full {
            self.found_all[usize::from(crowned)] |= tos;
        }
        let path = &self.path[..depth as usize - 1];
        self.out
            .add(self.from, tos, removed, crowned, path, self.index.as_mut());
        if K::INDEXED && !SLOW && self.out.len() > PLAIN_LIST {
            // A long list: the slow search indexes it.
            self.long_list = true;
            self.give_up();
        }
    }

    /// Stops the plain search: it is to be done again by the slow search.
    #[cold]
    fn give_up(&mut self) {
        self.aborted = true;
        self.budget = 0;
    }

    /// Of the directions `dirs` (a bit per direction) in which the king on `at` can jump,
    /// with the opponent pieces `live` not captured yet, those not explored before,
    /// recording them as explored. What a jump leads to depends only on where it starts, in
    /// which direction and what was captured before, not on how the king got there, so each
    /// is explored once.
    ///
    /// Slow search only: without a memo table every direction is new.
    fn unexplored(&mut self, at: u32, live: u64, dirs: u32) -> u32 {
        let Some(memo) = self.memo.as_deref_mut() else {
            return dirs;
        };
        let key = 1 << 4 | at << 5 | u32::from(self.crowned) << 11 | self.from << 12;
        let h = ((live ^ u64::from(key).wrapping_mul(0x9e37_79b9_7f4a_7c15))
            .wrapping_mul(0x2545_f491_4f6c_dd1d)
            >> (64 - MEMO_BITS)) as usize;
        let slot = &mut memo[h];
        let (lo, hi) = (live as u32, (live >> 32) as u32);
        if slot[0] == lo && slot[1] == hi && slot[2] & !0xf == key {
            let explored = slot[2];
            slot[2] |= dirs;
            dirs & !explored
        } else {
            *slot = [lo, hi, key | dirs];
            dirs
        }
    }

    /// A king on `at` that starts its capture, or was just crowned by a jump in direction
    /// `last`: it tries every direction.
    fn king(&mut self, at: u32, removed: u64, last: usize, depth: u32) {
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
    fn jump<const D: usize>(&mut self, at: u32, live: u64, depth: u32) {
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
        let p = nearest(RAYS[D][at as usize] & occ, D);
        let live = live & !(1 << p);
        let occ = self.own | live;
        let empty = !occ;
        let depth = depth + 1;
        // The landing squares run from just behind `p` to the next piece, if any; going
        // straight on means jumping that piece.
        let beyond = RAYS[D][p as usize];
        let blk = beyond & occ;
        let (land, ahead) = if blk == 0 {
            (beyond, false)
        } else {
            let q = nearest(blk, D);
            let land = beyond & !(RAYS[D][q as usize] | 1 << q);
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
        // Landing squares with no way on end the move.
        let done = if ahead { 0 } else { land & !(left | right) };
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
    fn jump_dir(&mut self, d: usize, at: u32, live: u64, depth: u32) {
        match d {
            NORTH => self.jump::<NORTH>(at, live, depth),
            EAST => self.jump::<EAST>(at, live, depth),
            SOUTH => self.jump::<SOUTH>(at, live, depth),
            _ => self.jump::<WEST>(at, live, depth),
        }
    }

    /// A man on `at`, having removed `removed`.
    fn man(&mut self, at: u32, removed: u64, depth: u32) {
        let live = self.opp & !removed;
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
        if !found {
            self.emit(bit, removed, depth, bit & S::PROMO != 0);
        }
    }

    fn run(&mut self, own: u64, kings: u64, mut layers: Option<&mut Layers>) {
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

    #[cfg(not(feature = "alloc"))]
    fn by_layers(&mut self, layers: &mut Layers, _from: u32) -> bool {
        match *layers {}
    }

    /// The captures of the king on `from` searched by layers; `false` if they did not fit
    /// (the search then gives up, to be done again with the memo table).
    #[cfg(feature = "alloc")]
    fn by_layers(&mut self, layers: &mut Layers, from: u32) -> bool {
        let Some(depth) = layers.search(self.own, self.opp, from) else {
            return false;
        };
        if depth == 0 || depth < self.best {
            return true;
        }
        let mut trail = NO_TRAIL;
        for s in layers.finals() {
            let removed = self.opp & !s.live;
            if K::PATHS {
                let mut tos = s.squares();
                while tos != 0 {
                    let t = tos.trailing_zeros();
                    tos &= tos - 1;
                    if layers
                        .path_to(s.live, t, depth, &mut self.path, &mut trail)
                        .is_none()
                    {
                        return false;
                    }
                    self.emit(1 << t, removed, depth, false);
                }
            } else {
                self.emit(s.squares(), removed, depth, false);
            }
        }
        true
    }

    /// A man crowned by a jump in direction `last` goes on as a king (default rule set).
    fn crown_and_go_on(&mut self, at: u32, removed: u64, last: usize, depth: u32) {
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
    fn start(&mut self, own: u64, from: u32) {
        if self.from != from {
            self.from = from;
            self.own = own & !(1 << from);
            if SLOW {
                self.found_all = [0; 2];
            }
        }
    }
}

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
        from: 64,
        best: 0,
        // Used by the slow search only.
        full: 0,
        found_all: [0; 2],
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

/// The search again, for the rare positions where capture paths explode or the list is long:
/// kings by layers if `layers`, then, if that is not enough, depth-first with a memo table so
/// that each state is explored once. The tables are in `scratch`, or the thread's.
#[cfg(feature = "alloc")]
#[cold]
#[inline(never)]
fn gen_captures_memo<S: Side, const CROWN: bool, K: Sink>(
    own: u64,
    opp: u64,
    kings: u64,
    out: &mut K,
    layers: bool,
    scratch: Option<&mut SearchScratch>,
) {
    match scratch {
        Some(scratch) => slow_searches::<S, CROWN, K>(own, opp, kings, out, layers, scratch),
        None => SearchScratch::with_thread(|scratch| {
            slow_searches::<S, CROWN, K>(own, opp, kings, out, layers, scratch);
        }),
    }
}

/// [`gen_captures_memo`] with its tables.
#[cfg(feature = "alloc")]
fn slow_searches<S: Side, const CROWN: bool, K: Sink>(
    own: u64,
    opp: u64,
    kings: u64,
    out: &mut K,
    layers: bool,
    scratch: &mut SearchScratch,
) {
    let SearchScratch {
        layers: by_layers,
        memo,
        index,
    } = scratch;
    let index = SearchScratch::index(index);
    if layers {
        // Without the memo table: a man crowned on the way, or layers that overflow, make
        // this search give up.
        out.clear();
        let by_layers = SearchScratch::layers(by_layers);
        let mut search = slow_search::<S, CROWN, K>(own, opp, out, Index::new(index), None);
        search.run(own, kings, Some(by_layers));
        if !search.aborted {
            return;
        }
    }
    out.clear();
    let memo = SearchScratch::memo(memo);
    memo.fill([0; 3]);
    slow_search::<S, CROWN, K>(own, opp, out, Index::new(index), Some(memo)).run(own, kings, None);
}

/// The search again, for the rare positions where capture paths explode or the list is long:
/// depth-first with a memo table so that each state is explored once. Without an allocator
/// its tables are on the stack (see [`Position::legal_moves`](crate::Position::legal_moves)).
#[cfg(not(feature = "alloc"))]
#[cold]
#[inline(never)]
fn gen_captures_memo<S: Side, const CROWN: bool, K: Sink>(
    own: u64,
    opp: u64,
    kings: u64,
    out: &mut K,
    _layers: bool,
    _scratch: Option<&mut SearchScratch>,
) {
    let mut index = [0u16; INDEX_SLOTS];
    let mut memo = [[0u32; 3]; MEMO_SLOTS];
    out.clear();
    slow_search::<S, CROWN, K>(own, opp, out, Index::new(&mut index), Some(&mut memo))
        .run(own, kings, None);
}

/// A slow search that puts its moves into `out`, indexed by `index`.
fn slow_search<'a, S: Side, const CROWN: bool, K: Sink>(
    own: u64,
    opp: u64,
    out: &'a mut K,
    index: Index<'a>,
    memo: Option<&'a mut [MemoSlot]>,
) -> Search<'a, S, CROWN, K, true> {
    Search {
        own,
        opp,
        from: 64,
        best: 0,
        full: opp.count_ones(),
        found_all: [0; 2],
        crowned: false,
        out,
        index: Some(index),
        path: [Square::A1; MAX_PATH],
        memo,
        budget: 0,
        aborted: false,
        long_list: false,
        side: PhantomData,
    }
}
