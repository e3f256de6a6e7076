//! PDN FEN for Turkish draughts (GameType 30): `W:Wa2,b2,Kd4:Ba7,Kh8`.

use core::fmt;
use core::str::FromStr;

use crate::{Bitboard, Color, Setup, SetupError, Square};

/// Why a FEN could not be read. Every variant that points into the text gives the byte
/// offset `at` where the problem starts.
///
/// ```
/// use turkish_draughts::{FenError, Setup};
/// assert_eq!("X:W:B".parse::<Setup>(), Err(FenError::BadTurn { at: 0 }));
/// assert_eq!("W:Wa2,a2:B".parse::<Setup>(), Err(FenError::DuplicateSquare { at: 6, square: "a2".parse().unwrap() }));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum FenError {
    /// The text is empty (or only whitespace).
    #[error("empty FEN")]
    Empty,
    /// The side to move is not `W` or `B`.
    #[error("at byte {at}: expected the side to move, `W` or `B`")]
    BadTurn {
        /// Byte offset.
        at: usize,
    },
    /// A `:` was expected.
    #[error("at byte {at}: expected `:`")]
    ExpectedColon {
        /// Byte offset.
        at: usize,
    },
    /// A piece list does not start with `W` or `B`.
    #[error("at byte {at}: expected a piece list starting with `W` or `B`")]
    BadListColor {
        /// Byte offset.
        at: usize,
    },
    /// The same side has two piece lists.
    #[error("at byte {at}: the {color} piece list is given twice")]
    DuplicateList {
        /// Byte offset.
        at: usize,
        /// The side.
        color: Color,
    },
    /// The text ends before both piece lists are given.
    #[error("at byte {at}: missing the {color} piece list")]
    MissingList {
        /// Byte offset (the end of the text).
        at: usize,
        /// The side whose list is missing.
        color: Color,
    },
    /// A list entry is not a square, optionally preceded by `K` (`d4`, `Kd4`).
    #[error("at byte {at}: expected a square such as `d4` or `Kd4`")]
    BadSquare {
        /// Byte offset.
        at: usize,
    },
    /// A square appears twice in the list of one side.
    #[error("at byte {at}: square {square} is listed twice")]
    DuplicateSquare {
        /// Byte offset of the second mention.
        at: usize,
        /// The square.
        square: Square,
    },
    /// Text follows the second piece list.
    #[error("at byte {at}: unexpected text after the second piece list")]
    TrailingText {
        /// Byte offset.
        at: usize,
    },
    /// The FEN is well formed but the position it describes is not valid.
    #[error("invalid position: {0}")]
    Invalid(#[from] SetupError),
}

impl FromStr for Setup {
    type Err = FenError;

    /// Parses a PDN FEN: the side to move (`W` or `B`), then a `:`-separated list for each
    /// side, a colour letter followed by comma-separated squares, `K` before a king. Either
    /// list may be empty and they may come in either order. Squares may be given in any
    /// order; whitespace around the whole text is ignored.
    ///
    /// Parsing checks only the text. A square listed twice is an error here;
    /// [`Position::from_setup`](crate::Position::from_setup) checks the rest.
    ///
    /// ```
    /// use turkish_draughts::{Color, Setup, Square};
    /// let setup: Setup = "B:Bh8,Ka7:W".parse()?;
    /// assert_eq!(setup.turn, Color::Black);
    /// assert!(setup.kings.contains(Square::A7));
    /// assert!(setup.white.is_empty());
    /// # Ok::<(), turkish_draughts::FenError>(())
    /// ```
    fn from_str(text: &str) -> Result<Setup, FenError> {
        let start = text.len() - text.trim_start().len();
        let s = text.trim().as_bytes();
        if s.is_empty() {
            return Err(FenError::Empty);
        }
        let at = |i: usize| start + i;
        let turn = Color::from_fen_char(s[0] as char).ok_or(FenError::BadTurn { at: at(0) })?;
        let mut setup = Setup {
            turn,
            ..Setup::empty()
        };
        let mut seen = [false; 2];
        let mut i = 1;
        for _ in 0..2 {
            if i >= s.len() {
                let color = if seen[0] { Color::Black } else { Color::White };
                return Err(FenError::MissingList { at: at(i), color });
            }
            if s[i] != b':' {
                return Err(FenError::ExpectedColon { at: at(i) });
            }
            i += 1;
            let color = s
                .get(i)
                .and_then(|&c| Color::from_fen_char(c as char))
                .ok_or(FenError::BadListColor { at: at(i) })?;
            if seen[color as usize] {
                return Err(FenError::DuplicateList { at: at(i), color });
            }
            seen[color as usize] = true;
            i += 1;
            let mut squares = Bitboard::EMPTY;
            let mut kings = Bitboard::EMPTY;
            // The list ends at the next `:` or at the end of the text.
            let end = s[i..]
                .iter()
                .position(|&c| c == b':')
                .map_or(s.len(), |p| i + p);
            if i < end {
                for entry in s[i..end].split(|&c| c == b',') {
                    let king = entry.first() == Some(&b'K');
                    let name = if king { &entry[1..] } else { entry };
                    let square =
                        Square::from_ascii(name).map_err(|_| FenError::BadSquare { at: at(i) })?;
                    // Both sides claiming one square is left to validation, which names it.
                    if squares.contains(square) {
                        return Err(FenError::DuplicateSquare { at: at(i), square });
                    }
                    squares = squares.with(square);
                    if king {
                        kings = kings.with(square);
                    }
                    i += entry.len() + 1;
                }
            }
            i = end;
            match color {
                Color::White => setup.white = squares,
                Color::Black => setup.black = squares,
            }
            setup.kings |= kings;
        }
        if i < s.len() {
            return Err(FenError::TrailingText { at: at(i) });
        }
        Ok(setup)
    }
}

impl fmt::Display for Setup {
    /// Writes the PDN FEN, White's list first, squares sorted `a1` to `h8`.
    ///
    /// ```
    /// use turkish_draughts::Setup;
    /// let setup: Setup = "W:Wd4,Kb2,a2:B".parse()?;
    /// assert_eq!(setup.to_string(), "W:Wa2,Kb2,d4:B");
    /// # Ok::<(), turkish_draughts::FenError>(())
    /// ```
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.turn.fen_char())?;
        for (color, squares) in [(Color::White, self.white), (Color::Black, self.black)] {
            write!(f, ":{}", color.fen_char())?;
            for (n, sq) in squares.into_iter().enumerate() {
                if n > 0 {
                    f.write_str(",")?;
                }
                if self.kings.contains(sq) {
                    f.write_str("K")?;
                }
                write!(f, "{sq}")?;
            }
        }
        Ok(())
    }
}
