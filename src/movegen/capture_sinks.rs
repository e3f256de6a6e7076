//! Where the capture search puts its moves: the move list, perft's groups, and the
//! one-move resolver.

use super::list_index::{Index, lookup, move_key};
use super::rays::sq;
use super::side::Side;
use crate::moves::{CaptureMoves, Effect, Move, MoveList, Path};
use crate::spill::Spill;
use crate::{Bitboard, Square};

/// Where the capture search puts the moves it finds.
pub(crate) trait Sink {
    /// Whether the moves keep their landing paths (the search only records them if so).
    const PATHS: bool;
    /// Whether a long list should be indexed (so handed to the slow search, which owns the
    /// index).
    const INDEXED: bool;
    /// Whether the sink uses `add`'s `fresh` squares (the search keeps them only if so).
    const FRESH: bool;
    /// Forgets every move (a longer capture was found).
    fn clear(&mut self);
    /// Adds the moves from `from` capturing `captured`, one ending on each square of `tos`,
    /// unless they are there already. `path` holds the landing squares before the last one.
    /// `index`, in the slow search only, finds entries in a long list; the search empties
    /// it along with the list. The mover is of side `S`; `kings` are the kings before the
    /// move (for the moves' masks, see `Move::deltas`). `fresh`: the squares of `tos` that
    /// no move listed since the last `clear` ends on, whose moves therefore repeat none
    /// (a sink may add them without looking; 0 when the search does not know).
    #[allow(clippy::too_many_arguments)]
    fn add<S: Side>(
        &mut self,
        from: u32,
        tos: u64,
        captured: u64,
        crowned: bool,
        path: &[Square],
        index: Option<&mut Index<'_>>,
        kings: u64,
        fresh: u64,
    );
    /// The number of entries.
    fn len(&self) -> usize;
}

impl Sink for MoveList {
    const PATHS: bool = true;
    const INDEXED: bool = true;
    const FRESH: bool = true;

    fn clear(&mut self) {
        MoveList::clear(self);
    }

    fn add<S: Side>(
        &mut self,
        from: u32,
        mut tos: u64,
        captured: u64,
        crowned: bool,
        path: &[Square],
        mut index: Option<&mut Index<'_>>,
        kings: u64,
        fresh: u64,
    ) {
        // An index must see every entry: the search gives it no fresh squares.
        debug_assert!(index.is_none() || fresh == 0);
        // What the moves share (the path, the masks but for the destination) is worked
        // out once, not for each destination.
        let moves = CaptureMoves::new(S::BLACK, kings, from, captured, crowned, path);
        let meta_from = Move::meta(S::BLACK, from, 0, crowned);
        while tos != 0 {
            let to = tos.trailing_zeros();
            tos &= tos - 1;
            if fresh & 1 << to != 0 {
                // No listed move ends here: nothing to look for.
                self.push(moves.ending_on(to));
                continue;
            }
            let meta = meta_from | (to & 63) << Move::TO_SHIFT;
            let same = |i: usize| self[i].has_result(meta, captured);
            let key = || move_key(sq(from), sq(to), Bitboard::from_u64(captured), crowned);
            let Err(slot) = lookup(&index, self.len(), key, same) else {
                continue;
            };
            self.push(moves.ending_on(to));
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
    pub(super) list: Spill<Group, { MoveList::CAPACITY }>,
    /// `parts - 1`: the groups kept are those whose hash has `part` in these bits.
    pub(super) mask: u64,
    pub(super) part: u64,
    /// Without `alloc`: a group was lost because the list was full.
    pub(super) overflowed: bool,
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
    pub(super) fn keeps(&self, from: u32, captured: u64, crowned: bool) -> bool {
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
    const FRESH: bool = false;

    fn clear(&mut self) {
        // Only captures of the longest length count: a group lost on a shorter one is no
        // loss.
        self.list.clear();
        self.overflowed = false;
    }

    #[inline(always)]
    fn add<S: Side>(
        &mut self,
        from: u32,
        tos: u64,
        captured: u64,
        crowned: bool,
        _path: &[Square],
        _index: Option<&mut Index<'_>>,
        _kings: u64,
        _fresh: u64,
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
    pub(super) from: u32,
    pub(super) to: u64,
    pub(super) want: Option<(u64, bool)>,
    pub(super) prefer: Option<(u64, bool)>,
    /// The number of pieces the longest captures found so far take.
    pub(crate) len: u32,
    /// The distinct results (captured set, crowned) that match, up to the list's capacity
    /// without `alloc` (more are not counted then).
    pub(super) seen: Spill<(u64, bool), 64>,
    /// The first matching move, with the path the search found (if the move holds it, see
    /// [`Move::path`]).
    pub(crate) first: Option<Move>,
    /// The landing path of `first`, whether or not the move holds it.
    pub(crate) first_path: Option<Path>,
    /// Whether a match has the result `prefer`.
    pub(crate) exact: bool,
}

impl Resolve {
    /// Looks for the moves from `from` to `to`, with the effect `want` if given (a `to` of
    /// 64 matches nothing: the search then only finds the length); `prefer`: the effect
    /// whose match sets `exact`.
    pub(crate) fn new(from: u32, to: u32, want: Option<Effect>, prefer: Option<Effect>) -> Resolve {
        // (The destination is `to`'s: only the captured set and the crowning are compared.)
        let result = |e: Effect| (e.captured.to_u64(), e.crowned);
        Resolve {
            from,
            to: if to < 64 { 1 << to } else { 0 },
            want: want.map(result),
            prefer: prefer.map(result),
            len: 0,
            seen: Spill::default(),
            first: None,
            first_path: None,
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
    const FRESH: bool = false;

    fn clear(&mut self) {
        self.seen.clear();
        self.first = None;
        self.first_path = None;
        self.exact = false;
    }

    fn add<S: Side>(
        &mut self,
        from: u32,
        tos: u64,
        captured: u64,
        crowned: bool,
        path: &[Square],
        _index: Option<&mut Index<'_>>,
        kings: u64,
        _fresh: u64,
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
            self.first_path = Some(Path::new(path, to));
            self.first = Some(Move::capture(
                S::BLACK,
                kings,
                sq(from),
                to,
                Bitboard::from_u64(captured),
                crowned,
                path,
            ));
        }
    }

    fn len(&self) -> usize {
        self.seen.as_slice().len()
    }
}
