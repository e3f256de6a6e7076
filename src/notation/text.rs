//! [`MoveText`]: move text read into squares once, then resolved against a position.

use core::fmt;
use core::str::FromStr;

use crate::moves::MAX_PATH;
use crate::{File, Move, ParseMoveError, Position, Rank, Square};

/// The most squares a move text names: the origin, then up to [`MAX_PATH`] landing squares,
/// or one captured square a piece taken and the square where the piece stops.
pub(crate) const MAX_SQUARES: usize = MAX_PATH + 2;

/// A move as a person or a file writes it, read into its squares but not yet checked
/// against a position: the origin and the squares after it, joined by `-` (a quiet move) or
/// by `x` (a capture).
///
/// Reading ([`FromStr`]) is the one tokenizer of the crate's move text: [`Position::parse_move`],
/// [`Position::parse_any_move`], [`Position::parse_captured_move`], the PDN reader and
/// [`Game::try_play_text`](crate::Game::try_play_text) all read text through it. It takes what
/// people type: files in upper or lower case (`D3-D4`), and `:` or `X` for `x` (`d4:d6:f6`).
/// Surrounding whitespace is ignored; byte offsets in a [`MoveSyntaxError`] count from the
/// start of the text. Reading checks only the form; [`to_move`](MoveText::to_move) then
/// resolves the squares against a position, in any of the notations the crate reads (a
/// landing path, its short form origin-destination, or the federation's captured squares).
///
/// ```
/// use turkish_draughts::{MoveSyntaxError, MoveText, Position, RuleSet, Square};
/// let text: MoveText = "D4:D6:F6".parse()?;
/// assert!(text.is_capture());
/// assert_eq!(text.squares(), [Square::D4, Square::D6, Square::F6]);
/// assert_eq!(text.to_string(), "d4xd6xf6");
///
/// let pos = Position::from_fen("W:Wd4:Bd5,e6", RuleSet::Default)?;
/// assert_eq!(text.to_move(&pos)?.to_string(), "d4xd6xf6");
///
/// assert_eq!(
///     "d3+d4".parse::<MoveText>(),
///     Err(MoveSyntaxError::BadSeparator { at: 2 })
/// );
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct MoveText {
    squares: [Square; MAX_SQUARES],
    len: u8,
    capture: bool,
}

/// Why a text is not move text: it is not square names joined by `-` or `x` (see
/// [`MoveText`]). Offsets are byte offsets into the text as given.
///
/// ```
/// use turkish_draughts::{MoveSyntaxError, MoveText};
/// let err = "d3-z4".parse::<MoveText>().unwrap_err();
/// assert_eq!(err, MoveSyntaxError::BadSquare { at: 3 });
/// assert_eq!(err.to_string(), "at byte 3: expected a square such as `d3`");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum MoveSyntaxError {
    /// The text is empty (or only whitespace).
    #[error("empty move text")]
    Empty,
    /// A square name (a file `a`-`h`, then a rank `1`-`8`) was expected at this byte offset.
    #[error("at byte {at}: expected a square such as `d3`")]
    BadSquare {
        /// Byte offset.
        at: usize,
    },
    /// A separator was expected at this byte offset.
    #[error("at byte {at}: expected `-` (quiet move) or `x` (capture) between squares")]
    BadSeparator {
        /// Byte offset.
        at: usize,
    },
    /// The text mixes `-` and `x` (or `:`).
    #[error("a move uses `-` (quiet move) or `x` (capture), not both")]
    MixedSeparators,
    /// The text names more squares than any move can have.
    #[error("a capture path has at most {MAX_PATH} landing squares")]
    PathTooLong,
}

impl From<MoveSyntaxError> for ParseMoveError {
    fn from(e: MoveSyntaxError) -> ParseMoveError {
        match e {
            MoveSyntaxError::Empty => ParseMoveError::Empty,
            MoveSyntaxError::BadSquare { at } => ParseMoveError::BadSquare { at },
            MoveSyntaxError::BadSeparator { at } => ParseMoveError::BadSeparator { at },
            MoveSyntaxError::MixedSeparators => ParseMoveError::MixedSeparators,
            MoveSyntaxError::PathTooLong => ParseMoveError::PathTooLong,
        }
    }
}

/// A square name in either case: `d3` or `D3`.
fn square(name: &[u8]) -> Option<Square> {
    let [file, rank] = *name else { return None };
    let file = File::from_char(char::from(file.to_ascii_lowercase()))?;
    Some(Square::from_coords(
        file,
        Rank::from_char(char::from(rank))?,
    ))
}

impl FromStr for MoveText {
    type Err = MoveSyntaxError;

