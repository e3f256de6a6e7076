//! Endgame tables from the command line: build, probe, stats and verify.
//!
//! ```text
//! cargo run --release --example tablebase -- build --rules R --pieces N --dir DIR [--threads N] [--split-above E] [--memory-limit GB] [--log]
//! cargo run --release --example tablebase -- probe --rules R --dir DIR FEN
//! cargo run --release --example tablebase -- probe --rules R --dir DIR --batch < fens.txt
//! cargo run --release --example tablebase -- stats --rules R --dir DIR
//! cargo run --release --example tablebase -- line --rules R --dir DIR FEN
//! cargo run --release --example tablebase -- verify --rules R --dir DIR [--threads N] [--split-above E] [MATERIAL | SLICE]
//! cargo run --release --example tablebase -- plan --rules R --pieces N [--workers W] [--split-above E]
//! cargo run --release --example tablebase -- build-slice --rules R --dir DIR [--threads N] [--split-above E] [--memory-limit GB] [--log] NAME
//! ```
//!
//! `build` first prints the plan's estimates for a build from nothing (peak memory, disk and
//! time, as `plan` computes them), then builds and prints what it built.
//! `probe` prints `wdl: win|draw|loss`, `dtw: N` (`dtw: -` for a draw) and `best: ` with the
//! best moves; on a position where the game is over, `best: -` and `game over: ` with the
//! outcome and its reason (`game over: draw: one king each`). `--batch` reads FENs from
//! standard input, one a line, and prints one line each: `FEN<tab>win|draw|loss<tab>N|-`, or
//! `FEN<tab>error: reason` and goes on. `stats` prints a line per material: positions, wins,
//! draws, losses, the longest win and its FEN. `line` prints a line of best play from the
//! FEN to the end of the game (the first of the best moves each time), on one line, ending
//! with the game's result and its reason (`2-0 (white wins: the opponent has no legal
//! move)`); a drawn line that does not end is cut after 40 plies and ends `1-1 (draw: ...)`
//! saying so. `stats`, `verify`, `probe` and `line` on a directory without a table of the
//! rule set say what it holds instead.
//! `verify` derives every stored value again from its successors' and exits with code 1 if
//! one differs; given a MATERIAL (`KKKKMvK`), it checks that material and its colour swap
//! alone, in a directory holding every table of fewer pieces; given a rank slice's name
//! (`KvKKKKM+KKKKMvK.r-7`, as `plan` names it), that slice's values, in the directory it was
//! built in, before its material's tables are put together. `plan` prints the slices of a
//! build (the unit a worker builds: a material and its colour swap), one a line with its
//! pieces, index entries, estimated peak memory, disk and time (one worker of two threads),
//! and inputs, then the totals and the estimated time on W workers (default 1).
//! `build-slice` builds one slice (named `KvKM+KMvK`, or by one of its materials, `KMvK`)
//! from its inputs' files in DIR, and prints `built NAME` or `present NAME`. With `--log`,
//! `build` and `build-slice` print on standard error, instead of the bar, a line as each
//! stage of a slice ends, with its time (`KKKvKK+KKvKKK: levels 1-49 61.2 s`): reading its
//! inputs, the first look at every entry, the levels, writing; for the logs of long builds.
//! `--help` prints
//! the usage on stdout; a bad argument prints one line on stderr, `error: ...`, and exits
//! with code 2. When the reader of the output goes away (`| head`), it stops quietly with
//! exit code 0.

#[path = "common/cli.rs"]
mod cli;

use std::io::{BufRead, Write};
use std::process::ExitCode;

use cli::Stop;
use turkish_draughts::tablebase::{
    BuildError, Builder, NANOS_PER_ENTRY, NANOS_PER_KING, Plan, Stage, Tablebase, WORKER_THREADS,
    Wdl,
};
use turkish_draughts::{Position, RuleSet};

const HELP: &str = "\
usage: tablebase build  --rules R --pieces N --dir DIR [--threads N] [--split-above E] [--memory-limit GB] [--log]
       tablebase probe  --rules R --dir DIR (FEN | --batch)
       tablebase stats  --rules R --dir DIR
       tablebase line   --rules R --dir DIR FEN
       tablebase verify --rules R --dir DIR [--threads N] [--split-above E] [MATERIAL | SLICE]
       tablebase plan   --rules R --pieces N [--workers W] [--split-above E]
       tablebase build-slice --rules R --dir DIR [--threads N] [--split-above E] [--memory-limit GB] [--log] NAME

