//! Side-by-side speed comparison of `turkish-draughts` against `kish` 1.1.7.
//!
//! Everything runs on the calling thread: both crates' sequential perft and move generation
//! only. Each measurement is the best of `--reps` wall-clock runs, with the two crates' runs
//! interleaved (and their order alternated) so machine noise hits both alike.
//!
//! Usage: `cargo run --release --manifest-path bench-compare/Cargo.toml -- [--reps N] [--quick]
//! [--start-depth D] [--bench-depth D] [--check-depth D] [--games N]
//! [--only fulllist|playouts|captures|leafcost|listcost]`

use std::hint::black_box;
use std::path::PathBuf;
use std::process::ExitCode;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::OnceLock;
use std::time::{Duration, Instant};

use turkish_draughts::{perft, Color, Position, RuleSet, Setup};

mod captures;
mod full_list;
mod leaf_cost;
mod playouts;

use captures::{capture_cost, captures};
use full_list::full_list;
use leaf_cost::{leaf_cost, list_cost, Crate, ListSet};
use playouts::playouts;

const COMMAND: &str = "cargo run --release --manifest-path bench-compare/Cargo.toml";

/// Expected number of distinct legal moves of each line of `worst-case.fen`.
const WORST_CASE_MOVES: [usize; 3] = [195, 64, 64];

/// Minimum wall-clock length of one timed batch of move generations.
const BATCH_TARGET: Duration = Duration::from_millis(50);

/// What `--only` restricts the run to.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Only {
    /// The full-list workloads (d. and e.).
    FullList,
    /// The random playouts (f.).
    Playouts,
    /// The capture generator by kind of capture (g.).
    Captures,
    /// One crate's pass of one capture set, untimed, for callgrind (see `captures`).
    CaptureCost,
    /// One crate's walk, untimed, for callgrind (see `leaf_cost`).
    LeafCost,
    /// One crate's pass of move lists, untimed, for callgrind (see `leaf_cost`).
    ListCost,
}

struct Options {
    reps: usize,
    quick: bool,
    start_depth: u32,
    bench_depth: u32,
    check_depth: u32,
    /// Random games played in f.
    games: u32,
    only: Option<Only>,
    /// `--only leafcost`: the crate, what is done with the last ply's moves (one of
    /// `full_list::leaves`), the depth.
    krate: Crate,
    leaves: u8,
    leaf_depth: u32,
    /// `--only listcost`: the positions.
    set: ListSet,
    /// `--only capturecost`: the kind of capture (a name of `capture_kinds::KINDS`).
    kind: String,
    /// `--only leafcost`: walk from each position of this file of `tests/data/` instead of
    /// the start position.
    fen_file: Option<String>,
}

fn usage() -> String {
    format!(
        "usage: {COMMAND} -- [--reps N] [--quick] [--start-depth D] [--bench-depth D] [--check-depth D]\n\
         \x20      [--games N] [--only fulllist|playouts|captures|leafcost|listcost]\n\
         \n\
         --reps N         best of N timed runs per measurement (N >= 1; default 5)\n\
         --quick          smoke run: start-position perft(7), bench.fen sum at depth 5, 1 000 games\n\
         --start-depth D  depth of the start-position perft (default 8, quick 7)\n\
         --bench-depth D  depth of the bench.fen perft sum (default 7, quick 5)\n\
         --check-depth D  depth of the untimed node-count cross-check (default 4, quick 3)\n\
         --games N        random playouts (default 10 000)\n\
         --clock cpu      time the thread's CPU time instead of wall-clock time (for a busy\n\
         \x20                machine: leaves out the time other processes take)\n\
         --only fulllist  only the full-list workloads (d. and e.): quick to measure\n\
         --only playouts  only the random playouts (f.)\n\
         --only captures  only the capture generator by kind of capture (g.)\n\
         --only leafcost --crate ours|kish --leaves played|in-place|listed [--leaf-depth D]\n\
         \x20      [--fen-file F]  one walk from the start (depth D, default 6), or from each\n\
         \x20                position of tests/data/F, untimed, for an instruction count under\n\
         \x20                callgrind: see bench-compare/leafcost.sh\n\
         --only listcost --crate ours|kish --set walk|game|worst\n\
         \x20                one move list of each inner node of the start walk (depth 7), of\n\
         \x20                each game position or of the six worst cases of c., untimed, for\n\
         \x20                callgrind: see bench-compare/listcost.sh"
    )
}

