//! Side-by-side speed comparison of `turkish-draughts` against `kish` 1.1.7.
//!
//! Everything runs on the calling thread: both crates' sequential perft and move generation
//! only. Each measurement is the best of `--reps` wall-clock runs, with the two crates' runs
//! interleaved (and their order alternated) so machine noise hits both alike.
//!
//! Usage: `cargo run --release --manifest-path bench-compare/Cargo.toml -- [--reps N] [--quick]
//! [--start-depth D] [--bench-depth D] [--check-depth D]`

use std::hint::black_box;
use std::ops::ControlFlow;
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::{Duration, Instant};

use turkish_draughts::{perft, Color, MoveList, Position, RuleSet, Setup};

const COMMAND: &str = "cargo run --release --manifest-path bench-compare/Cargo.toml";

/// Expected number of distinct legal moves of each line of `worst-case.fen`.
const WORST_CASE_MOVES: [usize; 3] = [195, 64, 64];

/// Minimum wall-clock length of one timed batch of move generations.
const BATCH_TARGET: Duration = Duration::from_millis(50);

struct Options {
    reps: usize,
    quick: bool,
    start_depth: u32,
    bench_depth: u32,
    check_depth: u32,
    /// Run only the full-list workloads (d. and e.).
    only_fulllist: bool,
}

fn usage() -> String {
    format!(
        "usage: {COMMAND} -- [--reps N] [--quick] [--start-depth D] [--bench-depth D] [--check-depth D]\n\
         \n\
         --reps N         best of N timed runs per measurement (N >= 1; default 5)\n\
         --quick          smoke run: start-position perft(7), bench.fen sum at depth 5\n\
         --start-depth D  depth of the start-position perft (default 8, quick 7)\n\
         --bench-depth D  depth of the bench.fen perft sum (default 7, quick 5)\n\
         --check-depth D  depth of the untimed node-count cross-check (default 4, quick 3)\n\
         --only fulllist  only the full-list workloads (d. and e.): quick to measure"
    )
}

fn parse_args() -> Result<Options, String> {
    let mut reps = 5;
    let mut quick = false;
    let mut only_fulllist = false;
    let (mut start_depth, mut bench_depth, mut check_depth) = (None, None, None);
    let mut args = std::env::args().skip(1);
    while let Some(arg) = args.next() {
        let mut number = |name: &str| -> Result<u32, String> {
            let v = args.next().ok_or_else(|| format!("{name} needs a value"))?;
            v.parse::<u32>()
                .map_err(|_| format!("{name}: not a number: {v}"))
        };
        match arg.as_str() {
            "--reps" => reps = number("--reps")? as usize,
            "--quick" => quick = true,
            "--start-depth" => start_depth = Some(number("--start-depth")?),
            "--bench-depth" => bench_depth = Some(number("--bench-depth")?),
            "--check-depth" => check_depth = Some(number("--check-depth")?),
            "--only" => match args.next().as_deref() {
                Some("fulllist") => only_fulllist = true,
                other => return Err(format!("--only: expected fulllist, got {other:?}")),
            },
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
        only_fulllist,
    })
}

/// One position, ready for both crates.
struct Case {
    fen: String,
    ours: Setup,
    kish: kish::Board,
}

