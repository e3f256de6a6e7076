//! [`Game`]: a whole game with its history.

mod repetition;

use alloc::boxed::Box;
use alloc::string::String;
use alloc::vec::Vec;
use core::fmt;

use repetition::{FIRST, KeyTable, Ply};

/// The positions a game makes room for at its first move (the first one and 31 after it;
/// the 32 positions take 1 KB, which glibc's `malloc` serves from its per-thread cache).
const FIRST_ROOM: usize = 32;

use crate::{
    DrawReason, FenError, GameResult, IllegalMoveError, Move, MoveList, Outcome, ParseMoveError,
    Position, RuleSet,
};

/// Why [`Game::try_play`] or [`Game::try_play_text`] refused a move. The game is unchanged.
///
/// ```
/// use turkish_draughts::{Game, PlayError, RuleSet};
/// let mut game = Game::new(RuleSet::Default);
/// assert!(matches!(game.try_play_text("d3-d5"), Err(PlayError::Parse(_))));
/// assert_eq!(game.ply(), 0);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum PlayError {
    /// The game has already ended; no move can be played.
    #[error("the game is over ({outcome}): no more moves can be played")]
    GameOver {
        /// How it ended.
        outcome: Outcome,
    },
    /// The move is not legal in the current position.
    #[error(transparent)]
    Illegal(#[from] IllegalMoveError),
    /// The move text names no legal move of the current position.
    #[error(transparent)]
    Parse(#[from] ParseMoveError),
}

/// A game: a first position, the moves played from it and the positions they lead to, with
/// the draws that only the history decides (threefold repetition and an optional
/// no-progress limit).
///
/// Every move is checked before it is played, and a game that has ended refuses further
/// moves. [`undo`](Game::undo) takes moves back exactly, in constant time. Repetitions are
/// counted in constant time a ply (amortised), however long the game: a position is compared
/// with the few positions since the last capture or forward man move, and once those are
/// more than 32 plies, the game keeps the positions' Zobrist keys in a table from keys to the
/// plies that had them.
///
/// # Memory
///
/// A new game keeps its first position in the `Game` value itself and allocates nothing, so
/// many games without moves (a data set of positions) cost no heap. A ply takes 76 bytes:
/// the position (32), the move (32) and 12 bytes of bookkeeping. The first move makes room
/// for 32 positions (31 moves), about 2.4 KB, and the room doubles when it runs out;
/// [`shrink_to_fit`](Game::shrink_to_fit) gives back what is not used (games read from PDN
/// come so: a one-move game then holds 120 bytes of heap, its two positions, its move and
/// their bookkeeping). A game whose repetition window has passed 32 plies (a long run
/// without a capture or a forward man move) takes up to 40 bytes a ply more from there on,
/// for its key table.
///
/// ```
/// use turkish_draughts::{DrawReason, Game, Outcome, RuleSet};
/// let mut game = Game::from_fen("W:WKa1:BKh8,h7", RuleSet::Default)?;
/// for text in ["a1-b1", "h8-g8", "b1-a1", "g8-h8"].repeat(2) {
///     game.try_play_text(text)?;
/// }
/// assert_eq!(game.repetitions(), 3);
/// assert_eq!(game.outcome(), Some(Outcome::Draw { reason: DrawReason::Repetition }));
/// assert!(game.try_play_text("a1-b1").is_err());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone)]
pub struct Game {
    /// The positions from the first one on, or nothing while no move has been played: a new
    /// game keeps its first position in `start` alone and allocates nothing.
    positions: Vec<Position>,
    moves: Vec<Move>,
    /// One record a position, as `positions`: nothing, or the first one on.
    plies: Vec<Ply>,
    /// The first position.
    start: Position,
    /// The keys of the positions and the latest ply of each key, once a repetition window
    /// has been long.
    table: Option<Box<KeyTable>>,
    no_progress_limit: Option<u32>,
}

/// Two games are equal when they have the same positions (and so the same rule set), moves
/// and no-progress limit (and so the same counts); whether and how they keep a key table
/// does not count. That is all a game holds: PDN ([`Game::to_pdn`], read back with
/// [`pdn::read_str`](crate::pdn::read_str)), JSON (the `serde` feature) and `Debug` carry
/// the same, so a game read back equals the one written. A game's tags and annotations are
/// a [`PdnGame`](crate::pdn::PdnGame)'s, not the game's.
impl PartialEq for Game {
    fn eq(&self, other: &Game) -> bool {
        self.positions() == other.positions()
            && self.moves == other.moves
            && self.no_progress_limit == other.no_progress_limit
    }
}

impl Eq for Game {}

impl Game {
    /// A game from the start position under `rules`.
    ///
    /// ```
    /// use turkish_draughts::{Game, Position, RuleSet};
    /// let game = Game::new(RuleSet::Tudaf);
    /// assert_eq!(*game.position(), Position::new(RuleSet::Tudaf));
    /// ```
    pub fn new(rules: RuleSet) -> Game {
        Game::from_position(Position::new(rules))
    }

    /// A game from `pos`, under the position's rule set.
    ///
    /// ```
    /// use turkish_draughts::{Game, Position, RuleSet};
    /// let pos = Position::from_fen("B:Wd4:Bd6", RuleSet::Tudaf)?;
    /// let game = Game::from_position(pos);
    /// assert_eq!(game.start(), &pos);
    /// assert_eq!(game.rules(), RuleSet::Tudaf);
    /// # Ok::<(), turkish_draughts::FenError>(())
    /// ```
    pub fn from_position(pos: Position) -> Game {
        Game {
            positions: Vec::new(),
            moves: Vec::new(),
            plies: Vec::new(),
            start: pos,
            table: None,
            no_progress_limit: None,
        }
    }

    /// A game from a PDN FEN, checked as [`Position::from_fen`] does.
    ///
    /// # Errors
    ///
    /// A [`FenError`] when the text is not a FEN, or describes a position that
    /// [`Position::from_fen`] refuses.
    ///
    /// ```
    /// use turkish_draughts::{Color, Game, RuleSet};
    /// let game = Game::from_fen("B:Wa4,b4:Ba5,b5", RuleSet::Default)?;
    /// assert_eq!(game.position().turn(), Color::Black);
    /// assert!(Game::from_fen("W:Wa1:Bz9", RuleSet::Default).is_err());
    /// # Ok::<(), turkish_draughts::FenError>(())
    /// ```
    pub fn from_fen(fen: &str, rules: RuleSet) -> Result<Game, FenError> {
        Ok(Game::from_position(Position::from_fen(fen, rules)?))
    }

    /// Sets the no-progress limit: with `Some(n)`, the game is drawn
    /// ([`DrawReason::NoProgress`]) once `n` plies in a row have passed without a capture or
    /// a man move. `None`, the default, turns the rule off. The rules of the game leave this
    /// limit to the arbiter, so it is the caller's choice. `Some(0)` ends the game at once.
    ///
    /// ```
    /// use turkish_draughts::{DrawReason, Game, Outcome, RuleSet};
    /// let mut game = Game::from_fen("W:WKa1,a2:BKh8,h7", RuleSet::Default)?
    ///     .with_no_progress_limit(Some(2));
    /// game.try_play_text("a1-b1")?;
    /// assert_eq!(game.outcome(), None);
    /// game.try_play_text("h8-g8")?;
    /// assert_eq!(game.outcome(), Some(Outcome::Draw { reason: DrawReason::NoProgress }));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn with_no_progress_limit(mut self, plies: Option<u32>) -> Game {
        self.no_progress_limit = plies;
        self
    }

    /// The no-progress limit in plies, or `None` when the rule is off (the default).
    ///
    /// ```
    /// use turkish_draughts::{Game, RuleSet};
    /// let game = Game::new(RuleSet::Default);
    /// assert_eq!(game.no_progress_limit(), None);
    /// assert_eq!(game.with_no_progress_limit(Some(50)).no_progress_limit(), Some(50));
    /// ```
    pub fn no_progress_limit(&self) -> Option<u32> {
        self.no_progress_limit
    }

    /// The rule set the game is played under.
    ///
    /// ```
    /// use turkish_draughts::{Game, RuleSet};
    /// assert_eq!(Game::new(RuleSet::Tudaf).rules(), RuleSet::Tudaf);
    /// ```
    pub fn rules(&self) -> RuleSet {
        self.start.rules()
    }

    /// The current position.
    ///
    /// ```
    /// use turkish_draughts::{Color, Game, RuleSet};
    /// let mut game = Game::new(RuleSet::Default);
    /// game.try_play_text("d3-d4")?;
    /// assert_eq!(game.position().turn(), Color::Black);
    /// # Ok::<(), turkish_draughts::PlayError>(())
    /// ```
    pub fn position(&self) -> &Position {
        self.positions.last().unwrap_or(&self.start)
    }

    /// The moves [`try_play`](Game::try_play) accepts now: the current position's legal
    /// moves while the game goes on, and none once it has ended (the position's
    /// [`outcome`](Position::outcome) or a draw by the history: repetition, no progress).
    ///
    /// ```
    /// use turkish_draughts::{Game, RuleSet};
    /// let mut game = Game::new(RuleSet::Default);
    /// assert_eq!(game.legal_moves().len(), 8);
    /// let mv = game.legal_moves()[0];
    /// game.try_play(mv)?;
    ///
    /// // A lone king against a lone man: won under the default rules, although the man
    /// // could still move.
    /// let game = Game::from_fen("B:WKd4:Bd6", RuleSet::Default)?;
    /// assert!(game.outcome().is_some());
    /// assert!(game.legal_moves().is_empty());
    /// assert!(!game.position().legal_moves().is_empty());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn legal_moves(&self) -> MoveList {
        if self.outcome().is_some() {
            return MoveList::new();
        }
        self.position().legal_moves()
    }

    /// The current position as a PDN FEN ([`Position::to_fen`]); [`from_fen`](Game::from_fen)
    /// reads it back (as a new game from that position, without the history).
    ///
    /// ```
    /// use turkish_draughts::{Game, RuleSet};
    /// let mut game = Game::new(RuleSet::Default);
    /// game.try_play_text("d3-d4")?;
    /// assert_eq!(game.to_fen(), "B:Wa2,b2,c2,d2,e2,f2,g2,h2,a3,b3,c3,e3,f3,g3,h3,d4:\
    ///                            Ba6,b6,c6,d6,e6,f6,g6,h6,a7,b7,c7,d7,e7,f7,g7,h7");
    /// let again = Game::from_fen(&game.to_fen(), game.rules())?;
    /// assert_eq!(again.position(), game.position());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn to_fen(&self) -> String {
        self.position().to_fen()
    }

    /// The first position of the game.
    ///
    /// ```
    /// use turkish_draughts::{Game, Position, RuleSet};
    /// let mut game = Game::new(RuleSet::Default);
    /// game.try_play_text("d3-d4")?;
    /// assert_eq!(*game.start(), Position::start());
    /// # Ok::<(), turkish_draughts::PlayError>(())
    /// ```
    pub fn start(&self) -> &Position {
        &self.start
    }

    /// The moves played, in order.
    ///
    /// ```
    /// use turkish_draughts::{Game, RuleSet};
    /// let mut game = Game::new(RuleSet::Default);
    /// game.try_play_text("d3-d4")?;
    /// game.try_play_text("e6-e5")?;
    /// let text: Vec<String> = game.moves().iter().map(|m| m.to_string()).collect();
    /// assert_eq!(text, ["d3-d4", "e6-e5"]);
    /// # Ok::<(), turkish_draughts::PlayError>(())
    /// ```
    pub fn moves(&self) -> &[Move] {
        &self.moves
    }

    /// The positions of the game: the first, then the one after each move, so there is one
    /// more position than moves and the last is [`position`](Game::position).
    ///
    /// ```
    /// use turkish_draughts::{Game, RuleSet};
    /// let mut game = Game::new(RuleSet::Default);
    /// game.try_play_text("d3-d4")?;
    /// assert_eq!(game.positions().len(), 2);
    /// assert_eq!(game.positions()[1], *game.position());
    /// # Ok::<(), turkish_draughts::PlayError>(())
    /// ```
    pub fn positions(&self) -> &[Position] {
        if self.positions.is_empty() {
            core::slice::from_ref(&self.start)
        } else {
            &self.positions
        }
    }

    /// The number of moves played (half-moves, one per side).
    ///
    /// ```
    /// use turkish_draughts::{Game, RuleSet};
    /// let mut game = Game::new(RuleSet::Default);
    /// assert_eq!(game.ply(), 0);
    /// game.try_play_text("d3-d4")?;
    /// assert_eq!(game.ply(), 1);
    /// # Ok::<(), turkish_draughts::PlayError>(())
    /// ```
    pub fn ply(&self) -> usize {
        self.moves.len()
    }

    /// The record of the current position.
    fn last(&self) -> Ply {
        *self.plies.last().unwrap_or(&FIRST)
    }

    /// The plies played since the last capture or man move (any man move, sideways too), or
    /// since the first position if there was none. The no-progress limit compares against it.
    ///
    /// ```
    /// use turkish_draughts::{Game, RuleSet};
    /// let mut game = Game::from_fen("W:WKa1,a2:BKh8,h7", RuleSet::Default)?;
    /// game.try_play_text("a1-b1")?;
    /// game.try_play_text("h8-g8")?;
    /// assert_eq!(game.plies_since_progress(), 2);
    /// game.try_play_text("a2-a3")?; // a man move
    /// assert_eq!(game.plies_since_progress(), 0);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn plies_since_progress(&self) -> u32 {
        self.ply() as u32 - self.last().progress
    }

    /// How many times the current position (the same pieces, the same side to move) has
    /// occurred in the game, counting the current one: 1 for a new position, 3 for a
    /// threefold repetition.
    ///
    /// ```
    /// use turkish_draughts::{Game, RuleSet};
    /// let mut game = Game::from_fen("W:WKa1:BKh8,h7", RuleSet::Default)?;
    /// assert_eq!(game.repetitions(), 1);
    /// for text in ["a1-b1", "h8-g8", "b1-a1", "g8-h8"] {
    ///     game.try_play_text(text)?;
    /// }
    /// assert_eq!(game.repetitions(), 2);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn repetitions(&self) -> u32 {
        self.last().reps
    }

    /// The Zobrist key of the current position, equal to `position().zobrist()`. A game
    /// works keys out only where its repetition count needs them (a window longer than 32
    /// plies); otherwise this computes the key from the pieces, one table look-up each, as
    /// [`Position::zobrist`] does. To follow keys move by move, see
    /// [`Position::zobrist_delta`].
    ///
    /// ```
    /// use turkish_draughts::{Game, RuleSet};
    /// let mut game = Game::new(RuleSet::Default);
    /// game.try_play_text("d3-d4")?;
    /// assert_eq!(game.zobrist(), game.position().zobrist());
    /// # Ok::<(), turkish_draughts::PlayError>(())
    /// ```
    pub fn zobrist(&self) -> u64 {
        match &self.table {
            Some(table) => table.last_key(),
            None => self.position().zobrist(),
        }
    }

    /// The draws that only the history decides, in order: repetition, then no progress.
    fn history_outcome(&self) -> Option<Outcome> {
        let last = self.last();
        if last.reps >= 3 {
            return Some(Outcome::Draw {
                reason: DrawReason::Repetition,
            });
        }
        match self.no_progress_limit {
            Some(n) if self.plies_since_progress() >= n => Some(Outcome::Draw {
                reason: DrawReason::NoProgress,
            }),
            _ => None,
        }
    }

    /// How the game has ended, or `None` if it goes on. The position decides first
    /// ([`Position::outcome`]); then a threefold repetition
    /// ([`DrawReason::Repetition`]); then the no-progress limit, if set
    /// ([`DrawReason::NoProgress`]).
    ///
    /// ```
    /// use turkish_draughts::{Color, Game, Outcome, RuleSet, WinReason};
    /// let mut game = Game::from_fen("W:Wd4:Bd5,Kh8", RuleSet::Default)?;
    /// assert_eq!(game.outcome(), None);
    /// game.try_play_text("d4xd6")?; // a lone man against a lone king
    /// let win = Outcome::Win { winner: Color::Black, reason: WinReason::KingAgainstLoneMan };
    /// assert_eq!(game.outcome(), Some(win));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn outcome(&self) -> Option<Outcome> {
        self.position().outcome().or_else(|| self.history_outcome())
    }

    /// Whether the game has ended: [`outcome`](Game::outcome) is `Some` (the Python
    /// package's `Board.is_game_over()`).
    ///
    /// ```
    /// use turkish_draughts::{Game, RuleSet};
    /// let mut game = Game::from_fen("W:Wd4:Bd5,Kh8", RuleSet::Default)?;
    /// assert!(!game.is_game_over());
    /// game.try_play_text("d4xd6")?; // a lone man against a lone king
    /// assert!(game.is_game_over());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn is_game_over(&self) -> bool {
        self.outcome().is_some()
    }

    /// The result of the game so far: [`GameResult::Ongoing`] while it goes on.
    ///
    /// ```
    /// use turkish_draughts::{Game, GameResult, RuleSet};
    /// assert_eq!(Game::new(RuleSet::Default).result(), GameResult::Ongoing);
    /// let game = Game::from_fen("W:WKd4:Bd6", RuleSet::Default)?;
    /// assert_eq!(game.result(), GameResult::WhiteWins);
    /// # Ok::<(), turkish_draughts::FenError>(())
    /// ```
    pub fn result(&self) -> GameResult {
        GameResult::from_outcome(self.outcome())
    }

    /// Plays `mv` if the game goes on and the move is legal; otherwise returns why not and
    /// leaves the game unchanged. The check is [`Position::is_legal`]'s: no move list is built.
    ///
    /// # Errors
    ///
    /// [`PlayError::GameOver`] when the game has ended, and [`PlayError::Illegal`], with the
    /// reason, when the move is not legal in the current position; the game is then unchanged.
    ///
    /// ```
    /// use turkish_draughts::{Game, PlayError, RuleSet};
    /// let mut game = Game::new(RuleSet::Default);
    /// let mv = game.position().legal_moves()[0];
    /// game.try_play(mv)?;
    /// assert!(matches!(game.try_play(mv), Err(PlayError::Illegal(_))));
    /// assert_eq!(game.ply(), 1);
    /// # Ok::<(), PlayError>(())
    /// ```
    pub fn try_play(&mut self, mv: Move) -> Result<(), PlayError> {
        if let Some(outcome) = self.history_outcome() {
            return Err(PlayError::GameOver { outcome });
        }
        let pos = *self.position();
        match pos.check_move(mv) {
            // The position's own copy is stored: its landing path is legal here.
            Ok(m) => {
                // The side to move has a legal move, so only the one-piece-each endings can
                // have ended the game.
                if let Some(outcome) = one_piece_each_outcome(&pos) {
                    return Err(PlayError::GameOver { outcome });
                }
                self.push(pos, m);
                Ok(())
            }
            Err(reason) => match pos.outcome() {
                Some(outcome) => Err(PlayError::GameOver { outcome }),
                None => Err(PlayError::Illegal(IllegalMoveError { mv, reason })),
            },
        }
    }

    /// Plays `mv`.
    ///
    /// # Panics
    ///
    /// If [`try_play`](Game::try_play) refuses it (the game is over or the move is illegal),
    /// with that error's message.
    ///
    /// ```
    /// use turkish_draughts::{Game, RuleSet};
    /// let mut game = Game::new(RuleSet::Default);
    /// let mv = game.position().legal_moves()[0];
    /// game.play(mv);
    /// assert_eq!(game.moves(), [mv]);
    /// ```
    pub fn play(&mut self, mv: Move) {
        if let Err(e) = self.try_play(mv) {
            panic!("{e}");
        }
    }

    /// Reads `text` with [`Position::parse_any_move`] (landing notation, its short form or the
    /// federation's captured-square notation, read as [`MoveText`](crate::MoveText) reads
    /// it: `D3-D4` and `d4:d6:f6` too) against the current position and plays the move it
    /// names, which it returns. Refused, with the game unchanged, if the game is over
    /// or the text names no legal move.
    ///
    /// # Errors
    ///
    /// [`PlayError::GameOver`] when the game has ended, and [`PlayError::Parse`] when the text
    /// is not move text or names no legal move of the current position, or several (the
    /// [`ParseMoveError`] says which); the game is then unchanged.
    ///
    /// ```
    /// use turkish_draughts::{Game, PlayError, RuleSet};
    /// let mut game = Game::from_fen("W:Wc4,d4:Bc5,Kd6,e4,b4", RuleSet::Default)?;
    /// let mv = game.try_play_text("c4xc6xe6")?;
    /// assert_eq!(mv.captured().count(), 2);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn try_play_text(&mut self, text: &str) -> Result<Move, PlayError> {
        let (mut list, mut scratch) = (MoveList::new(), MoveList::new());
        self.try_play_text_with(text, &mut list, &mut scratch)
    }

    /// [`try_play_text`](Game::try_play_text) with the legal moves generated into lists the
    /// caller reuses (serde does for every ply): the same answer as
    /// [`Position::parse_any_move`] and the game's end give, without copying a move list.
    pub(crate) fn try_play_text_with(
        &mut self,
        text: &str,
        list: &mut MoveList,
        scratch: &mut MoveList,
    ) -> Result<Move, PlayError> {
        let pos = *self.position();
        let mv = match pos.parse_any_move_with(text, list, scratch) {
            Ok(mv) => mv,
            // No legal move fits: refused as over if the game is over, as try_play_text does.
            Err(e) => {
                return Err(match self.outcome() {
                    Some(outcome) => PlayError::GameOver { outcome },
                    None => PlayError::Parse(e),
                });
            }
        };
        self.play_resolved(mv)
            .map_err(|outcome| PlayError::GameOver { outcome })?;
        Ok(mv)
    }

    /// Plays `mv`, which the caller took from the legal moves of the current position (the
    /// PDN reader resolves move text against them), without generating the moves again.
    /// Refused, with how the game ended, only if the game is over.
    pub(crate) fn play_resolved(&mut self, mv: Move) -> Result<(), Outcome> {
        let pos = *self.position();
        // `mv` is legal here, so the side to move has a move.
        if let Some(outcome) = one_piece_each_outcome(&pos).or_else(|| self.history_outcome()) {
            return Err(outcome);
        }
        self.push(pos, mv);
        Ok(())
    }

    /// Appends a legal move `mv` of `pos` (the current position) with its bookkeeping.
    #[inline(always)]
    fn push(&mut self, pos: Position, mv: Move) {
        let last = self.last();
        let mut next = pos;
        next.play_unchecked(mv);
        let index = self.moves.len() as u32 + 1;
        let (ply, linked) = repetition::next_ply(
            self.table.as_deref(),
            &self.positions,
            &self.plies,
            last,
            index,
            pos,
            next,
            mv,
        );
        // Room in all three lists: then the pushes need no check of their own.
        if self.positions.len() < self.positions.capacity()
            && self.moves.len() < self.moves.capacity()
            && self.plies.len() < self.plies.capacity()
        {
            self.positions.push(next);
            self.moves.push(mv);
            self.plies.push(ply);
        } else {
            self.grow_and_push(next, mv, ply);
        }
        repetition::link(
            &mut self.table,
            linked,
            ply.window,
            &self.positions,
            &self.moves,
        );
    }

    /// [`push`](Game::push)'s end when a list is full: makes room in the three lists at once
    /// and appends. At the first move the lists get room for [`FIRST_ROOM`] positions (and
    /// hold the first position from then on); later their room doubles.
    #[cold]
    #[inline(never)]
    fn grow_and_push(&mut self, next: Position, mv: Move, ply: Ply) {
        if self.positions.is_empty() {
            self.positions.reserve_exact(FIRST_ROOM);
            self.moves.reserve_exact(FIRST_ROOM - 1);
            self.plies.reserve_exact(FIRST_ROOM);
            self.positions.push(self.start);
            self.plies.push(FIRST);
        } else {
            let more = self.positions.len();
            self.positions.reserve_exact(more);
            self.moves.reserve_exact(more);
            self.plies.reserve_exact(more);
        }
        self.positions.push(next);
        self.moves.push(mv);
        self.plies.push(ply);
    }

    /// Drops the room kept for moves to come, so that the game holds what its plies need
    /// (see the section Memory of [`Game`]); playing on makes room again. The PDN reader
    /// does this for every game it gives.
    ///
    /// The plies are moved into allocations of their size, and the room they leave is given
    /// back whole: the allocator can use it again for other games' first moves, which
    /// shrinking in place (leaving pieces of it too small for them) would not allow.
    ///
    /// ```
    /// use turkish_draughts::{Game, RuleSet};
    /// let mut game = Game::new(RuleSet::Default);
    /// game.try_play_text("d3-d4")?;
    /// let before = game.clone();
    /// game.shrink_to_fit();
    /// assert_eq!(game, before);
    /// game.try_play_text("f6-f5")?;
    /// assert_eq!(game.ply(), 2);
    /// # Ok::<(), turkish_draughts::PlayError>(())
    /// ```
    pub fn shrink_to_fit(&mut self) {
        fn fit<T: Copy>(list: &mut Vec<T>) {
            if list.capacity() > list.len() {
                *list = list.as_slice().to_vec();
            }
        }
        fit(&mut self.positions);
        fit(&mut self.moves);
        fit(&mut self.plies);
    }

    /// Takes back the last move and returns it, or returns `None` at the first position.
    /// Everything (position, counters, repetitions, key) is as it was before the move.
    ///
    /// ```
    /// use turkish_draughts::{Game, RuleSet};
    /// let mut game = Game::new(RuleSet::Default);
    /// let before = game.clone();
    /// let mv = game.try_play_text("d3-d4")?;
    /// assert_eq!(game.undo(), Some(mv));
    /// assert_eq!(game, before);
    /// assert_eq!(game.undo(), None);
    /// # Ok::<(), turkish_draughts::PlayError>(())
    /// ```
    pub fn undo(&mut self) -> Option<Move> {
        let mv = self.moves.pop()?;
        if self.table.is_some() {
            self.take_back_table();
        }
        self.positions.pop();
        self.plies.pop();
        Some(mv)
    }

    /// [`undo`](Game::undo)'s part when there is a key table: takes the last ply out of it, or
    /// drops the table if that ply was its first.
    #[cold]
    #[inline(never)]
    fn take_back_table(&mut self) {
        let index = self.moves.len() as u32 + 1;
        if let Some(table) = &mut self.table {
            if index == table.from() {
                self.table = None;
            } else {
                table.take_back();
            }
        }
    }
}

