//! Criterion bench: reading PDN. The text is 200 random games of 60 plies each (fewer when a
//! game ends first), with PlayOK-shaped tags, written by `pdn::write_game`.
//!
//! `cargo bench --bench pdn`; the throughput is in games per second.

use std::hint::black_box;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use turkish_draughts::pdn::{self, Notation, Reader, Tags, WriteOptions};
use turkish_draughts::{Game, RuleSet};

const GAMES: usize = 200;
const PLIES: usize = 60;

fn text(notation: Notation) -> String {
    let mut rng = 0x2545_F491_4F6C_DD1Du64;
    let mut next = move || {
        rng ^= rng << 13;
        rng ^= rng >> 7;
        rng ^= rng << 17;
        rng
    };
    let mut out = String::new();
    for i in 0..GAMES {
        let mut game = Game::new(RuleSet::Default);
        while game.ply() < PLIES && game.outcome().is_none() {
            let moves = game.position().legal_moves();
            let m = moves[(next() % moves.len() as u64) as usize];
            game.try_play(m).expect("legal");
        }
        let tags: Tags = [
            ("Site", "PlayOK".to_string()),
            ("Date", "2025.03.02".to_string()),
            ("White", format!("player{}", i * 2)),
            ("Black", format!("player{}", i * 2 + 1)),
            ("Time", "21:40:12".to_string()),
            ("TimeControl", "300+3".to_string()),
            ("WhiteElo", "1604".to_string()),
            ("BlackElo", "1688".to_string()),
        ]
        .into_iter()
        .collect();
        out.push_str(&pdn::write_game(&game, &tags, &WriteOptions::new(notation)));
        out.push('\n');
    }
    out
}

fn read(c: &mut Criterion) {
    let mut group = c.benchmark_group("pdn-read");
    group.throughput(Throughput::Elements(GAMES as u64));
    let landing = text(Notation::Landing);
    let captured = text(Notation::Captured);
    group.bench_function("read_str/landing", |b| {
        b.iter(|| {
            let n: usize = pdn::read_str(black_box(&landing))
                .map(|g| g.expect("valid").game().ply())
                .sum();
            black_box(n)
        })
    });
    group.bench_function("Reader/landing", |b| {
        b.iter(|| {
            let n: usize = Reader::new(black_box(landing.as_bytes()))
                .map(|g| g.expect("valid").game().ply())
                .sum();
            black_box(n)
        })
    });
    group.bench_function("read_str/captured", |b| {
        b.iter(|| {
            let n: usize = pdn::read_str(black_box(&captured))
                .map(|g| g.expect("valid").game().ply())
                .sum();
            black_box(n)
        })
    });
    group.finish();
}

fn write(c: &mut Criterion) {
    let mut group = c.benchmark_group("pdn-write");
    group.throughput(Throughput::Elements(GAMES as u64));
    let games: Vec<_> = pdn::read_str(&text(Notation::Landing))
        .map(|g| g.expect("valid"))
        .collect();
    group.bench_function("write_game/landing", |b| {
        b.iter(|| {
            let n: usize = games
                .iter()
                .map(|g| pdn::write_game(g.game(), g.tags(), &WriteOptions::default()).len())
                .sum();
            black_box(n)
        })
    });
    group.finish();
}

criterion_group!(benches, read, write);
criterion_main!(benches);
