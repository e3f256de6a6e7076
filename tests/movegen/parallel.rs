//! `perft_parallel` and `divide_parallel` give the same counts as the sequential `perft` and
//! `divide` (which tests/rules/perft.rs checks against the published counts), whatever the number
//! of threads and however the root looks.

use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use turkish_draughts::{
    Move, Position, RuleSet, divide, divide_parallel, perft, perft_parallel,
    perft_parallel_stoppable,
};

fn bench_positions() -> Vec<Position> {
    let text = include_str!("../data/bench.fen");
    text.lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .map(|l| {
            let setup = l.parse().unwrap_or_else(|e| panic!("{l}: {e}"));
            Position::from_setup_relaxed(&setup, RuleSet::Default).unwrap()
        })
        .collect()
}

#[test]
fn start_position_any_thread_count() {
    for rules in RuleSet::ALL {
        let pos = Position::new(rules);
        for depth in 0..=6 {
            let expected = perft(&pos, depth);
            for threads in 0..=4 {
                assert_eq!(
                    perft_parallel(&pos, depth, threads),
                    expected,
                    "depth {depth}, {threads} threads, {rules}"
                );
            }
        }
    }
}

#[test]
fn bench_positions_small_depths() {
    let positions = bench_positions();
    assert!(positions.len() >= 10);
    for (i, pos) in positions.iter().enumerate() {
        for rules in RuleSet::ALL {
            let pos = pos.with_rules(rules);
            for depth in 1..=4 {
                let expected = perft(&pos, depth);
                for threads in [2, 3, 4] {
                    assert_eq!(
                        perft_parallel(&pos, depth, threads),
                        expected,
                        "line {}, depth {depth}, {threads} threads, {rules}",
                        i + 1
                    );
                }
            }
        }
    }
}

#[test]
fn a_root_with_one_legal_move_is_split_below_it() {
    // White's man on c4 must take d4 (the only capture); worked out by hand.
    let pos = Position::from_fen("W:Wc4,a2,h2:Bd4,a7,b7,g7,h6", RuleSet::Default).unwrap();
    assert_eq!(pos.legal_moves().len(), 1);
    for depth in 1..=7 {
        let expected = perft(&pos, depth);
        for threads in [2, 4, 7] {
            assert_eq!(
                perft_parallel(&pos, depth, threads),
                expected,
                "depth {depth}"
            );
        }
    }
}

#[test]
fn a_root_without_moves_counts_nothing() {
    // White's only man is blocked: a7 under black men on a8 and b7 (an example of RULES.md).
    let pos = Position::from_fen("W:Wa7:BKa8,b7,c7", RuleSet::Default).unwrap();
    assert!(pos.legal_moves().is_empty());
    for depth in 1..=4 {
        assert_eq!(perft_parallel(&pos, depth, 3), 0);
        assert_eq!(
            divide_parallel(&pos, depth, 3, |_, _| panic!("no root move")),
            0
        );
    }
    assert_eq!(perft_parallel(&pos, 0, 3), 1);
}

#[test]
fn lines_that_end_early_still_report_their_root_move() {
    // Worked out by hand: after d2-c2 (sideways) the black man on a2 has no move (a1 is taken, and the
    // jump over b2 would land on c2), so that root move counts 0 from depth 2 on, and its
    // subtree leaves no task to split.
    let pos = Position::from_fen("W:WKa1,a3,b2,d2:Ba2", RuleSet::Default).unwrap();
    let c2 = pos.parse_move("d2-c2").unwrap();
    let mut after = pos;
    after.play(c2);
    assert!(after.legal_moves().is_empty());
    for depth in 1..=7 {
        let mut expected: Vec<(Move, u64)> = Vec::new();
        let total = divide(&pos, depth, |m, n| expected.push((m, n)));
        let got = Mutex::new(Vec::new());
        let ptotal = divide_parallel(&pos, depth, 4, |m, n| got.lock().unwrap().push((m, n)));
        let mut got = got.into_inner().unwrap();
        got.sort();
        expected.sort();
        assert_eq!(got, expected, "depth {depth}");
        assert_eq!(ptotal, total);
        let c2_count = got.iter().find(|(m, _)| *m == c2).unwrap().1;
        assert_eq!(c2_count, u64::from(depth == 1), "depth {depth}");
        assert_eq!(perft_parallel(&pos, depth, 4), total);
    }
}

