//! The solver's threads: started once for a whole solve, they take one job after another
//! (the first look, then each level), each job's chunks handed out by stretches.
//!
//! A solve runs many short jobs (a small pair's level takes a millisecond or less). Threads
//! started for each job, or put to sleep between jobs, wait to be scheduled again each
//! time, which on a machine with other work costs more than the job. The crew's threads
//! wait for the next job by spinning briefly, then yielding the core for up to half a
//! millisecond, then asleep; the thread that runs the solve takes part in every job as
//! worker 0.
//!
//! Each worker starts on a stretch of chunks of its own and then helps with the others':
//! workers on neighbouring chunks would update the same cache lines of predecessors (an
//! entry's predecessors share its outer groups' part of the index) and pass them back and
//! forth.

use core::sync::atomic::{AtomicBool, AtomicU32, AtomicUsize, Ordering};
use std::boxed::Box;
use std::sync::{Condvar, Mutex};
use std::time::{Duration, Instant};
use std::vec::Vec;

use super::error::BuildError;
use crate::MoveList;

/// What a job does with one chunk: `(job, side, chunk, move list)`.
pub(crate) type Work<'a> =
    dyn Fn(u32, usize, usize, &mut MoveList) -> Result<(), BuildError> + Sync + 'a;

/// Spins before a waiting thread starts yielding the core.
const SPINS: u32 = 1 << 10;
/// How long a worker waits for the next job, spinning then yielding, before it sleeps
/// until woken: longer than the gap between two jobs of a solve, short beside a solve.
const AWAKE: Duration = Duration::from_micros(500);

/// The shared state of a solve's threads.
pub(crate) struct Crew {
    workers: usize,
    /// Every chunk of every side: (side, chunk).
    chunks: Vec<(usize, usize)>,
    /// The first chunk of each worker's stretch, and the end.
    bounds: Vec<usize>,
    /// The next chunk to claim in each stretch.
    claimed: Vec<AtomicUsize>,
    /// The job being run.
    job: AtomicU32,
    /// Bumped for each new job.
    generation: AtomicUsize,
    /// Workers (other than worker 0) done with the current job.
    done: AtomicUsize,
    /// The solve is over: the workers return.
    quit: AtomicBool,
    /// A chunk failed: the job's other chunks are left.
    stop: AtomicBool,
    /// A worker panicked (the panic itself reaches the solve when its threads are joined).
    panicked: AtomicBool,
    failure: Mutex<Option<BuildError>>,
    /// Workers asleep, and where they sleep until a new job or the end.
    sleepers: AtomicUsize,
    bell: (Mutex<()>, Condvar),
}

impl Crew {
    /// A crew of `workers` (at least one) over the chunks of sides with `chunks[s]` chunks.
    pub(crate) fn new(workers: usize, chunks: &[usize]) -> Crew {
        let workers = workers.max(1);
        let chunks: Vec<(usize, usize)> = chunks
            .iter()
            .enumerate()
            .flat_map(|(s, &n)| (0..n).map(move |c| (s, c)))
            .collect();
        let bounds: Vec<usize> = (0..=workers).map(|t| t * chunks.len() / workers).collect();
        let claimed = bounds[..workers]
            .iter()
            .map(|&b| AtomicUsize::new(b))
            .collect();
        Crew {
            workers,
            chunks,
            bounds,
            claimed,
            job: AtomicU32::new(0),
            generation: AtomicUsize::new(0),
            done: AtomicUsize::new(0),
            quit: AtomicBool::new(false),
            stop: AtomicBool::new(false),
            panicked: AtomicBool::new(false),
            failure: Mutex::new(None),
            sleepers: AtomicUsize::new(0),
            bell: (Mutex::new(()), Condvar::new()),
        }
    }

    /// The number of workers, worker 0 (the solve's own thread) included.
    pub(crate) fn workers(&self) -> usize {
        self.workers
    }

    /// Worker `id`'s life (1 and up, on a thread of its own): each job as it comes, until
    /// [`quit`](Crew::quit).
    pub(crate) fn serve(&self, id: usize, work: &Work<'_>) {
        let mut list = Box::new(MoveList::new());
        let mut seen = 0;
        while let Some(generation) = self.next_job(seen) {
            seen = generation;
            // Counted as done even if the job panics, so that worker 0 does not wait for it.
            let _done = Done(self);
            self.take_part(id, self.job.load(Ordering::Acquire), work, &mut list);
        }
    }

    /// Waits for a job after job `seen` (spinning, then yielding, then asleep) and gives
    /// its number, or `None` when the crew is told to quit.
    fn next_job(&self, seen: usize) -> Option<usize> {
        let (mut spins, began) = (0u32, Instant::now());
        loop {
            let g = self.generation.load(Ordering::Acquire);
            if g != seen {
                return Some(g);
            }
            if self.quit.load(Ordering::Acquire) {
                return None;
            }
            if spins < SPINS {
                spins += 1;
                core::hint::spin_loop();
            } else if began.elapsed() < AWAKE {
                std::thread::yield_now();
            } else {
                // Asleep: counted first, then the job looked at again under the lock that
                // `run` and `quit` take to ring, so that no ring is missed.
                let (lock, bell) = &self.bell;
                let Ok(mut guard) = lock.lock() else {
                    return None;
                };
                self.sleepers.fetch_add(1, Ordering::SeqCst);
                while self.generation.load(Ordering::SeqCst) == seen
                    && !self.quit.load(Ordering::SeqCst)
                {
                    guard = match bell.wait(guard) {
                        Ok(g) => g,
                        Err(_) => break,
                    };
                }
                self.sleepers.fetch_sub(1, Ordering::SeqCst);
            }
        }
    }

