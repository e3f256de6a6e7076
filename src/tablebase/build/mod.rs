//! The builder (the `tablebase-builder` feature): retrograde analysis, a slice at a time.
//!
//! - this file: [`Builder`], which builds every table of a number of pieces in one process;
//! - `order`: the order of a build, each pair of materials after what it reads;
//! - `solve`: the solver of one slice, on every thread, in four bytes an entry;
//! - `schedule`: which slices of a whole build are solved when, small ones side by side;
//! - `crew`: the solver's threads, kept for a whole solve, and how a job's chunks are shared;
//! - `held`: the finished tables a build holds in memory while it reads them;
//! - `progress`: what a build tells its callback;
//! - `plan`: the slices of a build and their estimates, for builds over many processes;
//! - `check`: statistics and verification of built tables;
//! - `children`: what verification reads of a position's children, cheaply;
//! - `error`: [`BuildError`].

mod assemble;
mod check;
mod children;
mod crew;
mod domain;
mod error;
mod held;
mod order;
mod plan;
mod progress;
mod schedule;
mod solve;

pub use check::{MaterialStats, VerifyReport};
pub use error::BuildError;
pub use plan::{
    Estimate, MAX_BUILD_PIECES, NANOS_PER_ENTRY, NANOS_PER_KING, Plan, Slice, SliceKind,
    WORKER_THREADS,
};
pub use progress::{Progress, Stage};

use std::fs;
use std::io::Write;
use std::path::PathBuf;
use std::string::String;
use std::sync::Arc;
use std::time::Duration;
use std::vec::Vec;
use std::{format, vec};

use self::domain::{Domain, rank_digits};
use self::held::{Held, Tables};
use self::progress::{ProgressFn, Tracker};
use self::solve::Solved;
use super::format::{self, Header, Kind, Scheme, Summary, TableFile, file_name};
use super::material::Material;
use super::probe::file_error;
use super::value::{Code, Metric};
use crate::{Position, RuleSet};

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
    split_above: u64,
    memory_limit: Option<u64>,
}