#[test]
fn divide_parallel_matches_divide_move_by_move() {
    let mut positions = bench_positions();
    positions.push(Position::start());
    for pos in positions.iter().take(6) {
        for threads in [1, 2, 3] {
            let depth = 4;
            let mut expected: Vec<(Move, u64)> = Vec::new();
            let total = divide(pos, depth, |m, n| expected.push((m, n)));
            let got = Mutex::new(Vec::new());
            let ptotal =
                divide_parallel(pos, depth, threads, |m, n| got.lock().unwrap().push((m, n)));
            let mut got = got.into_inner().unwrap();
            got.sort();
            expected.sort();
            assert_eq!(got, expected, "{pos:?}, {threads} threads");
            assert_eq!(ptotal, total);
            assert_eq!(got.len(), pos.legal_moves().len(), "each root move once");
        }
    }
}

#[test]
#[should_panic(expected = "perft depth 65 is more than the maximum of 64")]
fn a_depth_past_the_maximum_panics_on_the_calling_thread() {
    perft_parallel(&Position::start(), 65, 2);
}

#[test]
fn any_thread_count_is_safe() {
    // More threads than any machine runs at once: no more start than it can use.
    let pos = Position::start();
    for threads in [40_000, usize::MAX] {
        assert_eq!(perft_parallel(&pos, 6, threads), perft(&pos, 6));
        let calls = Mutex::new(0);
        let total = divide_parallel(&pos, 5, threads, |_, _| *calls.lock().unwrap() += 1);
        assert_eq!(total, perft(&pos, 5));
        assert_eq!(calls.into_inner().unwrap(), pos.legal_moves().len());
    }
}

#[test]
fn stoppable_perft_counts_as_perft_when_not_stopped() {
    let stop = AtomicBool::new(false);
    for pos in bench_positions().iter().take(6) {
        for depth in [0, 1, 2, 5, 6] {
            let expected = perft(pos, depth);
            for threads in [0, 1, 3] {
                assert_eq!(
                    perft_parallel_stoppable(pos, depth, threads, &stop),
                    Some(expected),
                    "{} depth {depth} threads {threads}",
                    pos.to_fen()
                );
            }
        }
    }
}

#[test]
fn stoppable_perft_gives_up_soon_after_the_flag_is_set() {
    // perft(14) from the start takes hours: only the flag can end it.
    for threads in [1, 2] {
        let stop = AtomicBool::new(false);
        let started = Instant::now();
        let result = std::thread::scope(|s| {
            s.spawn(|| {
                std::thread::sleep(Duration::from_millis(100));
                stop.store(true, Ordering::Relaxed);
            });
            perft_parallel_stoppable(&Position::start(), 14, threads, &stop)
        });
        assert_eq!(result, None);
        // Generous for a loaded machine and the unoptimised test profile: the bound is a
        // 4-ply subtree after the flag.
        assert!(
            started.elapsed() < Duration::from_secs(5),
            "{threads} threads: {:?}",
            started.elapsed()
        );
    }
    let stop = AtomicBool::new(true);
    assert_eq!(
        perft_parallel_stoppable(&Position::start(), 3, 2, &stop),
        None
    );
}

#[test]
fn zero_threads_means_one_per_core() {
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    // The root moves are reported from the threads that finished them: with every core at
    // work on perft 7, more than one thread reports (one per core at most).
    let ids = Mutex::new(std::collections::HashSet::new());
    let pos = Position::start();
    let total = divide_parallel(&pos, 7, 0, |_, _| {
        ids.lock().unwrap().insert(std::thread::current().id());
    });
    assert_eq!(total, 10_782_308);
    let ids = ids.into_inner().unwrap();
    assert!(ids.len() <= cores);
    if cores > 1 {
        assert!(
            ids.len() > 1,
            "threads=0 ran on one thread on {cores} cores"
        );
    }
}
