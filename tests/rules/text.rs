//! RULES.md section 8: text formats (the worked examples; tests/formats/text.rs has the rest).

use crate::common;
use common::pos;
use turkish_draughts::{ParseMoveError, Position, RuleSet, Setup};

#[test]
fn moves_print_their_full_landing_path() {
    let p = Position::start();
    assert_eq!(p.parse_move("d3-d4").unwrap().to_string(), "d3-d4");
    let p = pos("W:WKa1:Ba3,c4,d2", RuleSet::Default);
    assert_eq!(p.legal_moves()[0].to_string(), "a1xa4xd4xd1");
}

#[test]
fn the_short_form_is_accepted_when_it_names_one_move() {
    let p = pos("B:Wb3,c4,d3,e5:Bc5,Kh8", RuleSet::Default);
    let m = p.parse_move("c5xa3").unwrap();
    assert_eq!(m.to_string(), "c5xc3xa3");
    assert_eq!(p.parse_move("c5xc3xa3").unwrap(), m);
}

#[test]
fn the_short_form_is_refused_when_ambiguous() {
    // h2 reaches c1 taking {h3,e4,c2} (via h4 and c4) or {h3,d5,c2} (via h5 and c5).
    let p = pos("W:WKh2:Bc2,h3,e4,d5", RuleSet::Default);
    assert_eq!(
        p.parse_move("h2xc1"),
        Err(ParseMoveError::Ambiguous {
            from: "h2".parse().unwrap(),
            to: "c1".parse().unwrap(),
            count: 2
        })
    );
    let a = p.parse_move("h2xh4xc4xc1").unwrap();
    let b = p.parse_move("h2xh5xc5xc1").unwrap();
    assert_ne!(a, b);
    assert_eq!(a.captured().count(), 3);
    // Not a path: from h6 the jump west finds nothing to take.
    assert!(p.parse_move("h2xh6xc6xc1").is_err());
}

#[test]
fn fen_examples_of_the_rules() {
    let s: Setup = "W:Wa2,b2,Kd4:Ba7,Kh8".parse().unwrap();
    assert_eq!(s.to_string(), "W:Wa2,b2,Kd4:Ba7,Kh8");
    let s: Setup = "W:W:Ba7".parse().unwrap();
    assert!(s.white.is_empty());
    assert_eq!(s.to_string(), "W:W:Ba7");
    // Input order is free, output sorted a1..h8.
    let s: Setup = "B:Bh8,Ka7:Wd4,a2".parse().unwrap();
    assert_eq!(s.to_string(), "B:Wa2,d4:BKa7,h8");
}
