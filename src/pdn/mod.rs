//! PDN (Portable Draughts Notation) for Turkish draughts, GameType 30: reading games from a
//! text or a stream, and writing a [`Game`](crate::Game).
//!
//! The reader is built in two parts: a tokenizer (`lex`) that turns any text into tags,
//! move numbers, moves, comments, NAGs, variation brackets and terminations, each with its
//! line and column, and never panics; and a replayer (`read`) that resolves each move with
//! [`Position::parse_any_move`](crate::Position::parse_any_move) against the game so far.
//!
//! What the reader accepts and decides:
//!
//! - Tags with any name, kept in order ([`Tags`]). `GameType` must be `30` or
//!   `30,W,8,8,A0,0` (another first field is another game; other fields would number the
//!   board differently); a game without a `GameType` tag is read as type 30. A `FEN` tag sets
//!   the first position (checked as [`Game::from_fen`](crate::Game::from_fen) does); `SetUp`
//!   is accepted and not needed.
//! - Move numbers (`1.`, `1...`, also glued to the move: `1.c3-c4`), moves in landing
//!   notation, its short form, or the federation's captured-square notation; `!`/`?`
//!   suffixes; NAGs `$3`; comments `{...}`, `;` to the end of the line and `%` escape lines;
//!   variations `( ... )`, nested to any depth (counted, not recursed). Comments, NAGs and
//!   variations are dropped.
//! - Every game ends with a termination: `2-0`, `0-2`, `1-1`, `1-0`, `0-1`, `1/2-1/2` or
//!   `*`. A game without one is an error. When the Result tag is given, the termination
//!   must say the same. When the final position (or a threefold repetition) decides the
//!   game, the result must be that one (`*` too is refused then); a decisive or drawn result
//!   in a position that goes on is accepted (resignation, agreement).
//! - A move after the game has ended is an error.
//! - After an error the rest of that game is skipped, and reading goes on at the next tag
//!   line that follows movetext (inside an unclosed `{` comment, at the next tag line that
//!   follows a blank line).
//!
//! ```
//! use turkish_draughts::pdn::{self, Tags, WriteOptions};
//! use turkish_draughts::GameResult;
//! let text = r#"[Event "?"]
//! [White "ayse"]
//! [Black "can"]
//! [Result "1-0"]
//! [GameType "30,W,8,8,A0,0"]
//!
//! 1. c3-c4 f6-f5 2. d3-d4 {a comment} 2... f5-f4 (2... e6-e5) 1-0
//! "#;
//! let game = pdn::read_str(text).next().unwrap()?;
//! assert_eq!(game.tags().black(), Some("can"));
//! assert_eq!(game.game().ply(), 4);
//! assert_eq!(game.result(), GameResult::WhiteWins);
//! let again = pdn::write_game(game.game(), game.tags(), &WriteOptions::default());
//! assert!(again.ends_with("1. c3-c4 f6-f5 2. d3-d4 f5-f4 2-0\n"));
//! # Ok::<(), pdn::PdnError>(())
//! ```

mod error;
mod lex;
mod read;
mod tags;
mod write;

pub use error::{PdnError, PdnErrorKind};
#[cfg(feature = "std")]
pub use read::Reader;
pub use read::{Games, PdnGame, ReadOptions, read_str, read_str_with};
pub use tags::Tags;
pub use write::{Notation, WriteOptions, write_game};
