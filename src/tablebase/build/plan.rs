//! Slices: the builder's units of work, with what each reads, for builds that spread over
//! several processes or machines, and the estimates a plan gives (memory, disk, time).

use std::collections::{BTreeSet, HashMap};
use std::format;
use std::string::String;
use std::time::Duration;
use std::vec::Vec;

use super::domain::{Domain, rank_digits};
use super::error::BuildError;
use super::order::{build_order, pair_name};
use crate::RuleSet;
use crate::tablebase::format::Rows;
use crate::tablebase::material::Material;

/// The most pieces [`Builder::build`](super::Builder::build) accepts.
pub const MAX_BUILD_PIECES: u32 = 6;

/// The first material named in a slice's or a material's name (`KvKM` of `KvKM+KMvK`,
/// `KKKKMvK` of `KKKKMvK.r7-`), when it is one the builder builds.
pub(crate) fn first_material(name: &str) -> Option<Material> {
    name.split(['+', '.'])
        .next()
        .and_then(Material::from_name)
        .filter(|m| m.pieces() <= MAX_BUILD_PIECES)
}

/// The memory of one index entry of a slice being solved: its four-byte cell.
const BYTES_PER_ENTRY: f64 = 4.0;
/// The memory of one index entry of a table a slice reads: a byte.
const BYTES_PER_INPUT_ENTRY: f64 = 1.0;
/// What every build holds besides the tables: the program, the move lists, the threads,
/// the files' bytes while they are written.
const BASE_MEMORY: u64 = 64 << 20;
/// Index entries a byte of the files (WDL and DTW together), measured on the 5-piece
/// tables of the default rules (format version 3): 4 315 822 784 entries in 551 447 738
/// bytes.
const ENTRIES_PER_FILE_BYTE: f64 = 4_315_822_784.0 / 551_447_738.0;
/// The processor time of solving one index entry, in nanoseconds: a part for every entry,
/// [`NANOS_PER_ENTRY`], and a part for each king of its material, [`NANOS_PER_KING`] (a
/// king has many quiet moves, so an entry has many predecessors to update, and many
/// captures to look at). Fitted by least squares, each slice weighted by its time, to the 8
/// slices of more than 45 s of 26 built on a 2-core machine with nothing else running,
/// each slice's time from its first look to its files written, twice over (two threads,
/// each with a core of its own, which the builder had): the three 5-piece pairs of more
/// than 45 s of a build of every table of 2 to 5 pieces, default rules (61 s to 82 s), the
/// three 6-piece slices of kings alone (`KvKKKKK+KKKKKvK`, `KKKvKKK`, `KKvKKKK+KKKKvKK`:
/// 212 s to 543 s) and the two most advanced rank slices of `KvKKKKM+KKKKMvK` (138 s and
/// 128 s). The fit gives these eight 0.91 to 1.11 of their measured solves, and the 18
/// smaller 5-piece pairs of more than 20 million entries (3 s to 41 s) 0.60 to 1.41; a
/// fit to all 26 gives the 6-piece slices 0.78 to 0.85. The machine's speed moves by about
/// a third from hour to hour, which no constant follows.
/// The federation's rules take less: their 5-piece build took 0.75 to 0.78 of the default
/// rules' processor time.
///
/// ```
/// use turkish_draughts::tablebase::{NANOS_PER_ENTRY, NANOS_PER_KING};
/// // Six kings: about 2.3 M entries a second a thread.
/// assert!((NANOS_PER_ENTRY + 6.0 * NANOS_PER_KING - 433.8).abs() < 0.1);
/// ```
pub const NANOS_PER_ENTRY: f64 = 160.8;
/// The processor time of each king of a material, per index entry solved, in nanoseconds
/// (see [`NANOS_PER_ENTRY`]).
pub const NANOS_PER_KING: f64 = 45.5;
/// The threads of a worker that the plan's times assume, each with a core of its own.
pub const WORKER_THREADS: usize = 2;
/// Index entries of the tables a slice reads, read from their files a second (the slowest
/// of three builds measured: 119 M, 124 M and 146 M a second, a slice reading 87 million
/// to 1.3 billion entries of 4- to 6-piece tables).
const READ_PER_SECOND: f64 = 120.0e6;
/// Index entries put together a second, when a material's tables are written from its rank
/// slices' values.
const ASSEMBLED_PER_SECOND: f64 = 40.0e6;

/// The largest pair of materials with men that a plan solves whole, in index entries; a
/// larger pair is solved a rank slice at a time (see
/// [`Builder::split_above`](super::Builder::split_above)).
pub(crate) const SPLIT_ABOVE: u64 = 1 << 30;

