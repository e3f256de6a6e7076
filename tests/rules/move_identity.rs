//! RULES.md section 7: move identity.

use crate::common;
use common::{assert_moves_both, pos};
use std::collections::HashSet;
use turkish_draughts::RuleSet;

#[test]
fn worked_example_paths_with_the_same_result_are_one_move() {
    // The rules' example: landing on h4 or h5 between the jumps gives the same results: 2
    // moves, not 4.
    assert_moves_both("W:WKh1:Bh3,h6", &["h1xh7 {h3,h6}", "h1xh8 {h3,h6}"]);
}

#[test]
fn origin_and_destination_may_coincide() {
    let p = pos("W:WKb2:Bb4,d5,b6,f6,d7", RuleSet::Default);
    let m = p.parse_move("b2xb2").unwrap();
    assert_eq!(m.from(), m.to());
    assert_eq!(m.captured().count(), 5);
    let mut q = p;
    q.try_play(m).unwrap();
    assert!(q.board().black().is_empty());
    assert!(q.board().kings().contains(turkish_draughts::Square::B2));
}

#[test]
fn equality_and_hash_use_the_result_not_the_path() {
    let p = pos("W:WKh1:Bh3,h6", RuleSet::Default);
    let a = p.parse_move("h1xh4xh7").unwrap();
    let b = p.parse_move("h1xh5xh7").unwrap();
    assert_ne!(a.path(), b.path());
    assert_eq!(a, b);
    let set: HashSet<_> = [a, b].into_iter().collect();
    assert_eq!(set.len(), 1);
    assert!(p.legal_moves().contains(&a));
}

#[test]
fn every_listed_move_is_distinct() {
    for fen in ["W:WKb2:Bb4,d5,b6,f6,d7", "W:WKh1:Bh3,h6", "B:Wd2,Ke1:Bd3"] {
        for rules in RuleSet::ALL {
            let moves = pos(fen, rules).legal_moves();
            let set: HashSet<_> = moves.iter().copied().collect();
            assert_eq!(set.len(), moves.len(), "{fen}");
        }
    }
}
