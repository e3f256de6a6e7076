//! [`MoveList`]: where move generation puts its moves.

use core::fmt;
use core::ops::{Deref, DerefMut};

use super::Move;
use crate::spill::{Spill, SpillIter};

/// The legal moves of a position. It derefs to a slice of [`Move`]s.
///
/// # Capacity and allocation
///
/// The list holds up to [`MoveList::CAPACITY`] moves on the stack, without touching the heap:
/// 256 moves of 32 bytes, and its length and where its moves are, 8 208 bytes in all
/// (`size_of::<MoveList>()`; 8 200 without the `alloc` feature, where it cannot move to the
/// heap).
///
/// * Quiet moves always fit: a man has at most 3, a king at most 14 (a rook's moves on an
///   empty board), and no empty square is reached by more than 4 kings (the nearest on each
///   side along its rank and file). So a side of `m` men and `k` kings, `m + k <= 32`, has at
///   most `3m + min(14k, 4(64 - m - k))` quiet moves: 199 at most (1 man, 14 kings).
/// * Captures, distinct by result under the maximum-capture rule, have no small bound: the
///   captured *sets* vary combinatorially. A hill-climbing search
///   (`tools/worst-case-search`, results in `tests/data/worst-case-found.fen`) found a
///   position reachable under the piece limits with 1 904 distinct legal moves, and the
///   search itself may hold more moves of a shorter length before it finds the longest
///   capture. So no fixed capacity is proven. Past [`MoveList::CAPACITY`] the list moves to
///   the heap when the `alloc` feature is on (it is, through the default `std` feature); no
///   ordinary game position comes near it. Without `alloc`, overflow panics with a message:
///   it is never silent truncation.
///
/// ```
/// use turkish_draughts::Position;
/// let moves = Position::start().legal_moves();
/// assert_eq!(moves.len(), 8);
/// assert!(moves.iter().all(|m| !m.is_capture()));
/// # #[cfg(feature = "alloc")]
/// assert_eq!(size_of::<turkish_draughts::MoveList>(), 8208);
/// ```
#[derive(Clone)]
pub struct MoveList(Spill<Move, { MoveList::CAPACITY }>);

impl MoveList {
    /// The number of moves held on the stack; see the type's documentation.
    pub const CAPACITY: usize = 256;

    /// An empty list.
    ///
    /// ```
    /// use turkish_draughts::MoveList;
    /// assert!(MoveList::new().is_empty());
    /// ```
    pub fn new() -> MoveList {
        MoveList(Spill::default())
    }

    #[inline]
    pub(crate) fn push(&mut self, m: Move) {
        if !self.0.try_push(m) {
            panic!(
                "more than {} distinct legal moves and no `alloc` feature to hold them: \
                 please report this position",
                MoveList::CAPACITY
            );
        }
    }

    #[inline]
    pub(crate) fn clear(&mut self) {
        self.0.clear();
    }

    /// The inline storage, if the list has not moved to the heap.
    #[inline]
    pub(crate) fn inline_mut(
        &mut self,
    ) -> Option<&mut arrayvec::ArrayVec<Move, { MoveList::CAPACITY }>> {
        self.0.inline_mut()
    }
}

impl Default for MoveList {
    fn default() -> MoveList {
        MoveList::new()
    }
}

impl fmt::Debug for MoveList {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.iter()).finish()
    }
}

impl Deref for MoveList {
    type Target = [Move];
    #[inline]
    fn deref(&self) -> &[Move] {
        self.0.as_slice()
    }
}

impl DerefMut for MoveList {
    #[inline]
    fn deref_mut(&mut self) -> &mut [Move] {
        self.0.as_mut_slice()
    }
}

impl<'a> IntoIterator for &'a MoveList {
    type Item = &'a Move;
    type IntoIter = core::slice::Iter<'a, Move>;
    fn into_iter(self) -> Self::IntoIter {
        self.iter()
    }
}

impl IntoIterator for MoveList {
    type Item = Move;
    type IntoIter = IntoIter;
    fn into_iter(self) -> IntoIter {
        IntoIter(self.0.into_iter())
    }
}

/// The moves of a [`MoveList`], by value.
///
/// ```
/// use turkish_draughts::Position;
/// let n = Position::start().legal_moves().into_iter().filter(|m| !m.is_capture()).count();
/// assert_eq!(n, 8);
/// ```
#[derive(Clone, Debug)]
pub struct IntoIter(SpillIter<Move, { MoveList::CAPACITY }>);

impl Iterator for IntoIter {
    type Item = Move;
    fn next(&mut self) -> Option<Move> {
        self.0.next()
    }
    fn size_hint(&self) -> (usize, Option<usize>) {
        self.0.size_hint()
    }
}

impl ExactSizeIterator for IntoIter {}
impl core::iter::FusedIterator for IntoIter {}