    /// Wakes the workers asleep.
    fn ring(&self) {
        if self.sleepers.load(Ordering::SeqCst) > 0 {
            let (lock, bell) = &self.bell;
            let _guard = lock.lock();
            bell.notify_all();
        }
    }

    /// Runs `job` on every worker, this thread as worker 0, and waits for all of them.
    pub(crate) fn run(
        &self,
        job: u32,
        work: &Work<'_>,
        list: &mut MoveList,
    ) -> Result<(), BuildError> {
        if self.panicked.load(Ordering::Acquire) {
            return Err(BuildError::Internal("a solver thread panicked".into()));
        }
        for (claimed, &first) in self.claimed.iter().zip(&self.bounds) {
            claimed.store(first, Ordering::Relaxed);
        }
        self.stop.store(false, Ordering::Relaxed);
        self.done.store(0, Ordering::Relaxed);
        self.job.store(job, Ordering::Relaxed);
        self.generation.fetch_add(1, Ordering::SeqCst);
        self.ring();
        self.take_part(0, job, work, list);
        let mut spins = 0u32;
        while self.done.load(Ordering::Acquire) < self.workers - 1 {
            if spins < SPINS {
                spins += 1;
                core::hint::spin_loop();
            } else {
                std::thread::yield_now();
            }
        }
        if self.panicked.load(Ordering::Acquire) {
            return Err(BuildError::Internal("a solver thread panicked".into()));
        }
        match self.failure.lock().ok().and_then(|mut f| f.take()) {
            Some(e) => Err(e),
            None => Ok(()),
        }
    }

    /// Tells the workers to return once they are done.
    pub(crate) fn quit(&self) {
        self.quit.store(true, Ordering::SeqCst);
        self.ring();
    }

    /// Worker `id`'s part of a job: the chunks of its stretch, then those left in the
    /// others'.
    fn take_part(&self, id: usize, job: u32, work: &Work<'_>, list: &mut MoveList) {
        for t in (id..self.workers).chain(0..id) {
            loop {
                if self.stop.load(Ordering::Relaxed) {
                    return;
                }
                let k = self.claimed[t].fetch_add(1, Ordering::Relaxed);
                if k >= self.bounds[t + 1] {
                    break;
                }
                let Some(&(s, c)) = self.chunks.get(k) else {
                    break;
                };
                if let Err(e) = work(job, s, c, list) {
                    if let Ok(mut f) = self.failure.lock() {
                        f.get_or_insert(e);
                    }
                    self.stop.store(true, Ordering::Relaxed);
                    return;
                }
            }
        }
    }
}

/// Counts a worker done with its job when dropped, and notes a panic.
struct Done<'a>(&'a Crew);

impl Drop for Done<'_> {
    fn drop(&mut self) {
        if std::thread::panicking() {
            self.0.panicked.store(true, Ordering::Release);
            self.0.stop.store(true, Ordering::Relaxed);
        }
        self.0.done.fetch_add(1, Ordering::Release);
    }
}

/// Tells the crew to quit when dropped: the solve's thread leaving the solve, by its end,
/// an error or a panic, never leaves the workers waiting.
pub(crate) struct QuitOnDrop<'a>(pub(crate) &'a Crew);

impl Drop for QuitOnDrop<'_> {
    fn drop(&mut self) {
        self.0.quit();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every chunk of every job is worked on exactly once, whatever the number of workers,
    /// and a failing chunk's error is the job's.
    #[test]
    fn each_chunk_once_per_job() {
        for workers in 1..=4 {
            let sides = [37, 5, 0, 12];
            let total: usize = sides.iter().sum();
            let crew = Crew::new(workers, &sides);
            let seen: Vec<AtomicU32> = (0..total * 3).map(|_| AtomicU32::new(0)).collect();
            let offsets = [0, 37, 42, 42];
            let work = |job: u32, s: usize, c: usize, _: &mut MoveList| {
                if job == 99 && s == 3 && c == 7 {
                    return Err(BuildError::Internal("chunk 7".into()));
                }
                if job < 3 {
                    seen[job as usize * total + offsets[s] + c].fetch_add(1, Ordering::Relaxed);
                }
                Ok(())
            };
            let result = std::thread::scope(|scope| {
                let _quit = QuitOnDrop(&crew);
                for id in 1..crew.workers() {
                    let (crew, work) = (&crew, &work);
                    scope.spawn(move || crew.serve(id, work));
                }
                let mut list = Box::new(MoveList::new());
                let mut results = Vec::new();
                for job in [0, 1, 99, 2] {
                    results.push(crew.run(job, &work, &mut list));
                }
                results
            });
            assert!(result[0].is_ok() && result[1].is_ok() && result[3].is_ok());
            assert!(matches!(&result[2], Err(BuildError::Internal(m)) if m == "chunk 7"));
            assert!(
                seen.iter().all(|n| n.load(Ordering::Relaxed) == 1),
                "{workers} workers"
            );
        }
    }
}
