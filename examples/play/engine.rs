//! A small draughts engine on the crate's public API: negamax alpha-beta with a transposition
//! table keyed by Zobrist keys, iterative deepening to a depth or a time limit, forced
//! captures searched past the horizon, and an evaluation of material, advancement and
//! mobility. Its strength is not the point; it must never lose to random moves.
//!
//! The play example uses it, and `tests/examples/play_engine.rs` includes this file to play it against
//! a random mover.

use std::time::{Duration, Instant};

use turkish_draughts::{Color, Move, Outcome, Position, Role, Setup};

/// A score larger than any evaluation: a won position scores `WIN - ply`.
pub const WIN: i32 = 1_000_000;

/// Scores above this are wins found by the search.
const WIN_BOUND: i32 = WIN - 1_000;

/// A score in words, for the side it belongs to: `+1.35 men` (hundredths of a man: a man is
/// worth 1.00, a king 3.20, and advancement and mobility add small amounts), or `wins in N
/// plies` / `loses in N plies` when the search has found a forced end of the game.
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

/// How long to search.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Limit {
    /// To this depth in plies (at least 1).
    Depth(u32),
    /// Until this much time has passed; at least depth 1 is always finished.
    Time(Duration),
}

/// What a search found.
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

/// The engine: its transposition table and search state. Reuse it across moves of a game.
pub struct Engine {
    table: Vec<Entry>,
    nodes: u64,
    deadline: Option<Instant>,
    stopped: bool,
    /// Keys of the positions before the current one: the game's, then the search path's.
    path: Vec<u64>,
}

/// The Zobrist key of a position (side to move and pieces).
pub fn key(pos: &Position) -> u64 {
    pos.zobrist()
}

impl Engine {
    /// An engine with a table of `2^bits` entries (16 bytes each).
    pub fn new(bits: u32) -> Engine {
        Engine {
            table: vec![EMPTY; 1 << bits],
            nodes: 0,
            deadline: None,
            stopped: false,
            path: Vec::new(),
        }
    }

    /// The best move for the side to move, or `None` if it has no legal move.
    ///
    /// `history` holds the keys of the positions the game went through before `pos`, oldest
    /// first: a line that comes back to one of them, or repeats itself, is scored as a draw,
    /// so the engine neither walks into a repetition when it is ahead nor misses one when it
    /// is behind.
    pub fn best_move(&mut self, pos: &Position, history: &[u64], limit: Limit) -> Option<Report> {
        let moves = pos.legal_moves();
        let first = *moves.first()?;
        self.nodes = 0;
        self.stopped = false;
        let (max_depth, deadline) = match limit {
            Limit::Depth(d) => (d.max(1), None),
            Limit::Time(t) => (64, Some(Instant::now() + t)),
        };
        self.deadline = None;
        self.path.clear();
        self.path.extend_from_slice(history);
        let mut report = Report {
            mv: first,
            score: 0,
            depth: 0,
            nodes: 0,
        };
        if moves.len() == 1 {
            // The score after the forced move, as a search's: the opponent's view of the
            // position it leaves (forced captures followed), negated.
            let mut child = *pos;
            child.play_unchecked(first);
            self.path.push(key(pos));
            report.depth = 1;
            report.score = -self.negamax(&child, 0, 1, -WIN - 1, WIN + 1);
            return Some(report);
        }
        for depth in 1..=max_depth {
            // Depth 1 always finishes, so there is a move even with no time at all.
            self.deadline = if depth == 1 { None } else { deadline };
            let score = self.negamax(pos, depth as i32, 0, -WIN - 1, WIN + 1);
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
            if deadline.is_some_and(|d| Instant::now() >= d) {
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
    ) -> i32 {
        self.nodes += 1;
        if self.nodes & 1023 == 0 {
            if let Some(d) = self.deadline {
                if Instant::now() >= d {
                    self.stopped = true;
                }
            }
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
            let score = -self.negamax(&child, depth - 1, ply + 1, -beta, -alpha);
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

fn mobility(pos: &Position) -> i32 {
    i32::try_from(pos.legal_moves().len()).unwrap_or(i32::MAX)
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
