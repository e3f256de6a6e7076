//! The entries the files leave out (don't-cares) and how they are answered: a position
//! where the side to move must capture, with three pieces or more, is the best of its
//! captures, whose children all have fewer pieces.

use std::boxed::Box;
use std::sync::Mutex;
use std::vec::Vec;

use super::Wdl;
use super::material::{self, Material, board_of};
use super::value::{self, DRAW};
use crate::{MoveList, Position, RuleSet};

/// Whether the files leave a position to its captures: it has three pieces or more and the
/// side to move must capture (with one piece each, [`Position::outcome`] may end the game
/// even when the side to move can capture, so two-piece positions are stored).
#[inline]
pub(crate) fn by_captures(pos: &Position) -> bool {
    pos.board().occupied().count() >= 3 && pos.has_capture()
}

/// The value code of a position that is not over ([`Position::outcome`] is `None`), from
/// its children's codes (`child`): the quickest win, else a draw, else the longest loss.
#[inline]
pub(crate) fn from_children<E>(
    pos: &Position,
    list: &mut MoveList,
    mut child: impl FnMut(&Position) -> Result<u16, E>,
) -> Result<u16, E> {
    pos.legal_moves_into(list);
    let (mut best_win, mut any_draw, mut longest_loss) = (None::<u16>, false, 0u16);
    for mv in list.iter() {
        match value::decode(child(&pos.after_unchecked(*mv))?) {
            (Wdl::Loss, Some(d)) => {
                best_win = Some(best_win.map_or(d + 1, |b| b.min(d.saturating_add(1))));
            }
            (Wdl::Win, Some(d)) => longest_loss = longest_loss.max(d.saturating_add(1)),
            _ => any_draw = true,
        }
    }
    Ok(match best_win {
        Some(d) => value::win(d),
        None if any_draw => DRAW,
        None => value::loss(longest_loss),
    })
}

/// `f(first index, entries)` over `values` in chunks, on `threads` threads.
fn par_chunks<E: Send>(
    values: &mut [u16],
    threads: usize,
    f: impl Fn(u64, &mut [u16], &mut MoveList) -> Result<(), E> + Sync,
) -> Result<(), E> {
    const CHUNK: usize = 1 << 16;
    let queue = Mutex::new(values.chunks_mut(CHUNK).enumerate());
    let failure: Mutex<Option<E>> = Mutex::new(None);
    std::thread::scope(|scope| {
        for _ in 0..threads.max(1) {
            scope.spawn(|| {
                let mut list = Box::new(MoveList::new());
                loop {
                    let next = queue.lock().ok().and_then(|mut q| q.next());
                    let Some((c, chunk)) = next else { break };
                    if let Err(e) = f((c * CHUNK) as u64, chunk, &mut list) {
                        if let Ok(mut slot) = failure.lock() {
                            *slot = Some(e);
                        }
                        break;
                    }
                }
            });
        }
    });
    match failure.into_inner().ok().flatten() {
        Some(e) => Err(e),
        None => Ok(()),
    }
}

/// Gives every entry of a material's decoded values its true value: positions left to
/// their captures from their children (`child`, a position of fewer pieces), the mirrors
/// from the stored entry. Entries with two pieces on a square are left as they are.
pub(crate) fn resolve<E: Send>(
    m: Material,
    rules: RuleSet,
    values: &mut [u16],
    threads: usize,
    child: &(impl Fn(&Position) -> Result<u16, E> + Sync),
) -> Result<(), E> {
    if m.pieces() >= 3 {
        par_chunks(values, threads, |start, chunk, list| {
            for (k, v) in chunk.iter_mut().enumerate() {
                let index = start + k as u64;
                let Some(board) = board_of(m, index) else {
                    continue;
                };
                if !material::is_stored(m, index, board) {
                    continue;
                }
                let Some(pos) = material::position_of(board, rules) else {
                    continue;
                };
                if by_captures(&pos) {
                    *v = from_children(&pos, list, child)?;
                }
            }
            Ok(())
        })?;
    }
    material::restore_mirrors(m, values);
    Ok(())
}

/// The value codes of a material from its two decoded files (symbols in index order): a
/// draw where the WDL file says draw, else the DTW file's code. The entries the encoder
/// filled (captures, mirrors, two pieces on a square) hold anything; the caller resolves
/// them. An entry where the two files disagree (the WDL file says win and the DTW file
/// loss, say) gets [`MISMATCH`].
pub(crate) fn combine(wdl: &[u16], mut dtw: Vec<u16>) -> Vec<u16> {
    for (d, &w) in dtw.iter_mut().zip(wdl) {
        if w == 0 {
            *d = DRAW;
        } else if *d == DRAW || value::wdl_symbol(*d) != w {
            *d = MISMATCH;
        }
    }
    dtw
}

/// The code [`combine`] gives an entry where the WDL and DTW files disagree: no position
/// has it (a loss in 32 766 plies).
pub(crate) const MISMATCH: u16 = u16::MAX - 1;

#[cfg(test)]
mod tests {
    #[test]
    fn children_combine() {
        use super::*;
        let mut list = MoveList::new();
        // White to move must capture: d4xd6... the child's code decides.
        let pos = Position::from_fen("W:WKd4,a2:BKd5", RuleSet::Default).unwrap();
        assert!(by_captures(&pos));
        let c = from_children(&pos, &mut list, |_| Ok::<u16, ()>(value::loss(0))).unwrap();
        assert_eq!(c, value::win(1));
        let c = from_children(&pos, &mut list, |_| Ok::<u16, ()>(value::win(4))).unwrap();
        assert_eq!(c, value::loss(5));
    }
}
