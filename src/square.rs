//! Files, ranks and squares.

use core::fmt;
use core::str::FromStr;

/// A file (column) of the board, `a` to `h` from White's left.
///
/// ```
/// use turkish_draughts::File;
/// assert_eq!(File::C.char(), 'c');
/// assert_eq!(File::from_char('h'), Some(File::H));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[repr(u8)]
#[allow(missing_docs)]
pub enum File {
    A,
    B,
    C,
    D,
    E,
    F,
    G,
    H,
}

/// A rank (row) of the board, `1` to `8` from White's side.
///
/// ```
/// use turkish_draughts::Rank;
/// assert_eq!(Rank::Third.char(), '3');
/// assert_eq!(Rank::from_char('8'), Some(Rank::Eighth));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[repr(u8)]
#[allow(missing_docs)]
pub enum Rank {
    First,
    Second,
    Third,
    Fourth,
    Fifth,
    Sixth,
    Seventh,
    Eighth,
}

impl File {
    /// All files, `a` to `h`.
    pub const ALL: [File; 8] = [
        File::A,
        File::B,
        File::C,
        File::D,
        File::E,
        File::F,
        File::G,
        File::H,
    ];

    /// The file with index `i` (0 = `a`), or `None` if `i >= 8`.
    ///
    /// ```
    /// use turkish_draughts::File;
    /// assert_eq!(File::new(1), Some(File::B));
    /// assert_eq!(File::new(8), None);
    /// ```
    pub const fn new(i: u8) -> Option<File> {
        if i < 8 {
            Some(File::ALL[i as usize])
        } else {
            None
        }
    }

    /// The index of the file, 0 for `a` to 7 for `h`.
    ///
    /// ```
    /// use turkish_draughts::File;
    /// assert_eq!(File::D.index(), 3);
    /// ```
    pub const fn index(self) -> u8 {
        self as u8
    }

    /// The file's letter, `'a'` to `'h'`.
    ///
    /// ```
    /// use turkish_draughts::File;
    /// assert_eq!(File::A.char(), 'a');
    /// ```
    pub const fn char(self) -> char {
        (b'a' + self as u8) as char
    }

    /// The file named by a letter `'a'` to `'h'` (lowercase only).
    ///
    /// ```
    /// use turkish_draughts::File;
    /// assert_eq!(File::from_char('e'), Some(File::E));
    /// assert_eq!(File::from_char('E'), None);
    /// ```
    pub const fn from_char(c: char) -> Option<File> {
        if c >= 'a' && c <= 'h' {
            File::new(c as u8 - b'a')
        } else {
            None
        }
    }
}

impl Rank {
    /// All ranks, `1` to `8`.
    pub const ALL: [Rank; 8] = [
        Rank::First,
        Rank::Second,
        Rank::Third,
        Rank::Fourth,
        Rank::Fifth,
        Rank::Sixth,
        Rank::Seventh,
        Rank::Eighth,
    ];

    /// The rank with index `i` (0 = rank 1), or `None` if `i >= 8`.
    ///
    /// ```
    /// use turkish_draughts::Rank;
    /// assert_eq!(Rank::new(0), Some(Rank::First));
    /// assert_eq!(Rank::new(9), None);
    /// ```
    pub const fn new(i: u8) -> Option<Rank> {
        if i < 8 {
            Some(Rank::ALL[i as usize])
        } else {
            None
        }
    }

    /// The index of the rank, 0 for rank 1 to 7 for rank 8.
    ///
    /// ```
    /// use turkish_draughts::Rank;
    /// assert_eq!(Rank::Eighth.index(), 7);
    /// ```
    pub const fn index(self) -> u8 {
        self as u8
    }

    /// The rank's digit, `'1'` to `'8'`.
    ///
    /// ```
    /// use turkish_draughts::Rank;
    /// assert_eq!(Rank::Fifth.char(), '5');
    /// ```
    pub const fn char(self) -> char {
        (b'1' + self as u8) as char
    }

    /// The rank named by a digit `'1'` to `'8'`.
    ///
    /// ```
    /// use turkish_draughts::Rank;
    /// assert_eq!(Rank::from_char('2'), Some(Rank::Second));
    /// assert_eq!(Rank::from_char('9'), None);
    /// ```
    pub const fn from_char(c: char) -> Option<Rank> {
        if c >= '1' && c <= '8' {
            Rank::new(c as u8 - b'1')
        } else {
            None
        }
    }
}

impl fmt::Display for File {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.char())
    }
}

impl fmt::Display for Rank {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.char())
    }
}

