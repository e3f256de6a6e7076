//! The example programs as a user runs them (`cargo test` builds the examples first).

// perft.rs and selfplay.rs are included as modules, and each includes the examples' shared
// examples/common/cli.rs.
#![allow(clippy::duplicate_mod)]

#[path = "../common/mod.rs"]
mod common;

mod cli;
mod perft;
mod play;
mod play_engine;
mod selfplay;
mod tablebase;
mod tablebase_option;
