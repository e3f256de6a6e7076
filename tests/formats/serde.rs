//! Serde formats and checks (the module needs the `serde` feature: run with
//! `cargo test --all-features --test formats serde::`).

#[allow(dead_code)]
#[path = "../common/pdn_cases.rs"]
mod cases;

use turkish_draughts::{Bitboard, Color, Position, RuleSet, Setup, Square};

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
fn bitboards_are_lists_of_square_names_that_survive_json() {
    let set: Bitboard = [Square::B2, Square::A2, Square::H8].into_iter().collect();
    let json = serde_json::to_string(&set).unwrap();
    assert_eq!(json, r#"["a2","b2","h8"]"#);
    assert_eq!(serde_json::from_str::<Bitboard>(&json).unwrap(), set);
    // No number in the output, so nothing above 2^53 for a JavaScript client to round.
    let full = serde_json::to_value(Bitboard::FULL).unwrap();
    assert_eq!(full.as_array().unwrap().len(), 64);
    assert!(full.as_array().unwrap().iter().all(|v| v.is_string()));
    assert_eq!(
        serde_json::from_value::<Bitboard>(full).unwrap(),
        Bitboard::FULL
    );
    // Only the list form is read.
    assert!(serde_json::from_str::<Bitboard>("1024").is_err());
    let err = serde_json::from_str::<Bitboard>(r#"["a2","a2"]"#).unwrap_err();
    assert!(err.to_string().contains("a2 is listed twice"), "{err}");
    assert!(serde_json::from_str::<Bitboard>(r#"["a9"]"#).is_err());
}

#[test]
fn setups_are_structures_of_square_lists_and_stay_unvalidated() {
    let setup: Setup = "B:WKd4,a2:Bd6".parse().unwrap();
    let json = serde_json::to_string(&setup).unwrap();
    assert_eq!(
        json,
        r#"{"white":["a2","d4"],"black":["d6"],"kings":["d4"],"turn":"Black"}"#
    );
    assert_eq!(serde_json::from_str::<Setup>(&json).unwrap(), setup);
    // A setup that is no position round trips too: a king mark on an empty square.
    let mut odd = Setup::empty();
    odd.kings = Square::C3.bitboard();
    let json = serde_json::to_string(&odd).unwrap();
    assert_eq!(serde_json::from_str::<Setup>(&json).unwrap(), odd);
    assert!(
        serde_json::from_str::<Setup>(
            r#"{"white":[],"black":[],"kings":[],"turn":"White","extra":1}"#
        )
        .is_err()
    );
}

#[test]
fn positions_are_fen_and_rules_and_round_trip() {
    for fen in ["W:Wa2,b2,Kd4:Ba7,Kh8", "B:W:Ba7", "W:WKc3,c4:Bg7"] {
        for rules in RuleSet::ALL {
            let pos = Position::from_fen(fen, rules).unwrap();
            let json = serde_json::to_string(&pos).unwrap();
            assert_eq!(
                json,
                format!(r#"{{"fen":"{}","rules":"{rules}"}}"#, pos.setup())
            );
            assert_eq!(serde_json::from_str::<Position>(&json).unwrap(), pos);
        }
    }
    // The start position, read back from JSON written by hand.
    let pos: Position = serde_json::from_str(
        r#"{"rules":"tudaf","fen":"W:Wa2,b2,c2,d2,e2,f2,g2,h2,a3,b3,c3,d3,e3,f3,g3,h3:Ba6,b6,c6,d6,e6,f6,g6,h6,a7,b7,c7,d7,e7,f7,g7,h7"}"#,
    )
    .unwrap();
    assert_eq!(pos, Position::new(RuleSet::Tudaf));
    assert_eq!(pos.turn(), Color::White);
}

/// Two kings against 32 pieces: a composed position that the relaxed check accepts and that
/// takes seconds to search (see `Position::from_setup_relaxed`).
const BOMB: &str = "W:WKf3,Kg7:BKb1,Ke1,Kg1,Kb2,d2,f2,g2,Kh2,a3,c3,e3,Kg3,d4,Ke4,Kf4,Kg4,Kh4,Kb5,Ke5,Kg5,b6,e6,Kg6,a7,Kc7,Kd7,Ke7,Kf7,h7,b8,e8,g8";

#[test]
fn positions_are_checked_as_from_fen_does() {
    let json = |fen: &str| format!(r#"{{"fen":"{fen}","rules":"default"}}"#);
    // More than 16 pieces a side: refused, as `from_fen` refuses it.
    let setup: Setup = BOMB.parse().unwrap();
    assert!(Position::from_setup_relaxed(&setup, RuleSet::Default).is_ok());
    assert!(Position::from_fen(BOMB, RuleSet::Default).is_err());
    let err = serde_json::from_str::<Position>(&json(BOMB)).unwrap_err();
    assert!(err.to_string().contains("not a valid position"), "{err}");
    // 17 black men, none on a back rank.
    let many = "W:Wa2:Ba4,a5,b5,c5,d5,e5,f5,g5,h5,a6,b6,c6,d6,e6,f6,g6,h6";
    assert!(Position::from_setup_relaxed(&many.parse().unwrap(), RuleSet::Default).is_ok());
    let err = serde_json::from_str::<Position>(&json(many)).unwrap_err();
    assert!(err.to_string().contains("black has 17 pieces"), "{err}");
    // A man on its own back rank: the relaxed check takes it, the strict one does not.
    let fen = "W:WKc3,c4:Bg8";
    assert!(Position::from_setup_relaxed(&fen.parse().unwrap(), RuleSet::Default).is_ok());
    let err = serde_json::from_str::<Position>(&json(fen)).unwrap_err();
    assert!(err.to_string().contains("g8"), "{err}");
    // A square claimed twice, and text that is no FEN.
    let err = serde_json::from_str::<Position>(&json("W:Wc2:Bc2")).unwrap_err();
    assert!(err.to_string().contains("claimed by both sides"), "{err}");
    let err = serde_json::from_str::<Position>(&json("W:Wz9:B")).unwrap_err();
    assert!(err.to_string().contains("bad FEN"), "{err}");
}

#[test]
fn position_errors_name_no_internal_type() {
    for bad in [
        "7",
        r#""W:Wa2:Ba7""#,
        r#"{"fen":"W:Wa2:Ba7"}"#,
        r#"{"fen":"W:Wa2:Ba7","rules":"fide"}"#,
        r#"{"fen":"W:Wa2:Ba7","rules":"default","x":1}"#,
        r#"{"setup":{},"rules":"default"}"#,
        r#"{"fen":1,"rules":"default"}"#,
    ] {
        let err = serde_json::from_str::<Position>(bad)
            .unwrap_err()
            .to_string();
        assert!(!err.contains("Data"), "{bad}: {err}");
        assert!(!err.contains("struct"), "{bad}: {err}");
    }
    let err = serde_json::from_str::<Position>("7")
        .unwrap_err()
        .to_string();
    assert!(err.contains("a position: a map with `fen`"), "{err}");
    let err = serde_json::from_str::<Position>(r#"{"fen":"W:Wa2:Ba7"}"#)
        .unwrap_err()
        .to_string();
    assert!(err.contains("missing field `rules`"), "{err}");
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

    /// A long game of sideways moves (the whole game is one repetition window): read back
    /// from JSON with the same counts (the repetition checks cost constant time a ply; the
    /// crate's unit tests count them).
    #[test]
    fn a_long_game_reads_back() {
        let game = super::cases::shuffle_game(20_000, 11);
        let json = serde_json::to_string(&game).unwrap();
        let back: Game = serde_json::from_str(&json).unwrap();
        assert_eq!(back, game);
        assert_eq!(back.repetitions(), game.repetitions());
        assert_eq!(back.ply(), 20_000);
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

mod moves {
    use turkish_draughts::{Position, RuleSet, UncheckedMove};

    #[test]
    fn moves_are_written_as_text_and_read_back_only_against_a_position() {
        let pos = Position::from_fen("W:Wc4,d4:Bc5,Kd6,e4,b4", RuleSet::Default).unwrap();
        let mv = pos.legal_moves()[0];
        let json = serde_json::to_string(&mv).unwrap();
        assert_eq!(json, "\"c4xc6xe6\"");
        let read: UncheckedMove = serde_json::from_str(&json).unwrap();
        assert_eq!(read.resolve(&pos), Ok(mv));
        // The same text in a position where it is not legal is refused when resolved.
        assert!(read.resolve(&Position::start()).is_err());
    }

    #[test]
    fn bad_move_texts_are_refused_when_read() {
        for (json, why) in [
            ("\"\"", "bad move text \"\": empty move text"),
            (
                "\"d3-d4!\"",
                "bad move text \"d3-d4!\": at byte 5: expected a square",
            ),
            ("7", "invalid type: integer `7`, expected a move text"),
        ] {
            let err = serde_json::from_str::<UncheckedMove>(json).unwrap_err();
            assert!(err.to_string().starts_with(why), "{json}: {err}");
        }
        let long = format!("\"a1{}\"", "xa2".repeat(40));
        assert!(serde_json::from_str::<UncheckedMove>(&long).is_err());
    }

    /// A king takes 12 men: too long a path for the move to hold. Alone, the move is written
    /// as its origin and destination, the short form, which is ambiguous here; in a game, with
    /// the path its position gives, and the game reads back.
    #[test]
    fn a_move_that_holds_no_path_is_written_in_full_in_a_game() {
        let fen = "W:WKa1:Ba3,a6,c7,f7,h6,h3,f2,c2,c4,f4,f5,c5";
        let pos = Position::from_fen(fen, RuleSet::Default).unwrap();
        let mv = pos.legal_moves()[0];
        assert!(!mv.has_path());
        assert_eq!(serde_json::to_string(&mv).unwrap(), "\"a1xa2\"");
        let mut game = turkish_draughts::Game::from_position(pos);
        game.play(mv);
        let json = serde_json::to_string(&game).unwrap();
        assert!(
            json.contains(r#""moves":["a1xa4xd4xh4xh7xe7xa7xa5xd5xh5xh2xe2xa2"]"#),
            "{json}"
        );
        let back: turkish_draughts::Game = serde_json::from_str(&json).unwrap();
        assert_eq!(back, game);
    }
}

mod move_codes {
    use turkish_draughts::{MoveCode, Position, RuleSet};

    /// A code is its number (below 2^45 for every move, so exact in JSON clients whose
    /// numbers are doubles), read back as any number, and checked only when decoded.
    #[test]
    fn codes_are_numbers() {
        let pos = Position::from_fen("W:Wc4,d4:Bc5,Kd6,e4,b4", RuleSet::Default).unwrap();
        let mv = pos.legal_moves()[0];
        let code = pos.move_code(mv).unwrap();
        let json = serde_json::to_string(&code).unwrap();
        // c4 = 26, e6 = 44, Black's pieces number 2 (c5) and 3 (d6) captured.
        assert_eq!(json, (26 + (44 << 6) + (0b1100 << 13)).to_string());
        let read: MoveCode = serde_json::from_str(&json).unwrap();
        assert_eq!(pos.decode_move(read), Ok(mv));
        let any: MoveCode = serde_json::from_str("18446744073709551615").unwrap();
        assert_eq!(any, MoveCode::from_u64(u64::MAX));
        assert!(pos.decode_move(any).is_err());
        assert!(serde_json::from_str::<MoveCode>("\"d3-d4\"").is_err());
        assert!(serde_json::from_str::<MoveCode>("-1").is_err());
    }
}
