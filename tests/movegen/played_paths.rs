//! A legal move keeps the landing path it was given: `Game` records (and writes to PDN) the
//! path of the move that was played, even in positions where the move has several paths and
//! the legality check's own search would have found another one first.

use turkish_draughts::{Game, Position, RuleSet};

fn positions(file: &str, lines: usize) -> Vec<Position> {
    let path = format!("{}/tests/data/{file}", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(path).unwrap();
    let mut out = Vec::new();
    let fens = text.lines().map(str::trim);
    for line in fens
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .take(lines)
    {
        let Ok(setup) = line.parse() else { continue };
        for rules in [RuleSet::Default, RuleSet::Tudaf] {
            if let Ok(pos) = Position::from_setup_relaxed(&setup, rules) {
                out.push(pos);
            }
        }
    }
    out
}

#[test]
fn a_game_records_the_path_that_was_played() {
    let mut checked = 0;
    // Line 1 of worst-case-found.fen (1 904 moves) is where the search and the check find
    // different paths first; bench.fen has ordinary captures.
    for (file, lines) in [("worst-case-found.fen", 1), ("bench.fen", 12)] {
        for pos in positions(file, lines) {
            // Every 40th capture of the long lists (each check searches the position).
            let moves = pos.legal_moves();
            let step = if moves.len() > 60 { 40 } else { 1 };
            for m in moves.iter().filter(|m| m.is_capture()).step_by(step) {
                let mut game = Game::from_position(pos);
                game.try_play(*m).unwrap();
                let played = game.moves().last().unwrap();
                assert_eq!(played.path(), m.path(), "{:?}: {m}", pos);
                checked += 1;
            }
        }
    }
    assert!(checked > 100, "{checked} captures");
}
