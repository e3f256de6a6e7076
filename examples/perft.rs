//! Perft from the command line.
//!
//! ```text
//! cargo run --release --example perft -- [--rules default|tudaf] [--divide] [--threads N] [--relaxed] <depth> [<FEN>]
//! ```
//!
//! Without a FEN it starts from the start position. `--divide` prints `<move>: <nodes>` for
//! each legal move, sorted. The last line is always `Nodes searched: <N>`. `--help` prints
//! the usage on stdout. A bad argument or FEN prints one line on stderr, `error: ...`, and
//! exits with code 2.
//!
//! `--threads N` counts on `N` threads (`turkish_draughts::divide_parallel`), or on as many
//! as the machine runs at once if that is fewer (any `N` is safe); the default is the number
//! of cores (`std::thread::available_parallelism`). When stderr is a terminal and the count
//! takes longer than about 2 s, a progress line there shows the root moves done, the
//! positions counted so far (they grow inside each root move too) and the speed.
//!
//! The FEN is checked as `Position::from_fen` does: at most 16 pieces a side and no man on
//! either back rank. `--relaxed` checks it as `Position::from_setup_relaxed` does instead,
//! for composed and stress positions (up to 32 pieces a side, a man on its own back rank).
//! Be warned that some relaxed positions take seconds for a single move list.

#[path = "common/cli.rs"]
mod cli;

use std::io::{IsTerminal, Write};
use std::process::ExitCode;
use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};
use std::time::{Duration, Instant};

use cli::Stop;
use turkish_draughts::{MAX_PERFT_DEPTH, Move, Position, RuleSet, Setup, divide_parallel};

const HELP: &str = "\
usage: perft [--rules default|tudaf] [--divide] [--threads N] [--relaxed] <depth> [<FEN>]

Counts the positions <depth> plies from the start position or from <FEN>; the last line
is always `Nodes searched: <N>`.

  --rules R    the rule set: default (the default) or tudaf
  --divide     also print `<move>: <nodes>` for each legal move
  --threads N  count on N threads (default: the number of cores)
  --relaxed    accept composed positions (a man on its own back rank, up to 32 pieces
               a side), as Position::from_setup_relaxed does
  -h, --help   this text";

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

