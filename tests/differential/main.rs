//! The move generator against the naive reference generator in `tests/reference/`, which
//! shares no code with the library, and the reference's own self-check against the rules.

#[path = "../reference/mod.rs"]
mod reference;

mod against_reference;
mod invariants;
mod reference_selfcheck;
