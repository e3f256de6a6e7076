//! Unit tests of the reader (work and memory counted inside).
