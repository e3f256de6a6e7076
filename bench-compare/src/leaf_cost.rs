//! `--only leafcost`: one full-list walk of one crate from the start position, for an
//! instruction count under callgrind (`leafcost.sh` runs them and does the arithmetic);
//! `--only listcost`: one pass of move lists, likewise (`listcost.sh`).
//!
//! The walk is that of d.: every node generates its whole list, every move above the last
//! ply is played on a copy. With `--leaves played` every move of the last ply is played on a
//! copy too and the child handed to `black_box`; with `--leaves listed` the last ply's moves
//! are listed and counted but not played. The two runs differ only by the leaf moves, so
//! (played - listed) / leaves is what one played leaf move costs: the loop step, the copy,
//! the play and the store of the child. Ours plays with `after_unchecked` (copy-make by
//! value, as kish's `apply`); `--leaves in-place` plays ours with `let mut child = *pos;
//! child.play_unchecked(m)` instead (kish's walk is the same as with `played`).

use std::hint::black_box;

use turkish_draughts::{MoveList, Position, RuleSet};

use crate::full_list::{
    kish_lists_pass, kish_walk, leaves, ours_lists_pass, ours_walk, start_walk_nodes,
};
use crate::{load, position, to_kish};

/// Which crate `--only leafcost` walks with.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Crate {
    Ours,
    Kish,
}

/// Runs the walk once from the start position, or from each position of `tests/data/<file>`,
/// with the last ply's moves treated as `mode` says (one of [`leaves`]), and prints the
/// leaves (the moves of the last ply).
pub(crate) fn leaf_cost(
    krate: Crate,
    mode: u8,
    depth: u32,
    file: Option<&str>,
) -> Result<(), String> {
    let depth = depth.max(1) as usize;
    let roots: Vec<Position> = match file {
        None => vec![Position::new(RuleSet::Tudaf)],
        Some(file) => load(file)?
            .iter()
            .map(|c| position(&c.ours, RuleSet::Tudaf))
            .collect(),
    };
    let mut n = 0;
    match krate {
        Crate::Ours => {
            let mut lists = vec![MoveList::new(); depth];
            for pos in black_box(&roots) {
                n += match mode {
                    leaves::PLAYED => ours_walk::<{ leaves::PLAYED }>(pos, depth, &mut lists),
                    leaves::IN_PLACE => ours_walk::<{ leaves::IN_PLACE }>(pos, depth, &mut lists),
                    _ => ours_walk::<{ leaves::LISTED }>(pos, depth, &mut lists),
                }
            }
        }
        Crate::Kish => {
            let boards: Vec<kish::Board> = roots.iter().map(|p| to_kish(&p.setup())).collect();
            let mut lists = vec![Vec::with_capacity(64); depth];
            for board in black_box(&boards) {
                n += match mode {
                    leaves::LISTED => kish_walk::<{ leaves::LISTED }>(board, depth, &mut lists),
                    _ => kish_walk::<{ leaves::PLAYED }>(board, depth, &mut lists),
                }
            }
        }
    };
    let how = match mode {
        leaves::PLAYED => "played",
        leaves::IN_PLACE => "played in place",
        _ => "listed",
    };
    let from = file.unwrap_or("start position");
    println!("leafcost: {krate:?}, {from}, depth {depth}, leaves {how}: {n}");
    Ok(())
}

/// The positions of `--only listcost`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum ListSet {
    /// The inner nodes of the start position's full-list walk to depth 7.
    Walk,
    /// The positions of `tests/data/game-positions.fen`.
    Game,
    /// The three lines of `tests/data/worst-case.fen` and the first three of
    /// `worst-case-found.fen` (those that bench-compare times).
    Worst,
}

/// `--only listcost`: one move list of each position of `set` with one crate, in the out of
/// line pass that callgrind counts alone (`--toggle-collect='*lists_pass*'`); prints the
/// positions and the moves listed.
pub(crate) fn list_cost(krate: Crate, set: ListSet) -> Result<(), String> {
    let positions: Vec<Position> = match set {
        ListSet::Walk => start_walk_nodes(7),
        ListSet::Game => load("game-positions.fen")?
            .iter()
            .map(|c| position(&c.ours, RuleSet::Tudaf))
            .collect(),
        ListSet::Worst => load("worst-case.fen")?
            .iter()
            .chain(load("worst-case-found.fen")?.iter().take(3))
            .map(|c| position(&c.ours, RuleSet::Tudaf))
            .collect(),
    };
    let n = match krate {
        Crate::Ours => ours_lists_pass(black_box(&positions), &mut MoveList::new()),
        Crate::Kish => {
            let boards: Vec<kish::Board> = positions.iter().map(|p| to_kish(&p.setup())).collect();
            kish_lists_pass(black_box(&boards), &mut Vec::with_capacity(64))
        }
    };
    println!(
        "listcost: {krate:?}, {set:?}, {} positions: {n}",
        positions.len()
    );
    Ok(())
}
