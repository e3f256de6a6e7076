//! The move generator against the naive reference generator in `tests/reference/`, which
//! shares no code with the library, and the reference's own self-check against the rules;
//! the independent endgame solver in `tests/solver/` (its self-tests), and the crate's
//! endgame tables against it.

#[path = "../reference/mod.rs"]
mod reference;
#[path = "../solver/mod.rs"]
mod solver;

mod against_reference;
mod invariants;
mod reference_selfcheck;
mod solver_selfcheck;
mod tablebase;