macro_rules! squares {
    ($($sq:ident),* $(,)?) => {
        /// A square of the board, `a1` to `h8`, named as in chess.
        ///
        /// The index of a square is `rank * 8 + file`: `a1` is 0, `h1` is 7, `a2` is 8 and
        /// `h8` is 63. This numbering is part of the stable API (it is the bit order of
        /// [`Bitboard`](crate::Bitboard)).
        ///
        /// ```
        /// use turkish_draughts::{File, Rank, Square};
        /// let sq: Square = "d3".parse()?;
        /// assert_eq!(sq, Square::D3);
        /// assert_eq!(sq.file(), File::D);
        /// assert_eq!(sq.rank(), Rank::Third);
        /// assert_eq!(sq.index(), 19);
        /// assert_eq!(sq.to_string(), "d3");
        /// # Ok::<(), turkish_draughts::ParseSquareError>(())
        /// ```
        #[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
        #[repr(u8)]
        #[allow(missing_docs)]
        pub enum Square {
            $($sq),*
        }

        impl Square {
            /// All 64 squares in index order, `a1`, `b1`, ..., `h8`.
            pub const ALL: [Square; 64] = [$(Square::$sq),*];
        }
    };
}

squares! {
    A1, B1, C1, D1, E1, F1, G1, H1,
    A2, B2, C2, D2, E2, F2, G2, H2,
    A3, B3, C3, D3, E3, F3, G3, H3,
    A4, B4, C4, D4, E4, F4, G4, H4,
    A5, B5, C5, D5, E5, F5, G5, H5,
    A6, B6, C6, D6, E6, F6, G6, H6,
    A7, B7, C7, D7, E7, F7, G7, H7,
    A8, B8, C8, D8, E8, F8, G8, H8,
}

impl Square {
    /// The square with index `i` (`rank * 8 + file`), or `None` if `i >= 64`.
    ///
    /// ```
    /// use turkish_draughts::Square;
    /// assert_eq!(Square::new(0), Some(Square::A1));
    /// assert_eq!(Square::new(63), Some(Square::H8));
    /// assert_eq!(Square::new(64), None);
    /// ```
    pub const fn new(i: u8) -> Option<Square> {
        if i < 64 {
            Some(Square::ALL[i as usize])
        } else {
            None
        }
    }

    /// The square at the crossing of a file and a rank.
    ///
    /// ```
    /// use turkish_draughts::{File, Rank, Square};
    /// assert_eq!(Square::from_coords(File::E, Rank::Fourth), Square::E4);
    /// ```
    pub const fn from_coords(file: File, rank: Rank) -> Square {
        Square::ALL[(rank as usize) * 8 + file as usize]
    }

    /// The index of the square, `rank * 8 + file` (0 = `a1`, 63 = `h8`).
    ///
    /// ```
    /// use turkish_draughts::Square;
    /// assert_eq!(Square::B1.index(), 1);
    /// ```
    pub const fn index(self) -> u8 {
        self as u8
    }

    /// The file of the square.
    ///
    /// ```
    /// use turkish_draughts::{File, Square};
    /// assert_eq!(Square::G5.file(), File::G);
    /// ```
    pub const fn file(self) -> File {
        File::ALL[(self as usize) & 7]
    }

    /// The rank of the square.
    ///
    /// ```
    /// use turkish_draughts::{Rank, Square};
    /// assert_eq!(Square::G5.rank(), Rank::Fifth);
    /// ```
    pub const fn rank(self) -> Rank {
        Rank::ALL[(self as usize) >> 3]
    }

    /// The square seen from the other side of the board (rank 1 becomes rank 8, the file is
    /// kept). Useful to compare a position with its colour-mirrored twin.
    ///
    /// ```
    /// use turkish_draughts::Square;
    /// assert_eq!(Square::C2.flip_vertical(), Square::C7);
    /// ```
    pub const fn flip_vertical(self) -> Square {
        Square::ALL[(self as usize) ^ 56]
    }

    /// Parses a square name such as `"e4"` from bytes (the file letter, then the rank digit).
    ///
    /// # Errors
    ///
    /// A [`ParseSquareError`] when the bytes are not a file letter `a` to `h` followed by a rank
    /// digit `1` to `8`.
    ///
    /// ```
    /// use turkish_draughts::Square;
    /// assert_eq!(Square::from_ascii(b"h8"), Ok(Square::H8));
    /// assert!(Square::from_ascii(b"i1").is_err());
    /// ```
    pub const fn from_ascii(s: &[u8]) -> Result<Square, ParseSquareError> {
        if s.len() != 2 {
            return Err(ParseSquareError);
        }
        match (File::from_char(s[0] as char), Rank::from_char(s[1] as char)) {
            (Some(f), Some(r)) => Ok(Square::from_coords(f, r)),
            _ => Err(ParseSquareError),
        }
    }
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.file().char(), self.rank().char())
    }
}

/// The text is not a square name `a1` to `h8`.
///
/// ```
/// use turkish_draughts::Square;
/// assert!("z9".parse::<Square>().is_err());
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[error("not a square name: expected a file a..h followed by a rank 1..8")]
pub struct ParseSquareError;

impl FromStr for Square {
    type Err = ParseSquareError;

    fn from_str(s: &str) -> Result<Square, ParseSquareError> {
        Square::from_ascii(s.as_bytes())
    }
}
