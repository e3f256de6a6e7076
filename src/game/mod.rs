//! [`Game`]: a whole game with its history (issue 8).

use alloc::vec::Vec;
use core::fmt;

use crate::{
    DrawReason, FenError, GameResult, IllegalMoveError, Move, Outcome, ParseMoveError, Position,
    RuleSet,
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

/// What the game knows about each of its positions.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Ply {
    /// Zobrist key of the position.
    key: u64,
    /// Index of the first position that can equal this one: the position after the last
    /// irreversible move (a capture or a man moving forward), or 0.
    window: u32,
    /// Index of the position after the last capture or man move, or 0.
    progress: u32,
    /// How many times this position has occurred so far, this one included.
    reps: u32,
}

/// A game: a first position, the moves played from it and the positions they lead to, with
/// the draws that only the history decides (threefold repetition and an optional
/// no-progress limit).
///
/// Every move is checked before it is played, and a game that has ended refuses further
/// moves. [`undo`](Game::undo) takes moves back exactly. A repetition check costs
/// O(plies since the last capture or forward man move), and each position's Zobrist key is
/// kept up to date move by move.
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
#[derive(Clone, PartialEq, Eq)]
pub struct Game {
    positions: Vec<Position>,
    moves: Vec<Move>,
    plies: Vec<Ply>,
    no_progress_limit: Option<u32>,
}

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
        let mut positions = Vec::with_capacity(64);
        positions.push(pos);
        let mut plies = Vec::with_capacity(64);
        plies.push(Ply {
            key: pos.zobrist(),
            window: 0,
            progress: 0,
            reps: 1,
        });
        Game {
            positions,
            moves: Vec::with_capacity(64),
            plies,
            no_progress_limit: None,
        }
    }

    /// A game from a PDN FEN, checked as [`Position::from_fen`] does.
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
        self.positions[0].rules()
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
        // There is always at least the first position.
        &self.positions[self.positions.len() - 1]
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
        &self.positions[0]
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
        &self.positions
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

    fn last(&self) -> &Ply {
        &self.plies[self.plies.len() - 1]
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

    /// The Zobrist key of the current position, equal to `position().zobrist()` but kept up
    /// to date move by move.
    ///
    /// ```
    /// use turkish_draughts::{Game, RuleSet};
    /// let mut game = Game::new(RuleSet::Default);
    /// game.try_play_text("d3-d4")?;
    /// assert_eq!(game.zobrist(), game.position().zobrist());
    /// # Ok::<(), turkish_draughts::PlayError>(())
    /// ```
    pub fn zobrist(&self) -> u64 {
        self.last().key
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
                if let Some(outcome) = pos.outcome_knowing(true) {
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
    /// federation's captured-square notation) against the current position and plays the
    /// move it names, which it returns. Refused, with the game unchanged, if the game is over
    /// or the text names no legal move.
    ///
    /// ```
    /// use turkish_draughts::{Game, PlayError, RuleSet};
    /// let mut game = Game::from_fen("W:Wc4,d4:Bc5,Kd6,e4,b4", RuleSet::Default)?;
    /// let mv = game.try_play_text("c4xc6xe6")?;
    /// assert_eq!(mv.captured().count(), 2);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn try_play_text(&mut self, text: &str) -> Result<Move, PlayError> {
        if let Some(outcome) = self.outcome() {
            return Err(PlayError::GameOver { outcome });
        }
        let pos = *self.position();
        let mv = pos.parse_any_move(text)?;
        self.push(pos, mv);
        Ok(mv)
    }

    /// Plays `mv`, which the caller took from the legal moves of the current position (the
    /// PDN reader resolves move text against them), without generating the moves again.
    /// Refused, with how the game ended, only if the game is over.
    pub(crate) fn play_resolved(&mut self, mv: Move) -> Result<(), Outcome> {
        let pos = *self.position();
        // `mv` is legal here, so the side to move has a move.
        if let Some(outcome) = pos.outcome_knowing(true).or_else(|| self.history_outcome()) {
            return Err(outcome);
        }
        self.push(pos, mv);
        Ok(())
    }

    /// Appends a legal move `mv` of `pos` (the current position) with its bookkeeping.
    #[inline]
    fn push(&mut self, pos: Position, mv: Move) {
        let last = *self.last();
        let mut next = pos;
        next.play_unchecked(mv);
        let key = last.key ^ pos.zobrist_delta(mv);
        let n = self.positions.len();
        let index = n as u32;
        let man = !pos.board().kings().contains(mv.from());
        let progress = if man || mv.is_capture() {
            index
        } else {
            last.progress
        };
        // Men never move back and pieces never come back, so after a capture or a forward
        // man move no earlier position can occur again. Sideways man moves can be undone.
        let irreversible = mv.is_capture() || (man && mv.from().rank() != mv.to().rank());
        let window = if irreversible { index } else { last.window };
        // The last earlier occurrence, if any, counts the ones before it.
        let mut reps = 1;
        let mut i = n;
        while i >= window as usize + 2 {
            i -= 2;
            if self.plies[i].key == key && self.positions[i] == next {
                reps = self.plies[i].reps + 1;
                break;
            }
        }
        self.positions.push(next);
        self.moves.push(mv);
        self.plies.push(Ply {
            key,
            window,
            progress,
            reps,
        });
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
        self.positions.pop();
        self.plies.pop();
        Some(mv)
    }
}

impl Default for Game {
    /// A game from the start position under [`RuleSet::Default`].
    fn default() -> Game {
        Game::new(RuleSet::Default)
    }
}

impl fmt::Debug for Game {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Game({} {}", self.start().setup(), self.rules())?;
        for mv in &self.moves {
            write!(f, " {mv}")?;
        }
        f.write_str(")")
    }
}
