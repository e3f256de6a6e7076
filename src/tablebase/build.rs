//! The builder: retrograde analysis, a pair of materials at a time.

use std::fs;
use std::io::Write;
use std::path::PathBuf;
use std::string::String;
use std::sync::Arc;
use std::time::{Duration, Instant};
use std::vec::Vec;
use std::{format, vec};

use super::domain::Domain;
use super::error::BuildError;
use super::format::{self, Header, Kind, Scheme, TableFile};
use super::held::{Held, HeldBuilder, Tables};
use super::material::Material;
use super::probe::file_error;
use super::solve::{self, Solved};
use super::{Metric, file_name, file_name_of, resolve};
use crate::{Position, RuleSet};

/// The most pieces [`Builder::build`] accepts.
pub const MAX_BUILD_PIECES: u32 = 6;

/// A callback that is told how a build goes (see [`Builder::on_progress`]).
type ProgressFn = Arc<dyn Fn(&Progress) + Send + Sync>;

/// Builds the tables of a rule set into a directory.
///
/// ```
/// use turkish_draughts::RuleSet;
/// use turkish_draughts::tablebase::{Builder, Tablebase, Wdl};
/// # let dir = std::env::temp_dir().join(format!("td-doc-builder-{}", std::process::id()));
/// let report = Builder::new(RuleSet::Tudaf, &dir).threads(1).build(2)?;
/// assert_eq!(report.built.len(), 4); // KvK, KvM, MvK, MvM
/// let tb = Tablebase::open(&dir, RuleSet::Tudaf)?;
/// let pos = turkish_draughts::Position::from_fen("W:Wd3:Bd6", RuleSet::Tudaf)?;
/// assert_eq!(tb.probe_wdl(&pos)?, Wdl::Draw); // one piece each: a draw at once
/// # std::fs::remove_dir_all(&dir)?;
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone)]
pub struct Builder {
    rules: RuleSet,
    dir: PathBuf,
    threads: usize,
    progress: Option<ProgressFn>,
}

impl core::fmt::Debug for Builder {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("Builder")
            .field("rules", &self.rules)
            .field("dir", &self.dir)
            .field("threads", &self.threads)
            .field("progress", &self.progress.is_some())
            .finish()
    }
}

/// What a [`Builder::build`] did.
///
/// ```
/// use turkish_draughts::RuleSet;
/// use turkish_draughts::tablebase::Builder;
/// # let dir = std::env::temp_dir().join(format!("td-doc-report-{}", std::process::id()));
/// let first = Builder::new(RuleSet::Default, &dir).build(2)?;
/// let again = Builder::new(RuleSet::Default, &dir).build(2)?;
/// assert!(again.built.is_empty());
/// assert_eq!(again.present.len(), first.built.len());
/// # std::fs::remove_dir_all(&dir)?;
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, Default)]
#[non_exhaustive]
pub struct BuildReport {
    /// The materials built by this call, by name (such as `KMvK`), in build order.
    pub built: Vec<String>,
    /// The materials whose files were already there and valid, not rebuilt.
    pub present: Vec<String>,
    /// The index entries solved by this call (positions with White to move, counting the
    /// entries that put two pieces on one square).
    pub positions: u64,
    /// The time the call took.
    pub elapsed: Duration,
}

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
}

/// How far a build has come, handed to the callback of [`Builder::on_progress`].
///
/// ```
/// use std::sync::{Arc, Mutex};
/// use turkish_draughts::RuleSet;
/// use turkish_draughts::tablebase::{Builder, Progress};
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
/// # std::fs::remove_dir_all(&dir)?;
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug)]
#[non_exhaustive]
pub struct Progress {
    /// The slice being built and what is being done to it; `None` once the build is over.
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

