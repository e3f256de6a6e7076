//! The federation's captured-square notation: the worked examples of the rules in both
//! notations (expectations worked out by hand from the rules, in the comments), kings that
//! stop anywhere after their last capture, and round trips over random playouts.

use proptest::prelude::*;
use turkish_draughts::{Move, ParseMoveError, Position, RuleSet, Square};

/// The square named `name` (the name must be one).
fn s(name: &str) -> Square {
    name.parse().unwrap()
}

/// A position from FEN, checked as `Position::from_fen` checks.
fn pos(fen: &str, rules: RuleSet) -> Position {
    Position::from_fen(fen, rules).unwrap()
}

fn tos(moves: &[Move]) -> Vec<String> {
    let mut v: Vec<String> = moves.iter().map(|m| m.to().to_string()).collect();
    v.sort();
    v
}

/// `W:WKb2:Bb4,d5,b6,f6,d7`: two orders take all five pieces.
/// Order A: b4 (land b5), b6 (b7), d7 (f7), f6 (f5), d5 (c5, b5 or a5).
/// Order B: b4 (b5), d5 (f5), f6 (f7), d7 (b7), b6 (b5, b4, b3, b2 or b1).
#[test]
fn five_piece_king_capture_in_both_notations() {
    let p = pos("W:WKb2:Bb4,d5,b6,f6,d7", RuleSet::Default);
    let a = p.captured_candidates("b2xb4xb6xd7xf6xd5").unwrap();
    assert_eq!(tos(&a), ["a5", "b5", "c5"]);
    let b = p.captured_candidates("b2xb4xd5xf6xd7xb6").unwrap();
    assert_eq!(tos(&b), ["b1", "b2", "b3", "b4", "b5"]);
    assert_eq!(
        p.parse_captured_move("b2xb4xd5xf6xd7xb6"),
        Err(ParseMoveError::AmbiguousCaptures {
            from: s("b2"),
            count: 5
        })
    );
    // With the landing square each names one move, the same as in landing notation.
    let m = p.parse_captured_move("b2xb4xb6xd7xf6xd5xa5").unwrap();
    assert_eq!(m, p.parse_move("b2xb5xb7xf7xf5xa5").unwrap());
    assert_eq!(m.to_string(), "b2xb5xb7xf7xf5xa5");
    let m = p.parse_captured_move("b2xb4xd5xf6xd7xb6xb2").unwrap();
    assert_eq!(m, p.parse_move("b2xb5xf5xf7xb7xb2").unwrap());
    assert_eq!((m.from(), m.to()), (s("b2"), s("b2")));
    // b1 is reached only in order B.
    assert_eq!(
        p.parse_captured_move("b2xb4xb6xd7xf6xd5xb1"),
        Err(ParseMoveError::NoCaptureSequence { from: s("b2") })
    );
    // Two pieces named, five required.
    assert_eq!(
        p.parse_captured_move("b2xb4xb6"),
        Err(ParseMoveError::NotMaximal {
            captured: 2,
            required: 5
        })
    );
    // Printing: the landing square is added because the bare form fits several moves.
    let m = p.parse_move("b2xb5xb7xf7xf5xa5").unwrap();
    assert_eq!(m.captured_notation().to_string(), "b2xb4xb6xd7xf6xd5");
    assert_eq!(p.captured_notation(m).to_string(), "b2xb4xb6xd7xf6xd5xa5");
    // All seven legal moves are read back from the position's captured notation.
    let moves = p.legal_moves();
    assert_eq!(moves.len(), 7);
    for m in &moves {
        assert_eq!(
            p.parse_captured_move(&p.captured_notation(*m).to_string()),
            Ok(*m)
        );
        assert_eq!(
            p.parse_any_move(&p.captured_notation(*m).to_string()),
            Ok(*m)
        );
    }
}

/// `W:WKe4:Bf4,c4`: after f4 the king stops on g4 or h4; after c4 on b4 or a4.
#[test]
fn king_stops_anywhere_after_its_last_capture() {
    let p = pos("W:WKe4:Bf4,c4", RuleSet::Default);
    assert_eq!(tos(&p.captured_candidates("e4xf4").unwrap()), ["g4", "h4"]);
    assert_eq!(tos(&p.captured_candidates("e4xc4").unwrap()), ["a4", "b4"]);
    assert_eq!(
        p.parse_any_move("e4xc4"),
        Err(ParseMoveError::AmbiguousCaptures {
            from: s("e4"),
            count: 2
        })
    );
    assert_eq!(p.parse_any_move("e4xc4xa4").unwrap().to(), s("a4"));
    assert_eq!(p.parse_any_move("e4xa4").unwrap().to(), s("a4"));
    // `e4xf4xc4`: no reversal after f4, and only one piece is taken anyway.
    assert!(p.parse_captured_move("e4xf4xc4").is_err());
}

