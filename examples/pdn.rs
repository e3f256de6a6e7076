//! Reads a PDN file, replays every game and checks its result.
//!
//! ```text
//! cargo run --release --example pdn -- [--rules default|tudaf] <file.pdn>
//! ```
//!
//! Each game is replayed under the rule set (default unless told); its Result tag and
//! termination are checked against the final position where that position (or a threefold
//! repetition) decides the game. One line per game: its number, White - Black, plies,
//! result, and `ok` or the error with line:column. Then a summary: games, plies, errors. The
//! exit code is 1 if any game fails. `--help` prints the usage on stdout. A bad argument or
//! a file that cannot be read (a directory, say) prints one line on stderr, `error: ...`,
//! and exits with code 2.

#[path = "common/cli.rs"]
mod cli;

use std::io::{BufReader, Write};
use std::process::ExitCode;

use cli::Stop;
use turkish_draughts::RuleSet;
use turkish_draughts::pdn::{ReadOptions, Reader};

const HELP: &str = "\
usage: pdn [--rules default|tudaf] <file.pdn>

Reads every game of a PDN file, replays it and checks its result: one line a game, then
a summary. The exit code is 1 if a game has an error, 2 if the file cannot be read.

  --rules R    the rule set: default (the default) or tudaf
  -h, --help   this text";

fn parse_args() -> Result<(RuleSet, String), Stop> {
    let mut rules = RuleSet::Default;
    let mut file = None;
    let mut args = std::env::args().skip(1);
    while let Some(arg) = args.next() {
        match arg.as_str() {
            "--rules" => {
                rules = cli::rules(&cli::value(&mut args, "--rules", "default or tudaf")?)?;
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
    let (mut games, mut plies, mut errors) = (0usize, 0usize, 0usize);
    for (i, game) in Reader::with_options(BufReader::new(file), ReadOptions::new(rules)).enumerate()
    {
        games += 1;
        let line = match game {
            Ok(g) => {
                plies += g.game().ply();
                let white = g.tags().white().unwrap_or("?");
                let black = g.tags().black().unwrap_or("?");
                format!(
                    "{}. {white} - {black}: {} plies, {}, ok",
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
