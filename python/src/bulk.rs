//! Work done in Rust in one call, with the interpreter released: perft, the positions below
//! a root, random playouts and self-play.

use numpy::ndarray::Array4;
use numpy::{IntoPyArray, PyArray1, PyArray4};
use pyo3::exceptions::PyMemoryError;
use pyo3::prelude::*;
use pyo3::types::PyTuple;
use std::sync::atomic::{AtomicBool, Ordering};

use turkish_draughts::{
    Color, Game, MAX_PERFT_DEPTH, MoveList, Position, perft as count_leaves,
    perft_parallel_stoppable,
};

use crate::actions;
use crate::board::PyBoard;
use crate::errors::{InvalidFenError, value_error};
use crate::int_arg::{self, Int};
use crate::interrupt::interruptible;
use crate::names::parse_rules;
use crate::playout::{self, Limits, Summary};
use crate::termination::Termination;

/// The most threads a call starts.
const MAX_THREADS: usize = 256;

/// The number of threads to use: `0` means one per core; at most [`MAX_THREADS`].
fn threads(n: usize) -> usize {
    if n == 0 {
        std::thread::available_parallelism().map_or(1, usize::from)
    } else {
        n.min(MAX_THREADS)
    }
}

/// A perft depth (or `what`, a number of plies) from Python: negative or past
/// [`MAX_PERFT_DEPTH`] raises `ValueError` saying so.
fn check_depth(depth: &Int, what: &str) -> PyResult<u32> {
    let negative = match depth {
        Int::Small(d) => *d < 0,
        Int::Huge(digits) => digits.starts_with('-'),
    };
    match depth.small().map(u32::try_from) {
        _ if negative => Err(value_error(format!("{what} {depth} is negative"))),
        Some(Ok(d)) if d <= MAX_PERFT_DEPTH => Ok(d),
        // PerftDepthError's wording, for any integer.
        _ => Err(value_error(format!(
            "{what} {depth} is more than the maximum of {MAX_PERFT_DEPTH}"
        ))),
    }
}

/// A vector of `n` default values, or `MemoryError`.
fn filled<T: Clone + Default>(n: usize) -> PyResult<Vec<T>> {
    let mut v = Vec::new();
    v.try_reserve_exact(n)
        .map_err(|_| PyMemoryError::new_err(format!("cannot allocate {n} results")))?;
    v.resize(n, T::default());
    Ok(v)
}

/// The game a batch starts from: the board's (with its history), or the start position.
fn start_game(board: Option<PyRef<'_, PyBoard>>, rules: &str) -> PyResult<Game> {
    match board {
        Some(b) => Ok(b.game().clone()),
        None => Ok(Game::new(parse_rules(rules)?)),
    }
}

/// The number of leaves of the legal-move tree `depth` plies deep below the board's
/// position. Moves count distinct by result; no game-end adjudication is applied (the
/// history is ignored). `threads=0` uses every core (at most 256 threads). The interpreter
/// is released meanwhile, and Ctrl-C (`KeyboardInterrupt`) ends the search within about
/// 0.1 s.
#[pyfunction]
#[pyo3(signature = (board, depth, *, threads = Int::Small(1)), text_signature = "(board, depth, *, threads=1)")]
pub fn perft(py: Python<'_>, board: PyRef<'_, PyBoard>, depth: Int, threads: Int) -> PyResult<u64> {
    let depth = check_depth(&depth, "perft depth")?;
    let threads: usize = int_arg::get(&threads, "threads", int_arg::USIZE)?;
    let pos = *board.position();
    drop(board);
    if depth <= CHEAP_PERFT_DEPTH {
        return Ok(count_leaves(&pos, depth));
    }
    let threads = self::threads(threads);
    // `None` only when stopped, and then the call raises.
    interruptible(py, |stop| {
        perft_parallel_stoppable(&pos, depth, threads, stop).unwrap_or(0)
    })
}

/// Perft depths this small take milliseconds at most: searched on the calling thread,
/// without the watch for Ctrl-C (which costs a thread).
const CHEAP_PERFT_DEPTH: u32 = 3;

/// The most positions `positions_at` lists.
const POSITIONS_AT_LIMIT: u64 = 1_000_000;

/// The positions `plies` plies below `pos` (one per path, so repeated when paths meet), or
/// `None` if `stop` was seen set.
fn below(pos: Position, plies: u32, stop: &AtomicBool) -> Option<Vec<Position>> {
    let mut level = vec![pos];
    let mut list = MoveList::new();
    for _ in 0..plies {
        let mut next = Vec::new();
        for (i, p) in level.iter().enumerate() {
            if i % 1024 == 0 && stop.load(Ordering::Relaxed) {
                return None;
            }
            p.legal_moves_into(&mut list);
            for m in &list {
                let mut child = *p;
                child.play_unchecked(*m); // `m` is one of `p`'s own legal moves
                next.push(child);
            }
        }
        level = next;
    }
    Some(level)
}

