//! Perft on every core: the tree is split below the root into many subtrees, which a pool of
//! scoped threads takes from a shared queue.

use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};
use std::thread;
use std::vec::Vec;

use crate::{Move, Position, divide, perft};

/// Subtrees per thread that the split aims for, so that threads that draw small subtrees
/// keep busy while others finish big ones.
const TASKS_PER_THREAD: usize = 32;

/// Subtrees are not split below this many plies left: their perft is cheap next to taking a
/// task from the queue.
const MIN_TASK_DEPTH: u32 = 3;

/// The split stops growing past this many subtrees, whatever the thread count.
const MAX_TASKS: usize = 1 << 16;

/// A subtree: a position below the root move `root`, to be counted to `depth` plies.
struct Task {
    pos: Position,
    depth: u32,
    root: usize,
}

/// [`perft`] on up to `threads` threads: the same count, computed in parallel.
///
/// The tree is expanded below the root, one ply at a time, until there are enough subtrees
/// to keep every thread busy (a root with a single legal move still uses every thread); the
/// threads then take subtrees from a shared queue. Any `threads` is safe: no more threads
/// start than the machine can run at once ([`std::thread::available_parallelism`]) or than
/// there are subtrees. `threads` of 0 means one per core (as the Python package's `threads=0`
/// does); 1 (or a depth below 2, or a machine with one core) runs plain [`perft`] on the
/// calling thread. Threads are scoped to the call; the
/// calling thread is one of them. If the system refuses to start a thread, the others do
/// its share.
///
/// # Panics
///
/// As [`perft`] does: if `depth` is more than [`MAX_PERFT_DEPTH`](crate::MAX_PERFT_DEPTH)
/// (checked on the calling thread before any thread starts).
///
/// ```
/// use turkish_draughts::{perft, perft_parallel, Position};
/// let pos = Position::start();
/// assert_eq!(perft_parallel(&pos, 5, 4), perft(&pos, 5));
/// assert_eq!(perft_parallel(&pos, 0, 4), 1);
/// assert_eq!(perft_parallel(&pos, 4, usize::MAX), perft(&pos, 4));
/// ```
pub fn perft_parallel(pos: &Position, depth: u32, threads: usize) -> u64 {
    if usable_threads(threads) <= 1 || depth < 2 {
        return perft(pos, depth);
    }
    divide_parallel(pos, depth, threads, |_, _| {})
}

/// Below this many plies left, [`perft_parallel_stoppable`] counts a subtree with plain
/// [`perft`] without looking at its stop flag: such a subtree takes milliseconds.
const STOP_CHECK_DEPTH: u32 = 4;

/// [`perft_parallel`] that gives up when `stop` is set: `Some(count)` if it finished, `None`
/// if `stop` was seen set (before or during the search).
///
/// Every thread looks at `stop` before each subtree of more than 4 plies, so the call
/// returns within the time of a 4-ply perft (milliseconds) of `stop` being set, its threads
/// ended; set it from another thread (a signal handler's flag, a user interface's cancel
/// button, a deadline). `threads` is read as [`perft_parallel`] reads it (0: one per core),
/// and 1 searches on the calling thread, looking at the flag as often. [`perft`] and [`perft_parallel`]
/// themselves never look at a flag: they cost nothing for this one.
///
/// # Panics
///
/// As [`perft`] does: if `depth` is more than [`MAX_PERFT_DEPTH`](crate::MAX_PERFT_DEPTH)
/// (checked on the calling thread before any thread starts).
///
/// ```
/// use std::sync::atomic::{AtomicBool, Ordering};
/// use turkish_draughts::{perft, perft_parallel_stoppable, Position};
/// let pos = Position::start();
/// let stop = AtomicBool::new(false);
/// assert_eq!(perft_parallel_stoppable(&pos, 6, 2, &stop), Some(perft(&pos, 6)));
/// stop.store(true, Ordering::Relaxed);
/// assert_eq!(perft_parallel_stoppable(&pos, 12, 2, &stop), None);
/// ```
pub fn perft_parallel_stoppable(
    pos: &Position,
    depth: u32,
    threads: usize,
    stop: &AtomicBool,
) -> Option<u64> {
    if depth > crate::MAX_PERFT_DEPTH {
        panic!("{}", crate::PerftDepthError { depth });
    }
    if usable_threads(threads) <= 1 || depth < 2 {
        return perft_stoppable(pos, depth, stop);
    }
    divide_parallel_inner(pos, depth, threads, |_, _| {}, Some(stop))
}

/// [`perft`] looking at `stop` at every node with more than [`STOP_CHECK_DEPTH`] plies left.
fn perft_stoppable(pos: &Position, depth: u32, stop: &AtomicBool) -> Option<u64> {
    if stop.load(Ordering::Relaxed) {
        return None;
    }
    if depth <= STOP_CHECK_DEPTH {
        return Some(perft(pos, depth));
    }
    let mut total = 0u64;
    for m in &pos.legal_moves() {
        let mut child = *pos;
        child.play_unchecked(*m);
        total += perft_stoppable(&child, depth - 1, stop)?;
    }
    Some(total)
}

