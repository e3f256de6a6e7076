//! `Game`: history, undo, threefold repetition, the no-progress limit, refusals.
#![cfg(feature = "alloc")]

use crate::common::XorShift;
use proptest::prelude::*;
use turkish_draughts::{
    Color, DrawReason, Game, GameResult, Move, Outcome, PlayError, Position, RuleSet, WinReason,
};

const REPETITION: Option<Outcome> = Some(Outcome::Draw {
    reason: DrawReason::Repetition,
});
const NO_PROGRESS: Option<Outcome> = Some(Outcome::Draw {
    reason: DrawReason::NoProgress,
});

/// Plays the move texts `moves` in order (each must be legal).
fn play_all(game: &mut Game, moves: &[&str]) {
    for text in moves {
        game.try_play_text(text)
            .unwrap_or_else(|e| panic!("{text} in {:?}: {e}", game.position()));
    }
}

/// How often the current position occurred, counted naively over all positions.
fn naive_repetitions(game: &Game) -> u32 {
    let now = game.position();
    game.positions().iter().filter(|p| *p == now).count() as u32
}

#[test]
fn new_game_is_empty() {
    for rules in RuleSet::ALL {
        let game = Game::new(rules);
        assert_eq!(*game.position(), Position::new(rules));
        assert_eq!(*game.start(), Position::new(rules));
        assert_eq!(game.rules(), rules);
        assert_eq!(game.ply(), 0);
        assert!(game.moves().is_empty());
        assert_eq!(game.positions(), [Position::new(rules)]);
        assert_eq!(game.plies_since_progress(), 0);
        assert_eq!(game.repetitions(), 1);
        assert_eq!(game.zobrist(), Position::start().zobrist());
        assert_eq!(game.outcome(), None);
        assert_eq!(game.result(), GameResult::Ongoing);
        assert_eq!(game.no_progress_limit(), None);
    }
    let from_fen = Game::from_fen("B:Wd4:Bd6", RuleSet::Tudaf).unwrap();
    assert_eq!(from_fen.position().turn(), Color::Black);
    assert_eq!(from_fen.rules(), RuleSet::Tudaf);
    assert!(Game::from_fen("W:Wd8:Bd6", RuleSet::Default).is_err()); // man on its far rank
}

#[test]
fn play_and_undo_round_trip() {
    let mut game = Game::new(RuleSet::Default);
    let mut snapshots = vec![game.clone()];
    let mut played = Vec::new();
    for text in ["a3-a4", "h6-h5", "b3-b4", "g6-g5"] {
        played.push(game.try_play_text(text).unwrap());
        snapshots.push(game.clone());
    }
    assert_eq!(game.ply(), 4);
    assert_eq!(game.moves(), played.as_slice());
    while let Some(mv) = game.undo() {
        assert_eq!(Some(mv), played.pop());
        snapshots.pop();
        assert_eq!(&game, snapshots.last().unwrap());
    }
    assert_eq!(game, Game::new(RuleSet::Default));
    // The game goes on after undo.
    game.try_play_text("a3-a4").unwrap();
    assert_eq!(game.ply(), 1);
}

#[test]
fn threefold_repetition_exactly_on_the_third_occurrence() {
    // Two kings and a man each side far away: kings shuffle.
    let mut game = Game::from_fen("W:WKa1,a2:BKh8,h7", RuleSet::Default).unwrap();
    let cycle = ["a1-b1", "h8-g8", "b1-a1", "g8-h8"];
    let mut expected = vec![1];
    for round in 0..2 {
        for (i, text) in cycle.iter().enumerate() {
            assert_eq!(game.outcome(), None, "round {round} move {i}");
            game.try_play_text(text).unwrap();
            // Position after 4k plies is the start: occurrence k + 1.
            expected.push(if i == 3 { round + 2 } else { round + 1 });
        }
    }
    let mut replay = Game::from_fen("W:WKa1,a2:BKh8,h7", RuleSet::Default).unwrap();
    for (ply, want) in expected.iter().enumerate() {
        assert_eq!(replay.repetitions(), *want, "ply {ply}");
        assert_eq!(replay.repetitions(), naive_repetitions(&replay));
        if ply < 8 {
            replay.play(game.moves()[ply]);
        }
    }
    assert_eq!(game.repetitions(), 3);
    assert_eq!(game.outcome(), REPETITION);
    assert_eq!(game.result(), GameResult::Draw);
    // Undo the third occurrence: back to two, the game goes on.
    game.undo();
    assert_eq!(game.outcome(), None);
    game.try_play_text("g8-h8").unwrap();
    assert_eq!(game.outcome(), REPETITION);
}