/// What a slice does.
///
/// ```
/// use turkish_draughts::RuleSet;
/// use turkish_draughts::tablebase::{Builder, SliceKind};
/// let plan = Builder::new(RuleSet::Default, "tables").split_above(1).plan(3)?;
/// assert_eq!(plan.find("KvK").unwrap().kind(), SliceKind::Whole);
/// assert_eq!(plan.find("KMvK.r7-").unwrap().kind(), SliceKind::Ranks);
/// assert_eq!(plan.find("KMvK").unwrap().kind(), SliceKind::Assembly);
/// # Ok::<(), turkish_draughts::tablebase::BuildError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum SliceKind {
    /// A material and its colour swap solved whole (or a material that is its own swap):
    /// writes their tables.
    Whole,
    /// The positions of a material and its colour swap whose men stand on given ranks:
    /// writes their values, kept until the materials' tables are put together.
    Ranks,
    /// The tables of a material and its colour swap put together from their rank slices.
    Assembly,
}

/// One unit of a tablebase build. A material and its colour swap are solved together (each
/// side's quiet moves lead into the other's table), whole, or, when they are large and have
/// men, a rank slice at a time: the positions whose men stand on given ranks (a man never
/// moves back, and his sideways move keeps his rank, so a rank slice reads only the slices
/// whose men stand further forward, the tables of a man crowned, and those of fewer pieces);
/// their tables are then put together by an assembly slice. A slice depends on the slices
/// of its [inputs](Slice::inputs) only: those its captures, crownings and forward moves
/// reach and, since a file leaves its capture positions to their children, the tables
/// those captures reach in turn.
///
/// ```
/// use turkish_draughts::RuleSet;
/// use turkish_draughts::tablebase::Builder;
/// let plan = Builder::new(RuleSet::Default, "tables").plan(3)?;
/// let s = plan.find("KMvK").unwrap();
/// assert_eq!(s.name(), "KvKM+KMvK");
/// assert_eq!(s.materials(), ["KvKM", "KMvK"]);
/// // In KMvK a capture takes the lone black king (no table) and a crowning gives KKvK;
/// // in KvKM the king takes the man (KvK) or the king (MvK, in the slice KvM+MvK). KvKK's
/// // file leaves its capture positions to their children, in KvK, read already.
/// assert_eq!(s.inputs(), ["KvK", "KvM+MvK", "KvKK+KKvK"]);
/// # Ok::<(), turkish_draughts::tablebase::BuildError>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Slice {
    name: String,
    pair: Vec<Material>,
    kind: SliceKind,
    /// The entries solved (the rank slice's, or the whole pair's).
    domains: Vec<Domain>,
    /// How many of `domains` each solve takes, in turn: a rank slice may hold the parts of
    /// several rank combinations of the same advance, solved one after the other (none
    /// reads another: a man's forward move advances).
    solves: Vec<usize>,
    inputs: Vec<String>,
    input_entries: u64,
}

impl Slice {
    /// The slice's name: its materials' names joined by `+`, such as `KvKM+KMvK` (a single
    /// name, such as `KvK`, for a material that is its own colour swap); for a rank slice,
    /// then `.r` and the ranks of the first material's men: White's from White's side,
    /// `-`, Black's from Black's side, each highest first (`KvKKKKM+KKKKMvK.r-7`: Black's
    /// man on Black's seventh rank, one step from crowning).
    ///
    /// See [`Slice`] for an example.
    pub fn name(&self) -> &str {
        &self.name
    }

    /// What the slice does.
    ///
    /// See [`SliceKind`] for an example.
    pub fn kind(&self) -> SliceKind {
        self.kind
    }

    /// Its materials' names (one or two), each naming a WDL and a DTW file.
    ///
    /// See [`Slice`] for an example.
    pub fn materials(&self) -> Vec<String> {
        self.pair.iter().map(|m| m.name()).collect()
    }

    /// The number of pieces of its positions.
    ///
    /// ```
    /// use turkish_draughts::{RuleSet, tablebase::Builder};
    /// let plan = Builder::new(RuleSet::Default, "tables").plan(3)?;
    /// assert_eq!(plan.find("KvK").unwrap().pieces(), 2);
    /// # Ok::<(), turkish_draughts::tablebase::BuildError>(())
    /// ```
    pub fn pieces(&self) -> u32 {
        self.pair[0].pieces()
    }

    /// Its index entries: the positions solved (or put together), White to move, of both
    /// materials (entries that put two pieces on one square included).
    ///
    /// ```
    /// use turkish_draughts::{RuleSet, tablebase::Builder};
    /// let plan = Builder::new(RuleSet::Default, "tables").plan(2)?;
    /// assert_eq!(plan.find("KvK").unwrap().positions(), 64 * 64);
    /// assert_eq!(plan.find("KvM").unwrap().positions(), 2 * 64 * 48);
    /// # Ok::<(), turkish_draughts::tablebase::BuildError>(())
    /// ```
    pub fn positions(&self) -> u64 {
        self.domains.iter().map(Domain::size).sum()
    }

    /// The slices whose tables or values it reads, by name, in build order: what
    /// [`Builder::build_slice`](super::Builder::build_slice) reads.
    ///
    /// See [`Slice`] for an example.
    pub fn inputs(&self) -> &[String] {
        &self.inputs
    }

