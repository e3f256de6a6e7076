//! [`Position`]: a validated position with its rule set, and the game's end.

use core::convert::Infallible;
use core::fmt;
use core::ops::ControlFlow;

use crate::movegen::SearchScratch;
use crate::movegen::{self, Resolve, Side};
use crate::setup::{MAX_PIECES, MAX_PIECES_UNLIMITED};
use crate::{Bitboard, Board, Color, FenError, Move, MoveList, Role, RuleSet, Setup, SetupError};

/// A legal position: a [`Board`] whose men stand off rank 1 and rank 8 (each side's back rank
/// and promotion rank), the side to move and
/// the [`RuleSet`] it is played under.
///
/// `Position` is small and `Copy` (three `u64`s and two bytes), so engines can copy-make.
///
/// With the `serde` feature a position is written as `{"fen": "W:Wa2,b2:Ba7", "rules":
/// "default"}` and checked when read exactly as [`from_fen`](Position::from_fen) checks
/// (a [`Setup`] is written as its fields, with each [`Bitboard`] a list of square names such
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
/// It prints the move and why: `illegal move d3-d4: no piece of the side to move stands on
/// d3`.
///
/// ```
/// use turkish_draughts::{IllegalMoveReason, Position};
/// let mut pos = Position::start();
/// let m = pos.parse_move("d3-d4")?;
/// pos.try_play(m)?;
/// let before = pos;
/// let err = pos.try_play(m).unwrap_err(); // d3 is empty now
/// assert_eq!(err.reason, IllegalMoveReason::NoPiece);
/// assert_eq!(
///     err.to_string(),
///     "illegal move d3-d4: no piece of the side to move stands on d3"
/// );
/// assert_eq!(pos, before);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[error("illegal move {mv}: {}", reason.text(mv))]
pub struct IllegalMoveError {
    /// The move that was refused.
    pub mv: Move,
    /// Why.
    pub reason: IllegalMoveReason,
}

/// Why a move is not legal in a position (see [`IllegalMoveError`]).
///
/// ```
/// use turkish_draughts::{IllegalMoveReason, Position, RuleSet};
/// let mut pos = Position::from_fen("W:Wd4,a2:Bd5", RuleSet::Default)?;
/// let quiet = Position::from_fen("W:Wd4,a2:B", RuleSet::Default)?.parse_move("a2-a3")?;
/// let err = pos.try_play(quiet).unwrap_err();
/// assert_eq!(err.reason, IllegalMoveReason::CaptureRequired);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum IllegalMoveReason {
    /// No piece of the side to move stands on the move's origin.
    NoPiece,
    /// The move does not capture, but the side to move has a capture and must take it.
    CaptureRequired,
    /// The move is not one of the position's legal moves (a move of another position, or a
    /// capture shorter than the longest).
    NotLegal,
}

impl IllegalMoveReason {
    fn text(self, mv: &Move) -> impl fmt::Display + '_ {
        struct Text<'a>(IllegalMoveReason, &'a Move);
        impl fmt::Display for Text<'_> {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                match self.0 {
                    IllegalMoveReason::NoPiece => {
                        write!(
                            f,
                            "no piece of the side to move stands on {}",
                            self.1.from()
                        )
                    }
                    IllegalMoveReason::CaptureRequired => {
                        f.write_str("capturing is compulsory in this position")
                    }
                    IllegalMoveReason::NotLegal => f.write_str("not a legal move of this position"),
                }
            }
        }
        Text(self, mv)
    }
}

macro_rules! dispatch {
    ($pos:expr, $f:ident :: <$s:ident, $c:ident $(, $g:ty)*> ($($arg:expr),*)) => {{
        let (w, b, k) = $pos.board().raw();
        use $crate::movegen::{Black, White};
        use $crate::{Color, RuleSet};
        match ($pos.turn(), $pos.rules()) {
            (Color::White, RuleSet::Default) => $f::<White, true $(, $g)*>(w, b, k $(, $arg)*),
            (Color::White, RuleSet::Tudaf) => $f::<White, false $(, $g)*>(w, b, k $(, $arg)*),
            (Color::Black, RuleSet::Default) => $f::<Black, true $(, $g)*>(b, w, k $(, $arg)*),
            (Color::Black, RuleSet::Tudaf) => $f::<Black, false $(, $g)*>(b, w, k $(, $arg)*),
        }
    }};
}
pub(crate) use dispatch;

