//! The slow capture search, for positions whose capture paths explode or whose list is
//! long: kings by layers, then depth-first with a memo table.

use core::marker::PhantomData;

use super::capture_sinks::Sink;
#[cfg(feature = "alloc")]
use super::king_layers::NO_TRAIL;
#[cfg(not(feature = "alloc"))]
use super::list_index::INDEX_SLOTS;
use super::list_index::Index;
#[cfg(not(feature = "alloc"))]
use super::scratch::MEMO_SLOTS;
use super::scratch::{Layers, MEMO_BITS, MemoSlot, SearchScratch};
use super::search::Search;
use super::side::Side;
use crate::Square;
use crate::moves::MAX_PATH;

/// The search again, for the rare positions where capture paths explode or the list is long:
/// kings by layers if `layers`, then, if that is not enough, depth-first with a memo table so
/// that each state is explored once. With an allocator the tables are in `scratch`, or the
/// thread's; without one they are on the stack, and the kings are not searched by layers
/// (see [`Position::legal_moves`](crate::Position::legal_moves)).
#[cold]
#[inline(never)]
pub(super) fn gen_captures_memo<S: Side, const CROWN: bool, K: Sink>(
    own: u64,
    opp: u64,
    kings: u64,
    out: &mut K,
    layers: bool,
    scratch: Option<&mut SearchScratch>,
) {
    #[cfg(feature = "alloc")]
    match scratch {
        Some(scratch) => slow_searches::<S, CROWN, K>(own, opp, kings, out, layers, scratch),
        None => SearchScratch::with_thread(|scratch| {
            slow_searches::<S, CROWN, K>(own, opp, kings, out, layers, scratch);
        }),
    }
    #[cfg(not(feature = "alloc"))]
    {
        let _ = (layers, scratch);
        let mut index = [0u16; INDEX_SLOTS];
        let mut memo = [[0u32; 3]; MEMO_SLOTS];
        out.clear();
        slow_search::<S, CROWN, K>(
            own,
            opp,
            kings,
            out,
            Index::new(&mut index),
            Some(&mut memo),
        )
        .run(own, kings, None);
    }
}

/// [`gen_captures_memo`] with its tables.
#[cfg(feature = "alloc")]
pub(super) fn slow_searches<S: Side, const CROWN: bool, K: Sink>(
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
        let mut search = slow_search::<S, CROWN, K>(own, opp, kings, out, Index::new(index), None);
        search.run(own, kings, Some(by_layers));
        if !search.aborted {
            return;
        }
    }
    out.clear();
    let memo = SearchScratch::memo(memo);
    memo.fill([0; 3]);
    slow_search::<S, CROWN, K>(own, opp, kings, out, Index::new(index), Some(memo))
        .run(own, kings, None);
}

/// A slow search that puts its moves into `out`, indexed by `index`.
pub(super) fn slow_search<'a, S: Side, const CROWN: bool, K: Sink>(
    own: u64,
    opp: u64,
    kings: u64,
    out: &'a mut K,
    index: Index<'a>,
    memo: Option<&'a mut [MemoSlot]>,
) -> Search<'a, S, CROWN, K, true> {
    Search {
        own,
        opp,
        kings,
        from: 64,
        best: 0,
        full: opp.count_ones(),
        found_all: [0; 2],
        ends: 0,
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

impl<S: Side, const CROWN: bool, K: Sink, const SLOW: bool> Search<'_, S, CROWN, K, SLOW> {
    /// Of the directions `dirs` (a bit per direction) in which the king on `at` can jump,
    /// with the opponent pieces `live` not captured yet, those not explored before,
    /// recording them as explored. What a jump leads to depends only on where it starts, in
    /// which direction and what was captured before, not on how the king got there, so each
    /// is explored once.
    ///
    /// Slow search only: without a memo table every direction is new.
    pub(super) fn unexplored(&mut self, at: u32, live: u64, dirs: u32) -> u32 {
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

    #[cfg(not(feature = "alloc"))]
    pub(super) fn by_layers(&mut self, layers: &mut Layers, _from: u32) -> bool {
        match *layers {}
    }

    /// The captures of the king on `from` searched by layers; `false` if they did not fit
    /// (the search then gives up, to be done again with the memo table).
    #[cfg(feature = "alloc")]
    pub(super) fn by_layers(&mut self, layers: &mut Layers, from: u32) -> bool {
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
}
