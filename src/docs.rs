//! The longer documents that come with the crate, to read beside the API: the rules it
//! implements, what its endgame tables say, its speed and how that was measured, and the
//! history of its changes. They are the repository's `RULES.md`, `docs/tablebase.md`,
//! `PERFORMANCE.md` and `CHANGELOG.md`; the modules hold no code.

#[doc = include_str!("../RULES.md")]
pub mod rules {}

// docs/tablebase.md with its pictures drawn inline (build.rs).
#[doc = include_str!(concat!(env!("OUT_DIR"), "/tablebase.md"))]
pub mod tablebase {}

#[doc = include_str!("../PERFORMANCE.md")]
pub mod performance {}

// Its version headings, `[Unreleased]` and `[0.1.0]`, are written in brackets as Keep a
// Changelog has them, and are not links.
#[allow(rustdoc::broken_intra_doc_links)]
#[doc = include_str!("../CHANGELOG.md")]
pub mod changelog {}
