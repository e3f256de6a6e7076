//! Reads a PDN file, replays every game and checks its result.
//!
//! ```text
//! cargo run --release --example pdn -- [--rules default|tudaf] <file.pdn>
//! ```
//!
//! Each game is replayed under the rule set its `Rules` tag names (the default rules without
//! one), or under `--rules` when given: then a game whose tag says otherwise is still read
//! under `--rules`, and its line says so. Its Result tag and termination are checked against
//! the final position where that position (or a threefold repetition) decides the game.
//! One line per game: its number, White - Black, plies, result, and `ok` or the error with
//! line:column. Every game of the file gives one line, a broken one too. Then a summary:
//! games, plies, errors. The exit code is non-zero if any game fails. A bad argument or an
//! unreadable file prints one line on stderr and exits with a non-zero code.
//!
//! The file is streamed: memory stays bounded whatever its size or content (see the
//! `turkish_draughts::pdn` documentation for the reader's limits).

use std::fs::File;
use std::io::{BufReader, Write};
use std::process::ExitCode;

use turkish_draughts::RuleSet;
use turkish_draughts::pdn::{ReadOptions, Reader};

const USAGE: &str = "usage: pdn [--rules default|tudaf] <file.pdn>";

fn parse_args() -> Result<(Option<RuleSet>, String), String> {
    let mut rules = None;
    let mut file = None;
    let mut args = std::env::args().skip(1);
    while let Some(arg) = args.next() {
        match arg.as_str() {
            "--rules" => {
                let name = args
                    .next()
                    .ok_or("--rules needs a value: default or tudaf")?;
                rules = Some(
                    name.parse()
                        .map_err(|_| format!("unknown rule set {name:?}: use default or tudaf"))?,
                );
            }
            "-h" | "--help" => return Err(USAGE.to_string()),
            _ if arg.starts_with("--") => return Err(format!("unknown option {arg:?}; {USAGE}")),
            _ if file.is_none() => file = Some(arg),
            _ => return Err(format!("unexpected argument {arg:?}; {USAGE}")),
        }
    }
    Ok((rules, file.ok_or(USAGE)?))
}

fn main() -> ExitCode {
    let (rules, path) = match parse_args() {
        Ok(a) => a,
        Err(e) => {
            eprintln!("{e}");
            return ExitCode::from(2);
        }
    };
    let file = match File::open(&path) {
        Ok(f) => f,
        Err(e) => {
            eprintln!("cannot open {path}: {e}");
            return ExitCode::from(2);
        }
    };
    let stdout = std::io::stdout();
    let mut out = stdout.lock();
    let (mut games, mut plies, mut errors) = (0usize, 0usize, 0usize);
    let options = rules.map_or_else(ReadOptions::default, ReadOptions::new);
    for (i, game) in Reader::with_options(BufReader::new(file), options).enumerate() {
        games += 1;
        let line = match game {
            Ok(g) => {
                plies += g.game().ply();
                let white = g.tags().white().unwrap_or("?");
                let black = g.tags().black().unwrap_or("?");
                let note = match g.rules_conflict() {
                    Some(c) => format!(
                        " (read under {}; its Rules tag says \"{}\" at {}:{})",
                        c.chosen, c.tag, c.line, c.column
                    ),
                    None => String::new(),
                };
                format!(
                    "{}. {white} - {black}: {} plies, {}, ok{note}",
                    i + 1,
                    g.game().ply(),
                    g.result()
                )
            }
            Err(e) => {
                errors += 1;
                format!("{}. error at {}:{}: {}", i + 1, e.line, e.column, e.kind)
            }
        };
        if writeln!(out, "{line}").is_err() {
            return ExitCode::from(2);
        }
    }
    let _ = writeln!(out, "games: {games}, plies: {plies}, errors: {errors}");
    if errors > 0 {
        ExitCode::FAILURE
    } else {
        ExitCode::SUCCESS
    }
}
