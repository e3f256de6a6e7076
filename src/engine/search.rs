//! The search: [`Engine`], its transposition table, the root's iterative deepening and the
//! negamax below it, and the static evaluation.

use alloc::vec;
use alloc::vec::Vec;

use core::ops::ControlFlow;

use super::{Analysis, MAX_DEPTH, Options, Oracle, Report, WIN, WIN_BOUND};
use crate::{Color, Move, MoveList, Outcome, Position, Role, Setup};

const MAN: i32 = 100;
const KING: i32 = 320;

/// Plies beyond which nothing is searched (forced captures can run past the nominal depth).
const MAX_PLY: usize = 96;

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
    /// The best line found below each ply of the current search (a triangular table: the
    /// line at `ply` is the move played there, then the line at `ply + 1`).
    lines: Vec<Vec<Move>>,
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

/// splitmix64: the random choice among near-best moves, from the caller's seed.
fn mix(mut x: u64) -> u64 {
    x = x.wrapping_add(0x9e37_79b9_7f4a_7c15);
    x = (x ^ (x >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    x = (x ^ (x >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    x ^ (x >> 31)
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
            lines: vec![Vec::new(); MAX_PLY + 2],
        }
    }

    /// Forgets every position the table holds (as a new engine would), for a new game or
    /// a search that must not lean on earlier ones.
    ///
    /// ```
    /// use turkish_draughts::engine::Engine;
    /// use turkish_draughts::Position;
    /// let mut engine = Engine::new(12);
    /// let first = engine.best_move(&Position::start(), &[], 4).unwrap();
    /// engine.clear();
    /// let again = engine.best_move(&Position::start(), &[], 4).unwrap();
    /// assert_eq!((first.mv, first.score, first.nodes), (again.mv, again.score, again.nodes));
    /// ```
    pub fn clear(&mut self) {
        self.table.fill(EMPTY);
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
        let options = Options::new().max_depth(max_depth);
        self.search(pos, history, &options, should_stop)
            .map(|found| found.report())
    }

    /// Searches `pos` as [`options`](Options) say, by iterative deepening until
    /// [`max_depth`](Options::max_depth) or until `should_stop` returns `true` (asked as
    /// [`best_move_until`](Engine::best_move_until) asks it; depth 1 always finishes), and
    /// gives the move, its score and the line the engine expects. `None` when there is no
    /// legal move (or every one is [excluded](Options::exclude)). `history` is as for
    /// [`best_move_until`](Engine::best_move_until).
    ///
    /// ```
    /// use turkish_draughts::engine::{Engine, Options, WIN};
    /// use turkish_draughts::{Position, RuleSet};
    /// let pos = Position::from_fen("W:WKa1,a3,b2,d2:Ba2", RuleSet::Default)?;
    /// let mut engine = Engine::new(12);
    /// let found = engine.search(&pos, &[], &Options::new().max_depth(3), &mut || false).unwrap();
    /// assert_eq!(found.mv, pos.parse_move("d2-c2")?);
    /// assert_eq!(found.score, WIN - 1);
    /// assert_eq!(found.pv, vec![found.mv]);
    /// // Without d2-c2, the best is no longer a win in one ply.
    /// let without = Options::new().max_depth(3).exclude(vec![found.mv]);
    /// let second = engine.search(&pos, &[], &without, &mut || false).unwrap();
    /// assert_ne!(second.mv, found.mv);
    /// assert!(second.score < WIN - 1);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn search(
        &mut self,
        pos: &Position,
        history: &[u64],
        options: &Options,
        should_stop: &mut dyn FnMut() -> bool,
    ) -> Option<Analysis> {
        let legal = legal_moves(pos);
        // The root's moves: their index in the legal list (the table's move numbers).
        let roots: Vec<usize> = (0..legal.len())
            .filter(|&i| !options.exclude.contains(&legal[i]))
            .collect();
        let first = *roots.first()?;
        self.nodes = 0;
        self.stopped = false;
        let max_depth = options.max_depth.clamp(1, MAX_DEPTH);
        self.path.clear();
        self.path.extend_from_slice(history);
        let root_key = key(pos);
        let mut never = || false;

        if legal.len() == 1 {
            // The score after the forced move, as a search's: the opponent's view of the
            // position it leaves (forced captures followed), negated.
            let mv = legal[first];
            let child = pos.after_unchecked(mv);
            self.path.push(root_key);
            let score = -self.negamax(&child, 0, 1, -WIN - 1, WIN + 1, &mut never);
            self.path.pop();
            let mut pv = vec![mv];
            pv.extend_from_slice(&self.lines[1]);
            self.extend_line(line_length(score, 1), score.abs() > WIN_BOUND, &mut pv, pos);
            return Some(Analysis {
                mv,
                score,
                best_score: score,
                depth: 1,
                nodes: self.nodes,
                pv,
                legal_moves: 1,
            });
        }

        let full_window = options.margin > 0;
        let mut order = roots.clone();
        let mut scores = vec![-WIN - 1; legal.len()];
        // Each root move's line after it, from its last search with an exact score.
        let mut root_lines: Vec<Vec<Move>> = vec![Vec::new(); legal.len()];
        let mut depth_done = 0;
        for depth in 1..=max_depth {
            // Depth 1 always finishes, so there is a move even with no time at all.
            let stop: &mut dyn FnMut() -> bool = if depth == 1 {
                &mut never
            } else {
                &mut *should_stop
            };
            let mut lines = root_lines.clone();
            let found = self.search_root(pos, &legal, &order, depth, full_window, &mut lines, stop);
            if self.stopped {
                break;
            }
            scores = found;
            root_lines = lines;
            // Best first; a stable sort keeps the earlier order among equal scores.
            insertion_sort_by_key(&mut order, |i| core::cmp::Reverse(scores[i]));
            depth_done = depth;
            if scores[order[0]].abs() > WIN_BOUND {
                break; // a forced win or loss is found; deeper adds nothing
            }
            if depth < max_depth && should_stop() {
                break;
            }
        }

        let best = order[0];
        let best_score = scores[best];
        let chosen = if options.margin > 0 {
            let floor = best_score.saturating_sub(options.margin);
            let near: Vec<usize> = order
                .iter()
                .copied()
                .filter(|&i| {
                    scores[i] >= floor && (best_score <= WIN_BOUND || scores[i] > WIN_BOUND)
                })
                .collect();
            let pick = mix(options.seed ^ root_key) % near.len() as u64;
            near[pick as usize]
        } else {
            best
        };
        let mv = legal[chosen];
        let mut pv = vec![mv];
        pv.extend_from_slice(&root_lines[chosen]);
        self.extend_line(
            line_length(scores[chosen], depth_done),
            scores[chosen].abs() > WIN_BOUND,
            &mut pv,
            pos,
        );
        Some(Analysis {
            mv,
            score: scores[chosen],
            best_score,
            depth: depth_done,
            nodes: self.nodes,
            pv,
            legal_moves: legal.len(),
        })
    }

    /// One iteration at the root: each of `order`'s moves (indices into `legal`) searched to
    /// `depth`; the scores by index, exact for the best move (and for every move with
    /// `full_window`), upper bounds for the others. `lines` gets the line after each move
    /// whose score is exact.
    #[allow(clippy::too_many_arguments)]
    fn search_root(
        &mut self,
        pos: &Position,
        legal: &MoveList,
        order: &[usize],
        depth: u32,
        full_window: bool,
        lines: &mut [Vec<Move>],
        should_stop: &mut dyn FnMut() -> bool,
    ) -> Vec<i32> {
        let depth = depth as i32;
        let root_key = key(pos);
        let mut scores = vec![-WIN - 1; legal.len()];
        let mut alpha = -WIN - 1;
        let mut best = order[0];
        self.path.push(root_key);
        for (n, &i) in order.iter().enumerate() {
            let child = pos.after_unchecked(legal[i]);
            let (score, exact) = if n == 0 || full_window {
                let score = -self.negamax(&child, depth - 1, 1, -WIN - 1, WIN + 1, should_stop);
                (score, true)
            } else {
                // A null window proves the move no better than the best so far; only a move
                // that beats it is searched again for its exact score.
                let bound = -self.negamax(&child, depth - 1, 1, -alpha - 1, -alpha, should_stop);
                if bound > alpha && !self.stopped {
                    let score = -self.negamax(&child, depth - 1, 1, -WIN - 1, -alpha, should_stop);
                    (score, true)
                } else {
                    (bound, false)
                }
            };
            if self.stopped {
                break;
            }
            if exact {
                lines[i].clone_from(&self.lines[1]);
            }
            scores[i] = score;
            if score > alpha {
                alpha = score;
                best = i;
            }
        }
        self.path.pop();
        if !self.stopped {
            self.store(
                root_key,
                Entry {
                    key: root_key,
                    score: to_table(alpha, 0),
                    depth: depth.clamp(0, 255) as u8,
                    bound: Bound::Exact,
                    best: u16::try_from(best).unwrap_or(u16::MAX),
                },
            );
        }
        scores
    }

    /// Appends to `line` (moves from `root` on) the table's best moves after its last one,
    /// until it has `len` moves, the game ends or a position comes back. Where the table
    /// has forgotten a position of a forced win or loss (`decisive`), a search of the
    /// plies left finds its move again (when at most 24 are left); otherwise the line
    /// stops there.
    fn extend_line(&mut self, len: u32, decisive: bool, line: &mut Vec<Move>, root: &Position) {
        let mut pos = *root;
        let base = self.path.len();
        for mv in line.iter() {
            self.path.push(key(&pos));
            pos.play_unchecked(*mv);
        }
        while line.len() < len as usize && pos.outcome().is_none() {
            let k = key(&pos);
            if self.path[base..].contains(&k) {
                break;
            }
            let left = len as usize - line.len();
            if self.probe(k).is_none() && decisive && left <= 24 {
                let mut never = || false;
                self.negamax(&pos, left as i32, 1, -WIN - 1, WIN + 1, &mut never);
            }
            let Some(entry) = self.probe(k) else { break };
            let moves = legal_moves(&pos);
            let Some(&mv) = moves.get(usize::from(entry.best)) else {
                break;
            };
            self.path.push(k);
            line.push(mv);
            pos.play_unchecked(mv);
        }
        self.path.truncate(base);
    }

    /// The two slots a key may be stored in: its own and its pair's.
    fn slots(&self, key: u64) -> (usize, usize) {
        let i = (key as usize) & (self.table.len() - 1);
        (i, i ^ usize::from(self.table.len() > 1))
    }

    fn probe(&self, key: u64) -> Option<Entry> {
        let (a, b) = self.slots(key);
        [a, b]
            .into_iter()
            .map(|i| self.table[i])
            .find(|e| e.key == key)
    }

    /// Stores `entry` over the same position's entry (unless that one is deeper), else
    /// over the shallower of the two slots: deep results, the line's among them, outlive
    /// the many shallow ones.
    fn store(&mut self, key: u64, entry: Entry) {
        let (a, b) = self.slots(key);
        let same = |i: usize| self.table[i].key == key;
        let slot = if same(a) {
            a
        } else if same(b) || self.table[b].depth < self.table[a].depth {
            b
        } else {
            a
        };
        let old = &mut self.table[slot];
        if old.key != key || entry.depth >= old.depth {
            *old = entry;
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
        self.lines[ply].clear();
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

        let moves = legal_moves(pos);
        // Order: the table's move, then crownings, then the rest as generated.
        let mut order: Vec<usize> = (0..moves.len()).collect();
        insertion_sort_by_key(&mut order, |i| {
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
                let (here, below) = self.lines.split_at_mut(ply + 1);
                let line = &mut here[ply];
                line.clear();
                line.push(moves[i]);
                line.extend_from_slice(&below[0]);
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

/// How long a line to show for a move of `score` searched to `depth`: to the end of the
/// game when it is a forced win or loss, else `depth` moves.
fn line_length(score: i32, depth: u32) -> u32 {
    if score.abs() > WIN_BOUND {
        u32::try_from(WIN - score.abs())
            .unwrap_or(0)
            .clamp(1, MAX_PLY as u32)
    } else {
        depth
    }
}

/// Sorts move indices by `key`, keeping the order of equal keys: an insertion sort, quick
/// on the short lists of a position's moves and much smaller in a WebAssembly module than
/// the standard library's sort.
fn insertion_sort_by_key<K: Ord>(items: &mut [usize], key: impl Fn(usize) -> K) {
    for i in 1..items.len() {
        let mut j = i;
        while j > 0 && key(items[j - 1]) > key(items[j]) {
            items.swap(j - 1, j);
            j -= 1;
        }
    }
}

/// The legal moves, generated in one place: the search calls it from several, and each
/// call inlined would be another copy of move generation in a WebAssembly module.
#[inline(never)]
fn legal_moves(pos: &Position) -> MoveList {
    pos.legal_moves()
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
