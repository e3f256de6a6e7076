//! The order of a whole build in one process: which slices are solved when, and on how many
//! threads.
//!
//! A small slice's levels are short jobs, and two threads on one of them spend a good part
//! of their time waiting for each other at the end of each level; one thread on each of two
//! small slices does not wait. So the slices of at most [`SIDE_BY_SIDE`] entries are solved
//! side by side, as soon as the slices they read are finished, the threads shared out
//! between those ready (all of them to a slice alone), up to [`SIDE_BY_SIDE_TOTAL`] entries
//! at once. A larger slice, or an assembly of rank slices, waits until nothing else is being
//! solved and then has every thread. Each side-by-side slice reads a snapshot of the tables
//! finished when it started (every table it reads is among them); what it finishes is held
//! once it is done, so the files and values are the same whatever the order.

use std::collections::HashMap;
use std::string::String;
use std::sync::mpsc;
use std::vec::Vec;
use std::{format, vec};

use super::domain::Domain;
use super::held::{Held, HeldBuilder, Tables};
use super::plan::{Plan, Slice, SliceKind};
use super::progress::{Stage, Tracker};
use super::{BuildError, BuildReport, Builder, drop_held};

/// The largest slice, in index entries, that is solved side by side with others (its cells
/// take 64 MiB).
pub(crate) const SIDE_BY_SIDE: u64 = 1 << 24;

/// The most index entries solved side by side at once (128 MiB of cells).
pub(crate) const SIDE_BY_SIDE_TOTAL: u64 = 1 << 25;

/// What a slice finished gives the build: the values of its domains to hold.
type Kept = Vec<(Domain, Held)>;

/// What a build can do next (see [`Run::ready`]).
#[derive(Default)]
struct Ready {
    present: Vec<usize>,
    side: Vec<usize>,
    wait: Option<usize>,
}

/// The state of a build: what is started, finished and held, and who still reads what.
struct Run<'p> {
    slices: &'p [Slice],
    max_pieces: u32,
    /// Each slice's inputs, by place in the plan.
    inputs: Vec<Vec<usize>>,
    /// The slices not yet finished that read each slice.
    readers: Vec<usize>,
    /// Whether the build holds a slice's values once it is finished (a slice of fewer
    /// pieces is read to the end, a capture's child; one of the most pieces while a slice
    /// to come reads it).
    kept: Vec<bool>,
    present: Vec<bool>,
    started: Vec<bool>,
    finished: Vec<bool>,
    held: Vec<bool>,
    /// The materials each slice built, reported in plan order.
    built: Vec<Vec<String>>,
    tables: Tables,
    /// Threads and entries at work on slices side by side.
    busy: usize,
    entries: u64,
    /// The first slice not started.
    first: usize,
}

impl Run<'_> {
    /// What can be done now, in plan order: the slices already there to take, the slices
    /// that can start side by side, and the first slice that must wait for the others to
    /// finish (a large slice or an assembly), if the scan reached one (it stops there).
    fn ready(&mut self) -> Ready {
        while self.first < self.slices.len() && self.started[self.first] {
            self.first += 1;
        }
        let mut r = Ready::default();
        for k in self.first..self.slices.len() {
            if self.started[k] {
                continue;
            }
            let s = &self.slices[k];
            if self.present[k] {
                r.present.push(k);
            } else if s.kind() == SliceKind::Assembly || s.positions() > SIDE_BY_SIDE {
                r.wait = Some(k);
                break;
            } else if self.inputs[k].iter().all(|&j| self.finished[j]) {
                r.side.push(k);
            }
        }
        r
    }

    /// A finished slice: its values held if kept, and the tables of the most pieces that no
    /// slice still to finish reads freed.
    fn finish(&mut self, k: usize, kept: Kept, report: &mut BuildReport) {
        let s = &self.slices[k];
        if self.kept[k] {
            for (d, values) in kept {
                match s.kind() {
                    SliceKind::Ranks => self.tables.insert_part(d, values),
                    _ => self.tables.insert(d.m, values),
                }
            }
            self.held[k] = s.kind() != SliceKind::Assembly;
        }
        if s.kind() != SliceKind::Ranks {
            self.built[k] = s.materials();
        }
        if s.kind() != SliceKind::Assembly {
            // An assembly's entries are its rank slices'.
            report.positions += s.positions();
        }
        self.release(k);
    }

    /// Slice `k` is finished (built, or found present): no longer a reader of its inputs,
    /// and what no slice still to finish reads is freed.
    fn release(&mut self, k: usize) {
        self.finished[k] = true;
        for j in self.inputs[k].clone() {
            self.readers[j] -= 1;
            self.free_if_unread(j);
        }
        self.free_if_unread(k);
    }

    fn free_if_unread(&mut self, j: usize) {
        if self.held[j] && self.readers[j] == 0 && self.slices[j].pieces() == self.max_pieces {
            drop_held(&self.slices[j], &mut self.tables);
            self.held[j] = false;
        }
    }
}

