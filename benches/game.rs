//! `Game::play` against `Position::play` on the same move sequences: what the game's
//! bookkeeping (history, Zobrist key, repetition count) costs a move.
//!
//! `cargo bench --bench game`. Both sides replay the same random games (seeded, played
//! to their end or 200 plies) under both rule sets; each iteration replays every game. The
//! `game/*` side builds a fresh `Game` per game, so its allocations are counted.

use std::hint::black_box;

use criterion::{BenchmarkId, Criterion, Throughput, criterion_group, criterion_main};
use turkish_draughts::{Game, Move, Position, RuleSet};

/// `count` random games from the start: the moves of each, all legal and played while the
/// game goes on.
fn random_games(rules: RuleSet, count: usize) -> Vec<Vec<Move>> {
    let mut state = 0x2545_F491_4F6C_DD1Du64;
    let mut next = move || {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        state
    };
    (0..count)
        .map(|_| {
            let mut game = Game::new(rules);
            while game.outcome().is_none() && game.ply() < 200 {
                let moves = game.position().legal_moves();
                let mv = moves[next() as usize % moves.len()];
                game.play(mv);
            }
            game.moves().to_vec()
        })
        .collect()
}

fn play(c: &mut Criterion) {
    let mut group = c.benchmark_group("play");
    for rules in RuleSet::ALL {
        let games = random_games(rules, 100);
        let plies: usize = games.iter().map(Vec::len).sum();
        group.throughput(Throughput::Elements(plies as u64));
        group.bench_with_input(
            BenchmarkId::new("position", rules.name()),
            &games,
            |b, games| {
                b.iter(|| {
                    let mut sum = 0u64;
                    for moves in games {
                        let mut pos = Position::new(rules);
                        for mv in moves {
                            pos.play(black_box(*mv));
                        }
                        sum ^= pos.board().occupied().to_u64();
                    }
                    sum
                })
            },
        );
        group.bench_with_input(
            BenchmarkId::new("game", rules.name()),
            &games,
            |b, games| {
                b.iter(|| {
                    let mut sum = 0u64;
                    for moves in games {
                        let mut game = Game::new(rules);
                        for mv in moves {
                            game.play(black_box(*mv));
                        }
                        sum ^= game.zobrist();
                    }
                    sum
                })
            },
        );
    }
    group.finish();
}

criterion_group!(benches, play);
criterion_main!(benches);
