//! Endgame tables: `Tablebase` (the prober), `build_tablebase` (the builder), and the plan
//! and slices of a build spread over workers, on the crate's `tablebase` module.

use std::path::PathBuf;

use pyo3::create_exception;
use pyo3::prelude::*;
use pyo3::types::PyDict;
use turkish_draughts::RuleSet;
use turkish_draughts::tablebase::{Builder, ProbeError, SliceKind, Tablebase, Wdl};

use crate::board::PyBoard;
use crate::errors::DamaError;
use crate::int_arg::{self, Int};
use crate::moves::PyMove;
use crate::names::parse_rules;

create_exception!(
    turkish_draughts,
    TablebaseError,
    DamaError,
    "A tablebase that cannot answer: too many pieces, a missing, corrupt or foreign table file, a directory without the rule set's tables or that cannot be read or written."
);

/// A probe error as `TablebaseError`, with the crate's message.
fn probe_error(e: ProbeError) -> PyErr {
    TablebaseError::new_err(e.to_string())
}

/// The endgame tables of one rule set in a directory, read lazily (a table's file on the
/// first probe that needs it). Values are for the side to move; repetition is outside the
/// tables (a cycle is a draw).
///
/// `Tablebase(path, rules="default")`. Build the files with `build_tablebase`.
#[pyclass(frozen, module = "turkish_draughts", name = "Tablebase")]
pub struct PyTablebase {
    tb: Tablebase,
}

#[pymethods]
impl PyTablebase {
    #[new]
    #[pyo3(signature = (path, rules = "default"))]
    fn py_new(path: PathBuf, rules: &str) -> PyResult<Self> {
        let rules = parse_rules(rules)?;
        let tb =
            Tablebase::open(&path, rules).map_err(|e| TablebaseError::new_err(e.to_string()))?;
        Ok(PyTablebase { tb })
    }

    /// The most pieces of the tables in the directory (0 when it holds none of the rule
    /// set's: a probe then raises `TablebaseError` saying what the directory holds).
    #[getter]
    fn max_pieces(&self) -> u32 {
        self.tb.max_pieces()
    }

    /// The rule set of the tables: "default" or "tudaf".
    #[getter]
    fn rules(&self) -> &'static str {
        self.tb.rules().name()
    }

    /// "win", "draw" or "loss" for the side to move of `board`'s position.
    fn probe_wdl(&self, py: Python<'_>, board: PyRef<'_, PyBoard>) -> PyResult<&'static str> {
        let pos = *board.position();
        let wdl = py.detach(|| self.tb.probe_wdl(&pos)).map_err(probe_error)?;
        Ok(match wdl {
            Wdl::Win => "win",
            Wdl::Draw => "draw",
            Wdl::Loss => "loss",
        })
    }

    /// The plies to the end of the game with best play (the winner ends it as soon as it
    /// can, the loser puts it off), or None for a draw.
    fn probe_dtw(&self, py: Python<'_>, board: PyRef<'_, PyBoard>) -> PyResult<Option<u32>> {
        let pos = *board.position();
        py.detach(|| self.tb.probe_dtw(&pos)).map_err(probe_error)
    }

    /// The moves that keep the value: for a win the quickest, for a loss the slowest, for a
    /// draw those that draw. Empty when the position's game is over.
    fn best_moves(&self, py: Python<'_>, board: PyRef<'_, PyBoard>) -> PyResult<Vec<PyMove>> {
        let pos = *board.position();
        let moves = py
            .detach(|| self.tb.best_moves(&pos))
            .map_err(probe_error)?;
        Ok(moves.into_iter().map(|m| PyMove::new(m, pos)).collect())
    }

    fn __repr__(&self) -> String {
        format!(
            "<Tablebase rules={} max_pieces={}>",
            self.tb.rules().name(),
            self.tb.max_pieces()
        )
    }
}

