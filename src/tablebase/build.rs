//! The builder: retrograde analysis, material by material.

use std::boxed::Box;
use std::fs;
use std::io::{IsTerminal, Write};
use std::path::PathBuf;
use std::string::{String, ToString};
use std::time::{Duration, Instant};
use std::vec::Vec;
use std::{eprint, eprintln, format};

use super::error::BuildError;
use super::format::{self, TableFile};
use super::material::{self, Material};
use super::value;
use super::{Metric, file_name};
use super::{format_v1, resolve, solve};
use crate::{MoveList, Position, RuleSet};

/// The most pieces [`Builder::build`] accepts.
pub const MAX_BUILD_PIECES: u32 = 6;

/// Builds the tables of a rule set into a directory.
///
/// ```
/// use turkish_draughts::RuleSet;
/// use turkish_draughts::tablebase::{Builder, Tablebase, Wdl};
/// # let dir = std::env::temp_dir().join(format!("td-doc-builder-{}", std::process::id()));
/// let report = Builder::new(RuleSet::Tudaf, &dir).threads(1).progress(false).build(2)?;
/// assert_eq!(report.built.len(), 4); // KvK, KvM, MvK, MvM
/// let tb = Tablebase::open(&dir, RuleSet::Tudaf)?;
/// let pos = turkish_draughts::Position::from_fen("W:Wd3:Bd6", RuleSet::Tudaf)?;
/// assert_eq!(tb.probe_wdl(&pos)?, Wdl::Draw); // one piece each: a draw at once
/// # std::fs::remove_dir_all(&dir)?;
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug)]
pub struct Builder {
    rules: RuleSet,
    dir: PathBuf,
    threads: usize,
    progress: Option<bool>,
}

/// What a [`Builder::build`] did.
///
/// ```
/// use turkish_draughts::RuleSet;
/// use turkish_draughts::tablebase::Builder;
/// # let dir = std::env::temp_dir().join(format!("td-doc-report-{}", std::process::id()));
/// let first = Builder::new(RuleSet::Default, &dir).progress(false).build(2)?;
/// let again = Builder::new(RuleSet::Default, &dir).progress(false).build(2)?;
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
    /// The materials among [`present`](BuildReport::present) whose files were of format
    /// version 1 and were written again in the current version (not solved again).
    pub upgraded: Vec<String>,
    /// The index entries solved by this call (positions with White to move, counting the
    /// entries that put two pieces on one square).
    pub positions: u64,
    /// The time the call took.
    pub elapsed: Duration,
}

impl Builder {
    /// A builder for `rules` writing into `dir` (created if missing), on every core, with a
    /// progress bar when standard error is a terminal.
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

    /// Whether to draw a progress bar on standard error (default: when it is a terminal).
    ///
    /// ```
    /// use turkish_draughts::{RuleSet, tablebase::Builder};
    /// let b = Builder::new(RuleSet::Default, "tables").progress(false);
    /// # let _ = b;
    /// ```
    #[must_use]
    pub fn progress(mut self, on: bool) -> Builder {
        self.progress = Some(on);
        self
    }