fn parse_args() -> Result<Options, String> {
    let mut reps = 5;
    let mut quick = false;
    let mut only = None;
    let mut kind = String::from("king-chain");
    let mut set = ListSet::Game;
    let mut fen_file = None;
    let (mut krate, mut leaves, mut leaf_depth) = (Crate::Ours, full_list::leaves::PLAYED, 6);
    let (mut start_depth, mut bench_depth, mut check_depth, mut games) = (None, None, None, None);
    let mut args = std::env::args().skip(1);
    while let Some(arg) = args.next() {
        let mut value = |name: &str| args.next().ok_or_else(|| format!("{name} needs a value"));
        let number = |name: &str, v: String| -> Result<u32, String> {
            v.parse::<u32>()
                .map_err(|_| format!("{name}: not a number: {v}"))
        };
        match arg.as_str() {
            "--reps" => reps = number("--reps", value("--reps")?)? as usize,
            "--quick" => quick = true,
            "--start-depth" => start_depth = Some(number(&arg, value(&arg)?)?),
            "--bench-depth" => bench_depth = Some(number(&arg, value(&arg)?)?),
            "--check-depth" => check_depth = Some(number(&arg, value(&arg)?)?),
            "--games" => games = Some(number(&arg, value(&arg)?)?),
            "--leaf-depth" => leaf_depth = number(&arg, value(&arg)?)?,
            "--clock" => match value(&arg)?.as_str() {
                "cpu" => CPU_CLOCK.store(true, Ordering::Relaxed),
                "wall" => CPU_CLOCK.store(false, Ordering::Relaxed),
                other => return Err(format!("--clock: expected cpu or wall, got {other}")),
            },
            "--only" => {
                only = Some(match value(&arg)?.as_str() {
                    "fulllist" => Only::FullList,
                    "playouts" => Only::Playouts,
                    "captures" => Only::Captures,
                    "capturecost" => Only::CaptureCost,
                    "leafcost" => Only::LeafCost,
                    "listcost" => Only::ListCost,
                    other => {
                        return Err(format!(
                            "--only: expected fulllist, playouts, captures, leafcost or listcost, got {other}"
                        ))
                    }
                })
            }
            "--crate" => {
                krate = match value(&arg)?.as_str() {
                    "ours" => Crate::Ours,
                    "kish" => Crate::Kish,
                    other => return Err(format!("--crate: expected ours or kish, got {other}")),
                }
            }
            "--leaves" => {
                leaves = match value(&arg)?.as_str() {
                    "played" => full_list::leaves::PLAYED,
                    "in-place" => full_list::leaves::IN_PLACE,
                    "listed" => full_list::leaves::LISTED,
                    other => {
                        return Err(format!(
                            "--leaves: expected played, in-place or listed, got {other}"
                        ))
                    }
                }
            }
            "--fen-file" => fen_file = Some(value(&arg)?),
            "--kind" => kind = value(&arg)?,
            "--set" => {
                set = match value(&arg)?.as_str() {
                    "walk" => ListSet::Walk,
                    "game" => ListSet::Game,
                    "worst" => ListSet::Worst,
                    other => {
                        return Err(format!("--set: expected walk, game or worst, got {other}"))
                    }
                }
            }
            "-h" | "--help" => return Err(String::new()),
            other => return Err(format!("unknown argument: {other}")),
        }
    }
    if reps == 0 {
        return Err("--reps must be at least 1".into());
    }
    Ok(Options {
        reps,
        quick,
        start_depth: start_depth.unwrap_or(if quick { 7 } else { 8 }),
        bench_depth: bench_depth.unwrap_or(if quick { 5 } else { 7 }),
        check_depth: check_depth.unwrap_or(if quick { 3 } else { 4 }),
        games: games.unwrap_or(if quick { 1_000 } else { 10_000 }),
        only,
        krate,
        leaves,
        leaf_depth,
        set,
        kind,
        fen_file,
    })
}

/// One position, ready for both crates.
pub(crate) struct Case {
    fen: String,
    ours: Setup,
    kish: kish::Board,
}

/// Converts our [`Setup`] into a kish board. Both crates number squares the same way
/// (a1 = bit 0, b1 = bit 1, ..., a2 = bit 8, ..., h8 = bit 63); kish keeps White's and
/// Black's pieces in `pieces[0]` and `pieces[1]`, kings (of both colours) in `kings`.
pub(crate) fn to_kish(setup: &Setup) -> kish::Board {
    let turn = match setup.turn {
        Color::White => kish::Team::White,
        Color::Black => kish::Team::Black,
    };
    let state = kish::State::new(
        [setup.white.to_u64(), setup.black.to_u64()],
        setup.kings.to_u64(),
    );
    kish::Board::new(turn, state)
}

