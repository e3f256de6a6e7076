//! RULES.md section 3: kings.

use crate::common;
use common::{assert_moves_both, pos};
use turkish_draughts::RuleSet;

#[test]
fn a_king_flies_along_ranks_and_files() {
    // Alone on d4 (with a far black piece): 7 squares on the file, 7 on the rank.
    let p = pos("W:WKd4:Bh7", RuleSet::Default);
    let moves = p.legal_moves();
    assert_eq!(moves.len(), 14);
    assert!(moves.iter().all(|m| !m.is_capture()));
    assert!(
        moves
            .iter()
            .all(|m| m.to().file() == m.from().file() || m.to().rank() == m.from().rank())
    );
}

#[test]
fn worked_example_a_quiet_king_stops_at_any_piece() {
    // The rules' example: c3 cannot go north past c4 (its own man).
    assert_moves_both(
        "W:WKc3,c4:Bg8",
        &[
            "c3-a3", "c3-b3", "c3-d3", "c3-e3", "c3-f3", "c3-g3", "c3-h3", "c3-c1", "c3-c2",
            "c4-b4", "c4-c5", "c4-d4",
        ],
    );
    // An enemy piece blocks as well: d4 stops at d6 (d7 black, d8 behind it taken).
    assert_moves_both(
        "W:WKd1:Bd7,d8,a7",
        &[
            "d1-a1", "d1-b1", "d1-c1", "d1-e1", "d1-f1", "d1-g1", "d1-h1", "d1-d2", "d1-d3",
            "d1-d4", "d1-d5", "d1-d6",
        ],
    );
}

#[test]
fn a_king_captures_from_afar_and_lands_anywhere_beyond() {
    // d1 jumps d5 and may land on d6, d7 or d8.
    assert_moves_both("W:WKd1:Bd5", &["d1xd6 {d5}", "d1xd7 {d5}", "d1xd8 {d5}"]);
    // Landing stops at the next piece: d8 is taken.
    assert_moves_both("W:WKd1:Bd5,Kd8", &["d1xd6 {d5}", "d1xd7 {d5}"]);
}

#[test]
fn a_king_cannot_jump_two_pieces_at_once_or_its_own() {
    // d5 and d6 stand together: nothing to jump on the file; no capture at all.
    let p = pos("W:WKd1:Bd5,d6", RuleSet::Default);
    assert!(!p.has_capture());
    // An own man on d3 shields d5.
    let p = pos("W:WKd1,d3:Bd5", RuleSet::Default);
    assert!(!p.has_capture());
}

#[test]
fn a_black_king_captures_in_all_four_directions() {
    assert_moves_both(
        "B:Wd6,b4,f4,d2:BKd4",
        &[
            "d4xa4 {b4}",
            "d4xd1 {d2}",
            "d4xd7 {d6}",
            "d4xd8 {d6}",
            "d4xg4 {f4}",
            "d4xh4 {f4}",
        ],
    );
}