/// How `pos`, where the side to move has a legal move, has ended: only with one piece each
/// can it have ([`Position::outcome`]). A quick look at the piece counts first, since almost
/// every position has more.
#[inline]
fn one_piece_each_outcome(pos: &Position) -> Option<Outcome> {
    let (white, black, _) = pos.board().raw();
    if white & white.wrapping_sub(1) != 0 || black & black.wrapping_sub(1) != 0 {
        return None;
    }
    pos.outcome_knowing(true)
}

impl Default for Game {
    /// A game from the start position under [`RuleSet::Default`].
    fn default() -> Game {
        Game::new(RuleSet::Default)
    }
}

/// The start, the rule set, the moves and, when set, the no-progress limit: everything
/// `==` compares.
///
/// ```
/// use turkish_draughts::{Game, RuleSet};
/// let mut game = Game::new(RuleSet::Default).with_no_progress_limit(Some(60));
/// game.try_play_text("d3-d4")?;
/// assert!(format!("{game:?}").ends_with(" default d3-d4 no-progress-limit 60)"));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
impl fmt::Debug for Game {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Game({} {}", self.start().setup(), self.rules())?;
        for (mv, pos) in self.moves.iter().zip(self.positions()) {
            write!(f, " {}", pos.display_move(mv))?;
        }
        if let Some(plies) = self.no_progress_limit {
            write!(f, " no-progress-limit {plies}")?;
        }
        f.write_str(")")
    }
}

