//! The Rust side of the Python package's speed comparisons (see `python/bench/README.md`):
//! the same work as the Python scripts beside this file, done from Rust, timed the same way
//! (best of several repetitions, wall clock).
//!
//! ```text
//! cargo bench -p turkish-draughts-python --bench rust -- legal-moves [REPS] [--cpu]
//! cargo bench -p turkish-draughts-python --bench rust -- legal-moves-value [REPS] [--cpu]
//! cargo bench -p turkish-draughts-python --bench rust -- legal-moves-games [REPS] [--cpu]
//! cargo bench -p turkish-draughts-python --bench rust -- playouts [GAMES] [THREADS] [REPS]
//! ```
//!
//! The list loops print their best pass by the wall clock, or with `--cpu` by the thread's
//! CPU time (`CLOCK_THREAD_CPUTIME_ID`, as `legal_moves.py --cpu`): on a busy machine that
//! leaves out the time the thread waited for a core. The playouts print their best wall
//! time and their least CPU time of the whole process (every thread's, from
//! `CLOCK_PROCESS_CPUTIME_ID`, as `playouts.py`).
//!
//! * `legal-moves`: one move list (`Position::legal_moves_into`) for each position of
//!   `tests/data/game-positions.fen` (63 964 positions, default rules, positions built
//!   first), as `legal_moves.py` does with `Board.legal_moves`.
//! * `legal-moves-value`: the same with `Position::legal_moves`, which returns a new
//!   `MoveList` by value (an 8 KB value: its copy costs more than the moves).
//! * `legal-moves-games`: the same with a `Game` for each position (built first, as the
//!   Python boards are) and what `Board.legal_moves` does in Rust: the moves when the game
//!   goes on (`Game::outcome` is `None`), none otherwise. That is `Game::legal_moves`,
//!   written with `legal_moves_into` so as not to copy a `MoveList` by value.
//! * `playouts`: `GAMES` random playouts (default 20 000) from the start position with the
//!   default limits (400 plies, 60 plies without progress), seed 1, on `THREADS` threads
//!   (default 1): the very function the Python `turkish_draughts.playouts` calls, without
//!   Python around it.

use std::hint::black_box;
use std::time::Instant;

use turkish_draughts::{Game, MoveList, Position, RuleSet};

#[path = "../src/playout.rs"]
#[allow(dead_code)]
mod playout;

/// A CPU-time clock of `clock_gettime`, in seconds: `CLOCK_THREAD_CPUTIME_ID` (the calling
/// thread's) or `CLOCK_PROCESS_CPUTIME_ID` (every thread's, those that ended too).
fn cpu_seconds(clock: libc::clockid_t) -> f64 {
    let mut ts = libc::timespec {
        tv_sec: 0,
        tv_nsec: 0,
    };
    // SAFETY: `ts` is a valid, writable `timespec` and `clock` one of the two constants
    // above; `clock_gettime` only writes `ts`.
    let r = unsafe { libc::clock_gettime(clock, &mut ts) };
    assert_eq!(r, 0, "clock_gettime failed");
    ts.tv_sec as f64 + ts.tv_nsec as f64 * 1e-9
}

/// What a run is timed with: the wall clock, or the thread's CPU time (`--cpu`: on a busy
/// machine, the time the thread ran, without the time it waited for a core).
#[derive(Clone, Copy)]
enum Clock {
    Wall,
    ThreadCpu,
}

impl Clock {
    fn now(self) -> f64 {
        match self {
            Clock::Wall => {
                static START: std::sync::OnceLock<Instant> = std::sync::OnceLock::new();
                START.get_or_init(Instant::now).elapsed().as_secs_f64()
            }
            Clock::ThreadCpu => cpu_seconds(libc::CLOCK_THREAD_CPUTIME_ID),
        }
    }

    fn name(self) -> &'static str {
        match self {
            Clock::Wall => "wall",
            Clock::ThreadCpu => "thread CPU",
        }
    }
}

fn best_of<T>(reps: usize, clock: Clock, mut f: impl FnMut() -> T) -> (f64, T) {
    let mut best = f64::INFINITY;
    let mut last = None;
    for _ in 0..reps.max(1) {
        let t = clock.now();
        let out = f();
        best = best.min(clock.now() - t);
        last = Some(out);
    }
    (best, last.expect("at least one repetition"))
}

