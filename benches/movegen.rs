//! Criterion benches: the capture generator on the capture-heavy and worst-case positions,
//! and perft from the start position.
//!
//! `cargo bench` runs them all; `cargo bench -- captures` only the capture generator.

use std::hint::black_box;

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion, Throughput};
use turkish_draughts::{perft, Position, RuleSet, Setup};

fn positions(text: &str, rules: RuleSet) -> Vec<Position> {
    text.lines()
        .filter(|l| !l.trim().is_empty())
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
    move_lists,
    perft_start,
    perft_bench_suite
);
criterion_main!(benches);
