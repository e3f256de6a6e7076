#![doc = include_str!("../README.md")]
#![no_std]
#![forbid(unsafe_code)]
#![warn(missing_docs)]

#[cfg(feature = "alloc")]
extern crate alloc;
#[cfg(feature = "std")]
extern crate std;

mod bitboard;
mod board;
mod color;
mod fen;
#[cfg(feature = "alloc")]
mod game;
#[cfg(feature = "alloc")]
mod layered;
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
mod zobrist;

pub use bitboard::{Bitboard, IntoIter as BitboardIter};
pub use board::Board;
pub use color::Color;
pub use fen::FenError;
#[cfg(feature = "alloc")]
pub use game::{Game, PlayError};
pub use moves::{IntoIter as MoveListIntoIter, Move, MoveList};
pub use notation::{CapturedNotation, JumpError, ParseMoveError};
#[cfg(feature = "std")]
pub use parallel::{divide_parallel, perft_parallel};
pub use perft::{divide, perft};
pub use piece::{Piece, Role};
pub use position::{DrawReason, IllegalMoveError, Outcome, Position, WinReason};
pub use result::{GameResult, ParseResultError};
pub use rules::{ParseRuleSetError, RuleSet};
pub use setup::{Setup, SetupError, MAX_PIECES, MAX_PIECES_UNLIMITED};
pub use square::{File, ParseSquareError, Rank, Square};
pub use zobrist::ZOBRIST_SEED;