    /// The time the entries left would take at [`entries_per_second`]
    /// (Progress::entries_per_second), or `None` before there is a rate.
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

impl Builder {
    /// A builder for `rules` writing into `dir` (created if missing), on every core, telling
    /// no one how it goes (see [`on_progress`](Builder::on_progress)).
    ///
    /// ```
    /// use turkish_draughts::RuleSet;
    /// use turkish_draughts::tablebase::Builder;
    /// let b = Builder::new(RuleSet::Default, "tables").threads(2);
    /// # let _ = b;
    /// ```
    pub fn new(rules: RuleSet, dir: impl Into<PathBuf>) -> Builder {
        Builder {
            rules,
            dir: dir.into(),
            threads: 0,
            progress: None,
        }
    }

    /// The number of threads (0, the default, means every core).
    ///
    /// ```
    /// use turkish_draughts::{RuleSet, tablebase::Builder};
    /// let b = Builder::new(RuleSet::Default, "tables").threads(1);
    /// # let _ = b;
    /// ```
    #[must_use]
    pub fn threads(mut self, threads: usize) -> Builder {
        self.threads = threads;
        self
    }

    /// Calls `f` as the build goes: when a slice starts and ends, and as its stages go (a
    /// few times a second at most during its first look). `f` runs on the build's threads,
    /// and the build waits for it: keep it short. The builder itself prints nothing.
    ///
    /// See [`Progress`] for an example.
    #[must_use]
    pub fn on_progress(mut self, f: impl Fn(&Progress) + Send + Sync + 'static) -> Builder {
        self.progress = Some(Arc::new(f));
        self
    }

    /// The threads to use.
    pub(crate) fn thread_count(&self) -> usize {
        if self.threads == 0 {
            std::thread::available_parallelism().map_or(1, |n| n.get())
        } else {
            self.threads
        }
    }

    /// Builds every table of 2 to `max_pieces` pieces that is not already in the directory
    /// (a file is kept when it is complete and valid; a build killed half way starts again
    /// at the first slice it had not finished). Each material's two files (WDL and DTW) are
    /// written under a temporary name and renamed when complete.
    ///
    /// A build holds the slice being solved at four bytes an index entry, the finished
    /// tables with fewer pieces at a byte an entry, and of the tables with `max_pieces`
    /// pieces only those that a slice still to come reads through a crowning (see
    /// [`Plan`](super::Plan) for each slice's size).
    ///
    /// ```
    /// use turkish_draughts::{RuleSet, tablebase::{BuildError, Builder}};
    /// let err = Builder::new(RuleSet::Default, "tables").build(9).unwrap_err();
    /// assert!(matches!(err, BuildError::TooManyPieces { asked: 9, .. }));
    /// ```
    ///
    /// # Errors
    ///
    /// [`BuildError::TooManyPieces`] past [`MAX_BUILD_PIECES`]; [`BuildError::Io`] when the
    /// directory or a file cannot be written.
    pub fn build(&self, max_pieces: u32) -> Result<BuildReport, BuildError> {
        if max_pieces > MAX_BUILD_PIECES {
            return Err(BuildError::TooManyPieces {
                asked: max_pieces,
                max: MAX_BUILD_PIECES,
            });
        }
        self.create_dir()?;
        let threads = self.thread_count();
        let pairs = build_order(max_pieces);
        let last_use = last_crowning_use(&pairs, max_pieces);
        let mut progress = Tracker::new(self.progress.clone(), &pairs);
        let mut tables = Tables::default();
        let mut report = BuildReport::default();
        for (n, pair) in pairs.iter().enumerate() {
            let top = pair[0].pieces() == max_pieces;
            // Whether the pair's tables are read by a pair still to come: every table with
            // fewer pieces (a capture's child), and of the most pieces those a crowning
            // reaches.
            let kept = |m: &Material| !top || last_use.get(m).is_some_and(|&l| l > n);
            let name = pair_name(pair);
            if self.pair_present(pair) {
                progress.stage(&name, Stage::Reading);
                for &m in pair.iter().filter(|m| kept(m)) {
                    tables.insert(m, self.load(m)?);
                }
                report.present.extend(pair.iter().map(|m| m.name()));
                progress.done(pair, false);
            } else {
                if top {
                    progress.stage(&name, Stage::Reading);
                    for m in crowned(pair) {
                        if !tables.has(m) {
                            tables.insert(m, self.load(m)?);
                        }
                    }
                }
                let mut solved = self.solve(pair, &tables, threads, &name, &progress)?;
                progress.stage(&name, Stage::Writing);
                self.write_pair(&solved, threads)?;
                for (s, &m) in pair.iter().enumerate() {
                    if kept(&m) {
                        let mut b = HeldBuilder::new(solved.len(s));
                        solved.drain_codes(s, |codes| b.extend(codes));
                        tables.insert(m, b.finish(true));
                    }
                }
                drop(solved);
                report.built.extend(pair.iter().map(|m| m.name()));
                report.positions += pair_size(pair);
                progress.done(pair, true);
            }
            if top {
                // The tables of the most pieces no pair to come reads.
                for m in crowned(pair) {
                    if last_use.get(&m).is_none_or(|&l| l <= n) {
                        tables.remove(m);
                    }
                }
            }
        }
        progress.finish();
        report.elapsed = progress.elapsed();
        Ok(report)
    }