    /// The estimated peak memory of [`Builder::build_slice`](super::Builder::build_slice) on
    /// it, in bytes: four bytes an index entry solved (its working cell; a rank slice of
    /// several rank combinations solves one at a time, so: of its largest), a byte an index
    /// entry of every table it reads (held while it is solved), and 64 MiB for the program,
    /// the threads' move lists, the solver's marks of pending levels (two bytes per 256
    /// entries) and the files being written (with at most 16 MiB of their runs). An
    /// assembly holds its rank slices' values as their files are, and the tables it writes.
    ///
    /// ```
    /// use turkish_draughts::{RuleSet, tablebase::Builder};
    /// let plan = Builder::new(RuleSet::Default, "tables").plan(4)?;
    /// let s = plan.find("KKvKK").unwrap();
    /// assert!(s.memory() > 4 * s.positions());
    /// # Ok::<(), turkish_draughts::tablebase::BuildError>(())
    /// ```
    pub fn memory(&self) -> u64 {
        match self.kind {
            SliceKind::Assembly => 2 * self.disk() + BASE_MEMORY,
            _ => {
                (self.largest_solve() as f64 * BYTES_PER_ENTRY
                    + self.input_entries as f64 * BYTES_PER_INPUT_ENTRY) as u64
                    + BASE_MEMORY
            }
        }
    }

    /// The estimated size of the files it writes, in bytes, from the 5-piece tables of the
    /// default rules: about 7.85 index entries a byte.
    ///
    /// ```
    /// use turkish_draughts::{RuleSet, tablebase::Builder};
    /// let plan = Builder::new(RuleSet::Default, "tables").plan(3)?;
    /// let s = plan.find("KKvK").unwrap();
    /// assert!(s.disk() < s.positions());
    /// # Ok::<(), turkish_draughts::tablebase::BuildError>(())
    /// ```
    pub fn disk(&self) -> u64 {
        (self.positions() as f64 / ENTRIES_PER_FILE_BYTE) as u64
    }

    /// The estimated time of its build by one process on [`WORKER_THREADS`] threads, each
    /// with a core: its entries at [`NANOS_PER_ENTRY`] and [`NANOS_PER_KING`] for each king
    /// of its material, shared by the threads, and the entries it reads at the measured
    /// reading speed (an assembly: its entries at the measured speed of putting tables
    /// together).
    ///
    /// ```
    /// use turkish_draughts::{RuleSet, tablebase::Builder};
    /// let plan = Builder::new(RuleSet::Default, "tables").plan(2)?;
    /// assert!(plan.find("KvK").unwrap().time().as_secs_f64() < 1.0);
    /// # Ok::<(), turkish_draughts::tablebase::BuildError>(())
    /// ```
    pub fn time(&self) -> Duration {
        let secs = match self.kind {
            SliceKind::Assembly => self.positions() as f64 / ASSEMBLED_PER_SECOND,
            _ => {
                let kings = f64::from(self.pair[0].counts[1] + self.pair[0].counts[3]);
                self.positions() as f64 * (NANOS_PER_ENTRY + kings * NANOS_PER_KING)
                    / 1e9
                    / WORKER_THREADS as f64
                    + self.input_entries as f64 / READ_PER_SECOND
            }
        };
        Duration::from_secs_f64(secs)
    }

    /// The domains of each solve, in turn (one solve but for a rank slice of several
    /// rank combinations).
    pub(crate) fn solves(&self) -> impl Iterator<Item = &[Domain]> + '_ {
        let mut rest = self.domains();
        self.solves.iter().map(move |&n| {
            let (now, later) = rest.split_at(n.min(rest.len()));
            rest = later;
            now
        })
    }

    /// The entries of its largest solve.
    fn largest_solve(&self) -> u64 {
        self.solves()
            .map(|ds| ds.iter().map(Domain::size).sum::<u64>())
            .max()
            .unwrap_or(0)
    }

    /// Whether its materials have men (a pair of kings alone is never split).
    pub(crate) fn has_men(&self) -> bool {
        self.pair[0].counts[0] + self.pair[0].counts[2] > 0
    }

    /// The materials of the pair.
    pub(crate) fn pair(&self) -> &[Material] {
        &self.pair
    }

    /// The domains it solves (none for an assembly).
    pub(crate) fn domains(&self) -> &[Domain] {
        match self.kind {
            SliceKind::Assembly => &[],
            _ => &self.domains,
        }
    }
}

/// The slices of a build, in an order where every slice comes after its inputs, with the
/// totals.
///
/// ```
/// use turkish_draughts::RuleSet;
/// use turkish_draughts::tablebase::Builder;
/// let plan = Builder::new(RuleSet::Default, "tables").plan(4)?;
/// assert_eq!(plan.slices().len(), 23);
/// assert_eq!(plan.positions(), 91_097_664);
/// let estimate = plan.estimate(2);
/// assert!(estimate.schedule <= estimate.total_work);
/// assert!(estimate.schedule >= estimate.critical_path);
/// # Ok::<(), turkish_draughts::tablebase::BuildError>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Plan {
    rules: RuleSet,
    max_pieces: u32,
    slices: Vec<Slice>,
}

