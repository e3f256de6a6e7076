//! Perft on every core (issue 11).