    fn from_str(text: &str) -> Result<MoveText, MoveSyntaxError> {
        let skipped = text.len() - text.trim_start().len();
        let bytes = text.trim().as_bytes();
        if bytes.is_empty() {
            return Err(MoveSyntaxError::Empty);
        }
        let mut out = MoveText {
            squares: [Square::A1; MAX_SQUARES],
            len: 0,
            capture: false,
        };
        let mut n = 0;
        let mut sep = None;
        let mut i = 0;
        loop {
            let at = skipped + i;
            let sq = bytes
                .get(i..i + 2)
                .and_then(square)
                .ok_or(MoveSyntaxError::BadSquare { at })?;
            if n == MAX_SQUARES {
                return Err(MoveSyntaxError::PathTooLong);
            }
            out.squares[n] = sq;
            n += 1;
            i += 2;
            let Some(&c) = bytes.get(i) else { break };
            let capture = match c {
                b'-' => false,
                b'x' | b'X' | b':' => true,
                _ => return Err(MoveSyntaxError::BadSeparator { at: skipped + i }),
            };
            if sep.is_some_and(|s| s != capture) {
                return Err(MoveSyntaxError::MixedSeparators);
            }
            sep = Some(capture);
            i += 1;
        }
        match sep {
            Some(capture) => {
                // At most MAX_SQUARES (34): fits a u8.
                out.len = n as u8;
                out.capture = capture;
                Ok(out)
            }
            None => Err(MoveSyntaxError::BadSeparator { at: skipped + i }),
        }
    }
}

impl MoveText {
    /// The squares in the text's order, the origin first (two at least).
    ///
    /// ```
    /// use turkish_draughts::{MoveText, Square};
    /// let text: MoveText = "c4xc6xe6".parse()?;
    /// assert_eq!(text.squares()[0], Square::C4);
    /// assert_eq!(text.squares().len(), 3);
    /// # Ok::<(), turkish_draughts::MoveSyntaxError>(())
    /// ```
    pub fn squares(&self) -> &[Square] {
        &self.squares[..usize::from(self.len)]
    }

    /// The origin: the first square.
    ///
    /// ```
    /// use turkish_draughts::{MoveText, Square};
    /// assert_eq!("d3-d4".parse::<MoveText>()?.origin(), Square::D3);
    /// # Ok::<(), turkish_draughts::MoveSyntaxError>(())
    /// ```
    pub fn origin(&self) -> Square {
        self.squares[0]
    }

    /// Whether the squares are joined by `x` (a capture) rather than `-`.
    ///
    /// ```
    /// use turkish_draughts::MoveText;
    /// assert!(!"d3-d4".parse::<MoveText>()?.is_capture());
    /// assert!("d4:d6".parse::<MoveText>()?.is_capture());
    /// # Ok::<(), turkish_draughts::MoveSyntaxError>(())
    /// ```
    pub const fn is_capture(&self) -> bool {
        self.capture
    }

    /// The legal move of `pos` that the text names, in any notation the crate reads (see
    /// [`Position::parse_any_move`]), or why there is none. The error says why the squares
    /// name no legal move; it is never one of the variants that reading gives
    /// ([`MoveSyntaxError`]'s), except [`PathTooLong`](ParseMoveError::PathTooLong) when a
    /// landing path has more squares than any move.
    ///
    /// # Errors
    ///
    /// A [`ParseMoveError`] when no legal move of `pos` fits the text, or several do, as
    /// [`Position::parse_any_move`] says.
    ///
    /// ```
    /// use turkish_draughts::{MoveText, Position};
    /// let text: MoveText = "E3-E4".parse()?;
    /// assert_eq!(text.to_move(&Position::start())?.to_string(), "e3-e4");
    /// assert!("e3-e5".parse::<MoveText>()?.to_move(&Position::start()).is_err());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn to_move(&self, pos: &Position) -> Result<Move, ParseMoveError> {
        pos.any_move(self)
    }

    /// The legal move of `pos` that the text names in landing notation: a quiet move, a
    /// capture's landing path or its short form (see [`Position::parse_move`]).
    ///
    /// # Errors
    ///
    /// A [`ParseMoveError`] when no legal move of `pos` fits the text, or several do, as
    /// [`Position::parse_move`] says.
    ///
    /// ```
    /// use turkish_draughts::{MoveText, Position, RuleSet};
    /// let pos = Position::from_fen("W:WKh1:Bh3,h6", RuleSet::Default)?;
    /// let text: MoveText = "H1XH7".parse()?;
    /// assert_eq!(text.to_landing_move(&pos)?, pos.parse_move("h1xh5xh7")?);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn to_landing_move(&self, pos: &Position) -> Result<Move, ParseMoveError> {
        pos.landing_move(self)
    }

    /// The legal move of `pos` that the text names in the federation's captured-square
    /// notation (see [`Position::parse_captured_move`]).
    ///
    /// # Errors
    ///
    /// A [`ParseMoveError`] when no legal move of `pos` fits the text, or several do, as
    /// [`Position::parse_captured_move`] says.
    ///
    /// ```
    /// use turkish_draughts::{MoveText, Position, RuleSet};
    /// let pos = Position::from_fen("W:Wf3:Bf4,e5,d6,c7,Kh8", RuleSet::Default)?;
    /// let text: MoveText = "F3:F4:E5:D6:C7".parse()?;
    /// assert_eq!(text.to_captured_move(&pos)?.to_string(), "f3xf5xd5xd7xb7");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn to_captured_move(&self, pos: &Position) -> Result<Move, ParseMoveError> {
        pos.captured_move(self)
    }
}

impl fmt::Display for MoveText {
    /// The squares in lower case joined by `-` or `x`: `d3-d4`, `d4xd6xf6`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let sep = if self.capture { "x" } else { "-" };
        for (i, sq) in self.squares().iter().enumerate() {
            if i > 0 {
                f.write_str(sep)?;
            }
            write!(f, "{sq}")?;
        }
        Ok(())
    }
}

impl fmt::Debug for MoveText {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "MoveText({self})")
    }
}