Builds, probes, summarises and checks endgame tables.

  --rules R    the rule set: default (the default) or tudaf
  --pieces N   build every table of 2 to N pieces (at most 6)
  --dir DIR    the tables' directory
  --threads N  threads (default: the number of cores)
  --workers W  plan: the workers the time is estimated for (default 1)
  --split-above E  solve a pair of materials with men of more than E index entries
               a rank slice at a time (default 2^30); verify: the plan a rank
               slice's name is looked up in
  --memory-limit GB  refuse, before it starts, a slice estimated to need more
               memory than GB gigabytes (the plan's memory column)
  --log        build: instead of the bar, a line on stderr as each stage of a slice
               ends, with its time
  --batch      probe: read FENs from stdin, one a line; print FEN<tab>wdl<tab>dtw
  -h, --help   this text";

const COMMANDS: &str = "build, probe, stats, line, verify, plan or build-slice";

struct Args {
    command: String,
    rules: RuleSet,
    pieces: Option<u32>,
    dir: Option<String>,
    threads: usize,
    batch: bool,
    fen: Option<String>,
    workers: Option<usize>,
    split_above: Option<u64>,
    memory_limit: Option<u64>,
    log: bool,
}

/// The builder with its progress shown on standard error: with `log`, a line as each stage
/// of a slice ends; else a bar when standard error is a terminal (nothing in a pipe or a
/// file): slices done, the slice at work and its stage, entries a second and the time left.
fn with_bar(b: Builder, log: bool) -> Builder {
    use std::io::IsTerminal;
    if log {
        return with_log(b);
    }
    if !std::io::stderr().is_terminal() {
        return b;
    }
    b.on_progress(|p| {
        let width = 30;
        let filled =
            (p.entries_done as f64 / p.entries_total.max(1) as f64 * width as f64) as usize;
        let bar: String = (0..width)
            .map(|i| if i < filled { '#' } else { '.' })
            .collect();
        let left = p.time_left().map_or("-".to_string(), |t| {
            format!("{:.0} s left", t.as_secs_f64())
        });
        let at = match &p.slice {
            Some((name, Stage::Looking { done, total })) => {
                format!(
                    "{name}: looking {:.0} %",
                    100.0 * *done as f64 / (*total).max(1) as f64
                )
            }
            Some((name, Stage::Level(d))) => format!("{name}: level {d}"),
            Some((name, Stage::Reading)) => format!("{name}: reading inputs"),
            Some((name, Stage::Writing)) => format!("{name}: writing"),
            Some((name, Stage::Done)) => format!("{name}: done"),
            Some((name, _)) => name.clone(),
            None => String::new(),
        };
        let mut err = std::io::stderr().lock();
        let _ = write!(
            err,
            "\r\x1b[2K[{bar}] {}/{} slices, {:.1} M entries/s, {left}  {at}",
            p.slices_done,
            p.slices_total,
            p.entries_per_second() / 1e6
        );
        if p.slice.is_none() && p.slices_done == p.slices_total {
            let _ = writeln!(err);
        }
    })
}

/// The builder printing a line on standard error as each stage of a slice ends: the slice,
/// the stage (the levels as one stage, with the first and last level) and its time. Small
/// slices are solved side by side: each slice's stage is followed on its own.
fn with_log(b: Builder) -> Builder {
    use std::collections::HashMap;
    use std::sync::Mutex;
    use std::time::Instant;
    // Each slice's stage at work: its name, its first and last level, and when it began.
    type Current = HashMap<String, (&'static str, (u32, u32), Instant)>;
    let current: Mutex<Current> = Mutex::new(HashMap::new());
    let end = |name: &str, (what, (first, last), began): (&str, (u32, u32), Instant)| {
        let secs = began.elapsed().as_secs_f64();
        let what = if what == "levels" {
            format!("levels {first}-{last}")
        } else {
            what.to_string()
        };
        let _ = writeln!(std::io::stderr().lock(), "{name}: {what} {secs:.1} s");
    };
    b.on_progress(move |p| {
        let Ok(mut cur) = current.lock() else { return };
        let Some((name, stage)) = &p.slice else {
            return;
        };
        if *stage == Stage::Done {
            if let Some(old) = cur.remove(name) {
                end(name, old);
            }
            return;
        }
        let (what, level) = match stage {
            Stage::Reading => ("reading inputs", 0),
            Stage::Looking { .. } => ("first look", 0),
            Stage::Level(d) => ("levels", *d),
            Stage::Writing => ("writing", 0),
            _ => ("working", 0),
        };
        if let Some((w, levels, _)) = cur.get_mut(name) {
            if *w == what {
                levels.1 = level;
                return;
            }
        }
        if let Some(old) = cur.remove(name) {
            end(name, old);
        }
        cur.insert(name.clone(), (what, (level, level), Instant::now()));
    })
}

fn parse_args() -> Result<Args, Stop> {
    let mut args = std::env::args().skip(1);
    let mut a = Args {
        command: String::new(),
        rules: RuleSet::Default,
        pieces: None,
        dir: None,
        threads: 0,
        batch: false,
        fen: None,
        workers: None,
        split_above: None,
        memory_limit: None,
        log: false,
    };
    while let Some(arg) = args.next() {
        match arg.as_str() {
            "-h" | "--help" => return Err(Stop::Help),
            "--rules" => {
                a.rules = cli::rules(&cli::value(&mut args, "--rules", "default or tudaf")?)?
            }
            "--pieces" => {
                let t = cli::value(&mut args, "--pieces", "a number of pieces")?;
                a.pieces = Some(
                    t.parse()
                        .ok()
                        .filter(|n| (2..=6).contains(n))
                        .ok_or(format!("bad piece count `{t}`: expected 2 to 6"))?,
                );
            }
            "--dir" => a.dir = Some(cli::value(&mut args, "--dir", "a directory")?),
            "--threads" => {
                let t = cli::value(&mut args, "--threads", "a number of threads")?;
                a.threads = t.parse().ok().filter(|&n| n >= 1).ok_or(format!(
                    "bad thread count `{t}`: expected a whole number from 1"
                ))?;
            }
            "--batch" => a.batch = true,
            "--log" => a.log = true,
            "--split-above" => {
                let t = cli::value(&mut args, "--split-above", "a number of index entries")?;
                a.split_above = Some(t.parse().ok().filter(|&n| n >= 1).ok_or(format!(
                    "bad entry count `{t}`: expected a whole number from 1"
                ))?);
            }
            "--memory-limit" => {
                let t = cli::value(&mut args, "--memory-limit", "gigabytes")?;
                let gb: f64 = t
                    .parse()
                    .ok()
                    .filter(|g: &f64| g.is_finite() && *g > 0.0)
                    .ok_or(format!(
                        "bad memory limit `{t}`: expected gigabytes, such as 16"
                    ))?;
                a.memory_limit = Some((gb * 1e9) as u64);
            }
            "--workers" => {
                let t = cli::value(&mut args, "--workers", "a number of workers")?;
                a.workers = Some(t.parse().ok().filter(|&n| n >= 1).ok_or(format!(
                    "bad worker count `{t}`: expected a whole number from 1"
                ))?);
            }
            _ if arg.starts_with("--") => return Err(format!("unknown option `{arg}`").into()),
            _ if a.command.is_empty() => a.command = arg,
            _ if a.fen.is_none() => a.fen = Some(arg),
            _ => return Err(format!("unexpected argument `{arg}`").into()),
        }
    }
    match a.command.as_str() {
        "" => return Err(format!("no command: expected {COMMANDS}").into()),
        "build" | "probe" | "stats" | "line" | "verify" | "plan" | "build-slice" => {}
        c => return Err(format!("unknown command `{c}`: expected {COMMANDS}").into()),
    }
    if a.dir.is_none() && a.command != "plan" {
        return Err("--dir is needed".into());
    }
    if (a.command == "build" || a.command == "plan") && a.pieces.is_none() {
        return Err(format!("{} needs --pieces N", a.command).into());
    }
    if a.split_above.is_some()
        && !["build", "plan", "build-slice", "verify"].contains(&a.command.as_str())
    {
        return Err("--split-above is for build, plan, build-slice and verify".into());
    }
    if a.memory_limit.is_some() && !["build", "build-slice"].contains(&a.command.as_str()) {
        return Err("--memory-limit is for build and build-slice".into());
    }
    if a.workers.is_some() && a.command != "plan" {
        return Err("--workers is for plan only".into());
    }
    if a.command == "plan" && a.dir.is_some() {
        return Err("plan reads no directory: --dir is not taken".into());
    }
    if a.command == "build-slice" && a.fen.is_none() {
        return Err("build-slice needs a slice's name, such as KvKM+KMvK".into());
    }
    if a.command == "probe" && a.fen.is_some() == a.batch {
        return Err("probe needs a FEN or --batch (not both)".into());
    }
    if a.command == "line" && a.fen.is_none() {
        return Err("line needs a FEN".into());
    }
    if !["probe", "line", "build-slice", "verify"].contains(&a.command.as_str()) && a.fen.is_some()
    {
        return Err(format!("unexpected argument `{}`", a.fen.unwrap_or_default()).into());
    }
    Ok(a)
}

fn run() -> Result<ExitCode, Stop> {
    let a = parse_args()?;
    let dir = a.dir.clone().unwrap_or_default();
    let threads = if a.threads == 0 {
        std::thread::available_parallelism().map_or(1, |n| n.get())
    } else {
        a.threads
    };
    let out = std::io::stdout();
    let mut out = out.lock();
    let w = cli::write_error;
    match a.command.as_str() {
        "build" => {
            let builder = with_bar(
                splitting(Builder::new(a.rules, &dir).threads(threads), &a),
                a.log,
            );
            let pieces = a.pieces.unwrap_or(2);
            // What the build will take, before it starts (the figures `plan` prints).
            let plan = builder.plan(pieces).map_err(|e| e.to_string())?;
            writeln!(out, "{}", build_estimate(&plan))
                .and_then(|()| out.flush())
                .map_err(w)?;
            let r = builder.build(pieces).map_err(|e| e.to_string())?;
            writeln!(
                out,
                "built {} materials, {} present, {} index entries solved in {:.2} s",
                r.built.len(),
                r.present.len(),
                r.positions,
                r.elapsed.as_secs_f64()
            )
            .map_err(w)?;
        }
        "plan" => plan(&mut out, &a)?,
        "build-slice" => {
            let name = a.fen.clone().unwrap_or_default();
            let b = with_bar(
                splitting(Builder::new(a.rules, &dir).threads(threads), &a),
                a.log,
            );
            // The plan up to the slice's pieces, for its full name.
            let pieces = name
                .split(['+', '.'])
                .next()
                .map_or(0, |m| m.chars().filter(|c| *c != 'v').count() as u32);
            let plan = b.plan(pieces.clamp(2, 6)).map_err(|e| e.to_string())?;
            let full = plan
                .find(&name)
                .map_or(name.clone(), |s| s.name().to_string());
            let built = b.build_slice(&name).map_err(|e| e.to_string())?;
            let what = if built { "built" } else { "present" };
            writeln!(out, "{what} {full}").map_err(w)?;
        }
        "probe" => {
            let tb = Tablebase::open(&dir, a.rules).map_err(|e| e.to_string())?;
            if a.batch {
                for line in std::io::stdin().lock().lines() {
                    let line = line.map_err(|e| format!("cannot read stdin: {e}"))?;
                    let fen = line.trim();
                    if fen.is_empty() {
                        continue;
                    }
                    let answer = Position::from_fen(fen, a.rules)
                        .map_err(|e| cli::fen_reason(&e))
                        .and_then(|p| {
                            let wdl = tb.probe_wdl(&p).map_err(|e| e.to_string())?;
                            let dtw = tb.probe_dtw(&p).map_err(|e| e.to_string())?;
                            Ok(format!(
                                "{wdl}\t{}",
                                dtw.map_or("-".to_string(), |d| d.to_string())
                            ))
                        });
                    match answer {
                        Ok(a) => writeln!(out, "{fen}\t{a}"),
                        Err(e) => writeln!(out, "{fen}\terror: {e}"),
                    }
                    .map_err(w)?;
                }
            } else {
                let p = cli::position(&a.fen.unwrap_or_default(), a.rules)?;
                let wdl = tb.probe_wdl(&p).map_err(|e| e.to_string())?;
                let dtw = tb.probe_dtw(&p).map_err(|e| e.to_string())?;
                let best = tb.best_moves(&p).map_err(|e| e.to_string())?;
                let best: Vec<String> = best.iter().map(|m| m.to_string()).collect();
                writeln!(out, "wdl: {wdl}").map_err(w)?;
                writeln!(
                    out,
                    "dtw: {}",
                    dtw.map_or("-".to_string(), |d| d.to_string())
                )
                .map_err(w)?;
                match p.outcome() {
                    // No move to play: say why instead.
                    Some(outcome) => writeln!(out, "best: -\ngame over: {outcome}"),
                    None => writeln!(out, "best: {}", best.join(" ")),
                }
                .map_err(w)?;
            }
        }
        "stats" => {
            let tb = Tablebase::open(&dir, a.rules).map_err(|e| e.to_string())?;
            // Worked out before the header, so that an error comes alone.
            let stats = tb.stats().map_err(|e| e.to_string())?;
            writeln!(
                out,
                "material\tpositions\twins\tdraws\tlosses\tlongest\tfen"
            )
            .map_err(w)?;
            for s in stats {
                let (d, fen) = s.longest_win.unwrap_or((0, "-".to_string()));
                writeln!(
                    out,
                    "{}\t{}\t{}\t{}\t{}\t{}\t{}",
                    s.material, s.positions, s.wins, s.draws, s.losses, d, fen
                )
                .map_err(w)?;
            }
        }
        "line" => {
            let tb = Tablebase::open(&dir, a.rules).map_err(|e| e.to_string())?;
            let mut p = cli::position(&a.fen.unwrap_or_default(), a.rules)?;
            let drawn = tb.probe_wdl(&p).map_err(|e| e.to_string())? == Wdl::Draw;
            let mut line = Vec::new();
            // The best moves are empty exactly when the game is over.
            let end = loop {
                let best = tb.best_moves(&p).map_err(|e| e.to_string())?;
                let Some(&m) = best.first() else {
                    break match p.outcome() {
                        Some(outcome) => format!("{} ({outcome})", outcome.result()),
                        None => "*".to_string(),
                    };
                };
                if drawn && line.len() == LINE_DRAW_PLIES {
                    break format!(
                        "1-1 (draw: neither side can force the end; cut after {LINE_DRAW_PLIES} plies)"
                    );
                }
                line.push(m.to_string());
                p = p.after_unchecked(m);
            };
            line.push(end);
            writeln!(out, "{}", line.join(" ")).map_err(w)?;
        }
        _ => {
            // One rank slice; one material and its colour swap; or every table.
            let (r, what) = match &a.fen {
                Some(name) if name.contains('.') => (
                    splitting(Builder::new(a.rules, &dir).threads(threads), &a)
                        .verify_slice(name)
                        .map_err(|e| match e {
                            BuildError::UnknownSlice { .. } => format!(
                                "{e}; a rank slice is named by the plan of the --split-above \
                                 it was built with"
                            ),
                            e => e.to_string(),
                        }),
                    format!("of the rank slice {name}"),
                ),
                Some(name) => (
                    Tablebase::open(&dir, a.rules)
                        .map_err(|e| e.to_string())?
                        .verify_material(name, threads)
                        .map_err(|e| e.to_string()),
                    format!("of {name} and its colour swap"),
                ),
                None => {
                    let tb = Tablebase::open(&dir, a.rules).map_err(|e| e.to_string())?;
                    (
                        tb.verify(threads).map_err(|e| e.to_string()),
                        format!("of up to {} pieces", tb.max_pieces()),
                    )
                }
            };
            let r = r?;
            for m in &r.mismatches {
                writeln!(out, "mismatch: {m}").map_err(w)?;
            }
            writeln!(
                out,
                "verified {} positions {what}: {} mismatches",
                r.positions, r.mismatch_count
            )
            .map_err(w)?;
            if r.mismatch_count > 0 {
                return Ok(ExitCode::from(1));
            }
        }
    }
    Ok(ExitCode::SUCCESS)
}

/// The plies after which `line` cuts a drawn line that does not end.
const LINE_DRAW_PLIES: usize = 40;

/// The line `build` prints before it starts: the plan's estimates for a build from nothing,
/// on one worker (the whole build in this process).
fn build_estimate(plan: &Plan) -> String {
    let largest = plan.slices().iter().max_by_key(|s| s.memory());
    format!(
        "estimate for {} index entries of 2 to {} pieces ({} rules) from nothing: peak memory {}{}, \
         disk {}, time {} on 2 threads (tables already in the directory are kept)",
        plan.positions(),
        plan.max_pieces(),
        plan.rules().name(),
        size(plan.peak_memory()),
        largest.map_or(String::new(), |l| format!(" (slice {})", l.name())),
        size(plan.disk()),
        time(plan.estimate(1).total_work)
    )
}

/// Bytes for people: `12.3 MB`, `4.56 GB`.
fn size(bytes: u64) -> String {
    let b = bytes as f64;
    if b >= 1e12 {
        format!("{:.2} TB", b / 1e12)
    } else if b >= 1e9 {
        format!("{:.2} GB", b / 1e9)
    } else if b >= 1e6 {
        format!("{:.1} MB", b / 1e6)
    } else {
        format!("{:.1} kB", b / 1e3)
    }
}

/// A duration for people: `3 h 12 min`, `41 s`.
fn time(d: std::time::Duration) -> String {
    let s = d.as_secs_f64();
    if s >= 360_000.0 {
        format!("{:.1} days", s / 86_400.0)
    } else if s >= 3_600.0 {
        format!(
            "{} h {} min",
            (s / 3_600.0) as u64,
            ((s % 3_600.0) / 60.0) as u64
        )
    } else if s >= 60.0 {
        format!("{} min {} s", (s / 60.0) as u64, (s % 60.0) as u64)
    } else {
        format!("{s:.1} s")
    }
}

/// The builder with `--split-above` and `--memory-limit`, when given.
fn splitting(b: Builder, a: &Args) -> Builder {
    let b = match a.split_above {
        Some(n) => b.split_above(n),
        None => b,
    };
    match a.memory_limit {
        Some(n) => b.memory_limit(n),
        None => b,
    }
}

/// The `plan` command: every slice, then the totals.
fn plan(out: &mut impl Write, a: &Args) -> Result<(), Stop> {
    let plan = splitting(Builder::new(a.rules, "."), a)
        .plan(a.pieces.unwrap_or(2))
        .map_err(|e| e.to_string())?;
    print_plan(out, &plan, a.workers.unwrap_or(1)).map_err(cli::write_error)
}

/// The plan's slices, one a line, then its totals.
fn print_plan(out: &mut impl Write, plan: &Plan, workers: usize) -> std::io::Result<()> {
    writeln!(out, "slice\tpieces\tpositions\tmemory\tdisk\ttime\tinputs")?;
    for s in plan.slices() {
        let inputs = if s.inputs().is_empty() {
            "-".to_string()
        } else {
            s.inputs().join(",")
        };
        writeln!(
            out,
            "{}\t{}\t{}\t{}\t{}\t{}\t{}",
            s.name(),
            s.pieces(),
            s.positions(),
            size(s.memory()),
            size(s.disk()),
            time(s.time()),
            inputs
        )?;
    }
    let e = plan.estimate(workers);
    let largest = plan.slices().iter().max_by_key(|s| s.memory());
    writeln!(
        out,
        "total: {} slices of 2 to {} pieces ({} rules), {} index entries",
        plan.slices().len(),
        plan.max_pieces(),
        plan.rules().name(),
        plan.positions()
    )?;
    if let Some(l) = largest {
        writeln!(
            out,
            "largest slice: {} ({} index entries), peak memory {}",
            l.name(),
            l.positions(),
            size(l.memory())
        )?;
    }
    writeln!(out, "disk: {}", size(plan.disk()))?;
    writeln!(
        out,
        "time on {workers} worker{} of 2 threads: {} (critical path {}, total work {}, work / workers {})",
        if workers == 1 { "" } else { "s" },
        time(e.schedule),
        time(e.critical_path),
        time(e.total_work),
        time(e.per_worker)
    )?;
    // The files' ratio, from the largest slice (its disk is its entries over that ratio).
    let per_byte = largest.map_or(0.0, |l| l.positions() as f64 / l.disk().max(1) as f64);
    writeln!(
        out,
        "(estimates, as measured: {NANOS_PER_ENTRY} ns of processor time an index entry solved \
         and {NANOS_PER_KING} ns more for each king, a worker of {WORKER_THREADS} threads \
         on a core each; 4 bytes an entry solved and a byte an entry read, plus 64 MiB; \
         {per_byte:.2} entries a byte of files)"
    )
}

fn main() -> ExitCode {
    cli::finish(HELP, run())
}
