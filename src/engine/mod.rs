//! A small game-playing engine: negamax alpha-beta with a transposition table keyed by
//! Zobrist keys, iterative deepening to a depth or until the caller says stop, forced
//! captures searched past the horizon, and an evaluation of material, advancement and
//! mobility. Its strength is not the point (it never loses to random moves); it gives
//! programs and pages an opponent, and plays the `play` example's moves.
//!
//! The search never reads a clock itself: a time limit or a cancel is a `should_stop`
//! callback ([`Engine::best_move_until`]), asked every 1 024 positions, so the engine runs
//! where `std::time` does not (WebAssembly in a browser). An endgame oracle
//! ([`Engine::set_oracle`]), such as a tablebase, can score positions it knows exactly.
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

use alloc::boxed::Box;
use alloc::format;
use alloc::string::String;
use alloc::vec;
use alloc::vec::Vec;

use core::ops::ControlFlow;

use crate::{Color, Move, Outcome, Position, Role, Setup};

/// A score larger than any evaluation: a won position scores `WIN - ply`.
///
/// ```
/// use turkish_draughts::engine::{score_text, WIN};
/// assert_eq!(score_text(WIN - 3), "wins in 3 plies");
/// ```
pub const WIN: i32 = 1_000_000;

/// Scores above this are wins found by the search.
const WIN_BOUND: i32 = WIN - 1_000;

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

const MAN: i32 = 100;
const KING: i32 = 320;

/// Plies beyond which nothing is searched (forced captures can run past the nominal depth).
const MAX_PLY: usize = 96;

/// The deepest search, in plies, that [`Engine::best_move`] and [`Engine::best_move_until`]
/// run; a larger depth asked for is this one.
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

#[derive(Clone, Copy, PartialEq, Eq)]
enum Bound {
    Exact,
    Lower,
    Upper,
}

#[derive(Clone, Copy)]
struct Entry {
    key: u64,
    score: i32,
    depth: u8,
    bound: Bound,
    /// Index of the best move in the position's legal move list, `u16::MAX` for none.
    best: u16,
}

const EMPTY: Entry = Entry {
    key: 0,
    score: 0,
    depth: 0,
    bound: Bound::Upper,
    best: u16::MAX,
};

/// An endgame oracle: the exact score of a position for its side to move (in the engine's
/// units: [`WIN`] minus the plies to a win, its negation for a loss, 0 for a draw), or
/// `None` when it does not know the position.
pub type Oracle = Box<dyn Fn(&Position) -> Option<i32>>;

/// The engine: its transposition table and search state. Reuse it across moves of a game.
///
/// ```
/// use turkish_draughts::engine::Engine;
/// use turkish_draughts::Game;
/// let mut game = Game::new(turkish_draughts::RuleSet::Default);
/// let mut engine = Engine::new(14);
/// for _ in 0..4 {
///     let report = engine.best_move(game.position(), &[], 2).unwrap();
///     game.try_play(report.mv)?;
/// }
/// assert_eq!(game.ply(), 4);
/// # Ok::<(), turkish_draughts::PlayError>(())
/// ```
pub struct Engine {
    table: Vec<Entry>,
    nodes: u64,
    stopped: bool,
    /// Keys of the positions before the current one: the game's, then the search path's.
    path: Vec<u64>,
    oracle: Option<Oracle>,
}

impl core::fmt::Debug for Engine {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("Engine")
            .field("table_entries", &self.table.len())
            .field("oracle", &self.oracle.is_some())
            .finish_non_exhaustive()
    }
}

fn key(pos: &Position) -> u64 {
    pos.zobrist()
}

impl Engine {
    /// An engine with a table of `2^bits` entries (16 bytes each); `bits` is taken in
    /// `0..=28` (a larger value is 28, 4 GiB).
    ///
    /// ```
    /// let engine = turkish_draughts::engine::Engine::new(16); // 1 MiB
    /// # drop(engine);
    /// ```
    pub fn new(bits: u32) -> Engine {
        Engine {
            table: vec![EMPTY; 1 << bits.min(28)],
            nodes: 0,
            stopped: false,
            path: Vec::new(),
            oracle: None,
        }
    }

    /// Sets (or with `None` removes) the endgame oracle that scores the positions it knows
    /// in place of a search below them.
    ///
    /// ```
    /// use turkish_draughts::engine::Engine;
    /// use turkish_draughts::Position;
    /// let mut engine = Engine::new(10);
    /// // An oracle that calls every position a draw makes every move score 0.
    /// engine.set_oracle(Some(Box::new(|_: &Position| Some(0))));
    /// let report = engine.best_move(&Position::start(), &[], 3).unwrap();
    /// assert_eq!(report.score, 0);
    /// ```
    pub fn set_oracle(&mut self, oracle: Option<Oracle>) {
        self.oracle = oracle;
    }

