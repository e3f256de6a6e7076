//! PDN: reading games from a path, a Python file object or a string, one at a time; writing
//! a board's game.

use std::fs::File;
use std::io::{self, BufReader, Cursor, Read};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex, TryLockError};

use pyo3::exceptions::{PyIsADirectoryError, PyRuntimeError, PyTypeError};
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyDict, PyList, PyString};
use turkish_draughts::Game;
use turkish_draughts::pdn::{
    self, Notation, PdnError as RustPdnError, PdnErrorKind, PdnGame, ReadOptions, Reader,
    RulesConflict, Tags, WriteOptions,
};

use crate::board::PyBoard;
use crate::errors::{pdn_error, value_error};
use crate::moves::PyMove;
use crate::names::parse_rules;

/// A Python exception raised by a file object's `read`, kept to be raised again in place of
/// the reader's I/O error.
type Stash = Arc<Mutex<Option<PyErr>>>;

/// `std::io::Read` over a Python file object opened in text or binary mode: its `read(n)`
/// gives `str` (sent on as UTF-8) or `bytes`.
///
/// So that a game that has arrived is read without waiting for more (a pipe, a socket), the
/// object is read with `read1(n)` where it has one (binary files: what is there, at most `n`
/// bytes), with `readline(n)` where it says it is not seekable (text streams), and with
/// `read(n)` otherwise (text files, `StringIO`).
struct PyFileRead {
    file: Py<PyAny>,
    method: &'static str,
    pending: Vec<u8>,
    at: usize,
    stash: Stash,
}

impl PyFileRead {
    fn new(file: &Bound<'_, PyAny>, stash: Stash) -> PyResult<PyFileRead> {
        let method = if file.hasattr("read1")? {
            "read1"
        } else if file.hasattr("readline")?
            && file.hasattr("seekable")?
            && !file.call_method0("seekable")?.is_truthy()?
        {
            "readline"
        } else {
            "read"
        };
        Ok(PyFileRead {
            file: file.clone().unbind(),
            method,
            pending: Vec::new(),
            at: 0,
            stash,
        })
    }

    /// Calls the read method once; `Ok(false)` at the end of the file.
    fn fill(&mut self) -> io::Result<bool> {
        Python::attach(|py| {
            let chunk = self
                .file
                .bind(py)
                .call_method1(self.method, (64 * 1024,))
                .and_then(|data| {
                    if let Ok(b) = data.cast::<PyBytes>() {
                        Ok(b.as_bytes().to_vec())
                    } else if let Ok(s) = data.cast::<PyString>() {
                        Ok(s.to_cow()?.as_bytes().to_vec())
                    } else {
                        Err(PyTypeError::new_err(format!(
                            "{}() returned {}, not str or bytes",
                            self.method,
                            data.get_type().name()?
                        )))
                    }
                });
            match chunk {
                Ok(bytes) => {
                    self.pending = bytes;
                    self.at = 0;
                    Ok(!self.pending.is_empty())
                }
                Err(e) => {
                    let message = e.to_string();
                    if let Ok(mut slot) = self.stash.lock() {
                        *slot = Some(e);
                    }
                    Err(io::Error::other(message))
                }
            }
        })
    }
}

impl Read for PyFileRead {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        if self.at >= self.pending.len() && !self.fill()? {
            return Ok(0);
        }
        let n = buf.len().min(self.pending.len() - self.at);
        buf[..n].copy_from_slice(&self.pending[self.at..self.at + n]);
        self.at += n;
        Ok(n)
    }
}

type Games = Box<dyn Iterator<Item = Result<PdnGame, RustPdnError>> + Send + Sync>;

/// What to do with a game that cannot be read.
#[derive(Clone, Copy, PartialEq, Eq)]
enum OnError {
    Raise,
    Skip,
    Yield,
}

