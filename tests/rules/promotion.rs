//! RULES.md section 5: promotion and the two rule sets.

use crate::common;
use common::{assert_moves, assert_moves_both, pos};
use turkish_draughts::{Role, RuleSet, Square};

#[test]
fn a_man_reaching_the_far_rank_is_crowned() {
    assert_moves_both("W:Wc7:Bh2", &["c7-b7", "c7-c8 K", "c7-d7"]);
    assert_moves_both("B:Wh7:Bf2", &["f2-e2", "f2-f1 K", "f2-g2"]);
    let mut p = pos("W:Wc7:Bh2", RuleSet::Default);
    let m = p.parse_move("c7-c8").unwrap();
    p.try_play(m).unwrap();
    assert_eq!(
        p.board().piece_at(Square::C8).map(|pc| pc.role),
        Some(Role::King)
    );
}

#[test]
fn worked_example_crowned_mid_capture() {
    // The rules' example. Default: crowned on d1, the new king goes on and takes e1, landing f1, g1
    // or h1. Tudaf: still a man on d1, it can only jump the adjacent e1 to f1.
    let fen = "B:Wd2,Ke1:Bd3";
    assert_moves(
        fen,
        RuleSet::Default,
        &["d3xf1 {e1,d2} K", "d3xg1 {e1,d2} K", "d3xh1 {e1,d2} K"],
    );
    assert_moves(fen, RuleSet::Tudaf, &["d3xf1 {e1,d2} K"]);
    let p = pos(fen, RuleSet::Tudaf);
    assert_eq!(p.legal_moves()[0].to_string(), "d3xd1xf1");
}

#[test]
fn default_the_new_king_may_leave_the_far_rank() {
    // c6 takes c7 and is crowned on c8; as a king it takes e8 and, turning south, g4.
    let fen = "W:Wc6:Bc7,Ke8,g4";
    assert_moves(
        fen,
        RuleSet::Default,
        &[
            "c6xg1 {g4,c7,e8} K",
            "c6xg2 {g4,c7,e8} K",
            "c6xg3 {g4,c7,e8} K",
        ],
    );
    // Under Tudaf the man on c8 finds nothing adjacent to jump.
    assert_moves(fen, RuleSet::Tudaf, &["c6xc8 {c7} K"]);
}

#[test]
fn tudaf_the_man_goes_on_sideways_along_the_far_rank() {
    let fen = "W:Wd6:Bd7,Ke8";
    assert_moves(fen, RuleSet::Tudaf, &["d6xf8 {d7,e8} K"]);
    assert_moves(
        fen,
        RuleSet::Default,
        &["d6xf8 {d7,e8} K", "d6xg8 {d7,e8} K", "d6xh8 {d7,e8} K"],
    );
}

#[test]
fn the_180_degree_ban_applies_to_the_jump_after_crowning() {
    // Crowned on d8 after jumping north, the king may not jump back south over d5.
    assert_moves_both("W:Wd6:Bd7,d5", &["d6xd8 {d7} K"]);
}

#[test]
fn the_rule_set_is_kept_by_play() {
    let mut p = pos("B:Wd2,Ke1:Bd3", RuleSet::Tudaf);
    let m = p.legal_moves()[0];
    p.play(m);
    assert_eq!(p.rules(), RuleSet::Tudaf);
    assert_eq!(
        p.board().piece_at(Square::F1).map(|pc| pc.role),
        Some(Role::King)
    );
    assert_eq!(p.with_rules(RuleSet::Default).rules(), RuleSet::Default);
}
