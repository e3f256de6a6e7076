//! Move text: printing is [`Move`]'s `Display`; parsing is resolved against a position.

mod captured;
mod text;
mod unchecked;

pub use captured::CapturedNotation;
pub(crate) use text::MAX_SQUARES;
pub use text::{MoveSyntaxError, MoveText};
pub use unchecked::UncheckedMove;

use crate::geometry::{EAST, NORTH, RANK_1, RANK_8, RAYS, SOUTH, WEST};
use crate::moves::{Effect, MAX_PATH};
use crate::{Color, Move, Position, Role, RuleSet, Square};

/// Why a move text does not name a legal move of the position.
///
/// ```
/// use turkish_draughts::{ParseMoveError, Position, RuleSet};
/// let pos = Position::from_fen("W:Wc4,d4:Bc5,Kd6,e4,b4", RuleSet::Default)?;
/// assert_eq!(pos.parse_move("d4xf4"), Err(ParseMoveError::NotMaximal { captured: 1, required: 2 }));
/// assert!(matches!(pos.parse_move("c4-c5"), Err(ParseMoveError::CaptureRequired { .. })));
/// # Ok::<(), turkish_draughts::FenError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum ParseMoveError {
    /// The text is not move text: [`MoveSyntaxError::Empty`].
    #[error("{}", MoveSyntaxError::Empty)]
    Empty,
    /// The text is not move text: [`MoveSyntaxError::BadSquare`].
    #[error("{}", MoveSyntaxError::BadSquare { at: *at })]
    BadSquare {
        /// Byte offset.
        at: usize,
    },
    /// The text is not move text: [`MoveSyntaxError::BadSeparator`].
    #[error("{}", MoveSyntaxError::BadSeparator { at: *at })]
    BadSeparator {
        /// Byte offset.
        at: usize,
    },
    /// The text is not move text: [`MoveSyntaxError::MixedSeparators`].
    #[error("{}", MoveSyntaxError::MixedSeparators)]
    MixedSeparators,
    /// A quiet move names more than two squares.
    #[error("a quiet move names exactly two squares, origin and destination")]
    QuietTooLong,
    /// The text names more landing squares than any move can have (the text has too many
    /// squares for any reading: [`MoveSyntaxError::PathTooLong`]).
    #[error("{}", MoveSyntaxError::PathTooLong)]
    PathTooLong,
    /// The origin holds no piece of the side to move.
    #[error("no piece of the side to move stands on {square}")]
    NoPiece {
        /// The origin.
        square: Square,
    },
    /// A quiet move was given but capturing is compulsory.
    #[error("capturing is compulsory: the legal captures take {required} piece(s)")]
    CaptureRequired {
        /// How many pieces the legal captures take.
        required: u32,
    },
    /// A capture was given but there is none in the position.
    #[error("there is no capture in this position")]
    NoCapture,
    /// The quiet move is not legal: the piece cannot go there.
    #[error("the piece on {from} cannot move to {to}")]
    IllegalQuiet {
        /// Origin.
        from: Square,
        /// Destination.
        to: Square,
    },
    /// The landing path breaks a rule at the given jump (0 = first).
    #[error("jump {jump} of the path ({from} to {to}) is not possible: {why}")]
    IllegalJump {
        /// Index of the jump in the path, from 0.
        jump: usize,
        /// Where the jump starts.
        from: Square,
        /// Where it lands.
        to: Square,
        /// Which rule it breaks.
        why: JumpError,
    },
    /// The path is possible but captures fewer pieces than the maximum.
    #[error("the path captures {captured} piece(s) but the maximum is {required}")]
    NotMaximal {
        /// Pieces the path captures.
        captured: u32,
        /// Pieces the legal captures take.
        required: u32,
    },
    /// The path stops while the piece can still capture.
    #[error("the path stops on {square}, but the piece can capture again from there")]
    Unfinished {
        /// Where the path stops.
        square: Square,
    },
    /// The short form `origin x destination` names no legal capture.
    #[error("no legal capture goes from {from} to {to}")]
    NoSuchCapture {
        /// Origin.
        from: Square,
        /// Destination.
        to: Square,
    },
    /// The short form `origin x destination` names several legal captures.
    #[error("{count} legal captures go from {from} to {to}: give the full landing path")]
    Ambiguous {
        /// Origin.
        from: Square,
        /// Destination.
        to: Square,
        /// How many legal moves match (without the `alloc` feature, counted up to 64).
        count: usize,
    },
    /// Captured-square notation: the named pieces, taken in that order, fit several legal
    /// moves (a king may stop on any square after its last capture).
    #[error(
        "{count} legal captures from {from} take these pieces in this order: add the landing square after the captured squares"
    )]
    AmbiguousCaptures {
        /// Origin.
        from: Square,
        /// How many legal moves match.
        count: usize,
    },
    /// Captured-square notation: no legal capture from the origin takes the named pieces in
    /// that order.
    #[error("no legal capture from {from} takes the named pieces in this order")]
    NoCaptureSequence {
        /// Origin.
        from: Square,
    },
    /// The text reads as one legal move in landing notation and as another in captured-square
    /// notation.
    #[error(
        "the text names one legal move from {from} in landing notation and another in captured-square notation"
    )]
    AmbiguousReadings {
        /// Origin.
        from: Square,
    },
}

