//! How a build tells its progress: [`Progress`] and [`Stage`], handed to the callback of
//! [`Builder::on_progress`](super::Builder::on_progress).

use std::string::String;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use super::plan::Slice;

/// A callback that is told how a build goes (see [`Builder::on_progress`](super::Builder::on_progress)).
pub(crate) type ProgressFn = Arc<dyn Fn(&Progress) + Send + Sync>;

/// What a build is doing within a slice (see [`Progress`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum Stage {
    /// Reading the tables the slice depends on from their files.
    Reading,
    /// The first look at every entry (its moves, and the values of the captures and
    /// crownings that leave the slice): `done` of `total` entries.
    Looking {
        /// Entries looked at.
        done: u64,
        /// The slice's entries.
        total: u64,
    },
    /// The retrograde levels: the positions won or lost in this many plies are being made
    /// final.
    Level(u32),
    /// Writing the slice's files.
    Writing,
    /// The slice is finished: its files are written, or were already there. (Small slices
    /// are solved side by side, so the next report may be of another slice's stage.)
    Done,
}

/// How far a build has come, handed to the callback of
/// [`Builder::on_progress`](super::Builder::on_progress).
///
/// ```
/// use std::sync::{Arc, Mutex};
/// use turkish_draughts::RuleSet;
/// use turkish_draughts::tablebase::{Builder, Progress, Stage};
/// # let dir = std::env::temp_dir().join(format!("td-doc-progress-{}", std::process::id()));
/// let seen: Arc<Mutex<Vec<Progress>>> = Arc::default();
/// let log = Arc::clone(&seen);
/// Builder::new(RuleSet::Default, &dir)
///     .on_progress(move |p| log.lock().unwrap().push(p.clone()))
///     .build(2)?;
/// let seen = seen.lock().unwrap();
/// let last = seen.last().unwrap();
/// assert_eq!(last.slices_done, last.slices_total);
/// assert_eq!(last.entries_done, last.entries_total);
/// assert!(last.slice.is_none());
/// // Each slice's end is told once.
/// let ends = seen.iter().filter(|p| matches!(&p.slice, Some((_, Stage::Done))));
/// assert_eq!(ends.count(), last.slices_total);
/// # std::fs::remove_dir_all(&dir)?;
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug)]
#[non_exhaustive]
pub struct Progress {
    /// The slice this report is about and what is being done to it (small slices are
    /// solved side by side: each report names its own); `None` once the build is over.
    pub slice: Option<(String, Stage)>,
    /// Slices finished (built by this call or found present).
    pub slices_done: usize,
    /// Slices in the build.
    pub slices_total: usize,
    /// Index entries of the finished slices.
    pub entries_done: u64,
    /// Index entries of the build.
    pub entries_total: u64,
    /// Index entries solved by this call (the finished slices it built).
    pub entries_solved: u64,
    /// The time since the build started.
    pub elapsed: Duration,
}

impl Progress {
    /// Index entries solved a second so far by this call (0 before the first slice is
    /// finished).
    ///
    /// See [`time_left`](Progress::time_left) for an example.
    pub fn entries_per_second(&self) -> f64 {
        let secs = self.elapsed.as_secs_f64();
        if secs > 0.0 {
            self.entries_solved as f64 / secs
        } else {
            0.0
        }
    }

    /// The time the entries left would take at
    /// [`entries_per_second`](Progress::entries_per_second), or `None` before there is a
    /// rate.
    ///
    /// ```
    /// use std::sync::{Arc, Mutex};
    /// use turkish_draughts::RuleSet;
    /// use turkish_draughts::tablebase::Builder;
    /// # let dir = std::env::temp_dir().join(format!("td-doc-left-{}", std::process::id()));
    /// let last = Arc::new(Mutex::new(None));
    /// let keep = Arc::clone(&last);
    /// Builder::new(RuleSet::Default, &dir)
    ///     .on_progress(move |p| *keep.lock().unwrap() = Some(p.clone()))
    ///     .build(2)?;
    /// let p = last.lock().unwrap().clone().unwrap();
    /// assert!(p.entries_per_second() > 0.0);
    /// assert_eq!(p.time_left(), Some(std::time::Duration::ZERO));
    /// # std::fs::remove_dir_all(&dir)?;
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn time_left(&self) -> Option<Duration> {
        let rate = self.entries_per_second();
        (rate > 0.0).then(|| {
            Duration::from_secs_f64(
                self.entries_total.saturating_sub(self.entries_done) as f64 / rate,
            )
        })
    }
}

/// Tells the progress callback, if any, how the build goes.
pub(crate) struct Tracker {
    f: Option<ProgressFn>,
    start: Instant,
    state: Mutex<Progress>,
}

impl Tracker {
    pub(crate) fn new(f: Option<ProgressFn>, slices: &[Slice]) -> Tracker {
        Tracker {
            f,
            start: Instant::now(),
            state: Mutex::new(Progress {
                slice: None,
                slices_done: 0,
                slices_total: slices.len(),
                entries_done: 0,
                entries_total: slices.iter().map(Slice::positions).sum(),
                entries_solved: 0,
                elapsed: Duration::ZERO,
            }),
        }
    }

    pub(crate) fn elapsed(&self) -> Duration {
        self.start.elapsed()
    }

    fn update(&self, change: impl FnOnce(&mut Progress)) {
        let Some(f) = &self.f else { return };
        let now = {
            let Ok(mut p) = self.state.lock() else { return };
            change(&mut p);
            p.elapsed = self.start.elapsed();
            p.clone()
        };
        f(&now);
    }

    pub(crate) fn stage(&self, name: &str, stage: Stage) {
        self.update(|p| p.slice = Some((name.into(), stage)));
    }

    pub(crate) fn done(&self, name: &str, entries: u64, solved: bool) {
        self.update(|p| {
            p.slice = Some((name.into(), Stage::Done));
            p.slices_done += 1;
            p.entries_done += entries;
            if solved {
                p.entries_solved += entries;
            }
        });
    }

    pub(crate) fn finish(&self) {
        self.update(|p| p.slice = None);
    }
}