    /// The best move for the side to move, searched to `depth` plies (1 to [`MAX_DEPTH`]),
    /// or `None` if it has no legal move. See [`best_move_until`](Engine::best_move_until)
    /// for `history`.
    ///
    /// ```
    /// use turkish_draughts::engine::{Engine, WIN};
    /// use turkish_draughts::{Position, RuleSet};
    /// // d2-c2 leaves the black man on a2 without a move: a win in one ply.
    /// let pos = Position::from_fen("W:WKa1,a3,b2,d2:Ba2", RuleSet::Default)?;
    /// let report = Engine::new(12).best_move(&pos, &[], 3).unwrap();
    /// assert_eq!(report.mv, pos.parse_move("d2-c2")?);
    /// assert_eq!(report.score, WIN - 1);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn best_move(&mut self, pos: &Position, history: &[u64], depth: u32) -> Option<Report> {
        self.best_move_until(pos, history, depth, &mut || false)
    }

    /// The best move for the side to move, searched by iterative deepening to `max_depth`
    /// plies (1 to [`MAX_DEPTH`]) or until `should_stop` returns `true`, or `None` if it has
    /// no legal move.
    ///
    /// `should_stop` is asked every 1 024 positions and after each finished depth; when it
    /// says stop, the unfinished depth is dropped and the last finished one answers. Depth 1
    /// always finishes, so there is a move however early it says stop. A time limit is a
    /// callback that compares a clock with a deadline; a cancel, one that reads a flag.
    ///
    /// `history` holds the keys of the positions the game went through before `pos`, oldest
    /// first: a line that comes back to one of them, or repeats itself, is scored as a draw,
    /// so the engine neither walks into a repetition when it is ahead nor misses one when it
    /// is behind.
    ///
    /// ```
    /// use turkish_draughts::engine::Engine;
    /// use turkish_draughts::Position;
    /// let pos = Position::start();
    /// let mut engine = Engine::new(12);
    /// // Stopped at once: depth 1 still answers.
    /// let report = engine.best_move_until(&pos, &[], 20, &mut || true).unwrap();
    /// assert_eq!(report.depth, 1);
    /// assert!(pos.is_legal(report.mv));
    /// ```
    pub fn best_move_until(
        &mut self,
        pos: &Position,
        history: &[u64],
        max_depth: u32,
        should_stop: &mut dyn FnMut() -> bool,
    ) -> Option<Report> {
        let moves = pos.legal_moves();
        let first = *moves.first()?;
        self.nodes = 0;
        self.stopped = false;
        let max_depth = max_depth.clamp(1, MAX_DEPTH);
        self.path.clear();
        self.path.extend_from_slice(history);
        let mut report = Report {
            mv: first,
            score: 0,
            depth: 0,
            nodes: 0,
        };
        let mut never = || false;
        if moves.len() == 1 {
            // The score after the forced move, as a search's: the opponent's view of the
            // position it leaves (forced captures followed), negated.
            let child = pos.after_unchecked(first);
            self.path.push(key(pos));
            report.depth = 1;
            report.score = -self.negamax(&child, 0, 1, -WIN - 1, WIN + 1, &mut never);
            report.nodes = self.nodes;
            return Some(report);
        }
        for depth in 1..=max_depth {
            // Depth 1 always finishes, so there is a move even with no time at all.
            let stop: &mut dyn FnMut() -> bool = if depth == 1 {
                &mut never
            } else {
                &mut *should_stop
            };
            let score = self.negamax(pos, depth as i32, 0, -WIN - 1, WIN + 1, stop);
            if self.stopped {
                break;
            }
            let entry = self.probe(key(pos));
            if let Some(e) = entry {
                if let Some(m) = moves.get(usize::from(e.best)) {
                    report.mv = *m;
                }
            }
            report.score = score;
            report.depth = depth;
            if score.abs() > WIN_BOUND {
                break; // a forced win or loss is found; deeper adds nothing
            }
            if depth < max_depth && should_stop() {
                break;
            }
        }
        report.nodes = self.nodes;
        Some(report)
    }

    fn probe(&self, key: u64) -> Option<Entry> {
        let e = self.table[(key as usize) & (self.table.len() - 1)];
        (e.key == key).then_some(e)
    }

    fn store(&mut self, key: u64, entry: Entry) {
        let len = self.table.len();
        let slot = &mut self.table[(key as usize) & (len - 1)];
        if slot.key != key || entry.depth >= slot.depth {
            *slot = entry;
        }
    }

    fn negamax(
        &mut self,
        pos: &Position,
        depth: i32,
        ply: usize,
        mut alpha: i32,
        beta: i32,
        should_stop: &mut dyn FnMut() -> bool,
    ) -> i32 {
        self.nodes += 1;
        if self.nodes & 1023 == 0 && should_stop() {
            self.stopped = true;
        }
        if self.stopped {
            return 0;
        }
        let k = key(pos);
        if ply > 0 && self.path.contains(&k) {
            return 0; // a repetition: a draw
        }
        if let Some(outcome) = pos.outcome() {
            return outcome_score(outcome, pos.turn(), ply);
        }
        if ply > 0 {
            if let Some(score) = self.oracle.as_ref().and_then(|oracle| oracle(pos)) {
                return from_table(score.clamp(-WIN, WIN), ply);
            }
        }
        let captures = pos.has_capture();
        // Past the horizon only forced captures are followed.
        if (depth <= 0 && !captures) || ply >= MAX_PLY {
            return self.evaluate(pos);
        }

        let alpha0 = alpha;
        let mut best_index = u16::MAX;
        if let Some(e) = self.probe(k) {
            best_index = e.best;
            if i32::from(e.depth) >= depth && depth > 0 {
                let score = from_table(e.score, ply);
                match e.bound {
                    Bound::Exact => return score,
                    Bound::Lower if score >= beta => return score,
                    Bound::Upper if score <= alpha => return score,
                    _ => {}
                }
            }
        }

        let moves = pos.legal_moves();
        // Order: the table's move, then crownings, then the rest as generated.
        let mut order: Vec<usize> = (0..moves.len()).collect();
        order.sort_by_key(|&i| {
            (
                u16::try_from(i).ok() != Some(best_index),
                !moves[i].is_crowning(),
            )
        });
        self.path.push(k);
        let mut best = -WIN - 1;
        let mut best_move = order[0];
        for &i in &order {
            let mut child = *pos;
            child.play_unchecked(moves[i]);
            let score = -self.negamax(&child, depth - 1, ply + 1, -beta, -alpha, should_stop);
            if self.stopped {
                self.path.pop();
                return 0;
            }
            if score > best {
                best = score;
                best_move = i;
            }
            if score > alpha {
                alpha = score;
            }
            if alpha >= beta {
                break;
            }
        }
        self.path.pop();
        let bound = if best <= alpha0 {
            Bound::Upper
        } else if best >= beta {
            Bound::Lower
        } else {
            Bound::Exact
        };
        self.store(
            k,
            Entry {
                key: k,
                score: to_table(best, ply),
                depth: depth.clamp(0, 255) as u8,
                bound,
                best: u16::try_from(best_move).unwrap_or(u16::MAX),
            },
        );
        best
    }

    /// The static score for the side to move: material, how far the men have come, and how
    /// many moves each side has.
    ///
    /// ```
    /// use turkish_draughts::engine::Engine;
    /// use turkish_draughts::Position;
    /// // The start position is symmetric: nobody is ahead.
    /// assert_eq!(Engine::new(0).evaluate(&Position::start()), 0);
    /// ```
    pub fn evaluate(&self, pos: &Position) -> i32 {
        let board = pos.board();
        let mut score = 0;
        for color in Color::ALL {
            let sign = if color == pos.turn() { 1 } else { -1 };
            let mine = board.by_color(color);
            for sq in mine {
                let role = if board.kings().contains(sq) {
                    Role::King
                } else {
                    Role::Man
                };
                let value = match role {
                    Role::King => KING,
                    Role::Man => {
                        let rank = i32::from(sq.rank().index());
                        let advance = match color {
                            Color::White => rank - 1,
                            Color::Black => 6 - rank,
                        };
                        MAN + 3 * advance * advance / 2
                    }
                };
                score += sign * value;
            }
        }
        score + 2 * (mobility(pos) - mobility(&with_other_side_to_move(pos)))
    }
}