/// An iterator over the games of a PDN source, read one at a time (only the game being read
/// is held). Made by `turkish_draughts.pdn.read_games`.
///
/// Threads may share a reader: each game goes to one of them (one thread reads at a time,
/// the others wait with the interpreter released). A reader called again from inside its own
/// reading, on the same thread (a file object whose `read()` calls `next()` on the reader),
/// raises `RuntimeError` saying so, and the reader goes on afterwards.
#[pyclass(frozen, module = "turkish_draughts.pdn", name = "GameReader")]
pub struct PyGameReader {
    state: Mutex<ReaderState>,
    /// The token of the thread reading now ([`thread_token`]), 0 when none.
    reading: AtomicU64,
    stash: Stash,
}

struct ReaderState {
    games: Games,
    on_error: OnError,
}

impl PyGameReader {
    fn new(games: Games, stash: Stash, on_error: OnError) -> PyGameReader {
        PyGameReader {
            state: Mutex::new(ReaderState { games, on_error }),
            reading: AtomicU64::new(0),
            stash,
        }
    }
}

/// A number for the calling thread, never 0, distinct between live threads.
fn thread_token() -> u64 {
    static NEXT: AtomicU64 = AtomicU64::new(1);
    thread_local! {
        static TOKEN: u64 = NEXT.fetch_add(1, Ordering::Relaxed);
    }
    TOKEN.with(|t| *t)
}

/// Clears the reader's `reading` token when a call ends, however it ends.
struct Reading<'a>(&'a AtomicU64);

impl Drop for Reading<'_> {
    fn drop(&mut self) {
        self.0.store(0, Ordering::Release);
    }
}