impl Builder {
    /// Builds every table of 2 to `max_pieces` pieces that is not already in the directory
    /// (a file is kept when it is complete and valid; a build killed half way starts again
    /// at the first slice it had not finished). Each material's two files (WDL and DTW) are
    /// written under a temporary name and renamed when complete.
    ///
    /// A build holds the slice being solved at four bytes an index entry, the finished
    /// tables with fewer pieces at a byte an entry, and of the tables with `max_pieces`
    /// pieces only those that a slice still to come reads through a crowning (see
    /// [`Plan`](super::Plan) for each slice's size). Slices of at most 2^24 entries are
    /// solved side by side, each on a share of the threads, at most 2^25 entries at once
    /// (128 MiB of working cells); a larger slice has every thread to itself. The files are
    /// the same whatever the number of threads.
    ///
    /// ```
    /// use turkish_draughts::{RuleSet, tablebase::{BuildError, Builder}};
    /// let err = Builder::new(RuleSet::Default, "tables").build(9).unwrap_err();
    /// assert!(matches!(err, BuildError::TooManyPieces { asked: 9, .. }));
    /// ```
    ///
    /// # Errors
    ///
    /// [`BuildError::TooManyPieces`] past [`MAX_BUILD_PIECES`](super::MAX_BUILD_PIECES);
    /// [`BuildError::Io`] when the directory or a file cannot be written;
    /// [`BuildError::NotEnoughMemory`] when a slice is estimated to need more than
    /// [`memory_limit`](Builder::memory_limit).
    pub fn build(&self, max_pieces: u32) -> Result<BuildReport, BuildError> {
        let plan = self.plan(max_pieces)?;
        let slices = plan.slices();
        // Which slices are there already, looked at once (a slice's files are written only
        // when the build reaches it).
        let present: Vec<bool> = slices.iter().map(|s| self.slice_present(s)).collect();
        for (s, _) in slices.iter().zip(&present).filter(|(_, p)| !**p) {
            self.check_memory(s)?;
        }
        self.create_dir()?;
        let place: HashMap<&str, usize> = slices
            .iter()
            .enumerate()
            .map(|(i, s)| (s.name(), i))
            .collect();
        let inputs: Vec<Vec<usize>> = slices
            .iter()
            .map(|s| {
                s.inputs()
                    .iter()
                    .filter_map(|i| place.get(i.as_str()).copied())
                    .collect()
            })
            .collect();
        let mut readers = vec![0usize; slices.len()];
        for &j in inputs.iter().flatten() {
            readers[j] += 1;
        }
        let kept = slices
            .iter()
            .zip(&readers)
            .map(|(s, &r)| s.pieces() < max_pieces || r > 0)
            .collect();
        let n = slices.len();
        let mut run = Run {
            slices,
            max_pieces,
            inputs,
            readers,
            kept,
            present,
            started: vec![false; n],
            finished: vec![false; n],
            held: vec![false; n],
            built: vec![Vec::new(); n],
            tables: Tables::default(),
            busy: 0,
            entries: 0,
            first: 0,
        };
        let progress = Tracker::new(self.progress.clone(), slices);
        let mut report = BuildReport::default();
        self.run(&plan, &mut run, &progress, &mut report)?;
        report.built = run.built.into_iter().flatten().collect();
        progress.finish();
        report.elapsed = progress.elapsed();
        Ok(report)
    }

