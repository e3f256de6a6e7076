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