/// The number of legal moves, counted as they are generated (no list is built).
fn mobility(pos: &Position) -> i32 {
    let mut n = 0i32;
    let _ = pos.for_each_legal_move(|_| {
        n = n.saturating_add(1);
        ControlFlow::<()>::Continue(())
    });
    n
}

/// The same pieces with the other side to move (a "null move"), for the opponent's mobility.
fn with_other_side_to_move(pos: &Position) -> Position {
    let mut setup: Setup = pos.setup();
    setup.turn = !setup.turn;
    Position::from_setup_relaxed(&setup, pos.rules()).unwrap_or(*pos)
}

/// The score of a finished game for `turn`, the side to move.
fn outcome_score(outcome: Outcome, turn: Color, ply: usize) -> i32 {
    let ply = i32::try_from(ply).unwrap_or(0);
    match outcome.winner() {
        None => 0,
        Some(w) if w == turn => WIN - ply,
        Some(_) => -(WIN - ply),
    }
}

/// Win scores are stored relative to the node, so that they stay right at another ply.
fn to_table(score: i32, ply: usize) -> i32 {
    let ply = i32::try_from(ply).unwrap_or(0);
    if score > WIN_BOUND {
        score + ply
    } else if score < -WIN_BOUND {
        score - ply
    } else {
        score
    }
}

fn from_table(score: i32, ply: usize) -> i32 {
    let ply = i32::try_from(ply).unwrap_or(0);
    if score > WIN_BOUND {
        score - ply
    } else if score < -WIN_BOUND {
        score + ply
    } else {
        score
    }
}
