//! `serde` support (feature `serde`).
//!
//! * `Square` is written as its name, `"e4"`.
//! * `Bitboard` is its `u64`; `Color`, `Role`, `Piece`, `RuleSet`, `Setup` and `Outcome` are
//!   plain derived structures.
//! * `Position` is written as `{ "setup": .., "rules": .. }` and is checked when it is read
//!   (as [`Position::from_setup_relaxed`] does), so a deserialized position always satisfies
//!   the invariants move generation relies on.
//!
//! * `GameResult` is its PDN text, `"2-0"`; it reads every form `FromStr` reads.
//! * `Game` (with `alloc`) is written as `{ "rules": .., "start": "<FEN>", "moves": ["d3-d4",
//!   ..] }`, plus `"no_progress_limit"` when it is set. Reading it checks the FEN strictly
//!   ([`Position::from_fen`]) and replays every move, so a bad move is an error that names
//!   its ply.
//!
//! `Move` is deliberately not serializable: a move only means something in its position.
//! Store its text (`Display`) and read it back with [`Position::parse_move`].

use core::fmt;

use serde::de::{self, Deserialize, Deserializer, Visitor};
use serde::ser::{Serialize, Serializer};

use crate::{GameResult, Position, RuleSet, Setup, Square};

impl Serialize for Square {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let name = [self.file().char() as u8, self.rank().char() as u8];
        // Both bytes are ASCII letters or digits.
        let text = core::str::from_utf8(&name).map_err(serde::ser::Error::custom)?;
        serializer.serialize_str(text)
    }
}

struct SquareVisitor;

impl Visitor<'_> for SquareVisitor {
    type Value = Square;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a square name such as \"e4\"")
    }

    fn visit_str<E: de::Error>(self, v: &str) -> Result<Square, E> {
        v.parse()
            .map_err(|_| E::invalid_value(de::Unexpected::Str(v), &self))
    }
}

impl<'de> Deserialize<'de> for Square {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Square, D::Error> {
        deserializer.deserialize_str(SquareVisitor)
    }
}

#[derive(serde::Serialize, serde::Deserialize)]
#[serde(rename = "Position")]
struct PositionData {
    setup: Setup,
    rules: RuleSet,
}

impl Serialize for Position {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        PositionData {
            setup: self.setup(),
            rules: self.rules(),
        }
        .serialize(serializer)
    }
}

impl<'de> Deserialize<'de> for Position {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Position, D::Error> {
        let data = PositionData::deserialize(deserializer)?;
        Position::from_setup_relaxed(&data.setup, data.rules).map_err(de::Error::custom)
    }
}

impl Serialize for GameResult {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(self.as_str())
    }
}

struct GameResultVisitor;

impl Visitor<'_> for GameResultVisitor {
    type Value = GameResult;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a game result: `2-0`, `0-2`, `1-1`, `1-0`, `0-1`, `1/2-1/2` or `*`")
    }

    fn visit_str<E: de::Error>(self, v: &str) -> Result<GameResult, E> {
        v.parse()
            .map_err(|_| E::invalid_value(de::Unexpected::Str(v), &self))
    }
}

impl<'de> Deserialize<'de> for GameResult {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<GameResult, D::Error> {
        deserializer.deserialize_str(GameResultVisitor)
    }
}

#[cfg(feature = "alloc")]
mod game {
    use alloc::string::{String, ToString};
    use alloc::vec::Vec;

    use serde::de::{self, Deserialize, Deserializer};
    use serde::ser::{Serialize, Serializer};

    use crate::{Game, Position, RuleSet};

    #[derive(serde::Serialize)]
    #[serde(rename = "Game")]
    struct GameOut {
        rules: RuleSet,
        start: String,
        moves: Vec<String>,
        #[serde(skip_serializing_if = "Option::is_none")]
        no_progress_limit: Option<u32>,
    }

    #[derive(serde::Deserialize)]
    #[serde(rename = "Game", deny_unknown_fields)]
    struct GameIn {
        rules: RuleSet,
        start: String,
        moves: Vec<String>,
        #[serde(default)]
        no_progress_limit: Option<u32>,
    }

    impl Serialize for Game {
        fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
            GameOut {
                rules: self.rules(),
                start: self.start().setup().to_string(),
                moves: self.moves().iter().map(ToString::to_string).collect(),
                no_progress_limit: self.no_progress_limit(),
            }
            .serialize(serializer)
        }
    }

    impl<'de> Deserialize<'de> for Game {
        fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Game, D::Error> {
            let data = GameIn::deserialize(deserializer)?;
            let start = Position::from_fen(&data.start, data.rules).map_err(|e| {
                de::Error::custom(format_args!("bad start FEN {:?}: {e}", data.start))
            })?;
            let mut game =
                Game::from_position(start).with_no_progress_limit(data.no_progress_limit);
            for (i, text) in data.moves.iter().enumerate() {
                game.try_play_text(text).map_err(|e| {
                    de::Error::custom(format_args!("ply {} ({text:?}): {e}", i + 1))
                })?;
            }
            Ok(game)
        }
    }
}
