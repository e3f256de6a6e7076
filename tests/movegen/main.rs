//! Move generation and the engine-facing API: callbacks, lists, move codes, capacity, the
//! search tables, Zobrist keys, parallel perft, checked play.

#[path = "../common/mod.rs"]
mod common;

mod capacity;
mod for_each;
mod game_positions;
mod hardening;
mod move_code;
mod move_list;
mod parallel;
mod played_paths;
mod playing;
mod scratch;
mod zobrist;