/// A plan's estimated build time on a number of workers, each one process of two threads.
///
/// See [`Plan`] for an example.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct Estimate {
    /// The workers.
    pub workers: usize,
    /// The longest chain of slices each needing the one before: no number of workers
    /// builds faster.
    pub critical_path: Duration,
    /// Every slice's time added up: one worker's build.
    pub total_work: Duration,
    /// The total work shared by the workers (`total_work / workers`).
    pub per_worker: Duration,
    /// The build with each free worker taking, of the slices whose inputs are built, the
    /// one with the longest chain of slices still to come after it: the estimate to plan
    /// by.
    pub schedule: Duration,
}

impl Plan {
    /// The rule set.
    ///
    /// ```
    /// use turkish_draughts::{RuleSet, tablebase::Builder};
    /// let plan = Builder::new(RuleSet::Tudaf, "tables").plan(2)?;
    /// assert_eq!(plan.rules(), RuleSet::Tudaf);
    /// # Ok::<(), turkish_draughts::tablebase::BuildError>(())
    /// ```
    pub fn rules(&self) -> RuleSet {
        self.rules
    }

    /// The most pieces of its slices.
    ///
    /// ```
    /// use turkish_draughts::{RuleSet, tablebase::Builder};
    /// assert_eq!(Builder::new(RuleSet::Default, "t").plan(3)?.max_pieces(), 3);
    /// # Ok::<(), turkish_draughts::tablebase::BuildError>(())
    /// ```
    pub fn max_pieces(&self) -> u32 {
        self.max_pieces
    }

    /// The slices, in build order: fewer pieces first, a pair's rank slices its most
    /// advanced men first; every slice after its inputs.
    /// [`Builder::build`](super::Builder::build) builds them in this order.
    ///
    /// See [`Plan`] for an example.
    pub fn slices(&self) -> &[Slice] {
        &self.slices
    }

    /// The slice named `name` (as [`Slice::name`] gives it); for the name of a material, the
    /// slice that writes its tables (its pair, solved whole or put together); for a
    /// material's name with ranks (`KKKKMvK.r7-`, the material's own men's ranks), the rank
    /// slice that solves them.
    ///
    /// ```
    /// use turkish_draughts::{RuleSet, tablebase::Builder};
    /// let plan = Builder::new(RuleSet::Default, "tables").plan(2)?;
    /// assert_eq!(plan.find("MvK"), plan.find("KvM+MvK"));
    /// assert!(plan.find("KKvK").is_none()); // 3 pieces
    /// # Ok::<(), turkish_draughts::tablebase::BuildError>(())
    /// ```
    pub fn find(&self, name: &str) -> Option<&Slice> {
        if let Some(s) = self.slices.iter().find(|s| s.name == name) {
            return Some(s);
        }
        match name.split_once(".r") {
            None => {
                let m = Material::from_name(name)?;
                self.slices
                    .iter()
                    .find(|s| s.kind != SliceKind::Ranks && s.pair.contains(&m))
            }
            Some((material, ranks)) => {
                let m = Material::from_name(material)?;
                self.slices.iter().find(|s| {
                    s.kind == SliceKind::Ranks
                        && s.domains
                            .iter()
                            .any(|d| d.m == m && format!("{}", RanksOf(d)) == ranks)
                })
            }
        }
    }

    /// Every slice's index entries added up (the rank slices' and the whole pairs'; an
    /// assembly's are its rank slices').
    ///
    /// See [`Plan`] for an example.
    pub fn positions(&self) -> u64 {
        self.slices
            .iter()
            .filter(|s| s.kind != SliceKind::Assembly)
            .map(Slice::positions)
            .sum()
    }

    /// The estimated peak memory of the largest slice: what each worker needs.
    ///
    /// ```
    /// use turkish_draughts::{RuleSet, tablebase::Builder};
    /// let plan = Builder::new(RuleSet::Default, "tables").plan(3)?;
    /// assert!(plan.slices().iter().all(|s| s.memory() <= plan.peak_memory()));
    /// # Ok::<(), turkish_draughts::tablebase::BuildError>(())
    /// ```
    pub fn peak_memory(&self) -> u64 {
        self.slices.iter().map(Slice::memory).max().unwrap_or(0)
    }

    /// The estimated size of the tables, in bytes (the rank slices' values, kept until
    /// their tables are put together, not counted).
    ///
    /// ```
    /// use turkish_draughts::{RuleSet, tablebase::Builder};
    /// let plan = Builder::new(RuleSet::Default, "tables").plan(3)?;
    /// assert_eq!(plan.disk(), plan.slices().iter().map(|s| s.disk()).sum::<u64>());
    /// # Ok::<(), turkish_draughts::tablebase::BuildError>(())
    /// ```
    pub fn disk(&self) -> u64 {
        self.slices
            .iter()
            .filter(|s| s.kind != SliceKind::Ranks)
            .map(Slice::disk)
            .sum()
    }

