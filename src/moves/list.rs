//! [`MoveList`]: where move generation puts its moves.

use core::fmt;
use core::ops::{Deref, DerefMut};

#[cfg(feature = "alloc")]
use alloc::vec::Vec;

use super::Move;

/// How many quiet moves a position can have at most (see [`MoveList`]): the bound
/// `3m + min(14k, 4(64 - m - k))` at its largest over `m + k <= 32`.
pub(crate) const MAX_QUIET: usize = 199;

/// The legal moves of a position. It derefs to a slice of [`Move`]s.
///
/// # Capacity and allocation
///
/// The list holds up to [`MoveList::CAPACITY`] moves on the stack, without touching the heap.
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
/// ```
#[derive(Clone)]
pub struct MoveList(Store);

/// The moves: on the stack (the first `len` of `items`), or on the heap.
///
/// On the stack, every slot from `dirty` on holds a move with no capture (no captured set,
/// no path), so that quiet move generation can write a move's 4-byte `meta` word alone
/// (see [`MoveList::quiet_slots`]).
// The inline variant is the point: boxing it would put every list on the heap.
#[allow(clippy::large_enum_variant)]
#[derive(Clone)]
enum Store {
    Inline {
        len: usize,
        dirty: usize,
        items: [Move; MoveList::CAPACITY],
    },
    #[cfg(feature = "alloc")]
    Heap(Vec<Move>),
}

impl MoveList {
    /// The number of moves held on the stack; see the type's documentation.
    pub const CAPACITY: usize = 256;

    /// An empty list.
    ///
    /// ```
    /// use turkish_draughts::MoveList;
    /// assert!(MoveList::new().is_empty());
    /// ```
    pub const fn new() -> MoveList {
        MoveList(Store::Inline {
            len: 0,
            dirty: 0,
            items: [Move::EMPTY; MoveList::CAPACITY],
        })
    }

    #[inline]
    pub(crate) fn push(&mut self, m: Move) {
        match &mut self.0 {
            Store::Inline { len, dirty, items } => match items.get_mut(*len) {
                Some(slot) => {
                    *slot = m;
                    *len += 1;
                    *dirty = (*dirty).max(*len);
                }
                None => self.spill(m),
            },
            #[cfg(feature = "alloc")]
            Store::Heap(list) => list.push(m),
        }
    }

    /// The inline list is full: move to the heap, or report the overflow.
    #[cold]
    #[inline(never)]
    fn spill(&mut self, m: Move) {
        #[cfg(feature = "alloc")]
        {
            let mut heap = Vec::with_capacity(2 * MoveList::CAPACITY);
            heap.extend_from_slice(self);
            heap.push(m);
            self.0 = Store::Heap(heap);
        }
        #[cfg(not(feature = "alloc"))]
        {
            let _ = m;
            panic!(
                "more than {} distinct legal moves and no `alloc` feature to hold them: \
                 please report this position",
                MoveList::CAPACITY
            );
        }
    }

    #[inline]
    pub(crate) fn clear(&mut self) {
        match &mut self.0 {
            Store::Inline { len, .. } => *len = 0,
            #[cfg(feature = "alloc")]
            Store::Heap(list) => list.clear(),
        }
    }

    /// For quiet move generation: empties the list and returns its count and its slots, if
    /// it has not moved to the heap, with every slot holding a move without capture. The
    /// generator then writes each move as its `meta` word alone ([`Move::set_quiet_meta`]),
    /// keeps the count in a register and stores it once at the end.
    #[inline]
    pub(crate) fn quiet_slots(&mut self) -> Option<(&mut usize, &mut [Move; MoveList::CAPACITY])> {
        match &mut self.0 {
            Store::Inline { len, dirty, items } => {
                for slot in &mut items[..*dirty] {
                    *slot = Move::EMPTY;
                }
                (*len, *dirty) = (0, 0);
                Some((len, items))
            }
            #[cfg(feature = "alloc")]
            Store::Heap(_) => None,
        }
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
        match &self.0 {
            Store::Inline { len, items, .. } => &items[..*len],
            #[cfg(feature = "alloc")]
            Store::Heap(list) => list,
        }
    }
}

impl DerefMut for MoveList {
    #[inline]
    fn deref_mut(&mut self) -> &mut [Move] {
        match &mut self.0 {
            Store::Inline { len, dirty, items } => {
                // The caller may write any move into these slots.
                *dirty = (*dirty).max(*len);
                &mut items[..*len]
            }
            #[cfg(feature = "alloc")]
            Store::Heap(list) => list,
        }
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
        IntoIter {
            list: self,
            next: 0,
        }
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
pub struct IntoIter {
    list: MoveList,
    next: usize,
}

impl Iterator for IntoIter {
    type Item = Move;
    fn next(&mut self) -> Option<Move> {
        let m = self.list.get(self.next).copied();
        self.next += usize::from(m.is_some());
        m
    }
    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.list.len() - self.next;
        (n, Some(n))
    }
}

impl ExactSizeIterator for IntoIter {}
impl core::iter::FusedIterator for IntoIter {}
