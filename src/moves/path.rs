//! [`Path`]: a move's landing squares, unpacked.

use core::fmt;
use core::ops::Deref;

use super::MAX_PATH;
#[cfg(doc)]
use super::Move;
use crate::Square;
#[cfg(doc)]
use crate::setup::MAX_PIECES_UNLIMITED;

/// The landing path of a [`Move`], unpacked by [`Move::path`] or found by
/// [`Position::path_of`](crate::Position::path_of): up to [`MAX_PIECES_UNLIMITED`] squares on
/// the stack. It derefs to a slice of [`Square`]s and compares equal to slices and arrays of
/// squares.
///
/// ```
/// use turkish_draughts::{Position, Square};
/// let m = Position::start().parse_move("d3-d4")?;
/// let path = m.path().unwrap();
/// assert_eq!(path, [Square::D4]);
/// assert_eq!(path.first(), Some(&Square::D4));
/// assert_eq!(path.into_iter().count(), 1);
/// # Ok::<(), turkish_draughts::ParseMoveError>(())
/// ```
#[derive(Clone, Copy)]
pub struct Path {
    pub(super) squares: [Square; MAX_PATH],
    pub(super) len: u8,
}

impl Path {
    /// The path of the landing squares `before`, then `to` (at most [`MAX_PATH`] squares in
    /// all: more are left out).
    pub(crate) fn new(before: &[Square], to: Square) -> Path {
        let mut path = Path {
            squares: [Square::A1; MAX_PATH],
            len: 0,
        };
        let n = before.len().min(MAX_PATH - 1);
        path.squares[..n].copy_from_slice(&before[..n]);
        path.squares[n] = to;
        path.len = n as u8 + 1;
        path
    }
}

impl Deref for Path {
    type Target = [Square];
    fn deref(&self) -> &[Square] {
        &self.squares[..usize::from(self.len)]
    }
}

impl fmt::Debug for Path {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.iter()).finish()
    }
}

impl PartialEq for Path {
    fn eq(&self, other: &Path) -> bool {
        **self == **other
    }
}

impl Eq for Path {}

impl PartialEq<[Square]> for Path {
    fn eq(&self, other: &[Square]) -> bool {
        **self == *other
    }
}

impl PartialEq<&[Square]> for Path {
    fn eq(&self, other: &&[Square]) -> bool {
        **self == **other
    }
}

impl<const N: usize> PartialEq<[Square; N]> for Path {
    fn eq(&self, other: &[Square; N]) -> bool {
        **self == other[..]
    }
}

impl<'a> IntoIterator for &'a Path {
    type Item = &'a Square;
    type IntoIter = core::slice::Iter<'a, Square>;
    fn into_iter(self) -> Self::IntoIter {
        self.iter()
    }
}

impl IntoIterator for Path {
    type Item = Square;
    type IntoIter = core::iter::Take<core::array::IntoIter<Square, MAX_PATH>>;
    fn into_iter(self) -> Self::IntoIter {
        self.squares.into_iter().take(usize::from(self.len))
    }
}
