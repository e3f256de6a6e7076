//! The rules, section by section of RULES.md: one module a section, plus perft (section 9) and
//! games and results (section 10).

#[path = "../common/mod.rs"]
mod common;

mod board;
mod captured_notation;
mod captures;
mod game;
mod game_end;
mod kings;
mod men;
mod move_identity;
mod perft;
mod promotion;
mod results;
mod shortcuts;
mod text;