#[cfg(all(test, feature = "std"))]
mod tests {
    use super::*;

    fn xorshift(state: &mut u64) -> u64 {
        *state ^= *state << 13;
        *state ^= *state >> 7;
        *state ^= *state << 17;
        *state
    }

    /// Men shuffling sideways on four ranks, far from each other: every move is reversible,
    /// so the repetition window is the whole game. Moves that would repeat a position a
    /// third time are skipped.
    fn shuffle(plies: usize, seed: u64) -> Game {
        let fen = "W:Wa2,c2,e2,g2,b3,d3,f3,h3:Ba7,c7,e7,g7,b6,d6,f6,h6";
        let mut game = Game::from_fen(fen, RuleSet::Default).unwrap();
        let mut rng = seed | 1;
        while game.ply() < plies {
            let mut moves: Vec<Move> = game
                .position()
                .legal_moves()
                .into_iter()
                .filter(|m| m.from().rank() == m.to().rank())
                .collect();
            let start = (xorshift(&mut rng) % moves.len() as u64) as usize;
            moves.rotate_left(start);
            let played = moves.into_iter().any(|m| {
                game.play(m);
                if game.repetitions() < 3 {
                    return true;
                }
                game.undo();
                false
            });
            assert!(played, "stuck at ply {}", game.ply());
        }
        game
    }

