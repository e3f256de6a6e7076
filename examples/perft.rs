//! Perft from the command line.
//!
//! ```text
//! cargo run --release --example perft -- [--rules default|tudaf] [--divide] [--threads N] [--relaxed] <depth> [<FEN>]
//! ```
//!
//! Without a FEN it starts from the start position. `--divide` prints `<move>: <nodes>` for
//! each legal move, sorted. The last line is always `Nodes searched: <N>`. A bad argument or
//! FEN prints one line on stderr and exits with a non-zero code.
//!
//! `--threads N` counts on `N` threads (`turkish_draughts::divide_parallel`), or on as many
//! as the machine runs at once if that is fewer (any `N` is safe); the default is the number
//! of cores (`std::thread::available_parallelism`). When stderr is a terminal and
//! the count takes longer than about 2 s, a progress line there shows the root moves done
//! and the speed so far.
//!
//! The FEN is checked as `Position::from_fen` does: at most 16 pieces a side and no man on
//! either back rank. `--relaxed` checks it as `Position::from_setup_relaxed` does instead,
//! for composed and stress positions (up to 32 pieces a side, a man on its own back rank).
//! Be warned that some relaxed positions take seconds for a single move list.

use std::io::{IsTerminal, Write};
use std::process::ExitCode;
use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};
use std::time::{Duration, Instant};

use turkish_draughts::{MAX_PERFT_DEPTH, Position, RuleSet, Setup, divide_parallel};

const USAGE: &str =
    "usage: perft [--rules default|tudaf] [--divide] [--threads N] [--relaxed] <depth> [<FEN>]";

/// Runs shorter than this show no progress line.
const QUIET_FOR: Duration = Duration::from_secs(2);

struct Args {
    rules: RuleSet,
    divide: bool,
    threads: usize,
    relaxed: bool,
    depth: u32,
    fen: Option<String>,
}

fn parse_threads(text: &str) -> Result<usize, String> {
    text.parse().ok().filter(|&n| n >= 1).ok_or(format!(
        "bad thread count `{text}`: expected a whole number from 1"
    ))
}

fn parse_args() -> Result<Args, String> {
    let mut rules = RuleSet::Default;
    let mut divide = false;
    let mut threads = None;
    let mut relaxed = false;
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
            "--relaxed" => relaxed = true,
            "--threads" => {
                let text = args
                    .next()
                    .ok_or("--threads needs a value: a number of threads")?;
                threads = Some(parse_threads(&text)?);
            }
            _ if arg.starts_with("--threads=") => {
                threads = Some(parse_threads(&arg["--threads=".len()..])?);
            }
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
    if depth > MAX_PERFT_DEPTH {
        return Err(format!(
            "depth {depth} is more than the maximum of {MAX_PERFT_DEPTH}"
        ));
    }
    let fen = positional.next();
    if let Some(extra) = positional.next() {
        return Err(format!("unexpected argument `{extra}`; {USAGE}"));
    }
    let threads =
        threads.unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()));
    Ok(Args {
        rules,
        divide,
        threads,
        relaxed,
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
            let checked = if args.relaxed {
                Position::from_setup_relaxed(&setup, args.rules)
            } else {
                Position::from_setup(&setup, args.rules)
            };
            checked.map_err(|e| {
                let relaxed_would =
                    !args.relaxed && Position::from_setup_relaxed(&setup, args.rules).is_ok();
                let hint = if relaxed_would {
                    " (--relaxed accepts it as a composed position)"
                } else {
                    ""
                };
                format!("bad FEN: {e}{hint}")
            })?
        }
    };
    let start = Instant::now();
    let roots = if args.depth == 0 {
        0
    } else {
        pos.legal_moves().len()
    };
    let roots_done = AtomicUsize::new(0);
    let nodes_done = AtomicU64::new(0);
    let finished = AtomicBool::new(false);
    let lines = Mutex::new(Vec::new());
    let nodes = std::thread::scope(|s| {
        if std::io::stderr().is_terminal() {
            s.spawn(|| progress(start, roots, &roots_done, &nodes_done, &finished));
        }
        let nodes = divide_parallel(&pos, args.depth, args.threads, |m, n| {
            if args.divide {
                lines
                    .lock()
                    .unwrap_or_else(|e| e.into_inner())
                    .push(format!("{m}: {n}"));
            }
            nodes_done.fetch_add(n, Ordering::Relaxed);
            roots_done.fetch_add(1, Ordering::Relaxed);
        });
        finished.store(true, Ordering::Relaxed);
        nodes
    });
    let mut lines = lines.into_inner().unwrap_or_else(|e| e.into_inner());
    let secs = start.elapsed().as_secs_f64();
    // divide_parallel starts no more threads than the machine runs at once.
    let threads = args
        .threads
        .min(std::thread::available_parallelism().map_or(1, |n| n.get()));
    lines.sort();
    lines.push(format!(
        "Time: {:.3} s ({:.1} Mnodes/s, {} thread{})",
        secs,
        nodes as f64 / secs.max(1e-9) / 1e6,
        threads,
        if threads == 1 { "" } else { "s" }
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

/// Writes a progress line on stderr every half second once the run has taken [`QUIET_FOR`],
/// and clears it when the count is finished.
fn progress(
    start: Instant,
    roots: usize,
    roots_done: &AtomicUsize,
    nodes_done: &AtomicU64,
    finished: &AtomicBool,
) {
    let mut shown = false;
    let mut next = start + QUIET_FOR;
    while !finished.load(Ordering::Relaxed) {
        std::thread::sleep(Duration::from_millis(50));
        let now = Instant::now();
        if now < next {
            continue;
        }
        next = now + Duration::from_millis(500);
        let secs = (now - start).as_secs_f64();
        let nodes = nodes_done.load(Ordering::Relaxed);
        let done = roots_done.load(Ordering::Relaxed);
        let mut err = std::io::stderr().lock();
        let _ = write!(
            err,
            "\r\x1b[K{done}/{roots} root moves done, {nodes} nodes, {:.1} Mnodes/s, {secs:.0} s",
            nodes as f64 / secs / 1e6
        );
        let _ = err.flush();
        shown = true;
    }
    if shown {
        let _ = write!(std::io::stderr(), "\r\x1b[K");
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