/// A builder of `rules` in `path` on `threads` threads, splitting pairs of materials with
/// men above `split_above` index entries into rank slices (the crate's default when `None`),
/// refusing a slice estimated to need more than `memory_limit` bytes (no limit when `None`).
fn builder(
    rules: RuleSet,
    path: PathBuf,
    threads: &Int,
    split_above: Option<&Int>,
    memory_limit: Option<&Int>,
) -> PyResult<Builder> {
    let threads: usize = int_arg::get(threads, "threads", int_arg::USIZE)?;
    let mut b = Builder::new(rules, path).threads(threads);
    if let Some(n) = split_above {
        b = b.split_above(int_arg::get(n, "split_above", (1, i128::from(u64::MAX)))?);
    }
    if let Some(n) = memory_limit {
        b = b.memory_limit(int_arg::get(n, "memory_limit", (0, i128::from(u64::MAX)))?);
    }
    Ok(b)
}

/// Builds every table of 2 to `pieces` pieces under `rules` into the directory `path`
/// (created if missing); a table already there is kept. Returns the names of the materials
/// built (such as "KMvK"). `threads=0` uses every core. `split_above` solves a pair of
/// materials with men of more index entries than that a rank slice at a time (the same
/// files, less memory; by default 2**30). `memory_limit` (bytes) raises `TablebaseError`
/// before anything is built when a slice still to build is estimated to need more (the
/// plan's `memory`); no limit by default.
#[pyfunction]
#[pyo3(
    signature = (path, pieces, rules = "default", *, threads = Int::Small(0), split_above = None, memory_limit = None),
    text_signature = "(path, pieces, rules='default', *, threads=0, split_above=None, memory_limit=None)"
)]
fn build_tablebase(
    py: Python<'_>,
    path: PathBuf,
    pieces: Int,
    rules: &str,
    threads: Int,
    split_above: Option<Int>,
    memory_limit: Option<Int>,
) -> PyResult<Vec<String>> {
    let pieces: u32 = int_arg::get(&pieces, "pieces", int_arg::U32)?;
    let rules: RuleSet = parse_rules(rules)?;
    let b = builder(
        rules,
        path,
        &threads,
        split_above.as_ref(),
        memory_limit.as_ref(),
    )?;
    let report = py
        .detach(|| b.build(pieces))
        .map_err(|e| TablebaseError::new_err(e.to_string()))?;
    Ok(report.built)
}

/// The slices of a build of every table of 2 to `pieces` pieces under `rules`, in build
/// order (every slice after its inputs): a list of dicts with `name` (such as "KvKM+KMvK",
/// or for a rank slice "KvKKKKM+KKKKMvK.r-7"), `kind` ("whole", "ranks" or "assembly"),
/// `materials`, `pieces`, `positions` (index entries), `memory` and `disk` (estimated
/// bytes), `seconds` (estimated time on two threads) and `inputs` (the names of the slices
/// whose tables or values it reads). `split_above` as for `build_tablebase`.
#[pyfunction]
#[pyo3(signature = (pieces, rules = "default", *, split_above = None))]
fn tablebase_plan<'py>(
    py: Python<'py>,
    pieces: Int,
    rules: &str,
    split_above: Option<Int>,
) -> PyResult<Vec<Bound<'py, PyDict>>> {
    let pieces: u32 = int_arg::get(&pieces, "pieces", (2, i128::from(u32::MAX)))?;
    let rules: RuleSet = parse_rules(rules)?;
    let plan = builder(
        rules,
        PathBuf::from("."),
        &Int::Small(0),
        split_above.as_ref(),
        None,
    )?
    .plan(pieces)
    .map_err(|e| TablebaseError::new_err(e.to_string()))?;
    plan.slices()
        .iter()
        .map(|s| {
            let d = PyDict::new(py);
            d.set_item("name", s.name())?;
            d.set_item(
                "kind",
                match s.kind() {
                    SliceKind::Ranks => "ranks",
                    SliceKind::Assembly => "assembly",
                    _ => "whole",
                },
            )?;
            d.set_item("materials", s.materials())?;
            d.set_item("pieces", s.pieces())?;
            d.set_item("positions", s.positions())?;
            d.set_item("memory", s.memory())?;
            d.set_item("disk", s.disk())?;
            d.set_item("seconds", s.time().as_secs_f64())?;
            d.set_item("inputs", s.inputs().to_vec())?;
            Ok(d)
        })
        .collect()
}