    /// The estimated build time on `workers` workers (at least one).
    ///
    /// See [`Plan`] for an example.
    pub fn estimate(&self, workers: usize) -> Estimate {
        let workers = workers.max(1);
        let secs: Vec<f64> = self.slices.iter().map(|s| s.time().as_secs_f64()).collect();
        let index: HashMap<&str, usize> = self
            .slices
            .iter()
            .enumerate()
            .map(|(i, s)| (s.name.as_str(), i))
            .collect();
        let inputs: Vec<Vec<usize>> = self
            .slices
            .iter()
            .map(|s| {
                s.inputs
                    .iter()
                    .filter_map(|n| index.get(n.as_str()).copied())
                    .collect()
            })
            .collect();
        let n = secs.len();
        // The longest chain ending at each slice (inputs come first in the order), and the
        // longest starting at it (its own time and what waits for it).
        let mut chain = std::vec![0.0f64; n];
        for i in 0..n {
            let before = inputs[i].iter().map(|&j| chain[j]).fold(0.0, f64::max);
            chain[i] = before + secs[i];
        }
        let mut tail = secs.clone();
        for i in (0..n).rev() {
            for &j in &inputs[i] {
                tail[j] = tail[j].max(secs[j] + tail[i]);
            }
        }
        let critical = chain.iter().copied().fold(0.0, f64::max);
        let total: f64 = secs.iter().sum();
        // List scheduling by events: when a worker is free, it takes the ready slice with
        // the longest tail.
        let mut waiting_on: Vec<usize> = inputs.iter().map(Vec::len).collect();
        let mut users: Vec<Vec<usize>> = std::vec![Vec::new(); n];
        for (i, ins) in inputs.iter().enumerate() {
            for &j in ins {
                users[j].push(i);
            }
        }
        let mut ready: Vec<usize> = (0..n).filter(|&i| waiting_on[i] == 0).collect();
        // (finish time, slice) of the slices being built.
        let mut running: Vec<(f64, usize)> = Vec::new();
        let (mut now, mut end) = (0.0f64, 0.0f64);
        let mut done = 0;
        while done < n {
            while running.len() < workers && !ready.is_empty() {
                let (k, _) = ready
                    .iter()
                    .enumerate()
                    .max_by(|a, b| tail[*a.1].total_cmp(&tail[*b.1]))
                    .unwrap_or((0, &0));
                let i = ready.swap_remove(k);
                running.push((now + secs[i], i));
            }
            let Some((k, _)) = running
                .iter()
                .enumerate()
                .min_by(|a, b| a.1.0.total_cmp(&b.1.0))
            else {
                break;
            };
            let (t, i) = running.swap_remove(k);
            now = t;
            end = end.max(t);
            done += 1;
            for &u in &users[i] {
                waiting_on[u] -= 1;
                if waiting_on[u] == 0 {
                    ready.push(u);
                }
            }
        }
        Estimate {
            workers,
            critical_path: Duration::from_secs_f64(critical),
            total_work: Duration::from_secs_f64(total),
            per_worker: Duration::from_secs_f64(total / workers as f64),
            schedule: Duration::from_secs_f64(end),
        }
    }
}

/// A domain's men's ranks as a slice name writes them: White's from White's side, `-`,
/// Black's from Black's side, each highest first.
struct RanksOf<'a>(&'a Domain);

impl core::fmt::Display for RanksOf<'_> {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        match self.0.scheme() {
            crate::tablebase::format::Scheme::Rows(w, b) => {
                write!(f, "{}-{}", rank_digits(&w, true), rank_digits(&b, false))
            }
            crate::tablebase::format::Scheme::Whole => Ok(()),
        }
    }
}

/// The materials of the tables a position of `m` (White to move) reads after White's
/// capture or crowning: Black's pieces taken (one or more, men and kings), White's man
/// crowned or not; a child where Black has no piece left needs no table. Each child has
/// Black to move, so it is read in the table of its colour swap.
fn children(m: Material) -> BTreeSet<Material> {
    let [wm, wk, bm, bk] = m.counts;
    let mut out = BTreeSet::new();
    let crown = |wm: u8, wk: u8, crowned: bool| {
        if crowned {
            (wm.checked_sub(1), wk + 1)
        } else {
            (Some(wm), wk)
        }
    };
    for crowned in [false, true] {
        let (Some(w_men), w_kings) = crown(wm, wk, crowned) else {
            continue;
        };
        for men_taken in 0..=bm {
            for kings_taken in 0..=bk {
                if men_taken + kings_taken == 0 && !crowned {
                    continue;
                }
                let (b_men, b_kings) = (bm - men_taken, bk - kings_taken);
                if b_men + b_kings == 0 {
                    continue;
                }
                let child = Material {
                    counts: [w_men, w_kings, b_men, b_kings],
                };
                out.insert(child.swapped());
            }
        }
    }
    out
}

