//! [`MoveCode`]: a move packed into a `u64` for engine tables, decoded against its position.

use core::fmt;

use crate::{IllegalMoveError, IllegalMoveReason, Move, Position, Square};

/// Bits 0 to 5: the origin's index.
const FROM_SHIFT: u32 = 0;
/// Bits 6 to 11: the destination's index.
const TO_SHIFT: u32 = 6;
/// Bit 12: crowning.
const CROWN_BIT: u64 = 1 << 12;
/// Bits 13 to 44: the captured pieces, as a subset of the opponent's pieces in square order.
const CAPTURE_SHIFT: u32 = 13;

/// A move packed into a `u64`: small enough for transposition and killer tables, and
/// decoded only against the position it was made in, by [`Position::decode_move`], which
/// checks that it names a legal move there.
///
/// Made by [`Position::move_code`]. It is [`Copy`], and `==`, [`Hash`] and [`Ord`] are those
/// of the number. Like [`Move`] it names a move by its result (origin, destination, captured
/// pieces, crowning), not by its landing path: decoding gives the position's own move, with
/// a landing path found by the position's capture search.
///
/// # Layout
///
/// | bits     | meaning                                                                 |
/// |----------|-------------------------------------------------------------------------|
/// | 0 - 5    | the origin's index (a1 = 0, b1 = 1, ..., h8 = 63; [`Square::index`])    |
/// | 6 - 11   | the destination's index                                                 |
/// | 12       | set if the move crowns a man                                            |
/// | 13 - 44  | the captured pieces: bit 13 + i is set when the i-th piece of the side not to move, counting from 0 in square index order (a1, b1, ..., h8), is captured |
/// | 45 - 63  | always 0                                                                |
///
/// A side has at most [`MAX_PIECES_UNLIMITED`](crate::MAX_PIECES_UNLIMITED) = 32 pieces, even
/// in relaxed positions, so the captured pieces fit in 32 bits and every code of a move fits
/// in [`MoveCode::BITS`] = 45 bits. A quiet move has no capture bits, so its code is below
/// 2^13. Naming the captured pieces by their rank among the opponent's pieces, rather than
/// by square, is what keeps a code short; it also means that a code means nothing without
/// its position.
///
/// With the `serde` feature a code is written as its number.
///
/// ```
/// use turkish_draughts::{MoveCode, Position, Square};
/// let pos = Position::start();
/// let m = pos.parse_move("d3-d4")?;
/// let code = pos.move_code(m)?;
/// // d3 is square 19, d4 square 27: 19 + 27 * 64.
/// assert_eq!(code.to_u64(), 1747);
/// assert_eq!((code.from(), code.to()), (Square::D3, Square::D4));
/// assert_eq!(pos.decode_move(MoveCode::from_u64(1747))?, m);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Debug, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(transparent))]
pub struct MoveCode(u64);

impl MoveCode {
    /// The code 0, which names no move (a quiet move from a1 to a1): an empty slot in a
    /// table. It is the [`Default`]. [`Position::move_code`] never returns it, and
    /// [`Position::decode_move`] refuses it with [`DecodeMoveError::NoMove`].
    ///
    /// ```
    /// use turkish_draughts::{DecodeMoveError, MoveCode, Position};
    /// assert_eq!(MoveCode::default(), MoveCode::NONE);
    /// assert_eq!(MoveCode::NONE.to_u64(), 0);
    /// assert_eq!(Position::start().decode_move(MoveCode::NONE), Err(DecodeMoveError::NoMove));
    /// ```
    pub const NONE: MoveCode = MoveCode(0);

    /// The number of low bits a move's code uses (45): every code made by
    /// [`Position::move_code`] is below 2^45, so the other 19 bits of a `u64` are free for a
    /// table's own fields.
    ///
    /// ```
    /// use turkish_draughts::{MoveCode, Position};
    /// let pos = Position::start();
    /// for m in pos.legal_moves() {
    ///     assert!(pos.move_code(m)?.to_u64() >> MoveCode::BITS == 0);
    /// }
    /// # Ok::<(), turkish_draughts::IllegalMoveError>(())
    /// ```
    pub const BITS: u32 = CAPTURE_SHIFT + 32;

