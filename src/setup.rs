//! [`Setup`]: a position as written down, before it is checked.

use crate::{Bitboard, Board, Color, Square};

/// The largest number of pieces a side may have in a [`Position`](crate::Position) built by
/// [`Position::from_setup`](crate::Position::from_setup): the 16 men a side starts with.
pub const MAX_PIECES: u32 = 16;

/// The per-side limit of
/// [`Position::from_setup_relaxed`](crate::Position::from_setup_relaxed), for composed
/// problems and stress positions. A move's landing path holds up to this many jumps.
pub const MAX_PIECES_UNLIMITED: u32 = 32;

/// A position as written down (for example parsed from FEN), not yet checked against the
/// rules. Its fields are public and may hold anything; turn it into a
/// [`Position`](crate::Position) to play.
///
/// ```
/// use turkish_draughts::{Color, Position, RuleSet, Setup, Square};
/// let mut setup = Setup::empty();
/// setup.white = Square::D4.bitboard();
/// setup.kings = Square::D4.bitboard();
/// setup.black = Square::D6.bitboard();
/// setup.turn = Color::Black;
/// let pos = Position::from_setup(&setup, RuleSet::Default)?;
/// assert_eq!(pos.setup().to_string(), "B:WKd4:Bd6");
/// # Ok::<(), turkish_draughts::SetupError>(())
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(deny_unknown_fields))]
pub struct Setup {
    /// Squares claimed by White.
    pub white: Bitboard,
    /// Squares claimed by Black.
    pub black: Bitboard,
    /// Squares marked as kings.
    pub kings: Bitboard,
    /// The side to move.
    pub turn: Color,
}

/// Why a [`Setup`] is not a valid position. Each check has its own variant; when several
/// fail, the first in the order of the variants below is reported.
///
/// ```
/// use turkish_draughts::{Position, RuleSet, Setup, SetupError, Square};
/// let mut setup = Setup::empty();
/// setup.white = Square::A1.bitboard();
/// assert_eq!(
///     Position::from_setup(&setup, RuleSet::Default),
///     Err(SetupError::ManOnBackRank { square: Square::A1 })
/// );
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum SetupError {
    /// The square is claimed by both White and Black.
    #[error("square {square} is claimed by both sides")]
    SquareClaimedTwice {
        /// The first such square.
        square: Square,
    },
    /// The square is marked as a king but no piece stands on it.
    #[error("square {square} is marked as a king but holds no piece")]
    KingOnEmptySquare {
        /// The first such square.
        square: Square,
    },
    /// A man stands on its side's promotion rank
    /// ([`Color::promotion_rank`]: rank 8 for White, rank 1 for Black), where it would be a
    /// king. Both constructors refuse it.
    #[error("a man stands on {square}, on its side's promotion rank, where it would be a king")]
    ManOnPromotionRank {
        /// The first such square.
        square: Square,
    },
    /// A man stands on its side's own back rank ([`Color::back_rank`]: rank 1 for White,
    /// rank 8 for Black), which men never reach in a game.
    /// [`Position::from_setup_relaxed`](crate::Position::from_setup_relaxed) allows it.
    #[error("a man stands on {square}, on its side's own back rank, which men never reach")]
    ManOnBackRank {
        /// The first such square.
        square: Square,
    },
    /// A side has more pieces than the limit allows.
    #[error("{color} has {count} pieces, more than the limit of {limit}")]
    TooManyPieces {
        /// The side with too many pieces.
        color: Color,
        /// How many pieces it has.
        count: u32,
        /// The limit that was checked.
        limit: u32,
    },
}

impl Setup {
    /// An empty board, White to move.
    ///
    /// ```
    /// use turkish_draughts::Setup;
    /// assert!(Setup::empty().white.is_empty());
    /// ```
    pub const fn empty() -> Setup {
        Setup {
            white: Bitboard::EMPTY,
            black: Bitboard::EMPTY,
            kings: Bitboard::EMPTY,
            turn: Color::White,
        }
    }

    /// The start position, White to move.
    ///
    /// ```
    /// use turkish_draughts::Setup;
    /// assert_eq!(Setup::start().to_string(), "W:Wa2,b2,c2,d2,e2,f2,g2,h2,a3,b3,c3,d3,e3,f3,g3,h3:Ba6,b6,c6,d6,e6,f6,g6,h6,a7,b7,c7,d7,e7,f7,g7,h7");
    /// ```
    pub const fn start() -> Setup {
        let b = Board::start();
        Setup {
            white: b.white(),
            black: b.black(),
            kings: b.kings(),
            turn: Color::White,
        }
    }

    /// Checks the setup and returns its board. `limit` is the largest number of pieces a side
    /// may have; with `own_back_rank` a man may not stand on its own back rank either (it may
    /// never stand on its promotion rank).
    pub(crate) fn validate(&self, limit: u32, own_back_rank: bool) -> Result<Board, SetupError> {
        if let Some(square) = (self.white & self.black).first() {
            return Err(SetupError::SquareClaimedTwice { square });
        }
        let occupied = self.white | self.black;
        if let Some(square) = (self.kings - occupied).first() {
            return Err(SetupError::KingOnEmptySquare { square });
        }
        let (white_men, black_men) = (self.white - self.kings, self.black - self.kings);
        let on = |men: Bitboard, rank| men & Bitboard::rank(rank);
        let promotion = on(white_men, Color::White.promotion_rank())
            | on(black_men, Color::Black.promotion_rank());
        if let Some(square) = promotion.first() {
            return Err(SetupError::ManOnPromotionRank { square });
        }
        let back =
            on(white_men, Color::White.back_rank()) | on(black_men, Color::Black.back_rank());
        if let Some(square) = back.first().filter(|_| own_back_rank) {
            return Err(SetupError::ManOnBackRank { square });
        }
        for color in Color::ALL {
            let count = match color {
                Color::White => self.white.count(),
                Color::Black => self.black.count(),
            };
            if count > limit {
                return Err(SetupError::TooManyPieces {
                    color,
                    count,
                    limit,
                });
            }
        }
        // The first two checks above are exactly the invariants of `Board`.
        Ok(Board::from_raw(
            self.white.to_u64(),
            self.black.to_u64(),
            self.kings.to_u64(),
        ))
    }
}
