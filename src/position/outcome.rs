//! How a game ends in a position: [`Outcome`] and its reasons.

use core::fmt;

use crate::{Bitboard, Color, Position, Role, RuleSet};

/// How a game ended.
///
/// ```
/// use turkish_draughts::{Color, Outcome, Position, RuleSet, WinReason};
/// let pos = Position::from_fen("B:WKd4:Bd6", RuleSet::Default)?;
/// assert_eq!(
///     pos.outcome(),
///     Some(Outcome::Win { winner: Color::White, reason: WinReason::KingAgainstLoneMan })
/// );
/// # Ok::<(), turkish_draughts::FenError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Outcome {
    /// One side has won.
    Win {
        /// The side that won.
        winner: Color,
        /// Why.
        reason: WinReason,
    },
    /// The game is drawn.
    Draw {
        /// Why.
        reason: DrawReason,
    },
}

impl Outcome {
    /// The winner, or `None` for a draw.
    ///
    /// ```
    /// use turkish_draughts::{DrawReason, Outcome};
    /// assert_eq!(Outcome::Draw { reason: DrawReason::OneKingEach }.winner(), None);
    /// ```
    pub const fn winner(self) -> Option<Color> {
        match self {
            Outcome::Win { winner, .. } => Some(winner),
            Outcome::Draw { .. } => None,
        }
    }
}

/// Why a side won.
///
/// New reasons may be added in minor versions.
///
/// ```
/// use turkish_draughts::{Color, Outcome, Position, RuleSet, WinReason};
/// let pos = Position::from_fen("W:Wa7:BKa8,b7,c7", RuleSet::Default)?;
/// let win = Outcome::Win { winner: Color::Black, reason: WinReason::NoLegalMove };
/// assert_eq!(pos.outcome(), Some(win));
/// # Ok::<(), turkish_draughts::FenError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[non_exhaustive]
pub enum WinReason {
    /// The loser is to move and has no legal move: no pieces left, or all of them blocked.
    NoLegalMove,
    /// [`RuleSet::Default`]: the winner has exactly one king, the loser a single man.
    KingAgainstLoneMan,
}

/// Why a game is drawn.
///
/// The position alone decides the first three; only a game's history
/// ([`Game`](crate::Game), feature `alloc`) decides [`Repetition`](DrawReason::Repetition)
/// and [`NoProgress`](DrawReason::NoProgress). New reasons may be added in minor versions.
///
/// ```
/// use turkish_draughts::{DrawReason, Outcome};
/// let o = Outcome::Draw { reason: DrawReason::Repetition };
/// assert_eq!(o.to_string(), "draw: threefold repetition");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[non_exhaustive]
pub enum DrawReason {
    /// One king each (under [`RuleSet::Default`] only when the side to move cannot capture).
    OneKingEach,
    /// [`RuleSet::Tudaf`]: one man each.
    OneManEach,
    /// [`RuleSet::Tudaf`]: a lone king against a lone man.
    KingAgainstLoneMan,
    /// The same position (the same pieces, the same side to move) has occurred three times
    /// in the game, counted from its first position.
    Repetition,
    /// The game's no-progress limit was reached: that many plies in a row without a capture
    /// or a man move (off unless the user sets it).
    NoProgress,
}

impl fmt::Display for Outcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Outcome::Win { winner, reason } => {
                let why = match reason {
                    WinReason::NoLegalMove => "the opponent has no legal move",
                    WinReason::KingAgainstLoneMan => "a lone king against a lone man",
                };
                write!(f, "{winner} wins: {why}")
            }
            Outcome::Draw { reason } => {
                let why = match reason {
                    DrawReason::OneKingEach => "one king each",
                    DrawReason::OneManEach => "one man each",
                    DrawReason::KingAgainstLoneMan => "a lone king against a lone man",
                    DrawReason::Repetition => "threefold repetition",
                    DrawReason::NoProgress => "no capture or man move within the limit",
                };
                write!(f, "draw: {why}")
            }
        }
    }
}

impl Position {
    /// How the game has ended in this position, or `None` if it goes on.
    ///
    /// * The side to move has no legal move: it loses (both rule sets).
    /// * One piece each ([`RuleSet::Default`]): a king against a man wins for the king's
    ///   side; two kings draw unless the side to move can capture; two men play on.
    /// * One piece each ([`RuleSet::Tudaf`]): always a draw.
    ///
    /// Threefold repetition needs the game's history and is not decided here.
    ///
    /// ```
    /// use turkish_draughts::{DrawReason, Outcome, Position, RuleSet};
    /// let pos = Position::from_fen("W:WKa1:BKh8", RuleSet::Default)?;
    /// assert_eq!(pos.outcome(), Some(Outcome::Draw { reason: DrawReason::OneKingEach }));
    /// assert_eq!(Position::start().outcome(), None);
    /// # Ok::<(), turkish_draughts::FenError>(())
    /// ```
    pub fn outcome(&self) -> Option<Outcome> {
        self.outcome_knowing(self.has_legal_move())
    }

    /// [`outcome`](Position::outcome) when the caller already knows whether the side to move
    /// has a legal move (it generated the moves).
    #[inline]
    pub(crate) fn outcome_knowing(&self, has_legal_move: bool) -> Option<Outcome> {
        if !has_legal_move {
            return Some(Outcome::Win {
                winner: !self.turn(),
                reason: WinReason::NoLegalMove,
            });
        }
        let (white, black) = (self.board.white(), self.board.black());
        if white.count() != 1 || black.count() != 1 {
            return None;
        }
        let role = |side: Bitboard| {
            if side.intersects(self.board.kings()) {
                Role::King
            } else {
                Role::Man
            }
        };
        let tudaf = self.rules() == RuleSet::Tudaf;
        match (role(white), role(black)) {
            (Role::King, Role::King) => (tudaf || !self.has_capture()).then_some(Outcome::Draw {
                reason: DrawReason::OneKingEach,
            }),
            (Role::Man, Role::Man) => tudaf.then_some(Outcome::Draw {
                reason: DrawReason::OneManEach,
            }),
            (Role::King, Role::Man) | (Role::Man, Role::King) => Some(if tudaf {
                Outcome::Draw {
                    reason: DrawReason::KingAgainstLoneMan,
                }
            } else {
                let winner = if role(white) == Role::King {
                    Color::White
                } else {
                    Color::Black
                };
                Outcome::Win {
                    winner,
                    reason: WinReason::KingAgainstLoneMan,
                }
            }),
        }
    }
}
