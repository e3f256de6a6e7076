//! PDN (Portable Draughts Notation) for Turkish draughts, GameType 30: reading games from a
//! text ([`read_str`]) or a stream ([`Reader`]), and writing a [`Game`](crate::Game)
//! ([`write_game`]).
//!
//! # What the reader accepts
//!
//! - Tags with any name, kept in order ([`Tags`]), one or several on a line. `GameType` must
//!   be `30` or `30,W,8,8,A0,0` (another first field is another game; other fields would
//!   number the board differently); a game without a `GameType` tag is read as type 30. A
//!   `FEN` tag sets the first position (checked as [`Game::from_fen`](crate::Game::from_fen)
//!   does); `SetUp` is accepted and not needed.
//! - Move numbers (`1.`, `1...`, also glued to the move: `1.c3-c4`), moves in landing
//!   notation, its short form, or the federation's captured-square notation; `!`/`?`
//!   suffixes; NAGs `$3`; comments `{...}`, `;` to the end of the line and `%` escape lines;
//!   variations `( ... )`, nested to any depth (counted, not recursed). `{...}` comments,
//!   NAGs and variations are kept with the ply they follow ([`PdnGame::notes`], written back
//!   by [`PdnGame::to_pdn`]); `;` and `%` comments are dropped.
//! - Every game ends with a termination: `2-0`, `0-2`, `1-1`, `1-0`, `0-1`, `1/2-1/2` or
//!   `*`. A game without one is an error. When the Result tag is given, the termination
//!   must say the same. When the final position (or a threefold repetition) decides the
//!   game, the result must be that one (`*` too is refused then); a decisive or drawn result
//!   in a position that goes on is accepted (resignation, agreement).
//! - A move after the game has ended is an error.
//! - Lines end with `\n`, `\r\n` or `\r` (old Mac files). A byte order mark is skipped where
//!   it starts a line (so `cat a.pdn b.pdn` reads whole) or stands between tokens. Bytes
//!   that are not UTF-8 read as U+FFFD. An input that starts with a UTF-16 byte order mark
//!   is one error, [`PdnErrorKind::Utf16`]: convert it to UTF-8.
//!
//! # What the types give
//!
//! The reader's types give their data by methods: [`PdnGame::line`], [`PdnError::line`],
//! [`PdnError::column`], [`PdnError::kind`], [`RulesConflict::line`], [`Location::line`],
//! and so on. [`PdnError`], [`RulesConflict`] and [`Location`] also keep their fields
//! public (the same values, for patterns); [`ReadOptions`], [`WriteOptions`] and [`Notes`]
//! are settings and records the caller fills, with fields.
//!
//! # Reading with a visitor
//!
//! [`Reader::read_game`] and [`Games::read_game`] hand a game's tags, moves, comments, NAGs,
//! variations and termination to a [`Visitor`] of the caller's as they are read, with where
//! each starts, without replaying the moves. Its methods answer with a
//! [`ControlFlow`](core::ops::ControlFlow): go on, or break off the game with an output of
//! their own; entering a variation, they can also [`Skip`] it. `skip_game` skips a game.
//! Games end where they end for the built-in visitor, which replays them (the items of
//! [`read_str`] and [`Reader`]).
//!
//! # The rule set
//!
//! A game says which rule set it was played under with the tag [`RULES_TAG`]:
//! `[Rules "default"]` or `[Rules "tudaf"]` (the names of [`RuleSet`](crate::RuleSet);
//! `federation` is read as tudaf, and the case of letters does not matter). [`write_game`]
//! always writes it. The reader replays each game under the rule set its tag names, and
//! under the default rules when there is none; a tag it does not know is an error
//! ([`PdnErrorKind::UnknownRules`]). A rule set the caller chooses ([`ReadOptions::new`])
//! wins: every game is read under it, and a game whose tag says otherwise tells it with
//! [`PdnGame::rules_conflict`] (the game is still read, and is an error only if its moves
//! or result do not fit the chosen rules).
//!
//! # The no-progress limit
//!
//! A game with a no-progress limit ([`Game::with_no_progress_limit`](crate::Game::with_no_progress_limit))
//! carries it in the tag [`NO_PROGRESS_LIMIT_TAG`], `[NoProgressLimit "60"]` (in plies),
//! written by [`write_game`] when the game has a limit and only then. The reader replays the
//! game under it (a game that reaches it is drawn there), and a value that is not a number
//! of plies is an error ([`PdnErrorKind::BadNoProgressLimit`]). So a [`Game`](crate::Game)
//! read back from what the writer wrote equals it.
//!
//! # One item for every game
//!
//! Each game gives one item: the game, or the first error found in it, with its line and
//! column. A game ends:
//!
//! - at its termination outside a variation;
//! - before a tag pair that starts a line (nothing but blanks before it), once the game has
//!   movetext: moves, numbers, NAGs, brackets or `{` comments (a game without a termination,
//!   an error);
//! - before a token other than `)`, a comment or a NAG that follows a termination inside a
//!   variation: the variation was never closed (an error);
//! - at a `{` comment that is never closed (an error). Inside a comment, a line that starts
//!   with `[` and a letter after a blank line is taken as the next game's first tag. A
//!   comment that reaches the end of the input or [`MAX_COMMENT_BYTES`] without `}` is cut
//!   at the end of its first line, and the reader goes on from its second line;
//! - at the end of the input (without a termination, an error).
//!
//! After an error anywhere else, the rest of that game is skipped up to where it ends by
//! these rules, and the next game is read. Text that cannot be a game, such as a `{`
//! comment never closed between two games, gives an error item of its own. A tag pair in the
//! middle of a line of moves is an error ([`PdnErrorKind::TagAfterMoves`]).
//!
//! A [`Reader`] whose input fails gives the games completed before the failure, then the
//! I/O error ([`PdnErrorKind::Io`]) as the item of the game it interrupted, and ends.
//!
//! # Limits and memory
//!
//! A game may not go past [`MAX_TOKEN_BYTES`] for a word (a move, number, NAG, result or tag
//! name), [`MAX_TAG_VALUE_BYTES`] for a tag value, [`MAX_COMMENT_BYTES`] for a `{` comment,
//! [`MAX_TAGS_PER_GAME`] tags, [`MAX_PLIES_PER_GAME`] plies or [`MAX_NOTES_BYTES_PER_GAME`]
//! of annotations (each can be set in [`ReadOptions`]). Past one, the game is an error
//! ([`PdnErrorKind::LimitExceeded`]) and the reader goes on with the next game as after any
//! error. Lines have no limit: the reader never holds a line, only the token it is
//! reading. Errors quote at most [`MAX_QUOTED_CHARS`] characters of the input, with its
//! control characters escaped (`\u{1b}`, `\0`, ...).
//!
//! So whatever the input, a [`Reader`] holds on the heap:
//!
//! - its window on the input: the bytes of the token being read (for a `{` comment, from
//!   the comment's start, so that it can go back to its second line) and the rest of the last
//!   piece read (at most 64 KiB), in a buffer of fewer than 2 × [`MAX_COMMENT_BYTES`] +
//!   3 × 64 KiB bytes, whose capacity can be twice that at most; on ordinary files, 64 to
//!   256 KiB;
//! - two move lists of 256 moves (16 KiB), for resolving move text;
//! - the tags of the game being read: at most [`MAX_TAGS_PER_GAME`] names of at most
//!   [`MAX_TOKEN_BYTES`] and values of at most [`MAX_TAG_VALUE_BYTES`];
//! - the [`Game`](crate::Game) being replayed, at most [`MAX_PLIES_PER_GAME`] plies (what
//!   a ply takes: the section Memory of `Game`; capacities grow by doubling), and its
//!   annotations, at most [`MAX_NOTES_BYTES_PER_GAME`];
//! - the item being handed back. A finished game gives back the room it kept for more
//!   moves ([`Game::shrink_to_fit`](crate::Game::shrink_to_fit)): it holds what its plies
//!   need, its tags and its annotations.
//!
//! The time is linear in the input: every byte is looked at a bounded number of times, and
//! each ply costs constant time (amortised), repetition counting included.
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
//! assert!(again.contains("[Rules \"default\"]\n"));
//! assert!(again.ends_with("1. c3-c4 f6-f5 2. d3-d4 f5-f4 2-0\n"));
//! # Ok::<(), pdn::PdnError>(())
//! ```

