//! Criterion benches: the capture generator on the capture-heavy and worst-case positions,
//! perft from the start position, full move lists as engines walk them, and playing one
//! move.
//!
//! `cargo bench` runs them all; `cargo bench -- captures` only the capture generator,
//! `cargo bench --bench movegen -- captures-by-kind` only its sets by kind of capture,
//! `cargo bench --bench movegen -- played-move` only the played moves.

use std::hint::black_box;
use std::ops::ControlFlow;

use criterion::{BenchmarkId, Criterion, Throughput, criterion_group, criterion_main};
use turkish_draughts::{Move, MoveList, Position, RuleSet, Setup, perft};

// Its list of file names is for bench-compare, which reads the files at run time.
#[allow(dead_code)]
#[path = "support/capture_kinds.rs"]
mod capture_kinds;

// `tests/data/game-positions.fen` (4 MB), read at run time; the published package leaves the
// file out, and there the same positions are made by its generator.
#[path = "../tests/movegen/game_positions.rs"]
mod game_positions;

fn positions(text: &str, rules: RuleSet) -> Vec<Position> {
    text.lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
        .map(|fen| {
            let setup: Setup = fen.parse().expect("valid FEN");
            Position::from_setup_relaxed(&setup, rules).expect("valid position")
        })
        .collect()
}

/// The hill-climbing finds; only the first three are benched (the fourth needs seconds a
/// call).
const FOUND: &str = include_str!("../tests/data/worst-case-found.fen");

/// `legal_moves` on every position of bench.fen where the side to move must capture, on
/// every worst-case position and on the hill-climbing finds (`worst-case-strict.fen`: the
/// slowest found with the strict 16-a-side limit), under both rule sets.
fn captures(c: &mut Criterion) {
    for (suite, text) in [
        ("bench", include_str!("../tests/data/bench.fen")),
        ("worst-case", include_str!("../tests/data/worst-case.fen")),
        ("found", FOUND),
        (
            "strict",
            include_str!("../tests/data/worst-case-strict.fen"),
        ),
    ] {
        let mut group = c.benchmark_group(format!("captures/{suite}"));
        for rules in RuleSet::ALL {
            for (i, pos) in positions(text, rules).iter().enumerate() {
                if !pos.has_capture() || (suite == "found" && i >= 3) {
                    continue;
                }
                let n = pos.legal_moves().len();
                group.throughput(Throughput::Elements(n as u64));
                group.bench_with_input(
                    BenchmarkId::new(rules.name(), format!("line{}", i + 1)),
                    pos,
                    |b, pos| b.iter(|| black_box(pos).legal_moves().len()),
                );
            }
        }
        group.finish();
    }
}

/// The capture generator by kind of capture (see `support/capture_kinds.rs`: a man's single
/// jump, a man's chain, a king's single capture at a distance, a king's chain, crowning in
/// the middle of a chain), each a fixed set of positions from bench.fen, worst-case.fen and
/// the game positions where a capture is compulsory: one `legal_moves_into` a position, the
/// whole set an iteration. The throughput is the set's moves (time per move); the id names
/// the set's lists and moves (time per list = time per iteration / lists). Every kind under
/// the federation's rules, crowning in the middle of a chain under both rule sets.
fn captures_by_kind(c: &mut Criterion) {
    let texts = [
        include_str!("../tests/data/bench.fen"),
        include_str!("../tests/data/worst-case.fen"),
        game_positions::text(),
    ];
    let mut group = c.benchmark_group("captures-by-kind");
    let mut list = MoveList::new();
    for rules in [RuleSet::Tudaf, RuleSet::Default] {
        for set in capture_kinds::sets(&texts, rules) {
            if set.positions.is_empty()
                || (rules == RuleSet::Default && set.kind != "crown-mid-chain")
            {
                continue;
            }
            let lists = set.positions.len();
            let moves: usize = set
                .positions
                .iter()
                .map(|(p, _)| p.legal_moves().len())
                .sum();
            group.throughput(Throughput::Elements(moves as u64));
            group.bench_function(
                BenchmarkId::new(
                    format!("{}/{}", set.kind, set.rules.name()),
                    format!("{lists}-lists-{moves}-moves"),
                ),
                |b| {
                    b.iter(|| {
                        let mut n = 0;
                        for (p, _) in &set.positions {
                            black_box(p).legal_moves_into(&mut list);
                            n += black_box(&list).len();
                        }
                        n
                    })
                },
            );
        }
    }
    group.finish();
}

/// Move lists of all bench.fen positions (quiet and capture), as engines call them.
fn move_lists(c: &mut Criterion) {
    let all = positions(include_str!("../tests/data/bench.fen"), RuleSet::Default);
    c.bench_function("legal_moves/bench-all", |b| {
        b.iter(|| {
            all.iter()
                .map(|p| black_box(p).legal_moves().len())
                .sum::<usize>()
        })
    });
}

