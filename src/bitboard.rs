//! The [`Bitboard`] set type and the board geometry used by move generation.

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

// ---------------------------------------------------------------------------------------------
// Geometry for move generation (crate-internal, on raw u64).

/// `1 << i` for every square index `i`: a look-up, where a shift by a variable count costs
/// more on x86-64 without BMI2.
pub(crate) static BIT: [u64; 64] = {
    let mut t = [0u64; 64];
    let mut i = 0;
    while i < 64 {
        t[i] = 1 << i;
        i += 1;
    }
    t
};

pub(crate) const FILE_A: u64 = 0x0101_0101_0101_0101;
pub(crate) const FILE_H: u64 = FILE_A << 7;
pub(crate) const RANK_1: u64 = 0xff;
pub(crate) const RANK_8: u64 = 0xff << 56;

/// Directions, in the order used by the tables: north (+8), east (+1), south (-8), west (-1).
/// The opposite of direction `d` is `d ^ 2`.
pub(crate) const NORTH: usize = 0;
pub(crate) const EAST: usize = 1;
pub(crate) const SOUTH: usize = 2;
pub(crate) const WEST: usize = 3;

/// Shifts every square of `bb` one step in direction `D`; squares that would leave the board
/// (or wrap round an edge) are dropped.
#[inline(always)]
pub(crate) const fn shift<const D: usize>(bb: u64) -> u64 {
    match D {
        NORTH => bb << 8,
        EAST => (bb << 1) & !FILE_A,
        SOUTH => bb >> 8,
        _ => (bb >> 1) & !FILE_H,
    }
}

/// Runtime-direction version of [`shift`].
#[inline(always)]
pub(crate) const fn shift_dir(bb: u64, d: usize) -> u64 {
    match d {
        NORTH => shift::<NORTH>(bb),
        EAST => shift::<EAST>(bb),
        SOUTH => shift::<SOUTH>(bb),
        _ => shift::<WEST>(bb),
    }
}

/// The empty squares that pieces in `gen` can slide to in direction `D` (the pieces' own
/// squares excluded), moving through the squares of `empty` only (Kogge-Stone fill).
#[inline(always)]
pub(crate) const fn slide<const D: usize>(movers: u64, empty: u64) -> u64 {
    let (s1, s2, s4, mask) = match D {
        NORTH => (8i32, 16i32, 32i32, !0u64),
        EAST => (1, 2, 4, !FILE_A),
        SOUTH => (-8, -16, -32, !0u64),
        _ => (-1, -2, -4, !FILE_H),
    };
    let mut g = movers;
    let mut p = empty & mask;
    g |= p & sh(g, s1);
    p &= sh(p, s1);
    g |= p & sh(g, s2);
    p &= sh(p, s2);
    g |= p & sh(g, s4);
    sh(g, s1) & empty & mask
}

/// Runtime-direction version of [`slide`].
#[inline(always)]
pub(crate) const fn slide_dir(movers: u64, empty: u64, d: usize) -> u64 {
    match d {
        NORTH => slide::<NORTH>(movers, empty),
        EAST => slide::<EAST>(movers, empty),
        SOUTH => slide::<SOUTH>(movers, empty),
        _ => slide::<WEST>(movers, empty),
    }
}

#[inline(always)]
const fn sh(bb: u64, by: i32) -> u64 {
    if by > 0 { bb << by } else { bb >> -by }
}

/// `RAYS[d][sq]`: the squares strictly beyond `sq` in direction `d`, up to the edge.
pub(crate) static RAYS: [[u64; 64]; 4] = {
    let mut rays = [[0u64; 64]; 4];
    let mut d = 0;
    while d < 4 {
        let mut sq = 0;
        while sq < 64 {
            let mut bb = 0u64;
            let mut cur = 1u64 << sq;
            loop {
                cur = shift_dir(cur, d);
                if cur == 0 {
                    break;
                }
                bb |= cur;
            }
            rays[d][sq] = bb;
            sq += 1;
        }
        d += 1;
    }
    rays
};