    /// The code as a number (see the type's layout).
    ///
    /// ```
    /// use turkish_draughts::Position;
    /// let pos = Position::start();
    /// let code = pos.move_code(pos.parse_move("a3-a4")?)?;
    /// // a3 is square 16, a4 square 24.
    /// assert_eq!(code.to_u64(), 16 + 24 * 64);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub const fn to_u64(self) -> u64 {
        self.0
    }

    /// A code from a number. Any value is accepted here; it is checked only when
    /// [decoded](Position::decode_move).
    ///
    /// ```
    /// use turkish_draughts::{MoveCode, Position};
    /// let code = MoveCode::from_u64(u64::MAX);
    /// assert_eq!(code.to_u64(), u64::MAX);
    /// assert!(Position::start().decode_move(code).is_err());
    /// ```
    pub const fn from_u64(bits: u64) -> MoveCode {
        MoveCode(bits)
    }

    /// The origin square (bits 0 to 5), read without a position.
    ///
    /// ```
    /// use turkish_draughts::{MoveCode, Square};
    /// assert_eq!(MoveCode::from_u64(19 + 27 * 64).from(), Square::D3);
    /// ```
    pub const fn from(self) -> Square {
        Square::ALL[(self.0 >> FROM_SHIFT) as usize & 63]
    }

    /// The destination square (bits 6 to 11), read without a position.
    ///
    /// ```
    /// use turkish_draughts::{MoveCode, Square};
    /// assert_eq!(MoveCode::from_u64(19 + 27 * 64).to(), Square::D4);
    /// ```
    pub const fn to(self) -> Square {
        Square::ALL[(self.0 >> TO_SHIFT) as usize & 63]
    }

    /// Whether the crowning bit (bit 12) is set.
    ///
    /// ```
    /// use turkish_draughts::{Position, RuleSet};
    /// let pos = Position::from_fen("W:Wc7:Bh2", RuleSet::Default)?;
    /// let code = pos.move_code(pos.parse_move("c7-c8")?)?;
    /// assert!(code.is_crowning());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub const fn is_crowning(self) -> bool {
        self.0 & CROWN_BIT != 0
    }

    /// Whether any capture bit (bits 13 and up) is set.
    ///
    /// ```
    /// use turkish_draughts::{Position, RuleSet};
    /// let pos = Position::from_fen("W:Wd4:Bd5", RuleSet::Default)?;
    /// assert!(pos.move_code(pos.parse_move("d4xd6")?)?.is_capture());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub const fn is_capture(self) -> bool {
        self.0 >> CAPTURE_SHIFT != 0
    }
}

/// Why [`Position::decode_move`] refused a [`MoveCode`].
///
/// ```
/// use turkish_draughts::{DecodeMoveError, IllegalMoveReason, MoveCode, Position, Square};
/// let pos = Position::start();
/// // d4 (27) to d5 (35): no white piece stands on d4.
/// let err = pos.decode_move(MoveCode::from_u64(27 + 35 * 64)).unwrap_err();
/// assert_eq!(
///     err,
///     DecodeMoveError::Illegal { from: Square::D4, to: Square::D5, reason: IllegalMoveReason::NoPiece }
/// );
/// assert_eq!(err.to_string(), "the code's move d4 to d5 is not legal here: no piece of the side to move stands on d4");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum DecodeMoveError {
    /// The code is [`MoveCode::NONE`], which names no move.
    #[error("the code is MoveCode::NONE, which names no move")]
    NoMove,
    /// Bits at or above [`MoveCode::BITS`] (45) are set: no move's code has them.
    #[error("the code has bits set above bit 44 ({bits:#x}), which no move's code has")]
    UnusedBits {
        /// The code's bits from bit 45 up (the others cleared).
        bits: u64,
    },
    /// The code captures the opponent's piece number `index` (counting from 0 in square
    /// order), but the opponent has only `pieces` pieces here.
    #[error(
        "the code captures the opponent's piece number {index} (counting from 0 in square order), but the opponent has {pieces} pieces here"
    )]
    NoSuchPiece {
        /// The highest piece number the code captures.
        index: u32,
        /// The number of the opponent's pieces in the position.
        pieces: u32,
    },
    /// The code's move (from `from` to `to`, with its captured pieces and crowning) is not a
    /// legal move of the position.
    #[error("the code's move {from} to {to} is not legal here: {}", reason_text(*reason, *from))]
    Illegal {
        /// The origin the code names.
        from: Square,
        /// The destination the code names.
        to: Square,
        /// Why the move is not legal here.
        reason: IllegalMoveReason,
    },
}

