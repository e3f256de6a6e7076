//! [`PdnError`]: what is wrong with a game of a PDN text, and where.

use alloc::string::String;

use super::limits::{Limit, MAX_QUOTED_CHARS};
use super::visit::Location;
use crate::{FenError, GameResult, Outcome, ParseMoveError};

/// A text of the input as an error quotes it: control characters escaped as Rust writes them
/// (`\0`, `\t`, `\u{1b}`, ...), so that a hostile input cannot drive a terminal that shows
/// the error, and at most [`MAX_QUOTED_CHARS`] characters, a longer one cut and ended with
/// `…`.
pub(crate) fn quote(text: &str) -> String {
    let mut escaped = text.chars().flat_map(|c| {
        let mut buf = [None; 10];
        if c.is_control() {
            for (slot, e) in buf.iter_mut().zip(c.escape_debug()) {
                *slot = Some(e);
            }
        } else {
            buf[0] = Some(c);
        }
        buf.into_iter().flatten()
    });
    let mut out = String::new();
    let mut count = 0;
    while let Some(c) = escaped.next() {
        if count == MAX_QUOTED_CHARS - 1 {
            if escaped.next().is_some() {
                out.push('…');
            } else {
                out.push(c);
            }
            return out;
        }
        out.push(c);
        count += 1;
    }
    out
}

/// A game of a PDN text could not be read: where (line and column, both from 1; columns
/// count characters) and why. `Display` gives `line L, column C: ...`.
///
/// Its data is read with methods, [`line`](PdnError::line), [`column`](PdnError::column)
/// and [`kind`](PdnError::kind), as every PDN type's is ([`PdnGame::line`](super::PdnGame::line),
/// [`RulesConflict::line`](super::RulesConflict::line), [`Location::line`](super::Location::line)).
/// The fields of the same names stay public, for patterns and for code that reads them.
///
/// ```
/// use turkish_draughts::pdn::{self, PdnErrorKind};
/// let text = "[GameType \"20\"]\n\n1. c3-c4 *\n";
/// let err = pdn::read_str(text).next().unwrap().unwrap_err();
/// assert_eq!((err.line(), err.column()), (1, 12));
/// assert!(matches!(err.kind(), PdnErrorKind::UnknownGameType { .. }));
/// assert_eq!(
///     err.to_string(),
///     "line 1, column 12: GameType \"20\" is not Turkish draughts (30, or 30,W,8,8,A0,0)"
/// );
/// ```
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("line {line}, column {column}: {kind}")]
#[non_exhaustive]
pub struct PdnError {
    /// The line, from 1.
    pub line: usize,
    /// The column, from 1, in characters.
    pub column: usize,
    /// What is wrong.
    pub kind: PdnErrorKind,
}

impl PdnError {
    /// The line, from 1.
    ///
    /// ```
    /// use turkish_draughts::pdn;
    /// let err = pdn::read_str("\n1. c3-c9 *").next().unwrap().unwrap_err();
    /// assert_eq!(err.line(), 2);
    /// ```
    pub fn line(&self) -> usize {
        self.line
    }

    /// The column, from 1, in characters.
    ///
    /// ```
    /// use turkish_draughts::pdn;
    /// let err = pdn::read_str("1. c3-c9 *").next().unwrap().unwrap_err();
    /// assert_eq!(err.column(), 4);
    /// ```
    pub fn column(&self) -> usize {
        self.column
    }

    /// Where: the line and column as a [`Location`](super::Location).
    ///
    /// ```
    /// use turkish_draughts::pdn::{self, Location};
    /// let err = pdn::read_str("1. c3-c9 *").next().unwrap().unwrap_err();
    /// assert_eq!(err.location(), Location::new(1, 4));
    /// ```
    pub fn location(&self) -> Location {
        Location::new(self.line, self.column)
    }

    /// What is wrong.
    ///
    /// ```
    /// use turkish_draughts::pdn::{self, PdnErrorKind};
    /// let err = pdn::read_str("1. c3-c9 *").next().unwrap().unwrap_err();
    /// assert!(matches!(err.kind(), PdnErrorKind::BadMove { .. }));
    /// ```
    pub fn kind(&self) -> &PdnErrorKind {
        &self.kind
    }
}

impl Location {
    /// The error `kind` at this place.
    pub(crate) fn error(self, kind: PdnErrorKind) -> PdnError {
        PdnError {
            line: self.line,
            column: self.column,
            kind,
        }
    }
}

