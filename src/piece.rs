//! Roles and pieces.

use crate::Color;

/// What a piece is: a man or a (flying) king.
///
/// ```
/// use turkish_draughts::Role;
/// assert_ne!(Role::Man, Role::King);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Role {
    /// Steps one square forward or sideways; captures forward or sideways.
    Man,
    /// Flies any distance along a rank or file; captures in all four directions.
    King,
}

/// A piece: a colour and a role.
///
/// ```
/// use turkish_draughts::{Color, Piece, Role};
/// let p = Piece::new(Color::White, Role::King);
/// assert_eq!(p.char(), 'O');
/// assert_eq!(Piece::new(Color::Black, Role::Man).char(), 'x');
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Piece {
    /// The side the piece belongs to.
    pub color: Color,
    /// Man or king.
    pub role: Role,
}

impl Piece {
    /// A piece of the given colour and role.
    ///
    /// ```
    /// use turkish_draughts::{Color, Piece, Role};
    /// assert_eq!(Piece::new(Color::Black, Role::King).color, Color::Black);
    /// ```
    pub const fn new(color: Color, role: Role) -> Piece {
        Piece { color, role }
    }

    /// The letter that draws the piece in a board diagram: `o` / `O` for a white man / king,
    /// `x` / `X` for a black man / king. (FEN has its own notation.)
    ///
    /// ```
    /// use turkish_draughts::{Color, Piece, Role};
    /// assert_eq!(Piece::new(Color::White, Role::Man).char(), 'o');
    /// ```
    pub const fn char(self) -> char {
        match (self.color, self.role) {
            (Color::White, Role::Man) => 'o',
            (Color::White, Role::King) => 'O',
            (Color::Black, Role::Man) => 'x',
            (Color::Black, Role::King) => 'X',
        }
    }
}
