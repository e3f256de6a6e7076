//! The tables of the slow capture search, for the rare positions where capture paths
//! explode: the memo table's slots, and [`SearchScratch`], the tables on the heap, with the
//! thread's own copy of them.

#[cfg(feature = "alloc")]
use alloc::{boxed::Box, vec};

#[cfg(feature = "alloc")]
pub(crate) use super::king_layers::Layers;
#[cfg(feature = "alloc")]
use super::list_index::INDEX_SLOTS;

/// log2 of the number of slots of the memo table.
pub(crate) const MEMO_BITS: u32 = 14;

/// The number of slots of the memo table: a direct-mapped table of the jump directions
/// explored from each (origin, square, set of live opponent pieces, crowned). It is a cache:
/// an entry pushed out by another is explored again, which repeats work but never changes the
/// result (results are deduplicated on insertion). Per slot: the live opponent pieces (low
/// and high half) and the key with the explored directions in its low four bits, side by
/// side so a probe touches one cache line. 196 608 bytes in all.
pub(crate) const MEMO_SLOTS: usize = 1 << MEMO_BITS;

/// One slot of the memo table.
pub(crate) type MemoSlot = [u32; 3];

/// Without an allocator there is no scratch: the tables are on the stack.
#[cfg(not(feature = "alloc"))]
pub(crate) enum SearchScratch {}

/// Without an allocator there are no layers: the slow search is depth-first throughout.
#[cfg(not(feature = "alloc"))]
pub(crate) enum Layers {}

/// The heap tables of the capture search, for engines that want to own that memory.
///
/// Nearly every position is searched without them. A few capture positions are not: a king
/// facing many scattered pieces, where capture paths explode, or a position with a long list
/// of captures. For those the search needs, each allocated the first time it is needed and
/// then reused:
///
/// | table | bytes | used for |
/// |---|---|---|
/// | layers | 2 359 296 | a king whose capture paths explode, searched by layers of captured sets |
/// | memo table | 196 608 | the depth-first search that explores each state once |
/// | list index | 16 384 | finding duplicates in a long list of captures |
///
/// [`MAX_HEAP_BYTES`](SearchScratch::MAX_HEAP_BYTES), 2 572 288 bytes, in all. Without a
/// scratch of its own, [`Position::legal_moves`](crate::Position::legal_moves) and
/// [`perft`](crate::perft) use one per thread: with `std` each thread keeps its tables until
/// it ends (or until [`release_thread_scratch`]), so 64 threads that each met such a
/// position hold up to 64 times that. Without `std` (but with `alloc`) the tables are
/// allocated for the call and freed at its end.
///
/// Pass a scratch to [`Position::legal_moves_with`](crate::Position::legal_moves_with) to
/// choose where that memory lives and when it goes: the thread's tables are then never
/// touched.
///
/// ```
/// use turkish_draughts::{MoveList, Position, RuleSet, SearchScratch};
/// let mut scratch = SearchScratch::new();
/// let mut list = MoveList::new();
/// // Kings against many scattered pieces: their capture paths explode.
/// let fen = "B:Wb2,f2,c3,Ke3,g3,Ka4,d4,Kh4,b5,Kf5,Kc6,g6,Ka7,Ke7,Kb8,Kf8:BKa1,Kc1,Kd1,Ke1,Kf1,Kg1,Kh1";
/// let pos = Position::from_fen(fen, RuleSet::Default)?;
/// pos.legal_moves_with(&mut scratch, &mut list);
/// assert_eq!(list.len(), pos.legal_moves().len());
/// assert!(scratch.heap_bytes() > 0);
/// scratch.release();
/// assert_eq!(scratch.heap_bytes(), 0);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[cfg(feature = "alloc")]
#[derive(Default)]
pub struct SearchScratch {
    pub(crate) layers: Option<Layers>,
    pub(crate) memo: Option<Box<[MemoSlot]>>,
    pub(crate) index: Option<Box<[u16]>>,
}

/// Shows what the scratch holds on the heap, not its tables' contents.
///
/// ```
/// use turkish_draughts::SearchScratch;
/// assert_eq!(format!("{:?}", SearchScratch::new()), "SearchScratch { heap_bytes: 0 }");
/// ```
#[cfg(feature = "alloc")]
impl core::fmt::Debug for SearchScratch {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("SearchScratch")
            .field("heap_bytes", &self.heap_bytes())
            .finish()
    }
}

#[cfg(feature = "alloc")]
impl SearchScratch {
    /// The most bytes a scratch holds on the heap: its three tables together (their sizes are
    /// in the type's table).
    ///
    /// ```
    /// use turkish_draughts::SearchScratch;
    /// assert_eq!(SearchScratch::MAX_HEAP_BYTES, 2_572_288);
    /// ```
    pub const MAX_HEAP_BYTES: usize = 2_359_296 + 196_608 + 16_384;