impl core::fmt::Debug for Builder {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("Builder")
            .field("rules", &self.rules)
            .field("dir", &self.dir)
            .field("threads", &self.threads)
            .field("progress", &self.progress.is_some())
            .field("split_above", &self.split_above)
            .field("memory_limit", &self.memory_limit)
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
            split_above: plan::SPLIT_ABOVE,
            memory_limit: None,
        }
    }

    /// Refuses, before it starts, a slice whose estimated peak memory
    /// ([`Slice::memory`]) is over `bytes`: a worker with too little memory for a slice
    /// gets [`BuildError::NotEnoughMemory`] at once, where the slice would otherwise run
    /// until the operating system kills it. [`build`](Builder::build) checks every slice it
    /// has still to build before building any. No limit by default.
    ///
    /// ```
    /// use turkish_draughts::{RuleSet, tablebase::{BuildError, Builder}};
    /// # let dir = std::env::temp_dir().join(format!("td-doc-limit-{}", std::process::id()));
    /// let b = Builder::new(RuleSet::Default, &dir).memory_limit(1 << 20);
    /// let err = b.build(3).unwrap_err();
    /// assert!(matches!(err, BuildError::NotEnoughMemory { limit: 1_048_576, .. }));
    /// assert!(!dir.exists()); // nothing done
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn memory_limit(mut self, bytes: u64) -> Builder {
        self.memory_limit = Some(bytes);
        self
    }

    /// [`BuildError::NotEnoughMemory`] when `s` is estimated to need more than the limit.
    fn check_memory(&self, s: &Slice) -> Result<(), BuildError> {
        match self.memory_limit {
            Some(limit) if s.memory() > limit => Err(BuildError::NotEnoughMemory {
                slice: s.name().into(),
                needed: s.memory(),
                limit,
                splits: s.kind() != SliceKind::Whole || s.has_men(),
            }),
            _ => Ok(()),
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

    /// Whether a slice's files are there and valid: its materials' tables, or a rank
    /// slice's values.
    pub(crate) fn slice_present(&self, s: &Slice) -> bool {
        match s.kind() {
            SliceKind::Ranks => s.domains().iter().all(|d| {
                self.open(d.m, Kind::Codes, d.scheme())
                    .is_ok_and(|f| f.check_all().is_ok())
            }),
            _ => self.pair_present(s.pair()),
        }
    }

    /// Reads a finished slice's tables (or a rank slice's values) from their files into
    /// `tables`.
    fn hold(&self, s: &Slice, tables: &mut Tables) -> Result<(), BuildError> {
        match s.kind() {
            SliceKind::Ranks => {
                for d in s.domains() {
                    tables.insert_part(*d, self.load_part(d)?);
                }
            }
            _ => {
                for &m in s.pair() {
                    if !tables.has(m) {
                        tables.insert(m, self.load(m)?);
                    }
                }
            }
        }
        Ok(())
    }

    /// Creates the directory.
    pub(crate) fn create_dir(&self) -> Result<(), BuildError> {
        fs::create_dir_all(&self.dir).map_err(|source| BuildError::Io {
            path: self.dir.clone(),
            source,
        })
    }

    /// Solves `pair`, one of a slice's solves, with the finished tables `tables` (every
    /// table its captures, crownings and forward moves reach).
    fn solve(
        &self,
        slice: &Slice,
        pair: &[Domain],
        tables: &Tables,
        threads: usize,
        progress: &Tracker,
    ) -> Result<Solved, BuildError> {
        let exit = |p: &Position| tables.value(p);
        let stage = |s: Stage| progress.stage(slice.name(), s);
        solve::solve(self.rules, pair, &exit, threads, &stage)
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
            summary: Summary::default(),
        };
        TableFile::open(&path, &expect).map_err(|r| BuildError::Unreadable {
            error: file_error(path, r),
        })
    }

    /// A material's table read back from its two files: every entry the files store; the
    /// entries left to their captures hold whatever the encoder put there ([`Tables::value`]
    /// answers those from their children).
    pub(crate) fn load(&self, m: Material) -> Result<Held, BuildError> {
        let (wdl, dtw) = (self.decoded(m, Metric::Wdl)?, self.decoded(m, Metric::Dtw)?);
        Ok(Held::new(&held::combine(&wdl, &dtw), false))
    }

    /// The symbols of a material's file of `metric`, in index order.
    fn decoded(&self, m: Material, metric: Metric) -> Result<Vec<u16>, BuildError> {
        let file = self.open(m, metric, Scheme::Whole)?;
        file.decode_all().map_err(|r| BuildError::Unreadable {
            error: file_error(self.dir.join(file_name(m, self.rules, metric)), r),
        })
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
        let summaries: Vec<Summary> = (0..solved.domains().count())
            .map(|s| solved.summary(s))
            .collect();
        let encode = |&(s, d, kind): &(usize, Domain, Kind)| {
            let len = solved.len(s) as u64;
            format::encode_with(
                self.rules,
                kind,
                d.m,
                d.scheme(),
                len,
                summaries[s],
                |first, block| solved.stored(s, first, block),
            )
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

    /// Builds one slice of the plan of up to [`MAX_BUILD_PIECES`] pieces, named as
    /// [`Plan::find`] takes it (`KvKM+KMvK`, or one of its materials, `KMvK`; a rank slice
    /// as `KvKKKKM+KKKKMvK.r-7` or `KKKKMvK.r7-`): reads the tables and values of its
    /// [inputs](Slice::inputs) from the directory (and no other), solves it (or puts its
    /// tables together from its rank slices) and writes its files, each under a temporary
    /// name then renamed. Does nothing when its files are already there and valid. Returns
    /// whether it built the slice. Built in [plan order](Plan::slices), the slices give the
    /// same files, byte for byte, as [`Builder::build`].
    ///
    /// ```
    /// use turkish_draughts::{RuleSet, tablebase::{BuildError, Builder}};
    /// # let dir = std::env::temp_dir().join(format!("td-doc-slice-{}", std::process::id()));
    /// let b = Builder::new(RuleSet::Default, &dir).threads(1);
    /// // KvK reads nothing; KvM+MvK reads KvK (a man crowned against a king).
    /// let err = b.build_slice("MvK").unwrap_err();
    /// assert!(matches!(&err, BuildError::MissingInput { input, .. } if input == "KvK"));
    /// for s in b.plan(2)?.slices() {
    ///     assert!(b.build_slice(s.name())?);
    /// }
    /// assert!(!b.build_slice("KvM")?); // already there
    /// let err = b.build_slice("KvX").unwrap_err();
    /// assert!(matches!(err, BuildError::UnknownSlice { .. }));
    /// # std::fs::remove_dir_all(&dir)?;
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// # Errors
    ///
    /// [`BuildError::UnknownSlice`] for a name that is no slice, [`BuildError::MissingInput`]
    /// when an input's files are not in the directory, [`BuildError::Io`] when a file
    /// cannot be written, [`BuildError::NotEnoughMemory`] when the slice is estimated to
    /// need more than [`memory_limit`](Builder::memory_limit).
    pub fn build_slice(&self, name: &str) -> Result<bool, BuildError> {
        let unknown = || BuildError::UnknownSlice { name: name.into() };
        // The plan up to the slice's pieces (its first material's).
        let pieces = plan::first_material(name)
            .map(Material::pieces)
            .ok_or_else(unknown)?;
        let plan = self.plan(pieces)?;
        let slice = plan.find(name).ok_or_else(unknown)?;
        if self.slice_present(slice) {
            return Ok(false);
        }
        self.check_memory(slice)?;
        self.create_dir()?;
        let inputs = self.inputs_of(&plan, slice)?;
        let threads = self.thread_count();
        let progress = Tracker::new(self.progress.clone(), core::slice::from_ref(slice));
        progress.stage(slice.name(), Stage::Reading);
        if slice.kind() == SliceKind::Assembly {
            progress.stage(slice.name(), Stage::Writing);
            self.assemble(slice, &plan)?;
        } else {
            let mut tables = Tables::default();
            for s in inputs {
                self.hold(s, &mut tables)?;
            }
            // Each entry of the tables its captures reach where the side to move must
            // capture gets its captures' value first, once: a capture's child is then one
            // read in the first look, not a search through the child's own captures
            // (tables read back from files leave those entries to their captures).
            children::settle_domains(slice.domains(), &mut tables, self.rules, threads);
            self.solve_slice(slice, &tables, threads, &progress, false)?;
        }
        progress.done(slice.name(), slice.positions(), true);
        progress.finish();
        Ok(true)
    }

    /// The inputs of `slice` in `plan`, each with its files in the directory.
    fn inputs_of<'p>(&self, plan: &'p Plan, slice: &Slice) -> Result<Vec<&'p Slice>, BuildError> {
        let mut inputs = Vec::new();
        for input in slice.inputs() {
            let s = plan
                .find(input)
                .ok_or_else(|| BuildError::Internal(format!("no slice {input}")))?;
            self.require(slice, s)?;
            inputs.push(s);
        }
        Ok(inputs)
    }

    /// [`BuildError::MissingInput`] when the files of `s`, which `slice` reads, are not
    /// all in the directory ([`BuildError::MissingSlice`] when `s` is `slice`).
    pub(crate) fn require(&self, slice: &Slice, s: &Slice) -> Result<(), BuildError> {
        let missing = self.missing_files(s);
        if missing.is_empty() {
            return Ok(());
        }
        if slice.name() == s.name() {
            return Err(BuildError::MissingSlice {
                slice: slice.name().into(),
                dir: self.dir.clone(),
                files: missing.join(", "),
            });
        }
        Err(BuildError::MissingInput {
            slice: slice.name().into(),
            input: s.name().into(),
            dir: self.dir.clone(),
            files: missing.join(", "),
        })
    }

    /// The files of a slice that are not in the directory or cannot be opened.
    fn missing_files(&self, s: &Slice) -> Vec<String> {
        let mut out = Vec::new();
        let mut check = |m: Material, kind: Kind, scheme: Scheme| {
            if self.open(m, kind, scheme).is_err() {
                out.push(file_name_of(m, self.rules, kind, scheme));
            }
        };
        match s.kind() {
            SliceKind::Ranks => {
                for d in s.domains() {
                    check(d.m, Kind::Codes, d.scheme());
                }
            }
            _ => {
                for &m in s.pair() {
                    check(m, Kind::Wdl, Scheme::Whole);
                    check(m, Kind::Dtw, Scheme::Whole);
                }
            }
        }
        out
    }

    /// The files of a material's table that are not in the directory or cannot be opened.
    fn missing(&self, m: Material) -> Vec<String> {
        [Metric::Wdl, Metric::Dtw]
            .into_iter()
            .filter(|&metric| self.open(m, metric, Scheme::Whole).is_err())
            .map(|metric| file_name(m, self.rules, metric))
            .collect()
    }

    /// A rank slice's values read back from their file.
    fn load_part(&self, d: &Domain) -> Result<Held, BuildError> {
        let file = self.open(d.m, Kind::Codes, d.scheme())?;
        let codes = file.decode_all().map_err(|r| BuildError::Unreadable {
            error: file_error(
                self.dir
                    .join(file_name_of(d.m, self.rules, Kind::Codes, d.scheme())),
                r,
            ),
        })?;
        let codes: Vec<Code> = codes.into_iter().map(Code::from_bits).collect();
        Ok(Held::new(&codes, false))
    }
}

