//! The quiet moves: generated a set of destinations at a time, into a list or a callback
//! ([`QuietSink`]).

use core::convert::Infallible;
use core::ops::ControlFlow;

use super::rays::king_reach;
use super::side::{Side, back, fwd};
use crate::geometry::{BIT, EAST, RANK_1, RANK_8, WEST, king_lines, shift};
use crate::moves::{Move, MoveList};

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

/// Clears `out` and pushes every quiet move onto it (`known` as for
/// [`quiet_moves_knowing`]): a man's move crowns it on the last rank, a king's never does.
/// The list is looked at once, not at every move: quiet moves always fit inline (at most 199
/// of them, see [`MoveList`]), unless an earlier long capture list left it on the heap.
#[inline(always)]
pub(crate) fn gen_quiet<S: Side>(
    own: u64,
    opp: u64,
    kings: u64,
    known: Option<[u64; 2]>,
    out: &mut MoveList,
) {
    // (`Infallible`: the generator never stops early here, and the checks fold away.)
    if let Some(list) = out.inline_mut() {
        list.clear();
        let _ = quiet_moves_knowing::<S, Infallible>(own, opp, kings, known, &mut Extend(list));
    } else {
        gen_quiet_on_heap::<S>(own, opp, kings, out);
    }
}

/// [`gen_quiet`] for a list on the heap, out of line (and finding the kings' lines again):
/// the inline case keeps a small frame.
#[cold]
#[inline(never)]
fn gen_quiet_on_heap<S: Side>(own: u64, opp: u64, kings: u64, out: &mut MoveList) {
    out.clear();
    let _ = quiet_moves_knowing::<S, Infallible>(own, opp, kings, None, &mut |m| {
        out.push(m);
        ControlFlow::Continue(())
    });
}

/// Where quiet moves go: a set of destinations at a time, each made into its move by `f`.
pub(crate) trait QuietSink<B> {
    /// Adds `f(to)` for each square index `to` of `t`, in square order; stops at the first
    /// `Break` (returned).
    fn squares(&mut self, t: u64, f: impl FnMut(u32) -> Move) -> ControlFlow<B>;
}

impl<B, F: FnMut(Move) -> ControlFlow<B>> QuietSink<B> for F {
    #[inline(always)]
    fn squares(&mut self, mut t: u64, mut f: impl FnMut(u32) -> Move) -> ControlFlow<B> {
        while t != 0 {
            let to = t.trailing_zeros();
            t &= t - 1;
            self(f(to))?;
        }
        ControlFlow::Continue(())
    }
}

/// A list's inline storage as a [`QuietSink`]: each set of destinations is one `extend`,
/// which keeps the length in a register.
pub(crate) struct Extend<'a>(&'a mut arrayvec::ArrayVec<Move, { MoveList::CAPACITY }>);

impl QuietSink<Infallible> for Extend<'_> {
    #[inline(always)]
    fn squares(&mut self, t: u64, f: impl FnMut(u32) -> Move) -> ControlFlow<Infallible> {
        self.0.extend(Squares(t).map(f));
        ControlFlow::Continue(())
    }
}

/// The square indices of a set, lowest first.
struct Squares(u64);

impl Iterator for Squares {
    type Item = u32;
    #[inline(always)]
    fn next(&mut self) -> Option<u32> {
        if self.0 == 0 {
            return None;
        }
        let to = self.0.trailing_zeros();
        self.0 &= self.0 - 1;
        Some(to)
    }
}

/// Hands every quiet move to `push`, a set of destinations at a time, and stops at the
/// first `Break` (returned): the men's steps forward, from the east and from the west (each
/// in square order, crowning or not), then each king's moves, in square order, from one loop
/// over all four directions (a loop per direction costs a mispredicted exit each). The list
/// ([`gen_quiet`]) and [`Position::for_each_legal_move`](crate::Position::for_each_legal_move)
/// both use it.
#[inline(always)]
pub(crate) fn quiet_moves<S: Side, B>(
    own: u64,
    opp: u64,
    kings: u64,
    push: &mut impl QuietSink<B>,
) -> ControlFlow<B> {
    quiet_moves_knowing::<S, B>(own, opp, kings, None, push)
}