pub(crate) fn load(file: &str) -> Result<Vec<Case>, String> {
    let path: PathBuf = [env!("CARGO_MANIFEST_DIR"), "..", "tests", "data", file]
        .iter()
        .collect();
    let text = std::fs::read_to_string(&path).map_err(|e| format!("{}: {e}", path.display()))?;
    let mut cases = Vec::new();
    for (n, line) in text.lines().enumerate() {
        let fen = line.trim();
        if fen.is_empty() || fen.starts_with('#') {
            continue;
        }
        let ours: Setup = fen
            .parse()
            .map_err(|e| format!("{file}:{}: {fen}: {e}", n + 1))?;
        // Check it now so that the timed loops cannot fail.
        Position::from_setup_relaxed(&ours, RuleSet::Tudaf)
            .map_err(|e| format!("{file}:{}: {fen}: {e}", n + 1))?;
        cases.push(Case {
            fen: fen.to_string(),
            kish: to_kish(&ours),
            ours,
        });
    }
    Ok(cases)
}

pub(crate) fn position(setup: &Setup, rules: RuleSet) -> Position {
    Position::from_setup_relaxed(setup, rules).expect("checked on load")
}

/// Whether timings are of the thread's CPU time (`--clock cpu`) instead of wall-clock time.
static CPU_CLOCK: AtomicBool = AtomicBool::new(false);

/// The clock of the timings: wall-clock time since the first call, or with `--clock cpu`
/// the CPU time of the calling thread (which leaves out the time the thread waits while
/// other processes run, on a busy machine).
fn now() -> Duration {
    if CPU_CLOCK.load(Ordering::Relaxed) {
        let mut ts = libc::timespec {
            tv_sec: 0,
            tv_nsec: 0,
        };
        // SAFETY: `ts` is a valid, writable `timespec` and the clock id is a valid constant;
        // `clock_gettime` only writes `ts`.
        let r = unsafe { libc::clock_gettime(libc::CLOCK_THREAD_CPUTIME_ID, &mut ts) };
        assert_eq!(r, 0, "clock_gettime(CLOCK_THREAD_CPUTIME_ID) failed");
        Duration::new(ts.tv_sec as u64, ts.tv_nsec as u32)
    } else {
        static START: OnceLock<Instant> = OnceLock::new();
        START.get_or_init(Instant::now).elapsed()
    }
}

/// Runs `f` once and returns how long it took and its result.
pub(crate) fn timed<T>(mut f: impl FnMut() -> T) -> (Duration, T) {
    let t = now();
    let r = black_box(f());
    (now() - t, r)
}

/// A row of the result table.
pub(crate) struct Row {
    what: String,
    ours: Duration,
    kish: Duration,
    ours_count: String,
    kish_count: String,
}

pub(crate) fn fmt_duration(d: Duration) -> String {
    let s = d.as_secs_f64();
    if s >= 1.0 {
        format!("{s:.3} s")
    } else if s >= 1e-3 {
        format!("{:.2} ms", s * 1e3)
    } else {
        format!("{:.2} µs", s * 1e6)
    }
}

pub(crate) fn print_table(title: &str, rows: &[Row]) {
    println!();
    println!("{title}");
    let w = rows
        .iter()
        .map(|r| r.what.chars().count())
        .max()
        .unwrap_or(0)
        .max(4);
    let line = format!(
        "{:<w$}  {:>11}  {:>11}  {:>9}  {:>14}  {:>14}",
        "test", "ours", "kish", "ours/kish", "ours count", "kish count"
    );
    println!("{line}");
    println!("{}", "-".repeat(line.chars().count()));
    for r in rows {
        let ratio = r.ours.as_secs_f64() / r.kish.as_secs_f64();
        println!(
            "{:<w$}  {:>11}  {:>11}  {:>9.3}  {:>14}  {:>14}",
            r.what,
            fmt_duration(r.ours),
            fmt_duration(r.kish),
            ratio,
            r.ours_count,
            r.kish_count
        );
    }
}

