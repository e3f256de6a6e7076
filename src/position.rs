//! [`Position`]: a validated position with its rule set, and the game's end.

use core::fmt;

use crate::movegen::{self, Side};
use crate::setup::{MAX_PIECES, MAX_PIECES_UNLIMITED};
use crate::{Bitboard, Board, Color, FenError, Move, MoveList, Role, RuleSet, Setup, SetupError};

/// A legal position: a [`Board`] whose men stand off the back ranks, the side to move and
/// the [`RuleSet`] it is played under.
///
/// `Position` is small and `Copy` (three `u64`s and two bytes), so engines can copy-make.
///
/// ```
/// use turkish_draughts::{Color, Position};
/// let mut pos = Position::start();
/// let m = pos.parse_move("d3-d4")?;
/// pos.try_play(&m)?;
/// assert_eq!(pos.turn(), Color::Black);
/// assert_eq!(pos.legal_moves().len(), 8);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Position {
    board: Board,
    turn: Color,
    rules: RuleSet,
}

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

/// The move is not legal in the position it was played in. The position is unchanged.
///
/// ```
/// use turkish_draughts::Position;
/// let mut pos = Position::start();
/// let m = pos.parse_move("d3-d4")?;
/// pos.try_play(&m)?;
/// let before = pos;
/// assert!(pos.try_play(&m).is_err()); // d3 is empty now
/// assert_eq!(pos, before);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[error("illegal move {mv:?} in this position")]
pub struct IllegalMoveError {
    /// The move that was refused.
    pub mv: Move,
}

macro_rules! dispatch {
    ($pos:expr, $f:ident :: <$s:ident, $c:ident> ($($arg:expr),*)) => {{
        let (w, b, k) = $pos.board().raw();
        use $crate::movegen::{Black, White};
        use $crate::{Color, RuleSet};
        match ($pos.turn(), $pos.rules()) {
            (Color::White, RuleSet::Default) => $f::<White, true>(w, b, k $(, $arg)*),
            (Color::White, RuleSet::Tudaf) => $f::<White, false>(w, b, k $(, $arg)*),
            (Color::Black, RuleSet::Default) => $f::<Black, true>(b, w, k $(, $arg)*),
            (Color::Black, RuleSet::Tudaf) => $f::<Black, false>(b, w, k $(, $arg)*),
        }
    }};
}
pub(crate) use dispatch;

fn legal_moves_of<S: Side, const CROWN: bool>(own: u64, opp: u64, kings: u64, out: &mut MoveList) {
    if movegen::has_capture::<S>(own, opp, kings) {
        movegen::gen_captures::<S, CROWN, MoveList>(own, opp, kings, out);
    } else {
        out.clear();
        movegen::gen_quiet::<S>(own, opp, kings, out);
    }
}

fn has_capture_of<S: Side, const CROWN: bool>(own: u64, opp: u64, kings: u64) -> bool {
    movegen::has_capture::<S>(own, opp, kings)
}

