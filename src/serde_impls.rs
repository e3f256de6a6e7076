//! `serde` support (feature `serde`).
//!
//! * `Square` is written as its name, `"e4"`.
//! * `Bitboard` is its `u64`; `Color`, `Role`, `Piece`, `RuleSet`, `Setup` and `Outcome` are
//!   plain derived structures.
//! * `Position` is written as `{ "setup": .., "rules": .. }` and is checked when it is read
//!   (as [`Position::from_setup_relaxed`] does), so a deserialized position always satisfies
//!   the invariants move generation relies on.
//!
//! `Move` is deliberately not serializable: a move only means something in its position.
//! Store its text (`Display`) and read it back with [`Position::parse_move`].

use core::fmt;

use serde::de::{self, Deserialize, Deserializer, Visitor};
use serde::ser::{Serialize, Serializer};

use crate::{Position, RuleSet, Setup, Square};

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
