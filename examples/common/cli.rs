//! What the example programs share on the command line: `--help` on stdout with exit code 0,
//! every error as one line `error: ...` on stderr with exit code 2, the `--rules` value, one
//! wording for a refused FEN, files named in their errors, and a quiet stop when the reader
//! of the output goes away (`| head`). Each example includes this file as `mod cli`.
#![allow(dead_code)]

use std::fmt::Display;
use std::fs::File;
use std::io::{self, Write};
use std::process::ExitCode;

use turkish_draughts::{FenError, Position, RuleSet};

/// Why a program stops before its work is done.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Stop {
    /// `-h` or `--help` was given: the help goes to stdout, and the exit code is 0.
    Help,
    /// A bad argument, bad input or a file that cannot be read or written: one line on
    /// stderr, `error: ` and this text, and the exit code 2.
    Error(String),
    /// The reader of the output went away (`| head`): nothing more to do, nothing to say,
    /// and the exit code 0, as command-line tools do.
    ReaderGone,
}

impl From<String> for Stop {
    fn from(text: String) -> Stop {
        Stop::Error(text)
    }
}

impl From<&str> for Stop {
    fn from(text: &str) -> Stop {
        Stop::Error(text.to_string())
    }
}

/// The exit code of a program that ended with `result`, after printing `help` or the error.
pub fn finish(help: &str, result: Result<ExitCode, Stop>) -> ExitCode {
    match result {
        Ok(code) => code,
        Err(Stop::Help) => {
            // A closed stdout (`--help | head -1`) is not an error worth a message.
            let _ = writeln!(std::io::stdout().lock(), "{}", help.trim_end());
            ExitCode::SUCCESS
        }
        Err(Stop::Error(e)) => {
            eprintln!("error: {e}");
            ExitCode::from(2)
        }
        Err(Stop::ReaderGone) => ExitCode::SUCCESS,
    }
}

/// What a failed write to stdout means: [`Stop::ReaderGone`] when the reader has closed the
/// pipe, else an error. `println!` is not used for the output, because it panics there.
pub fn write_error(e: io::Error) -> Stop {
    if e.kind() == io::ErrorKind::BrokenPipe {
        Stop::ReaderGone
    } else {
        Stop::Error(format!("cannot write the output: {e}"))
    }
}

/// Writes `text` to stdout, flushed (a prompt shows at once), stopping as [`write_error`]
/// says when it cannot: `print!` for a program that stops quietly.
pub fn put(text: impl Display) -> Result<(), Stop> {
    let mut out = io::stdout().lock();
    write!(out, "{text}")
        .and_then(|()| out.flush())
        .map_err(write_error)
}

/// [`put`] with a line end: `println!` for a program that stops quietly.
pub fn say(text: impl Display) -> Result<(), Stop> {
    put(format_args!("{text}\n"))
}

/// The error every example gives for a FEN it refuses: `` bad FEN `TEXT`: reason ``.
pub fn bad_fen(fen: &str, reason: impl Display) -> String {
    format!("bad FEN `{fen}`: {reason}")
}

/// Why a FEN was refused, as every example words it: for a FEN whose position the crate
/// refuses, the reason alone, as `Position::from_setup` gives it.
pub fn fen_reason(e: &FenError) -> String {
    match e {
        FenError::Invalid(why) => why.to_string(),
        e => e.to_string(),
    }
}

/// [`bad_fen`] for an error of `Position::from_fen` or of parsing a `Setup`.
pub fn fen_error(fen: &str, e: &FenError) -> String {
    bad_fen(fen, fen_reason(e))
}

/// The position of `fen` under `rules`, checked as `Position::from_fen` checks.
pub fn position(fen: &str, rules: RuleSet) -> Result<Position, String> {
    Position::from_fen(fen, rules).map_err(|e| fen_error(fen, &e))
}

/// The value that follows `option` on the command line, which is `what`.
pub fn value(
    args: &mut impl Iterator<Item = String>,
    option: &str,
    what: &str,
) -> Result<String, String> {
    args.next().ok_or(format!("{option} needs a value: {what}"))
}

/// A rule set by its name: `default` or `tudaf`.
pub fn rules(name: &str) -> Result<RuleSet, String> {
    name.parse()
        .map_err(|_| format!("unknown rule set `{name}`: expected default or tudaf"))
}

/// Opens `path` for reading; a directory is refused.
pub fn open(path: &str) -> Result<File, String> {
    let file = File::open(path).map_err(|e| format!("cannot read {path}: {e}"))?;
    match file.metadata() {
        Ok(m) if m.is_dir() => Err(format!("cannot read {path}: it is a directory")),
        _ => Ok(file),
    }
}

/// Creates `path` for writing (emptied if it exists).
pub fn create(path: &str) -> Result<File, String> {
    File::create(path).map_err(|e| format!("cannot write {path}: {e}"))
}