#[test]
fn repetition_needs_the_same_side_to_move() {
    // White loses a tempo with a triangle: after five plies the board is the start's, with
    // Black to move. That is not a repetition.
    let mut game = Game::from_fen("W:WKa1,a2:BKh8,h7", RuleSet::Default).unwrap();
    play_all(&mut game, &["a1-b1", "h8-g8", "b1-c1", "g8-h8", "c1-a1"]);
    assert_eq!(game.position().board(), game.start().board());
    assert_eq!(game.position().turn(), Color::Black);
    assert_eq!(game.repetitions(), 1);
    assert_ne!(game.zobrist(), game.start().zobrist());
}

#[test]
fn repetition_counted_from_a_fen_start_with_black_to_move() {
    let fen = "B:WKa1,a2:BKh8,h7";
    let mut game = Game::from_fen(fen, RuleSet::Tudaf).unwrap();
    play_all(&mut game, &["h8-g8", "a1-b1", "g8-h8", "b1-a1"]);
    assert_eq!(game.repetitions(), 2);
    assert_eq!(game.outcome(), None);
    play_all(&mut game, &["h8-g8", "a1-b1", "g8-h8", "b1-a1"]);
    assert_eq!(game.repetitions(), 3);
    assert_eq!(*game.position(), *game.start());
    assert_eq!(game.outcome(), REPETITION);
}

#[test]
fn a_capture_in_between_starts_the_count_again() {
    let fen = "W:WKa1,a2,f3:BKh8,h7";
    let mut game = Game::from_fen(fen, RuleSet::Default).unwrap();
    play_all(&mut game, &["a1-b1", "h8-g8", "b1-a1", "g8-h8"]);
    assert_eq!(game.repetitions(), 2);
    // A sideways man move, then the black king takes the man.
    play_all(&mut game, &["f3-g3", "h8-g8", "a2-a3"]);
    let mv = game.try_play_text("g8xg2").unwrap();
    assert!(mv.is_capture());
    assert_eq!(game.plies_since_progress(), 0);
    assert_eq!(game.repetitions(), 1);
    // After the capture, shuffles repeat from a count of one.
    let after = *game.position();
    let cycle = ["a1-b1", "g2-g3", "b1-a1", "g3-g2"];
    play_all(&mut game, &cycle);
    assert_eq!(*game.position(), after);
    assert_eq!(game.repetitions(), 2);
    assert_eq!(game.repetitions(), naive_repetitions(&game));
    assert_eq!(game.outcome(), None);
    play_all(&mut game, &cycle);
    assert_eq!(game.repetitions(), 3);
    assert_eq!(game.outcome(), REPETITION);
}

#[test]
fn sideways_man_moves_can_repeat() {
    // Men shuffle sideways: positions repeat although men moved (which is progress for the
    // no-progress counter).
    let mut game = Game::from_fen("W:Wa2,Ke1:Bh7,Ke8", RuleSet::Default).unwrap();
    let cycle = ["a2-b2", "h7-g7", "b2-a2", "g7-h7"];
    play_all(&mut game, &cycle);
    play_all(&mut game, &cycle);
    assert_eq!(game.plies_since_progress(), 0);
    assert_eq!(game.repetitions(), 3);
    assert_eq!(game.outcome(), REPETITION);
}

#[test]
fn forward_man_move_ends_the_window() {
    let mut game = Game::from_fen("W:Wa2,Ke1:Bh7,Ke8", RuleSet::Default).unwrap();
    play_all(&mut game, &["e1-d1", "e8-d8", "d1-e1", "d8-e8"]);
    assert_eq!(game.repetitions(), 2);
    play_all(&mut game, &["a2-a3"]);
    assert_eq!(game.repetitions(), 1);
    assert_eq!(game.repetitions(), naive_repetitions(&game));
}

/// A repetition by sideways man moves, which are reversible: the position after ply 10 occurs
/// again after plies 14 and 18, and the game is drawn then, not before (a game found by
/// random self-play from four men a side).
#[test]
fn repetition_by_sideways_men() {
    let fen = "W:Wa4,b4,c4,d4:Ba5,b5,c5,d5";
    let moves = [
        "c4xc6", "d5xd3", "a4xa6", "b5xb3", "c6-d6", "b3-b2", "d6-c6", "d3-c3", "a6-a7", "c3-c2",
        "c6-d6", "c2-d2", "d6-c6", "d2-c2", "c6-d6", "c2-d2", "d6-c6", "d2-c2",
    ];
    let mut game = Game::from_fen(fen, RuleSet::Default).unwrap();
    for (ply, text) in moves.iter().enumerate() {
        assert_eq!(game.outcome(), None, "before ply {}", ply + 1);
        game.try_play_text(text).unwrap();
        assert_eq!(game.repetitions(), naive_repetitions(&game));
    }
    assert_eq!(game.positions()[10], *game.position());
    assert_eq!(game.positions()[14], *game.position());
    assert_eq!(game.repetitions(), 3);
    assert_eq!(game.outcome(), REPETITION);
    assert_eq!(game.result(), GameResult::Draw);
}