/// The squares a king on a square reaches along one line, up to and including the first
/// piece each way, indexed by the square and by the occupancy of the six inner squares of the
/// line (see [`king_lines`]). `LINES[0]`: ranks, `LINES[1]`: files.
static LINES: [[[u64; 64]; 64]; 2] = {
    let mut lines = [[[0u64; 64]; 64]; 2];
    let mut sq = 0;
    while sq < 64 {
        let (file, rank) = (sq % 8, sq / 8);
        let mut occ6 = 0;
        while occ6 < 64 {
            // The six inner squares of the rank (files b to g) and of the file (ranks 2 to 7).
            let mut rank_occ = 0u64;
            let mut file_occ = 0u64;
            let mut i = 0;
            while i < 6 {
                if occ6 >> i & 1 != 0 {
                    rank_occ |= 1 << (8 * rank + 1 + i);
                    file_occ |= 1 << (8 * (1 + i) + file);
                }
                i += 1;
            }
            let from = 1u64 << sq;
            lines[0][sq][occ6] = reach(from, rank_occ, EAST) | reach(from, rank_occ, WEST);
            lines[1][sq][occ6] = reach(from, file_occ, NORTH) | reach(from, file_occ, SOUTH);
            occ6 += 1;
        }
        sq += 1;
    }
    lines
};

/// The empty squares a king on `from` slides to in direction `d` through `!occ`, and the
/// first piece it meets.
const fn reach(from: u64, occ: u64, d: usize) -> u64 {
    let s = slide_dir(from, !occ, d);
    s | shift_dir(s | from, d)
}

/// The squares a king on `sq` reaches along its rank and file when the squares of `occ` are
/// occupied: the empty squares it slides to and the first piece each way. Two table look-ups;
/// the file's occupancy is gathered into six bits with a multiplication.
#[inline(always)]
pub(crate) fn king_lines(sq: u32, occ: u64) -> u64 {
    let sq = sq as usize & 63;
    let (file, rank) = (sq % 8, sq / 8);
    let rank6 = (occ >> (8 * rank + 1)) as usize & 63;
    let file6 = (((occ >> file) & 0x0001_0101_0101_0100).wrapping_mul(0x0002_0408_1020_4000) >> 57)
        as usize
        & 63;
    LINES[0][sq][rank6] | LINES[1][sq][file6]
}

/// The nearest square of the non-empty set `bb` seen from a square in direction `d`, given
/// that `bb` lies on the ray from that square.
#[inline(always)]
pub(crate) const fn nearest(bb: u64, d: usize) -> u32 {
    if d == NORTH || d == EAST {
        bb.trailing_zeros()
    } else {
        63 - bb.leading_zeros()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `king_lines` against a walk square by square, on every square with many occupancies.
    #[test]
    fn king_lines_match_a_walk() {
        let mut seed = 0x9e37_79b9_7f4a_7c15u64;
        for round in 0..4000 {
            // xorshift; every fourth occupancy is sparse.
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            let occ = if round % 4 == 0 {
                seed & seed >> 3 & seed >> 7
            } else {
                seed
            };
            for sq in 0..64u32 {
                let mut want = 0u64;
                for (df, dr) in [(0i32, 1i32), (1, 0), (0, -1), (-1, 0)] {
                    let (mut f, mut r) = ((sq % 8) as i32 + df, (sq / 8) as i32 + dr);
                    while (0..8).contains(&f) && (0..8).contains(&r) {
                        let bit = 1u64 << (r * 8 + f);
                        want |= bit;
                        if occ & bit != 0 {
                            break;
                        }
                        f += df;
                        r += dr;
                    }
                }
                assert_eq!(king_lines(sq, occ), want, "square {sq}, occupancy {occ:#x}");
            }
        }
    }
}
