//! Draws a position as an SVG picture on stdout.
//!
//! ```text
//! cargo run --example svg -- [--move TEXT] [--flip] [--turn] [--rules default|tudaf] [--size N] "<FEN>" > board.svg
//! ```
//!
//! `--move` shows a legal move of the position (any notation `Position::parse_move` reads) as
//! arrows along its landing path, with its captured pieces crossed out. `--flip` puts Black at
//! the bottom; `--turn` marks the side to move. `--size` is the width and height in pixels
//! (default 480). The FEN is checked as `Position::from_fen` does. `--help` prints the usage
//! on stdout. A bad argument, FEN or move prints one line on stderr, `error: ...`, and exits
//! with code 2.

#[path = "common/cli.rs"]
mod cli;

use std::io::Write;
use std::process::ExitCode;

use cli::Stop;
use turkish_draughts::RuleSet;
use turkish_draughts::svg::{SvgOptions, render};

const HELP: &str = "\
usage: svg [--move TEXT] [--flip] [--turn] [--rules default|tudaf] [--size N] \"<FEN>\"

Writes the position <FEN> as an SVG picture on stdout.

  --move TEXT  show this legal move: arrows along its path, its captures crossed out
  --flip       Black at the bottom
  --turn       mark the side to move
  --rules R    the rule set: default (the default) or tudaf
  --size N     width and height in pixels (default 480)
  -h, --help   this text";

struct Args {
    mv: Option<String>,
    flip: bool,
    turn: bool,
    rules: RuleSet,
    size: u32,
    fen: String,
}

fn parse_args() -> Result<Args, Stop> {
    let mut mv = None;
    let mut flip = false;
    let mut turn = false;
    let mut rules = RuleSet::Default;
    let mut size = 480;
    let mut fen = None;
    let mut args = std::env::args().skip(1);
    while let Some(arg) = args.next() {
        match arg.as_str() {
            "--move" => mv = Some(cli::value(&mut args, "--move", "a move text")?),
            "--flip" => flip = true,
            "--turn" => turn = true,
            "--rules" => {
                rules = cli::rules(&cli::value(&mut args, "--rules", "default or tudaf")?)?;
            }
            "--size" => {
                let text = cli::value(&mut args, "--size", "a number of pixels")?;
                size = text
                    .parse()
                    .ok()
                    .filter(|&n| (1..=100_000).contains(&n))
                    .ok_or(format!(
                        "bad size `{text}`: expected a whole number of pixels from 1 to 100000"
                    ))?;
            }
            "-h" | "--help" => return Err(Stop::Help),
            _ if arg.starts_with("--") => {
                return Err(format!("unknown option `{arg}` (see --help)").into());
            }
            _ => {
                if fen.is_some() {
                    return Err(format!("unexpected argument `{arg}` (see --help)").into());
                }
                fen = Some(arg);
            }
        }
    }
    Ok(Args {
        mv,
        flip,
        turn,
        rules,
        size,
        fen: fen.ok_or("missing <FEN> (see --help)")?,
    })
}

fn run() -> Result<ExitCode, Stop> {
    let args = parse_args()?;
    let pos = cli::position(&args.fen, args.rules)?;
    let mut opts = SvgOptions::new()
        .size(args.size)
        .flipped(args.flip)
        .side_to_move(args.turn);
    if let Some(text) = &args.mv {
        let m = pos
            .parse_move(text)
            .map_err(|e| format!("bad move `{text}`: {e}"))?;
        opts = opts.show_move(m);
    }
    let svg = render(&pos, &opts);
    let mut out = std::io::stdout().lock();
    out.write_all(svg.as_bytes())
        .and_then(|()| out.flush())
        .map_err(cli::write_error)?;
    Ok(ExitCode::SUCCESS)
}

fn main() -> ExitCode {
    cli::finish(HELP, run())
}
