//! Checking one move, counting and reading move text need no move list: they work on
//! positions with more legal moves than `MoveList::CAPACITY`, even without the `alloc`
//! feature, where such a list cannot exist. CI runs this file without default features:
//! `cargo test --no-default-features --test nostd_capacity` (the test uses std; only the
//! crate is built without `alloc`). The expected moves come from the naive reference in
//! `tests/reference`, which shares no code with the crate.

mod reference;

use turkish_draughts::{
    IllegalMoveReason, Move, MoveList, ParseMoveError, Position, RuleSet, perft,
};

/// Line 1 of `tests/data/worst-case-found.fen`: 1 904 legal moves, strict position.
fn line1() -> &'static str {
    include_str!("data/worst-case-found.fen")
        .lines()
        .next()
        .unwrap()
}

fn reference_rules(rules: RuleSet) -> reference::Rules {
    match rules {
        RuleSet::Default => reference::Rules::Default,
        RuleSet::Tudaf => reference::Rules::Tudaf,
    }
}

/// The sizes `Move`'s and `MoveList`'s docs give: a list is its 256 moves of 32 bytes and
/// its length, and with `alloc` the tag that says whether it moved to the heap.
#[test]
fn a_move_is_32_bytes_and_a_list_8_kb() {
    assert_eq!(size_of::<Move>(), 32);
    let list = if cfg!(feature = "alloc") { 8208 } else { 8200 };
    assert_eq!(size_of::<MoveList>(), list);
}

#[test]
fn perft_1_counts_without_a_list() {
    let fen = line1();
    let r = reference::parse_fen(fen).unwrap();
    for rules in RuleSet::ALL {
        let pos = Position::from_fen(fen, rules).unwrap();
        let want = reference::legal_moves(&r, reference_rules(rules)).len() as u64;
        assert!(want > 256, "{want}");
        assert_eq!(perft(&pos, 1), want, "{rules}");
    }
}

#[test]
fn single_moves_are_checked_read_and_played_without_a_list() {
    let fen = line1();
    let r = reference::parse_fen(fen).unwrap();
    for rules in RuleSet::ALL {
        let pos = Position::from_fen(fen, rules).unwrap();
        let moves = reference::legal_moves(&r, reference_rules(rules));
        let required = moves[0].captured.count_ones();
        // The quiet move of the issue: refused with the length of the captures.
        assert_eq!(
            pos.parse_move("c1-c2"),
            Err(ParseMoveError::CaptureRequired { required })
        );
        for m in moves.iter().step_by(53) {
            let text = reference::move_text(m);
            let parsed = pos
                .parse_move(&text)
                .unwrap_or_else(|e| panic!("{rules} {text}: {e}"));
            assert_eq!(parsed.from().index() as usize, m.from, "{text}");
            assert_eq!(parsed.to().index() as usize, m.to, "{text}");
            assert_eq!(parsed.captured().to_u64(), m.captured, "{text}");
            assert_eq!(parsed.is_crowning(), m.crowned, "{text}");
            assert!(pos.is_legal(parsed), "{text}");
            let mut child = pos;
            child.try_play(parsed).unwrap();
            assert_eq!(
                child.setup().to_string(),
                reference::to_fen(&reference::apply(&r, m)),
                "{text}"
            );
            // Played, the move is not legal in the child.
            let err = child.try_play(parsed).unwrap_err();
            assert_eq!(err.reason, IllegalMoveReason::NoPiece);
        }
        // A quiet move of another position is refused for the capture.
        let quiet = Position::from_fen("W:WKc1:BKh8", rules)
            .unwrap()
            .parse_move("c1-c2")
            .unwrap();
        assert!(!pos.is_legal(quiet));
        let mut copy = pos;
        let err = copy.try_play(quiet).unwrap_err();
        assert_eq!(err.reason, IllegalMoveReason::CaptureRequired);
        assert_eq!(copy, pos);
    }
}