    /// Runs the build's slices to the end, or to the first error (the slices already
    /// started are let finish first).
    fn run(
        &self,
        plan: &Plan,
        run: &mut Run<'_>,
        progress: &Tracker,
        report: &mut BuildReport,
    ) -> Result<(), BuildError> {
        let threads = self.thread_count();
        let slices = run.slices;
        let (tx, rx) = mpsc::channel::<(usize, usize, Result<Kept, BuildError>)>();
        std::thread::scope(|scope| {
            let mut failure: Option<BuildError> = None;
            loop {
                let ready = run.ready();
                if failure.is_none() {
                    // The slices already there: held if read.
                    for &k in &ready.present {
                        run.started[k] = true;
                        if let Err(e) = self.take_present(run, k, progress, report) {
                            failure = Some(e);
                            break;
                        }
                    }
                }
                if failure.is_none() && run.busy < threads {
                    let mut left = ready.side.len();
                    for &k in &ready.side {
                        let free = threads - run.busy;
                        let s = &slices[k];
                        if free == 0
                            || (run.busy > 0 && run.entries + s.positions() > SIDE_BY_SIDE_TOTAL)
                        {
                            break;
                        }
                        let t = (free / left).max(1);
                        left -= 1;
                        if let Err(e) = self.hold_inputs(run, k) {
                            failure = Some(e);
                            break;
                        }
                        run.started[k] = true;
                        run.busy += t;
                        run.entries += s.positions();
                        let (snapshot, kept, tx) = (run.tables.clone(), run.kept[k], tx.clone());
                        progress.stage(s.name(), Stage::Reading);
                        scope.spawn(move || {
                            let result =
                                std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
                                    self.solve_slice(s, &snapshot, t, progress, kept)
                                }))
                                .unwrap_or_else(|_| {
                                    Err(BuildError::Internal(format!(
                                        "solving {} panicked",
                                        s.name()
                                    )))
                                });
                            drop(snapshot);
                            let _ = tx.send((k, t, result));
                        });
                    }
                }
                if run.busy > 0 {
                    // Wait for a slice to finish.
                    let Ok((k, t, result)) = rx.recv() else {
                        return Err(BuildError::Internal("a solver thread was lost".into()));
                    };
                    run.busy -= t;
                    run.entries -= slices[k].positions();
                    match result {
                        Ok(kept) => {
                            run.finish(k, kept, report);
                            progress.done(slices[k].name(), slices[k].positions(), true);
                        }
                        Err(e) => {
                            failure.get_or_insert(e);
                        }
                    }
                    continue;
                }
                if let Some(e) = failure {
                    return Err(e);
                }
                if !ready.side.is_empty() || !ready.present.is_empty() {
                    continue;
                }
                // Nothing at work and nothing else to start: the slice that waited for the
                // others, on every thread.
                let Some(k) = ready.wait else {
                    return if run.started.iter().all(|&s| s) {
                        Ok(())
                    } else {
                        Err(BuildError::Internal(
                            "a slice's inputs never finished".into(),
                        ))
                    };
                };
                if run.first != k {
                    return Err(BuildError::Internal(format!(
                        "{} waits for a slice not started",
                        slices[k].name()
                    )));
                }
                run.started[k] = true;
                self.hold_inputs(run, k)?;
                let s = &slices[k];
                progress.stage(s.name(), Stage::Reading);
                let kept = if s.kind() == SliceKind::Assembly {
                    progress.stage(s.name(), Stage::Writing);
                    self.assemble(s, plan)?;
                    Vec::new()
                } else {
                    self.solve_slice(s, &run.tables, threads, progress, run.kept[k])?
                };
                run.finish(k, kept, report);
                progress.done(s.name(), s.positions(), true);
            }
        })
    }

    /// A slice whose files are already there: held when a slice to come reads it.
    fn take_present(
        &self,
        run: &mut Run<'_>,
        k: usize,
        progress: &Tracker,
        report: &mut BuildReport,
    ) -> Result<(), BuildError> {
        let s = &run.slices[k];
        if run.kept[k] {
            progress.stage(s.name(), Stage::Reading);
            if s.kind() != SliceKind::Assembly {
                self.hold(s, &mut run.tables)?;
                run.held[k] = true;
            }
        }
        if s.kind() != SliceKind::Ranks {
            report.present.extend(s.materials());
        }
        run.release(k);
        progress.done(s.name(), s.positions(), false);
        Ok(())
    }

    /// Reads from their files the inputs of slice `k` that the build does not hold.
    fn hold_inputs(&self, run: &mut Run<'_>, k: usize) -> Result<(), BuildError> {
        for j in run.inputs[k].clone() {
            if !run.held[j] {
                self.hold(&run.slices[j], &mut run.tables)?;
                run.held[j] = true;
            }
        }
        Ok(())
    }

    /// Solves a slice on `threads` threads with the finished tables `tables` (every table it
    /// reads) and writes its files; returns its values when the build keeps them (`kept`).
    pub(super) fn solve_slice(
        &self,
        s: &Slice,
        tables: &Tables,
        threads: usize,
        progress: &Tracker,
        kept: bool,
    ) -> Result<Kept, BuildError> {
        let mut keep = Vec::new();
        for pair in s.solves() {
            let mut solved = self.solve(s, pair, tables, threads, progress)?;
            progress.stage(s.name(), Stage::Writing);
            self.write_pair(&solved, threads)?;
            if kept {
                for (k, d) in pair.iter().enumerate() {
                    let mut b = HeldBuilder::new(solved.len(k));
                    solved.drain_codes(k, |codes| b.extend(codes));
                    keep.push((*d, b.finish(true)));
                }
            }
        }
        Ok(keep)
    }
}
