//! Serde round trips (run with `cargo test --features serde`).
#![cfg(feature = "serde")]

use turkish_draughts::{Bitboard, Position, RuleSet, Setup, Square};

#[test]
fn squares_are_their_names() {
    assert_eq!(serde_json::to_string(&Square::E4).unwrap(), "\"e4\"");
    assert_eq!(
        serde_json::from_str::<Square>("\"h8\"").unwrap(),
        Square::H8
    );
    assert!(serde_json::from_str::<Square>("\"i9\"").is_err());
    assert!(serde_json::from_str::<Square>("7").is_err());
}

#[test]
fn positions_round_trip_and_are_validated() {
    for fen in ["W:Wa2,b2,Kd4:Ba7,Kh8", "B:W:Ba7", "W:WKc3,c4:Bg8"] {
        let setup: Setup = fen.parse().unwrap();
        let pos = Position::from_setup_relaxed(&setup, RuleSet::Tudaf).unwrap();
        let json = serde_json::to_string(&pos).unwrap();
        assert_eq!(serde_json::from_str::<Position>(&json).unwrap(), pos);
    }
    // A square claimed twice is refused with the validation message.
    let bad = r#"{"setup":{"white":1024,"black":1024,"kings":0,"turn":"White"},"rules":"default"}"#;
    let err = serde_json::from_str::<Position>(bad).unwrap_err();
    assert!(err.to_string().contains("claimed by both sides"), "{err}");
    assert_eq!(Bitboard::from_u64(1024).first(), Some(Square::C2));
}

#[test]
fn rule_sets_are_lowercase_names() {
    assert_eq!(serde_json::to_string(&RuleSet::Tudaf).unwrap(), "\"tudaf\"");
}

mod games {
    use turkish_draughts::{DrawReason, Game, GameResult, Outcome, RuleSet};

    #[test]
    fn results_are_their_text() {
        for (r, text) in [
            (GameResult::WhiteWins, "\"2-0\""),
            (GameResult::BlackWins, "\"0-2\""),
            (GameResult::Draw, "\"1-1\""),
            (GameResult::Ongoing, "\"*\""),
        ] {
            assert_eq!(serde_json::to_string(&r).unwrap(), text);
            assert_eq!(serde_json::from_str::<GameResult>(text).unwrap(), r);
        }
        assert_eq!(
            serde_json::from_str::<GameResult>("\"1/2-1/2\"").unwrap(),
            GameResult::Draw
        );
        let err = serde_json::from_str::<GameResult>("\"2:0\"").unwrap_err();
        assert!(err.to_string().contains("a game result"), "{err}");
    }

    #[test]
    fn a_game_is_rules_start_and_moves() {
        let mut game = Game::new(RuleSet::Tudaf);
        for text in ["d3-d4", "e6-e5"] {
            game.try_play_text(text).unwrap();
        }
        let json = serde_json::to_string(&game).unwrap();
        assert_eq!(
            json,
            r#"{"rules":"tudaf","start":"W:Wa2,b2,c2,d2,e2,f2,g2,h2,a3,b3,c3,d3,e3,f3,g3,h3:Ba6,b6,c6,d6,e6,f6,g6,h6,a7,b7,c7,d7,e7,f7,g7,h7","moves":["d3-d4","e6-e5"]}"#
        );
        let back: Game = serde_json::from_str(&json).unwrap();
        assert_eq!(back, game);
    }

    #[test]
    fn games_round_trip_with_their_limit_and_outcome() {
        let mut game = Game::from_fen("B:WKa1,a2:BKh8,h7", RuleSet::Default)
            .unwrap()
            .with_no_progress_limit(Some(40));
        for text in ["h8-g8", "a1-b1", "g8-h8", "b1-a1"].repeat(2) {
            game.try_play_text(text).unwrap();
        }
        assert_eq!(
            game.outcome(),
            Some(Outcome::Draw {
                reason: DrawReason::Repetition
            })
        );
        let json = serde_json::to_string(&game).unwrap();
        assert!(json.ends_with(r#""no_progress_limit":40}"#), "{json}");
        let back: Game = serde_json::from_str(&json).unwrap();
        assert_eq!(back, game);
        assert_eq!(back.no_progress_limit(), Some(40));
        assert_eq!(back.outcome(), game.outcome());
    }

    #[test]
    fn reading_checks_every_move_and_names_the_ply() {
        let bad =
            r#"{"rules":"default","start":"W:Wa2,h2:Ba7,h7","moves":["a2-a3","h7-h6","a3-a5"]}"#;
        let err = serde_json::from_str::<Game>(bad).unwrap_err().to_string();
        assert_eq!(err, "ply 3 (\"a3-a5\"): the piece on a3 cannot move to a5");
        // A move after the game has ended.
        let over = r#"{"rules":"default","start":"W:WKa1,a2:BKh8,h7","moves":["a1-b1","h8-g8"],"no_progress_limit":2}"#;
        assert!(serde_json::from_str::<Game>(over).is_ok());
        let on = over.replace(r#""h8-g8"]"#, r#""h8-g8","b1-a1"]"#);
        let err = serde_json::from_str::<Game>(&on).unwrap_err().to_string();
        assert!(
            err.starts_with("ply 3 (\"b1-a1\"): the game is over (draw: no capture or man move"),
            "{err}"
        );
    }

    #[test]
    fn reading_checks_the_fen_strictly() {
        // A man on its own back rank is accepted by the relaxed check, not by a game.
        let relaxed = r#"{"rules":"default","start":"W:WKc3,c4:Bg8","moves":[]}"#;
        let err = serde_json::from_str::<Game>(relaxed)
            .unwrap_err()
            .to_string();
        assert!(
            err.starts_with("bad start FEN \"W:WKc3,c4:Bg8\": "),
            "{err}"
        );
        let garbage = r#"{"rules":"default","start":"W:Wz9","moves":[]}"#;
        assert!(serde_json::from_str::<Game>(garbage).is_err());
        let unknown = r#"{"rules":"default","start":"W:Wa4:Ba5","moves":[],"limit":3}"#;
        assert!(serde_json::from_str::<Game>(unknown).is_err());
        let no_rules = r#"{"start":"W:Wa4:Ba5","moves":[]}"#;
        assert!(serde_json::from_str::<Game>(no_rules).is_err());
    }
}