    /// Creates the directory.
    pub(crate) fn create_dir(&self) -> Result<(), BuildError> {
        fs::create_dir_all(&self.dir).map_err(|source| BuildError::Io {
            path: self.dir.clone(),
            source,
        })
    }

    /// Solves a pair with the finished tables `tables` (every table its captures and
    /// crownings reach).
    fn solve(
        &self,
        pair: &[Material],
        tables: &Tables,
        threads: usize,
        name: &str,
        progress: &Tracker,
    ) -> Result<Solved, BuildError> {
        let exit = |p: &Position| tables.value(p);
        let stage = |s: Stage| progress.stage(name, s);
        let domains: Vec<Domain> = pair.iter().map(|&m| Domain::whole(m)).collect();
        solve::solve(self.rules, &domains, &exit, threads, &stage)
    }

    /// Whether every file of the pair is there, valid and of the current format version.
    pub(crate) fn pair_present(&self, pair: &[Material]) -> bool {
        pair.iter().all(|&m| {
            [Metric::Wdl, Metric::Dtw].into_iter().all(|metric| {
                self.open(m, metric, Scheme::Whole)
                    .is_ok_and(|f| f.check_all().is_ok())
            })
        })
    }

    /// A file of this builder's directory, opened and checked against what it should hold.
    pub(crate) fn open(
        &self,
        m: Material,
        kind: impl Into<Kind>,
        scheme: Scheme,
    ) -> Result<TableFile, BuildError> {
        let kind = kind.into();
        let path = self.dir.join(file_name_of(m, self.rules, kind, scheme));
        let expect = Header {
            rules: self.rules,
            kind,
            material: m,
            scheme,
            entries: Domain::of(m, scheme).size(),
            per_block: 0,
            blocks: 0,
            per_group: 0,
            data_len: 0,
        };
        TableFile::open(&path, &expect).map_err(|r| BuildError::Unreadable {
            error: file_error(path, r),
        })
    }

    /// A material's table read back from its two files: every entry the files store; the
    /// entries left to their captures hold whatever the encoder put there ([`Tables::value`]
    /// answers those from their children).
    pub(crate) fn load(&self, m: Material) -> Result<Held, BuildError> {
        let read = |metric: Metric| -> Result<Vec<u16>, BuildError> {
            let file = self.open(m, metric, Scheme::Whole)?;
            file.decode_all().map_err(|r| BuildError::Unreadable {
                error: file_error(self.dir.join(file_name(m, self.rules, metric)), r),
            })
        };
        let (wdl, dtw) = (read(Metric::Wdl)?, read(Metric::Dtw)?);
        Ok(Held::new(&resolve::combine(&wdl, dtw), false))
    }