/// Random games from four men a side facing each other: every time the naive count reaches
/// three, the game says draw by repetition, and never before.
#[test]
fn selfplay_detects_repetition() {
    let fen = "W:Wa4,b4,c4,d4:Ba5,b5,c5,d5";
    let mut repetition_draws = 0;
    for seed in 1..=2000u64 {
        let mut rng = XorShift(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1);
        let mut game = Game::from_fen(fen, RuleSet::Default).unwrap();
        for _ in 0..400 {
            let naive = naive_repetitions(&game);
            assert_eq!(game.repetitions(), naive);
            let position_outcome = game.position().outcome();
            if position_outcome.is_none() {
                assert_eq!(game.outcome() == REPETITION, naive >= 3, "{game:?}");
            }
            if game.outcome().is_some() {
                break;
            }
            let moves = game.position().legal_moves();
            let mv = moves[rng.next() as usize % moves.len()];
            game.try_play(mv).unwrap();
        }
        if game.outcome() == REPETITION {
            repetition_draws += 1;
            // The game refuses to go on.
            let mv = game.position().legal_moves()[0];
            assert_eq!(
                game.try_play(mv),
                Err(PlayError::GameOver {
                    outcome: REPETITION.unwrap()
                })
            );
        }
    }
    assert!(repetition_draws > 0, "no random game ended in a repetition");
}

#[test]
fn no_progress_is_off_by_default() {
    let mut game = Game::from_fen("W:WKa1,a2:BKh8,h7", RuleSet::Default).unwrap();
    let cycle = ["a1-b1", "h8-g8", "b1-c1", "g8-f8", "c1-a1", "f8-h8"];
    play_all(&mut game, &cycle[..4]);
    assert_eq!(game.plies_since_progress(), 4);
    assert_eq!(game.outcome(), None);
}

#[test]
fn no_progress_limit_counts_captures_and_man_moves_as_progress() {
    let fen = "W:WKa1,a2:BKh8,h7";
    let mut game = Game::from_fen(fen, RuleSet::Default)
        .unwrap()
        .with_no_progress_limit(Some(3));
    assert_eq!(game.no_progress_limit(), Some(3));
    play_all(&mut game, &["a1-b1", "h8-g8"]);
    assert_eq!(game.plies_since_progress(), 2);
    assert_eq!(game.outcome(), None);
    play_all(&mut game, &["a2-a3"]); // a man move: progress
    assert_eq!(game.plies_since_progress(), 0);
    play_all(&mut game, &["g8-f8", "b1-c1"]);
    assert_eq!(game.outcome(), None);
    play_all(&mut game, &["h7-g7"]); // a sideways man move is progress too
    assert_eq!(game.plies_since_progress(), 0);
    play_all(&mut game, &["c1-d1", "f8-e8", "d1-c1"]);
    assert_eq!(game.plies_since_progress(), 3);
    assert_eq!(game.outcome(), NO_PROGRESS);
    assert!(matches!(
        game.try_play_text("e8-f8"),
        Err(PlayError::GameOver { .. })
    ));
    // Undo: the counter goes back and the game goes on.
    game.undo();
    assert_eq!(game.plies_since_progress(), 2);
    assert_eq!(game.outcome(), None);

    // A capture is progress.
    let mut game = Game::from_fen("W:WKd1:BKh8,d5,h7", RuleSet::Default)
        .unwrap()
        .with_no_progress_limit(Some(2));
    play_all(&mut game, &["d1xd7"]);
    assert_eq!(game.plies_since_progress(), 0);
    play_all(&mut game, &["h8-g8"]);
    assert_eq!(game.outcome(), None);
    // The position decides before the limit does.
    let game = Game::from_fen("W:WKd4:Bd6", RuleSet::Default)
        .unwrap()
        .with_no_progress_limit(Some(0));
    assert_eq!(
        game.outcome(),
        Some(Outcome::Win {
            winner: Color::White,
            reason: WinReason::KingAgainstLoneMan
        })
    );
}