/// `W:WKh1:Bh3,h6`: h3 then h6, stopping on h7 or h8; h6 cannot be taken first.
#[test]
fn two_pieces_on_one_file() {
    let p = pos("W:WKh1:Bh3,h6", RuleSet::Default);
    assert_eq!(
        tos(&p.captured_candidates("h1xh3xh6").unwrap()),
        ["h7", "h8"]
    );
    assert_eq!(
        p.parse_captured_move("h1xh6xh3"),
        Err(ParseMoveError::NoCaptureSequence { from: s("h1") })
    );
    let m = p.parse_captured_move("h1xh3xh6xh8").unwrap();
    assert_eq!(m, p.parse_move("h1xh8").unwrap());
}

/// `B:Wd2,Ke1:Bd3`: d2 then e1. Default: crowned on d1, the king stops on f1, g1 or h1.
/// Federation: still a man on d1, it lands on f1 only.
#[test]
fn crowning_mid_capture_under_both_rule_sets() {
    let d = pos("B:Wd2,Ke1:Bd3", RuleSet::Default);
    assert_eq!(
        tos(&d.captured_candidates("d3xd2xe1").unwrap()),
        ["f1", "g1", "h1"]
    );
    let m = d.parse_captured_move("d3xd2xe1xg1").unwrap();
    assert!(m.is_crowning());
    assert_eq!(m, d.parse_move("d3xd1xg1").unwrap());
    let t = pos("B:Wd2,Ke1:Bd3", RuleSet::Tudaf);
    let m = t.parse_captured_move("d3xd2xe1").unwrap();
    assert_eq!(m.to_string(), "d3xd1xf1");
    assert!(m.is_crowning());
    assert_eq!(t.captured_notation(m).to_string(), "d3xd2xe1");
}

/// The other worked examples: a man's two-piece capture and a black man's two choices.
#[test]
fn men_captures() {
    let p = pos("W:Wc4,d4:Bc5,Kd6,e4,b4", RuleSet::Default);
    let m = p.parse_captured_move("c4xc5xd6").unwrap();
    assert_eq!(m.to_string(), "c4xc6xe6");
    assert_eq!(m.captured_notation().to_string(), "c4xc5xd6");
    assert_eq!(p.parse_any_move("c4xc5xd6"), Ok(m));
    assert_eq!(p.parse_any_move("c4xc6xe6"), Ok(m));
    assert_eq!(p.parse_any_move("c4xe6"), Ok(m));

    let p = pos("B:Wb3,c4,d3,e5:Bc5,Kh8", RuleSet::Default);
    assert_eq!(
        p.parse_captured_move("c5xc4xb3").unwrap().to_string(),
        "c5xc3xa3"
    );
    assert_eq!(
        p.parse_captured_move("c5xc4xd3").unwrap().to_string(),
        "c5xc3xe3"
    );
    // A man never jumps backward: e5 is behind c5's path... and not adjacent.
    assert!(p.parse_captured_move("c5xd5").is_err());

    // The federation's own example: f3xf4xe5xd6xc7 is f3xf5xd5xd7xb7.
    let p = pos("W:Wf3:Bf4,e5,d6,c7,Kh8", RuleSet::Default);
    let m = p.parse_any_move("f3xf4xe5xd6xc7").unwrap();
    assert_eq!(m, p.parse_any_move("f3xf5xd5xd7xb7").unwrap());
    assert_eq!(m.captured_notation().to_string(), "f3xf4xe5xd6xc7");
}

#[test]
fn quiet_moves_and_errors() {
    let p = Position::start();
    let m = p.parse_captured_move("d3-d4").unwrap();
    assert_eq!(m.captured_notation().to_string(), "d3-d4");
    assert_eq!(p.captured_notation(m).to_string(), "d3-d4");
    assert_eq!(
        p.parse_captured_move("d3xd4"),
        Err(ParseMoveError::NoCapture)
    );
    assert_eq!(p.parse_captured_move(""), Err(ParseMoveError::Empty));
    assert_eq!(
        p.parse_captured_move("d3"),
        Err(ParseMoveError::BadSeparator { at: 2 })
    );
    assert_eq!(
        p.parse_captured_move("d3xz9"),
        Err(ParseMoveError::BadSquare { at: 3 })
    );
    assert_eq!(p.parse_any_move("d3-d4"), Ok(m));
    assert_eq!(
        p.parse_any_move("a6-a5"),
        Err(ParseMoveError::NoPiece { square: s("a6") })
    );
}