fn has_move_of<S: Side, const CROWN: bool>(own: u64, opp: u64, kings: u64) -> bool {
    // A capture is a move; otherwise count the quiet moves.
    movegen::has_capture::<S>(own, opp, kings)
        || movegen::count_without_search::<S, CROWN>(own, opp, kings).is_some_and(|n| n > 0)
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
            turn: Color::White,
            rules,
        }
    }

    /// Checks a [`Setup`] and turns it into a position. It refuses, each with its own
    /// [`SetupError`] variant: a square claimed by both sides, a king mark on an empty square,
    /// a man on either back rank, and more than 16 pieces on a side.
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
            turn: setup.turn,
            rules,
        })
    }

    /// Like [`from_setup`](Position::from_setup), but for composed problems and stress
    /// positions that no game reaches: a side may have up to 32 pieces, and a man may stand
    /// on its own back rank (where it moves as any man). A man on the far rank, where it
    /// would be a king, is still refused.
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
            turn: setup.turn,
            rules,
        })
    }

    /// Parses a PDN FEN (see [`Setup`]'s `FromStr`) and checks it as
    /// [`from_setup`](Position::from_setup) does.
    ///
    /// ```
    /// use turkish_draughts::{FenError, Position, RuleSet};
    /// let pos = Position::from_fen("W:Wa2,b2,Kd4:Ba7,Kh8", RuleSet::Default)?;
    /// assert_eq!(pos.fen().to_string(), "W:Wa2,b2,Kd4:Ba7,Kh8");
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
        self.turn
    }

    /// The rule set the position is played under.
    ///
    /// ```
    /// use turkish_draughts::{Position, RuleSet};
    /// assert_eq!(Position::new(RuleSet::Tudaf).rules(), RuleSet::Tudaf);
    /// ```
    pub const fn rules(&self) -> RuleSet {
        self.rules
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
        Position { rules, ..self }
    }

    /// The position as an unvalidated [`Setup`].
    ///
    /// ```
    /// use turkish_draughts::{Position, Setup};
    /// assert_eq!(Position::start().setup(), Setup::start());
    /// ```
    pub const fn setup(&self) -> Setup {
        Setup {
            white: self.board.white(),
            black: self.board.black(),
            kings: self.board.kings(),
            turn: self.turn,
        }
    }

    /// The PDN FEN of the position, squares sorted `a1` to `h8` (the rule set is not part of
    /// FEN).
    ///
    /// ```
    /// use turkish_draughts::{Position, RuleSet};
    /// let pos = Position::from_fen("B:BKh8,a7:Wb2,a2", RuleSet::Default)?;
    /// assert_eq!(pos.fen().to_string(), "B:Wa2,b2:Ba7,Kh8");
    /// # Ok::<(), turkish_draughts::FenError>(())
    /// ```
    pub const fn fen(&self) -> Setup {
        self.setup()
    }

    /// The colour-mirrored twin: the board flipped top to bottom with the colours swapped
    /// and the other side to move. It has the same perft counts.
    ///
    /// ```
    /// use turkish_draughts::{Color, Position, RuleSet};
    /// let pos = Position::from_fen("W:Wd3:Bd6", RuleSet::Default)?;
    /// assert_eq!(pos.mirrored().fen().to_string(), "B:Wd3:Bd6");
    /// # Ok::<(), turkish_draughts::FenError>(())
    /// ```
    #[must_use]
    pub const fn mirrored(&self) -> Position {
        Position {
            board: self.board.mirrored(),
            turn: match self.turn {
                Color::White => Color::Black,
                Color::Black => Color::White,
            },
            rules: self.rules,
        }
    }

    /// All legal moves: the captures of maximum length if there is any capture, the quiet
    /// moves otherwise. Moves with the same result are listed once. Nothing is allocated on
    /// the heap unless the list outgrows [`MoveList::CAPACITY`].
    ///
    /// # Stack use
    ///
    /// Positions where capture paths explode (a king facing many scattered pieces) are
    /// searched with a table of explored states that lives on the stack, about 200 KB, for
    /// the length of the call.
    ///
    /// # Panics
    ///
    /// Only without the `alloc` feature, and only for a position with more than
    /// [`MoveList::CAPACITY`] distinct legal moves (contrived capture positions; see
    /// [`MoveList`]). With `alloc` (the default) such a list moves to the heap.
    ///
    /// ```
    /// use turkish_draughts::{Position, RuleSet};
    /// let pos = Position::from_fen("W:Wc4,d4:Bc5,Kd6,e4,b4", RuleSet::Default)?;
    /// let moves = pos.legal_moves();
    /// assert_eq!(moves.len(), 1);
    /// assert_eq!(moves[0].to_string(), "c4xc6xe6");
    /// # Ok::<(), turkish_draughts::FenError>(())
    /// ```
    pub fn legal_moves(&self) -> MoveList {
        let mut list = MoveList::new();
        self.legal_moves_into(&mut list);
        list
    }

    /// Like [`legal_moves`](Position::legal_moves), into a list the caller reuses.
    ///
    /// ```
    /// use turkish_draughts::{MoveList, Position};
    /// let mut list = MoveList::new();
    /// Position::start().legal_moves_into(&mut list);
    /// assert_eq!(list.len(), 8);
    /// ```
    pub fn legal_moves_into(&self, list: &mut MoveList) {
        dispatch!(self, legal_moves_of::<S, C>(list));
    }

    /// Whether the side to move has a capture (and so must capture).
    ///
    /// ```
    /// use turkish_draughts::{Position, RuleSet};
    /// assert!(!Position::start().has_capture());
    /// assert!(Position::from_fen("W:Wd4:Bd5", RuleSet::Default)?.has_capture());
    /// # Ok::<(), turkish_draughts::FenError>(())
    /// ```
    pub fn has_capture(&self) -> bool {
        dispatch!(self, has_capture_of::<S, C>())
    }

    /// Whether the side to move has any legal move. Cheaper than generating the moves.
    ///
    /// ```
    /// use turkish_draughts::{Position, RuleSet};
    /// assert!(Position::start().has_legal_move());
    /// assert!(!Position::from_fen("W:Wa7:BKa8,b7,c7", RuleSet::Default)?.has_legal_move());
    /// # Ok::<(), turkish_draughts::FenError>(())
    /// ```
    pub fn has_legal_move(&self) -> bool {
        dispatch!(self, has_move_of::<S, C>())
    }

    /// Whether `mv` is one of the legal moves (compared by result).
    ///
    /// ```
    /// use turkish_draughts::Position;
    /// let pos = Position::start();
    /// let m = pos.parse_move("a3-a4")?;
    /// assert!(pos.is_legal(&m));
    /// # Ok::<(), turkish_draughts::ParseMoveError>(())
    /// ```
    pub fn is_legal(&self, mv: &Move) -> bool {
        // Filled in place: `legal_moves()` returns the list by value, which copies its whole
        // stack buffer (about 12 KB) on every call.
        let mut list = MoveList::new();
        self.legal_moves_into(&mut list);
        list.contains(mv)
    }

    /// Plays `mv` if it is legal and switches the side to move. An illegal move is refused
    /// and the position is left exactly as it was.
    ///
    /// ```
    /// use turkish_draughts::{Color, Position};
    /// let mut pos = Position::start();
    /// let m = pos.parse_move("e3-e4")?;
    /// pos.try_play(&m)?;
    /// assert_eq!(pos.turn(), Color::Black);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn try_play(&mut self, mv: &Move) -> Result<(), IllegalMoveError> {
        if self.is_legal(mv) {
            self.play_unchecked(mv);
            Ok(())
        } else {
            Err(IllegalMoveError { mv: *mv })
        }
    }

    /// Plays `mv` and switches the side to move.
    ///
    /// # Panics
    ///
    /// If `mv` is not legal in this position. Use [`try_play`](Position::try_play) for moves
    /// that come from outside.
    ///
    /// ```
    /// use turkish_draughts::Position;
    /// let mut pos = Position::start();
    /// let m = pos.legal_moves()[0];
    /// pos.play(&m);
    /// ```
    pub fn play(&mut self, mv: &Move) {
        if let Err(e) = self.try_play(mv) {
            panic!("{e}");
        }
    }

    /// Plays `mv` without checking that it is legal, and switches the side to move. This is
    /// the fast path for engines that play moves they just generated from this position.
    ///
    /// # Contract
    ///
    /// `mv` must be one of this position's legal moves. If it is not (for example a move of
    /// another position), the resulting position is unspecified and may break the rules of
    /// the game (a man on a back rank, say), and later calls may panic; it is never undefined
    /// behaviour, and the [`Board`] invariants (the sides disjoint, kings a subset of the
    /// pieces) still hold.
    ///
    /// ```
    /// use turkish_draughts::Position;
    /// let mut pos = Position::start();
    /// for m in pos.legal_moves() {
    ///     let mut child = pos;
    ///     child.play_unchecked(&m);
    ///     assert_eq!(child.board().occupied().count(), 32);
    /// }
    /// ```
    pub fn play_unchecked(&mut self, mv: &Move) {
        let (w, b, k) = self.board.raw();
        let (own, opp) = match self.turn {
            Color::White => (w, b),
            Color::Black => (b, w),
        };
        let (own, opp, kings) = apply(
            own,
            opp,
            k,
            mv.from.index(),
            mv.to.index(),
            mv.captured.to_u64(),
            mv.crowned,
        );
        self.board = match self.turn {
            Color::White => Board::from_raw(own, opp, kings),
            Color::Black => Board::from_raw(opp, own, kings),
        };
        self.turn = !self.turn;
    }

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
                winner: !self.turn,
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
        let tudaf = self.rules == RuleSet::Tudaf;
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

/// Applies a move to raw sets seen from the mover, returning `(own, opp, kings)`. Masks keep
/// the board invariants even for a move that does not belong to the position.
#[inline(always)]
pub(crate) fn apply(
    own: u64,
    opp: u64,
    kings: u64,
    from: u8,
    to: u8,
    captured: u64,
    crowned: bool,
) -> (u64, u64, u64) {
    let (f, t) = (1u64 << from, 1u64 << to);
    let king_after = kings & f != 0 || crowned;
    let own2 = (own & !f) | t;
    let opp2 = opp & !(captured | t);
    let kings2 = (kings & !(f | captured | t)) | if king_after { t } else { 0 };
    (own2, opp2, kings2 & (own2 | opp2))
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
        write!(f, "\n{} to move ({} rules)", self.turn, self.rules)
    }
}

impl fmt::Debug for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Position({} {})", self.fen(), self.rules)
    }
}

impl Default for Position {
    fn default() -> Position {
        Position::start()
    }
}
