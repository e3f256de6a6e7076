//! Slices: the builder's unit of work, one at a time, with what each needs, for builds that
//! spread over several processes or machines.

use std::collections::BTreeSet;
use std::string::String;
use std::time::Duration;
use std::vec::Vec;

use super::error::BuildError;
use super::order::{build_order, pair_name};
use super::{Builder, MAX_BUILD_PIECES};
use crate::RuleSet;
use crate::tablebase::format::file_name;
use crate::tablebase::material::Material;
use crate::tablebase::value::Metric;

/// The builder's cost of one index entry of the slice being solved, in bytes: its cell (a
/// 6-byte working state), its bit in the filter of open entries, the candidates of the
/// levels and of the first pass, and the values written out at the end; measured (see
/// [`Slice::memory`]).
const BYTES_PER_ENTRY: f64 = 21.0;
/// The memory of one index entry of a table a slice reads: a byte.
const BYTES_PER_INPUT_ENTRY: f64 = 1.0;
/// What every build holds besides the tables: the program, the move lists, the threads.
const BASE_MEMORY: u64 = 8 << 20;
/// Index entries a byte of the files (WDL and DTW together), measured on the 5-piece
/// tables of the default rules (format version 2): 4 315 822 784 entries in 549 835 130 bytes.
const ENTRIES_PER_FILE_BYTE: f64 = 4_315_822_784.0 / 549_835_130.0;
/// Index entries solved a second by one builder on two threads, measured on the 5-piece
/// build of the default rules: 4 315 822 784 entries in 44 min 22 s (2 662 s), files read
/// and written included. The plan's times are estimated from it.
///
/// ```
/// use turkish_draughts::tablebase::ENTRIES_PER_SECOND;
/// assert!((1.6e6..1.7e6).contains(&ENTRIES_PER_SECOND));
/// ```
pub const ENTRIES_PER_SECOND: f64 = 4_315_822_784.0 / 2_662.0;

/// One unit of a tablebase build: a material and its colour swap (solved together, since
/// each side's quiet moves lead into the other's table), or a material that is its own
/// swap. Its tables' files depend on the tables of its [inputs](Slice::inputs) only: the
/// tables its captures and crownings reach and, since a file leaves its capture positions
/// to their children, the tables those captures reach in turn.
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
    inputs: Vec<String>,
    input_entries: u64,
}