/// Frees what `tables` holds of a slice.
fn drop_held(s: &Slice, tables: &mut Tables) {
    match s.kind() {
        SliceKind::Ranks => {
            for d in s.domains() {
                tables.remove_part(d);
            }
        }
        _ => {
            for &m in s.pair() {
                tables.remove(m);
            }
        }
    }
}

/// The file name of a file of `kind` of `m` numbered by `scheme`: a material's table, or a
/// rank slice's values (`KKKKMvK.r7-.default.part`: White's men's ranks from White's side,
/// then Black's from Black's, highest first), which a build keeps until the material's
/// tables are put together from them.
fn file_name_of(m: Material, rules: RuleSet, kind: Kind, scheme: Scheme) -> String {
    match (kind, scheme) {
        (Kind::Wdl, Scheme::Whole) => file_name(m, rules, Metric::Wdl),
        (Kind::Dtw, Scheme::Whole) => file_name(m, rules, Metric::Dtw),
        (_, Scheme::Whole) => format!("{}.{}.part", m.name(), rules.name()),
        (_, Scheme::Rows(white, black)) => format!(
            "{}.r{}-{}.{}.part",
            m.name(),
            rank_digits(&white, true),
            rank_digits(&black, false),
            rules.name()
        ),
    }
}

impl Builder {
    /// Solves a pair of materials with men in rank slices when it has more than `entries`
    /// index entries (by default 2^30, which no table of up to 5 pieces has); the slices'
    /// values are then put together into the materials' tables, the same files a whole
    /// solve writes. Smaller slices need less memory and let more workers build at once.
    ///
    /// ```
    /// use turkish_draughts::RuleSet;
    /// use turkish_draughts::tablebase::Builder;
    /// let plan = Builder::new(RuleSet::Default, "tables").split_above(100_000).plan(3)?;
    /// // KvKM+KMvK has 2 x 48 x 64 x 64 entries: solved a rank of its man at a time.
    /// assert!(plan.find("KMvK.r2-").is_some());
    /// # Ok::<(), turkish_draughts::tablebase::BuildError>(())
    /// ```
    #[must_use]
    pub fn split_above(mut self, entries: u64) -> Builder {
        self.split_above = entries;
        self
    }

    /// The slices of every table of 2 to `max_pieces` pieces, with their sizes, estimated
    /// memory and disk, and inputs (the builder's directory is not looked at).
    ///
    /// See [`Plan`] for an example.
    ///
    /// ```
    /// use turkish_draughts::{RuleSet, tablebase::{BuildError, Builder}};
    /// let err = Builder::new(RuleSet::Default, "tables").plan(7).unwrap_err();
    /// assert!(matches!(err, BuildError::TooManyPieces { asked: 7, .. }));
    /// ```
    ///
    /// # Errors
    ///
    /// [`BuildError::TooManyPieces`] past [`MAX_BUILD_PIECES`].
    pub fn plan(&self, max_pieces: u32) -> Result<Plan, BuildError> {
        plan::plan(self.rules, max_pieces, self.split_above)
    }
}