fn parse_args() -> Result<Args, Stop> {
    let mut rules = RuleSet::Default;
    let mut divide = false;
    let mut threads = None;
    let mut relaxed = false;
    let mut positional = Vec::new();
    let mut args = std::env::args().skip(1);
    while let Some(arg) = args.next() {
        match arg.as_str() {
            "--rules" => {
                rules = cli::rules(&cli::value(&mut args, "--rules", "default or tudaf")?)?;
            }
            _ if arg.starts_with("--rules=") => rules = cli::rules(&arg["--rules=".len()..])?,
            "--divide" => divide = true,
            "--relaxed" => relaxed = true,
            "--threads" => {
                let text = cli::value(&mut args, "--threads", "a number of threads")?;
                threads = Some(parse_threads(&text)?);
            }
            _ if arg.starts_with("--threads=") => {
                threads = Some(parse_threads(&arg["--threads=".len()..])?);
            }
            "-h" | "--help" => return Err(Stop::Help),
            _ if arg.starts_with('-') && arg.len() > 1 => {
                return Err(format!("unknown option `{arg}` (see --help)").into());
            }
            _ => positional.push(arg),
        }
    }
    let mut positional = positional.into_iter();
    let depth_text = positional.next().ok_or("missing <depth> (see --help)")?;
    let depth = depth_text
        .parse()
        .map_err(|_| format!("bad depth `{depth_text}`: expected a whole number"))?;
    if depth > MAX_PERFT_DEPTH {
        return Err(format!("depth {depth} is more than the maximum of {MAX_PERFT_DEPTH}").into());
    }
    let fen = positional.next();
    if let Some(extra) = positional.next() {
        return Err(format!("unexpected argument `{extra}` (see --help)").into());
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

/// A finished part of the count, for the progress line.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Done {
    /// The positions it counted.
    pub nodes: u64,
    /// Whether it finished a root move.
    pub root_move: bool,
}

/// Counts `depth` plies from `pos` on `threads` threads and returns each root move with its
/// count, in the order of `legal_moves`. `on_done` hears of each finished part, from
/// whichever thread finished it: from depth 3 on, each root move is counted as parallel
/// divides of at most [`PROGRESS_DEPTH`] plies below it, so that counts come in while it runs
/// (at depth 10 from the start a root move takes seconds); the sum is the same.
pub fn count(
    pos: &Position,
    depth: u32,
    threads: usize,
    on_done: impl Fn(Done) + Sync,
) -> Vec<(Move, u64)> {
    if depth < 3 {
        let counts = Mutex::new(Vec::new());
        divide_parallel(pos, depth, threads, |m, n| {
            on_done(Done {
                nodes: n,
                root_move: true,
            });
            counts
                .lock()
                .unwrap_or_else(|e| e.into_inner())
                .push((m, n));
        });
        let mut counts = counts.into_inner().unwrap_or_else(|e| e.into_inner());
        let order = pos.legal_moves();
        counts.sort_by_key(|(m, _)| order.iter().position(|o| o == m));
        return counts;
    }
    pos.legal_moves()
        .iter()
        .map(|&m| {
            let mut child = *pos;
            child.play_unchecked(m);
            let n = count_below(&child, depth - 1, threads, &on_done);
            on_done(Done {
                nodes: 0,
                root_move: true,
            });
            (m, n)
        })
        .collect()
}

/// Below this many plies, a subtree is counted as one parallel divide whose parts (each at
/// most 7 plies, a fraction of a second) report as they end.
const PROGRESS_DEPTH: u32 = 8;

/// The perft count of `depth` plies below `pos`, reporting parts to `on_done` as they end:
/// deeper than [`PROGRESS_DEPTH`], child by child, so that the first report comes within a
/// fraction of a second however deep the count.
fn count_below(
    pos: &Position,
    depth: u32,
    threads: usize,
    on_done: &(impl Fn(Done) + Sync),
) -> u64 {
    if depth <= PROGRESS_DEPTH {
        return divide_parallel(pos, depth, threads, |_, n| {
            on_done(Done {
                nodes: n,
                root_move: false,
            });
        });
    }
    pos.legal_moves()
        .iter()
        .map(|&m| {
            let mut child = *pos;
            child.play_unchecked(m);
            count_below(&child, depth - 1, threads, on_done)
        })
        .sum()
}

/// What has been counted so far, for the progress line.
#[derive(Default)]
struct Progress {
    roots_done: AtomicUsize,
    nodes: AtomicU64,
}

fn run() -> Result<ExitCode, Stop> {
    let args = parse_args()?;
    let pos = match &args.fen {
        None => Position::new(args.rules),
        Some(fen) => {
            let setup: Setup = fen.parse().map_err(|e| cli::fen_error(fen, &e))?;
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
                cli::bad_fen(fen, format_args!("{e}{hint}"))
            })?
        }
    };
    let start = Instant::now();
    let roots = if args.depth == 0 {
        0
    } else {
        pos.legal_moves().len()
    };
    let progress = Progress::default();
    let finished = AtomicBool::new(false);
    let counts = std::thread::scope(|s| {
        if std::io::stderr().is_terminal() {
            s.spawn(|| show_progress(start, roots, &progress, &finished));
        }
        let counts = count(&pos, args.depth, args.threads, |done| {
            progress.nodes.fetch_add(done.nodes, Ordering::Relaxed);
            if done.root_move {
                progress.roots_done.fetch_add(1, Ordering::Relaxed);
            }
        });
        finished.store(true, Ordering::Relaxed);
        counts
    });
    let nodes = if args.depth == 0 {
        1
    } else {
        counts.iter().map(|(_, n)| n).sum()
    };
    let secs = start.elapsed().as_secs_f64();
    let mut lines: Vec<String> = if args.divide {
        counts.iter().map(|(m, n)| format!("{m}: {n}")).collect()
    } else {
        Vec::new()
    };
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
        writeln!(out, "{line}").map_err(cli::write_error)?;
    }
    Ok(ExitCode::SUCCESS)
}

/// Writes a progress line on stderr every half second once the run has taken [`QUIET_FOR`],
/// and clears it when the count is finished.
fn show_progress(start: Instant, roots: usize, progress: &Progress, finished: &AtomicBool) {
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
        let nodes = progress.nodes.load(Ordering::Relaxed);
        let done = progress.roots_done.load(Ordering::Relaxed);
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
    cli::finish(HELP, run())
}
