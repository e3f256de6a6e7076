//! [`Position::for_each_legal_move`]: the legal moves handed to a callback, one by one, with
//! an early stop and without a list for quiet moves.

use core::ops::ControlFlow;

use crate::movegen::{self, Captures, Side};
use crate::position::dispatch;
use crate::{Move, MoveList, Position};

/// Quiet moves go straight from the generator to `f`; captures are collected first (the
/// maximum-capture rule can drop moves found earlier, and moves with the same result are
/// listed once) and then handed over in the list's order.
#[inline(always)]
fn for_each_of<S: Side, const CROWN: bool, B>(
    own: u64,
    opp: u64,
    kings: u64,
    f: &mut impl FnMut(Move) -> ControlFlow<B>,
) -> ControlFlow<B> {
    match movegen::captures::<S, CROWN>(own, opp, kings) {
        Captures::None => movegen::quiet_moves::<S, B>(own, opp, kings, f),
        Captures::Single(lands) => movegen::single_captures::<S, B>(lands, kings, f),
        Captures::Men(lands) => captures_of::<S, CROWN, B>(own, opp, kings, Some(lands), f),
        Captures::Kings => captures_of::<S, CROWN, B>(own, opp, kings, None, f),
    }
}

/// The capture half, kept out of line so that the quiet path's stack frame does not hold a
/// [`MoveList`].
#[inline(never)]
fn captures_of<S: Side, const CROWN: bool, B>(
    own: u64,
    opp: u64,
    kings: u64,
    men: Option<[u64; 3]>,
    f: &mut impl FnMut(Move) -> ControlFlow<B>,
) -> ControlFlow<B> {
    let mut list = MoveList::new();
    if !men
        .is_some_and(|lands| movegen::men_captures::<S, CROWN>(own, opp, kings, lands, &mut list))
    {
        movegen::gen_captures::<S, CROWN, MoveList>(own, opp, kings, &mut list, None);
    }
    for m in list.iter() {
        f(*m)?;
    }
    ControlFlow::Continue(())
}

impl Position {
    /// Calls `f` with every legal move, in exactly the order of
    /// [`legal_moves`](Position::legal_moves), and stops as soon as `f` returns
    /// [`ControlFlow::Break`]: that value is returned. If `f` never breaks, the answer is
    /// `ControlFlow::Continue(())` once every move has been seen. This is the form for
    /// engines that visit moves one at a time (a search that stops at a beta cut-off, a
    /// count, a look for one kind of move).
    ///
    /// # Memory
    ///
    /// * When the side to move has no capture, the quiet moves go from the generator
    ///   straight to `f`: no list is built, nothing is allocated, nothing but the generator's
    ///   few words of state is on the stack.
    /// * When it must capture, the captures are first collected into a [`MoveList`] on this
    ///   call's stack (the maximum-capture rule can drop moves found earlier, and moves with
    ///   the same result are listed once), then handed to `f` one by one. That search and
    ///   its memory are exactly those of [`legal_moves`](Position::legal_moves): the same
    ///   heap tables for the rare exploding positions (see its *Memory* section), the same
    ///   spill of a long list to the heap with `alloc`, the same stack needs.
    ///
    /// # Panics
    ///
    /// As [`legal_moves`](Position::legal_moves): only without the `alloc` feature, for a
    /// position with more than [`MoveList::CAPACITY`] distinct legal captures (contrived
    /// positions). Also if `f` panics.
    ///
    /// ```
    /// use core::ops::ControlFlow;
    /// use turkish_draughts::{Position, RuleSet, Square};
    ///
    /// // Every move, in the order of `legal_moves`.
    /// let pos = Position::start();
    /// let mut seen = Vec::new();
    /// let all = pos.for_each_legal_move(|m| {
    ///     seen.push(m);
    ///     ControlFlow::<()>::Continue(())
    /// });
    /// assert_eq!(all, ControlFlow::Continue(()));
    /// assert_eq!(seen, pos.legal_moves().to_vec());
    ///
    /// // Stop at the first capture that ends on d6.
    /// let pos = Position::from_fen("W:Wc4,d4:Bc5,Kd6,e4,b4", RuleSet::Default)?;
    /// let found = pos.for_each_legal_move(|m| {
    ///     if m.path().contains(&Square::C6) {
    ///         ControlFlow::Break(m)
    ///     } else {
    ///         ControlFlow::Continue(())
    ///     }
    /// });
    /// let ControlFlow::Break(m) = found else { panic!("no such move") };
    /// assert_eq!(m.to_string(), "c4xc6xe6");
    /// # Ok::<(), turkish_draughts::FenError>(())
    /// ```
    #[inline]
    pub fn for_each_legal_move<B>(
        &self,
        mut f: impl FnMut(Move) -> ControlFlow<B>,
    ) -> ControlFlow<B> {
        dispatch!(self, for_each_of::<S, C, B>(&mut f))
    }
}