/// kish perft with our counting convention: moves deduplicated by result (same XOR delta),
/// and a position without moves before the last ply adds nothing. Untimed, for the
/// cross-check only.
fn kish_distinct_perft(board: &kish::Board, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let mut actions = board.actions();
    actions.sort_unstable();
    actions.dedup();
    if depth == 1 {
        return actions.len() as u64;
    }
    actions
        .iter()
        .map(|a| kish_distinct_perft(&board.apply(a).swap_turn(), depth - 1))
        .sum()
}

/// Untimed check that the two crates agree on node counts at low depth. Returns the number
/// of disagreements on distinct counts (which would point at a bug in either crate).
fn cross_check(cases: &[(&str, &Case)], max_depth: u32) -> usize {
    println!();
    println!(
        "Node-count cross-check (untimed): ours (tudaf) vs kish's moves deduplicated by result \
         with dead ends counted as 0 (our convention), at every depth 1..=D; raw kish perft \
         (each capture path counted, a position without moves = 1 leaf) shown at depth D."
    );
    let w = cases.iter().map(|(l, _)| l.len()).max().unwrap_or(0).max(8);
    println!(
        "{:<w$}  {:>2}  {:>12}  {:>14}  {:>12}  result",
        "position", "D", "ours", "kish distinct", "kish raw"
    );
    let mut mismatches = 0;
    for (label, case) in cases {
        let pos = position(&case.ours, RuleSet::Tudaf);
        // The worst-case positions explode; keep their cross-check shallow.
        let depth = if label.starts_with("worst") {
            max_depth.min(2)
        } else {
            max_depth
        };
        let mut bad = Vec::new();
        let (mut ours, mut distinct) = (0, 0);
        for d in 1..=depth {
            ours = perft(&pos, d);
            distinct = kish_distinct_perft(&case.kish, d);
            if ours != distinct {
                bad.push(format!(
                    "depth {d}: ours {ours} != kish distinct {distinct}"
                ));
            }
        }
        let raw = case.kish.perft(u64::from(depth));
        let result = if bad.is_empty() {
            "ok".to_string()
        } else {
            mismatches += 1;
            format!("MISMATCH {} [{}]", bad.join("; "), case.fen)
        };
        println!("{label:<w$}  {depth:>2}  {ours:>12}  {distinct:>14}  {raw:>12}  {result}");
    }
    if mismatches == 0 {
        println!("all distinct counts agree");
    }
    mismatches
}