    /// Builds every table of 2 to `max_pieces` pieces that is not already in the directory
    /// (a file is kept when it is complete and valid; a build killed half way starts again
    /// at the first material it had not finished). Each material's two files (WDL and DTW)
    /// are written under a temporary name and renamed when complete.
    ///
    /// ```
    /// use turkish_draughts::{RuleSet, tablebase::{BuildError, Builder}};
    /// let err = Builder::new(RuleSet::Default, "tables").build(9).unwrap_err();
    /// assert!(matches!(err, BuildError::TooManyPieces { asked: 9, .. }));
    /// ```
    pub fn build(&self, max_pieces: u32) -> Result<BuildReport, BuildError> {
        if max_pieces > MAX_BUILD_PIECES {
            return Err(BuildError::TooManyPieces {
                asked: max_pieces,
                max: MAX_BUILD_PIECES,
            });
        }
        let start = Instant::now();
        fs::create_dir_all(&self.dir).map_err(|source| BuildError::Io {
            path: self.dir.clone(),
            source,
        })?;
        let threads = if self.threads == 0 {
            std::thread::available_parallelism().map_or(1, |n| n.get())
        } else {
            self.threads
        };
        let show = self
            .progress
            .unwrap_or_else(|| std::io::stderr().is_terminal());
        let pairs = build_order(max_pieces);
        let total: u64 = pairs.iter().map(|p| pair_size(p)).sum();
        let mut done_positions = 0u64;
        let mut solved_here = 0u64;
        let mut tables = Tables::default();
        let mut report = BuildReport::default();
        for (n, pair) in pairs.iter().enumerate() {
            if show {
                bar(n, pairs.len(), done_positions, total, solved_here, start);
            }
            let (p, men) = (pair[0].pieces(), pair[0].men());
            // A table of the most pieces is read only by a crowning from its own piece
            // count with one man more. Those tables are held only while the pairs of one
            // man more are solved, read back from their files when that level starts; a
            // table of fewer pieces is a capture's child and is held to the end.
            let top = p == max_pieces;
            if top {
                tables.forget(|m| m.pieces() == p && m.men() + 1 != men);
                if men > 0 {
                    for m in Material::all_with(p).filter(|m| m.men() + 1 == men) {
                        if !tables.has(m) {
                            let v = self.load(m).ok_or_else(|| {
                                BuildError::Internal(format!("table {} not readable", m.name()))
                            })?;
                            tables.insert(m, Held::new(&v, false));
                        }
                    }
                }
            }
            if let Some(loaded) = self.read_pair(pair, threads, !top)? {
                for (m, (v, upgraded)) in pair.iter().zip(loaded) {
                    report.present.push(m.name());
                    if upgraded {
                        report.upgraded.push(m.name());
                    }
                    if let Some(v) = v {
                        tables.insert(*m, Held::new(&v, upgraded));
                    }
                }
            } else {
                let t0 = Instant::now();
                let values = solve_pair(self.rules, pair, &tables, threads, !top)?;
                let t1 = Instant::now();
                for (m, (v, stored)) in pair.iter().zip(values) {
                    self.write(*m, &stored)?;
                    if std::env::var_os("TD_TB_TIMING").is_some() {
                        eprintln!("{} solve {:?} write {:?}", m.name(), t1 - t0, t1.elapsed());
                    }
                    report.built.push(m.name());
                    if let Some(v) = v {
                        tables.insert(*m, v);
                    }
                }
                solved_here += pair_size(pair);
            }
            done_positions += pair_size(pair);
        }
        if show {
            bar(pairs.len(), pairs.len(), total, total, solved_here, start);
            eprintln!();
        }
        report.positions = solved_here;
        report.elapsed = start.elapsed();
        Ok(report)
    }

    /// Whether every file of the pair is there, valid and of the current format version.
    fn present(&self, pair: &[Material]) -> bool {
        pair.iter().all(|&m| {
            [Metric::Wdl, Metric::Dtw].into_iter().all(|metric| {
                fs::read(self.dir.join(file_name(m, self.rules, metric)))
                    .ok()
                    .is_some_and(|bytes| TableFile::parse(bytes, self.rules, metric, m).is_ok())
            })
        })
    }

    /// A material's value codes read back from its two files (current version), every
    /// entry; the entries left to their captures hold whatever the encoder put there
    /// ([`Tables::value`] answers those from their children).
    fn load(&self, m: Material) -> Option<Vec<u16>> {
        let read = |metric| {
            let bytes = fs::read(self.dir.join(file_name(m, self.rules, metric))).ok()?;
            TableFile::parse(bytes, self.rules, metric, m).ok()
        };
        let (wdl, dtw) = (read(Metric::Wdl)?, read(Metric::Dtw)?);
        let (w, d) = (wdl.decode_all().ok()?, dtw.decode_all().ok()?);
        let mut values = resolve::combined(&w, d);
        material::restore_mirrors(m, &mut values);
        Some(values)
    }