fn legal_moves_of<S: Side, const CROWN: bool>(
    own: u64,
    opp: u64,
    kings: u64,
    out: &mut MoveList,
    scratch: Option<&mut SearchScratch>,
) {
    // Sides without kings (the most common) and sides with kings apart, each case a
    // function of its own reached by a jump: this test keeps no frame.
    if own & kings == 0 {
        men_only_of::<S, CROWN>(own, opp, kings, out, scratch)
    } else {
        kings_of::<S, CROWN>(own, opp, kings, out, scratch)
    }
}

/// The legal moves of a side without kings: the quiet moves' case first, with the least
/// work (no man can jump); the captures out of line.
#[inline(never)]
fn men_only_of<S: Side, const CROWN: bool>(
    own: u64,
    opp: u64,
    kings: u64,
    out: &mut MoveList,
    scratch: Option<&mut SearchScratch>,
) {
    let [f, e, w] = movegen::man_landings::<S>(own, opp, !(own | opp));
    if f | e | w != 0 {
        men_captures_of::<S, CROWN>(own, opp, kings, out, scratch)
    } else {
        // (No king of the side: its pieces are men, whatever the other side's kings.)
        movegen::gen_quiet::<S>(own, opp, 0, Some([0, 0]), out);
    }
}

/// The legal moves of a side with kings: the men's captures out of line, then the kings'.
#[inline(never)]
fn kings_of<S: Side, const CROWN: bool>(
    own: u64,
    opp: u64,
    kings: u64,
    out: &mut MoveList,
    scratch: Option<&mut SearchScratch>,
) {
    let [f, e, w] = movegen::man_landings::<S>(own & !kings, opp, !(own | opp));
    if f | e | w != 0 {
        men_captures_of::<S, CROWN>(own, opp, kings, out, scratch)
    } else {
        kings_no_man_capture_of::<S, CROWN>(own, opp, kings, out, scratch)
    }
}

/// The legal moves of a position where the side has a king and no man can capture.
#[inline(always)]
fn kings_no_man_capture_of<S: Side, const CROWN: bool>(
    own: u64,
    opp: u64,
    kings: u64,
    out: &mut MoveList,
    scratch: Option<&mut SearchScratch>,
) {
    let empty = !(own | opp);
    let k = own & kings;
    let rest = k & (k - 1);
    if rest & rest.wrapping_sub(1) != 0 {
        return many_kings_of::<S, CROWN>(own, opp, kings, out, scratch);
    }
    // One king or two: each king's lines from the tables, once for the capture test and its
    // quiet moves.
    let (first, capture) = movegen::lone_king(k.trailing_zeros(), opp, empty);
    let (second, capture2) = if rest != 0 {
        movegen::lone_king(rest.trailing_zeros(), opp, empty)
    } else {
        (0, false)
    };
    if capture || capture2 {
        movegen::gen_captures::<S, CROWN, MoveList>(own, opp, kings, out, scratch);
    } else {
        movegen::gen_quiet::<S>(own, opp, kings, Some([first, second]), out);
    }
}

/// The legal moves of a position where the side has three kings or more and no man can
/// capture (rarer: out of line, so that one or two kings keep a smaller frame).
#[inline(never)]
fn many_kings_of<S: Side, const CROWN: bool>(
    own: u64,
    opp: u64,
    kings: u64,
    out: &mut MoveList,
    scratch: Option<&mut SearchScratch>,
) {
    if movegen::kings_can_capture(own & kings, opp, !(own | opp)) {
        movegen::gen_captures::<S, CROWN, MoveList>(own, opp, kings, out, scratch);
    } else {
        movegen::gen_quiet::<S>(own, opp, kings, None, out);
    }
}

/// The legal moves of a position where men can capture (see [`movegen::captures`]).
#[inline(never)]
fn men_captures_of<S: Side, const CROWN: bool>(
    own: u64,
    opp: u64,
    kings: u64,
    out: &mut MoveList,
    scratch: Option<&mut SearchScratch>,
) {
    // (The landing squares again: cheaper than handing them over from the caller, which
    // would keep them in memory for every position.)
    let empty = !(own | opp);
    let lands = movegen::man_landings::<S>(own & !kings, opp, empty);
    if movegen::man_going_on::<S, CROWN>(lands, opp, empty) != [0; 3] {
        if !movegen::men_captures::<S, CROWN>(own, opp, kings, lands, out) {
            movegen::gen_captures::<S, CROWN, MoveList>(own, opp, kings, out, scratch);
        }
    } else if own & kings != 0 && movegen::kings_can_capture(own & kings, opp, empty) {
        movegen::gen_captures::<S, CROWN, MoveList>(own, opp, kings, out, scratch);
    } else {
        // (Into the inline storage when the list has it, without looking at the storage for
        // each move: there are at most 3 x 64 single captures, one a landing square and
        // direction, which always fit.)
        if let Some(list) = out.inline_mut() {
            list.clear();
            let _ = movegen::single_captures::<S, Infallible>(lands, kings, |m| {
                list.push(m);
                ControlFlow::Continue(())
            });
        } else {
            out.clear();
            let _ = movegen::single_captures::<S, Infallible>(lands, kings, |m| {
                out.push(m);
                ControlFlow::Continue(())
            });
        }
    }
}

