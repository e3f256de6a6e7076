//! A small game-playing engine: negamax alpha-beta with a transposition table keyed by
//! Zobrist keys, iterative deepening to a depth or until the caller says stop, forced
//! captures searched past the horizon, and an evaluation of material, advancement and
//! mobility. It gives programs and pages an opponent at five [`Level`]s, the best line and
//! score for an analysis board ([`Engine::search`]), judgements of a game's moves for a
//! review ([`review`]), and plays the `play` example's moves.
//!
//! The search never reads a clock itself: a time limit or a cancel is a `should_stop`
//! callback ([`Engine::search`], [`Engine::best_move_until`]), asked every 1 024 positions,
//! so the engine runs where `std::time` does not (WebAssembly in a browser). An endgame
//! oracle ([`Engine::set_oracle`]), such as a tablebase, can score positions it knows
//! exactly.
//!
//! ```
//! use turkish_draughts::engine::Engine;
//! use turkish_draughts::Position;
//! let pos = Position::start();
//! let mut engine = Engine::new(12);
//! let report = engine.best_move(&pos, &[], 3).unwrap();
//! assert!(pos.is_legal(report.mv));
//! assert_eq!(report.depth, 3);
//! ```

mod level;
pub mod review;
mod search;

use alloc::boxed::Box;
use alloc::format;
use alloc::string::String;
use alloc::vec::Vec;

use crate::{Move, Position};

pub use level::{Level, LevelSettings, ParseLevelError};
pub use search::Engine;

/// A score larger than any evaluation: a won position scores `WIN - ply`.
///
/// ```
/// use turkish_draughts::engine::{score_text, WIN};
/// assert_eq!(score_text(WIN - 3), "wins in 3 plies");
/// ```
pub const WIN: i32 = 1_000_000;

/// Scores above this are wins found by the search (or told by the oracle).
pub(crate) const WIN_BOUND: i32 = WIN - 1_000;

/// Whether `score` is a forced win or loss rather than an evaluation: within 1 000 plies
/// of [`WIN`] or `-WIN`.
///
/// ```
/// use turkish_draughts::engine::{is_decisive, WIN};
/// assert!(is_decisive(WIN - 7));
/// assert!(is_decisive(-(WIN - 2)));
/// assert!(!is_decisive(350));
/// ```
pub const fn is_decisive(score: i32) -> bool {
    score > WIN_BOUND || score < -WIN_BOUND
}

/// A score in words, for the side it belongs to: `+1.35 men` (hundredths of a man: a man is
/// worth 1.00, a king 3.20, and advancement and mobility add small amounts), or `wins in N
/// plies` / `loses in N plies` when the search has found a forced end of the game.
///
/// ```
/// use turkish_draughts::engine::{score_text, WIN};
/// assert_eq!(score_text(135), "+1.35 men");
/// assert_eq!(score_text(-(WIN - 1)), "loses in 1 ply");
/// ```
pub fn score_text(score: i32) -> String {
    let plies = |n: i32| format!("{n} pl{}", if n == 1 { "y" } else { "ies" });
    if score > WIN_BOUND {
        format!("wins in {}", plies(WIN - score))
    } else if score < -WIN_BOUND {
        format!("loses in {}", plies(WIN + score))
    } else {
        format!("{:+.2} men", f64::from(score) / 100.0)
    }
}

/// The deepest search, in plies, that [`Engine::best_move`], [`Engine::best_move_until`]
/// and [`Engine::search`] run; a larger depth asked for is this one.
pub const MAX_DEPTH: u32 = 64;

/// What a search found.
///
/// ```
/// use turkish_draughts::engine::Engine;
/// use turkish_draughts::{Position, RuleSet};
/// let pos = Position::from_fen("W:Wc3:Bd6", RuleSet::Default)?;
/// let report = Engine::new(10).best_move(&pos, &[], 2).unwrap();
/// assert!(report.nodes > 0);
/// # Ok::<(), turkish_draughts::FenError>(())
/// ```
#[derive(Clone, Copy, Debug)]
pub struct Report {
    /// The move to play.
    pub mv: Move,
    /// Its score for the side to move, in hundredths of a man (wins near [`WIN`]).
    pub score: i32,
    /// The depth of the last finished iteration.
    pub depth: u32,
    /// Positions visited.
    pub nodes: u64,
}

