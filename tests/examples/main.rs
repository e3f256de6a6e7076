//! The example programs as a user runs them (`cargo test` builds the examples first).

mod perft;
mod play;
mod play_engine;
mod selfplay;
