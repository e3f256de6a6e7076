//! What the example programs share on the command line: `--help` on stdout with exit code 0,
//! every error as one line `error: ...` on stderr with exit code 2, the `--rules` value, and
//! files named in their errors. Each example includes this file as `mod cli`.
#![allow(dead_code)]

use std::fs::File;
use std::io::Write;
use std::process::ExitCode;

use turkish_draughts::RuleSet;

/// Why a program stops before its work is done.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Stop {
    /// `-h` or `--help` was given: the help goes to stdout, and the exit code is 0.
    Help,
    /// A bad argument, bad input or a file that cannot be read or written: one line on
    /// stderr, `error: ` and this text, and the exit code 2.
    Error(String),
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
    }
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
