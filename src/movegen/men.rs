//! The men's first jumps, all at once, and the counting of men's capture paths.

use core::marker::PhantomData;
use core::ops::ControlFlow;

use super::rays::{can_jump, kings_can_capture};
use super::side::{Side, back};
use crate::geometry::{EAST, NORTH, SOUTH, WEST, shift, shift_dir};
use crate::moves::{Move, MoveList};

/// The landing squares of the first jumps of all the men `men` at once, forward, east and
/// west.
#[inline(always)]
pub(crate) fn man_landings<S: Side>(men: u64, opp: u64, empty: u64) -> [u64; 3] {
    [S::FWD, EAST, WEST].map(|d| shift_dir(shift_dir(men, d) & opp, d) & empty)
}

/// Of the landing squares `lands` of the men's first jumps (forward, east, west), those from
/// which the man goes on: jumps again or, under the default rules, is crowned and goes on as
/// a king.
#[inline(always)]
pub(crate) fn man_going_on<S: Side, const CROWN: bool>(
    lands: [u64; 3],
    opp: u64,
    empty: u64,
) -> [u64; 3] {
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
pub(super) fn count_man_paths<S: Side, const CROWN: bool>(
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

/// Calls `push` with each move of the single captures (the case of `position::generate`
/// where the men's first jumps land on `lands`, none of which can go on, and no king can
/// capture), in the order the capture search finds them: forward,
/// east, west, each in square order. Stops at the first `Break`.
///
/// A man that lands on its last rank is crowned: under the default rules such a landing is
/// never `Single` (the new king might capture on), so this is the end-of-move crowning of
/// [`RuleSet::Tudaf`](crate::RuleSet::Tudaf).
#[inline(always)]
pub(crate) fn single_captures<S: Side, B>(
    lands: [u64; 3],
    kings: u64,
    mut push: impl FnMut(Move) -> ControlFlow<B>,
) -> ControlFlow<B> {
    let mut flow = ControlFlow::Continue(());
    for_each_first_jump::<S>(lands, |_, from, victim, to| {
        let crowned = to & S::PROMO != 0;
        let meta = Move::meta(
            S::BLACK,
            from.trailing_zeros(),
            to.trailing_zeros(),
            crowned,
        );
        // The mover is a man: the kings change by the victim if it is one, and by the
        // landing square if the man is crowned there.
        let dk = (victim & kings) | (to & S::PROMO);
        flow = push(Move::from_parts(
            meta,
            Move::board_order(S::BLACK, from | to, victim, dk),
        ));
        flow.is_continue()
    });
    flow
}

/// Adds the capture paths of a man on `at` (one square), which got there by a jump in
/// direction `last` and has made `depth` captures, to `tally`: (the largest number of
/// captures seen, the number of paths with that many). `live`: the opponent pieces not
/// captured; `empty`: the empty squares. Returns false if the man is crowned under the
/// default rules and can capture on as a king (see [`count_man_paths`]).
pub(super) fn man_paths<S: Side, const CROWN: bool>(
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
        // The three jumps' landing squares at once: a path that ends costs one test.
        let lands = man_landings::<S>(at, live, empty);
        if lands != [0; 3] {
            found = true;
            for (d, land) in [S::FWD, EAST, WEST].into_iter().zip(lands) {
                if land != 0 {
                    let over = shift_dir(land, d ^ 2);
                    let (live, empty) = (live ^ over, empty | over);
                    if !man_paths::<S, CROWN>(land, d, live, empty, depth + 1, tally) {
                        return false;
                    }
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

/// The most jumps [`men_captures`] follows: the longest path a move holds
/// ([`Move::MAX_PATH_HELD`] landings, their hops before the last in one word). Longer paths
/// go to the capture search.
const MEN_MAX_JUMPS: u32 = Move::MAX_PATH_HELD as u32;

/// The captures of the men that can capture more than once (a case of `position::generate`:
/// the men's first jumps landing on `lands`) when no king
/// of the side to move can capture: a depth-first search over the men's jumps that writes
/// the longest paths straight into `out`, each path its own move (see [`count_man_paths`]:
/// no two of them have the same result), in the capture search's order, with the path's
/// hops built jump by jump.
/// Returns false, `out` to be filled again by the capture search, if a king of the side can
/// capture, if a man reaches its last rank under the default rules (crowned, it may go on as
/// a king), or if a path runs past [`MEN_MAX_JUMPS`].
pub(crate) fn men_captures<S: Side, const CROWN: bool>(
    own: u64,
    opp: u64,
    kings: u64,
    lands: [u64; 3],
    out: &mut MoveList,
) -> bool {
    let empty = !(own | opp);
    if own & kings != 0 && kings_can_capture(own & kings, opp, empty) {
        return false;
    }
    out.clear();
    let mut search = MenSearch::<S, CROWN> {
        own,
        opp,
        kings,
        from: 0,
        best: 0,
        out,
        side: PhantomData,
    };
    // (Forward, then east, then west, each in square order: the capture search's order.)
    for (d, mut l) in [S::FWD, EAST, WEST].into_iter().zip(lands) {
        while l != 0 {
            let to = l & l.wrapping_neg();
            l ^= to;
            let victim = shift_dir(to, d ^ 2);
            let from = shift_dir(victim, d ^ 2);
            search.own = own & !from;
            search.from = from;
            if !search.jumped(to, d, victim, 1, 0) {
                return false;
            }
        }
    }
    true
}

/// The state of [`men_captures`].
struct MenSearch<'a, S: Side, const CROWN: bool> {
    /// The side's pieces but the moving man.
    own: u64,
    opp: u64,
    kings: u64,
    /// The moving man's square, as a set.
    from: u64,
    /// The most captures found so far: `out` holds only moves with that many.
    best: u32,
    out: &'a mut MoveList,
    side: PhantomData<S>,
}

impl<S: Side, const CROWN: bool> MenSearch<'_, S, CROWN> {
    /// The man has made `depth` jumps, the last in direction `d` onto `at` (one square),
    /// capturing `removed`; `hops` holds the hop codes of its jumps before that one (see
    /// `Move::hop`). Returns false if this search cannot go on (see [`men_captures`]).
    fn jumped(&mut self, at: u64, d: usize, removed: u64, depth: u32, hops: u64) -> bool {
        if CROWN && at & S::PROMO != 0 {
            return false;
        }
        let live = self.opp & !removed;
        let empty = !(self.own | live);
        let lands = man_landings::<S>(at, live, empty);
        if lands == [0; 3] {
            self.emit(at, removed, depth, hops);
            return true;
        }
        if depth >= MEN_MAX_JUMPS {
            return false;
        }
        // The hop onto `at`: a man jumps two squares in direction `d`.
        let hops = hops | (d as u64 | 4) << (5 * (depth - 1));
        // (Forward, then west, then east: the capture search's order.)
        for (d, land) in [(S::FWD, lands[0]), (WEST, lands[2]), (EAST, lands[1])] {
            if land != 0 && !self.jumped(land, d, removed | shift_dir(land, d ^ 2), depth + 1, hops)
            {
                return false;
            }
        }
        true
    }

    /// A move ending on `at` after `depth` jumps; see [`MenSearch::jumped`].
    #[inline(always)]
    fn emit(&mut self, at: u64, removed: u64, depth: u32, hops: u64) {
        if depth < self.best {
            return;
        }
        if depth > self.best {
            self.out.clear();
            self.best = depth;
        }
        let crowned = at & S::PROMO != 0;
        let meta = Move::meta(
            S::BLACK,
            self.from.trailing_zeros(),
            at.trailing_zeros(),
            crowned,
        );
        // The mover is a man: the kings change by the kings it captures, and by its landing
        // square if it is crowned there.
        let dk = self.kings & removed | if crowned { at } else { 0 };
        let delta = Move::board_order(S::BLACK, self.from | at, removed, dk);
        self.out.push(Move::with_hops(meta, delta, hops));
    }
}