/// The reason's text, with the origin for [`IllegalMoveReason::NoPiece`].
fn reason_text(reason: IllegalMoveReason, from: Square) -> impl fmt::Display {
    struct Text(IllegalMoveReason, Square);
    impl fmt::Display for Text {
        fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
            match self.0 {
                IllegalMoveReason::NoPiece => {
                    write!(f, "no piece of the side to move stands on {}", self.1)
                }
                IllegalMoveReason::CaptureRequired => f.write_str(
                    "the code's move does not capture, but capturing is compulsory here",
                ),
                IllegalMoveReason::NotLegal => f.write_str(
                    "no legal move has this origin, destination, captured pieces and crowning",
                ),
            }
        }
    }
    Text(reason, from)
}

impl Position {
    /// The compact code of `mv` in this position (see [`MoveCode`] for the layout). It costs
    /// a few operations per captured piece; there is no search.
    ///
    /// The code names the captured pieces by their rank among the opponent's pieces here,
    /// so it is only refused, with [`IllegalMoveReason::NotLegal`], when a captured square
    /// holds no piece of the side not to move: such a move cannot be legal here. Otherwise
    /// the move's legality is not checked (that would take a search): the code of a move of
    /// another position is made, and [`decode_move`](Position::decode_move) of it refuses
    /// it or finds this position's legal move with that result.
    ///
    /// # Errors
    ///
    /// An [`IllegalMoveError`] with [`IllegalMoveReason::NotLegal`] when a captured square holds
    /// no piece of the side not to move.
    ///
    /// ```
    /// use turkish_draughts::{IllegalMoveReason, Position, RuleSet};
    /// let pos = Position::from_fen("W:Wc4,d4:Bc5,Kd6,e4,b4", RuleSet::Default)?;
    /// let m = pos.parse_move("c4xc6xe6")?;
    /// // Black's pieces in square order: b4 (0), e4 (1), c5 (2), d6 (3); c5 and d6 are
    /// // captured. c4 is square 26, e6 square 44.
    /// let code = pos.move_code(m)?;
    /// assert_eq!(code.to_u64(), 26 + (44 << 6) + (0b1100 << 13));
    /// assert_eq!(pos.decode_move(code)?.path(), m.path());
    ///
    /// // In the start position c5 is empty: the move cannot be one of its moves.
    /// let err = Position::start().move_code(m).unwrap_err();
    /// assert_eq!(err.reason, IllegalMoveReason::NotLegal);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn move_code(&self, mv: Move) -> Result<MoveCode, IllegalMoveError> {
        let opp = self.board().by_color(!self.turn()).to_u64();
        let captured = mv.captured().to_u64();
        if captured & !opp != 0 {
            return Err(IllegalMoveError {
                mv,
                reason: IllegalMoveReason::NotLegal,
            });
        }
        // The rank of each captured square among the opponent's pieces: the number of them
        // below it. A side has at most 32 pieces, so every rank is below 32.
        let mut bits = 0u64;
        let mut rest = captured;
        while rest != 0 {
            let sq = rest.trailing_zeros();
            rest &= rest - 1;
            let below = opp & ((1u64 << sq) - 1);
            bits |= 1u64 << below.count_ones();
        }
        let code = u64::from(mv.from().index()) << FROM_SHIFT
            | u64::from(mv.to().index()) << TO_SHIFT
            | if mv.is_crowning() { CROWN_BIT } else { 0 }
            | bits << CAPTURE_SHIFT;
        Ok(MoveCode(code))
    }

    /// The legal move of this position that `code` names, or why there is none. Never
    /// panics, for any code and any position.
    ///
    /// The move is equal to the one [`legal_moves`](Position::legal_moves) lists and carries
    /// a landing path of this position found by its capture search, as
    /// [`parse_move`](Position::parse_move)'s moves do. In game positions (every 7th of
    /// `tests/data/game-positions.fen`, `bench.fen`, `worst-case-strict.fen`, tested) that is
    /// the very path `legal_moves` shows; in exploding capture positions, where one move has
    /// many paths, it can be another path of the same move (10 of 140 moves sampled from
    /// `worst-case.fen` and `worst-case-found.fen`).
    ///
    /// The checks, in order: the code is not [`MoveCode::NONE`]; no bit at or above
    /// [`MoveCode::BITS`] is set; every captured piece number names one of the opponent's
    /// pieces here; and the move (origin, destination, captured pieces, crowning) is legal
    /// here, with the reason ([`IllegalMoveReason`]) if not. The legality check is
    /// [`is_legal`](Position::is_legal)'s: a quiet move is compared with the quiet moves, a
    /// capture is looked for by a search from its origin; no move list is built.
    ///
    /// # Errors
    ///
    /// A [`DecodeMoveError`] for the first of the checks above that the code fails.
    ///
    /// ```
    /// use turkish_draughts::{DecodeMoveError, MoveCode, Position, RuleSet};
    /// let pos = Position::from_fen("W:Wc4,d4:Bc5,Kd6,e4,b4", RuleSet::Default)?;
    /// for m in pos.legal_moves() {
    ///     let code = pos.move_code(m)?;
    ///     assert_eq!(pos.decode_move(code)?, m);
    /// }
    /// // The opponent has four pieces: piece number 4 does not exist.
    /// let bad = MoveCode::from_u64(26 + (44 << 6) + (0b10000 << 13));
    /// assert_eq!(pos.decode_move(bad), Err(DecodeMoveError::NoSuchPiece { index: 4, pieces: 4 }));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn decode_move(&self, code: MoveCode) -> Result<Move, DecodeMoveError> {
        let raw = code.0;
        if code == MoveCode::NONE {
            return Err(DecodeMoveError::NoMove);
        }
        if raw >> MoveCode::BITS != 0 {
            return Err(DecodeMoveError::UnusedBits {
                bits: raw >> MoveCode::BITS << MoveCode::BITS,
            });
        }
        let mut opp = self.board().by_color(!self.turn()).to_u64();
        let pieces = opp.count_ones();
        // At most 32 bits, below bit 45 - 13.
        let mut want = raw >> CAPTURE_SHIFT;
        if want >> pieces.min(32) != 0 {
            return Err(DecodeMoveError::NoSuchPiece {
                index: 63 - want.leading_zeros(),
                pieces,
            });
        }
        // Walk the opponent's pieces in square order, keeping those the code names.
        let mut captured = 0u64;
        while want != 0 {
            let piece = opp & opp.wrapping_neg();
            opp ^= piece;
            if want & 1 != 0 {
                captured |= piece;
            }
            want >>= 1;
        }
        let (from, to) = (code.from(), code.to());
        let crowned = code.is_crowning();
        let (black, kings) = (self.black_moves(), self.kings_u64());
        let mv = if captured == 0 {
            Move::quiet(black, kings, from, to, crowned)
        } else {
            // No landing path: `check_move` reads only the result, and answers with this
            // position's own move, path included.
            let captured = crate::Bitboard::from_u64(captured);
            Move::capture(black, kings, from, to, captured, crowned, &[])
        };
        self.check_move(mv)
            .map_err(|reason| DecodeMoveError::Illegal { from, to, reason })
    }
}