/// Builds one slice of the tables under `rules` in the directory `path`: reads its inputs'
/// files there, solves it (or puts its tables together from its rank slices), writes its
/// files (each under a temporary name, then renamed). `slice` is a slice's name
/// ("KvKM+KMvK", "KvKKKKM+KKKKMvK.r-7") or one of its materials' ("KMvK", "KKKKMvK.r7-").
/// Returns True when it built the slice, False when its files were already there. Raises
/// `TablebaseError` naming the input when an input's files are missing. `split_above` as
/// for `build_tablebase` (it must be the plan's); `memory_limit` (bytes) raises
/// `TablebaseError` at once when the slice is estimated to need more.
#[pyfunction]
#[pyo3(
    signature = (path, slice, rules = "default", *, threads = Int::Small(0), split_above = None, memory_limit = None),
    text_signature = "(path, slice, rules='default', *, threads=0, split_above=None, memory_limit=None)"
)]
fn build_tablebase_slice(
    py: Python<'_>,
    path: PathBuf,
    slice: &str,
    rules: &str,
    threads: Int,
    split_above: Option<Int>,
    memory_limit: Option<Int>,
) -> PyResult<bool> {
    let rules: RuleSet = parse_rules(rules)?;
    let b = builder(
        rules,
        path,
        &threads,
        split_above.as_ref(),
        memory_limit.as_ref(),
    )?;
    py.detach(|| b.build_slice(slice))
        .map_err(|e| TablebaseError::new_err(e.to_string()))
}

/// Checks one slice of the tables under `rules` in the directory `path`, as the crate's
/// `Builder::verify_slice` does: every value it stores is derived again from its
/// position's children's (the move generator and the values of what it reads) and
/// compared. A rank slice ("KvKKKKM+KKKKMvK.r-7") is checked from its values' files, on
/// the worker that built it, before its material's tables are put together; another slice
/// from its tables. Returns a dict: `positions` checked, `mismatch_count`, and
/// `mismatches` (at most 100, each the FEN with what was stored and what was expected).
/// Raises `TablebaseError` naming the file when a file it reads is missing or unreadable,
/// or for a name that is no slice. `split_above` as for `build_tablebase` (it must be
/// the plan's the slice was built by).
#[pyfunction]
#[pyo3(
    signature = (path, slice, rules = "default", *, threads = Int::Small(0), split_above = None),
    text_signature = "(path, slice, rules='default', *, threads=0, split_above=None)"
)]
fn verify_tablebase_slice<'py>(
    py: Python<'py>,
    path: PathBuf,
    slice: &str,
    rules: &str,
    threads: Int,
    split_above: Option<Int>,
) -> PyResult<Bound<'py, PyDict>> {
    let rules: RuleSet = parse_rules(rules)?;
    let b = builder(rules, path, &threads, split_above.as_ref(), None)?;
    let report = py
        .detach(|| b.verify_slice(slice))
        .map_err(|e| TablebaseError::new_err(e.to_string()))?;
    let d = PyDict::new(py);
    d.set_item("positions", report.positions)?;
    d.set_item("mismatch_count", report.mismatch_count)?;
    d.set_item("mismatches", report.mismatches)?;
    Ok(d)
}

/// Adds the tablebase's class, function and exception to the module.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<PyTablebase>()?;
    m.add_function(wrap_pyfunction!(build_tablebase, m)?)?;
    m.add_function(wrap_pyfunction!(tablebase_plan, m)?)?;
    m.add_function(wrap_pyfunction!(build_tablebase_slice, m)?)?;
    m.add_function(wrap_pyfunction!(verify_tablebase_slice, m)?)?;
    m.add("TablebaseError", m.py().get_type::<TablebaseError>())?;
    Ok(())
}
