//! The [`Board`]: which piece stands on which square.

use core::fmt;

use crate::{Bitboard, Color, Piece, Role, Square};

/// Pieces on squares: one bitboard per side and one for the kings.
///
/// Its invariants hold for every value its own functions build: the two sides never share a
/// square, and every king is a piece of one side. (That a man stands on neither rank 1 nor rank 8 is
/// a rule of [`Position`](crate::Position), not of `Board`.) The one way to break them is to
/// break the contract of [`Position::play_unchecked`](crate::Position::play_unchecked) and
/// [`after_unchecked`](crate::Position::after_unchecked): a move of another position, played
/// without a check.
///
/// ```
/// use turkish_draughts::{Board, Color, Piece, Role, Square};
/// let mut board = Board::empty();
/// board.set(Square::D4, Piece::new(Color::White, Role::King));
/// board.set(Square::D4, Piece::new(Color::Black, Role::Man)); // replaces the king
/// assert_eq!(board.piece_at(Square::D4), Some(Piece::new(Color::Black, Role::Man)));
/// assert!(board.white().is_empty());
/// assert!(board.kings().is_empty());
/// ```
#[derive(Clone, Copy, Default, PartialEq, Eq, Hash)]
pub struct Board {
    white: Bitboard,
    black: Bitboard,
    kings: Bitboard,
}

impl Board {
    /// A board without pieces.
    ///
    /// ```
    /// use turkish_draughts::Board;
    /// assert!(Board::empty().occupied().is_empty());
    /// ```
    pub const fn empty() -> Board {
        Board {
            white: Bitboard::EMPTY,
            black: Bitboard::EMPTY,
            kings: Bitboard::EMPTY,
        }
    }

    /// The start position: White men on ranks 2 and 3, Black men on ranks 6 and 7.
    ///
    /// ```
    /// use turkish_draughts::{Board, Color};
    /// let b = Board::start();
    /// assert_eq!(b.by_color(Color::White).count(), 16);
    /// assert_eq!(b.by_color(Color::Black).count(), 16);
    /// ```
    pub const fn start() -> Board {
        Board {
            white: Bitboard::from_u64(0x0000_0000_00ff_ff00),
            black: Bitboard::from_u64(0x00ff_ff00_0000_0000),
            kings: Bitboard::EMPTY,
        }
    }

    /// The pieces of both sides, or `None` if the three sets break an invariant: the two
    /// sides overlap, or a king mark stands on an empty square.
    ///
    /// ```
    /// use turkish_draughts::{Bitboard, Board, Square};
    /// let w = Square::A2.bitboard();
    /// assert!(Board::from_bitboards(w, Bitboard::EMPTY, w).is_some());
    /// assert!(Board::from_bitboards(w, w, Bitboard::EMPTY).is_none());
    /// assert!(Board::from_bitboards(w, Bitboard::EMPTY, Square::B2.bitboard()).is_none());
    /// ```
    pub const fn from_bitboards(
        white: Bitboard,
        black: Bitboard,
        kings: Bitboard,
    ) -> Option<Board> {
        let (w, b, k) = (white.to_u64(), black.to_u64(), kings.to_u64());
        if w & b != 0 || k & !(w | b) != 0 {
            None
        } else {
            Some(Board {
                white,
                black,
                kings,
            })
        }
    }

    /// The squares of White's pieces.
    ///
    /// ```
    /// use turkish_draughts::Board;
    /// assert_eq!(Board::start().white().count(), 16);
    /// ```
    pub const fn white(&self) -> Bitboard {
        self.white
    }

    /// The squares of Black's pieces.
    ///
    /// ```
    /// use turkish_draughts::{Board, Square};
    /// assert!(Board::start().black().contains(Square::H7));
    /// ```
    pub const fn black(&self) -> Bitboard {
        self.black
    }

    /// The squares of all kings, of both sides.
    ///
    /// ```
    /// use turkish_draughts::Board;
    /// assert!(Board::start().kings().is_empty());
    /// ```
    pub const fn kings(&self) -> Bitboard {
        self.kings
    }

    /// The squares of all men, of both sides.
    ///
    /// ```
    /// use turkish_draughts::Board;
    /// assert_eq!(Board::start().men().count(), 32);
    /// ```
    pub const fn men(&self) -> Bitboard {
        Bitboard::from_u64(self.occupied().to_u64() & !self.kings.to_u64())
    }

    /// The squares of one side's pieces.
    ///
    /// ```
    /// use turkish_draughts::{Board, Color, Square};
    /// assert!(Board::start().by_color(Color::White).contains(Square::A2));
    /// ```
    pub const fn by_color(&self, color: Color) -> Bitboard {
        match color {
            Color::White => self.white,
            Color::Black => self.black,
        }
    }

