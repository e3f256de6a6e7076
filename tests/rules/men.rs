//! RULES.md section 2: men.

use crate::common;
use common::{assert_moves, assert_moves_both};
use turkish_draughts::RuleSet;

#[test]
fn a_white_man_steps_forward_or_sideways() {
    assert_moves_both("W:Wd4:Ba7", &["d4-c4", "d4-d5", "d4-e4"]);
}

#[test]
fn a_black_man_steps_towards_rank_one_or_sideways() {
    assert_moves_both("B:Wh2:Bd5", &["d5-c5", "d5-d4", "d5-e5"]);
}

#[test]
fn men_never_step_backward_or_diagonally_and_stop_at_edges_and_pieces() {
    // a4: no west step (edge), b4 is its own. b4: b5 is taken and cannot be jumped (b6 is
    // taken too).
    assert_moves_both("W:Wa4,b4:Bb5,b6", &["a4-a5", "b4-c4"]);
    // Blocked by own pieces too: c4 cannot go to c5 (own) or d4 (own).
    assert_moves_both(
        "W:Wc4,c5,d4:Bh7",
        &["c4-b4", "c5-b5", "c5-c6", "c5-d5", "d4-d5", "d4-e4"],
    );
}

#[test]
fn a_man_with_every_square_blocked_has_no_move() {
    assert_moves_both("W:Wa7:BKa8,b7,c7", &[]);
}

#[test]
fn a_man_captures_forward_and_sideways_over_an_adjacent_piece() {
    assert_moves_both(
        "W:Wd4:Bc4,d5,e4,d3",
        &["d4xb4 {c4}", "d4xd6 {d5}", "d4xf4 {e4}"],
    );
}

#[test]
fn a_man_never_captures_backward() {
    // d3 is behind the white man: it must not be jumped, so the man simply steps.
    assert_moves_both("W:Wd4:Bd3", &["d4-c4", "d4-d5", "d4-e4"]);
    // Black: d5 is behind a black man on d4.
    assert_moves_both("B:Wd5:Bd4", &["d4-c4", "d4-d3", "d4-e4"]);
}

#[test]
fn a_man_cannot_jump_a_distant_piece_or_onto_an_occupied_square() {
    // d6 is two squares away: no capture for a man.
    assert_moves_both("W:Wd4:Bd6", &["d4-c4", "d4-d5", "d4-e4"]);
    // d5 is adjacent but d6 behind it is occupied.
    assert_moves_both("W:Wd4:Bd5,d6", &["d4-c4", "d4-e4"]);
}

#[test]
fn worked_example_black_man_jumps_south_or_sideways() {
    // The rules' example: c5xa3 {b3,c4} and c5xe3 {c4,d3} (printed here in square order).
    assert_moves_both(
        "B:Wb3,c4,d3,e5:Bc5,Kh8",
        &["c5xa3 {b3,c4}", "c5xe3 {d3,c4}"],
    );
}

#[test]
fn a_man_on_its_own_back_rank_moves_as_any_man() {
    assert_moves("W:Wc1:Bh7", RuleSet::Default, &["c1-b1", "c1-c2", "c1-d1"]);
}