    /// An empty scratch: nothing is allocated until a position needs it.
    ///
    /// ```
    /// use turkish_draughts::SearchScratch;
    /// assert_eq!(SearchScratch::new().heap_bytes(), 0);
    /// ```
    pub const fn new() -> SearchScratch {
        SearchScratch {
            layers: None,
            memo: None,
            index: None,
        }
    }

    /// The bytes this scratch holds on the heap now (0 to
    /// [`MAX_HEAP_BYTES`](SearchScratch::MAX_HEAP_BYTES)).
    ///
    /// ```
    /// use turkish_draughts::{MoveList, Position, SearchScratch};
    /// let mut scratch = SearchScratch::new();
    /// Position::start().legal_moves_with(&mut scratch, &mut MoveList::new());
    /// assert_eq!(scratch.heap_bytes(), 0); // no capture at all
    /// ```
    pub fn heap_bytes(&self) -> usize {
        self.layers.as_ref().map_or(0, Layers::heap_bytes)
            + self
                .memo
                .as_ref()
                .map_or(0, |m| core::mem::size_of_val(&**m))
            + self
                .index
                .as_ref()
                .map_or(0, |i| core::mem::size_of_val(&**i))
    }

    /// Frees the tables. The scratch stays usable: they are allocated again when needed.
    ///
    /// ```
    /// use turkish_draughts::SearchScratch;
    /// let mut scratch = SearchScratch::new();
    /// scratch.release();
    /// assert_eq!(scratch.heap_bytes(), 0);
    /// ```
    pub fn release(&mut self) {
        *self = SearchScratch::new();
    }

    /// The list index, allocated if need be.
    pub(crate) fn index(index: &mut Option<Box<[u16]>>) -> &mut [u16] {
        index.get_or_insert_with(|| vec![0; INDEX_SLOTS].into_boxed_slice())
    }

    /// The memo table, allocated if need be (not cleared).
    pub(crate) fn memo(memo: &mut Option<Box<[MemoSlot]>>) -> &mut [MemoSlot] {
        memo.get_or_insert_with(|| vec![[0; 3]; MEMO_SLOTS].into_boxed_slice())
    }

    /// The layers, allocated if need be.
    pub(crate) fn layers(layers: &mut Option<Layers>) -> &mut Layers {
        layers.get_or_insert_with(Layers::new)
    }

    /// Runs `f` with this thread's scratch (with `std`), or with a fresh one for the call.
    pub(crate) fn with_thread<R>(f: impl FnOnce(&mut SearchScratch) -> R) -> R {
        #[cfg(feature = "std")]
        {
            let mut f = Some(f);
            let kept = THREAD_SCRATCH.try_with(|cell| {
                let mut scratch = cell.try_borrow_mut().ok()?;
                let f = f.take()?;
                Some(f(&mut scratch))
            });
            if let Ok(Some(r)) = kept {
                return r;
            }
            // The thread is ending (its scratch is gone), or its scratch is in use (the
            // search does not call itself, so this does not happen): a fresh scratch for
            // this call. `f` has not run, since it returns a value whenever it runs.
            let f = f.take().expect("f has not run");
            f(&mut SearchScratch::new())
        }
        #[cfg(not(feature = "std"))]
        f(&mut SearchScratch::new())
    }
}

#[cfg(feature = "std")]
std::thread_local! {
    static THREAD_SCRATCH: core::cell::RefCell<SearchScratch> =
        const { core::cell::RefCell::new(SearchScratch::new()) };
}

/// Frees the tables that this thread's capture searches keep (see [`SearchScratch`]): up to
/// [`SearchScratch::MAX_HEAP_BYTES`] bytes. They are allocated again if a later position
/// needs them. Threads that end free theirs anyway.
///
/// ```
/// use turkish_draughts::{release_thread_scratch, thread_scratch_bytes};
/// release_thread_scratch();
/// assert_eq!(thread_scratch_bytes(), 0);
/// ```
#[cfg(feature = "std")]
pub fn release_thread_scratch() {
    let _ = THREAD_SCRATCH.try_with(|cell| {
        if let Ok(mut scratch) = cell.try_borrow_mut() {
            scratch.release();
        }
    });
}

/// The bytes that this thread's capture searches keep on the heap now (see
/// [`SearchScratch`]).
///
/// ```
/// use turkish_draughts::{thread_scratch_bytes, Position};
/// Position::start().legal_moves();
/// assert_eq!(thread_scratch_bytes(), 0); // the start position needs no tables
/// ```
#[cfg(feature = "std")]
pub fn thread_scratch_bytes() -> usize {
    THREAD_SCRATCH
        .try_with(|cell| cell.try_borrow().map_or(0, |s| s.heap_bytes()))
        .unwrap_or(0)
}