    /// Recounts every position's occurrences in the window by brute force.
    fn naive_reps(game: &Game, i: usize) -> u32 {
        let window = game.plies.get(i).unwrap_or(&FIRST).window as usize;
        let positions = game.positions();
        (window..=i)
            .filter(|&j| positions[j] == positions[i])
            .count() as u32
    }

    #[test]
    fn repetition_checks_cost_constant_time_a_ply() {
        repetition::PROBES.with(|p| p.set(0));
        let small = shuffle(2_000, 7);
        let small_probes = repetition::PROBES.with(|p| p.replace(0));
        let big = shuffle(20_000, 7);
        let big_probes = repetition::PROBES.with(|p| p.replace(0));
        // A position compared is one earlier occurrence found (a repetition); with the old
        // walk back over the window the count grew with the square of the game's length.
        assert!(small_probes <= 2 * 2_000, "{small_probes}");
        assert!(big_probes <= 2 * 20_000, "{big_probes}");
        // The games do repeat positions, so the table is exercised.
        assert!(big.plies.iter().any(|p| p.reps == 2));
        for i in (0..big.positions.len()).step_by(97) {
            assert_eq!(big.plies[i].reps, naive_reps(&big, i), "ply {i}");
        }
        for i in 0..small.positions.len() {
            assert_eq!(small.plies[i].reps, naive_reps(&small, i), "ply {i}");
        }
        // The table holds 40 bytes a ply at most: 4-byte slots, at most half full, doubling
        // (16); a key and a link in 12 bytes, doubling (24).
        let table = big.table.as_ref().expect("a long window has a table");
        assert!(
            table.heap_bytes() <= 40 * big.plies.len(),
            "{}",
            table.heap_bytes()
        );
    }

