//! The play example's engine against a random mover: it must never lose, under either rule
//! set, with either colour.

#[allow(dead_code)]
#[path = "../../examples/play/engine.rs"]
mod engine;

use crate::common::XorShift;
use engine::{Engine, Limit};
use turkish_draughts::{Color, Game, Outcome, Position, RuleSet};

/// Plays one game, the engine on `engine_side`; returns the outcome, or `None` if it was
/// still going after `max_plies`.
fn play(
    rules: RuleSet,
    engine_side: Color,
    seed: u64,
    depth: u32,
    max_plies: usize,
) -> (Option<Outcome>, Game) {
    let mut game = Game::new(rules);
    let mut engine = Engine::new(16);
    let mut rng = XorShift(seed);
    while game.ply() < max_plies {
        if let Some(outcome) = game.outcome() {
            return (Some(outcome), game);
        }
        let pos = *game.position();
        let mv = if pos.turn() == engine_side {
            let positions = game.positions();
            let history: Vec<u64> = positions[..positions.len() - 1]
                .iter()
                .map(Position::zobrist)
                .collect();
            engine
                .best_move(&pos, &history, Limit::Depth(depth))
                .expect("a game that goes on has a legal move")
                .mv
        } else {
            let moves = pos.legal_moves();
            moves[rng.below(moves.len())]
        };
        game.try_play(mv).expect("both players choose legal moves");
    }
    (game.outcome(), game)
}

#[test]
fn engine_never_loses_to_random_moves() {
    let mut wins = 0;
    let mut games = 0;
    for (r, rules) in RuleSet::ALL.into_iter().enumerate() {
        for i in 0..6u64 {
            let side = if i % 2 == 0 {
                Color::White
            } else {
                Color::Black
            };
            let depth = 2 + (i as u32 / 2) % 2;
            let seed = 0x9e37_79b9_7f4a_7c15
                ^ ((r as u64) << 32 | (i + 1)).wrapping_mul(0x1234_5678_9abc_def1);
            let (outcome, game) = play(rules, side, seed, depth, 400);
            games += 1;
            eprintln!(
                "{rules}, engine {side} at depth {depth}: {outcome:?} after {} plies",
                game.ply()
            );
            match outcome.and_then(|o| o.winner()) {
                Some(w) if w == side => wins += 1,
                Some(_) => panic!("the engine ({side}) lost under {rules}: {game:?}"),
                None => {}
            }
        }
    }
    // Random moves are weak: the engine should win most games, not just avoid losing.
    assert!(wins * 4 >= games * 3, "only {wins} wins in {games} games");
}

#[test]
fn engine_finds_a_quiet_win() {
    // Worked out by hand: after d2-c2 the black man on a2 cannot move (a1 is taken, and the
    // jump over b2 would land on c2), so White wins at once.
    let pos = Position::from_fen("W:WKa1,a3,b2,d2:Ba2", RuleSet::Default).unwrap();
    let win = pos.parse_move("d2-c2").unwrap();
    for depth in 1..=4 {
        let report = Engine::new(12)
            .best_move(&pos, &[], Limit::Depth(depth))
            .unwrap();
        assert_eq!(report.mv, win, "depth {depth}");
        assert_eq!(
            report.score,
            engine::WIN - 1,
            "a win one ply away, depth {depth}"
        );
    }
    // A position without legal moves has no best move.
    let mut after = pos;
    after.play(win);
    assert!(
        Engine::new(8)
            .best_move(&after, &[], Limit::Depth(3))
            .is_none()
    );
}

#[test]
fn the_score_of_a_forced_move_is_the_score_after_it() {
    // White's only move is d4xd6, winning a man: a man against three before, two after.
    let pos = Position::from_fen("W:Wd4:Bd5,a7,h7", RuleSet::Default).unwrap();
    assert_eq!(pos.legal_moves().len(), 1);
    let mut engine = Engine::new(12);
    let report = engine.best_move(&pos, &[], Limit::Depth(3)).unwrap();
    let mut after = pos;
    after.play_unchecked(report.mv);
    // The position after the move, from the engine's side: Black's static score negated.
    assert_eq!(report.score, -engine.evaluate(&after));
    assert!(
        report.score > engine.evaluate(&pos) + 50,
        "{}",
        report.score
    );
}

#[test]
fn engine_with_a_time_limit_returns_a_legal_move() {
    let pos = Position::start();
    let report = Engine::new(12)
        .best_move(&pos, &[], Limit::Time(std::time::Duration::from_millis(50)))
        .unwrap();
    assert!(pos.legal_moves().contains(&report.mv));
    assert!(report.depth >= 1);
}

#[test]
fn a_return_to_a_position_of_the_game_scores_as_a_draw() {
    let pos = Position::start();
    let children: Vec<u64> = pos
        .legal_moves()
        .iter()
        .map(|m| {
            let mut child = pos;
            child.play_unchecked(*m);
            child.zobrist()
        })
        .collect();
    // Odd depths: at even ones the start position's symmetry scores 0 anyway.
    for depth in [1, 3] {
        let free = Engine::new(12)
            .best_move(&pos, &[], Limit::Depth(depth))
            .unwrap();
        assert_ne!(
            free.score, 0,
            "depth {depth}: the test needs a non-zero score"
        );
        // Every move leads back to a position the game has had: each line is a draw.
        let boxed = Engine::new(12)
            .best_move(&pos, &children, Limit::Depth(depth))
            .unwrap();
        assert_eq!(boxed.score, 0, "depth {depth}");
    }
}

#[test]
fn scores_are_written_in_men_or_as_a_forced_end() {
    use engine::{WIN, score_text};
    assert_eq!(score_text(0), "+0.00 men");
    assert_eq!(score_text(135), "+1.35 men");
    assert_eq!(score_text(-320), "-3.20 men");
    assert_eq!(score_text(WIN - 1), "wins in 1 ply");
    assert_eq!(score_text(WIN - 7), "wins in 7 plies");
    assert_eq!(score_text(-(WIN - 4)), "loses in 4 plies");
}
