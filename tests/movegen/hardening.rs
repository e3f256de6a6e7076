//! Errors that say what is wrong, move text with whitespace, the perft depth bound, and
//! `is_legal` (which builds no list) against the move list.

use turkish_draughts::{
    IllegalMoveReason, MAX_PERFT_DEPTH, Move, PerftDepthError, Position, RuleSet, Setup, divide,
    perft, try_perft,
};

fn pos(fen: &str) -> Position {
    Position::from_fen(fen, RuleSet::Default).unwrap()
}

#[test]
fn illegal_move_errors_print_the_move_and_the_reason() {
    let mut start = Position::start();
    let m = start.parse_move("d3-d4").unwrap();
    start.try_play(m).unwrap();
    let err = start.try_play(m).unwrap_err();
    assert_eq!(err.reason, IllegalMoveReason::NoPiece);
    assert_eq!(
        err.to_string(),
        "illegal move d3-d4: no piece of the side to move stands on d3"
    );

    // Only c4xc6xe6 is legal here (two pieces); d4xf4 takes one.
    let mut rules_ex = pos("W:Wc4,d4:Bc5,Kd6,e4,b4");
    let short = pos("W:Wd4:Be4").parse_move("d4xf4").unwrap();
    let err = rules_ex.try_play(short).unwrap_err();
    assert_eq!(err.reason, IllegalMoveReason::NotLegal);
    assert_eq!(
        err.to_string(),
        "illegal move d4xf4: not a legal move of this position"
    );
    let quiet = pos("W:Wc4:B").parse_move("c4-c5").unwrap();
    let err = rules_ex.try_play(quiet).unwrap_err();
    assert_eq!(err.reason, IllegalMoveReason::CaptureRequired);
    assert_eq!(
        err.to_string(),
        "illegal move c4-c5: capturing is compulsory in this position"
    );
    // A quiet move where no capture exists, but not one of the position's.
    let mut blocked = pos("W:Wc4:Bc5,c6");
    let err = blocked.try_play(quiet).unwrap_err();
    assert_eq!(err.reason, IllegalMoveReason::NotLegal);
}

#[test]
fn move_text_is_trimmed_like_fen() {
    let p = Position::start();
    let want = p.parse_move("d3-d4").unwrap();
    for text in [" d3-d4", "d3-d4 ", "\t d3-d4\n"] {
        assert_eq!(p.parse_move(text), Ok(want), "{text:?}");
    }
    let k = pos("W:WKh1:Bh3,h6");
    assert_eq!(k.parse_move("h1xh7 "), k.parse_move("h1xh7"));
    assert!(k.parse_move("h1xh7 ").is_ok());
    // FEN parsing trims too.
    assert_eq!(" W:Wa2:Ba7 ".parse::<Setup>(), "W:Wa2:Ba7".parse::<Setup>());
}

#[test]
fn perft_depth_is_bounded() {
    let start = Position::start();
    assert_eq!(
        try_perft(&start, MAX_PERFT_DEPTH + 1),
        Err(PerftDepthError { depth: 65 })
    );
    assert_eq!(try_perft(&start, 3), Ok(perft(&start, 3)));
    // The largest depth is accepted: a side without moves ends the tree at once.
    let stuck = pos("W:Wa7:BKa8,b7,c7");
    assert_eq!(try_perft(&stuck, MAX_PERFT_DEPTH), Ok(0));
    assert_eq!(divide(&stuck, MAX_PERFT_DEPTH, |_, _| {}), 0);
}

#[test]
#[should_panic(expected = "perft depth 1000 is more than the maximum of 64")]
fn perft_panics_past_the_bound() {
    perft(&Position::start(), 1000);
}

#[test]
#[should_panic(expected = "perft depth 65 is more than the maximum of 64")]
fn divide_panics_past_the_bound() {
    divide(&Position::start(), 65, |_, _| {});
}

/// Positions to check `is_legal` on, and moves of other positions to try there.
fn positions() -> Vec<Position> {
    let mut out = Vec::new();
    // (The worst cases take long in a debug build; one of them is enough here.)
    for (text, lines) in [
        (include_str!("../data/bench.fen"), 4),
        (include_str!("../data/worst-case-found.fen"), 1),
    ] {
        for line in text.lines().take(lines) {
            let fen = line.split('#').next().unwrap_or("").trim();
            if let Ok(setup) = fen.parse::<Setup>() {
                for rules in RuleSet::ALL {
                    if let Ok(p) = Position::from_setup_relaxed(&setup, rules) {
                        out.push(p);
                    }
                }
            }
        }
    }
    out
}

#[test]
fn is_legal_agrees_with_the_move_list() {
    let positions = positions();
    // Moves from all of them, and from their children: most are not legal elsewhere.
    let mut candidates: Vec<Move> = Vec::new();
    for p in &positions {
        for m in p.legal_moves().iter().step_by(97) {
            candidates.push(*m);
            let mut child = *p;
            child.play_unchecked(*m);
            candidates.extend(child.legal_moves().iter().step_by(13));
        }
    }
    for p in &positions {
        let moves = p.legal_moves();
        for m in &moves {
            assert!(p.is_legal(*m), "{p:?} {m}");
        }
        for m in &candidates {
            assert_eq!(p.is_legal(*m), moves.contains(m), "{p:?} {m}");
            let mut copy = *p;
            assert_eq!(copy.try_play(*m).is_ok(), moves.contains(m), "{p:?} {m}");
        }
    }
}