/// How [`Engine::search`] searches and picks its move.
///
/// ```
/// use turkish_draughts::engine::Options;
/// let options = Options::new().max_depth(6).margin(20).seed(7);
/// assert_eq!(options.max_depth, 6);
/// assert_eq!(Options::default().margin, 0);
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Options {
    /// The deepest iteration, 1 to [`MAX_DEPTH`] (a value out of that range is taken as the
    /// nearest end). Default: [`MAX_DEPTH`].
    pub max_depth: u32,
    /// When above 0, the move is chosen at random among the moves that score within this
    /// many hundredths of a man of the best, every move then searched with a full window so
    /// that its score is exact: how the lower [`Level`]s play weaker. Default 0: the best.
    /// A forced win is never given up for a move that is not one.
    pub margin: i32,
    /// The seed of that random choice: the same seed, position and depth give the same move.
    pub seed: u64,
    /// Moves left out at the root, as if they were not legal (a review asks how good the
    /// second-best move is this way). When every legal move is left out, there is no result.
    pub exclude: Vec<Move>,
}

impl Default for Options {
    fn default() -> Options {
        Options::new()
    }
}

impl Options {
    /// The defaults: to [`MAX_DEPTH`], the best move, nothing left out.
    ///
    /// ```
    /// use turkish_draughts::engine::{Options, MAX_DEPTH};
    /// assert_eq!(Options::new().max_depth, MAX_DEPTH);
    /// ```
    pub const fn new() -> Options {
        Options {
            max_depth: MAX_DEPTH,
            margin: 0,
            seed: 0,
            exclude: Vec::new(),
        }
    }

    /// Sets [`max_depth`](Options::max_depth).
    ///
    /// ```
    /// assert_eq!(turkish_draughts::engine::Options::new().max_depth(3).max_depth, 3);
    /// ```
    pub const fn max_depth(mut self, depth: u32) -> Options {
        self.max_depth = depth;
        self
    }

    /// Sets [`margin`](Options::margin).
    ///
    /// ```
    /// assert_eq!(turkish_draughts::engine::Options::new().margin(50).margin, 50);
    /// ```
    pub const fn margin(mut self, margin: i32) -> Options {
        self.margin = margin;
        self
    }

    /// Sets [`seed`](Options::seed).
    ///
    /// ```
    /// assert_eq!(turkish_draughts::engine::Options::new().seed(9).seed, 9);
    /// ```
    pub const fn seed(mut self, seed: u64) -> Options {
        self.seed = seed;
        self
    }

    /// Sets [`exclude`](Options::exclude).
    ///
    /// ```
    /// use turkish_draughts::engine::Options;
    /// use turkish_draughts::Position;
    /// let pos = Position::start();
    /// let first = pos.legal_moves()[0];
    /// assert_eq!(Options::new().exclude(vec![first]).exclude, vec![first]);
    /// ```
    pub fn exclude(mut self, moves: Vec<Move>) -> Options {
        self.exclude = moves;
        self
    }
}

/// What [`Engine::search`] found: the move, its score, and the line the engine expects.
///
/// ```
/// use turkish_draughts::engine::{Engine, Options};
/// use turkish_draughts::Position;
/// let pos = Position::start();
/// let found = Engine::new(12).search(&pos, &[], &Options::new().max_depth(4), &mut || false).unwrap();
/// assert_eq!(found.pv[0], found.mv);
/// assert!(found.pv.len() <= 4);
/// ```
#[derive(Clone, Debug)]
pub struct Analysis {
    /// The move chosen.
    pub mv: Move,
    /// Its score for the side to move, in hundredths of a man (wins near [`WIN`]).
    pub score: i32,
    /// The best move's score (equal to [`score`](Analysis::score) unless a
    /// [`margin`](Options::margin) chose another move).
    pub best_score: i32,
    /// The depth of the last finished iteration.
    pub depth: u32,
    /// Positions visited.
    pub nodes: u64,
    /// The line the engine expects from here, starting with [`mv`](Analysis::mv): each
    /// move legal after the ones before it, as the search found it (then continued from
    /// the transposition table), [`depth`](Analysis::depth) moves long, or to the end of
    /// the game when the score is a forced win or loss (shorter where the table has
    /// forgotten a position or the game ends).
    pub pv: Vec<Move>,
    /// The number of legal moves at the root (the excluded ones included).
    pub legal_moves: usize,
}

impl Analysis {
    /// The report of the chosen move, as [`Engine::best_move`] gives it.
    ///
    /// ```
    /// use turkish_draughts::engine::{Engine, Options};
    /// use turkish_draughts::Position;
    /// let found = Engine::new(10).search(&Position::start(), &[], &Options::new().max_depth(2), &mut || false).unwrap();
    /// assert_eq!(found.report().mv, found.mv);
    /// ```
    pub fn report(&self) -> Report {
        Report {
            mv: self.mv,
            score: self.score,
            depth: self.depth,
            nodes: self.nodes,
        }
    }
}

/// An endgame oracle: the exact score of a position for its side to move (in the engine's
/// units: [`WIN`] minus the plies to a win, its negation for a loss, 0 for a draw), or
/// `None` when it does not know the position.
pub type Oracle = Box<dyn Fn(&Position) -> Option<i32>>;
