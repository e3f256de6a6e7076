//! PDN, Portable Draughts Notation (issue 8).