    /// Writes a solved pair's files, encoded on up to `threads` threads: each material's WDL
    /// and DTW files, or for a rank slice each side's values (with the entries no probe
    /// reads marked) until the material's files are put together.
    pub(crate) fn write_pair(&self, solved: &Solved, threads: usize) -> Result<(), BuildError> {
        let mut jobs: Vec<(usize, Domain, Kind)> = Vec::new();
        for (s, d) in solved.domains().enumerate() {
            if d.is_rank_slice() {
                jobs.push((s, d, Kind::Codes));
            } else {
                jobs.push((s, d, Kind::Wdl));
                jobs.push((s, d, Kind::Dtw));
            }
        }
        let encode = |&(s, d, kind): &(usize, Domain, Kind)| {
            let len = solved.len(s) as u64;
            format::encode_with(self.rules, kind, d.m, d.scheme(), len, |first, block| {
                solved.stored(s, first, block);
            })
            .map_err(BuildError::Internal)
        };
        let encoded: Vec<Result<Vec<u8>, BuildError>> = if threads <= 1 {
            jobs.iter().map(encode).collect()
        } else {
            std::thread::scope(|scope| {
                let handles: Vec<_> = jobs
                    .chunks(jobs.len().div_ceil(threads.min(jobs.len())))
                    .map(|part| scope.spawn(move || part.iter().map(encode).collect::<Vec<_>>()))
                    .collect();
                handles
                    .into_iter()
                    .flat_map(|h| {
                        h.join().unwrap_or_else(|_| {
                            vec![Err(BuildError::Internal("an encoder thread failed".into()))]
                        })
                    })
                    .collect()
            })
        };
        for (&(_, d, kind), bytes) in jobs.iter().zip(encoded) {
            let name = file_name_of(d.m, self.rules, kind, d.scheme());
            self.write(&name, &bytes?)?;
        }
        Ok(())
    }

    /// Writes one file under a temporary name first, then renames it.
    fn write(&self, name: &str, bytes: &[u8]) -> Result<(), BuildError> {
        let path = self.dir.join(name);
        // A name of this process's and this moment's: two builders of one slice (a retried
        // task beside one thought lost) never write into one file.
        let stamp = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| d.subsec_nanos());
        let tmp = self
            .dir
            .join(format!("{name}.{}-{stamp}.tmp", std::process::id()));
        let io = |source| BuildError::Io {
            path: tmp.clone(),
            source,
        };
        {
            // Closed before the rename.
            let mut f = fs::File::create(&tmp).map_err(io)?;
            f.write_all(bytes).map_err(io)?;
            f.sync_all().map_err(io)?;
        }
        fs::rename(&tmp, &path).map_err(|source| BuildError::Io { path, source })
    }

    pub(crate) fn rules_of(&self) -> RuleSet {
        self.rules
    }

    pub(crate) fn dir_of(&self) -> &std::path::Path {
        &self.dir
    }

    /// Solves `pair` with the tables of `inputs` (every material a capture or crowning of
    /// the pair leads to) read from the directory, and writes its files.
    pub(crate) fn solve_and_write(
        &self,
        pair: &[Material],
        inputs: &[Material],
    ) -> Result<(), BuildError> {
        let threads = self.thread_count();
        let mut progress = Tracker::new(self.progress.clone(), &[pair.to_vec()]);
        let name = pair_name(pair);
        progress.stage(&name, Stage::Reading);
        let mut tables = Tables::default();
        for &m in inputs {
            tables.insert(m, self.load(m)?);
        }
        let solved = self.solve(pair, &tables, threads, &name, &progress)?;
        drop(tables);
        progress.stage(&name, Stage::Writing);
        self.write_pair(&solved, threads)?;
        progress.done(pair, true);
        progress.finish();
        Ok(())
    }
}

/// Tells the progress callback, if any, how the build goes.
struct Tracker {
    f: Option<ProgressFn>,
    start: Instant,
    state: std::sync::Mutex<Progress>,
}

impl Tracker {
    fn new(f: Option<ProgressFn>, pairs: &[Vec<Material>]) -> Tracker {
        Tracker {
            f,
            start: Instant::now(),
            state: std::sync::Mutex::new(Progress {
                slice: None,
                slices_done: 0,
                slices_total: pairs.len(),
                entries_done: 0,
                entries_total: pairs.iter().map(|p| pair_size(p)).sum(),
                entries_solved: 0,
                elapsed: Duration::ZERO,
            }),
        }
    }

