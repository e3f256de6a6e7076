//! [`Position`]: a validated position with its rule set.
//!
//! This file holds the type, its constructors and their validation. The rest of
//! `impl Position` is in this folder, a file a concern: `generate` (how the legal moves
//! are generated, the one decision that move lists, `for_each_legal_move` and perft
//! share), `play` (checking and playing moves), `outcome` (how a game ends), `move_code`
//! ([`MoveCode`](crate::MoveCode)) and `zobrist` (Zobrist keys).

use core::fmt;

use crate::setup::{MAX_PIECES, MAX_PIECES_UNLIMITED};
use crate::{Board, Color, FenError, RuleSet, Setup, SetupError};

pub(crate) mod generate;
pub(crate) mod move_code;
mod outcome;
mod path;
mod play;
pub(crate) mod zobrist;

pub(crate) use generate::dispatch;
pub use outcome::{DrawReason, Outcome, WinReason};
pub use play::{IllegalMoveError, IllegalMoveReason};

/// A legal position: a [`Board`] whose men stand off rank 1 and rank 8 (each side's back rank
/// and promotion rank), the side to move and
/// the [`RuleSet`] it is played under.
///
/// `Position` is small and `Copy` (three `u64`s and two bytes), so engines can copy-make.
///
/// With the `serde` feature a position is written as `{"fen": "W:Wa2,b2:Ba7", "rules":
/// "default"}` and checked when read exactly as [`from_fen`](Position::from_fen) checks
/// (a [`Setup`] is written as its fields, with each [`Bitboard`](crate::Bitboard) a list of square names such
/// as `["a2","b2"]`, never a number that JSON clients could round).
///
/// ```
/// use turkish_draughts::{Color, Position};
/// let mut pos = Position::start();
/// let m = pos.parse_move("d3-d4")?;
/// pos.try_play(m)?;
/// assert_eq!(pos.turn(), Color::Black);
/// assert_eq!(pos.legal_moves().len(), 8);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Position {
    board: Board,
    /// The side to move ([`BLACK_TO_MOVE`]) and the rule set ([`TUDAF`]) in one word, so
    /// that the position has no padding: [`play_unchecked`](Position::play_unchecked) writes
    /// every byte of it, and a copy made just before needs no copy of memory.
    flags: u64,
}

/// The bit of [`Position::flags`] set when Black is to move.
const BLACK_TO_MOVE: u64 = 1;
/// The bit of [`Position::flags`] set under [`RuleSet::Tudaf`].
const TUDAF: u64 = 2;

/// The [`Position::flags`] word of a side to move and a rule set.
const fn flags(turn: Color, rules: RuleSet) -> u64 {
    (match turn {
        Color::White => 0,
        Color::Black => BLACK_TO_MOVE,
    }) | match rules {
        RuleSet::Default => 0,
        RuleSet::Tudaf => TUDAF,
    }
}

impl Position {
    /// The start position under [`RuleSet::Default`], White to move.
    ///
    /// ```
    /// use turkish_draughts::{Color, Position, RuleSet};
    /// let pos = Position::start();
    /// assert_eq!(pos.turn(), Color::White);
    /// assert_eq!(pos.rules(), RuleSet::Default);
    /// ```
    pub const fn start() -> Position {
        Position::new(RuleSet::Default)
    }

    /// The start position under the given rule set.
    ///
    /// ```
    /// use turkish_draughts::{Position, RuleSet};
    /// assert_eq!(Position::new(RuleSet::Tudaf).rules(), RuleSet::Tudaf);
    /// ```
    pub const fn new(rules: RuleSet) -> Position {
        Position {
            board: Board::start(),
            flags: flags(Color::White, rules),
        }
    }

    /// Checks a [`Setup`] and turns it into a position. It refuses, each with its own
    /// [`SetupError`] variant: a square claimed by both sides, a king mark on an empty square,
    /// a man on its promotion rank or on its own back rank (see [`Color::promotion_rank`] and
    /// [`Color::back_rank`]), and more than 16 pieces on a side.
    ///
    /// # Errors
    ///
    /// The [`SetupError`] of the first check the setup fails, as listed above.
    ///
    /// ```
    /// use turkish_draughts::{Color, Position, RuleSet, Setup, SetupError};
    /// let mut setup = Setup::start();
    /// assert!(Position::from_setup(&setup, RuleSet::Default).is_ok());
    /// setup.black = setup.black | setup.white;
    /// assert!(matches!(
    ///     Position::from_setup(&setup, RuleSet::Default),
    ///     Err(SetupError::SquareClaimedTwice { .. })
    /// ));
    /// ```
    pub fn from_setup(setup: &Setup, rules: RuleSet) -> Result<Position, SetupError> {
        let board = setup.validate(MAX_PIECES, true)?;
        Ok(Position {
            board,
            flags: flags(setup.turn, rules),
        })
    }

