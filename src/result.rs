//! PDN results as text (issue 8).