/// The FEN of every position `plies` plies below the board's position, one for each path
/// (so a position reached by two paths is listed twice), in move-list order: the split of a
/// perft, since `perft(board, plies + d)` is the sum of `perft(Board(fen), d)` over them.
/// As perft, no game-end adjudication is applied.
///
/// The list is built whole: at most 1 000 000 positions. The list holds about 160 bytes a
/// position (its FEN strings), and building it takes about 340 bytes a position at its peak,
/// so about 340 MB at the limit. A larger one raises `ValueError`, after a perft that counts
/// them; Ctrl-C ends the call.
#[pyfunction]
pub fn positions_at(
    py: Python<'_>,
    board: PyRef<'_, PyBoard>,
    plies: Int,
) -> PyResult<Vec<String>> {
    let plies = check_depth(&plies, "plies")?;
    let pos = *board.position();
    drop(board);
    let threads = self::threads(0);
    let listed = interruptible(py, |stop| {
        let count = perft_parallel_stoppable(&pos, plies, threads, stop)?;
        if count > POSITIONS_AT_LIMIT {
            return Some(Err(count));
        }
        Some(Ok(below(pos, plies, stop)?
            .iter()
            .map(|p| p.to_fen())
            .collect::<Vec<String>>()))
    })?;
    match listed {
        Some(Ok(fens)) => Ok(fens),
        Some(Err(count)) => Err(value_error(format!(
            "positions_at(board, {plies}) would list {count} positions, more than the limit \
             of {POSITIONS_AT_LIMIT}: ask for fewer plies"
        ))),
        // Only when stopped, and then `interruptible` raised.
        None => Ok(Vec::new()),
    }
}

/// The integer arguments of a batch of games, checked: each in its type's range, or a
/// `ValueError` naming it.
struct Batch {
    n: usize,
    seed: u64,
    first: u64,
    threads: usize,
    max_plies: usize,
    no_progress: Option<u32>,
}

impl Batch {
    fn check(
        n: &Int,
        seed: &Int,
        first: Option<&Int>,
        threads: &Int,
        max_plies: &Int,
        no_progress: Option<&Int>,
    ) -> PyResult<Batch> {
        Ok(Batch {
            n: int_arg::get(n, "n", int_arg::USIZE)?,
            seed: int_arg::get(seed, "seed", int_arg::U64)?,
            first: match first {
                Some(first) => int_arg::get(first, "first", int_arg::U64)?,
                None => 0,
            },
            threads: int_arg::get(threads, "threads", int_arg::USIZE)?,
            max_plies: int_arg::get(max_plies, "max_plies", int_arg::USIZE)?,
            no_progress: match no_progress {
                Some(p) => Some(int_arg::get(p, "no_progress", int_arg::U32)?),
                None => None,
            },
        })
    }
}

/// Batches this small (games times plies) take a millisecond or so: played on the calling
/// thread, without the watch for Ctrl-C (which costs a thread).
fn cheap_batch(n: usize, max_plies: usize) -> bool {
    n.saturating_mul(max_plies) <= 4_000
}

fn limits(max_plies: usize, no_progress: Option<u32>) -> Limits {
    Limits {
        max_plies,
        no_progress,
    }
}

/// `n` random games in Rust; returns three NumPy arrays of `n` entries: the winner (`int8`:
/// 1 White, -1 Black, 0 a draw or unfinished), the plies played (`uint32`) and the
/// termination (`uint8`: 0 unfinished, else the number of `Termination`). Ctrl-C ends the
/// call.
#[pyfunction]
#[pyo3(
    signature = (n, *, board = None, rules = "default", seed = Int::Small(0), threads = Int::Small(1), max_plies = Int::Small(400), no_progress = Some(Int::Small(60))),
    text_signature = "(n, *, board=None, rules='default', seed=0, threads=1, max_plies=400, no_progress=60)"
)]
#[allow(clippy::too_many_arguments)]
pub fn _playouts<'py>(
    py: Python<'py>,
    n: Int,
    board: Option<PyRef<'py, PyBoard>>,
    rules: &str,
    seed: Int,
    threads: Int,
    max_plies: Int,
    no_progress: Option<Int>,
) -> PyResult<Bound<'py, PyTuple>> {
    let Batch {
        n,
        seed,
        threads,
        max_plies,
        no_progress,
        first: _,
    } = Batch::check(&n, &seed, None, &threads, &max_plies, no_progress.as_ref())?;
    let start = start_game(board, rules)?;
    let mut out: Vec<Summary> = filled(n)?;
    let threads = self::threads(threads);
    let limits = limits(max_plies, no_progress);
    if cheap_batch(n, max_plies) {
        playout::playouts(
            &start,
            seed,
            0,
            limits,
            threads,
            &mut out,
            &AtomicBool::new(false),
        );
    } else {
        interruptible(py, |stop| {
            playout::playouts(&start, seed, 0, limits, threads, &mut out, stop)
        })?;
    }
    let mut winners: Vec<i8> = filled(n)?;
    let mut plies: Vec<u32> = filled(n)?;
    let mut terminations: Vec<u8> = filled(n)?;
    for (i, s) in out.iter().enumerate() {
        winners[i] = match s.outcome.and_then(|o| o.winner()) {
            Some(Color::White) => 1,
            Some(Color::Black) => -1,
            None => 0,
        };
        plies[i] = s.plies;
        terminations[i] = s.outcome.map_or(0, |o| Termination::of(o) as u8);
    }
    PyTuple::new(
        py,
        [
            PyArray1::from_vec(py, winners).into_any(),
            PyArray1::from_vec(py, plies).into_any(),
            PyArray1::from_vec(py, terminations).into_any(),
        ],
    )
}

