//! The hash index of the slow search into a long move list.

use crate::{Bitboard, Square};

/// An open-addressing hash index into a long list: 1 + the position of an entry, or 0.
/// Used by the slow search only; its storage (`INDEX_SLOTS` entries, 16 384 bytes) is on the
/// heap with `alloc`, on the stack without.
pub(crate) struct Index<'a> {
    pub(super) slots: &'a mut [u16],
    /// Whether the index covers the list; past three quarters full it stops, and the list
    /// is scanned instead.
    pub(super) live: bool,
}

pub(crate) const INDEX_SLOTS: usize = 1 << 13;

/// The longest list the plain search builds; a longer one is searched again by the slow
/// search, which indexes it.
pub(super) const PLAIN_LIST: usize = 96;

impl<'a> Index<'a> {
    /// An empty index in `slots` (`INDEX_SLOTS` of them).
    pub(super) fn new(slots: &'a mut [u16]) -> Index<'a> {
        slots.fill(0);
        Index { slots, live: true }
    }

    pub(super) fn clear(&mut self) {
        self.slots.fill(0);
        self.live = true;
    }

    /// The slot where probing for a key with this hash starts.
    pub(super) fn start(key: u64) -> usize {
        (key.wrapping_mul(0x2545_f491_4f6c_dd1d) >> (64 - INDEX_SLOTS.trailing_zeros())) as usize
    }

    /// Probes from `start`: `Ok(i)` for the entry `i` that `is_key` accepts, or `Err(slot)`,
    /// the free slot where the key goes.
    pub(super) fn find(
        &self,
        start: usize,
        is_key: impl Fn(usize) -> bool,
    ) -> Result<usize, usize> {
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
    pub(super) fn record(&mut self, slot: usize, len: usize) {
        if len > INDEX_SLOTS / 4 * 3 {
            self.live = false;
        } else {
            self.slots[slot] = len as u16;
        }
    }
}

/// Finds an entry of a list with the index if it covers the list, by scanning otherwise:
/// `Ok(i)`, or `Err(slot)` with the index slot to record a new entry in.
pub(super) fn lookup(
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

pub(super) fn move_key(from: Square, to: Square, captured: Bitboard, crowned: bool) -> usize {
    let small = u64::from(from.index()) << 1 | u64::from(to.index()) << 8 | u64::from(crowned);
    Index::start(captured.to_u64() ^ small.wrapping_mul(0x9e37_79b9_7f4a_7c15))
}