    fn elapsed(&self) -> Duration {
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

    fn stage(&self, name: &str, stage: Stage) {
        self.update(|p| p.slice = Some((name.into(), stage)));
    }

    fn done(&mut self, pair: &[Material], solved: bool) {
        self.update(|p| {
            p.slice = None;
            p.slices_done += 1;
            p.entries_done += pair_size(pair);
            if solved {
                p.entries_solved += pair_size(pair);
            }
        });
    }

    fn finish(&self) {
        self.update(|p| p.slice = None);
    }
}

/// The materials of the most pieces that a pair's crownings reach (each crowning's child
/// has the other side to move, so it is read in its colour swap's table).
fn crowned(pair: &[Material]) -> Vec<Material> {
    let mut out = Vec::new();
    for m in pair {
        let [wm, wk, bm, bk] = m.counts;
        if wm > 0 {
            let c = Material {
                counts: [wm - 1, wk + 1, bm, bk],
            }
            .swapped();
            if !out.contains(&c) {
                out.push(c);
            }
        }
    }
    out
}

/// For each material of `max_pieces` pieces, the place in `pairs` of the last pair whose
/// crownings read it.
fn last_crowning_use(
    pairs: &[Vec<Material>],
    max_pieces: u32,
) -> std::collections::HashMap<Material, usize> {
    let mut last = std::collections::HashMap::new();
    for (n, pair) in pairs.iter().enumerate() {
        if pair[0].pieces() == max_pieces {
            for m in crowned(pair) {
                last.insert(m, n);
            }
        }
    }
    last
}

/// The pairs of materials (a material and its colour swap, solved together because each
/// side's moves lead into the other's table) in an order where every capture and
/// crowning leads to a table already built: fewer pieces first; then by how the pieces
/// are shared between the sides, by the second side's men, then the first side's (a
/// crowning takes a man from one side, so it leads to a pair just before, in this order
/// or the one before it, which keeps few finished tables of the most pieces in memory).
pub(crate) fn build_order(max_pieces: u32) -> Vec<Vec<Material>> {
    let mut pairs: Vec<Vec<Material>> = Vec::new();
    for p in 2..=max_pieces {
        for m in Material::all_with(p) {
            let s = m.swapped();
            if s < m {
                continue;
            }
            pairs.push(if s == m { vec![m] } else { vec![m, s] });
        }
    }
    pairs.sort_by_key(|p| {
        // The pair's material with no more pieces on the first side than on the second.
        let m = p
            .iter()
            .copied()
            .find(|m| m.counts[0] + m.counts[1] <= m.counts[2] + m.counts[3])
            .unwrap_or(p[0]);
        let [wm, wk, bm, _] = m.counts;
        (m.pieces(), wm + wk, bm, wm, p[0])
    });
    pairs
}

pub(crate) fn pair_size(pair: &[Material]) -> u64 {
    pair.iter().map(|m| m.size()).sum()
}

/// A pair's slice name.
pub(crate) fn pair_name(pair: &[Material]) -> String {
    pair.iter().map(|m| m.name()).collect::<Vec<_>>().join("+")
}

/// The build order's materials, for the `stats` and `verify` tools.
pub(crate) fn all_materials(max_pieces: u32) -> Vec<Material> {
    build_order(max_pieces).into_iter().flatten().collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every pair comes after the pairs its captures and crownings read.
    #[test]
    fn build_order_reads_only_pairs_before() {
        let pairs = build_order(6);
        let place = |m: Material| pairs.iter().position(|p| p.contains(&m)).unwrap();
        for (n, pair) in pairs.iter().enumerate() {
            for c in crowned(pair) {
                assert!(place(c) < n, "{} reads {}", pair_name(pair), c.name());
            }
        }
        let sizes: Vec<u32> = pairs.iter().map(|p| p[0].pieces()).collect();
        assert!(sizes.windows(2).all(|w| w[0] <= w[1]));
    }
}