/// Converts our [`Setup`] into a kish board. Both crates number squares the same way
/// (a1 = bit 0, b1 = bit 1, ..., a2 = bit 8, ..., h8 = bit 63); kish keeps White's and
/// Black's pieces in `pieces[0]` and `pieces[1]`, kings (of both colours) in `kings`.
fn to_kish(setup: &Setup) -> kish::Board {
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

fn load(file: &str) -> Result<Vec<Case>, String> {
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

fn position(setup: &Setup, rules: RuleSet) -> Position {
    Position::from_setup_relaxed(setup, rules).expect("checked on load")
}

/// Runs `f` once and returns how long it took and its result.
fn timed<T>(mut f: impl FnMut() -> T) -> (Duration, T) {
    let t = Instant::now();
    let r = black_box(f());
    (t.elapsed(), r)
}

/// A row of the result table.
struct Row {
    what: String,
    ours: Duration,
    kish: Duration,
    ours_count: String,
    kish_count: String,
}

fn fmt_duration(d: Duration) -> String {
    let s = d.as_secs_f64();
    if s >= 1.0 {
        format!("{s:.3} s")
    } else if s >= 1e-3 {
        format!("{:.2} ms", s * 1e3)
    } else {
        format!("{:.2} µs", s * 1e6)
    }
}

fn print_table(title: &str, rows: &[Row]) {
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
    println!("{COMMAND}");
    println!(
        "turkish-draughts (path ..) vs kish 1.1.7; single thread; best of {} runs each, \
         interleaved; ours/kish < 1 means ours is faster{}",
        opts.reps,
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

    full_list(&opts, &bench)?;
    if opts.only_fulllist {
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

/// Full-list perft, as an engine walks the tree: every node generates its whole move list
/// (`legal_moves_into` into a list kept per ply) and plays every move on a copy with
/// `play_unchecked`; leaves count 1, no bulk counting.
fn ours_full(pos: &Position, depth: usize, lists: &mut [MoveList]) -> u64 {
    if depth == 0 {
        return 1;
    }
    let (list, rest) = lists.split_first_mut().expect("one list per ply");
    pos.legal_moves_into(list);
    let mut n = 0;
    for m in list.iter() {
        let mut child = *pos;
        child.play_unchecked(*m);
        n += ours_full(&child, depth - 1, rest);
    }
    n
}

/// [`ours_full`] with `for_each_legal_move` instead of a list: quiet moves go from the
/// generator straight to the callback; captures are collected first, as in the list.
fn ours_callback(pos: &Position, depth: usize) -> u64 {
    if depth == 0 {
        return 1;
    }
    let mut n = 0;
    let _ = pos.for_each_legal_move(|m| {
        let mut child = *pos;
        child.play_unchecked(m);
        n += ours_callback(&child, depth - 1);
        ControlFlow::<()>::Continue(())
    });
    n
}

/// The same walk over kish: `actions_into` a `Vec` kept per ply, then `apply` and
/// `swap_turn` (kish's `apply` does not switch the side to move; its own perft does the same).
fn kish_full(board: &kish::Board, depth: usize, lists: &mut [Vec<kish::Action>]) -> u64 {
    if depth == 0 {
        return 1;
    }
    let (list, rest) = lists.split_first_mut().expect("one list per ply");
    board.actions_into(list);
    let mut n = 0;
    for a in list.iter() {
        let child = board.apply(a).swap_turn();
        n += kish_full(&child, depth - 1, rest);
    }
    n
}

/// Records the number of legal moves of every inner node of the full-list walk, in the
/// walk's order (untimed), for [`replay_shape`].
/// Also keeps the inner nodes themselves in `nodes`, if given, for [`lists_alone`].
fn record_shape(
    pos: &Position,
    depth: usize,
    lists: &mut [MoveList],
    out: &mut Vec<u32>,
    mut nodes: Option<&mut Vec<Position>>,
) {
    if depth == 0 {
        return;
    }
    let (list, rest) = lists.split_first_mut().expect("one list per ply");
    pos.legal_moves_into(list);
    out.push(list.len() as u32);
    if let Some(nodes) = nodes.as_deref_mut() {
        nodes.push(*pos);
    }
    for i in 0..list.len() {
        let mut child = *pos;
        child.play_unchecked(list[i]);
        record_shape(&child, depth - 1, rest, out, nodes.as_deref_mut());
    }
}

/// One move list of each position, ours (`legal_moves_into`) against kish's
/// (`actions_into` on the same boards), no move played: the best of `reps` times each,
/// their order alternating, and the moves counted.
fn lists_alone(
    positions: &[Position],
    boards: &[kish::Board],
    reps: usize,
) -> (Duration, Duration, usize, usize) {
    let mut list = MoveList::new();
    let mut actions: Vec<kish::Action> = Vec::with_capacity(64);
    let (mut bo, mut bk, mut no, mut nk) = (Duration::MAX, Duration::MAX, 0, 0);
    for rep in 0..reps {
        let mut ours = || {
            time_pass(positions, &mut bo, &mut no, |p| {
                p.legal_moves_into(&mut list);
                black_box(&list).len()
            })
        };
        let mut theirs = || {
            time_pass(boards, &mut bk, &mut nk, |b| {
                b.actions_into(&mut actions);
                black_box(&actions).len()
            })
        };
        in_turn(rep, &mut ours, &mut theirs);
    }
    (bo, bk, no, nk)
}

/// Runs `a` then `b` on even repetitions and `b` then `a` on odd ones, so that a slow
/// moment of the machine falls on both crates alike.
fn in_turn(rep: usize, a: &mut impl FnMut(), b: &mut impl FnMut()) {
    if rep & 1 == 0 {
        a();
        b();
    } else {
        b();
        a();
    }
}

/// Times one pass of `list_len` over `items`, keeping the best time in `best` and the sum
/// of what it returned (the moves listed) in `count`.
fn time_pass<T>(
    items: &[T],
    best: &mut Duration,
    count: &mut usize,
    mut list_len: impl FnMut(&T) -> usize,
) {
    let (t, n) = timed(|| black_box(items).iter().map(&mut list_len).sum::<usize>());
    *best = (*best).min(t);
    *count = n;
}

/// The floor of any full-list walk: the same tree, each inner node's move count read from
/// `shape`, each child a copy of the position handed to a recursive call; no list is
/// generated and no move is played. What a walk costs beyond this is the library's.
#[inline(never)]
fn replay_shape(pos: &Position, depth: usize, shape: &[u32], at: &mut usize) -> u64 {
    if depth == 0 {
        return 1;
    }
    let n = shape[*at];
    *at += 1;
    let mut leaves = 0;
    for _ in 0..n {
        let mut child = *pos;
        black_box(&mut child);
        leaves += replay_shape(&child, depth - 1, shape, at);
    }
    leaves
}

/// d. Full-list perft on the start position (depth `--start-depth` minus 1, 7 by default)
/// and bench.fen summed (depth 5); e. one full move list of each position of
/// `tests/data/game-positions.fen`.
fn full_list(opts: &Options, bench: &[Case]) -> Result<(), String> {
    let start_depth = (opts.start_depth.max(2) - 1) as usize;
    let bench_depth = 5usize;
    let start = Setup::start();
    let mut cases: Vec<(Position, kish::Board)> =
        vec![(position(&start, RuleSet::Tudaf), to_kish(&start))];
    cases.extend(
        bench
            .iter()
            .map(|c| (position(&c.ours, RuleSet::Tudaf), c.kish)),
    );
    let mut rows = Vec::new();
    // The callback rows: ours with `for_each_legal_move`, against the same kish runs.
    let mut callback_rows = Vec::new();
    let mut sums = (Duration::ZERO, Duration::ZERO, 0u64, 0u64);
    let mut callback_sums = (Duration::ZERO, 0u64);
    // The walk's floor, start and bench.fen summed (see `replay_shape`).
    let mut floor = [Duration::ZERO; 2];
    // The inner nodes of the start walk, for `lists_alone`.
    let mut start_nodes = Vec::new();
    for (i, (pos, kb)) in cases.iter().enumerate() {
        let depth = if i == 0 { start_depth } else { bench_depth };
        let mut ours_lists = vec![MoveList::new(); depth];
        let mut kish_lists = vec![Vec::with_capacity(64); depth];
        let (mut bo, mut bk, mut no, mut nk) = (Duration::MAX, Duration::MAX, 0, 0);
        let (mut bc, mut nc) = (Duration::MAX, 0);
        let mut shape = Vec::new();
        let keep = (i == 0).then_some(&mut start_nodes);
        record_shape(pos, depth, &mut ours_lists, &mut shape, keep);
        let mut bf = Duration::MAX;
        for rep in 0..opts.reps {
            let mut ours = || {
                let (t, n) = timed(|| ours_full(black_box(pos), depth, &mut ours_lists));
                bo = bo.min(t);
                no = n;
            };
            let mut callback = || {
                let (t, n) = timed(|| ours_callback(black_box(pos), depth));
                bc = bc.min(t);
                nc = n;
            };
            let mut theirs = || {
                let (t, n) = timed(|| kish_full(black_box(kb), depth, &mut kish_lists));
                bk = bk.min(t);
                nk = n;
            };
            if (rep + i) % 2 == 0 {
                ours();
                callback();
                theirs();
            } else {
                theirs();
                callback();
                ours();
            }
            let (t, n) = timed(|| replay_shape(black_box(pos), depth, &shape, &mut 0));
            bf = bf.min(t);
            if n != no {
                return Err(format!("walk floor: {n} leaves, the list walk {no}"));
            }
        }
        floor[usize::from(i > 0)] += bf;
        if nc != no {
            return Err(format!(
                "full-list perft: the callback walk counted {nc} leaves, the list walk {no}"
            ));
        }
        if i == 0 {
            rows.push(Row {
                what: format!("start, depth {depth}"),
                ours: bo,
                kish: bk,
                ours_count: no.to_string(),
                kish_count: nk.to_string(),
            });
            callback_rows.push(Row {
                what: format!("start, depth {depth}, ours callback"),
                ours: bc,
                kish: bk,
                ours_count: nc.to_string(),
                kish_count: nk.to_string(),
            });
        } else {
            sums.0 += bo;
            sums.1 += bk;
            sums.2 += no;
            sums.3 += nk;
            callback_sums.0 += bc;
            callback_sums.1 += nc;
        }
    }
    rows.push(Row {
        what: format!("bench.fen, depth {bench_depth}, SUM of {}", cases.len() - 1),
        ours: sums.0,
        kish: sums.1,
        ours_count: sums.2.to_string(),
        kish_count: sums.3.to_string(),
    });
    callback_rows.push(Row {
        what: format!(
            "bench.fen, depth {bench_depth}, SUM of {}, ours callback",
            cases.len() - 1
        ),
        ours: callback_sums.0,
        kish: sums.1,
        ours_count: callback_sums.1.to_string(),
        kish_count: sums.3.to_string(),
    });
    let callback_ratio = |c: &Row, l: &Row| c.ours.as_secs_f64() / l.ours.as_secs_f64();
    let ratios = [
        callback_ratio(&callback_rows[0], &rows[0]),
        callback_ratio(&callback_rows[1], &rows[1]),
    ];
    rows.extend(callback_rows);
    print_table(
        "d. Full-list perft, every node: ours legal_moves_into + play_unchecked (\"ours callback\": for_each_legal_move + play_unchecked), kish actions_into + apply + swap_turn (leaf counts differ: kish lists every capture path)",
        &rows,
    );
    println!(
        "ours callback / ours list: start {:.3}, bench.fen {:.3}",
        ratios[0], ratios[1]
    );
    println!(
        "walk floor (the same trees replayed from recorded move counts: a copy and a call a \
         node, no list, no move played): start {:.2} ms ({:.3} of kish), bench.fen {:.2} ms \
         ({:.3} of kish)",
        floor[0].as_secs_f64() * 1e3,
        floor[0].as_secs_f64() / rows[0].kish.as_secs_f64(),
        floor[1].as_secs_f64() * 1e3,
        floor[1].as_secs_f64() / rows[1].kish.as_secs_f64(),
    );
    let start_boards: Vec<kish::Board> = start_nodes.iter().map(|p| to_kish(&p.setup())).collect();
    let (lo, lk, _, _) = lists_alone(&start_nodes, &start_boards, opts.reps);
    println!(
        "lists alone: one move list of each of the start walk's {} inner nodes, stored \
         beforehand, no move played: ours {:.2} ms, kish {:.2} ms ({:.3})",
        start_nodes.len(),
        lo.as_secs_f64() * 1e3,
        lk.as_secs_f64() * 1e3,
        lo.as_secs_f64() / lk.as_secs_f64(),
    );

    // e. Move lists alone on game positions.
    let games = load("game-positions.fen")?;
    let positions: Vec<Position> = games
        .iter()
        .map(|c| position(&c.ours, RuleSet::Tudaf))
        .collect();
    let boards: Vec<kish::Board> = games.iter().map(|c| c.kish).collect();
    let (bo, bk, no, nk) = lists_alone(&positions, &boards, opts.reps.max(5));
    print_table(
        &format!(
            "e. One full move list of each of the {} positions of tests/data/game-positions.fen (ours legal_moves_into, kish actions_into; counts = moves summed)",
            positions.len()
        ),
        &[Row {
            what: "game positions".into(),
            ours: bo,
            kish: bk,
            ours_count: no.to_string(),
            kish_count: nk.to_string(),
        }],
    );
    Ok(())
}

/// How many calls of `f` make a batch of at least [`BATCH_TARGET`].
fn calibrate<T>(mut f: impl FnMut() -> T) -> u32 {
    let mut iters: u32 = 1;
    loop {
        let t = Instant::now();
        for _ in 0..iters {
            black_box(f());
        }
        let e = t.elapsed();
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