    /// The values of a pair read back from its files when `keep` (a pair whose tables are
    /// held for the solves to come), each with whether it was upgraded, when every file is
    /// there and valid (`None` when the pair must be solved). A material whose DTW file is
    /// a valid file of format version 1 is upgraded: both files are written again in the
    /// current version from its values, without solving it.
    fn read_pair(
        &self,
        pair: &[Material],
        threads: usize,
        keep: bool,
    ) -> Result<Option<Vec<Loaded>>, BuildError> {
        let mut out = Vec::new();
        for &m in pair {
            let Ok(dtw) = fs::read(self.dir.join(file_name(m, self.rules, Metric::Dtw))) else {
                return Ok(None);
            };
            if let Some(values) = format_v1::TableFile::parse(dtw, self.rules, Metric::Dtw, m)
                .ok()
                .and_then(|f| f.decode_all().ok())
            {
                let mut full = values;
                material::restore_mirrors(m, &mut full);
                let mut stored = full.clone();
                resolve::mark_dont_cares(m, self.rules, &mut stored, threads);
                self.write(m, &stored)?;
                out.push((keep.then_some(full), true));
                continue;
            }
            if keep {
                match self.load(m) {
                    Some(values) => out.push((Some(values), false)),
                    None => return Ok(None),
                }
            } else if self.present(&[m]) {
                out.push((None, false));
            } else {
                return Ok(None);
            }
        }
        Ok(Some(out))
    }

    /// Writes a material's two files, each under a temporary name first.
    fn write(&self, m: Material, values: &[u16]) -> Result<(), BuildError> {
        for metric in [Metric::Wdl, Metric::Dtw] {
            let bytes =
                format::encode(self.rules, metric, m, values).map_err(BuildError::Internal)?;
            let path = self.dir.join(file_name(m, self.rules, metric));
            // A name of this process's and this moment's: two builders of one slice (a
            // retried task beside one thought lost) never write into one file.
            let stamp = std::time::SystemTime::now()
                .duration_since(std::time::UNIX_EPOCH)
                .map_or(0, |d| d.subsec_nanos());
            let tmp = path.with_extension(format!(
                "{}.{}-{stamp}.tmp",
                metric.extension(),
                std::process::id()
            ));
            let io = |source| BuildError::Io {
                path: tmp.clone(),
                source,
            };
            {
                // Closed before the rename.
                let mut f = fs::File::create(&tmp).map_err(io)?;
                f.write_all(&bytes).map_err(io)?;
                f.sync_all().map_err(io)?;
            }
            fs::rename(&tmp, &path).map_err(|source| BuildError::Io {
                path: path.clone(),
                source,
            })?;
        }
        Ok(())
    }
}

/// One line of progress on standard error.
fn bar(done: usize, all: usize, pos_done: u64, pos_all: u64, solved: u64, start: Instant) {
    let secs = start.elapsed().as_secs_f64();
    let rate = if secs > 0.0 {
        solved as f64 / secs
    } else {
        0.0
    };
    let left = if rate > 0.0 {
        format!("{:.0} s left", (pos_all - pos_done) as f64 / rate)
    } else {
        "-".to_string()
    };
    let width = 30;
    let filled = (pos_done as f64 / pos_all.max(1) as f64 * width as f64) as usize;
    let line: String = (0..width)
        .map(|i| if i < filled { '#' } else { '.' })
        .collect();
    eprint!(
        "\r[{line}] {done}/{all} materials, {:.1} M positions/s, {left}    ",
        rate / 1e6
    );
}

