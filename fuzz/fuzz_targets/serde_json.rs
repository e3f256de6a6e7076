//! JSON for the serde types: what reads writes back to the same value; a position that
//! reads is one the strict check accepts, and generates its moves.
#![no_main]

use libfuzzer_sys::fuzz_target;
use serde::{de::DeserializeOwned, Serialize};
use turkish_draughts::{
    Bitboard, Color, DrawReason, Outcome, Piece, Position, Role, RuleSet, Setup, Square, WinReason,
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
});
