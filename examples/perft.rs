//! Perft from the command line.
//!
//! ```text
//! cargo run --release --example perft -- [--rules default|tudaf] [--divide] <depth> [<FEN>]
//! ```
//!
//! Without a FEN it starts from the start position. `--divide` prints `<move>: <nodes>` for
//! each legal move. The last line is always `Nodes searched: <N>`. A bad argument or FEN
//! prints one line on stderr and exits with a non-zero code.
//!
//! The FEN is checked as `Position::from_setup_relaxed` does, so composed and stress
//! positions (more than 16 pieces a side, a man on its own back rank) are accepted.

use std::io::Write;
use std::process::ExitCode;
use std::time::Instant;

use turkish_draughts::{divide, perft, Position, RuleSet, Setup};

const USAGE: &str = "usage: perft [--rules default|tudaf] [--divide] <depth> [<FEN>]";

struct Args {
    rules: RuleSet,
    divide: bool,
    depth: u32,
    fen: Option<String>,
}

fn parse_args() -> Result<Args, String> {
    let mut rules = RuleSet::Default;
    let mut divide = false;
    let mut positional = Vec::new();
    let mut args = std::env::args().skip(1);
    while let Some(arg) = args.next() {
        match arg.as_str() {
            "--rules" => {
                let name = args
                    .next()
                    .ok_or("--rules needs a value: default or tudaf")?;
                rules = name
                    .parse()
                    .map_err(|_| format!("unknown rule set `{name}`: expected default or tudaf"))?;
            }
            "--divide" => divide = true,
            "-h" | "--help" => return Err(USAGE.to_string()),
            _ if arg.starts_with("--rules=") => {
                let name = &arg["--rules=".len()..];
                rules = name
                    .parse()
                    .map_err(|_| format!("unknown rule set `{name}`: expected default or tudaf"))?;
            }
            _ if arg.starts_with("--") => return Err(format!("unknown option `{arg}`; {USAGE}")),
            _ => positional.push(arg),
        }
    }
    let mut positional = positional.into_iter();
    let depth_text = positional
        .next()
        .ok_or(format!("missing <depth>; {USAGE}"))?;
    let depth = depth_text
        .parse()
        .map_err(|_| format!("bad depth `{depth_text}`: expected a whole number"))?;
    let fen = positional.next();
    if let Some(extra) = positional.next() {
        return Err(format!("unexpected argument `{extra}`; {USAGE}"));
    }
    Ok(Args {
        rules,
        divide,
        depth,
        fen,
    })
}

fn run() -> Result<(), String> {
    let args = parse_args()?;
    let pos = match &args.fen {
        None => Position::new(args.rules),
        Some(fen) => {
            let setup: Setup = fen.parse().map_err(|e| format!("bad FEN: {e}"))?;
            Position::from_setup_relaxed(&setup, args.rules).map_err(|e| format!("bad FEN: {e}"))?
        }
    };
    let start = Instant::now();
    let mut lines = Vec::new();
    let nodes = if args.divide {
        divide(&pos, args.depth, |m, n| lines.push(format!("{m}: {n}")))
    } else {
        perft(&pos, args.depth)
    };
    let secs = start.elapsed().as_secs_f64();
    lines.sort();
    lines.push(format!(
        "Time: {:.3} s ({:.1} Mnodes/s)",
        secs,
        nodes as f64 / secs.max(1e-9) / 1e6
    ));
    lines.push(format!("Nodes searched: {nodes}"));
    // Written without `println!`, which panics when the reader has gone (`| head`, say).
    let mut out = std::io::stdout().lock();
    for line in lines {
        if let Err(e) = writeln!(out, "{line}") {
            if e.kind() == std::io::ErrorKind::BrokenPipe {
                return Ok(());
            }
            return Err(format!("cannot write the output: {e}"));
        }
    }
    Ok(())
}

fn main() -> ExitCode {
    match run() {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("error: {e}");
            ExitCode::from(2)
        }
    }
}
