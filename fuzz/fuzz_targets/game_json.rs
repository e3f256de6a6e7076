//! `Game` through JSON: a game played from the fuzz bytes (each byte plays a legal move or
//! takes one back) counts repetitions as a recount from scratch does, writes as JSON and
//! reads back equal, with the same counts.
#![no_main]

use libfuzzer_sys::fuzz_target;
use turkish_draughts::{Game, RuleSet};

const STARTS: [&str; 3] = [
    // Men shuffling sideways far apart, and kings: positions repeat.
    "W:Wa2,c2,e2,g2,b3,d3,f3,h3:Ba7,c7,e7,g7,b6,d6,f6,h6",
    "W:WKa1,a2:BKh8,h7",
    "W:Wa4,b4,c4,d4:Ba5,b5,c5,d5",
];

/// How many times the current position has occurred since the last irreversible move,
/// counted from the positions alone.
fn recount(game: &Game) -> u32 {
    let positions = game.positions();
    let now = positions.last().expect("a first position");
    let mut count = 0;
    for (i, pos) in positions.iter().enumerate().rev() {
        if pos == now {
            count += 1;
        }
        if i > 0 {
            let mv = game.moves()[i - 1];
            let before = &positions[i - 1];
            let man = !before.board().kings().contains(mv.from());
            if mv.is_capture() || (man && mv.from().rank() != mv.to().rank()) {
                break;
            }
        }
    }
    count
}

fuzz_target!(|data: &[u8]| {
    let Some((&how, steps)) = data.split_first() else {
        return;
    };
    let rules = if how & 1 == 0 { RuleSet::Default } else { RuleSet::Tudaf };
    let fen = STARTS[usize::from(how >> 1) % STARTS.len()];
    let mut game = Game::from_fen(fen, rules).expect("a valid start");
    for &b in steps {
        if b >= 240 {
            game.undo();
        } else if game.outcome().is_none() {
            let moves = game.position().legal_moves();
            // Prefer quiet king and sideways moves, which repeat positions.
            game.play(moves[usize::from(b) % moves.len()]);
        }
        assert_eq!(game.repetitions(), recount(&game));
    }
    let json = serde_json::to_string(&game).expect("a game writes");
    let back: Game = serde_json::from_str(&json).expect("written JSON reads");
    assert_eq!(back, game, "{json}");
    assert_eq!(back.repetitions(), game.repetitions());
    assert_eq!(back.outcome(), game.outcome());
});
