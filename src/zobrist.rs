//! Zobrist keys (issue 8).
