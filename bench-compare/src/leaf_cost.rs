//! `--only leafcost`: one full-list walk of one crate from the start position, for an
//! instruction count under callgrind (`leafcost.sh` runs the four and does the arithmetic).
//!
//! The walk is that of d.: every node generates its whole list, every move above the last
//! ply is played on a copy. With `--leaves played` every move of the last ply is played on a
//! copy too and the child handed to `black_box`; with `--leaves listed` the last ply's moves
//! are listed and counted but not played. The two runs differ only by the leaf moves, so
//! (played - listed) / leaves is what one played leaf move costs: the loop step, the copy,
//! the play and the store of the child.

use std::hint::black_box;

use turkish_draughts::{MoveList, Position, RuleSet};

use crate::full_list::{kish_walk, ours_walk};

/// Which crate `--only leafcost` walks with.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Crate {
    Ours,
    Kish,
}

/// Runs the walk once and prints the leaves (the moves of the last ply).
pub(crate) fn leaf_cost(krate: Crate, played: bool, depth: u32) {
    let depth = depth.max(1) as usize;
    let leaves = match krate {
        Crate::Ours => {
            let pos = Position::new(RuleSet::Tudaf);
            let mut lists = vec![MoveList::new(); depth];
            if played {
                ours_walk::<true>(black_box(&pos), depth, &mut lists)
            } else {
                ours_walk::<false>(black_box(&pos), depth, &mut lists)
            }
        }
        Crate::Kish => {
            let board = kish::Board::new_default();
            let mut lists = vec![Vec::with_capacity(64); depth];
            if played {
                kish_walk::<true>(black_box(&board), depth, &mut lists)
            } else {
                kish_walk::<false>(black_box(&board), depth, &mut lists)
            }
        }
    };
    println!(
        "leafcost: {krate:?}, start position, depth {depth}, leaves {}: {leaves}",
        if played { "played" } else { "listed" }
    );
}