/// The pairs of materials (a material and its colour swap, solved together because each
/// side's moves lead into the other's table) in an order where every capture and
/// crowning leads to a table already built: fewer pieces first, then fewer men.
pub(crate) fn build_order(max_pieces: u32) -> Vec<Vec<Material>> {
    let mut pairs: Vec<Vec<Material>> = Vec::new();
    for p in 2..=max_pieces {
        for m in Material::all_with(p) {
            let s = m.swapped();
            if s < m {
                continue;
            }
            pairs.push(if s == m {
                std::vec![m]
            } else {
                std::vec![m, s]
            });
        }
    }
    pairs.sort_by_key(|p| (p[0].pieces(), p[0].men(), p[0]));
    pairs
}

fn pair_size(pair: &[Material]) -> u64 {
    pair.iter().map(|m| m.size()).sum()
}

/// A finished table held in memory: its value codes, a byte each when they all fit in one
/// (every table to 5 pieces does), else two; `exact` when every entry holds its true code
/// (a table solved here), not only those its files keep (a table read back, whose capture
/// positions are answered from their children).
struct Held {
    codes: Codes,
    exact: bool,
}

enum Codes {
    Narrow(Box<[u8]>),
    Wide(Box<[u16]>),
}

impl Held {
    fn new(values: &[u16], exact: bool) -> Held {
        let codes = if values.iter().all(|&v| v <= u16::from(u8::MAX)) {
            Codes::Narrow(values.iter().map(|&v| v as u8).collect())
        } else {
            Codes::Wide(values.into())
        };
        Held { codes, exact }
    }

    #[inline]
    fn get(&self, i: usize) -> Option<u16> {
        match &self.codes {
            Codes::Narrow(v) => v.get(i).map(|&c| u16::from(c)),
            Codes::Wide(v) => v.get(i).copied(),
        }
    }
}

/// A material's values read back from its files (when asked for), and whether its files
/// were upgraded from format version 1.
type Loaded = (Option<Vec<u16>>, bool);

/// The finished tables in memory, by material slot.
struct Tables(Vec<Option<Held>>);

impl Default for Tables {
    fn default() -> Tables {
        Tables((0..material::SLOTS).map(|_| None).collect())
    }
}

impl Tables {
    fn insert(&mut self, m: Material, v: Held) {
        self.0[material::slot(m)] = Some(v);
    }

    fn has(&self, m: Material) -> bool {
        self.0[material::slot(m)].is_some()
    }

    /// Frees the tables of the materials `drop` picks.
    fn forget(&mut self, drop: impl Fn(Material) -> bool) {
        for (i, t) in self.0.iter_mut().enumerate() {
            if t.is_some() && drop(material::from_slot(i)) {
                *t = None;
            }
        }
    }

    /// The value code of a position already solved (a capture's or crowning's child).
    fn value(&self, pos: &Position) -> Result<u16, BuildError> {
        let b = pos.board();
        let own = b.by_color(pos.turn());
        if own.is_empty() {
            return Ok(value::loss(0));
        }
        let (m, i) = material::locate(pos)
            .ok_or_else(|| BuildError::Internal(format!("no index for {pos}")))?;
        let t = self
            .0
            .get(material::slot(m))
            .and_then(Option::as_ref)
            .ok_or_else(|| BuildError::Internal(format!("table {} not built yet", m.name())))?;
        if !t.exact && resolve::by_captures(pos) {
            let mut list = Box::new(MoveList::new());
            return resolve::from_children(pos, &mut list, |c| self.value(c));
        }
        t.get(i as usize)
            .ok_or_else(|| BuildError::Internal(format!("index past table {}", m.name())))
    }
}

/// A material's value codes as its files store them (the entries no probe reads are
/// [`DONT_CARE`]), and every entry's, held for the solves to come when asked for.
type Solved = (Option<Held>, Vec<u16>);

