//! PDN results as text: [`GameResult`].

use core::fmt;
use core::str::FromStr;

use crate::{Color, Outcome};

/// The result of a game as PDN records it: who won, a draw, or not decided (yet).
///
/// It prints in the draughts convention, two points for a win and one each for a draw:
/// `2-0`, `0-2`, `1-1`, and `*` for a game that is not over. It reads those and the chess
/// forms `1-0`, `0-1` and `1/2-1/2` that some sites (PlayOK among them) write.
///
/// ```
/// use turkish_draughts::GameResult;
/// assert_eq!(GameResult::WhiteWins.to_string(), "2-0");
/// assert_eq!("1-0".parse::<GameResult>()?, GameResult::WhiteWins);
/// assert_eq!(" 1/2-1/2 ".parse::<GameResult>()?, GameResult::Draw);
/// # Ok::<(), turkish_draughts::ParseResultError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum GameResult {
    /// White won (`2-0`).
    WhiteWins,
    /// Black won (`0-2`).
    BlackWins,
    /// A draw (`1-1`).
    Draw,
    /// The game goes on, was abandoned or its result is unknown (`*`).
    Ongoing,
}

impl GameResult {
    /// The result in which `color` wins.
    ///
    /// ```
    /// use turkish_draughts::{Color, GameResult};
    /// assert_eq!(GameResult::win(Color::Black), GameResult::BlackWins);
    /// ```
    pub const fn win(color: Color) -> GameResult {
        match color {
            Color::White => GameResult::WhiteWins,
            Color::Black => GameResult::BlackWins,
        }
    }

    /// The winner, if one side won.
    ///
    /// ```
    /// use turkish_draughts::{Color, GameResult};
    /// assert_eq!(GameResult::WhiteWins.winner(), Some(Color::White));
    /// assert_eq!(GameResult::Draw.winner(), None);
    /// ```
    pub const fn winner(self) -> Option<Color> {
        match self {
            GameResult::WhiteWins => Some(Color::White),
            GameResult::BlackWins => Some(Color::Black),
            GameResult::Draw | GameResult::Ongoing => None,
        }
    }

    /// Whether the game is decided (anything but [`Ongoing`](GameResult::Ongoing)).
    ///
    /// ```
    /// use turkish_draughts::GameResult;
    /// assert!(GameResult::Draw.is_decided());
    /// assert!(!GameResult::Ongoing.is_decided());
    /// ```
    pub const fn is_decided(self) -> bool {
        !matches!(self, GameResult::Ongoing)
    }

    /// The PDN text: `2-0`, `0-2`, `1-1` or `*` (what `Display` writes).
    ///
    /// ```
    /// use turkish_draughts::GameResult;
    /// assert_eq!(GameResult::BlackWins.as_str(), "0-2");
    /// assert_eq!(GameResult::Ongoing.as_str(), "*");
    /// ```
    pub const fn as_str(self) -> &'static str {
        match self {
            GameResult::WhiteWins => "2-0",
            GameResult::BlackWins => "0-2",
            GameResult::Draw => "1-1",
            GameResult::Ongoing => "*",
        }
    }

    /// The result of a game whose outcome is `outcome` (`None`: it goes on).
    ///
    /// ```
    /// use turkish_draughts::{GameResult, Position};
    /// assert_eq!(GameResult::from_outcome(Position::start().outcome()), GameResult::Ongoing);
    /// ```
    pub const fn from_outcome(outcome: Option<Outcome>) -> GameResult {
        match outcome {
            Some(o) => o.result(),
            None => GameResult::Ongoing,
        }
    }
}

impl Outcome {
    /// The result that this outcome gives: a win for the winner, or a draw.
    ///
    /// ```
    /// use turkish_draughts::{Color, DrawReason, GameResult, Outcome, WinReason};
    /// let win = Outcome::Win { winner: Color::Black, reason: WinReason::NoLegalMove };
    /// assert_eq!(win.result(), GameResult::BlackWins);
    /// assert_eq!(Outcome::Draw { reason: DrawReason::Repetition }.result(), GameResult::Draw);
    /// ```
    pub const fn result(self) -> GameResult {
        match self {
            Outcome::Win { winner, .. } => GameResult::win(winner),
            Outcome::Draw { .. } => GameResult::Draw,
        }
    }
}

impl From<Outcome> for GameResult {
    fn from(outcome: Outcome) -> GameResult {
        outcome.result()
    }
}

impl fmt::Display for GameResult {
    /// `2-0`, `0-2`, `1-1` or `*`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// The text is not a game result. The accepted forms are `2-0`, `0-2`, `1-1` (draughts),
/// `1-0`, `0-1`, `1/2-1/2` (chess) and `*`, with surrounding whitespace allowed.
///
/// ```
/// use turkish_draughts::{GameResult, ParseResultError};
/// assert_eq!("2:0".parse::<GameResult>(), Err(ParseResultError));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[error("not a game result: expected `2-0`, `0-2`, `1-1`, `1-0`, `0-1`, `1/2-1/2` or `*`")]
pub struct ParseResultError;

impl FromStr for GameResult {
    type Err = ParseResultError;

    fn from_str(s: &str) -> Result<GameResult, ParseResultError> {
        match s.trim() {
            "2-0" | "1-0" => Ok(GameResult::WhiteWins),
            "0-2" | "0-1" => Ok(GameResult::BlackWins),
            "1-1" | "1/2-1/2" => Ok(GameResult::Draw),
            "*" => Ok(GameResult::Ongoing),
            _ => Err(ParseResultError),
        }
    }
}
