// The front page is README.md as build.rs writes it for the documentation: the picture
// drawn inline, the links to the repository's other documents pointed at `docs`.
#![doc = include_str!(concat!(env!("OUT_DIR"), "/README.md"))]
//!
//! # Printing errors
//!
//! Every error of the crate says in its `Display` text what is wrong and where (a FEN's
//! byte offset, a PDN text's line and column, a table file's path), on one line: show
//! users that text, as `error: {e}`. The `Debug` form is for programmers (the variant and
//! its fields), and it is what a `main` returning `Result<(), Box<dyn Error>>` prints when
//! `?` sends it an error (`Error: PdnError { line: 1, ... }`), so a program for users
//! prints the error itself and returns an exit code. An error that wraps another already
//! holds the other's text ([`FenError::Invalid`] reads `invalid position: ` and the
//! [`SetupError`]'s text): print `{e}` alone, since following `source()` would repeat it;
//! `source()` is there to inspect the wrapped error as a value.
//!
//! ```
//! use std::error::Error;
//! use std::process::ExitCode;
//! use turkish_draughts::pdn::{self, PdnError};
//! use turkish_draughts::{Position, RuleSet};
//!
//! /// The plies of every game of a PDN text.
//! fn plies(text: &str) -> Result<usize, PdnError> {
//!     let mut plies = 0;
//!     for game in pdn::read_str(text) {
//!         plies += game?.game().ply();
//!     }
//!     Ok(plies)
//! }
//!
//! /// What a command-line program prints: the answer, or `error: ` and the error's text.
//! fn message(text: &str) -> (String, ExitCode) {
//!     match plies(text) {
//!         Ok(n) => (format!("{n} plies"), ExitCode::SUCCESS),
//!         Err(e) => (format!("error: {e}"), ExitCode::from(2)), // `{e}`, not `{e:?}`
//!     }
//! }
//!
//! fn main() -> Result<(), Box<dyn Error>> {
//!     assert_eq!(message("1. c3-c4 f6-f5 *").0, "2 plies");
//!     let (text, code) = message("1. c3-c4 f6-f5 2. c4-c9 *");
//!     assert_eq!(
//!         text,
//!         "error: line 1, column 19: bad move text \"c4-c9\": at byte 3: expected a square such as `d3`"
//!     );
//!     assert_eq!(code, ExitCode::from(2));
//!     // The Debug form, for programmers.
//!     let e = plies("1. c3-c4 f6-f5 2. c4-c9 *").unwrap_err();
//!     assert!(format!("{e:?}").starts_with("PdnError { line: 1, column: 19, "));
//!     // A wrapped error's text is in the wrapper's.
//!     let e = Position::from_fen("W:Wa1:Bd5", RuleSet::Default).unwrap_err();
//!     let cause = e.source().expect("the position's error").to_string();
//!     assert_eq!(e.to_string(), format!("invalid position: {cause}"));
//!     Ok(())
//! }
//! ```
//!
//! # Cargo features, memory and stack
//!
//! This section is where the stack figures are measured and stated; the heap tables' sizes
//! are in [`SearchScratch`].
//!
//! * `std` (default; implies `alloc`): `std::error::Error` for the errors, and each thread
//!   keeps the capture search's tables for its next hard position (see [`SearchScratch`]
//!   and `release_thread_scratch`).
//! * `alloc`: move lists longer than [`MoveList::CAPACITY`] move to the heap, and the
//!   capture search's tables (up to [`SearchScratch::MAX_HEAP_BYTES`], each table's size in
//!   [`SearchScratch`]; only for positions where capture paths explode or capture lists are
//!   long) are on the heap. Every position that
//!   [`Position::from_fen`] accepts is then searched ([`Position::legal_moves`],
//!   [`perft`] to depth 2) in a thread with a 64 KiB stack, in release builds.
//! * Without `alloc`: the memo table and the list index are on the stack (their sizes are
//!   in [`SearchScratch`]'s table; the search has no layers then), so
//!   [`Position::legal_moves`], [`Position::is_legal`], [`Position::parse_move`], [`perft`]
//!   and [`divide`] need a thread stack of 256 KiB (measured on x86_64 Linux in a release
//!   build: the worst positions known pass with 232 KiB and overflow with 228 KiB). A move
//!   list cannot hold more than [`MoveList::CAPACITY`] moves: `legal_moves` and `divide`
//!   panic on such a position, while `is_legal`, `try_play`, `parse_move` and `perft` build
//!   no list and work.
//! * `serde`: `Serialize` and `Deserialize`: a [`Position`] is its FEN and rule set, checked
//!   when read as [`Position::from_fen`] checks; a [`Bitboard`] is a list of square names.
#![no_std]
#![cfg_attr(docsrs, feature(doc_cfg))]
#![forbid(unsafe_code)]
// Without `std` some items (`Game` and `SearchScratch` need `alloc`, `pdn::Reader` and
// `release_thread_scratch` need `std`) do not exist, and the docs that mention them cannot
// link to them; the docs are checked with the default features and with every feature on.
#![cfg_attr(
    not(feature = "std"),
    allow(rustdoc::broken_intra_doc_links, rustdoc::private_intra_doc_links)
)]
#![warn(missing_docs)]
#![warn(missing_debug_implementations)]
#![warn(clippy::missing_errors_doc)]

#[cfg(feature = "alloc")]
extern crate alloc;
#[cfg(feature = "std")]
extern crate std;

mod bitboard;
mod board;
mod color;
pub mod docs;
#[cfg(feature = "alloc")]
pub mod engine;
mod fen;
#[cfg(feature = "alloc")]
mod game;
mod geometry;
mod movegen;
mod moves;
mod notation;
#[cfg(feature = "std")]
mod parallel;
#[cfg(feature = "alloc")]
pub mod pdn;
mod perft;
mod piece;
mod position;
mod result;
mod rules;
#[cfg(feature = "serde")]
mod serde_impls;
mod setup;
mod spill;
mod square;
#[cfg(feature = "alloc")]
pub mod svg;
// The tablebase's functions are being rewritten; their `# Errors` sections come with that
// rewrite, and this allowance goes.
#[cfg(feature = "std")]
#[allow(clippy::missing_errors_doc)]
pub mod tablebase;

pub use bitboard::{Bitboard, IntoIter as BitboardIter};
pub use board::Board;
pub use color::Color;
pub use fen::FenError;
#[cfg(feature = "alloc")]
pub use game::{Game, PlayError};
#[cfg(feature = "alloc")]
pub use movegen::scratch::SearchScratch;
#[cfg(feature = "std")]
pub use movegen::scratch::{release_thread_scratch, thread_scratch_bytes};
pub use moves::{IntoIter as MoveListIntoIter, Move, MoveList, Path};
pub use notation::{
    CapturedNotation, JumpError, MoveSyntaxError, MoveText, ParseMoveError, UncheckedMove,
};
#[cfg(feature = "std")]
pub use parallel::{divide_parallel, perft_parallel, perft_parallel_stoppable};
pub use perft::{MAX_PERFT_DEPTH, PerftDepthError, divide, perft, try_perft};
pub use piece::{Piece, Role};
pub use position::move_code::{DecodeMoveError, MoveCode};
pub use position::zobrist::ZOBRIST_SEED;
pub use position::{DrawReason, IllegalMoveError, IllegalMoveReason, Outcome, Position, WinReason};
pub use result::{GameResult, ParseResultError};
pub use rules::{ParseRuleSetError, RuleSet};
pub use setup::{MAX_PIECES, MAX_PIECES_UNLIMITED, Setup, SetupError};
pub use square::{File, ParseSquareError, Rank, Square};