fn perft_start(c: &mut Criterion) {
    let mut group = c.benchmark_group("perft/start");
    group.sample_size(10);
    for rules in RuleSet::ALL {
        let pos = Position::new(rules);
        group.throughput(Throughput::Elements(perft(&pos, 6)));
        group.bench_with_input(BenchmarkId::new(rules.name(), 6), &pos, |b, pos| {
            b.iter(|| perft(black_box(pos), 6))
        });
    }
    group.finish();
}

/// Full-list perft, the way an engine walks the tree: every node generates its whole list
/// with `legal_moves_into` and plays every move on a copy with `after_unchecked`.
fn full_list_perft(pos: &Position, depth: usize, lists: &mut [MoveList]) -> u64 {
    if depth == 0 {
        return 1;
    }
    let (list, rest) = lists.split_first_mut().expect("one list per ply");
    pos.legal_moves_into(list);
    let mut n = 0;
    for m in list.iter() {
        n += full_list_perft(&pos.after_unchecked(*m), depth - 1, rest);
    }
    n
}

/// [`full_list_perft`] with [`Position::for_each_legal_move`] instead of a list: quiet
/// moves go from the generator straight to the callback.
fn callback_perft(pos: &Position, depth: usize) -> u64 {
    if depth == 0 {
        return 1;
    }
    let mut n = 0;
    let _ = pos.for_each_legal_move(|m| {
        n += callback_perft(&pos.after_unchecked(m), depth - 1);
        ControlFlow::<()>::Continue(())
    });
    n
}

/// [`full_list_perft`] from the start (depth 6) and over bench.fen (depth 4), and one move
/// list of each position of `tests/data/game-positions.fen` (positions of 1 000 random
/// games); the two perfts also with [`callback_perft`] (`callback-start/6`,
/// `callback-bench-suite/4`), to compare within one run.
fn full_lists(c: &mut Criterion) {
    let mut group = c.benchmark_group("full-list");
    group.sample_size(10);
    let start = Position::new(RuleSet::Tudaf);
    let mut lists = vec![MoveList::new(); 6];
    group.bench_function("start/6", |b| {
        b.iter(|| full_list_perft(black_box(&start), 6, &mut lists))
    });
    group.bench_function("callback-start/6", |b| {
        b.iter(|| callback_perft(black_box(&start), 6))
    });
    let bench = positions(include_str!("../tests/data/bench.fen"), RuleSet::Tudaf);
    group.bench_function("bench-suite/4", |b| {
        b.iter(|| {
            bench
                .iter()
                .map(|p| full_list_perft(black_box(p), 4, &mut lists))
                .sum::<u64>()
        })
    });
    group.bench_function("callback-bench-suite/4", |b| {
        b.iter(|| {
            bench
                .iter()
                .map(|p| callback_perft(black_box(p), 4))
                .sum::<u64>()
        })
    });
    let games: Vec<Position> = positions(game_positions::text(), RuleSet::Tudaf);
    let mut list = MoveList::new();
    group.throughput(Throughput::Elements(games.len() as u64));
    group.bench_function("game-positions", |b| {
        b.iter(|| {
            let mut n = 0;
            for p in &games {
                p.legal_moves_into(&mut list);
                n += black_box(&list).len();
            }
            n
        })
    });
    group.finish();
}

/// Playing one move: every legal move of every 64th position of
/// `tests/data/game-positions.fen` (1 000 random games; about 12 000 moves, listed beforehand
/// with their positions, under a megabyte) is played on a copy of its position and the child
/// handed to `black_box`, by value (`after_unchecked`) and in place (`play_unchecked` on a
/// copy); the time is per move.
fn played_move(c: &mut Criterion) {
    let games = positions(game_positions::text(), RuleSet::Tudaf);
    let pairs: Vec<(Position, Move)> = games
        .iter()
        .step_by(64)
        .flat_map(|p| p.legal_moves().into_iter().map(move |m| (*p, m)))
        .collect();
    let mut group = c.benchmark_group("played-move");
    group.throughput(Throughput::Elements(pairs.len() as u64));
    group.bench_function("after_unchecked", |b| {
        b.iter(|| {
            for (pos, m) in black_box(&pairs) {
                black_box(&pos.after_unchecked(*m));
            }
        })
    });
    group.bench_function("play_unchecked", |b| {
        b.iter(|| {
            for (pos, m) in black_box(&pairs) {
                let mut child = *pos;
                child.play_unchecked(*m);
                black_box(&child);
            }
        })
    });
    group.finish();
}

fn perft_bench_suite(c: &mut Criterion) {
    let mut group = c.benchmark_group("perft/bench-suite");
    group.sample_size(10);
    for rules in RuleSet::ALL {
        let all = positions(include_str!("../tests/data/bench.fen"), rules);
        group.bench_function(BenchmarkId::new(rules.name(), 4), |b| {
            b.iter(|| all.iter().map(|p| perft(black_box(p), 4)).sum::<u64>())
        });
    }
    group.finish();
}

criterion_group!(
    benches,
    captures,
    captures_by_kind,
    move_lists,
    perft_start,
    perft_bench_suite,
    full_lists,
    played_move
);
criterion_main!(benches);
