//! Probes of loaded endgame tables: `probe_wdl` and `probe_dtw` on random positions.
//!
//! `cargo bench --bench tablebase`. The tables are built first (resumable: a second run
//! reuses them) into `target/tablebase-bench`, or read from the directory named by
//! `TD_TABLEBASE_DIR`; `TD_TABLEBASE_PIECES` (default 3) is the number of pieces of the
//! random positions and of the largest tables. Every position is probed once before the
//! measurement, so each table is loaded and each figure is a probe from memory. An
//! iteration probes 1 000 positions. A rule set without tables of that many pieces in the
//! directory is skipped.

use std::hint::black_box;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use turkish_draughts::tablebase::{Builder, Tablebase};
use turkish_draughts::{Bitboard, Color, Position, RuleSet, Setup};

/// `count` random legal positions of exactly `pieces` pieces, at least one a side.
fn random_positions(rules: RuleSet, pieces: u32, count: usize) -> Vec<Position> {
    let mut state = 0x2545_F491_4F6C_DD1Du64;
    let mut next = move || {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        state
    };
    let mut out = Vec::with_capacity(count);
    while out.len() < count {
        let (mut white, mut black, mut kings) = (0u64, 0u64, 0u64);
        for i in 0..pieces {
            let sq = 1u64 << (next() % 64);
            let side_white = match i {
                0 => true,
                1 => false,
                _ => next() % 2 == 0,
            };
            if side_white {
                white |= sq;
            } else {
                black |= sq;
            }
            if next() % 2 == 0 {
                kings |= sq;
            }
        }
        if (white | black).count_ones() != pieces || white & black != 0 {
            continue;
        }
        let setup = Setup {
            white: Bitboard::from_u64(white),
            black: Bitboard::from_u64(black),
            kings: Bitboard::from_u64(kings),
            turn: if next() % 2 == 0 {
                Color::White
            } else {
                Color::Black
            },
        };
        if let Ok(p) = Position::from_setup(&setup, rules) {
            out.push(p);
        }
    }
    out
}

fn probes(c: &mut Criterion) {
    let pieces: u32 = std::env::var("TD_TABLEBASE_PIECES")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(3);
    let dir = std::env::var("TD_TABLEBASE_DIR").unwrap_or_else(|_| {
        let dir = "target/tablebase-bench".to_string();
        for rules in RuleSet::ALL {
            Builder::new(rules, &dir)
                .build(pieces)
                .expect("build the bench's tables");
        }
        dir
    });
    let mut group = c.benchmark_group("tablebase");
    for rules in RuleSet::ALL {
        let tb = Tablebase::open(&dir, rules).expect("open");
        if tb.max_pieces() < pieces {
            // A directory of one rule set's tables (TD_TABLEBASE_DIR).
            continue;
        }
        let positions = random_positions(rules, pieces, 1000);
        for p in &positions {
            tb.probe_dtw(p).expect("probe");
            tb.probe_wdl(p).expect("probe");
        }
        group.throughput(Throughput::Elements(positions.len() as u64));
        group.bench_function(format!("wdl/{}/{pieces}", rules.name()), |b| {
            b.iter(|| {
                for p in &positions {
                    black_box(tb.probe_wdl(black_box(p)).ok());
                }
            })
        });
        group.bench_function(format!("dtw/{}/{pieces}", rules.name()), |b| {
            b.iter(|| {
                for p in &positions {
                    black_box(tb.probe_dtw(black_box(p)).ok());
                }
            })
        });
    }
    group.finish();
}

criterion_group!(benches, probes);
criterion_main!(benches);
