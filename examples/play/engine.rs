//! The play example's engine: the crate's [`turkish_draughts::engine::Engine`] with a limit
//! in plies or in time (the library's engine reads no clock: the time limit is a
//! `should_stop` callback on [`Instant`] here).
//!
//! `tests/examples/play_engine.rs` includes this file to play it against a random mover.

use std::time::{Duration, Instant};

// `WIN` for tests/examples/play_engine.rs.
use turkish_draughts::Position;
#[allow(unused_imports)]
pub use turkish_draughts::engine::{Report, WIN, score_text};

/// How long to search.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Limit {
    /// To this depth in plies (at least 1).
    Depth(u32),
    /// Until this much time has passed; at least depth 1 is always finished.
    Time(Duration),
}

/// The library's engine, searched to a [`Limit`].
pub struct Engine(turkish_draughts::engine::Engine);

impl Engine {
    /// An engine with a table of `2^bits` entries (16 bytes each).
    pub fn new(bits: u32) -> Engine {
        Engine(turkish_draughts::engine::Engine::new(bits))
    }

    /// Sets the endgame oracle (see `turkish_draughts::engine::Engine::set_oracle`).
    pub fn set_oracle(&mut self, oracle: Option<turkish_draughts::engine::Oracle>) {
        self.0.set_oracle(oracle);
    }

    /// The static evaluation of `pos` for the side to move (hundredths of a man).
    #[allow(dead_code)] // the play example does not call it; its tests do
    pub fn evaluate(&self, pos: &Position) -> i32 {
        self.0.evaluate(pos)
    }

    /// The best move for the side to move, or `None` if it has no legal move; `history`
    /// holds the keys of the game's positions before `pos`, oldest first.
    pub fn best_move(&mut self, pos: &Position, history: &[u64], limit: Limit) -> Option<Report> {
        match limit {
            Limit::Depth(depth) => self.0.best_move(pos, history, depth),
            Limit::Time(t) => {
                let deadline = Instant::now() + t;
                let max = turkish_draughts::engine::MAX_DEPTH;
                self.0
                    .best_move_until(pos, history, max, &mut || Instant::now() >= deadline)
            }
        }
    }
}