    /// Like [`from_setup`](Position::from_setup), but for composed problems and stress
    /// positions that no game reaches: a side may have up to 32 pieces, and a man may stand
    /// on its own back rank (where it moves as any man). A man on its promotion rank, where it
    /// would be a king, is still refused.
    ///
    /// # Cost
    ///
    /// Only the strict limit of 16 pieces a side keeps move generation cheap: the slowest
    /// positions found by search with at most 16 pieces a side take milliseconds for one
    /// [`legal_moves`](Position::legal_moves) call (see `tests/data/worst-case-found.md`),
    /// but with up to 32 a side a king facing many scattered pieces can take seconds. One
    /// composed position, two kings against 32 pieces
    /// (`W:WKf3,Kg7:BKb1,Ke1,Kg1,Kb2,d2,f2,g2,Kh2,a3,c3,e3,Kg3,d4,Ke4,Kf4,Kg4,Kh4,Kb5,Ke5,Kg5,b6,e6,Kg6,a7,Kc7,Kd7,Ke7,Kf7,h7,b8,e8,g8`),
    /// took about 17 s for one `legal_moves` call in a release build, and
    /// [`parse_move`](Position::parse_move), [`is_legal`](Position::is_legal) and
    /// [`perft`](crate::perft) on it take as long. Use this constructor only for positions
    /// you trust, never for positions that come from users: deserialization and
    /// [`from_fen`](Position::from_fen) use the strict check.
    ///
    /// # Errors
    ///
    /// The [`SetupError`] of the first check the setup fails: a square claimed by both sides, a
    /// king mark on an empty square, or a man on its promotion rank.
    ///
    /// ```
    /// use turkish_draughts::{Position, RuleSet};
    /// // A black man on g8, Black's own back rank (an example of the rules).
    /// let setup = "W:WKc3,c4:Bg8".parse()?;
    /// let pos = Position::from_setup_relaxed(&setup, RuleSet::Default)?;
    /// assert!(Position::from_setup(&setup, RuleSet::Default).is_err());
    /// assert_eq!(pos.legal_moves().len(), 12);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn from_setup_relaxed(setup: &Setup, rules: RuleSet) -> Result<Position, SetupError> {
        let board = setup.validate(MAX_PIECES_UNLIMITED, false)?;
        Ok(Position {
            board,
            flags: flags(setup.turn, rules),
        })
    }

    /// Parses a PDN FEN (see [`Setup`]'s `FromStr`) and checks it as
    /// [`from_setup`](Position::from_setup) does.
    ///
    /// # Errors
    ///
    /// A [`FenError`] when the text is not a FEN (with where and why), or when the position it
    /// describes fails a check of [`from_setup`](Position::from_setup).
    ///
    /// ```
    /// use turkish_draughts::{FenError, Position, RuleSet};
    /// let pos = Position::from_fen("W:Wa2,b2,Kd4:Ba7,Kh8", RuleSet::Default)?;
    /// assert_eq!(pos.setup().to_string(), "W:Wa2,b2,Kd4:Ba7,Kh8");
    /// assert!(matches!(
    ///     Position::from_fen("W:Wa2:Bz9", RuleSet::Default),
    ///     Err(FenError::BadSquare { at: 7 })
    /// ));
    /// # Ok::<(), FenError>(())
    /// ```
    pub fn from_fen(fen: &str, rules: RuleSet) -> Result<Position, FenError> {
        let setup: Setup = fen.parse()?;
        Ok(Position::from_setup(&setup, rules)?)
    }

    /// The position as a PDN FEN, the text [`from_fen`](Position::from_fen) reads back:
    /// the side to move, then each side's pieces, kings marked `K`, squares sorted `a1` to
    /// `h8`. The rule set is not part of FEN. The same text as `self.setup().to_string()`.
    ///
    /// ```
    /// use turkish_draughts::{Position, RuleSet};
    /// let pos = Position::from_fen("B:BKh8,a7:Wb2,a2", RuleSet::Tudaf)?;
    /// assert_eq!(pos.to_fen(), "B:Wa2,b2:Ba7,Kh8");
    /// assert_eq!(Position::from_fen(&pos.to_fen(), RuleSet::Tudaf)?, pos);
    /// # Ok::<(), turkish_draughts::FenError>(())
    /// ```
    #[cfg(feature = "alloc")]
    pub fn to_fen(&self) -> alloc::string::String {
        use alloc::string::ToString;
        self.setup().to_string()
    }

    /// The pieces.
    ///
    /// ```
    /// use turkish_draughts::Position;
    /// assert_eq!(Position::start().board().occupied().count(), 32);
    /// ```
    pub const fn board(&self) -> &Board {
        &self.board
    }

    /// The side to move.
    ///
    /// ```
    /// use turkish_draughts::{Color, Position};
    /// assert_eq!(Position::start().turn(), Color::White);
    /// ```
    pub const fn turn(&self) -> Color {
        if self.flags & BLACK_TO_MOVE == 0 {
            Color::White
        } else {
            Color::Black
        }
    }

    /// The rule set the position is played under.
    ///
    /// ```
    /// use turkish_draughts::{Position, RuleSet};
    /// assert_eq!(Position::new(RuleSet::Tudaf).rules(), RuleSet::Tudaf);
    /// ```
    pub const fn rules(&self) -> RuleSet {
        if self.flags & TUDAF == 0 {
            RuleSet::Default
        } else {
            RuleSet::Tudaf
        }
    }

    /// The same position under another rule set.
    ///
    /// ```
    /// use turkish_draughts::{Position, RuleSet};
    /// let pos = Position::start().with_rules(RuleSet::Tudaf);
    /// assert_eq!(pos.rules(), RuleSet::Tudaf);
    /// ```
    #[must_use]
    pub const fn with_rules(self, rules: RuleSet) -> Position {
        Position {
            flags: flags(self.turn(), rules),
            ..self
        }
    }

    /// The position as an unvalidated [`Setup`]. Its `Display` is the PDN FEN of the
    /// position, squares sorted `a1` to `h8` (the rule set is not part of FEN).
    ///
    /// ```
    /// use turkish_draughts::{Position, RuleSet, Setup};
    /// assert_eq!(Position::start().setup(), Setup::start());
    /// let pos = Position::from_fen("B:BKh8,a7:Wb2,a2", RuleSet::Default)?;
    /// assert_eq!(pos.setup().to_string(), "B:Wa2,b2:Ba7,Kh8");
    /// # Ok::<(), turkish_draughts::FenError>(())
    /// ```
    pub const fn setup(&self) -> Setup {
        Setup {
            white: self.board.white(),
            black: self.board.black(),
            kings: self.board.kings(),
            turn: self.turn(),
        }
    }

    /// The colour-mirrored twin: the board flipped top to bottom with the colours swapped
    /// and the other side to move. It has the same perft counts.
    ///
    /// ```
    /// use turkish_draughts::{Color, Position, RuleSet};
    /// let pos = Position::from_fen("W:Wd3:Bd6", RuleSet::Default)?;
    /// assert_eq!(pos.mirrored().setup().to_string(), "B:Wd3:Bd6");
    /// # Ok::<(), turkish_draughts::FenError>(())
    /// ```
    #[must_use]
    pub const fn mirrored(&self) -> Position {
        Position {
            board: self.board.mirrored(),
            flags: self.flags ^ BLACK_TO_MOVE,
        }
    }
}

impl fmt::Display for Position {
    /// Draws the board (rank 8 on top), then the side to move and the rule set.
    ///
    /// ```
    /// use turkish_draughts::Position;
    /// let text = Position::start().to_string();
    /// assert!(text.starts_with("8  . . . . . . . ."));
    /// assert!(text.ends_with("white to move (default rules)"));
    /// ```
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.board.draw(f)?;
        write!(f, "\n{} to move ({} rules)", self.turn(), self.rules())
    }
}

impl fmt::Debug for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Position({} {})", self.setup(), self.rules())
    }
}

impl Default for Position {
    fn default() -> Position {
        Position::start()
    }
}