/// Why one jump of a landing path is impossible.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum JumpError {
    /// The two squares are not on one rank or file (or are the same square).
    #[error("the squares are not on one rank or file")]
    NotInLine,
    /// A man jumps backward, or further than over one adjacent piece.
    #[error("a man jumps only forward or sideways, over an adjacent piece")]
    ManJump,
    /// The jump turns 180 degrees from the previous one.
    #[error("a jump may not reverse the previous one")]
    Reversal,
    /// No enemy piece lies between the squares.
    #[error("there is no enemy piece to jump")]
    NothingToJump,
    /// More than one piece, or an own piece, lies between the squares.
    #[error("the way is blocked")]
    Blocked,
    /// The landing square is occupied.
    #[error("the landing square is occupied")]
    Occupied,
}

/// The direction from `a` to `b`, if they share a rank or file.
fn direction(a: Square, b: Square) -> Option<usize> {
    (0..4).find(|&d| RAYS[d][a.index() as usize] & b.bitboard().to_u64() != 0)
}

impl Position {
    /// Resolves move text against this position and returns the legal move it names.
    ///
    /// Accepted forms: a quiet move `d3-d4`; a capture's full landing path `b3xd3xd5` (any
    /// legal path of the move, not only the one the generator shows); and the short form
    /// `b3xd5` (origin and destination) when it names exactly one legal move. The text is
    /// read as [`MoveText`] reads it: files in either case, `:` or `X` for `x`, surrounding
    /// whitespace ignored (byte offsets in errors count from the start of `text`).
    /// Anything else is a [`ParseMoveError`] that says why.
    ///
    /// No move list is built, so a position with more legal moves than
    /// [`MoveList::CAPACITY`](crate::MoveList::CAPACITY) is no problem without `alloc`
    /// either; the time is that of one [`legal_moves`](Position::legal_moves) call.
    ///
    /// # Errors
    ///
    /// A [`ParseMoveError`] when the text is not move text (its syntax variants), when it names
    /// no legal move (the rule it breaks: a capture required, a jump that breaks a rule, fewer
    /// pieces than the maximum, ...), or when a short form names several
    /// ([`ParseMoveError::Ambiguous`]).
    ///
    /// ```
    /// use turkish_draughts::{ParseMoveError, Position, RuleSet};
    /// let pos = Position::from_fen("W:WKh1:Bh3,h6", RuleSet::Default)?;
    /// let m = pos.parse_move("h1xh7")?;           // short form
    /// assert_eq!(m, pos.parse_move("h1xh5xh7")?); // another landing path, same move
    /// assert_eq!(m, pos.parse_move("h1xh4xh7")?);
    /// assert!(matches!(pos.parse_move("h1xh2"), Err(ParseMoveError::IllegalJump { .. })));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn parse_move(&self, text: &str) -> Result<Move, ParseMoveError> {
        self.landing_move(&text.parse::<MoveText>()?)
    }

    /// [`parse_move`](Position::parse_move) on text already read into squares.
    pub(crate) fn landing_move(&self, text: &MoveText) -> Result<Move, ParseMoveError> {
        let squares = text.squares();
        if squares.len() > MAX_PATH + 1 {
            return Err(ParseMoveError::PathTooLong);
        }
        let n = squares.len();
        let from = squares[0];
        if !self.board().by_color(self.turn()).contains(from) {
            return Err(ParseMoveError::NoPiece { square: from });
        }
        // No move list is built: a search that keeps only the longest captures' length and
        // the moves that match the text resolves it.
        let capture = self.has_capture();
        if !text.is_capture() {
            if n > 2 {
                return Err(ParseMoveError::QuietTooLong);
            }
            if capture {
                let required = self.resolve(from, None, None, None).len;
                return Err(ParseMoveError::CaptureRequired { required });
            }
            let to = squares[1];
            let piece = self.board().piece_at(from);
            let crowned = piece.is_some_and(|p| p.role == Role::Man)
                && to.rank() == self.turn().promotion_rank();
            let m = Move::quiet(self.black_moves(), self.kings_u64(), from, to, crowned);
            return if self.is_legal(m) {
                Ok(m)
            } else {
                Err(ParseMoveError::IllegalQuiet { from, to })
            };
        }
        if !capture {
            return Err(ParseMoveError::NoCapture);
        }
        let landings = &squares[1..n];
        let traced = self.trace(from, landings);
        // The move with the effect the text traced, shown with the path the text gave.
        let as_written = |e: Effect| {
            let before = &landings[..landings.len() - 1];
            let (black, kings) = (self.black_moves(), self.kings_u64());
            Move::capture(black, kings, from, e.to, e.captured, e.crowned, before)
        };
        if landings.len() > 1 {
            let effect = traced?;
            let found = self.resolve(from, Some(effect.to), Some(effect), Some(effect));
            if found.exact {
                return Ok(as_written(effect));
            }
            let captured = effect.captured.count();
            return Err(if captured < found.len {
                ParseMoveError::NotMaximal {
                    captured,
                    required: found.len,
                }
            } else {
                ParseMoveError::Unfinished { square: effect.to }
            });
        }
        // One landing square: a single jump, or the short form (origin and destination).
        let to = landings[0];
        let found = self.resolve(from, Some(to), None, traced.ok());
        if let (true, Ok(effect)) = (found.exact, traced) {
            return Ok(as_written(effect));
        }
        match (found.first, found.matches()) {
            (Some(m), 1) => Ok(m),
            (Some(_), count) => Err(ParseMoveError::Ambiguous { from, to, count }),
            (None, _) => match traced {
                Err(e) => Err(e),
                Ok(effect) if effect.captured.count() < found.len => {
                    Err(ParseMoveError::NotMaximal {
                        captured: effect.captured.count(),
                        required: found.len,
                    })
                }
                Ok(_) => Err(ParseMoveError::NoSuchCapture { from, to }),
            },
        }
    }

    /// Follows a landing path from `from` and returns what the move does (its [`Effect`]),
    /// or the first jump that breaks a rule. It does not check that the path is finished or
    /// maximal.
    pub(crate) fn trace(
        &self,
        from: Square,
        landings: &[Square],
    ) -> Result<Effect, ParseMoveError> {
        let board = self.board();
        let turn = self.turn();
        let own = board.by_color(turn).to_u64() & !from.bitboard().to_u64();
        let opp = board.by_color(!turn).to_u64();
        let (fwd, promo) = match turn {
            Color::White => (NORTH, RANK_8),
            Color::Black => (SOUTH, RANK_1),
        };
        let mut king = board.piece_at(from).map(|p| p.role) == Some(Role::King);
        let mut crowned = false;
        let mut removed = 0u64;
        let mut at = from;
        let mut last = None;
        for (jump, &to) in landings.iter().enumerate() {
            let err = |why| ParseMoveError::IllegalJump {
                jump,
                from: at,
                to,
                why,
            };
            let d = direction(at, to).ok_or(err(JumpError::NotInLine))?;
            if last.is_some_and(|l: usize| l ^ 2 == d) {
                return Err(err(JumpError::Reversal));
            }
            let t = to.bitboard().to_u64();
            let between = RAYS[d][at.index() as usize] & !(RAYS[d][to.index() as usize] | t);
            let live = opp & !removed;
            if t & (own | live) != 0 {
                return Err(err(JumpError::Occupied));
            }
            let jumped = between & live;
            if between & own != 0 || jumped.count_ones() > 1 {
                return Err(err(JumpError::Blocked));
            }
            if jumped == 0 {
                return Err(err(JumpError::NothingToJump));
            }
            if !king && (between != jumped || !(d == fwd || d == EAST || d == WEST)) {
                return Err(err(JumpError::ManJump));
            }
            removed |= jumped;
            at = to;
            last = Some(d);
            if !king && t & promo != 0 && self.rules() == RuleSet::Default {
                king = true;
                crowned = true;
            }
        }
        if !king && at.bitboard().to_u64() & promo != 0 {
            crowned = true;
        }
        Ok(Effect {
            to: at,
            captured: crate::Bitboard::from_u64(removed),
            crowned,
        })
    }
}