#[test]
fn game_over_is_refused_and_leaves_the_game_unchanged() {
    // White has no move: Black has won.
    let mut game = Game::from_fen("W:Wa7:BKa8,b7,c7", RuleSet::Default).unwrap();
    let before = game.clone();
    let err = game.try_play_text("a7-a8").unwrap_err();
    let outcome = Outcome::Win {
        winner: Color::Black,
        reason: WinReason::NoLegalMove,
    };
    assert_eq!(err, PlayError::GameOver { outcome });
    assert_eq!(
        err.to_string(),
        "the game is over (black wins: the opponent has no legal move): no more moves can be played"
    );
    assert_eq!(game, before);
    assert_eq!(game.result(), GameResult::BlackWins);
    // A move of another position: still "the game is over", not "illegal".
    let other = Position::start().parse_move("a3-a4").unwrap();
    assert_eq!(game.try_play(other), Err(PlayError::GameOver { outcome }));
    assert_eq!(game, before);

    // One king each: the side to move has legal moves, but the game is drawn.
    let mut game = Game::from_fen("W:WKa1:BKh8", RuleSet::Default).unwrap();
    let draw = Outcome::Draw {
        reason: DrawReason::OneKingEach,
    };
    let legal = game.position().legal_moves()[0];
    assert_eq!(
        game.try_play(legal),
        Err(PlayError::GameOver { outcome: draw })
    );
    assert!(matches!(
        game.try_play_text("a1-a2"),
        Err(PlayError::GameOver { .. })
    ));
    assert_eq!(game.ply(), 0);
}

#[test]
fn illegal_and_unparsable_moves_leave_the_game_unchanged() {
    let mut game = Game::new(RuleSet::Default);
    game.try_play_text("d3-d4").unwrap();
    let before = game.clone();
    // A move of another position.
    let white_move = Position::start().parse_move("a3-a4").unwrap();
    assert!(matches!(
        game.try_play(white_move),
        Err(PlayError::Illegal(e)) if e.mv == white_move
    ));
    assert_eq!(game, before);
    for text in ["", "d3-d4", "e6-e4", "zz", "e6xe4"] {
        assert!(
            matches!(game.try_play_text(text), Err(PlayError::Parse(_))),
            "{text}"
        );
        assert_eq!(game, before, "{text}");
    }
}

#[test]
#[should_panic(expected = "illegal move")]
fn play_panics_on_an_illegal_move() {
    let mut game = Game::new(RuleSet::Default);
    let mv = game.position().parse_move("d3-d4").unwrap();
    game.play(mv);
    game.play(mv);
}

/// A random game: moves chosen by `choices`, stopping when the game ends.
fn random_game(rules: RuleSet, fen: &str, choices: &[u32]) -> Game {
    let mut game = Game::from_fen(fen, rules).unwrap();
    for &c in choices {
        if game.outcome().is_some() {
            break;
        }
        let moves = game.position().legal_moves();
        let mv: Move = moves[c as usize % moves.len()];
        game.try_play(mv).unwrap();
    }
    game
}

const STARTS: [&str; 3] = [
    "W:Wa2,a3,b2,b3,c2,c3,d2,d3,e2,e3,f2,f3,g2,g3,h2,h3:Ba6,a7,b6,b7,c6,c7,d6,d7,e6,e7,f6,f7,g6,g7,h6,h7",
    "W:Wa4,b4,c4,d4:Ba5,b5,c5,d5",
    "B:WKa1,Kc3,e4:BKh8,Kf6,d5",
];

proptest! {
    #![proptest_config(ProptestConfig::with_cases(150))]

    #[test]
    fn random_games_are_consistent(
        tudaf in any::<bool>(),
        start in 0usize..STARTS.len(),
        choices in prop::collection::vec(0u32..4, 0..200),
    ) {
        let rules = if tudaf { RuleSet::Tudaf } else { RuleSet::Default };
        let mut game = random_game(rules, STARTS[start], &choices);
        prop_assert_eq!(game.positions().len(), game.moves().len() + 1);
        prop_assert_eq!(game.ply(), game.moves().len());
        // positions() is the replay of moves().
        let mut pos = *game.start();
        for (i, mv) in game.moves().iter().enumerate() {
            prop_assert_eq!(game.positions()[i], pos);
            pos.try_play(*mv).unwrap();
        }
        prop_assert_eq!(*game.position(), pos);
        // Undo all the way back; every step checks the bookkeeping against naive counts.
        loop {
            prop_assert_eq!(game.zobrist(), game.position().zobrist());
            prop_assert_eq!(game.repetitions(), naive_repetitions(&game));
            let progress = game
                .moves()
                .iter()
                .zip(game.positions())
                .rposition(|(m, p)| m.is_capture() || !p.board().kings().contains(m.from()))
                .map_or(game.ply(), |i| game.ply() - i - 1);
            prop_assert_eq!(game.plies_since_progress() as usize, progress);
            if game.undo().is_none() {
                break;
            }
        }
        prop_assert_eq!(game.ply(), 0);
        prop_assert_eq!(*game.position(), Position::from_fen(STARTS[start], rules).unwrap());
    }
}