/// Every way to stand `k` men on the six rows a man may stand on (rows 1 to 6), as counts
/// per row.
fn row_counts(k: u8) -> Vec<Rows> {
    let mut out = Vec::new();
    let mut rows = [0u8; 8];
    fn fill(row: usize, left: u8, rows: &mut Rows, out: &mut Vec<Rows>) {
        if row == 6 {
            rows[6] = left;
            out.push(*rows);
            return;
        }
        for c in 0..=left.min(8) {
            rows[row] = c;
            fill(row + 1, left - c, rows, out);
        }
        rows[row] = 0;
    }
    if usize::from(k) <= 6 * 8 {
        fill(1, k, &mut rows, &mut out);
    }
    out.retain(|r| r[6] <= 8);
    out
}

/// Rows seen from the other side of the board (row `r` becomes row `7 - r`).
fn flip(rows: &Rows) -> Rows {
    let mut out = [0u8; 8];
    for (r, &c) in rows.iter().enumerate() {
        out[7 - r] = c;
    }
    out
}

/// How far a side's men have come: each man's rows from his own back rank, added up.
fn advance(white: &Rows, black: &Rows) -> u32 {
    let w: u32 = (0..8).map(|r| r as u32 * u32::from(white[r])).sum();
    let b: u32 = (0..8).map(|r| (7 - r) as u32 * u32::from(black[r])).sum();
    w + b
}

/// The domains of a pair's rank slice whose first material's men stand on `white` and
/// `black`: that part of the first material, and the same positions with the colours
/// swapped in the second (one domain when they are the same).
fn rank_domains(pair: &[Material], white: Rows, black: Rows) -> Vec<Domain> {
    let first = Domain::rows(pair[0], white, black);
    let second = Domain::rows(*pair.last().unwrap_or(&pair[0]), flip(&black), flip(&white));
    if first == second {
        std::vec![first]
    } else {
        std::vec![first, second]
    }
}

/// The slices of every table of 2 to `max_pieces` pieces under `rules`, pairs with men of
/// more than `split_above` entries in rank slices (see [`Builder::plan`](super::Builder::plan)).
pub(crate) fn plan(rules: RuleSet, max_pieces: u32, split_above: u64) -> Result<Plan, BuildError> {
    if max_pieces > MAX_BUILD_PIECES {
        return Err(BuildError::TooManyPieces {
            asked: max_pieces,
            max: MAX_BUILD_PIECES,
        });
    }
    let pairs = build_order(max_pieces);
    let mut layout = Layout::new(&pairs, split_above);
    for (p, pair) in pairs.iter().enumerate() {
        layout.add_pair(p, pair);
    }
    let inputs = (0..layout.slices.len())
        .map(|i| layout.inputs_of(i))
        .collect::<Result<Vec<_>, _>>()?;
    let mut slices = layout.slices;
    let entries: Vec<u64> = slices.iter().map(Slice::positions).collect();
    let names: Vec<String> = slices.iter().map(|s| s.name.clone()).collect();
    for (s, needed) in slices.iter_mut().zip(&inputs) {
        // What a solve holds of its inputs: their tables, or their rank slices' values.
        if s.kind != SliceKind::Assembly {
            s.input_entries = needed.iter().map(|&j| entries[j]).sum();
        }
        s.inputs = needed.iter().map(|&j| names[j].clone()).collect();
    }
    Ok(Plan {
        rules,
        max_pieces,
        slices,
    })
}

/// The slices of a plan as they are laid out, with where each pair's and each rank
/// combination's values are solved.
struct Layout<'a> {
    pairs: &'a [Vec<Material>],
    split_above: u64,
    /// Each material's pair, by its place in `pairs`.
    pair_of: HashMap<Material, usize>,
    /// The slices, each pair's rank slices (most advanced first) before its assembly.
    slices: Vec<Slice>,
    /// Per pair, the slice that writes its tables.
    whole_slice: Vec<usize>,
    /// Per rank combination (pair, its first material's rows), the slice that solves it.
    rank_slice: HashMap<(usize, Rows, Rows), usize>,
    /// The materials each material's captures and crownings reach.
    children_of: HashMap<Material, Vec<Material>>,
}