    #[test]
    fn undo_restores_the_table() {
        let game = shuffle(3_000, 11);
        let mut back = game.clone();
        while back.ply() > 1_000 {
            back.undo();
        }
        let mut replay = Game::from_position(*game.start());
        for &m in &game.moves()[..1_000] {
            replay.play(m);
        }
        assert_eq!(back, replay);
        // Playing on from the undone game counts as from the replayed one.
        for &m in &game.moves()[1_000..] {
            back.play(m);
            replay.play(m);
            assert_eq!(back.repetitions(), replay.repetitions());
        }
        assert_eq!(back.plies, game.plies);
        assert_eq!(back.zobrist(), game.zobrist());
        assert_eq!(back.zobrist(), back.position().zobrist());
    }

    /// Moves and take-backs at random, many of them across the point where the table was
    /// built (and so emptied and built again): the counts are a recount's.
    #[test]
    fn plays_and_undos_agree_with_a_recount() {
        let fen = "W:Wa2,c2,e2,g2,b3,d3,f3,h3:Ba7,c7,e7,g7,b6,d6,f6,h6";
        let mut rng = 99;
        let mut game = Game::from_fen(fen, RuleSet::Default).unwrap();
        let (mut built, mut emptied) = (0, 0);
        for step in 0..6_000 {
            let r = xorshift(&mut rng);
            let was_built = game.table.is_some();
            if step % 300 == 299 {
                while game.undo().is_some() {}
            } else if game.ply() == 0 {
                // A forward move first: a table built later starts after it, and taking
                // that move back empties the table.
                let moves = game.position().legal_moves();
                let forward = moves.iter().find(|m| m.from().rank() != m.to().rank());
                game.play(*forward.unwrap());
            } else if r % 13 == 0 || game.outcome().is_some() {
                for _ in 0..(r >> 8) % 20 {
                    game.undo();
                }
            } else {
                let moves = game.position().legal_moves();
                // Mostly sideways moves, now and then a forward one (a new window).
                let sideways: Vec<Move> = moves
                    .iter()
                    .copied()
                    .filter(|m| m.from().rank() == m.to().rank())
                    .collect();
                let pick = if sideways.is_empty() || r % 61 == 0 {
                    moves[(r >> 8) as usize % moves.len()]
                } else {
                    sideways[(r >> 8) as usize % sideways.len()]
                };
                game.play(pick);
            }
            built += usize::from(game.table.is_some());
            emptied += usize::from(was_built && game.table.is_none());
            assert_eq!(
                game.repetitions(),
                naive_reps(&game, game.ply()),
                "step {step}"
            );
            // The table's key, where there is one, is the position's.
            assert_eq!(game.zobrist(), game.position().zobrist(), "step {step}");
        }
        assert!(built > 1_000 && emptied >= 10, "{built} {emptied}");
    }