/// What is wrong with a game of a PDN text. See [`PdnError`].
///
/// The texts quoted from the input (`text`, `value`, `fen`) hold at most
/// [`MAX_QUOTED_CHARS`](super::MAX_QUOTED_CHARS) characters: a longer one is cut and ends
/// with `…`.
///
/// ```
/// use turkish_draughts::pdn::PdnErrorKind;
/// assert_eq!(
///     PdnErrorKind::UnterminatedComment.to_string(),
///     "the comment that starts here has no closing `}`"
/// );
/// ```
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum PdnErrorKind {
    /// A tag pair is not of the form `[Name "value"]`.
    #[error("bad tag pair: expected {expected}")]
    BadTag {
        /// What was expected here.
        expected: &'static str,
    },
    /// A tag value has no closing quote on its line.
    #[error("the tag value that starts here has no closing quote on its line")]
    UnterminatedTag,
    /// A `{` comment is never closed.
    #[error("the comment that starts here has no closing `}}`")]
    UnterminatedComment,
    /// A `(` variation is never closed before the game ends.
    #[error("the variation that starts here has no closing `)`")]
    UnterminatedVariation,
    /// A `)` closes no variation.
    #[error("`)` closes no variation")]
    UnmatchedClose,
    /// A character that cannot start a token here.
    #[error("unexpected `{c}`")]
    UnexpectedChar {
        /// The character.
        c: char,
    },
    /// The input starts with a UTF-16 byte order mark: the reader reads UTF-8 (and ASCII)
    /// only. The rest of the input is not read.
    #[error("the input is UTF-16 (it starts with a UTF-16 byte order mark): convert it to UTF-8")]
    Utf16,
    /// A tag pair comes after the moves of a game.
    #[error("a tag pair after the moves: the game before it has no termination")]
    TagAfterMoves,
    /// The GameType tag is not Turkish draughts.
    #[error("GameType \"{value}\" is not Turkish draughts (30, or 30,W,8,8,A0,0)")]
    UnknownGameType {
        /// The tag's value.
        value: String,
    },
    /// The `Rules` tag names no rule set this crate knows, and the caller chose none.
    #[error("Rules \"{value}\" is not a rule set of Turkish draughts (default or tudaf)")]
    UnknownRules {
        /// The tag's value.
        value: String,
    },
    /// The FEN tag is not a valid position.
    #[error("bad FEN tag \"{fen}\": {error}")]
    BadFen {
        /// The tag's value.
        fen: String,
        /// Why it is refused.
        error: FenError,
    },
    /// The Result tag is not a result.
    #[error("Result tag \"{value}\" is not a result (2-0, 0-2, 1-1, 1-0, 0-1, 1/2-1/2 or *)")]
    BadResultTag {
        /// The tag's value.
        value: String,
    },
    /// The `NoProgressLimit` tag is not a number of plies.
    #[error("NoProgressLimit \"{value}\" is not a number of plies (0 to 4294967295)")]
    BadNoProgressLimit {
        /// The tag's value.
        value: String,
    },
    /// The move text is not a move (a syntax error).
    #[error("bad move text \"{text}\": {error}")]
    BadMove {
        /// The move text.
        text: String,
        /// Why.
        error: ParseMoveError,
    },
    /// The move text names no legal move of the position.
    #[error("illegal move \"{text}\": {error}")]
    IllegalMove {
        /// The move text.
        text: String,
        /// Why.
        error: ParseMoveError,
    },
    /// The move text names several legal moves.
    #[error("ambiguous move \"{text}\": {error}")]
    AmbiguousMove {
        /// The move text.
        text: String,
        /// How.
        error: ParseMoveError,
    },
    /// A move comes after the game has ended.
    #[error("move \"{text}\" after the end of the game ({outcome})")]
    GameOver {
        /// The move text.
        text: String,
        /// How the game had ended.
        outcome: Outcome,
    },
    /// The termination says one result and the Result tag another.
    #[error("the game ends with {termination} but its Result tag says {tag}")]
    ResultMismatch {
        /// The Result tag.
        tag: GameResult,
        /// The termination token.
        termination: GameResult,
    },
    /// The final position decides the game, and not as the game's result says.
    #[error("the result {claimed} contradicts the final position ({outcome})")]
    ResultContradicted {
        /// The result the game gives.
        claimed: GameResult,
        /// How the final position ends the game.
        outcome: Outcome,
    },
    /// The input ends (or the next game starts) before the game's termination.
    #[error("the game has no termination (a result such as 2-0, 1-0 or *) before {before}")]
    MissingTermination {
        /// What comes instead: "the end of the input" or "the next game".
        before: &'static str,
    },
    /// The game goes past one of the reader's limits.
    #[error("{limit}: the reader's limit")]
    LimitExceeded {
        /// Which limit.
        limit: Limit,
    },
    /// Reading the input failed. The game being read, if any, ends here, and so does the
    /// input.
    #[error("read error: {message}")]
    Io {
        /// The I/O error's text.
        message: String,
    },
}

impl PdnErrorKind {
    /// Sorts a move error into bad text, illegal or ambiguous.
    pub(crate) fn from_move(text: &str, error: ParseMoveError) -> PdnErrorKind {
        let text = quote(text);
        match error {
            ParseMoveError::Empty
            | ParseMoveError::BadSquare { .. }
            | ParseMoveError::BadSeparator { .. }
            | ParseMoveError::MixedSeparators
            | ParseMoveError::QuietTooLong
            | ParseMoveError::PathTooLong => PdnErrorKind::BadMove { text, error },
            ParseMoveError::Ambiguous { .. }
            | ParseMoveError::AmbiguousCaptures { .. }
            | ParseMoveError::AmbiguousReadings { .. } => {
                PdnErrorKind::AmbiguousMove { text, error }
            }
            _ => PdnErrorKind::IllegalMove { text, error },
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn quotes_are_cut_at_80_characters() {
        assert_eq!(quote("c3-c4"), "c3-c4");
        let exact: String = "é".repeat(80);
        assert_eq!(quote(&exact), exact);
        let long: String = "é".repeat(81);
        let q = quote(&long);
        assert_eq!(q.chars().count(), 80);
        assert_eq!(q, "é".repeat(79) + "…");
    }

    #[test]
    fn control_characters_are_escaped() {
        assert_eq!(
            quote("a\u{1b}[31mb\0\t\u{7f}"),
            "a\\u{1b}[31mb\\0\\t\\u{7f}"
        );
        // The escapes count towards the 80 characters.
        let q = quote(&"\u{1b}".repeat(80));
        assert_eq!(q.chars().count(), 80);
        assert!(q.ends_with('…') && !q.chars().any(char::is_control));
    }
}
