//! RULES.md section 9: perft, against the published counts and the shared test positions.

use turkish_draughts::{Position, RuleSet, Setup, divide, perft};

/// Start position, depths 1..=7, the counts RULES.md gives (both rule sets).
const START: [u64; 7] = [8, 64, 708, 7_538, 85_090, 931_312, 10_782_308];

#[test]
fn start_position_depths_1_to_6() {
    for rules in RuleSet::ALL {
        let pos = Position::new(rules);
        for (i, &n) in START[..6].iter().enumerate() {
            assert_eq!(
                perft(&pos, i as u32 + 1),
                n,
                "depth {} under {rules}",
                i + 1
            );
        }
        assert_eq!(perft(&pos, 0), 1);
    }
}

/// Depth 7 is about 11 million leaves; bulk counting keeps it to a few seconds even in a debug
/// build, so plain `cargo test` runs it.
#[test]
fn start_position_depth_7() {
    for rules in RuleSet::ALL {
        assert_eq!(perft(&Position::new(rules), 7), START[6], "under {rules}");
    }
}

fn rows() -> Vec<(String, u32, u64, u64)> {
    let text = include_str!("../data/perft.tsv");
    text.lines()
        .filter(|l| !l.trim().is_empty())
        .map(|l| {
            let f: Vec<&str> = l.split('\t').collect();
            assert_eq!(f.len(), 4, "bad row {l:?}");
            (
                f[0].to_string(),
                f[1].parse().unwrap(),
                f[2].parse().unwrap(),
                f[3].parse().unwrap(),
            )
        })
        .collect()
}

fn position(fen: &str, rules: RuleSet) -> Position {
    let setup: Setup = fen.parse().unwrap_or_else(|e| panic!("{fen}: {e}"));
    Position::from_setup_relaxed(&setup, rules).unwrap_or_else(|e| panic!("{fen}: {e}"))
}

#[test]
fn every_row_of_the_shared_perft_table_under_both_rule_sets() {
    let rows = rows();
    assert_eq!(rows.len(), 96);
    for (fen, depth, default, tudaf) in rows {
        assert_eq!(
            perft(&position(&fen, RuleSet::Default), depth),
            default,
            "{fen} default"
        );
        assert_eq!(
            perft(&position(&fen, RuleSet::Tudaf), depth),
            tudaf,
            "{fen} tudaf"
        );
    }
}

#[test]
fn mirrored_positions_have_equal_perft() {
    for (fen, depth, _, _) in rows() {
        for rules in RuleSet::ALL {
            let pos = position(&fen, rules);
            assert_eq!(
                perft(&pos, depth),
                perft(&pos.mirrored(), depth),
                "{fen} {rules}"
            );
        }
    }
}

#[test]
fn divide_adds_up_to_perft() {
    for (fen, depth, _, _) in rows().into_iter().take(20) {
        let pos = position(&fen, RuleSet::Default);
        let mut sum = 0;
        let total = divide(&pos, depth, |_, n| sum += n);
        assert_eq!(total, sum);
        assert_eq!(total, perft(&pos, depth));
    }
}

#[test]
fn worst_case_positions_list_exactly_the_distinct_moves() {
    // From the performance issue: 195, 64 and 64 distinct moves.
    let text = include_str!("../data/worst-case.fen");
    let counts: Vec<usize> = text
        .lines()
        .filter(|l| !l.trim().is_empty())
        .map(|fen| {
            let d = position(fen, RuleSet::Default).legal_moves().len();
            let t = position(fen, RuleSet::Tudaf).legal_moves().len();
            assert_eq!(d, t, "{fen}");
            d
        })
        .collect();
    assert_eq!(counts[..3], [195, 64, 64]);
}
