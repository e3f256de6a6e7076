//! The [`Bitboard`] set type: a set of squares.

use core::fmt;
use core::iter::FusedIterator;
use core::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, BitXor, BitXorAssign, Not, Sub};

use crate::{File, Rank, Square};

/// A set of squares, one bit per square (bit `i` is the square with
/// [`index`](Square::index) `i`).
///
/// ```
/// use turkish_draughts::{Bitboard, Square};
/// let set: Bitboard = [Square::A1, Square::D4, Square::H8].into_iter().collect();
/// assert!(set.contains(Square::D4));
/// assert_eq!(set.count(), 3);
/// assert_eq!(set.first(), Some(Square::A1));
/// assert_eq!(set.without(Square::A1).first(), Some(Square::D4));
/// let squares: Vec<Square> = set.into_iter().collect();
/// assert_eq!(squares, [Square::A1, Square::D4, Square::H8]);
/// ```
#[derive(Clone, Copy, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Bitboard(u64);

// The squares know nothing of sets: the set of one square is made here.
impl Square {
    /// A set holding only this square.
    ///
    /// ```
    /// use turkish_draughts::Square;
    /// assert_eq!(Square::A1.bitboard().to_u64(), 1);
    /// ```
    pub const fn bitboard(self) -> Bitboard {
        Bitboard::from_u64(1 << self as u8)
    }
}

impl Bitboard {
    /// The empty set.
    pub const EMPTY: Bitboard = Bitboard(0);
    /// All 64 squares.
    pub const FULL: Bitboard = Bitboard(!0);

    /// The set whose bits are `bits` (bit `i` = square index `i`).
    ///
    /// ```
    /// use turkish_draughts::{Bitboard, Square};
    /// assert_eq!(Bitboard::from_u64(1 << 63).first(), Some(Square::H8));
    /// ```
    pub const fn from_u64(bits: u64) -> Bitboard {
        Bitboard(bits)
    }

    /// The bits of the set.
    ///
    /// ```
    /// use turkish_draughts::{Bitboard, Square};
    /// assert_eq!(Square::B1.bitboard().to_u64(), 2);
    /// ```
    pub const fn to_u64(self) -> u64 {
        self.0
    }

    /// All squares of a rank.
    ///
    /// ```
    /// use turkish_draughts::{Bitboard, Rank, Square};
    /// assert!(Bitboard::rank(Rank::Eighth).contains(Square::C8));
    /// assert_eq!(Bitboard::rank(Rank::Eighth).count(), 8);
    /// ```
    pub const fn rank(rank: Rank) -> Bitboard {
        Bitboard(0xff << (8 * rank as u32))
    }

    /// All squares of a file.
    ///
    /// ```
    /// use turkish_draughts::{Bitboard, File, Square};
    /// assert!(Bitboard::file(File::B).contains(Square::B7));
    /// ```
    pub const fn file(file: File) -> Bitboard {
        Bitboard(0x0101_0101_0101_0101 << file as u32)
    }

    /// Whether the set is empty.
    ///
    /// ```
    /// use turkish_draughts::Bitboard;
    /// assert!(Bitboard::EMPTY.is_empty());
    /// ```
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// Whether the set holds `sq`.
    ///
    /// ```
    /// use turkish_draughts::Square;
    /// assert!(Square::E5.bitboard().contains(Square::E5));
    /// ```
    pub const fn contains(self, sq: Square) -> bool {
        self.0 & (1 << sq as u8) != 0
    }

    /// The set with `sq` added.
    ///
    /// ```
    /// use turkish_draughts::{Bitboard, Square};
    /// assert!(Bitboard::EMPTY.with(Square::C3).contains(Square::C3));
    /// ```
    #[must_use]
    pub const fn with(self, sq: Square) -> Bitboard {
        Bitboard(self.0 | (1 << sq as u8))
    }

    /// The set with `sq` removed.
    ///
    /// ```
    /// use turkish_draughts::{Bitboard, Square};
    /// assert!(Bitboard::FULL.without(Square::C3).count() == 63);
    /// ```
    #[must_use]
    pub const fn without(self, sq: Square) -> Bitboard {
        Bitboard(self.0 & !(1 << sq as u8))
    }

    /// The number of squares in the set.
    ///
    /// ```
    /// use turkish_draughts::Bitboard;
    /// assert_eq!(Bitboard::FULL.count(), 64);
    /// ```
    pub const fn count(self) -> u32 {
        self.0.count_ones()
    }

    /// The square with the lowest index, if any.
    ///
    /// ```
    /// use turkish_draughts::{Bitboard, Square};
    /// assert_eq!(Bitboard::FULL.first(), Some(Square::A1));
    /// assert_eq!(Bitboard::EMPTY.first(), None);
    /// ```
    pub const fn first(self) -> Option<Square> {
        if self.0 == 0 {
            None
        } else {
            Square::new(self.0.trailing_zeros() as u8)
        }
    }

