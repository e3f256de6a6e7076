//! The reader's limits: how much of one game it holds at most. Past one, the game is an
//! error ([`PdnErrorKind::LimitExceeded`](super::PdnErrorKind::LimitExceeded)) and reading
//! goes on with the next game.

use core::fmt;

/// The longest word of movetext, in bytes: a move, a move number, a NAG or a result, and the
/// longest tag name. The longest move of the game, a capture of 32 pieces, takes about 100.
///
/// ```
/// use turkish_draughts::pdn::{self, Limit, PdnErrorKind, MAX_TOKEN_BYTES};
/// let text = format!("1. {} *", "c".repeat(MAX_TOKEN_BYTES + 1));
/// let err = pdn::read_str(&text).next().unwrap().unwrap_err();
/// assert_eq!(err.kind, PdnErrorKind::LimitExceeded { limit: Limit::Token });
/// ```
pub const MAX_TOKEN_BYTES: usize = 256;

/// The longest tag value, in bytes, as written (escapes included). A FEN of 64 kings takes
/// about 270.
///
/// ```
/// use turkish_draughts::pdn::{self, Limit, PdnErrorKind, MAX_TAG_VALUE_BYTES};
/// let text = format!("[Event \"{}\"]\n1. c3-c4 *", "x".repeat(MAX_TAG_VALUE_BYTES + 1));
/// let err = pdn::read_str(&text).next().unwrap().unwrap_err();
/// assert_eq!(err.kind, PdnErrorKind::LimitExceeded { limit: Limit::TagValue });
/// ```
pub const MAX_TAG_VALUE_BYTES: usize = 4096;

/// The longest `{...}` comment, in bytes, braces included. `;` and `%` comments run to the
/// end of their line and are skipped without being held, so they have no limit.
///
/// This is also how far the reader looks ahead inside a comment that is never closed before
/// it goes back to the comment's second line to find the games that follow.
///
/// ```
/// use turkish_draughts::pdn::{self, Limit, PdnErrorKind, MAX_COMMENT_BYTES};
/// let text = format!("1. c3-c4 {{{}}} *", "x".repeat(MAX_COMMENT_BYTES));
/// let err = pdn::read_str(&text).next().unwrap().unwrap_err();
/// assert_eq!(err.kind, PdnErrorKind::LimitExceeded { limit: Limit::Comment });
/// ```
pub const MAX_COMMENT_BYTES: usize = 1 << 20;

/// The most tag pairs one game may have.
///
/// ```
/// use turkish_draughts::pdn::{self, Limit, PdnErrorKind, MAX_TAGS_PER_GAME};
/// let text = "[Event \"x\"]\n".repeat(MAX_TAGS_PER_GAME + 1) + "1. c3-c4 *";
/// let err = pdn::read_str(&text).next().unwrap().unwrap_err();
/// assert_eq!(err.kind, PdnErrorKind::LimitExceeded { limit: Limit::Tags });
/// ```
pub const MAX_TAGS_PER_GAME: usize = 256;

/// The most plies (moves of one side) one game may have; variations are skipped and do not
/// count. It bounds the memory of the game being read: what a ply takes is in the section
/// Memory of [`Game`](crate::Game).
///
/// ```
/// use turkish_draughts::pdn::MAX_PLIES_PER_GAME;
/// assert_eq!(MAX_PLIES_PER_GAME, 100_000);
/// ```
pub const MAX_PLIES_PER_GAME: usize = 100_000;

/// The most bytes of annotations (comments, NAGs and variations, with about 32 bytes of
/// room each) one [`PdnGame`](super::PdnGame) keeps.
///
/// ```
/// use turkish_draughts::pdn::{self, Limit, PdnErrorKind, MAX_NOTES_BYTES_PER_GAME};
/// let text = format!("1. c3-c4 {} *", "$1 ".repeat(MAX_NOTES_BYTES_PER_GAME / 32));
/// let err = pdn::read_str(&text).next().unwrap().unwrap_err();
/// assert_eq!(err.kind, PdnErrorKind::LimitExceeded { limit: Limit::Notes });
/// ```
pub const MAX_NOTES_BYTES_PER_GAME: usize = 1 << 20;

/// At most this many characters of the input are quoted in an error: a longer text is cut
/// and ends with `…`.
///
/// ```
/// use turkish_draughts::pdn::{self, PdnErrorKind, MAX_QUOTED_CHARS};
/// let text = format!("[GameType \"{}\"]\n*", "9".repeat(500));
/// let err = pdn::read_str(&text).next().unwrap().unwrap_err();
/// let PdnErrorKind::UnknownGameType { value } = err.kind else { panic!() };
/// assert_eq!(value.chars().count(), MAX_QUOTED_CHARS);
/// assert!(value.ends_with('…'));
/// ```
pub const MAX_QUOTED_CHARS: usize = 80;

/// Which of the reader's limits a game exceeds. [`max`](Limit::max) gives its value.
///
/// ```
/// use turkish_draughts::pdn::{Limit, MAX_PLIES_PER_GAME};
/// assert_eq!(Limit::Plies.max(), MAX_PLIES_PER_GAME);
/// assert_eq!(Limit::Plies.to_string(), "more than 100000 plies in one game");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Limit {
    /// A word longer than [`MAX_TOKEN_BYTES`].
    Token,
    /// A tag value longer than [`MAX_TAG_VALUE_BYTES`].
    TagValue,
    /// A comment longer than [`MAX_COMMENT_BYTES`].
    Comment,
    /// More tag pairs than [`MAX_TAGS_PER_GAME`].
    Tags,
    /// More plies than [`MAX_PLIES_PER_GAME`].
    Plies,
    /// More annotations than [`MAX_NOTES_BYTES_PER_GAME`].
    Notes,
}

impl Limit {
    /// The limit's value: bytes, tags or plies.
    ///
    /// ```
    /// use turkish_draughts::pdn::{Limit, MAX_COMMENT_BYTES};
    /// assert_eq!(Limit::Comment.max(), MAX_COMMENT_BYTES);
    /// ```
    pub const fn max(self) -> usize {
        match self {
            Limit::Token => MAX_TOKEN_BYTES,
            Limit::TagValue => MAX_TAG_VALUE_BYTES,
            Limit::Comment => MAX_COMMENT_BYTES,
            Limit::Tags => MAX_TAGS_PER_GAME,
            Limit::Plies => MAX_PLIES_PER_GAME,
            Limit::Notes => MAX_NOTES_BYTES_PER_GAME,
        }
    }
}

impl fmt::Display for Limit {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let n = self.max();
        match self {
            Limit::Token => write!(
                f,
                "a word (a move, number or tag name) longer than {n} bytes"
            ),
            Limit::TagValue => write!(f, "a tag value longer than {n} bytes"),
            Limit::Comment => write!(f, "a comment longer than {n} bytes"),
            Limit::Tags => write!(f, "more than {n} tag pairs in one game"),
            Limit::Plies => write!(f, "more than {n} plies in one game"),
            Limit::Notes => write!(f, "more than {n} bytes of annotations in one game"),
        }
    }
}