fn game_positions() -> Vec<Position> {
    include_str!("../../tests/data/game-positions.fen")
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .map(|l| Position::from_fen(l, RuleSet::Default).expect("a game position"))
        .collect()
}

fn main() {
    // `cargo bench` adds `--bench`; anything starting with `-` but `--cpu` is ignored.
    let clock = if std::env::args().any(|a| a == "--cpu") {
        Clock::ThreadCpu
    } else {
        Clock::Wall
    };
    let args: Vec<String> = std::env::args()
        .skip(1)
        .filter(|a| !a.starts_with('-'))
        .collect();
    let arg = |i: usize, default: usize| -> usize {
        args.get(i)
            .map(|s| s.parse().expect("a number"))
            .unwrap_or(default)
    };
    match args.first().map(String::as_str) {
        Some("legal-moves") => {
            let positions = game_positions();
            let mut list = MoveList::new();
            let (secs, moves) = best_of(arg(1, 20), clock, || {
                let mut n = 0;
                for p in &positions {
                    p.legal_moves_into(&mut list);
                    n += black_box(&list).len();
                }
                n
            });
            println!(
                "rust legal-moves: {} positions, {moves} moves, best {:.2} ms {} ({:.0} ns a position)",
                positions.len(),
                secs * 1e3,
                clock.name(),
                secs * 1e9 / positions.len() as f64
            );
        }
        Some("legal-moves-value") => {
            let positions = game_positions();
            let (secs, moves) = best_of(arg(1, 20), clock, || {
                let mut n = 0;
                for p in &positions {
                    let list = p.legal_moves();
                    n += black_box(&list).len();
                }
                n
            });
            println!(
                "rust legal-moves-value: {} positions, {moves} moves, best {:.2} ms {} ({:.0} ns a position)",
                positions.len(),
                secs * 1e3,
                clock.name(),
                secs * 1e9 / positions.len() as f64
            );
        }
        Some("legal-moves-games") => {
            let games: Vec<Game> = game_positions()
                .into_iter()
                .map(Game::from_position)
                .collect();
            let mut list = MoveList::new();
            let (secs, moves) = best_of(arg(1, 20), clock, || {
                let mut n = 0;
                for g in &games {
                    if g.outcome().is_none() {
                        g.position().legal_moves_into(&mut list);
                        n += black_box(&list).len();
                    }
                }
                n
            });
            println!(
                "rust legal-moves-games: {} games, {moves} moves, best {:.2} ms {} ({:.0} ns a game)",
                games.len(),
                secs * 1e3,
                clock.name(),
                secs * 1e9 / games.len() as f64
            );
        }
        Some("playouts") => {
            let (games, threads) = (arg(1, 20_000), arg(2, 1));
            let start = Game::new(RuleSet::Default);
            let limits = playout::Limits {
                max_plies: 400,
                no_progress: Some(60),
            };
            let mut out = vec![playout::Summary::default(); games];
            let never = std::sync::atomic::AtomicBool::new(false);
            // Each run's wall time and the CPU time of the whole process (every thread).
            let (mut wall, mut cpu) = (f64::INFINITY, f64::INFINITY);
            let mut plies = 0;
            for _ in 0..arg(3, 5).max(1) {
                let (w, c) = (Instant::now(), cpu_seconds(libc::CLOCK_PROCESS_CPUTIME_ID));
                playout::playouts(&start, 1, 0, limits, threads, &mut out, &never);
                cpu = cpu.min(cpu_seconds(libc::CLOCK_PROCESS_CPUTIME_ID) - c);
                wall = wall.min(w.elapsed().as_secs_f64());
                plies = out.iter().map(|s| u64::from(s.plies)).sum::<u64>();
            }
            println!(
                "rust playouts: {games} games, {plies} plies, {threads} thread(s), best {:.1} ms wall ({:.0} plies/s), \
                 least CPU time {:.1} ms ({:.1} us a game)",
                wall * 1e3,
                plies as f64 / wall,
                cpu * 1e3,
                cpu * 1e6 / games as f64
            );
        }
        _ => eprintln!(
            "usage: rust legal-moves|legal-moves-value|legal-moves-games [REPS] [--cpu] | rust playouts [GAMES] [THREADS] [REPS]"
        ),
    }
}
