//! RULES.md section 6: the end of the game.

use crate::common;
use common::pos;
use turkish_draughts::{Color, DrawReason, Outcome, RuleSet, WinReason};

/// The outcome of the position `fen` under `rules`.
fn outcome(fen: &str, rules: RuleSet) -> Option<Outcome> {
    pos(fen, rules).outcome()
}

/// `winner` has won, for `reason`.
fn win(winner: Color, reason: WinReason) -> Option<Outcome> {
    Some(Outcome::Win { winner, reason })
}

/// A draw, for `reason`.
fn draw(reason: DrawReason) -> Option<Outcome> {
    Some(Outcome::Draw { reason })
}

#[test]
fn no_legal_move_loses_in_both_rule_sets() {
    for rules in RuleSet::ALL {
        // All blocked.
        assert_eq!(
            outcome("W:Wa7:BKa8,b7,c7", rules),
            win(Color::Black, WinReason::NoLegalMove)
        );
        // No pieces left.
        assert_eq!(
            outcome("W:W:Ba7,b7", rules),
            win(Color::Black, WinReason::NoLegalMove)
        );
        assert_eq!(
            outcome("B:Wa2:B", rules),
            win(Color::White, WinReason::NoLegalMove)
        );
    }
}

#[test]
fn the_game_goes_on_with_more_pieces() {
    for rules in RuleSet::ALL {
        assert_eq!(outcome("W:Wa2,b2:Bh7", rules), None);
        assert_eq!(outcome("W:WKa1:BKh8,h7", rules), None);
        assert_eq!(
            pos("W:W:B", rules).outcome().map(|o| o.winner()),
            Some(Some(Color::Black))
        );
    }
}

#[test]
fn king_against_lone_man() {
    for fen in ["B:WKd4:Bd6", "W:WKd4:Bd6"] {
        assert_eq!(
            outcome(fen, RuleSet::Default),
            win(Color::White, WinReason::KingAgainstLoneMan)
        );
        assert_eq!(
            outcome(fen, RuleSet::Tudaf),
            draw(DrawReason::KingAgainstLoneMan)
        );
    }
    assert_eq!(
        outcome("W:Wd2:BKa5", RuleSet::Default),
        win(Color::Black, WinReason::KingAgainstLoneMan)
    );
    // Choice: "at once", even though the black man could take the king.
    assert_eq!(
        outcome("B:WKd4:Bd5", RuleSet::Default),
        win(Color::White, WinReason::KingAgainstLoneMan)
    );
}

#[test]
fn one_king_each() {
    assert_eq!(
        outcome("W:WKa1:BKh8", RuleSet::Default),
        draw(DrawReason::OneKingEach)
    );
    assert_eq!(
        outcome("W:WKa1:BKh8", RuleSet::Tudaf),
        draw(DrawReason::OneKingEach)
    );
    // Default: not a draw when the side to move can capture.
    assert_eq!(outcome("W:WKa1:BKa5", RuleSet::Default), None);
    assert_eq!(
        outcome("W:WKa1:BKa5", RuleSet::Tudaf),
        draw(DrawReason::OneKingEach)
    );
    // Only the side to move counts: Black to move here cannot capture.
    assert_eq!(
        outcome("B:WKa1:BKb8", RuleSet::Default),
        draw(DrawReason::OneKingEach)
    );
}

#[test]
fn one_man_each() {
    assert_eq!(outcome("W:Wa2:Bh7", RuleSet::Default), None);
    assert_eq!(
        outcome("W:Wa2:Bh7", RuleSet::Tudaf),
        draw(DrawReason::OneManEach)
    );
}

#[test]
fn outcomes_print_their_reason() {
    let o = outcome("B:WKd4:Bd6", RuleSet::Default).unwrap();
    assert_eq!(o.to_string(), "white wins: a lone king against a lone man");
    assert_eq!(o.winner(), Some(Color::White));
}