// The files, and what each holds:
//
// - reading: `read` (`read_str`, `Games`, `Reader`: the one way through the games, shared
//   by both), over `parse` (the parser core: tokens put together into games for any
//   visitor, each token kind handled on its own, and where a game ends), over `lex` (the
//   tokenizer) and `source` (the window on a text or a stream); `replay` is the built-in
//   visitor that replays a game into a `PdnGame`; `options` holds `ReadOptions`;
// - writing: `write` holds all of it (`write_game`, `Game::to_pdn`, `PdnGame::to_pdn`: the
//   tags written, the movetext, the annotations);
// - what both share: `game` (`PdnGame`), `notes` (the annotations' types), `tags`,
//   `rules_tag` (the `Rules` and `NoProgressLimit` tags), `visit` (`Visitor`, `Skip`,
//   `Location`), `error` and `limits`;
// - `tests`: the reader's work and window counted inside.
mod error;
mod game;
mod lex;
mod limits;
mod notes;
mod options;
mod parse;
mod read;
mod replay;
mod rules_tag;
mod source;
mod tags;
#[cfg(all(test, feature = "std"))]
mod tests;
mod visit;
mod write;

pub use error::{PdnError, PdnErrorKind};
pub use game::PdnGame;
pub use limits::{
    Limit, MAX_COMMENT_BYTES, MAX_NOTES_BYTES_PER_GAME, MAX_PLIES_PER_GAME, MAX_QUOTED_CHARS,
    MAX_TAG_VALUE_BYTES, MAX_TAGS_PER_GAME, MAX_TOKEN_BYTES,
};
pub use notes::{Node, Notes, Variation};
pub use options::ReadOptions;
#[cfg(feature = "std")]
pub use read::Reader;
pub use read::{Games, read_str, read_str_with};
pub use rules_tag::{NO_PROGRESS_LIMIT_TAG, RULES_TAG, RulesConflict};
pub use tags::Tags;
pub use visit::{Location, Skip, Visitor};
pub use write::{Notation, WriteOptions, write_game};