fn resolve_of<S: Side, const CROWN: bool>(own: u64, opp: u64, kings: u64, out: &mut Resolve) {
    movegen::gen_captures::<S, CROWN, Resolve>(own, opp, kings, out, None);
}

fn is_quiet_move_of<S: Side, const CROWN: bool>(own: u64, opp: u64, kings: u64, mv: &Move) -> bool {
    let (from, to) = (1u64 << mv.origin_index(), 1u64 << mv.dest_index());
    let mut found = false;
    movegen::for_each_quiet::<S>(own, opp, kings, |f, t| {
        found |= f == from && t == to && mv.is_crowning() == (f & kings == 0 && t & S::PROMO != 0);
    });
    found
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
            flags: flags(Color::White, rules),
        }
    }

    /// Checks a [`Setup`] and turns it into a position. It refuses, each with its own
    /// [`SetupError`] variant: a square claimed by both sides, a king mark on an empty square,
    /// a man on its promotion rank or on its own back rank (see [`Color::promotion_rank`] and
    /// [`Color::back_rank`]), and more than 16 pieces on a side.
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

    /// All legal moves: the captures of maximum length if there is any capture, the quiet
    /// moves otherwise. Moves with the same result are listed once.
    ///
    /// # Memory
    ///
    /// The list is a [`MoveList`]: up to [`MoveList::CAPACITY`] moves inline (on the
    /// stack here), a longer list on the heap with the `alloc` feature. It is returned by
    /// value, which copies its inline storage (about 12 KB); a loop that lists many
    /// positions should reuse one list with [`legal_moves_into`](Position::legal_moves_into).
    ///
    /// Nearly every position is searched with nothing else. A capture position where
    /// capture paths explode (a king facing many scattered pieces) or with a long list of
    /// captures is searched again with tables, described at [`SearchScratch`]:
    ///
    /// * With `alloc` (the default) they are on the heap, up to
    ///   [`SearchScratch::MAX_HEAP_BYTES`] = 2 572 288 bytes. With `std`, the first such
    ///   position a thread meets allocates them (2 359 296 bytes for the layered king
    ///   search, 196 608 for the memo table, 16 384 for the list index, each when first
    ///   needed) and the thread keeps them until it ends, for the next such position: free
    ///   them with [`release_thread_scratch`](crate::release_thread_scratch), or pass your
    ///   own with [`legal_moves_with`](Position::legal_moves_with). With `alloc` but without
    ///   `std` they are allocated for the call and freed at its end.
    /// * Without `alloc` they are on the stack (212 992 bytes of tables for the length of
    ///   the call); see the stack needs below.
    ///
    /// # Stack use
    ///
    /// With `alloc`, every position that [`from_fen`](Position::from_fen) accepts is searched
    /// in a thread with a 64 KiB stack in release builds (`tests/stack.rs` checks the worst
    /// positions known, with [`perft`](crate::perft) to depth 2); debug builds need several
    /// times that. Without `alloc`, the memo table and the index are on the stack: this
    /// call, [`is_legal`](Position::is_legal), [`parse_move`](Position::parse_move),
    /// [`perft`](crate::perft) and [`divide`](crate::divide) to depth 2 then need a thread
    /// stack of 256 KiB (measured on x86_64 Linux in a release build: the worst positions
    /// known pass with 248 KiB and overflow with 244 KiB; `tests/stack.rs` runs them with
    /// 256 KiB). The main thread's stack (8 MiB on Linux) is far larger.
    ///
    /// # Panics
    ///
    /// Only without the `alloc` feature, and only for a position with more than
    /// [`MoveList::CAPACITY`] distinct legal moves (contrived capture positions; see
    /// [`MoveList`]). With `alloc` (the default) such a list moves to the heap. Without
    /// `alloc`, count such a position's moves with [`perft`](crate::perft) to depth 1 and
    /// check single moves with [`is_legal`](Position::is_legal), which need no list.
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

    /// Like [`legal_moves`](Position::legal_moves), into a list the caller reuses. Memory,
    /// stack use and panics are those of `legal_moves`; a list that moved to the heap keeps
    /// its heap buffer for the next call.
    ///
    /// ```
    /// use turkish_draughts::{MoveList, Position};
    /// let mut list = MoveList::new();
    /// Position::start().legal_moves_into(&mut list);
    /// assert_eq!(list.len(), 8);
    /// ```
    pub fn legal_moves_into(&self, list: &mut MoveList) {
        dispatch!(self, legal_moves_of::<S, C>(list, None));
    }

    /// Like [`legal_moves_into`](Position::legal_moves_into), with the search tables in
    /// `scratch` instead of the thread's: the caller owns that memory (up to
    /// [`SearchScratch::MAX_HEAP_BYTES`] bytes, allocated the first time a position needs
    /// them, kept in `scratch` until it is dropped or [released](SearchScratch::release)).
    /// The moves are the same as those of [`legal_moves`](Position::legal_moves), in the
    /// same order.
    ///
    /// ```
    /// use turkish_draughts::{MoveList, Position, SearchScratch};
    /// let mut scratch = SearchScratch::new();
    /// let mut list = MoveList::new();
    /// Position::start().legal_moves_with(&mut scratch, &mut list);
    /// assert_eq!(list.len(), 8);
    /// ```
    #[cfg(feature = "alloc")]
    pub fn legal_moves_with(&self, scratch: &mut SearchScratch, list: &mut MoveList) {
        dispatch!(self, legal_moves_of::<S, C>(list, Some(scratch)));
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
    /// No move list is built: a quiet move is compared with the quiet moves, a capture is
    /// looked for by a search that keeps only the longest captures' length and whether `mv`
    /// is among them. So this works on positions with more than
    /// [`MoveList::CAPACITY`] moves without `alloc`, and takes the time of one
    /// [`legal_moves`](Position::legal_moves) call at most.
    ///
    /// ```
    /// use turkish_draughts::Position;
    /// let pos = Position::start();
    /// let m = pos.parse_move("a3-a4")?;
    /// assert!(pos.is_legal(m));
    /// # Ok::<(), turkish_draughts::ParseMoveError>(())
    /// ```
    pub fn is_legal(&self, mv: Move) -> bool {
        self.illegal_reason(mv).is_none()
    }

    /// Why `mv` is not legal here, or `None` if it is (see [`check_move`](Self::check_move)).
    fn illegal_reason(&self, mv: Move) -> Option<IllegalMoveReason> {
        self.check_move(mv).err()
    }

    /// This position's own copy of the legal move `mv` (for a capture, with a landing path
    /// the search found here: a move of another position with the same result may show
    /// another path), or why `mv` is not legal. No move list is built: a quiet move is
    /// checked against the quiet moves of its piece, a capture by a search from its origin
    /// that only keeps the longest captures' length and the first move matching `mv`.
    pub(crate) fn check_move(&self, mv: Move) -> Result<Move, IllegalMoveReason> {
        if !self.board.by_color(self.turn()).contains(mv.from()) {
            return Err(IllegalMoveReason::NoPiece);
        }
        // A move of another position with the same result may carry other masks (the
        // kings it captures, whether its piece is a king): the move returned has this
        // position's.
        let own_masks = |mv: Move| mv.rebased(self.black_moves(), self.kings_u64());
        if self.has_capture() {
            if !mv.is_capture() {
                return Err(IllegalMoveReason::CaptureRequired);
            }
            let want = (mv.captured().to_u64(), mv.is_crowning());
            let found = self.resolve(mv.from(), Some(mv.to()), Some(want), None);
            let own = found
                .first
                .filter(|_| found.matches() > 0)
                .ok_or(IllegalMoveReason::NotLegal)?;
            // Keep the path the move was given when it is a path of this position (the
            // search may have found another path of the same move first: the caller played
            // this one, and a game records it).
            if own.same_path(&mv) {
                return Ok(own);
            }
            let traced = self.trace(mv.from(), &mv.path());
            Ok(
                if traced.ok() == Some((mv.to(), mv.captured(), mv.is_crowning())) {
                    own_masks(mv)
                } else {
                    own
                },
            )
        } else if !mv.is_capture() && dispatch!(self, is_quiet_move_of::<S, C>(&mv)) {
            // A quiet move's path is its destination: nothing to choose.
            Ok(own_masks(mv))
        } else {
            Err(IllegalMoveReason::NotLegal)
        }
    }

    /// Whether Black is to move (for building moves, see `Move::deltas`).
    pub(crate) fn black_moves(&self) -> bool {
        self.flags & BLACK_TO_MOVE != 0
    }

    /// The kings of both sides, as a raw set (for building moves, see `Move::deltas`).
    pub(crate) fn kings_u64(&self) -> u64 {
        self.board.kings().to_u64()
    }

    /// The capture search for moves from `from` to `to` (see [`Resolve`]); call it only
    /// when the side to move has a capture.
    pub(crate) fn resolve(
        &self,
        from: crate::Square,
        to: Option<crate::Square>,
        want: Option<(u64, bool)>,
        prefer: Option<(u64, bool)>,
    ) -> Resolve {
        let to = to.map_or(64, |t| u32::from(t.index()));
        let mut out = Resolve::new(u32::from(from.index()), to, want, prefer);
        dispatch!(self, resolve_of::<S, C>(&mut out));
        out
    }

    /// Plays `mv` if it is legal and switches the side to move. An illegal move is refused,
    /// with the reason, and the position is left exactly as it was. The check is
    /// [`is_legal`](Position::is_legal)'s: no move list is built.
    ///
    /// ```
    /// use turkish_draughts::{Color, Position};
    /// let mut pos = Position::start();
    /// let m = pos.parse_move("e3-e4")?;
    /// pos.try_play(m)?;
    /// assert_eq!(pos.turn(), Color::Black);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn try_play(&mut self, mv: Move) -> Result<(), IllegalMoveError> {
        match self.check_move(mv) {
            // (This position's own copy of the move: `mv` may come from another position.)
            Ok(own) => {
                self.play_unchecked(own);
                Ok(())
            }
            Err(reason) => Err(IllegalMoveError { mv, reason }),
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
    /// pos.play(m);
    /// ```
    pub fn play(&mut self, mv: Move) {
        if let Err(e) = self.try_play(mv) {
            panic!("{e}");
        }
    }

    /// Plays `mv` without checking that it is legal, and switches the side to move. This is
    /// the fast path for engines that play moves they just generated from this position:
    /// the move carries what it changes, so playing it is three XORs and a flip of the side
    /// to move. To play a move on a copy (copy-make), [`after_unchecked`](Self::after_unchecked)
    /// is the same thing by value, and compiles to fewer instructions there.
    ///
    /// # Contract
    ///
    /// `mv` must be one of this position's legal moves. If it is not (for example a move of
    /// another position), the resulting position is unspecified: it may break the rules of
    /// the game (a man on a back rank, say) and even the [`Board`] invariants (a square held
    /// by both sides, a king mark on an empty square), and later calls on it may panic or
    /// give meaningless answers; it is never undefined behaviour. A move from outside goes
    /// through [`try_play`](Position::try_play), which checks it.
    ///
    /// ```
    /// use turkish_draughts::Position;
    /// let mut pos = Position::start();
    /// for m in pos.legal_moves() {
    ///     let mut child = pos;
    ///     child.play_unchecked(m);
    ///     assert_eq!(child.board().occupied().count(), 32);
    /// }
    /// ```
    #[inline]
    pub fn play_unchecked(&mut self, mv: Move) {
        *self = self.after_unchecked(mv);
    }

    /// The position after `mv`, which is not checked: [`play_unchecked`](Self::play_unchecked)
    /// by value, under the same contract (`mv` must be one of this position's legal moves).
    /// This is the form for copy-make: `let child = pos.after_unchecked(m)` builds the child
    /// from the parent's values in registers, where `let mut child = *pos;
    /// child.play_unchecked(m)` copies the parent's memory first when the child's address is
    /// taken (a search that hands `&child` on).
    ///
    /// ```
    /// use turkish_draughts::{perft, MoveList, Position};
    /// fn walk(pos: &Position, depth: usize, lists: &mut [MoveList]) -> u64 {
    ///     let Some((list, rest)) = lists.split_first_mut() else { return 1 };
    ///     pos.legal_moves_into(list);
    ///     list.iter().map(|m| walk(&pos.after_unchecked(*m), depth - 1, rest)).sum()
    /// }
    /// let pos = Position::start();
    /// assert_eq!(walk(&pos, 4, &mut vec![MoveList::new(); 4]), perft(&pos, 4));
    /// ```
    #[inline]
    #[must_use]
    pub fn after_unchecked(&self, mv: Move) -> Position {
        // The move carries what it changes as XOR masks of the three sets: no branch on the
        // side to move, no table. The whole position is written at once, every byte of it,
        // so that the child is built from values in registers.
        let (w, b, k) = self.board.raw();
        let [dw, db, dk] = mv.delta();
        Position {
            board: Board::from_raw(w ^ dw, b ^ db, k ^ dk),
            flags: self.flags ^ BLACK_TO_MOVE,
        }
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