fn run() -> Result<bool, String> {
    let opts = parse_args()?;
    if opts.only == Some(Only::LeafCost) {
        leaf_cost(
            opts.krate,
            opts.leaves,
            opts.leaf_depth,
            opts.fen_file.as_deref(),
        )?;
        return Ok(true);
    }
    if opts.only == Some(Only::ListCost) {
        list_cost(opts.krate, opts.set)?;
        return Ok(true);
    }
    if opts.only == Some(Only::CaptureCost) {
        capture_cost(opts.krate, &opts.kind)?;
        return Ok(true);
    }
    println!("{COMMAND}");
    println!(
        "turkish-draughts (path ..) vs kish 1.1.7; single thread; best of {} runs each, \
         interleaved; {} time; ours/kish < 1 means ours is faster{}",
        opts.reps,
        if CPU_CLOCK.load(Ordering::Relaxed) {
            "thread CPU"
        } else {
            "wall-clock"
        },
        if opts.quick { "; --quick" } else { "" }
    );

    let start = Setup::start();
    let start_case = Case {
        fen: start.to_string(),
        kish: to_kish(&start),
        ours: start,
    };
    if start_case.kish != kish::Board::new_default() {
        return Err("square numbering: converted start position differs from kish's".into());
    }
    let bench = load("bench.fen")?;
    let worst = load("worst-case.fen")?;
    // The hill-climbing finds, but the last one: a 32-piece position where kish needs
    // several seconds a call.
    let mut found = load("worst-case-found.fen")?;
    found.truncate(3);
    let mut ok = true;

    if opts.only.is_none() || opts.only == Some(Only::FullList) {
        full_list(&opts, &bench)?;
    }
    if opts.only.is_none() || opts.only == Some(Only::Playouts) {
        playouts(&opts);
    }
    if opts.only.is_none() || opts.only == Some(Only::Captures) {
        captures(&opts)?;
    }
    if opts.only.is_some() {
        return Ok(ok);
    }

    // Untimed correctness cross-check first.
    let mut labelled: Vec<(String, &Case)> = vec![("start".to_string(), &start_case)];
    labelled.extend(
        bench
            .iter()
            .enumerate()
            .map(|(i, c)| (format!("bench#{}", i + 1), c)),
    );
    labelled.extend(
        worst
            .iter()
            .enumerate()
            .map(|(i, c)| (format!("worst#{}", i + 1), c)),
    );
    let refs: Vec<(&str, &Case)> = labelled.iter().map(|(l, c)| (l.as_str(), *c)).collect();
    if cross_check(&refs, opts.check_depth) > 0 {
        ok = false;
    }

    // a. Start-position perft.
    {
        let d = opts.start_depth;
        let tudaf = Position::new(RuleSet::Tudaf);
        let default = Position::new(RuleSet::Default);
        let kb = kish::Board::new_default();
        let (mut bt, mut bd, mut bk) = (Duration::MAX, Duration::MAX, Duration::MAX);
        let (mut nt, mut nd, mut nk) = (0, 0, 0);
        for rep in 0..opts.reps {
            let mut ours = || {
                let (t, n) = timed(|| perft(black_box(&tudaf), black_box(d)));
                bt = bt.min(t);
                nt = n;
                let (t, n) = timed(|| perft(black_box(&default), black_box(d)));
                bd = bd.min(t);
                nd = n;
            };
            let mut theirs = || {
                let (t, n) = timed(|| black_box(&kb).perft(black_box(u64::from(d))));
                bk = bk.min(t);
                nk = n;
            };
            in_turn(rep, &mut ours, &mut theirs);
        }
        print_table(
            &format!("a. Start position, perft({d})"),
            &[
                Row {
                    what: "ours tudaf vs kish".into(),
                    ours: bt,
                    kish: bk,
                    ours_count: nt.to_string(),
                    kish_count: nk.to_string(),
                },
                Row {
                    what: "ours default vs kish".into(),
                    ours: bd,
                    kish: bk,
                    ours_count: nd.to_string(),
                    kish_count: nk.to_string(),
                },
            ],
        );
        println!(
            "   ({:.0} M nodes/s ours tudaf, {:.0} M nodes/s kish)",
            nt as f64 / bt.as_secs_f64() / 1e6,
            nk as f64 / bk.as_secs_f64() / 1e6
        );
    }

    // b. perft summed over bench.fen (ours under the federation rules kish implements).
    {
        let d = opts.bench_depth;
        let positions: Vec<Position> = bench
            .iter()
            .map(|c| position(&c.ours, RuleSet::Tudaf))
            .collect();
        let n = bench.len();
        let mut best_ours = vec![Duration::MAX; n];
        let mut best_kish = vec![Duration::MAX; n];
        let mut count_ours = vec![0u64; n];
        let mut count_kish = vec![0u64; n];
        for rep in 0..opts.reps {
            for i in 0..n {
                let mut ours = || {
                    let (t, c) = timed(|| perft(black_box(&positions[i]), black_box(d)));
                    best_ours[i] = best_ours[i].min(t);
                    count_ours[i] = c;
                };
                let mut theirs = || {
                    let (t, c) = timed(|| black_box(&bench[i].kish).perft(black_box(u64::from(d))));
                    best_kish[i] = best_kish[i].min(t);
                    count_kish[i] = c;
                };
                in_turn(rep + i, &mut ours, &mut theirs);
            }
        }
        let mut rows: Vec<Row> = (0..n)
            .map(|i| Row {
                what: format!("bench#{:<2} {}", i + 1, abbreviate(&bench[i].fen, 30)),
                ours: best_ours[i],
                kish: best_kish[i],
                ours_count: count_ours[i].to_string(),
                kish_count: count_kish[i].to_string(),
            })
            .collect();
        rows.push(Row {
            what: format!("SUM of {n} positions (sum of bests)"),
            ours: best_ours.iter().sum(),
            kish: best_kish.iter().sum(),
            ours_count: count_ours.iter().sum::<u64>().to_string(),
            kish_count: count_kish.iter().sum::<u64>().to_string(),
        });
        print_table(
            &format!("b. bench.fen, perft({d}) per position, ours tudaf"),
            &rows,
        );
    }

    // c. Full legal move list of the worst-case positions.
    {
        let cases: Vec<(String, &Case)> = worst
            .iter()
            .enumerate()
            .map(|(i, c)| (format!("worst#{}", i + 1), c))
            .chain(
                found
                    .iter()
                    .enumerate()
                    .map(|(i, c)| (format!("found#{}", i + 1), c)),
            )
            .collect();
        let mut rows = Vec::new();
        for (i, (label, case)) in cases.iter().enumerate() {
            let pos = &position(&case.ours, RuleSet::Tudaf);
            let mut scratch: Vec<kish::Action> = Vec::with_capacity(1024);
            let ours_count = pos.legal_moves().len();
            case.kish.actions_into(&mut scratch);
            let kish_count = scratch.len();
            let mut distinct = scratch.clone();
            distinct.sort_unstable();
            distinct.dedup();
            if let Some(&want) = WORST_CASE_MOVES.get(i) {
                if ours_count != want {
                    println!("ERROR: {label} has {ours_count} moves, expected {want}");
                    ok = false;
                }
            }
            if distinct.len() != ours_count {
                let loops = pos
                    .legal_moves()
                    .iter()
                    .filter(|m| m.from() == m.to())
                    .count();
                if label.starts_with("found") && distinct.len() < ours_count {
                    // kish's moves are XOR deltas: two kings that each capture the same set
                    // and end on their own start squares give the same delta.
                    println!(
                        "note {label}: ours {ours_count} moves, kish {} distinct deltas \
                         ({loops} of our moves end on their start square)",
                        distinct.len()
                    );
                } else {
                    println!(
                        "MISMATCH {label}: ours {ours_count} moves, kish {} distinct",
                        distinct.len()
                    );
                    ok = false;
                }
            }
            // Calibrate each crate's batch size so that a batch lasts at least BATCH_TARGET.
            let ours_iters = calibrate(|| black_box(black_box(pos).legal_moves()).len());
            let kish_iters = calibrate(|| {
                black_box(&case.kish).actions_into(&mut scratch);
                black_box(scratch.len())
            });
            let (mut bo, mut bk) = (Duration::MAX, Duration::MAX);
            for rep in 0..opts.reps {
                let mut ours = || {
                    let (t, _) = timed(|| {
                        for _ in 0..ours_iters {
                            black_box(black_box(pos).legal_moves());
                        }
                    });
                    bo = bo.min(t / ours_iters);
                };
                let mut theirs = || {
                    let (t, _) = timed(|| {
                        for _ in 0..kish_iters {
                            black_box(&case.kish).actions_into(&mut scratch);
                            black_box(&scratch);
                        }
                    });
                    bk = bk.min(t / kish_iters);
                };
                in_turn(rep, &mut ours, &mut theirs);
            }
            rows.push(Row {
                what: format!("{label} {}", abbreviate(&case.fen, 30)),
                ours: bo,
                kish: bk,
                ours_count: ours_count.to_string(),
                kish_count: format!("{kish_count} ({} dist.)", distinct.len()),
            });
        }
        print_table(
            "c. worst-case.fen and worst-case-found.fen lines 1-3, one full legal move list (time per call; ours legal_moves(), kish actions_into())",
            &rows,
        );
    }
    Ok(ok)
}

