//! Perft: counting the leaves of the legal-move tree.

use crate::geometry::BIT;
use crate::movegen::{self, Groups, Side};
use crate::position::dispatch;
use crate::position::generate::{Generate, QuietKings, generate};
use crate::{Move, Position};

/// The number of leaf nodes of the legal-move tree of depth `depth` (`1` for depth 0).
///
/// Moves are counted distinct by result (see [`Move`]); a position without legal moves
/// before the last ply adds nothing; no game-end adjudication is applied. Leaves are counted
/// in bulk, without playing the last ply, and no move list is built: depth 1 counts the moves
/// of any position, even one with more than [`MoveList::CAPACITY`](crate::MoveList::CAPACITY)
/// moves, without `alloc`.
///
/// # Memory
///
/// Capture positions where capture paths explode, or with long capture lists, use the
/// thread's search tables, as [`Position::legal_moves`] does (their sizes: see
/// `SearchScratch`, and the crate's [memory and stack](crate#cargo-features-memory-and-stack)
/// section without `alloc`): with `alloc` and `std` on the heap, allocated on the thread's
/// first such position and kept while the thread lives (see `release_thread_scratch`);
/// without `alloc`, on the stack for the length of such a search. Perft keeps one
/// list of capture groups per ply (6 KiB on the stack, more on the heap only for a
/// position with more than 256 groups, with `alloc`).
///
/// # Depth
///
/// Each ply takes stack (a ply of captures holds a list of up to 256 capture groups, 6 KiB,
/// besides its frames), so the depth is bounded by [`MAX_PERFT_DEPTH`] (64 plies): [`try_perft`] refuses a larger depth
/// with a [`PerftDepthError`]. Every depth that can finish in practice is far below the
/// bound; only a position with a single move per ply could go further (two kings shuffling,
/// for example).
///
/// # Panics
///
/// If `depth` is more than [`MAX_PERFT_DEPTH`]: use [`try_perft`] for a depth that comes
/// from outside.
///
/// ```
/// use turkish_draughts::{perft, Position, RuleSet};
/// assert_eq!(perft(&Position::start(), 3), 708);
/// assert_eq!(perft(&Position::new(RuleSet::Tudaf), 3), 708);
/// ```
pub fn perft(pos: &Position, depth: u32) -> u64 {
    match try_perft(pos, depth) {
        Ok(n) => n,
        Err(e) => panic!("{e}"),
    }
}

/// The deepest [`perft`] and [`divide`] search: 64 plies.
pub const MAX_PERFT_DEPTH: u32 = 64;

/// A perft depth above [`MAX_PERFT_DEPTH`].
///
/// ```
/// use turkish_draughts::{try_perft, Position, PerftDepthError};
/// assert_eq!(try_perft(&Position::start(), 65), Err(PerftDepthError { depth: 65 }));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[error("perft depth {depth} is more than the maximum of {MAX_PERFT_DEPTH}")]
pub struct PerftDepthError {
    /// The depth asked for.
    pub depth: u32,
}

/// [`perft`], refusing a depth above [`MAX_PERFT_DEPTH`] instead of panicking.
///
/// # Errors
///
/// A [`PerftDepthError`] when `depth` is more than [`MAX_PERFT_DEPTH`].
///
/// ```
/// use turkish_draughts::{try_perft, Position, MAX_PERFT_DEPTH};
/// assert_eq!(try_perft(&Position::start(), 2), Ok(64));
/// assert!(try_perft(&Position::start(), MAX_PERFT_DEPTH + 1).is_err());
/// ```
pub fn try_perft(pos: &Position, depth: u32) -> Result<u64, PerftDepthError> {
    if depth > MAX_PERFT_DEPTH {
        return Err(PerftDepthError { depth });
    }
    if depth == 0 {
        return Ok(1);
    }
    Ok(dispatch!(pos, perft_rec::<S, C>(depth)))
}

/// Perft split by the first move: calls `f(move, nodes)` for each legal move, with the perft
/// count of `depth - 1` below it, and returns the total. Depth 0 calls nothing and returns 1.
///
/// Memory and depth are as for [`perft`], plus the root's [`MoveList`](crate::MoveList) (as
/// [`Position::legal_moves`] builds it).
///
/// # Panics
///
/// If `depth` is more than [`MAX_PERFT_DEPTH`]. Without the `alloc` feature, also if the
/// position has more than [`MoveList::CAPACITY`](crate::MoveList::CAPACITY) legal moves
/// (see [`Position::legal_moves`]).
///
/// ```
/// use turkish_draughts::{divide, Position};
/// let mut lines = Vec::new();
/// let total = divide(&Position::start(), 2, |m, n| lines.push(format!("{m}: {n}")));
/// assert_eq!(total, 64);
/// assert_eq!(lines.len(), 8);
/// ```
pub fn divide(pos: &Position, depth: u32, mut f: impl FnMut(Move, u64)) -> u64 {
    if depth > MAX_PERFT_DEPTH {
        panic!("{}", PerftDepthError { depth });
    }
    if depth == 0 {
        return 1;
    }
    let mut total = 0;
    for m in &pos.legal_moves() {
        let mut child = *pos;
        child.play_unchecked(*m);
        let n = perft(&child, depth - 1);
        f(*m, n);
        total += n;
    }
    total
}