#[pymethods]
impl PyGameReader {
    fn __iter__(slf: PyRef<'_, Self>) -> PyRef<'_, Self> {
        slf
    }

    fn __next__(&self, py: Python<'_>) -> PyResult<Option<Py<PyAny>>> {
        let me = thread_token();
        if self.reading.load(Ordering::Acquire) == me {
            return Err(PyRuntimeError::new_err(
                "GameReader re-entered: next() was called on it from inside its own reading \
                 (from the source's read()); read the source and the reader one after the other",
            ));
        }
        // Another thread may be reading: wait for it with the interpreter released.
        let mut state = loop {
            match self.state.try_lock() {
                Ok(state) => break state,
                Err(TryLockError::Poisoned(p)) => break p.into_inner(),
                Err(TryLockError::WouldBlock) => {
                    py.detach(|| std::thread::sleep(std::time::Duration::from_micros(200)));
                }
            }
        };
        self.reading.store(me, Ordering::Release);
        let _reading = Reading(&self.reading);
        let on_error = state.on_error;
        loop {
            let games = &mut state.games;
            let Some(item) = py.detach(|| games.next()) else {
                return Ok(None);
            };
            match item {
                Ok(game) => {
                    return Ok(Some(Py::new(py, PyPdnGame(game))?.into_any()));
                }
                Err(e) => {
                    if matches!(e.kind(), PdnErrorKind::Io { .. }) {
                        let stashed = self.stash.lock().ok().and_then(|mut s| s.take());
                        if let Some(original) = stashed {
                            return Err(original);
                        }
                    }
                    let err = pdn_error(py, &e);
                    match on_error {
                        OnError::Raise => return Err(err),
                        OnError::Skip => continue,
                        OnError::Yield => return Ok(Some(err.into_value(py).into_any())),
                    }
                }
            }
        }
    }
}

fn on_error(errors: &str) -> PyResult<OnError> {
    match errors {
        "raise" => Ok(OnError::Raise),
        "skip" => Ok(OnError::Skip),
        "yield" => Ok(OnError::Yield),
        _ => Err(value_error(format!(
            "errors={errors:?}: expected \"raise\", \"skip\" or \"yield\""
        ))),
    }
}

/// The reader's options: `rules=None` follows each game's `Rules` tag, a rule-set name reads
/// every game under that rule set.
fn read_options(rules: Option<&str>) -> PyResult<ReadOptions> {
    Ok(match rules {
        None => ReadOptions::default(),
        Some(name) => ReadOptions::new(parse_rules(name)?),
    })
}

/// `_read_games(source, rules=None, errors="raise")`: the games of a path (`str`, `bytes` or
/// `os.PathLike`) or of a file object (text or binary) with a `read` method.
#[pyfunction]
#[pyo3(signature = (source, rules = None, errors = "raise"))]
pub fn _read_games(
    source: &Bound<'_, PyAny>,
    rules: Option<&str>,
    errors: &str,
) -> PyResult<PyGameReader> {
    let options = read_options(rules)?;
    let on_error = on_error(errors)?;
    let stash: Stash = Arc::new(Mutex::new(None));
    let games: Games = if source.hasattr("read")? {
        let read = PyFileRead::new(source, stash.clone())?;
        Box::new(Reader::with_options(BufReader::new(read), options))
    } else {
        // Opening the path raises the usual OSError; a directory too, at once, as a missing
        // file does (IsADirectoryError), rather than at the first read.
        let path: std::path::PathBuf = source.extract()?;
        let file = File::open(&path)?;
        if file.metadata()?.is_dir() {
            return Err(PyIsADirectoryError::new_err((
                21, // EISDIR
                "Is a directory",
                path.display().to_string(),
            )));
        }
        Box::new(Reader::with_options(BufReader::new(file), options))
    };
    Ok(PyGameReader::new(games, stash, on_error))
}

/// `_read_games_str(text, rules=None, errors="raise")`: the games of a PDN text.
#[pyfunction]
#[pyo3(signature = (text, rules = None, errors = "raise"))]
pub fn _read_games_str(text: String, rules: Option<&str>, errors: &str) -> PyResult<PyGameReader> {
    let options = read_options(rules)?;
    let on_error = on_error(errors)?;
    Ok(PyGameReader::new(
        Box::new(Reader::with_options(
            Cursor::new(text.into_bytes()),
            options,
        )),
        Arc::new(Mutex::new(None)),
        on_error,
    ))
}

/// A game's `Rules` tag names another rule set than the one `read_games` was given (or one
/// this package does not know): the game was read under the rule set given. `str()` says
/// where and what: `line 1, column 9: the Rules tag says "tudaf"; the game was read under
/// default, as asked`.
#[pyclass(frozen, eq, module = "turkish_draughts.pdn", name = "RulesConflict")]
#[derive(PartialEq, Eq)]
pub struct PyRulesConflict(RulesConflict);

#[pymethods]
impl PyRulesConflict {
    /// The line of the tag's value, from 1.
    #[getter]
    fn line(&self) -> usize {
        self.0.line()
    }

    /// The column of the tag's value, from 1, in characters.
    #[getter]
    fn column(&self) -> usize {
        self.0.column()
    }

    /// The tag's value, as written (long values cut, as error messages quote the input).
    #[getter]
    fn tag(&self) -> &str {
        &self.0.tag
    }

    /// The rule set the game was read under, the one given to `read_games`: `"default"` or
    /// `"tudaf"`.
    #[getter]
    fn chosen(&self) -> &'static str {
        self.0.chosen.name()
    }

    fn __str__(&self) -> String {
        self.0.to_string()
    }

    fn __repr__(&self) -> String {
        format!(
            "RulesConflict(line={}, column={}, tag={:?}, chosen={:?})",
            self.0.line(),
            self.0.column(),
            self.0.tag,
            self.0.chosen.name()
        )
    }
}

/// A game read from PDN: its tags (in order), its moves, the result its termination gives,
/// and where it starts.
#[pyclass(frozen, module = "turkish_draughts.pdn", name = "PdnGame")]
pub struct PyPdnGame(pub PdnGame);

