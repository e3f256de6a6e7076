//! `Position::for_each_legal_move`: the same moves as `legal_moves`, in the same order, with
//! the same paths, and an early stop that really stops.

use std::ops::ControlFlow;

use turkish_draughts::{Move, Position, RuleSet, perft};

use crate::common;

/// Every 7th position of the 1 000 random games, bench.fen and the worst cases with the
/// strict limit, under both rule sets.
fn positions() -> Vec<Position> {
    let games = crate::game_positions::text();
    let bench = include_str!("../data/bench.fen");
    let strict = include_str!("../data/worst-case-strict.fen");
    let lines: Vec<&str> = games
        .lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
        .step_by(7)
        .chain(bench.lines().chain(strict.lines()))
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
        .collect();
    let mut out = Vec::new();
    for rules in RuleSet::ALL {
        out.extend(lines.iter().map(|fen| common::pos(fen, rules)));
    }
    out
}

fn collect(pos: &Position) -> Vec<Move> {
    let mut seen = Vec::new();
    let flow = pos.for_each_legal_move(|m| {
        seen.push(m);
        ControlFlow::<()>::Continue(())
    });
    assert_eq!(flow, ControlFlow::Continue(()), "{pos:?}");
    seen
}

#[test]
fn same_moves_same_order_same_paths() {
    let all = positions();
    let mut captures = 0;
    for pos in &all {
        let list = pos.legal_moves();
        let seen = collect(pos);
        assert_eq!(seen.len(), list.len(), "{pos:?}");
        for (a, b) in seen.iter().zip(list.iter()) {
            assert_eq!(a, b, "{pos:?}");
            assert_eq!(a.path(), b.path(), "{pos:?}");
            assert_eq!(a.is_crowning(), b.is_crowning(), "{pos:?}");
        }
        captures += usize::from(pos.has_capture());
    }
    // Both branches (quiet and capture) were exercised.
    assert!(captures > 100 && captures < all.len() - 100, "{captures}");
}

/// Breaking after the k-th move calls `f` exactly k times and returns the k-th move.
#[test]
fn stops_at_the_first_break() {
    for pos in positions().iter().step_by(5) {
        let list = pos.legal_moves();
        for k in [1, 2, list.len() / 2, list.len()] {
            if k == 0 || k > list.len() {
                continue;
            }
            let mut calls = 0;
            let flow = pos.for_each_legal_move(|m| {
                calls += 1;
                if calls == k {
                    ControlFlow::Break(m)
                } else {
                    ControlFlow::Continue(())
                }
            });
            assert_eq!(calls, k, "{pos:?}");
            match flow {
                ControlFlow::Break(m) => {
                    assert_eq!(m, list[k - 1]);
                    assert_eq!(m.path(), list[k - 1].path());
                }
                ControlFlow::Continue(()) => panic!("no break on {pos:?}"),
            }
        }
    }
}

/// A position without moves never calls `f`.
#[test]
fn no_moves_no_calls() {
    let pos = common::pos("W:Wa7:BKa8,b7,c7", RuleSet::Default);
    assert!(!pos.has_legal_move());
    let flow = pos.for_each_legal_move(|_| ControlFlow::Break(()));
    assert_eq!(flow, ControlFlow::Continue(()));
}

fn callback_perft(pos: &Position, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let mut n = 0;
    let _ = pos.for_each_legal_move(|m| {
        let mut child = *pos;
        child.play_unchecked(m);
        n += callback_perft(&child, depth - 1);
        ControlFlow::<()>::Continue(())
    });
    n
}

/// A perft walked with the callback counts what `perft` counts (which shares no code with
/// this walk past the generator), from the start and on bench.fen.
#[test]
fn callback_perft_matches_perft() {
    for rules in RuleSet::ALL {
        let start = Position::new(rules);
        assert_eq!(callback_perft(&start, 4), perft(&start, 4));
        for fen in include_str!("../data/bench.fen")
            .lines()
            .filter(|l| !l.is_empty())
        {
            let pos = common::pos(fen, rules);
            assert_eq!(callback_perft(&pos, 3), perft(&pos, 3), "{fen}");
        }
    }
}
