//! Perft: counting the leaves of the legal-move tree.

use crate::movegen::{self, Captures, Groups, Side};
use crate::position::{apply, dispatch};
use crate::{Move, Position};

/// The number of leaf nodes of the legal-move tree of depth `depth` (`1` for depth 0).
///
/// Moves are counted distinct by result (see [`Move`]); a position without legal moves
/// before the last ply adds nothing; no game-end adjudication is applied. Leaves are counted
/// in bulk, without playing the last ply; nothing is allocated on the heap.
///
/// ```
/// use turkish_draughts::{perft, Position, RuleSet};
/// assert_eq!(perft(&Position::start(), 3), 708);
/// assert_eq!(perft(&Position::new(RuleSet::Tudaf), 3), 708);
/// ```
pub fn perft(pos: &Position, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    dispatch!(pos, perft_rec::<S, C>(depth))
}

/// Perft split by the first move: calls `f(move, nodes)` for each legal move, with the perft
/// count of `depth - 1` below it, and returns the total. Depth 0 calls nothing and returns 1.
///
/// ```
/// use turkish_draughts::{divide, Position};
/// let mut lines = Vec::new();
/// let total = divide(&Position::start(), 2, |m, n| lines.push(format!("{m}: {n}")));
/// assert_eq!(total, 64);
/// assert_eq!(lines.len(), 8);
/// ```
pub fn divide(pos: &Position, depth: u32, mut f: impl FnMut(&Move, u64)) -> u64 {
    if depth == 0 {
        return 1;
    }
    let mut total = 0;
    for m in &pos.legal_moves() {
        let mut child = *pos;
        child.play_unchecked(m);
        let n = perft(&child, depth - 1);
        f(m, n);
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
    match movegen::captures::<S, CROWN>(own, opp, kings) {
        Captures::None => {
            let mut nodes = 0;
            movegen::for_each_quiet::<S>(own, opp, kings, |f, t| {
                let ft = f | t;
                let kings2 = if kings & f != 0 {
                    kings ^ ft
                } else {
                    kings | (t & S::PROMO)
                };
                nodes += perft_rec::<S::Other, CROWN>(opp, own ^ ft, kings2, depth - 1);
            });
            nodes
        }
        Captures::Single(lands) => {
            let mut nodes = 0;
            movegen::for_each_first_jump::<S>(lands, |_, from, victim, to| {
                let kings2 = (kings & !victim) | (to & S::PROMO);
                nodes +=
                    perft_rec::<S::Other, CROWN>(opp ^ victim, own ^ from ^ to, kings2, depth - 1);
                true
            });
            nodes
        }
        Captures::Search => perft_search::<S, CROWN>(own, opp, kings, depth),
    }
}

/// Perft below a position that needs the capture search. `depth >= 1`.
#[inline(never)]
fn perft_search<S: Side, const CROWN: bool>(own: u64, opp: u64, kings: u64, depth: u32) -> u64 {
    let mut groups = Groups::default();
    movegen::gen_captures::<S, CROWN, Groups>(own, opp, kings, &mut groups);
    if depth == 1 {
        return groups.count();
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
    nodes
}