#[pymethods]
impl PyPdnGame {
    /// The tag pairs as a dict, in the order read.
    #[getter]
    fn tags<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let dict = PyDict::new(py);
        for (name, value) in self.0.tags().iter() {
            dict.set_item(name, value)?;
        }
        Ok(dict)
    }

    /// The moves, replayed and checked, from the first position.
    #[getter]
    fn moves<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
        let game = self.0.game();
        PyList::new(
            py,
            game.moves()
                .iter()
                .zip(game.positions())
                .map(|(m, before)| PyMove::new(*m, *before)),
        )
    }

    /// The result of the game's termination: `"2-0"`, `"0-2"`, `"1-1"` or `"*"` (`1-0` is
    /// read as `2-0`, `0-1` as `0-2`, `1/2-1/2` as `1-1`).
    #[getter]
    fn result(&self) -> &'static str {
        self.0.result().as_str()
    }

    /// The line (from 1) where the game starts in its source.
    #[getter]
    fn line(&self) -> usize {
        self.0.line()
    }

    /// The rule set the game was replayed under: its `Rules` tag's (`"default"` without
    /// one), or the one given to `read_games`.
    #[getter]
    fn rules(&self) -> &'static str {
        self.0.game().rules().name()
    }

    /// `None`, or a `RulesConflict` when `read_games` was given a rule set and the game's
    /// `Rules` tag names another: the game was read under the rule set given.
    #[getter]
    fn rules_conflict(&self) -> Option<PyRulesConflict> {
        self.0.rules_conflict().cloned().map(PyRulesConflict)
    }

    /// The FEN of the first position (the FEN tag's, or the start position's).
    #[getter]
    fn start_fen(&self) -> String {
        self.0.game().start().to_fen()
    }

    /// A new board at the first position, with no moves played (and the game's no-progress
    /// limit, from its `NoProgressLimit` tag).
    fn start_board(&self) -> PyBoard {
        let game = self.0.game();
        PyBoard::new(
            Game::from_position(*game.start()).with_no_progress_limit(game.no_progress_limit()),
            false,
        )
    }

    /// A new board with every move of the game played: `move_stack` holds them, and `pop()`
    /// walks back through the game.
    fn end_board(&self) -> PyBoard {
        PyBoard::new(self.0.game().clone(), false)
    }

    fn __len__(&self) -> usize {
        self.0.game().ply()
    }

    fn __repr__(&self) -> String {
        let tags = self.0.tags();
        format!(
            "<PdnGame line {}: {} - {}, {} plies, {}>",
            self.0.line(),
            tags.white().unwrap_or("?"),
            tags.black().unwrap_or("?"),
            self.0.game().ply(),
            self.0.result()
        )
    }
}

fn notation(name: &str) -> PyResult<Notation> {
    match name {
        "landing" => Ok(Notation::Landing),
        "captured" => Ok(Notation::Captured),
        _ => Err(value_error(format!(
            "notation={name:?}: expected \"landing\" or \"captured\""
        ))),
    }
}

/// _write_game(board, tags=None, notation="landing") -> str
///
/// `tags`: a mapping or an iterable of (name, value) pairs, both `str`.
#[pyfunction]
#[pyo3(signature = (board, tags = None, notation = "landing"))]
pub fn _write_game(
    board: &Bound<'_, PyBoard>,
    tags: Option<&Bound<'_, PyAny>>,
    notation: &str,
) -> PyResult<String> {
    let options = WriteOptions::new(self::notation(notation)?);
    let mut pairs = Tags::new();
    if let Some(tags) = tags {
        let items = if tags.hasattr("items")? {
            tags.call_method0("items")?
        } else {
            tags.clone()
        };
        for item in items.try_iter()? {
            let (name, value): (String, String) = item?.extract()?;
            pairs.push(name, value);
        }
    }
    // The board is borrowed only now, after `tags` (whose iteration may run any code, even
    // pushing on this board), for a write that runs no Python code.
    Ok(pdn::write_game(
        board.try_borrow()?.game(),
        &pairs,
        &options,
    ))
}
