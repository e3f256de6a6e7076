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
//! One line per game that reads, on stdout: its number, White - Black, plies, result and
//! `ok`. A game with an error gives one line on stderr instead, `error: game N at
//! line:column: ...`. Then a summary on stdout: games, plies, errors. The exit code is 2 if
//! any game fails, as for every error of the examples. `--help` prints the usage on stdout.
//! A bad argument or a file that cannot be read (a directory, say) prints one line on
//! stderr, `error: ...`, and exits with code 2. Control characters of the file (in names,
//! say) are printed escaped, so that a file cannot drive the terminal. When the reader of
//! the output goes away (`| head`), it stops quietly with exit code 0.
//!
//! The file is streamed: memory stays bounded whatever its size or content (see the
//! `turkish_draughts::pdn` documentation for the reader's limits).

#[path = "common/cli.rs"]
mod cli;

use std::io::{BufReader, Write};
use std::process::ExitCode;

use cli::Stop;
use turkish_draughts::RuleSet;
use turkish_draughts::pdn::{ReadOptions, Reader};

const HELP: &str = "\
usage: pdn [--rules default|tudaf] <file.pdn>

Reads every game of a PDN file, replays it and checks its result: one line a game on
stdout (a game with an error: one line `error: game N at L:C: ...` on stderr), then a
summary. The exit code is 2 if a game has an error or the file cannot be read.

  --rules R    read every game under this rule set, default or tudaf (without it, each
               game under the rule set its Rules tag names, the default rules if none)
  -h, --help   this text";

fn parse_args() -> Result<(Option<RuleSet>, String), Stop> {
    let mut rules = None;
    let mut file = None;
    let mut args = std::env::args().skip(1);
    while let Some(arg) = args.next() {
        match arg.as_str() {
            "--rules" => {
                let name = cli::value(&mut args, "--rules", "default or tudaf")?;
                rules = Some(cli::rules(&name)?);
            }
            "-h" | "--help" => return Err(Stop::Help),
            _ if arg.starts_with('-') && arg.len() > 1 => {
                return Err(format!("unknown option `{arg}` (see --help)").into());
            }
            _ if file.is_none() => file = Some(arg),
            _ => return Err(format!("unexpected argument `{arg}` (see --help)").into()),
        }
    }
    Ok((rules, file.ok_or("missing <file.pdn> (see --help)")?))
}

fn main() -> ExitCode {
    let (rules, path) = match parse_args() {
        Ok(a) => a,
        Err(stop) => return cli::finish(HELP, Err(stop)),
    };
    let file = match cli::open(&path) {
        Ok(f) => f,
        Err(e) => return cli::finish(HELP, Err(e.into())),
    };
    let stdout = std::io::stdout();
    let mut out = stdout.lock();
    let stderr = std::io::stderr();
    let mut err = stderr.lock();
    let (mut games, mut plies, mut errors) = (0usize, 0usize, 0usize);
    let options = rules.map_or_else(ReadOptions::default, ReadOptions::new);
    for (i, game) in Reader::with_options(BufReader::new(file), options).enumerate() {
        games += 1;
        let line = match game {
            Ok(g) => {
                plies += g.game().ply();
                let white = escaped(g.tags().white().unwrap_or("?"));
                let black = escaped(g.tags().black().unwrap_or("?"));
                let note = match g.rules_conflict() {
                    Some(c) => format!(
                        " (read under {}; its Rules tag says \"{}\" at {}:{})",
                        c.chosen(),
                        c.tag(),
                        c.line(),
                        c.column()
                    ),
                    None => String::new(),
                };
                let n = g.game().ply();
                let unit = if n == 1 { "ply" } else { "plies" };
                let line = format!(
                    "{}. {white} - {black}: {n} {unit}, {}, ok{note}",
                    i + 1,
                    g.result()
                );
                writeln!(out, "{line}")
            }
            Err(e) => {
                errors += 1;
                // The reader's messages escape what they quote of the file already.
                let line = format!(
                    "error: game {} at {}:{}: {}",
                    i + 1,
                    e.line(),
                    e.column(),
                    e.kind()
                );
                writeln!(err, "{line}")
            }
        };
        // A reader gone from stdout (`| head`) stops it quietly.
        if let Err(e) = line {
            return cli::finish(HELP, Err(cli::write_error(e)));
        }
    }
    if let Err(e) = writeln!(out, "games: {games}, plies: {plies}, errors: {errors}") {
        return cli::finish(HELP, Err(cli::write_error(e)));
    }
    if errors > 0 {
        ExitCode::from(2)
    } else {
        ExitCode::SUCCESS
    }
}

/// `text` with its control characters escaped (`\u{1b}`, `\0`, ...).
fn escaped(text: &str) -> String {
    text.chars()
        .map(|c| {
            if c.is_control() {
                c.escape_debug().to_string()
            } else {
                c.to_string()
            }
        })
        .collect()
}
