//! FEN text: parse it; what parses prints back to the same setup; what the strict check
//! accepts generates its moves, which agree with perft, `is_legal` and their own text.
#![no_main]

use libfuzzer_sys::fuzz_target;
use turkish_draughts::{perft, Position, RuleSet, Setup};

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let Ok(setup) = text.parse::<Setup>() else {
        return;
    };
    let printed = setup.to_string();
    let again: Setup = printed.parse().expect("printed FEN parses");
    assert_eq!(again, setup, "{printed}");
    for rules in RuleSet::ALL {
        let Ok(pos) = Position::from_setup(&setup, rules) else {
            continue;
        };
        assert_eq!(Position::from_fen(&printed, rules), Ok(pos));
        let moves = pos.legal_moves();
        assert_eq!(perft(&pos, 1), moves.len() as u64, "{printed}");
        assert_eq!(pos.has_legal_move(), !moves.is_empty(), "{printed}");
        for m in moves.iter().take(16) {
            assert!(pos.is_legal(*m), "{printed} {m}");
            // (The text with the position's path: a capture of more than 11 pieces holds none.)
            let text = pos.move_text(m).expect("a legal move has a path");
            assert_eq!(pos.parse_move(text.as_str()), Ok(*m), "{printed} {text}");
            let mut child = pos;
            child.try_play(*m).expect("a generated move plays");
        }
    }
});
