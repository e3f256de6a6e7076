//! The Rust side of the Python package's speed comparisons (see `python/bench/README.md`):
//! the same work as the Python scripts beside this file, done from Rust, timed the same way
//! (best of several repetitions, wall clock).
//!
//! ```text
//! cargo bench -p turkish-draughts-python --bench rust -- legal-moves [REPS]
//! cargo bench -p turkish-draughts-python --bench rust -- legal-moves-games [REPS]
//! cargo bench -p turkish-draughts-python --bench rust -- playouts [GAMES] [THREADS] [REPS]
//! ```
//!
//! * `legal-moves`: one move list (`Position::legal_moves_into`) for each position of
//!   `tests/data/game-positions.fen` (63 964 positions, default rules, positions built
//!   first), as `legal_moves.py` does with `Board.legal_moves`.
//! * `legal-moves-games`: the same with a `Game` for each position (built first, as the
//!   Python boards are) and what `Board.legal_moves` does in Rust: the moves when the game
//!   goes on (`Game::outcome` is `None`), none otherwise.
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

fn best_of<T>(reps: usize, mut f: impl FnMut() -> T) -> (f64, T) {
    let mut best = f64::INFINITY;
    let mut last = None;
    for _ in 0..reps.max(1) {
        let t = Instant::now();
        let out = f();
        best = best.min(t.elapsed().as_secs_f64());
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
    // `cargo bench` adds `--bench`; anything starting with `-` is ignored.
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
            let (secs, moves) = best_of(arg(1, 20), || {
                let mut n = 0;
                for p in &positions {
                    p.legal_moves_into(&mut list);
                    n += black_box(&list).len();
                }
                n
            });
            println!(
                "rust legal-moves: {} positions, {moves} moves, best {:.2} ms ({:.0} ns a position)",
                positions.len(),
                secs * 1e3,
                secs * 1e9 / positions.len() as f64
            );
        }
        Some("legal-moves-games") => {
            let games: Vec<Game> = game_positions()
                .into_iter()
                .map(Game::from_position)
                .collect();
            let mut list = MoveList::new();
            let (secs, moves) = best_of(arg(1, 20), || {
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
                "rust legal-moves-games: {} games, {moves} moves, best {:.2} ms ({:.0} ns a game)",
                games.len(),
                secs * 1e3,
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
            let (secs, plies) = best_of(arg(3, 5), || {
                playout::playouts(&start, 1, 0, limits, threads, &mut out);
                out.iter().map(|s| u64::from(s.plies)).sum::<u64>()
            });
            println!(
                "rust playouts: {games} games, {plies} plies, {threads} thread(s), best {:.1} ms ({:.0} plies/s)",
                secs * 1e3,
                plies as f64 / secs
            );
        }
        _ => eprintln!(
            "usage: rust legal-moves [REPS] | rust legal-moves-games [REPS] | rust playouts [GAMES] [THREADS] [REPS]"
        ),
    }
}