    /// The squares of one kind of piece.
    ///
    /// ```
    /// use turkish_draughts::{Board, Color, Piece, Role};
    /// let b = Board::start();
    /// assert_eq!(b.by_piece(Piece::new(Color::Black, Role::Man)).count(), 16);
    /// assert!(b.by_piece(Piece::new(Color::Black, Role::King)).is_empty());
    /// ```
    pub const fn by_piece(&self, piece: Piece) -> Bitboard {
        let side = self.by_color(piece.color).to_u64();
        Bitboard::from_u64(match piece.role {
            Role::Man => side & !self.kings.to_u64(),
            Role::King => side & self.kings.to_u64(),
        })
    }

    /// All occupied squares.
    ///
    /// ```
    /// use turkish_draughts::Board;
    /// assert_eq!(Board::start().occupied().count(), 32);
    /// ```
    pub const fn occupied(&self) -> Bitboard {
        Bitboard::from_u64(self.white.to_u64() | self.black.to_u64())
    }

    /// The piece on `sq`, if any.
    ///
    /// ```
    /// use turkish_draughts::{Board, Color, Piece, Role, Square};
    /// let b = Board::start();
    /// assert_eq!(b.piece_at(Square::C3), Some(Piece::new(Color::White, Role::Man)));
    /// assert_eq!(b.piece_at(Square::C4), None);
    /// ```
    pub const fn piece_at(&self, sq: Square) -> Option<Piece> {
        let color = if self.white.contains(sq) {
            Color::White
        } else if self.black.contains(sq) {
            Color::Black
        } else {
            return None;
        };
        let role = if self.kings.contains(sq) {
            Role::King
        } else {
            Role::Man
        };
        Some(Piece::new(color, role))
    }

    /// Puts `piece` on `sq`, replacing whatever stood there.
    ///
    /// ```
    /// use turkish_draughts::{Board, Color, Piece, Role, Square};
    /// let mut b = Board::empty();
    /// b.set(Square::E5, Piece::new(Color::White, Role::Man));
    /// assert_eq!(b.occupied().count(), 1);
    /// ```
    pub fn set(&mut self, sq: Square, piece: Piece) {
        self.remove(sq);
        match piece.color {
            Color::White => self.white = self.white.with(sq),
            Color::Black => self.black = self.black.with(sq),
        }
        if piece.role == Role::King {
            self.kings = self.kings.with(sq);
        }
    }

    /// Empties `sq` and returns the piece that stood there.
    ///
    /// ```
    /// use turkish_draughts::{Board, Square};
    /// let mut b = Board::start();
    /// assert!(b.remove(Square::A2).is_some());
    /// assert!(b.remove(Square::A2).is_none());
    /// ```
    pub fn remove(&mut self, sq: Square) -> Option<Piece> {
        let piece = self.piece_at(sq)?;
        self.white = self.white.without(sq);
        self.black = self.black.without(sq);
        self.kings = self.kings.without(sq);
        Some(piece)
    }

    /// The board mirrored top to bottom with the colours swapped: White's pieces become
    /// Black's on the mirrored squares and the other way round. Mirrored positions have equal
    /// perft counts.
    ///
    /// ```
    /// use turkish_draughts::Board;
    /// assert_eq!(Board::start().mirrored(), Board::start());
    /// ```
    #[must_use]
    pub const fn mirrored(&self) -> Board {
        Board {
            white: self.black.flip_vertical(),
            black: self.white.flip_vertical(),
            kings: self.kings.flip_vertical(),
        }
    }

    pub(crate) const fn raw(&self) -> (u64, u64, u64) {
        (
            self.white.to_u64(),
            self.black.to_u64(),
            self.kings.to_u64(),
        )
    }

    /// Builds a board from raw sets that the caller keeps consistent (crate-internal).
    pub(crate) const fn from_raw(white: u64, black: u64, kings: u64) -> Board {
        Board {
            white: Bitboard::from_u64(white),
            black: Bitboard::from_u64(black),
            kings: Bitboard::from_u64(kings),
        }
    }

    /// Writes the diagram used by `Display` for boards and positions.
    pub(crate) fn draw(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for rank in crate::Rank::ALL.iter().rev() {
            write!(f, "{} ", rank.char())?;
            for file in crate::File::ALL {
                let sq = Square::from_coords(file, *rank);
                let c = self.piece_at(sq).map_or('.', Piece::char);
                write!(f, " {c}")?;
            }
            f.write_str("\n")?;
        }
        f.write_str("   a b c d e f g h")
    }
}

impl fmt::Display for Board {
    /// Draws the board, rank 8 on top: `o`/`O` white man/king, `x`/`X` black man/king.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.draw(f)
    }
}

impl fmt::Debug for Board {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("Board\n")?;
        self.draw(f)
    }
}