impl Slice {
    /// The slice's name: its materials' names joined by `+`, such as `KvKM+KMvK` (a single
    /// name, such as `KvK`, for a material that is its own colour swap).
    ///
    /// See [`Slice`] for an example.
    pub fn name(&self) -> &str {
        &self.name
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

    /// Its index entries: the positions solved, White to move, of both materials (entries
    /// that put two pieces on one square included).
    ///
    /// ```
    /// use turkish_draughts::{RuleSet, tablebase::Builder};
    /// let plan = Builder::new(RuleSet::Default, "tables").plan(2)?;
    /// assert_eq!(plan.find("KvK").unwrap().positions(), 64 * 64);
    /// assert_eq!(plan.find("KvM").unwrap().positions(), 2 * 64 * 48);
    /// # Ok::<(), turkish_draughts::tablebase::BuildError>(())
    /// ```
    pub fn positions(&self) -> u64 {
        self.pair.iter().map(|m| m.size()).sum()
    }

    /// The slices whose tables its positions' captures and crownings lead to, by name, in
    /// build order: the tables [`Builder::build_slice`] reads.
    ///
    /// See [`Slice`] for an example.
    pub fn inputs(&self) -> &[String] {
        &self.inputs
    }

    /// The estimated peak memory of [`Builder::build_slice`] on it, in bytes:
    /// `21 * positions + inputs' positions + 8 MiB`. Each table it reads is held at a byte
    /// an entry. An entry solved costs its working cell (6 bytes), its bit in the filter of
    /// open entries, the candidates of the first pass (16 bytes each) and of the levels (8
    /// bytes each, an entry queued once for each of its children resolved) and the values
    /// written out at the end (2 bytes an entry); the 21 bytes are the most measured
    /// (`/usr/bin/time -v`, peak resident set, less the inputs): 16 to 21 on the largest
    /// 4-piece slices, 17 on the 5-piece slices `MMvMMM+MMMvMM` (952 MB for 39 M entries
    /// and 286 M entries read) and `KvKKKK+KKKKvK` (1.37 GB for 81 M entries).
    ///
    /// ```
    /// use turkish_draughts::{RuleSet, tablebase::Builder};
    /// let plan = Builder::new(RuleSet::Default, "tables").plan(4)?;
    /// let s = plan.find("KKvKK").unwrap();
    /// assert!(s.memory() > 6 * s.positions());
    /// # Ok::<(), turkish_draughts::tablebase::BuildError>(())
    /// ```
    pub fn memory(&self) -> u64 {
        (self.positions() as f64 * BYTES_PER_ENTRY
            + self.input_entries as f64 * BYTES_PER_INPUT_ENTRY) as u64
            + BASE_MEMORY
    }

    /// The estimated size of its files (WDL and DTW of each material), in bytes, from the
    /// 5-piece tables of the default rules: about 7.85 index entries a byte.
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

    /// The estimated time of its build by one process on two threads, from the measured
    /// 5-piece throughput ([`ENTRIES_PER_SECOND`]).
    ///
    /// ```
    /// use turkish_draughts::{RuleSet, tablebase::Builder};
    /// let plan = Builder::new(RuleSet::Default, "tables").plan(2)?;
    /// assert!(plan.find("KvK").unwrap().time().as_secs_f64() < 1.0);
    /// # Ok::<(), turkish_draughts::tablebase::BuildError>(())
    /// ```
    pub fn time(&self) -> Duration {
        Duration::from_secs_f64(self.positions() as f64 / ENTRIES_PER_SECOND)
    }

    /// Whether `name` names this slice or one of its materials.
    fn is_named(&self, name: &str) -> bool {
        self.name == name || self.pair.iter().any(|m| m.name() == name)
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

/// A plan's estimated build time on a number of workers, each one process of two threads,
/// from the measured 5-piece throughput ([`ENTRIES_PER_SECOND`]).
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
    /// The build with each free worker taking the first slice (in plan order) whose inputs
    /// are built: the estimate to plan by.
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

    /// The slices, in build order: fewer pieces first, then fewer men; every slice after
    /// its inputs. [`Builder::build`] builds them in this order.
    ///
    /// See [`Plan`] for an example.
    pub fn slices(&self) -> &[Slice] {
        &self.slices
    }

    /// The slice named `name`, or the slice holding the material named `name`.
    ///
    /// ```
    /// use turkish_draughts::{RuleSet, tablebase::Builder};
    /// let plan = Builder::new(RuleSet::Default, "tables").plan(2)?;
    /// assert_eq!(plan.find("MvK"), plan.find("KvM+MvK"));
    /// assert!(plan.find("KKvK").is_none()); // 3 pieces
    /// # Ok::<(), turkish_draughts::tablebase::BuildError>(())
    /// ```
    pub fn find(&self, name: &str) -> Option<&Slice> {
        self.slices.iter().find(|s| s.is_named(name))
    }

    /// Every slice's index entries added up.
    ///
    /// See [`Plan`] for an example.
    pub fn positions(&self) -> u64 {
        self.slices.iter().map(Slice::positions).sum()
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

    /// The estimated size of every file, in bytes.
    ///
    /// ```
    /// use turkish_draughts::{RuleSet, tablebase::Builder};
    /// let plan = Builder::new(RuleSet::Default, "tables").plan(3)?;
    /// assert_eq!(plan.disk(), plan.slices().iter().map(|s| s.disk()).sum::<u64>());
    /// # Ok::<(), turkish_draughts::tablebase::BuildError>(())
    /// ```
    pub fn disk(&self) -> u64 {
        self.slices.iter().map(Slice::disk).sum()
    }

    /// The estimated build time on `workers` workers (at least one).
    ///
    /// See [`Plan`] for an example.
    pub fn estimate(&self, workers: usize) -> Estimate {
        let workers = workers.max(1);
        let secs: Vec<f64> = self.slices.iter().map(|s| s.time().as_secs_f64()).collect();
        let index = |name: &str| self.slices.iter().position(|s| s.name == name);
        let inputs: Vec<Vec<usize>> = self
            .slices
            .iter()
            .map(|s| s.inputs.iter().filter_map(|n| index(n)).collect())
            .collect();
        // The longest chain ending at each slice (inputs come first in the order).
        let mut chain = std::vec![0.0f64; secs.len()];
        for i in 0..secs.len() {
            let before = inputs[i].iter().map(|&j| chain[j]).fold(0.0, f64::max);
            chain[i] = before + secs[i];
        }
        let critical = chain.iter().copied().fold(0.0, f64::max);
        let total: f64 = secs.iter().sum();
        // List scheduling: each free worker takes the first waiting slice whose inputs
        // are done.
        let mut finish: Vec<Option<f64>> = std::vec![None; secs.len()];
        let mut free = std::vec![0.0f64; workers];
        let mut waiting: Vec<usize> = (0..secs.len()).collect();
        while !waiting.is_empty() {
            let (w, &now) = free
                .iter()
                .enumerate()
                .min_by(|a, b| a.1.total_cmp(b.1))
                .unwrap_or((0, &0.0));
            // The earliest a waiting slice can start on this worker.
            let mut pick: Option<(usize, f64)> = None;
            for (k, &i) in waiting.iter().enumerate() {
                let ready = inputs[i]
                    .iter()
                    .map(|&j| finish[j])
                    .try_fold(0.0f64, |a, f| f.map(|f| a.max(f)));
                let Some(ready) = ready else { continue };
                let start = ready.max(now);
                if pick.is_none_or(|(_, s)| start < s) {
                    pick = Some((k, start));
                }
                if start <= now {
                    break;
                }
            }
            let Some((k, start)) = pick else { break };
            let i = waiting.remove(k);
            finish[i] = Some(start + secs[i]);
            free[w] = start + secs[i];
        }
        let schedule = finish.iter().flatten().copied().fold(0.0, f64::max);
        Estimate {
            workers,
            critical_path: Duration::from_secs_f64(critical),
            total_work: Duration::from_secs_f64(total),
            per_worker: Duration::from_secs_f64(total / workers as f64),
            schedule: Duration::from_secs_f64(schedule),
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

impl Builder {
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
    pub fn plan(&self, max_pieces: u32) -> Result<Plan, BuildError> {
        if max_pieces > MAX_BUILD_PIECES {
            return Err(BuildError::TooManyPieces {
                asked: max_pieces,
                max: MAX_BUILD_PIECES,
            });
        }
        let pairs = build_order(max_pieces);
        let slice_of = |m: Material| pairs.iter().position(|p| p.contains(&m));
        let mut slices = Vec::with_capacity(pairs.len());
        for (i, pair) in pairs.iter().enumerate() {
            let mut needed: BTreeSet<usize> = BTreeSet::new();
            for &m in pair {
                for c in children(m) {
                    // Every child has fewer pieces or fewer men, so an earlier slice.
                    if let Some(j) = slice_of(c).filter(|&j| j < i) {
                        needed.insert(j);
                    } else {
                        return Err(BuildError::Internal(std::format!(
                            "{} reads {}, not planned before it",
                            m.name(),
                            c.name()
                        )));
                    }
                }
            }
            // A table read back from its file leaves its capture positions to their
            // children, so the tables those captures reach are read too, down to the end.
            let mut todo: Vec<usize> = needed.iter().copied().collect();
            while let Some(j) = todo.pop() {
                for &m in &pairs[j] {
                    for c in children(m).into_iter().filter(|c| c.pieces() < m.pieces()) {
                        if let Some(k) = slice_of(c).filter(|&k| k < j) {
                            if needed.insert(k) {
                                todo.push(k);
                            }
                        }
                    }
                }
            }
            let input_entries = needed
                .iter()
                .map(|&j| pairs[j].iter().map(|m| m.size()).sum::<u64>())
                .sum();
            slices.push(Slice {
                name: pair_name(pair),
                pair: pair.clone(),
                inputs: needed.iter().map(|&j| pair_name(&pairs[j])).collect(),
                input_entries,
            });
        }
        Ok(Plan {
            rules: self.rules_of(),
            max_pieces,
            slices,
        })
    }

    /// Builds one slice, named as [`Plan::find`] takes it (`KvKM+KMvK`, or one of its
    /// materials, `KMvK`): reads the tables of its [inputs](Slice::inputs) from the
    /// directory (and no other), solves it and writes its files, each under a temporary
    /// name then renamed. Does nothing when its files are already there and valid. Returns
    /// whether it solved the slice. Built in [plan order](Plan::slices), the slices give
    /// the same files, byte for byte, as [`Builder::build`].
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
    pub fn build_slice(&self, name: &str) -> Result<bool, BuildError> {
        let plan = self.plan(MAX_BUILD_PIECES)?;
        let slice = plan
            .find(name)
            .ok_or_else(|| BuildError::UnknownSlice { name: name.into() })?;
        std::fs::create_dir_all(self.dir_of()).map_err(|source| BuildError::Io {
            path: self.dir_of().to_path_buf(),
            source,
        })?;
        if self.pair_present(&slice.pair) {
            return Ok(false);
        }
        let mut inputs = Vec::new();
        for input in &slice.inputs {
            let Some(s) = plan.find(input) else {
                return Err(BuildError::Internal(std::format!("no slice {input}")));
            };
            if !self.pair_present(&s.pair) {
                let missing = s
                    .pair
                    .iter()
                    .map(|&m| file_name(m, self.rules_of(), Metric::Dtw))
                    .collect::<Vec<_>>()
                    .join(", ");
                return Err(BuildError::MissingInput {
                    slice: slice.name.clone(),
                    input: s.name.clone(),
                    dir: self.dir_of().to_path_buf(),
                    files: missing,
                });
            }
            inputs.extend(s.pair.iter().copied());
        }
        self.solve_and_write(&slice.pair, &inputs)?;
        Ok(true)
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
}