/// Solves a pair of materials; returns each material's value codes.
fn solve_pair(
    rules: RuleSet,
    pair: &[Material],
    tables: &Tables,
    threads: usize,
    keep: bool,
) -> Result<Vec<Solved>, BuildError> {
    let exit = |p: &Position| tables.value(p);
    let solved = solve::solve(rules, pair, &exit, threads)?;
    Ok((0..pair.len())
        .map(|s| {
            let n = solved.len(s);
            let stored: Vec<u16> = (0..n).map(|i| solved.stored(s, i)).collect();
            let full = keep.then(|| {
                Held::new(
                    &(0..n).map(|i| solved.code(s, i)).collect::<Vec<u16>>(),
                    true,
                )
            });
            (full, stored)
        })
        .collect())
}

/// The build order's materials, for the `stats` and `verify` tools.
#[allow(dead_code)]
pub(crate) fn all_materials(max_pieces: u32) -> Vec<Material> {
    build_order(max_pieces).into_iter().flatten().collect()
}

// What the slices (slice.rs) call: one pair solved and written, its inputs read from the
// directory.
impl Builder {
    pub(crate) fn rules_of(&self) -> RuleSet {
        self.rules
    }

    pub(crate) fn dir_of(&self) -> &std::path::Path {
        &self.dir
    }

    /// Whether every file of the pair is there and valid.
    pub(crate) fn pair_present(&self, pair: &[Material]) -> bool {
        self.present(pair)
    }

    /// Solves `pair` with the tables of `inputs` (every material a capture or crowning of
    /// the pair leads to) read from the directory, and writes its files.
    pub(crate) fn solve_and_write(
        &self,
        pair: &[Material],
        inputs: &[Material],
    ) -> Result<(), BuildError> {
        let threads = if self.threads == 0 {
            std::thread::available_parallelism().map_or(1, |n| n.get())
        } else {
            self.threads
        };
        let mut tables = Tables::default();
        for &m in inputs {
            let v = self
                .load(m)
                .ok_or_else(|| BuildError::Internal(format!("table {} not readable", m.name())))?;
            tables.insert(m, Held::new(&v, false));
        }
        let values = solve_pair(self.rules, pair, &tables, threads, false)?;
        drop(tables);
        for (m, (_, stored)) in pair.iter().zip(values) {
            self.write(*m, &stored)?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tablebase::Tablebase;

    /// Files of format version 1 (some materials only) are upgraded in place, without
    /// solving, to exactly the files a fresh build writes.
    #[test]
    fn version_1_files_are_upgraded() {
        let rules = RuleSet::Default;
        let dir = std::env::temp_dir().join(format!("td-tb-upgrade-{}", std::process::id()));
        let _ = fs::remove_dir_all(&dir);
        Builder::new(rules, &dir).progress(false).build(3).unwrap();
        let tb = Tablebase::open(&dir, rules).unwrap();
        let mut fresh = Vec::new();
        let old: Vec<Material> = all_materials(3)
            .into_iter()
            .filter(|m| m.pieces() == 3 && m.counts[0] + m.counts[2] <= 1)
            .collect();
        for &m in &old {
            let wdl = tb.file(m, Metric::Wdl).unwrap();
            let dtw = tb.file(m, Metric::Dtw).unwrap();
            let child = |p: &Position| tb.code_of(p);
            let full = resolve::full_values(m, rules, wdl, dtw, 2, &child)
                .unwrap()
                .unwrap();
            for metric in [Metric::Wdl, Metric::Dtw] {
                let path = dir.join(file_name(m, rules, metric));
                fresh.push((path.clone(), fs::read(&path).unwrap()));
                fs::write(&path, format_v1::encode(rules, metric, m, &full)).unwrap();
            }
        }
        let report = Builder::new(rules, &dir).progress(false).build(3).unwrap();
        assert!(report.built.is_empty(), "{:?}", report.built);
        let names: Vec<String> = old.iter().map(|m| m.name()).collect();
        assert_eq!(report.upgraded, names);
        for (path, bytes) in fresh {
            assert!(fs::read(&path).unwrap() == bytes, "{}", path.display());
        }
        let _ = fs::remove_dir_all(&dir);
    }
}
