//! The one-call shortcuts: `Position::to_fen`, `Game::to_fen`, `Game::legal_moves` and
//! `Game::to_pdn` say the same as the long ways they stand for.
#![cfg(feature = "alloc")]

use crate::common::XorShift;
use turkish_draughts::pdn::{self, Tags, WriteOptions};
use turkish_draughts::{DrawReason, Game, GameResult, Outcome, Position, RuleSet, Setup};

/// Random games under both rule sets, with a no-progress limit so that some end by it; each
/// game is handed over after every ply.
fn each_ply_of_random_games(mut f: impl FnMut(&Game)) {
    let mut rng = XorShift(0x9E37_79B9_7F4A_7C15);
    for rules in RuleSet::ALL {
        for _ in 0..40 {
            let mut game = Game::new(rules).with_no_progress_limit(Some(30));
            loop {
                f(&game);
                let moves = game.legal_moves();
                if moves.is_empty() {
                    break;
                }
                game.play(moves[rng.below(moves.len())]);
            }
        }
    }
}

#[test]
fn game_legal_moves_are_the_positions_while_the_game_goes_on_and_none_after() {
    let (mut plies, mut ended) = (0, 0);
    each_ply_of_random_games(|game| {
        plies += 1;
        let moves = game.legal_moves();
        match game.outcome() {
            None => {
                assert_eq!(
                    moves[..],
                    game.position().legal_moves()[..],
                    "{:?}",
                    game.position()
                );
                // Every one of them is accepted by try_play.
                for &mv in &moves {
                    game.clone().try_play(mv).unwrap();
                }
            }
            Some(_) => {
                ended += 1;
                assert!(moves.is_empty(), "{:?}", game.position());
            }
        }
    });
    assert_eq!(ended, 2 * 40, "every game ended");
    assert!(plies > 2_000, "{plies} plies");
}

#[test]
fn game_legal_moves_are_empty_after_a_draw_by_the_history() {
    // Threefold repetition: the kings shuffle; the position itself goes on.
    let mut game = Game::from_fen("W:WKa1:BKh8,h7", RuleSet::Default).unwrap();
    for text in ["a1-b1", "h8-g8", "b1-a1", "g8-h8"].repeat(2) {
        assert!(!game.legal_moves().is_empty());
        game.try_play_text(text).unwrap();
    }
    let repetition = Outcome::Draw {
        reason: DrawReason::Repetition,
    };
    assert_eq!(game.outcome(), Some(repetition));
    assert!(game.legal_moves().is_empty());
    assert!(!game.position().legal_moves().is_empty());

    // No progress: two quiet king moves with a limit of two.
    let mut game = Game::from_fen("W:WKa1,a2:BKh8,h7", RuleSet::Default)
        .unwrap()
        .with_no_progress_limit(Some(2));
    game.try_play_text("a1-b1").unwrap();
    game.try_play_text("h8-g8").unwrap();
    assert_eq!(
        game.outcome(),
        Some(Outcome::Draw {
            reason: DrawReason::NoProgress
        })
    );
    assert!(game.legal_moves().is_empty());
    assert!(!game.position().legal_moves().is_empty());
}

#[test]
fn to_fen_is_the_setup_text_and_reads_back() {
    // One written by hand: kings marked, squares sorted a1 to h8, White's pieces first.
    let pos = Position::from_fen("B:BKh8,a7,c5:WKb2,a2", RuleSet::Default).unwrap();
    assert_eq!(pos.to_fen(), "B:Wa2,Kb2:Bc5,a7,Kh8");
    assert_eq!(Position::start().to_fen(), Setup::start().to_string());
    each_ply_of_random_games(|game| {
        let pos = game.position();
        let fen = pos.to_fen();
        assert_eq!(fen, pos.setup().to_string());
        assert_eq!(game.to_fen(), fen);
        assert_eq!(Position::from_fen(&fen, pos.rules()).unwrap(), *pos);
    });
}

#[test]
fn to_pdn_is_write_game_with_no_tags_and_reads_back() {
    let mut results = std::collections::BTreeSet::new();
    each_ply_of_random_games(|game| {
        // The finished games and a sample of the unfinished ones.
        if game.outcome().is_none() && game.ply() % 16 != 5 {
            return;
        }
        let text = game.to_pdn();
        assert_eq!(
            text,
            pdn::write_game(game, &Tags::new(), &WriteOptions::default())
        );
        let back = pdn::read_str_with(&text, pdn::ReadOptions::new(game.rules()))
            .next()
            .expect("one game")
            .unwrap_or_else(|e| panic!("{e}\n{text}"));
        assert_eq!(back.game().start(), game.start());
        assert_eq!(back.game().moves(), game.moves());
        assert_eq!(back.result(), game.result());
        results.insert(game.result().to_string());
    });
    // Wins, draws and unfinished games were all written.
    assert!(
        results.contains(&GameResult::Ongoing.to_string()),
        "{results:?}"
    );
    assert!(
        results.contains(&GameResult::Draw.to_string()),
        "{results:?}"
    );
    assert!(results.len() >= 3, "{results:?}");
}
