//! [`UncheckedMove`]: a move's text read without a position, checked only when it is resolved
//! against one.

use core::fmt;
use core::str::FromStr;

use crate::moves::MAX_PATH;
use crate::{Move, ParseMoveError, Position};

/// The longest move text: the origin, then up to [`MAX_PATH`] landing (or captured) squares,
/// each after a one-byte separator.
const MAX_TEXT: usize = 2 + 3 * MAX_PATH;

/// A move as text, not yet checked against a position: what a stored or transmitted move
/// is until it meets the position it belongs to.
///
/// Reading one (with [`FromStr`], or through serde, where it is a string) only checks that the
/// text is short enough and made of square names and separators; [`resolve`](Self::resolve)
/// then reads it against a position with [`Position::parse_any_move`] and gives a legal
/// [`Move`] or says why not. It holds at most 98 bytes inline: no heap.
///
/// ```
/// use turkish_draughts::{Position, RuleSet, UncheckedMove};
/// let pos = Position::from_fen("W:Wc4,d4:Bc5,Kd6,e4,b4", RuleSet::Default)?;
/// let text: UncheckedMove = "c4xc6xe6".parse()?;
/// let mv = text.resolve(&pos)?;
/// assert_eq!(mv.captured().count(), 2);
/// assert!(text.resolve(&Position::start()).is_err());
/// assert_eq!(UncheckedMove::from(&mv).as_str(), "c4xc6xe6");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct UncheckedMove {
    len: u8,
    text: [u8; MAX_TEXT],
}

impl UncheckedMove {
    /// The text, as read (without surrounding whitespace) or as the move printed it.
    ///
    /// ```
    /// use turkish_draughts::UncheckedMove;
    /// let text: UncheckedMove = " d3-d4 ".parse()?;
    /// assert_eq!(text.as_str(), "d3-d4");
    /// # Ok::<(), turkish_draughts::ParseMoveError>(())
    /// ```
    pub fn as_str(&self) -> &str {
        // Only ASCII bytes are ever stored (checked in `from_str`, written by `Move`'s
        // `Display`), so this never fails; an empty string would only hide a bug.
        core::str::from_utf8(&self.text[..usize::from(self.len)]).unwrap_or_default()
    }

    /// The legal move of `pos` that the text names, in any notation
    /// [`Position::parse_any_move`] reads, or why there is none.
    ///
    /// # Errors
    ///
    /// A [`ParseMoveError`] when no legal move of `pos` fits the text, or several do, as
    /// [`Position::parse_any_move`] says.
    ///
    /// ```
    /// use turkish_draughts::{Position, UncheckedMove};
    /// let text: UncheckedMove = "d3-d5".parse()?;
    /// assert!(text.resolve(&Position::start()).is_err());
    /// # Ok::<(), turkish_draughts::ParseMoveError>(())
    /// ```
    pub fn resolve(&self, pos: &Position) -> Result<Move, ParseMoveError> {
        pos.parse_any_move(self.as_str())
    }
}

impl FromStr for UncheckedMove {
    type Err = ParseMoveError;

    /// Checks the form only: not empty, at most 98 bytes, and only the letters `a`-`h` (in
    /// either case), the digits `1`-`8`, `x` (or `X`, `:`) and `-` (surrounding whitespace is
    /// dropped). [`resolve`](UncheckedMove::resolve) reads it as [`MoveText`](crate::MoveText)
    /// does.
    fn from_str(text: &str) -> Result<UncheckedMove, ParseMoveError> {
        let start = text.len() - text.trim_start().len();
        let trimmed = text.trim();
        if trimmed.is_empty() {
            return Err(ParseMoveError::Empty);
        }
        if trimmed.len() > MAX_TEXT {
            return Err(ParseMoveError::PathTooLong);
        }
        let mut out = UncheckedMove {
            len: 0,
            text: [0; MAX_TEXT],
        };
        for (i, b) in trimmed.bytes().enumerate() {
            match b {
                b'a'..=b'h' | b'A'..=b'H' | b'1'..=b'8' => {}
                b'x' | b'X' | b':' | b'-' => {}
                _ => return Err(ParseMoveError::BadSquare { at: start + i }),
            }
            out.text[i] = b;
        }
        // At most MAX_TEXT (98) bytes: fits a u8.
        out.len = trimmed.len() as u8;
        Ok(out)
    }
}

/// Collects `Display` output into the inline buffer.
struct Writer<'a>(&'a mut UncheckedMove);

impl fmt::Write for Writer<'_> {
    fn write_str(&mut self, s: &str) -> fmt::Result {
        let at = usize::from(self.0.len);
        let end = at + s.len();
        let room = self.0.text.get_mut(at..end).ok_or(fmt::Error)?;
        room.copy_from_slice(s.as_bytes());
        self.0.len = end as u8;
        Ok(())
    }
}

impl UncheckedMove {
    /// The text a move prints (its landing notation, with the path it holds or another).
    pub(crate) fn from_display(mv: &impl fmt::Display) -> UncheckedMove {
        let mut out = UncheckedMove {
            len: 0,
            text: [0; MAX_TEXT],
        };
        // A landing path has at most MAX_PATH squares, so the text always fits.
        let _ = fmt::write(&mut Writer(&mut out), format_args!("{mv}"));
        out
    }
}

impl From<&Move> for UncheckedMove {
    /// The move's landing notation (its `Display`: origin and destination alone for a
    /// capture that holds no path, see [`Move::path`]).
    fn from(mv: &Move) -> UncheckedMove {
        UncheckedMove::from_display(mv)
    }
}

impl fmt::Display for UncheckedMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl fmt::Debug for UncheckedMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "UncheckedMove({})", self.as_str())
    }
}