    fn heap_bytes(game: &Game) -> usize {
        use core::mem::size_of;
        game.positions.capacity() * size_of::<Position>()
            + game.moves.capacity() * size_of::<Move>()
            + game.plies.capacity() * size_of::<Ply>()
            + game.table.as_ref().map_or(0, |t| t.heap_bytes())
    }

    /// The figures of `Game`'s documentation (section "Memory"), the one place they are
    /// given: what a ply takes, the first move's room, a one-move game once shrunk.
    #[test]
    fn memory_as_documented() {
        use core::mem::size_of;
        let mut game = Game::new(RuleSet::Default);
        assert_eq!(heap_bytes(&game), 0);
        assert_eq!(game.positions().len(), 1);
        let per_ply = size_of::<Position>() + size_of::<Move>() + size_of::<Ply>();
        assert_eq!(
            (size_of::<Position>(), size_of::<Move>(), size_of::<Ply>()),
            (32, 32, 12)
        );
        assert_eq!(per_ply, 76);
        game.try_play_text("d3-d4").unwrap();
        let first = heap_bytes(&game);
        assert_eq!(first, FIRST_ROOM * per_ply - size_of::<Move>());
        assert_eq!((first + 50) / 100, 24, "about 2.4 KB: {first}");
        let mut one = game.clone();
        one.shrink_to_fit();
        assert_eq!(heap_bytes(&one), 120);
        assert_eq!(heap_bytes(&one), 2 * per_ply - size_of::<Move>());
        // Room for 31 moves, then twice as much.
        while game.ply() + 1 < FIRST_ROOM {
            let mv = game.position().legal_moves()[0];
            game.play(mv);
            assert_eq!(heap_bytes(&game), first);
        }
        let mv = game.position().legal_moves()[0];
        game.play(mv);
        assert_eq!(game.moves.capacity(), 2 * FIRST_ROOM - 1);
        assert_eq!(game.positions.capacity(), game.moves.capacity() + 1);
        assert_eq!(game.plies.capacity(), game.moves.capacity() + 1);
    }

    /// A clone holds its lists without spare room; it plays on and takes back as the game.
    #[test]
    fn a_clone_plays_on() {
        let game = shuffle(100, 3);
        let mut copy = game.clone();
        assert_eq!(copy, game);
        assert_eq!(copy.positions.capacity(), copy.positions.len());
        let mut replay = Game::from_position(*game.start());
        for &m in game.moves() {
            replay.play(m);
        }
        let moves = copy.position().legal_moves();
        for &m in moves.iter().filter(|m| m.from().rank() == m.to().rank()) {
            copy.play(m);
            replay.play(m);
            assert_eq!(copy.repetitions(), replay.repetitions());
            assert_eq!(copy.zobrist(), replay.zobrist());
            copy.undo();
            replay.undo();
        }
        while copy.undo().is_some() {}
        assert_eq!(copy, Game::from_position(*game.start()));
        assert_eq!(copy.zobrist(), game.start().zobrist());
    }
}