/// Games `first` to `first + n - 1` of the random self-play batch seeded with `seed`, as PDN
/// text (one blank line between games). Game `i` depends only on `seed` and `i`, so batches
/// cut differently give the same games. Ctrl-C ends the call.
#[pyfunction]
#[pyo3(
    signature = (n, *, board = None, rules = "default", seed = Int::Small(0), first = Int::Small(0), threads = Int::Small(1), max_plies = Int::Small(400), no_progress = Some(Int::Small(60))),
    text_signature = "(n, *, board=None, rules='default', seed=0, first=0, threads=1, max_plies=400, no_progress=60)"
)]
#[allow(clippy::too_many_arguments)]
pub fn selfplay(
    py: Python<'_>,
    n: Int,
    board: Option<PyRef<'_, PyBoard>>,
    rules: &str,
    seed: Int,
    first: Int,
    threads: Int,
    max_plies: Int,
    no_progress: Option<Int>,
) -> PyResult<String> {
    let Batch {
        n,
        seed,
        first,
        threads,
        max_plies,
        no_progress,
    } = Batch::check(
        &n,
        &seed,
        Some(&first),
        &threads,
        &max_plies,
        no_progress.as_ref(),
    )?;
    let start = start_game(board, rules)?;
    let threads = self::threads(threads);
    let limits = limits(max_plies, no_progress);
    let mut texts: Vec<String> = filled(n)?;
    let mut run = |stop: &AtomicBool| {
        playout::selfplay_pdn(&start, seed, first, limits, threads, &mut texts, stop)
    };
    if cheap_batch(n, max_plies) {
        run(&AtomicBool::new(false));
    } else {
        interruptible(py, run)?;
    }
    Ok(texts.join("\n"))
}

/// The piece planes of many positions in one call: an `int8` array of shape (n, 4, 8, 8),
/// each drawn for its side to move as `Board.planes()` draws it. `positions` holds boards
/// or FENs (read under `rules`, checked as `Board(fen)` checks them; a bad one raises
/// `InvalidFenError` naming its index). The encoding runs with the interpreter released.
#[pyfunction]
#[pyo3(signature = (positions, *, rules = "default"))]
pub fn planes_batch<'py>(
    py: Python<'py>,
    positions: &Bound<'py, PyAny>,
    rules: &str,
) -> PyResult<Bound<'py, PyArray4<i8>>> {
    let rules = parse_rules(rules)?;
    let mut all = Vec::new();
    for (i, item) in positions.try_iter()?.enumerate() {
        let item = item?;
        let pos = if let Ok(board) = item.cast::<PyBoard>() {
            *board.borrow().position()
        } else {
            let fen: String = item.extract()?;
            Position::from_fen(&fen, rules)
                .map_err(|e| InvalidFenError::new_err(format!("position {i}: {e}")))?
        };
        all.push(pos);
    }
    let n = all.len();
    let size = n.checked_mul(256).ok_or_else(|| {
        PyMemoryError::new_err(format!("cannot allocate planes for {n} positions"))
    })?;
    let mut flat: Vec<i8> = filled(size)?;
    py.detach(|| {
        for (pos, out) in all.iter().zip(flat.chunks_exact_mut(256)) {
            out.copy_from_slice(&actions::planes(pos, pos.turn()));
        }
    });
    // n * 256 values always fill an n x 4 x 8 x 8 shape.
    match Array4::from_shape_vec((n, 4, 8, 8), flat) {
        Ok(a) => Ok(a.into_pyarray(py)),
        Err(e) => Err(value_error(e.to_string())),
    }
}
