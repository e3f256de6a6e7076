//! Move text against a few positions (the start, a king capture, the first `bench.fen`
//! position and a position with 1 904 moves): what parses is legal, plays, and reads back
//! from its own text.
#![no_main]

use std::sync::OnceLock;

use libfuzzer_sys::fuzz_target;
use turkish_draughts::{Position, RuleSet};

fn positions() -> &'static [Position] {
    static POSITIONS: OnceLock<Vec<Position>> = OnceLock::new();
    POSITIONS.get_or_init(|| {
        let bench = include_str!("../../tests/data/bench.fen");
        let many = include_str!("../../tests/data/worst-case-found.fen");
        let fens = [
            "W:Wa2,b2,c2,d2,e2,f2,g2,h2,a3,b3,c3,d3,e3,f3,g3,h3:Ba6,b6,c6,d6,e6,f6,g6,h6,a7,b7,c7,d7,e7,f7,g7,h7",
            "W:WKh1:Bh3,h6",
            "W:Wc4,d4:Bc5,Kd6,e4,b4",
            bench.lines().next().unwrap(),
            many.lines().next().unwrap(),
        ];
        let mut out = Vec::new();
        for fen in fens {
            let fen = fen.split('#').next().unwrap().trim();
            for rules in RuleSet::ALL {
                out.push(Position::from_fen(fen, rules).expect("a valid position"));
            }
        }
        out
    })
}

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    for pos in positions() {
        let Ok(m) = pos.parse_move(text) else {
            continue;
        };
        assert!(pos.is_legal(m), "{pos:?} {text:?}");
        assert!(pos.legal_moves().contains(&m), "{pos:?} {text:?}");
        // (The text with the position's path: a capture of more than 11 pieces holds none.)
        let again = pos.move_text(&m).expect("a legal move has a path");
        assert_eq!(pos.parse_move(again.as_str()), Ok(m), "{pos:?} {text:?}");
        let mut child = *pos;
        child.try_play(m).expect("a parsed move plays");
        assert_ne!(child.turn(), pos.turn());
    }
});
