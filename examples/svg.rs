//! Draws a position as an SVG picture on stdout.
//!
//! ```text
//! cargo run --example svg -- [--move TEXT] [--flip] [--rules default|tudaf] [--size N] "<FEN>" > board.svg
//! ```
//!
//! `--move` shows a legal move of the position (any notation `Position::parse_move` reads) as
//! arrows along its landing path, with its captured pieces crossed out. `--flip` puts Black at
//! the bottom. `--size` is the width and height in pixels (default 480). The FEN is checked
//! as `Position::from_fen` does. A bad argument, FEN or move prints one line on stderr and
//! exits with a non-zero code.

use std::io::Write;
use std::process::ExitCode;

use turkish_draughts::svg::{SvgOptions, render};
use turkish_draughts::{Position, RuleSet};

const USAGE: &str =
    "usage: svg [--move TEXT] [--flip] [--rules default|tudaf] [--size N] \"<FEN>\"";

struct Args {
    mv: Option<String>,
    flip: bool,
    rules: RuleSet,
    size: u32,
    fen: String,
}

fn parse_args() -> Result<Args, String> {
    let mut mv = None;
    let mut flip = false;
    let mut rules = RuleSet::Default;
    let mut size = 480;
    let mut fen = None;
    let mut args = std::env::args().skip(1);
    while let Some(arg) = args.next() {
        match arg.as_str() {
            "--move" => mv = Some(args.next().ok_or("--move needs a move text")?),
            "--flip" => flip = true,
            "--rules" => {
                let name = args
                    .next()
                    .ok_or("--rules needs a value: default or tudaf")?;
                rules = name
                    .parse()
                    .map_err(|_| format!("unknown rule set `{name}`: expected default or tudaf"))?;
            }
            "--size" => {
                let text = args.next().ok_or("--size needs a number of pixels")?;
                size = text
                    .parse()
                    .ok()
                    .filter(|&n| (1..=100_000).contains(&n))
                    .ok_or(format!(
                        "bad size `{text}`: expected a whole number of pixels from 1 to 100000"
                    ))?;
            }
            "-h" | "--help" => return Err(USAGE.to_string()),
            _ if arg.starts_with("--") => return Err(format!("unknown option `{arg}`; {USAGE}")),
            _ => {
                if fen.is_some() {
                    return Err(format!("unexpected argument `{arg}`; {USAGE}"));
                }
                fen = Some(arg);
            }
        }
    }
    Ok(Args {
        mv,
        flip,
        rules,
        size,
        fen: fen.ok_or(format!("missing <FEN>; {USAGE}"))?,
    })
}

fn run() -> Result<(), String> {
    let args = parse_args()?;
    let pos = Position::from_fen(&args.fen, args.rules).map_err(|e| format!("bad FEN: {e}"))?;
    let mut opts = SvgOptions::new().size(args.size).flipped(args.flip);
    if let Some(text) = &args.mv {
        let m = pos
            .parse_move(text)
            .map_err(|e| format!("bad move `{text}`: {e}"))?;
        opts = opts.show_move(m);
    }
    let svg = render(&pos, &opts);
    let mut out = std::io::stdout().lock();
    match out.write_all(svg.as_bytes()).and_then(|()| out.flush()) {
        Ok(()) => Ok(()),
        Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => Ok(()),
        Err(e) => Err(format!("cannot write the output: {e}")),
    }
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
