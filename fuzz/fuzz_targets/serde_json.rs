//! JSON for the serde types: what reads writes back to the same value; a position that
//! reads is one the strict check accepts, and generates its moves.
#![no_main]

use libfuzzer_sys::fuzz_target;
use serde::{de::DeserializeOwned, Serialize};
use turkish_draughts::{
    Bitboard, Color, DrawReason, GameResult, Outcome, Piece, Position, Role, RuleSet, Setup,
    Square, UncheckedMove, WinReason,
};

fn round_trip<T: Serialize + DeserializeOwned + PartialEq + std::fmt::Debug>(
    text: &str,
) -> Option<T> {
    let value: T = serde_json::from_str(text).ok()?;
    let json = serde_json::to_string(&value).expect("a value writes");
    let again: T = serde_json::from_str(&json).expect("written JSON reads");
    assert_eq!(again, value, "{json}");
    Some(value)
}

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    if let Some(pos) = round_trip::<Position>(text) {
        assert_eq!(Position::from_setup(&pos.setup(), pos.rules()), Ok(pos));
        let moves = pos.legal_moves();
        assert_eq!(turkish_draughts::perft(&pos, 1), moves.len() as u64);
    }
    if let Some(setup) = round_trip::<Setup>(text) {
        if let Ok(pos) = Position::from_setup(&setup, RuleSet::Default) {
            pos.legal_moves();
        }
    }
    round_trip::<Bitboard>(text);
    round_trip::<Square>(text);
    round_trip::<Color>(text);
    round_trip::<Role>(text);
    round_trip::<Piece>(text);
    round_trip::<RuleSet>(text);
    round_trip::<Outcome>(text);
    round_trip::<WinReason>(text);
    round_trip::<DrawReason>(text);
    round_trip::<GameResult>(text);
    // A move text resolves only against a position; what resolves prints as itself again.
    if let Some(unchecked) = round_trip::<UncheckedMove>(text) {
        for pos in [
            Position::start(),
            Position::from_fen("W:WKb2:Bb4,d5,b6,f6,d7", RuleSet::Default).expect("a legal FEN"),
        ] {
            if let Ok(mv) = unchecked.resolve(&pos) {
                assert_eq!(UncheckedMove::from(&mv).resolve(&pos), Ok(mv));
            }
        }
    }
    if let Ok(game) = serde_json::from_str::<turkish_draughts::Game>(text) {
        let json = serde_json::to_string(&game).expect("a game writes");
        let again: turkish_draughts::Game =
            serde_json::from_str(&json).expect("written JSON reads");
        assert_eq!(again, game, "{json}");
    }
});