/// Runs `a` then `b` on even repetitions and `b` then `a` on odd ones, so that a slow
/// moment of the machine falls on both crates alike.
pub(crate) fn in_turn(rep: usize, a: &mut impl FnMut(), b: &mut impl FnMut()) {
    if rep & 1 == 0 {
        a();
        b();
    } else {
        b();
        a();
    }
}

/// How many calls of `f` make a batch of at least [`BATCH_TARGET`].
pub(crate) fn calibrate<T>(mut f: impl FnMut() -> T) -> u32 {
    let mut iters: u32 = 1;
    loop {
        let t = now();
        for _ in 0..iters {
            black_box(f());
        }
        let e = now() - t;
        if e >= BATCH_TARGET || iters >= 1 << 24 {
            return iters;
        }
        let scale = if e.is_zero() {
            16.0
        } else {
            (BATCH_TARGET.as_secs_f64() / e.as_secs_f64() * 1.1).clamp(1.5, 16.0)
        };
        iters = ((iters as f64) * scale).ceil() as u32;
    }
}

fn abbreviate(s: &str, max: usize) -> String {
    if s.chars().count() <= max {
        s.to_string()
    } else {
        let head: String = s.chars().take(max - 1).collect();
        format!("{head}…")
    }
}

fn main() -> ExitCode {
    match run() {
        Ok(true) => ExitCode::SUCCESS,
        Ok(false) => {
            eprintln!("some checks failed, see above");
            ExitCode::FAILURE
        }
        Err(e) if e.is_empty() => {
            println!("{}", usage());
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("error: {e}\n\n{}", usage());
            ExitCode::from(2)
        }
    }
}
