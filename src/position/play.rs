//! Checking and playing moves: [`Position::try_play`] and its [`IllegalMoveError`], the
//! unchecked copy-make of engines, and the capture search that finds a move by its result.

use core::fmt;

use super::BLACK_TO_MOVE;
use super::generate::dispatch;
use crate::movegen::{self, Resolve, Side};
use crate::moves::Effect;
use crate::{Board, Move, Position};

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
#[non_exhaustive]
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
#[non_exhaustive]
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

impl Position {
    /// Whether `mv` is one of the legal moves (compared by result).
    ///
    /// No move list is built: a quiet move is compared with the quiet moves, a capture is
    /// looked for by a search that keeps only the longest captures' length and whether `mv`
    /// is among them. So this works on positions with more than
    /// [`MoveList::CAPACITY`](crate::MoveList::CAPACITY) moves without `alloc`, and takes the
    /// time of one [`legal_moves`](Position::legal_moves) call at most.
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
            let found = self.resolve(mv.from(), Some(mv.to()), Some(mv.effect()), None);
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
            let Some(path) = mv.path() else {
                // (Only a capture that holds no path, as `own`.)
                return Ok(own);
            };
            let traced = self.trace(mv.from(), &path);
            Ok(if traced.ok() == Some(mv.effect()) {
                own_masks(mv)
            } else {
                own
            })
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
        want: Option<Effect>,
        prefer: Option<Effect>,
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
    /// # Errors
    ///
    /// An [`IllegalMoveError`], with the reason, when the move is not legal here; the position is
    /// then unchanged.
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
}