    /// The square with the highest index, if any.
    ///
    /// ```
    /// use turkish_draughts::{Bitboard, Square};
    /// assert_eq!(Bitboard::FULL.last(), Some(Square::H8));
    /// ```
    pub const fn last(self) -> Option<Square> {
        if self.0 == 0 {
            None
        } else {
            Square::new(63 - self.0.leading_zeros() as u8)
        }
    }

    /// Removes and returns the square with the lowest index.
    ///
    /// ```
    /// use turkish_draughts::{Bitboard, Square};
    /// let mut set = Square::B2.bitboard() | Square::A1.bitboard();
    /// assert_eq!(set.pop_first(), Some(Square::A1));
    /// assert_eq!(set.pop_first(), Some(Square::B2));
    /// assert_eq!(set.pop_first(), None);
    /// ```
    pub fn pop_first(&mut self) -> Option<Square> {
        let sq = self.first()?;
        self.0 &= self.0 - 1;
        Some(sq)
    }

    /// Whether the two sets share a square.
    ///
    /// ```
    /// use turkish_draughts::{Bitboard, Rank, File};
    /// assert!(Bitboard::rank(Rank::First).intersects(Bitboard::file(File::A)));
    /// ```
    pub const fn intersects(self, other: Bitboard) -> bool {
        self.0 & other.0 != 0
    }

    /// Whether every square of `self` is in `other`.
    ///
    /// ```
    /// use turkish_draughts::{Bitboard, Square};
    /// assert!(Square::A1.bitboard().is_subset(Bitboard::FULL));
    /// ```
    pub const fn is_subset(self, other: Bitboard) -> bool {
        self.0 & !other.0 == 0
    }

    /// The set mirrored top to bottom (rank 1 swaps with rank 8, and so on).
    ///
    /// ```
    /// use turkish_draughts::{Bitboard, Square};
    /// assert_eq!(Square::A2.bitboard().flip_vertical(), Square::A7.bitboard());
    /// ```
    #[must_use]
    pub const fn flip_vertical(self) -> Bitboard {
        Bitboard(self.0.swap_bytes())
    }
}

impl fmt::Debug for Bitboard {
    /// Draws the set as a grid, rank 8 on top: `1` for a member, `.` otherwise.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for rank in (0..8).rev() {
            for file in 0..8 {
                let c = if self.0 & (1 << (rank * 8 + file)) != 0 {
                    '1'
                } else {
                    '.'
                };
                if file > 0 {
                    f.write_str(" ")?;
                }
                write!(f, "{c}")?;
            }
            f.write_str("\n")?;
        }
        Ok(())
    }
}

macro_rules! bitboard_ops {
    ($($trait:ident $fn:ident $op:tt $assign_trait:ident $assign_fn:ident),*) => {$(
        impl $trait for Bitboard {
            type Output = Bitboard;
            fn $fn(self, rhs: Bitboard) -> Bitboard {
                Bitboard(self.0 $op rhs.0)
            }
        }
        impl $assign_trait for Bitboard {
            fn $assign_fn(&mut self, rhs: Bitboard) {
                self.0 = self.0 $op rhs.0;
            }
        }
    )*};
}

bitboard_ops! {
    BitAnd bitand & BitAndAssign bitand_assign,
    BitOr bitor | BitOrAssign bitor_assign,
    BitXor bitxor ^ BitXorAssign bitxor_assign
}

impl Sub for Bitboard {
    type Output = Bitboard;
    /// Set difference: the squares of `self` that are not in `rhs`.
    fn sub(self, rhs: Bitboard) -> Bitboard {
        Bitboard(self.0 & !rhs.0)
    }
}

impl Not for Bitboard {
    type Output = Bitboard;
    fn not(self) -> Bitboard {
        Bitboard(!self.0)
    }
}

impl From<Square> for Bitboard {
    fn from(sq: Square) -> Bitboard {
        sq.bitboard()
    }
}

impl FromIterator<Square> for Bitboard {
    fn from_iter<I: IntoIterator<Item = Square>>(iter: I) -> Bitboard {
        let mut bb = Bitboard::EMPTY;
        for sq in iter {
            bb = bb.with(sq);
        }
        bb
    }
}

impl Extend<Square> for Bitboard {
    fn extend<I: IntoIterator<Item = Square>>(&mut self, iter: I) {
        for sq in iter {
            *self = self.with(sq);
        }
    }
}

impl IntoIterator for Bitboard {
    type Item = Square;
    type IntoIter = IntoIter;
    fn into_iter(self) -> IntoIter {
        IntoIter(self)
    }
}

/// Iterates over the squares of a [`Bitboard`] in index order (`a1` first).
///
/// ```
/// use turkish_draughts::{Bitboard, Rank};
/// assert_eq!(Bitboard::rank(Rank::First).into_iter().len(), 8);
/// ```
#[derive(Clone, Debug)]
pub struct IntoIter(Bitboard);

impl Iterator for IntoIter {
    type Item = Square;
    fn next(&mut self) -> Option<Square> {
        self.0.pop_first()
    }
    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.0.count() as usize;
        (n, Some(n))
    }
}

impl ExactSizeIterator for IntoIter {}
impl FusedIterator for IntoIter {}