/// [`quiet_moves`], with the destinations of the side's kings when the caller has them
/// (`known`: those of its lowest king and of the next, for a side of one or two kings).
#[inline(always)]
pub(crate) fn quiet_moves_knowing<S: Side, B>(
    own: u64,
    opp: u64,
    kings: u64,
    known: Option<[u64; 2]>,
    push: &mut impl QuietSink<B>,
) -> ControlFlow<B> {
    let empty = !(own | opp);
    let men = own & !kings;
    man_steps::<S, B>(fwd::<S>(men) & empty, 0, push)?;
    man_steps::<S, B>(shift::<WEST>(men) & empty, 1, push)?;
    man_steps::<S, B>(shift::<EAST>(men) & empty, 2, push)?;
    let mut ks = own & kings;
    if let Some([first, second]) = known {
        if ks != 0 {
            king_steps::<S, B>(ks.trailing_zeros(), first, push)?;
            ks &= ks - 1;
            if ks != 0 {
                king_steps::<S, B>(ks.trailing_zeros(), second, push)?;
            }
        }
        return ControlFlow::Continue(());
    }
    let occ = own | opp;
    while ks != 0 {
        let k = ks.trailing_zeros();
        ks &= ks - 1;
        king_steps::<S, B>(k, king_lines(k, occ) & !occ, push)?;
    }
    ControlFlow::Continue(())
}

/// Calls `push` with the quiet moves of a king of side `S` on the square of index `k` to
/// the squares of `tos`, and stops at the first `Break` (returned).
#[inline(always)]
fn king_steps<S: Side, B>(k: u32, tos: u64, push: &mut impl QuietSink<B>) -> ControlFlow<B> {
    let kb = BIT[k as usize & 63];
    let from = k | Move::meta(S::BLACK, 0, 0, false);
    push.squares(tos, |to| {
        let moved = kb | BIT[to as usize & 63];
        Move::from_parts(
            from | to << Move::TO_SHIFT,
            Move::board_order(S::BLACK, moved, 0, moved),
        )
    })
}

/// The offset from a man's step's destination back to its origin, by side (White, Black)
/// and direction (forward, to the west, to the east).
const STEP_BACK: [[i32; 3]; 2] = [[-8, 1, -1], [8, 1, -1]];

/// A man's step, as the two halves of its [`Move`] (see `Move::from_halves`), by side,
/// direction (as in [`STEP_BACK`]) and destination: `[dw, db]`, the mover's mask holding
/// the origin and the destination, and `[meta, dk]`, the `meta` word (crowning where the
/// destination is on the side's last rank) and the kings' mask (the destination, for a
/// crowning step). Each step is two 16-byte look-ups copied into the move, and no
/// arithmetic; with the zero hops, three 16-byte stores. Steps from off the board get some
/// value, never read.
static STEPS: [[[[[u64; 2]; 2]; 64]; 3]; 2] = {
    let mut t = [[[[[0; 2]; 2]; 64]; 3]; 2];
    let mut side = 0;
    while side < 2 {
        let promo = if side == 0 { RANK_8 } else { RANK_1 };
        let mut d = 0;
        while d < 3 {
            let mut to = 0;
            while to < 64 {
                let from = (to + STEP_BACK[side][d]) & 63;
                let squares = 1u64 << to | 1u64 << from;
                let crowned = promo >> to & 1 != 0;
                let meta = Move::meta(side == 1, from as u32, to as u32, crowned) as u64;
                t[side][d][to as usize] = [
                    if side == 0 {
                        [squares, 0]
                    } else {
                        [0, squares]
                    },
                    [meta, if crowned { 1 << to } else { 0 }],
                ];
                to += 1;
            }
            d += 1;
        }
        side += 1;
    }
    t
};

/// Calls `push` with the steps of men of side `S` to the squares of `t` in direction `d`
/// (as in [`STEP_BACK`]), and stops at the first `Break` (returned).
#[inline(always)]
fn man_steps<S: Side, B>(t: u64, d: usize, push: &mut impl QuietSink<B>) -> ControlFlow<B> {
    let steps = &STEPS[usize::from(S::BLACK)][d];
    push.squares(t, |to| {
        let [sides, meta_kings] = steps[to as usize & 63];
        Move::from_halves(sides, meta_kings)
    })
}