fn xorshift(state: &mut u64) -> u64 {
    *state ^= *state << 13;
    *state ^= *state >> 7;
    *state ^= *state << 17;
    *state
}

const STARTS: &[&str] = &[
    "W:Wa2,b2,c2,d2,e2,f2,g2,h2,a3,b3,c3,d3,e3,f3,g3,h3:Ba6,b6,c6,d6,e6,f6,g6,h6,a7,b7,c7,d7,e7,f7,g7,h7",
    "W:WKb2:Bb4,d5,b6,f6,d7",
    "W:WKa1,Kh8,c3:Bb2,d2,f2,b4,d4,f4,b6,d6,f6,h5,c7,e7,g7",
    "B:Wa2,b2,c2,e2,f2,g2,h2,a3,b3,c3,d3,e3,f3,Kb4,Kf5:Ba6,c6,g6,h6,a7,c7,e7,h7,Kd8",
];

fn check_position(p: &Position) {
    for m in &p.legal_moves() {
        let bare = m.captured_notation().to_string();
        let candidates = p.captured_candidates(&bare).unwrap();
        assert!(candidates.contains(m), "{p:?} {m:?} {bare}");
        if candidates.len() == 1 {
            assert_eq!(p.parse_captured_move(&bare), Ok(*m));
        } else {
            assert_eq!(
                p.parse_captured_move(&bare),
                Err(ParseMoveError::AmbiguousCaptures {
                    from: m.from(),
                    count: candidates.len()
                })
            );
        }
        let full = p.captured_notation(*m).to_string();
        assert_eq!(p.parse_captured_move(&full), Ok(*m), "{p:?} {full}");
        assert_eq!(p.parse_any_move(&full), Ok(*m), "{p:?} {full}");
        assert_eq!(p.parse_any_move(&m.to_string()), Ok(*m), "{p:?} {m}");
        // The move read back prints the same captured order.
        let back = p.parse_captured_move(&full).unwrap();
        assert_eq!(p.captured_notation(back).to_string(), full);
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 64, failure_persistence: None, ..ProptestConfig::default() })]

    #[test]
    fn random_playouts_read_back(seed in 1u64.., start in 0..STARTS.len(), tudaf: bool) {
        let rules = if tudaf { RuleSet::Tudaf } else { RuleSet::Default };
        let mut p = pos(STARTS[start], rules);
        let mut rng = seed;
        for _ in 0..80 {
            if p.outcome().is_some() {
                break;
            }
            check_position(&p);
            let moves = p.legal_moves();
            let m = moves[(xorshift(&mut rng) % moves.len() as u64) as usize];
            p.play(m);
        }
    }
}

/// A king takes 12 men: too long a path for the move to hold. Bare, the move does not know
/// the order of its jumps and lists its captured squares in square order; from its position,
/// the order is that of the path the capture search finds, and the text reads back as the
/// move.
#[test]
fn a_capture_that_holds_no_path_takes_its_order_from_the_position() {
    let p = pos(
        "W:WKa1:Ba3,a6,c7,f7,h6,h3,f2,c2,c4,f4,f5,c5",
        RuleSet::Default,
    );
    let m = p.legal_moves()[0];
    assert_eq!(m.captured().count(), 12);
    assert!(!m.has_path());
    assert_eq!(
        m.captured_notation().to_string(),
        "a1xc2xf2xa3xh3xc4xf4xc5xf5xa6xh6xc7xf7"
    );
    // The path a1xa4xd4xh4xh7xe7xa7xa5xd5xh5xh2xe2xa2 jumps a3, c4, f4, h6, f7, c7, a6, c5,
    // f5, h3, f2, c2; b2 is the other landing after c2, so the landing is named.
    let text = p.captured_notation(m).to_string();
    assert_eq!(text, "a1xa3xc4xf4xh6xf7xc7xa6xc5xf5xh3xf2xc2xa2");
    assert_eq!(p.parse_any_move(&text), Ok(m));
}