/// [`divide`] on `threads` threads: calls `f(move, nodes)` once for each legal move of the
/// root, with the perft count of `depth - 1` below it, and returns the total.
///
/// `f` is called as soon as a root move's subtree is finished, **from whichever thread
/// finished it**, so the calls come in no fixed order (sort them if you print them). That
/// makes it usable for progress reports. Depth 0 calls nothing and returns 1, as [`divide`]
/// does. Threads are started as [`perft_parallel`] starts them: never more than the machine
/// can run at once or than there are subtrees, whatever `threads` asks; 0 means one per
/// core. `threads` of 1 runs [`divide`] on the calling thread.
///
/// # Panics
///
/// As [`divide`] does: if `depth` is more than [`MAX_PERFT_DEPTH`](crate::MAX_PERFT_DEPTH)
/// (checked on the calling thread before any thread starts).
///
/// ```
/// use std::sync::Mutex;
/// use turkish_draughts::{divide, divide_parallel, Position};
/// let pos = Position::start();
/// let lines = Mutex::new(Vec::new());
/// let total = divide_parallel(&pos, 4, 2, |m, n| lines.lock().unwrap().push((m, n)));
/// let mut lines = lines.into_inner().unwrap();
/// lines.sort();
/// let mut expected = Vec::new();
/// assert_eq!(divide(&pos, 4, |m, n| expected.push((m, n))), total);
/// expected.sort();
/// assert_eq!(lines, expected);
/// ```
pub fn divide_parallel(
    pos: &Position,
    depth: u32,
    threads: usize,
    f: impl Fn(Move, u64) + Sync,
) -> u64 {
    if usable_threads(threads) <= 1 || depth < 2 {
        return divide(pos, depth, f);
    }
    // Without a stop flag the search always finishes.
    divide_parallel_inner(pos, depth, threads, f, None).unwrap_or(0)
}

/// [`divide_parallel`], its threads giving up when `stop` (if any) is set: `None` then.
/// `threads` is more than 1 and `depth` at least 2.
fn divide_parallel_inner(
    pos: &Position,
    depth: u32,
    threads: usize,
    f: impl Fn(Move, u64) + Sync,
    stop: Option<&AtomicBool>,
) -> Option<u64> {
    let threads = usable_threads(threads);
    if depth > crate::MAX_PERFT_DEPTH {
        panic!("{}", crate::PerftDepthError { depth });
    }
    let roots = pos.legal_moves();
    let mut tasks: Vec<Task> = roots
        .iter()
        .enumerate()
        .map(|(root, m)| {
            let mut child = *pos;
            child.play_unchecked(*m);
            Task {
                pos: child,
                depth: depth - 1,
                root,
            }
        })
        .collect();
    let target = threads.saturating_mul(TASKS_PER_THREAD).min(MAX_TASKS);
    while tasks.len() < target && tasks.first().is_some_and(|t| t.depth > MIN_TASK_DEPTH) {
        tasks = split(&tasks);
    }

    // Per root move: the nodes counted so far and the subtrees still to count.
    let nodes: Vec<AtomicU64> = roots.iter().map(|_| AtomicU64::new(0)).collect();
    let pending: Vec<AtomicUsize> = roots.iter().map(|_| AtomicUsize::new(0)).collect();
    for t in &tasks {
        pending[t.root].fetch_add(1, Ordering::Relaxed);
    }
    // A root move whose subtrees all ended before `depth` has no task left: it counts 0.
    for (root, m) in roots.iter().enumerate() {
        if pending[root].load(Ordering::Relaxed) == 0 {
            f(*m, 0);
        }
    }

    let next = AtomicUsize::new(0);
    let work = || {
        let mut total = 0u64;
        loop {
            let i = next.fetch_add(1, Ordering::Relaxed);
            let Some(t) = tasks.get(i) else {
                return Some(total);
            };
            let n = match stop {
                None => perft(&t.pos, t.depth),
                Some(stop) => perft_stoppable(&t.pos, t.depth, stop)?,
            };
            total += n;
            nodes[t.root].fetch_add(n, Ordering::AcqRel);
            // The thread that finishes a root move's last subtree reports it; the AcqRel
            // pair makes every other thread's count for that root visible here.
            if pending[t.root].fetch_sub(1, Ordering::AcqRel) == 1 {
                f(roots[t.root], nodes[t.root].load(Ordering::Acquire));
            }
        }
    };
    let helpers = threads.min(tasks.len()).saturating_sub(1);
    thread::scope(|s| {
        let handles: Vec<_> = (0..helpers)
            .filter_map(|_| thread::Builder::new().spawn_scoped(s, work).ok())
            .collect();
        let mut total = work();
        for h in handles {
            match h.join() {
                Ok(n) => total = total.zip(n).map(|(a, b)| a + b),
                Err(panic) => std::panic::resume_unwind(panic),
            }
        }
        total
    })
}

/// The threads worth starting for a request of `threads`: no more than the machine can run
/// at once (1 when it cannot tell), and that many for 0.
fn usable_threads(threads: usize) -> usize {
    let cores = thread::available_parallelism().map_or(1, core::num::NonZero::get);
    if threads == 0 {
        cores
    } else {
        threads.min(cores)
    }
}

/// One ply deeper: every task replaced by its children. A task without legal moves counts 0
/// and leaves no child.
fn split(tasks: &[Task]) -> Vec<Task> {
    let mut out = Vec::new();
    for t in tasks {
        for m in &t.pos.legal_moves() {
            let mut child = t.pos;
            child.play_unchecked(*m);
            out.push(Task {
                pos: child,
                depth: t.depth - 1,
                root: t.root,
            });
        }
    }
    out
}
