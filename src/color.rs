//! The two sides.

use core::fmt;
use core::ops::Not;

use crate::Rank;

/// A side: White (who starts, on ranks 2 and 3) or Black (on ranks 6 and 7).
///
/// ```
/// use turkish_draughts::{Color, Rank};
/// assert_eq!(!Color::White, Color::Black);
/// assert_eq!(Color::Black.promotion_rank(), Rank::First);
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[allow(missing_docs)]
pub enum Color {
    #[default]
    White,
    Black,
}

impl Color {
    /// Both colours, White first.
    pub const ALL: [Color; 2] = [Color::White, Color::Black];

    /// The rank on which this side's men are crowned: rank 8 for White, rank 1 for Black.
    ///
    /// ```
    /// use turkish_draughts::{Color, Rank};
    /// assert_eq!(Color::White.promotion_rank(), Rank::Eighth);
    /// ```
    pub const fn promotion_rank(self) -> Rank {
        match self {
            Color::White => Rank::Eighth,
            Color::Black => Rank::First,
        }
    }

    /// The rank behind this side's men, which they can never reach: rank 1 for White, rank 8
    /// for Black.
    ///
    /// ```
    /// use turkish_draughts::{Color, Rank};
    /// assert_eq!(Color::White.back_rank(), Rank::First);
    /// ```
    pub const fn back_rank(self) -> Rank {
        match self {
            Color::White => Rank::First,
            Color::Black => Rank::Eighth,
        }
    }

    /// The letter used by FEN: `'W'` or `'B'`.
    ///
    /// ```
    /// use turkish_draughts::Color;
    /// assert_eq!(Color::Black.fen_char(), 'B');
    /// ```
    pub const fn fen_char(self) -> char {
        match self {
            Color::White => 'W',
            Color::Black => 'B',
        }
    }

    /// The side named by a FEN letter `'W'` or `'B'`.
    ///
    /// ```
    /// use turkish_draughts::Color;
    /// assert_eq!(Color::from_fen_char('W'), Some(Color::White));
    /// assert_eq!(Color::from_fen_char('w'), None);
    /// ```
    pub const fn from_fen_char(c: char) -> Option<Color> {
        match c {
            'W' => Some(Color::White),
            'B' => Some(Color::Black),
            _ => None,
        }
    }
}

impl Not for Color {
    type Output = Color;

    fn not(self) -> Color {
        match self {
            Color::White => Color::Black,
            Color::Black => Color::White,
        }
    }
}

impl fmt::Display for Color {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Color::White => "white",
            Color::Black => "black",
        })
    }
}
