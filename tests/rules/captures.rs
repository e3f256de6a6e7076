//! RULES.md section 4: captures.

use crate::common;
use common::{assert_moves_both, pos};
use turkish_draughts::RuleSet;

#[test]
fn capturing_is_compulsory() {
    // a2 could step, but d4 must capture.
    assert_moves_both("W:Wa2,d4:Bd5", &["d4xd6 {d5}"]);
    // The same for a king far from its prey.
    assert_moves_both("W:Wa2,Kh1:Bh6", &["h1xh7 {h6}", "h1xh8 {h6}"]);
}

#[test]
fn worked_example_the_two_piece_capture_beats_every_single_capture() {
    // The rules' example: only c4xe6 {c5,d6}; a king counts one like a man.
    assert_moves_both("W:Wc4,d4:Bc5,Kd6,e4,b4", &["c4xe6 {c5,d6}"]);
}

#[test]
fn the_maximum_is_taken_over_all_pieces() {
    // The man on a2 can take one piece; the king on h1 can take two, so only the king moves.
    // (From a6 the king cannot go on south over a3: the white man on a2 leaves no landing.)
    assert_moves_both(
        "W:Wa2,Kh1:Ba3,h3,g6",
        &[
            "h1xa6 {h3,g6}",
            "h1xb6 {h3,g6}",
            "h1xc6 {h3,g6}",
            "h1xd6 {h3,g6}",
            "h1xe6 {h3,g6}",
            "h1xf6 {h3,g6}",
        ],
    );
}

#[test]
fn worked_example_removed_pieces_free_their_squares_and_the_start_square() {
    // The rules' example: 7 moves, each capturing all 5 pieces; b2xb2 ends on its start square and
    // b2xb4 lands on a square emptied during the same move.
    assert_moves_both(
        "W:WKb2:Bb4,d5,b6,f6,d7",
        &[
            "b2xa5 {b4,d5,b6,f6,d7}",
            "b2xb1 {b4,d5,b6,f6,d7}",
            "b2xb2 {b4,d5,b6,f6,d7}",
            "b2xb3 {b4,d5,b6,f6,d7}",
            "b2xb4 {b4,d5,b6,f6,d7}",
            "b2xb5 {b4,d5,b6,f6,d7}",
            "b2xc5 {b4,d5,b6,f6,d7}",
        ],
    );
}

#[test]
fn worked_example_no_180_degree_turn() {
    // The rules' example: after taking f4 the king may not turn back west to take c4.
    assert_moves_both(
        "W:WKe4:Bf4,c4",
        &["e4xa4 {c4}", "e4xb4 {c4}", "e4xg4 {f4}", "e4xh4 {f4}"],
    );
}

#[test]
fn a_u_turn_over_two_corners_is_allowed() {
    // North over a3, east over c4, south over d2: two 90-degree turns.
    assert_moves_both("W:WKa1:Ba3,c4,d2", &["a1xd1 {d2,a3,c4}"]);
    let p = pos("W:WKa1:Ba3,c4,d2", RuleSet::Default);
    assert_eq!(p.legal_moves()[0].to_string(), "a1xa4xd4xd1");
}

#[test]
fn a_sequence_goes_on_while_the_piece_can_capture() {
    // A man takes d5 then d7? No: d7 then d8 is the far rank. Here: d4xd6 then sideways
    // over e6 to f6: stopping on d6 is not a legal move.
    assert_moves_both("W:Wd4:Bd5,e6,a8", &["d4xf6 {d5,e6}"]);
}

#[test]
fn own_pieces_are_never_jumped_and_nothing_is_jumped_twice() {
    // North, the king's own man on a4 leaves no landing square behind a3. East it takes c1
    // and, with no second piece to take, stops.
    assert_moves_both(
        "W:WKa1,a4:Ba3,Kc1",
        &[
            "a1xd1 {c1}",
            "a1xe1 {c1}",
            "a1xf1 {c1}",
            "a1xg1 {c1}",
            "a1xh1 {c1}",
        ],
    );
}
