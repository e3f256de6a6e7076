//! The examples' `--tablebase DIR` option: endgame tables that make an engine play the
//! positions they hold perfectly (the shortest win, the longest loss, a draw kept).

#![allow(dead_code)] // each example uses the part it needs

use turkish_draughts::tablebase::{Tablebase, Wdl};
use turkish_draughts::{Move, Position, RuleSet};

/// Opens the tables in `dir` for `rules`, or says in one line why it cannot.
pub fn open(dir: &str, rules: RuleSet) -> Result<Tablebase, String> {
    Tablebase::open(dir, rules).map_err(|e| format!("cannot open the tables in {dir}: {e}"))
}

/// The moves that keep the tables' value of `pos` (for a win the shortest, for a loss the
/// longest), or `None` when the tables do not hold `pos` or it has no move.
pub fn best_moves(tb: &Tablebase, pos: &Position) -> Option<Vec<Move>> {
    tb.best_moves(pos).ok().filter(|moves| !moves.is_empty())
}

/// The score of `pos` for its side to move on the scale of `turkish_draughts::engine`
/// (`win` minus the plies to a win, its negation for a loss, 0 for a draw), or `None` when
/// the tables do not hold it.
pub fn score(tb: &Tablebase, pos: &Position, win: i32) -> Option<i32> {
    let wdl = tb.probe_wdl(pos).ok()?;
    let plies = || {
        tb.probe_dtw(pos)
            .ok()
            .flatten()
            .and_then(|d| i32::try_from(d).ok())
    };
    Some(match wdl {
        Wdl::Draw => 0,
        Wdl::Win => win - plies()?,
        Wdl::Loss => plies()? - win,
    })
}