impl<'a> Layout<'a> {
    fn new(pairs: &'a [Vec<Material>], split_above: u64) -> Layout<'a> {
        Layout {
            pairs,
            split_above,
            pair_of: pairs
                .iter()
                .enumerate()
                .flat_map(|(i, p)| p.iter().map(move |&m| (m, i)))
                .collect(),
            slices: Vec::new(),
            whole_slice: Vec::with_capacity(pairs.len()),
            rank_slice: HashMap::new(),
            children_of: pairs
                .iter()
                .flatten()
                .map(|&m| (m, children(m).into_iter().collect()))
                .collect(),
        }
    }

    /// Whether a pair is solved in rank slices.
    fn split(&self, pair: &[Material]) -> bool {
        pair[0].counts[0] + pair[0].counts[2] > 0
            && pair.iter().map(|m| m.size()).sum::<u64>() > self.split_above
    }

    /// A slice of `pair` solving `domains` in `solves`.
    fn push(
        &mut self,
        name: String,
        pair: &[Material],
        kind: SliceKind,
        domains: Vec<Domain>,
        solves: Vec<usize>,
    ) {
        self.slices.push(Slice {
            name,
            pair: pair.to_vec(),
            kind,
            domains,
            solves,
            inputs: Vec::new(),
            input_entries: 0,
        });
    }

    /// The slices of pair `p`: one whole, or its rank slices and their assembly.
    fn add_pair(&mut self, p: usize, pair: &[Material]) {
        let name = pair_name(pair);
        let whole: Vec<Domain> = pair.iter().map(|&m| Domain::whole(m)).collect();
        if self.split(pair) {
            self.add_rank_slices(p, pair, &name);
            self.whole_slice.push(self.slices.len());
            self.push(
                name,
                pair,
                SliceKind::Assembly,
                whole,
                std::vec![pair.len()],
            );
        } else {
            self.whole_slice.push(self.slices.len());
            self.push(name, pair, SliceKind::Whole, whole, std::vec![pair.len()]);
        }
    }

    /// The rank slices of pair `p`: its rank combinations, most advanced first, those of
    /// one advance taken together into slices of at most a quarter of `split_above`
    /// entries (one combination at least). None reads another of its advance (a man's
    /// forward move advances), and they read the same tables, read once for them all.
    fn add_rank_slices(&mut self, p: usize, pair: &[Material], name: &str) {
        let [wm, _, bm, _] = pair[0].counts;
        let mut keys: Vec<(Rows, Rows)> = Vec::new();
        for w in row_counts(wm) {
            for b in row_counts(bm) {
                // A material that is its own swap: (w, b) and its colour swap are one
                // combination.
                if pair.len() == 1 && (flip(&b), flip(&w)) < (w, b) {
                    continue;
                }
                keys.push((w, b));
            }
        }
        keys.sort_by_key(|(w, b)| core::cmp::Reverse(advance(w, b)));
        for same in keys.chunk_by(|x, y| advance(&x.0, &x.1) == advance(&y.0, &y.1)) {
            let a = advance(&same[0].0, &same[0].1);
            let mut batches: Vec<Vec<(Rows, Rows)>> = Vec::new();
            let mut size = 0;
            for &(w, b) in same {
                let n: u64 = rank_domains(pair, w, b).iter().map(Domain::size).sum();
                match batches.last_mut() {
                    Some(batch) if size + n <= self.split_above / 4 => batch.push((w, b)),
                    _ => {
                        batches.push(std::vec![(w, b)]);
                        size = 0;
                    }
                }
                size += n;
            }
            let several = batches.len() > 1;
            for (j, batch) in batches.into_iter().enumerate() {
                let mut domains = Vec::new();
                let mut solves = Vec::new();
                for &(w, b) in &batch {
                    let ds = rank_domains(pair, w, b);
                    self.rank_slice.insert((p, w, b), self.slices.len());
                    solves.push(ds.len());
                    domains.extend(ds);
                }
                let name = match (batch.len(), several) {
                    (1, _) => format!("{name}.r{}", RanksOf(&domains[0])),
                    (_, false) => format!("{name}.a{a}"),
                    (_, true) => format!("{name}.a{a}.{}", j + 1),
                };
                self.push(name, pair, SliceKind::Ranks, domains, solves);
            }
        }
    }

    /// The slice that writes a material's tables.
    fn whole_of(&self, m: Material) -> Option<usize> {
        Some(self.whole_slice[*self.pair_of.get(&m)?])
    }

    /// The slice that solves the part of `m` whose men stand on `w` and `b`.
    fn part_of(&self, m: Material, w: Rows, b: Rows) -> Option<usize> {
        let p = *self.pair_of.get(&m)?;
        let pair = &self.pairs[p];
        if !self.split(pair) {
            return Some(self.whole_slice[p]);
        }
        let (w0, b0) = if m == pair[0] {
            (w, b)
        } else {
            (flip(&b), flip(&w))
        };
        let key = if pair.len() == 1 && (flip(&b0), flip(&w0)) < (w0, b0) {
            (flip(&b0), flip(&w0))
        } else {
            (w0, b0)
        };
        self.rank_slice.get(&(p, key.0, key.1)).copied()
    }

    fn children(&self, m: Material) -> &[Material] {
        self.children_of.get(&m).map_or(&[][..], Vec::as_slice)
    }

    /// The slices slice `i` reads: those its moves out of it reach, and, since a table
    /// read back from its files leaves its capture positions to their children, the
    /// tables those captures reach in turn, down to the end.
    fn inputs_of(&self, i: usize) -> Result<BTreeSet<usize>, BuildError> {
        let s = &self.slices[i];
        let mut needed = self.reached(i)?;
        needed.remove(&i);
        let mut todo: Vec<usize> = if s.kind == SliceKind::Assembly {
            Vec::new()
        } else {
            needed.iter().copied().collect()
        };
        while let Some(j) = todo.pop() {
            for &m in &self.slices[j].pair {
                for &c in self.children(m).iter().filter(|c| c.pieces() < m.pieces()) {
                    if let Some(k) = self.whole_of(c) {
                        if needed.insert(k) {
                            todo.push(k);
                        }
                    }
                }
            }
        }
        if let Some(&late) = needed.iter().find(|&&j| j >= i) {
            return Err(BuildError::Internal(format!(
                "{} reads {}, not planned before it",
                s.name, self.slices[late].name
            )));
        }
        Ok(needed)
    }

    /// The slices slice `i`'s moves out of it reach directly: captures, crownings and,
    /// in a rank slice, the men's steps forward (an assembly: its rank slices).
    fn reached(&self, i: usize) -> Result<BTreeSet<usize>, BuildError> {
        let s = &self.slices[i];
        let missing = |what: String| BuildError::Internal(format!("{} reads {what}", s.name));
        let mut needed = BTreeSet::new();
        if s.kind == SliceKind::Assembly {
            needed.extend((0..i).filter(|&j| {
                self.slices[j].kind == SliceKind::Ranks && self.slices[j].pair == s.pair
            }));
            return Ok(needed);
        }
        for d in &s.domains {
            for &c in self.children(d.m) {
                // A capture leaves fewer pieces; a crowning keeps them.
                if c.pieces() < d.m.pieces() || s.kind == SliceKind::Whole {
                    needed.insert(self.whole_of(c).ok_or_else(|| missing(c.name()))?);
                }
            }
            let crate::tablebase::format::Scheme::Rows(w, b) = d.scheme() else {
                continue;
            };
            let [wm, wk, bm, bk] = d.m.counts;
            for r in (1..7).filter(|&r| w[r] > 0) {
                let mut moved = w;
                moved[r] -= 1;
                let (m, what) = if r < 6 {
                    // A man's step forward: the same material, Black to move, read in the
                    // colour swap's table.
                    moved[r + 1] += 1;
                    (d.m.swapped(), "ahead")
                } else {
                    // A crowning.
                    let crowned = Material {
                        counts: [wm - 1, wk + 1, bm, bk],
                    };
                    (crowned.swapped(), "crowned")
                };
                let j = self
                    .part_of(m, flip(&b), flip(&moved))
                    .ok_or_else(|| missing(format!("{} {what}", m.name())))?;
                needed.insert(j);
            }
        }
        Ok(needed)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn m(name: &str) -> Material {
        Material::from_name(name).unwrap()
    }

    #[test]
    fn children_of_small_materials() {
        // A white man against a black king: the capture ends the game, the crowning gives
        // KvK (read as its swap, KvK).
        assert_eq!(children(m("MvK")), [m("KvK")].into());
        // A king against a king and a man: captures leave KvK or KvM (read swapped: KvK,
        // MvK); there is no man of White's to crown.
        assert_eq!(children(m("KvKM")), [m("KvK"), m("MvK")].into());
        // Two white men against two black men: one man taken (two end the game), the
        // capturing man crowned or not, or a crowning alone.
        assert_eq!(
            children(m("MMvMM")),
            [m("MvMM"), m("MMvKM"), m("MvKM")].into()
        );
    }

    #[test]
    fn men_stand_on_rows_every_way() {
        assert_eq!(row_counts(0).len(), 1);
        assert_eq!(row_counts(1).len(), 6);
        assert_eq!(row_counts(2).len(), 21);
        assert_eq!(row_counts(3).len(), 56);
    }

    /// A plan split into rank slices puts every entry of a pair in exactly one slice, and
    /// orders every slice after what it reads.
    #[test]
    fn rank_slices_share_out_their_pairs() {
        let plan = plan(RuleSet::Default, 4, 1).unwrap();
        for s in plan
            .slices()
            .iter()
            .filter(|s| s.kind == SliceKind::Assembly)
        {
            let parts: u64 = s
                .inputs()
                .iter()
                .filter_map(|n| plan.find(n))
                .filter(|p| p.kind == SliceKind::Ranks && p.pair == s.pair)
                .map(Slice::positions)
                .sum();
            assert_eq!(parts, s.positions(), "{}", s.name());
        }
        let place: HashMap<&str, usize> = plan
            .slices()
            .iter()
            .enumerate()
            .map(|(i, s)| (s.name(), i))
            .collect();
        for (i, s) in plan.slices().iter().enumerate() {
            for input in s.inputs() {
                assert!(place[input.as_str()] < i, "{} reads {input}", s.name());
            }
        }
    }
}