/// `depth >= 1`.
fn perft_rec<S: Side, const CROWN: bool>(own: u64, opp: u64, kings: u64, depth: u32) -> u64 {
    if depth == 1 {
        if let Some(n) = movegen::count_without_search::<S, CROWN>(own, opp, kings) {
            return n;
        }
        return perft_search::<S, CROWN>(own, opp, kings, 1);
    }
    generate::<S, CROWN, _>(own, opp, kings, Below::<CROWN> { depth })
}

/// Perft's consumer of the move generation's cases (see [`Generate`]): the nodes below a
/// position, `depth >= 2` plies deep.
struct Below<const CROWN: bool> {
    depth: u32,
}

impl<const CROWN: bool> Generate for Below<CROWN> {
    type Out = u64;

    #[inline(always)]
    fn quiet<S: Side>(self, own: u64, opp: u64, kings: u64, _: QuietKings) -> u64 {
        let mut nodes = 0;
        movegen::for_each_quiet::<S>(own, opp, kings, |f, t| {
            let ft = f | t;
            let kings2 = if kings & f != 0 {
                kings ^ ft
            } else {
                kings | (t & S::PROMO)
            };
            nodes += perft_rec::<S::Other, CROWN>(opp, own ^ ft, kings2, self.depth - 1);
        });
        nodes
    }

    #[inline(always)]
    fn single<S: Side>(self, own: u64, opp: u64, kings: u64, lands: [u64; 3]) -> u64 {
        let mut nodes = 0;
        movegen::for_each_first_jump::<S>(lands, |_, from, victim, to| {
            let kings2 = (kings & !victim) | (to & S::PROMO);
            nodes +=
                perft_rec::<S::Other, CROWN>(opp ^ victim, own ^ from ^ to, kings2, self.depth - 1);
            true
        });
        nodes
    }

    #[inline(always)]
    fn men<S: Side, const C: bool>(self, own: u64, opp: u64, kings: u64, _: [u64; 3]) -> u64 {
        perft_search::<S, CROWN>(own, opp, kings, self.depth)
    }

    #[inline(always)]
    fn kings<S: Side, const C: bool>(self, own: u64, opp: u64, kings: u64) -> u64 {
        perft_search::<S, CROWN>(own, opp, kings, self.depth)
    }
}

/// Perft below a position that needs the capture search. `depth >= 1`.
fn perft_search<S: Side, const CROWN: bool>(own: u64, opp: u64, kings: u64, depth: u32) -> u64 {
    perft_parts::<S, CROWN>(own, opp, kings, depth, 1, 0)
}

/// [`perft_search`] for the capture groups of part `part` of `parts` (see [`Groups`]). Only
/// without `alloc` can a part overflow its list; it is then searched again as two halves.
fn perft_parts<S: Side, const CROWN: bool>(
    own: u64,
    opp: u64,
    kings: u64,
    depth: u32,
    parts: u64,
    part: u64,
) -> u64 {
    match perft_part::<S, CROWN>(own, opp, kings, depth, parts, part) {
        Some(nodes) => nodes,
        None => {
            assert!(
                parts < 1 << 24,
                "capture groups that no hash tells apart: please report this position"
            );
            perft_parts::<S, CROWN>(own, opp, kings, depth, 2 * parts, part)
                + perft_parts::<S, CROWN>(own, opp, kings, depth, 2 * parts, part + parts)
        }
    }
}

/// One part of [`perft_search`], or `None` if its groups did not fit.
#[inline(never)]
fn perft_part<S: Side, const CROWN: bool>(
    own: u64,
    opp: u64,
    kings: u64,
    depth: u32,
    parts: u64,
    part: u64,
) -> Option<u64> {
    let mut groups = Groups::part(parts, part);
    movegen::gen_captures::<S, CROWN, Groups>(own, opp, kings, &mut groups, None);
    if groups.overflowed() {
        return None;
    }
    if depth == 1 {
        return Some(groups.count());
    }
    let mut nodes = 0;
    for g in groups.iter() {
        let mut tos = g.tos;
        while tos != 0 {
            let to = tos.trailing_zeros();
            tos &= tos - 1;
            let (own2, opp2, kings2) = apply(
                own,
                opp,
                kings,
                g.from as u8,
                to as u8,
                g.captured,
                g.crowned,
            );
            nodes += perft_rec::<S::Other, CROWN>(opp2, own2, kings2, depth - 1);
        }
    }
    Some(nodes)
}

/// Applies a capture of a group to raw sets seen from the mover, returning `(own, opp,
/// kings)`.
#[inline(always)]
fn apply(
    own: u64,
    opp: u64,
    kings: u64,
    from: u8,
    to: u8,
    captured: u64,
    crowned: bool,
) -> (u64, u64, u64) {
    // Table look-ups: a shift by a variable count costs more on x86-64 without BMI2.
    let (f, t) = (BIT[usize::from(from & 63)], BIT[usize::from(to & 63)]);
    let king_after = kings & f != 0 || crowned;
    let own2 = (own & !f) | t;
    let opp2 = opp & !(captured | t);
    // Kings stay within the pieces: what is left of `kings` lies in `own2` or `opp2` (only
    // `f`, `t` and `captured` left a side), and `t` is in `own2`.
    let kings2 = (kings & !(f | captured | t)) | if king_after { t } else { 0 };
    (own2, opp2, kings2)
}
