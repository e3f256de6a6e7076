//! `serde` support (feature `serde`).
//!
//! The formats are chosen to survive JSON, whose numbers are `f64` in JavaScript and other
//! clients, and to be read back only through the same checks as text:
//!
//! * `Square` is its name: `"e4"`.
//! * `Bitboard` is the list of its squares' names, from `a1` to `h8`: `["a2","b2"]` (not the
//!   `u64`, which can exceed 2^53). Only that form is read; a square listed twice is refused.
//! * `Setup` is a structure `{"white": [..], "black": [..], "kings": [..], "turn": "White"}`
//!   with those bitboards. It stays unvalidated, as the type is, so any `Setup` value round
//!   trips, even one that is no position.
//! * `Position` is `{"fen": "W:Wa2,b2:Ba7", "rules": "default"}`: its PDN FEN (the
//!   `Display` of [`Position::setup`]) and its [`RuleSet`]. Reading it checks the FEN exactly
//!   as [`Position::from_fen`] does (at most [`MAX_PIECES`](crate::MAX_PIECES) pieces a side,
//!   no man on its back rank or promotion rank), so a deserialized position never costs more
//!   to search than a position of a game. To read a composed position on purpose, deserialize a `Setup` and
//!   call [`Position::from_setup_relaxed`], whose documentation gives the cost.
//! * `Color`, `Role`, `Piece`, `RuleSet`, `Outcome`, `WinReason` and `DrawReason` are plain
//!   derived structures and names.
//!
//! * `GameResult` is its PDN text, `"2-0"`; it reads every form `FromStr` reads.
//! * `Game` (with `alloc`) is written as `{ "rules": .., "start": "<FEN>", "moves": ["d3-d4",
//!   ..] }`, plus `"no_progress_limit"` when it is set. Reading it checks the FEN strictly
//!   ([`Position::from_fen`]) and replays every move, so a bad move is an error that names
//!   its ply.
//!
//! * `MoveCode` is its number (every move's code is below 2^45, exact in JSON clients); any
//!   `u64` is read, and checked only by [`Position::decode_move`].
//! * `Move` is written as its landing notation, `"c4xc6xe6"`, and is not read back as a
//!   `Move`: a move only means something in its position. Read it as an
//!   [`UncheckedMove`](crate::UncheckedMove) (a string, checked for its form only), then
//!   [`resolve`](crate::UncheckedMove::resolve) it against the position, which checks that
//!   it is legal there.
//!
//! ```
//! use turkish_draughts::{Position, RuleSet};
//! let pos = Position::from_fen("W:Wa2,b2:Ba7", RuleSet::Default)?;
//! let json = serde_json::to_string(&pos)?;
//! assert_eq!(json, r#"{"fen":"W:Wa2,b2:Ba7","rules":"default"}"#);
//! assert_eq!(serde_json::from_str::<Position>(&json)?, pos);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use core::fmt;

use serde::de::{self, Deserialize, Deserializer, MapAccess, SeqAccess, Visitor};
use serde::ser::{Serialize, SerializeSeq, SerializeStruct, Serializer};

use crate::{Bitboard, GameResult, Move, Position, RuleSet, Setup, Square, UncheckedMove};

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

impl Serialize for Bitboard {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut seq = serializer.serialize_seq(Some(self.count() as usize))?;
        for sq in *self {
            seq.serialize_element(&sq)?;
        }
        seq.end()
    }
}

struct BitboardVisitor;

impl<'de> Visitor<'de> for BitboardVisitor {
    type Value = Bitboard;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a list of square names such as [\"a2\", \"b2\"]")
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Bitboard, A::Error> {
        let mut set = Bitboard::EMPTY;
        while let Some(sq) = seq.next_element::<Square>()? {
            if set.contains(sq) {
                return Err(de::Error::custom(format_args!(
                    "square {sq} is listed twice in a set of squares"
                )));
            }
            set = set.with(sq);
        }
        Ok(set)
    }
}

impl<'de> Deserialize<'de> for Bitboard {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Bitboard, D::Error> {
        deserializer.deserialize_seq(BitboardVisitor)
    }
}

/// The FEN text of a setup, written without an intermediate `String`.
struct FenText<'a>(&'a Setup);

impl Serialize for FenText<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(self.0)
    }
}

/// A setup read from FEN text.
struct FenSetup(Setup);

impl<'de> Deserialize<'de> for FenSetup {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<FenSetup, D::Error> {
        struct FenVisitor;
        impl Visitor<'_> for FenVisitor {
            type Value = FenSetup;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("PDN FEN text such as \"W:Wa2,b2:Ba7\"")
            }
            fn visit_str<E: de::Error>(self, v: &str) -> Result<FenSetup, E> {
                v.parse()
                    .map(FenSetup)
                    .map_err(|e| E::custom(format_args!("bad FEN: {e}")))
            }
        }
        deserializer.deserialize_str(FenVisitor)
    }
}

impl Serialize for Position {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut s = serializer.serialize_struct("Position", 2)?;
        s.serialize_field("fen", &FenText(&self.setup()))?;
        s.serialize_field("rules", &self.rules())?;
        s.end()
    }
}

/// The fields of a serialized position.
enum Field {
    Fen,
    Rules,
}

const FIELDS: &[&str] = &["fen", "rules"];

impl<'de> Deserialize<'de> for Field {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Field, D::Error> {
        struct FieldVisitor;
        impl Visitor<'_> for FieldVisitor {
            type Value = Field;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("`fen` or `rules`")
            }
            fn visit_str<E: de::Error>(self, v: &str) -> Result<Field, E> {
                match v {
                    "fen" => Ok(Field::Fen),
                    "rules" => Ok(Field::Rules),
                    _ => Err(E::unknown_field(v, FIELDS)),
                }
            }
        }
        deserializer.deserialize_identifier(FieldVisitor)
    }
}

struct PositionVisitor;

impl PositionVisitor {
    /// The check of [`Position::from_fen`].
    fn check<E: de::Error>(setup: Setup, rules: RuleSet) -> Result<Position, E> {
        Position::from_setup(&setup, rules)
            .map_err(|e| E::custom(format_args!("not a valid position: {e}")))
    }
}

impl<'de> Visitor<'de> for PositionVisitor {
    type Value = Position;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(
            "a position: a map with `fen` (PDN FEN text) and `rules` (\"default\" or \"tudaf\")",
        )
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Position, A::Error> {
        let FenSetup(setup) = seq
            .next_element()?
            .ok_or_else(|| de::Error::invalid_length(0, &self))?;
        let rules = seq
            .next_element()?
            .ok_or_else(|| de::Error::invalid_length(1, &self))?;
        PositionVisitor::check(setup, rules)
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Position, A::Error> {
        let (mut setup, mut rules) = (None, None);
        while let Some(key) = map.next_key()? {
            match key {
                Field::Fen => {
                    if setup.is_some() {
                        return Err(de::Error::duplicate_field("fen"));
                    }
                    setup = Some(map.next_value::<FenSetup>()?.0);
                }
                Field::Rules => {
                    if rules.is_some() {
                        return Err(de::Error::duplicate_field("rules"));
                    }
                    rules = Some(map.next_value::<RuleSet>()?);
                }
            }
        }
        let setup = setup.ok_or_else(|| de::Error::missing_field("fen"))?;
        let rules = rules.ok_or_else(|| de::Error::missing_field("rules"))?;
        PositionVisitor::check(setup, rules)
    }
}

impl<'de> Deserialize<'de> for Position {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Position, D::Error> {
        deserializer.deserialize_struct("Position", FIELDS, PositionVisitor)
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
                moves: (self.moves().iter().zip(self.positions()))
                    .map(|(mv, pos)| pos.display_move(mv).to_string())
                    .collect(),
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
            let (mut list, mut scratch) = (crate::MoveList::new(), crate::MoveList::new());
            for (i, text) in data.moves.iter().enumerate() {
                game.try_play_text_with(text, &mut list, &mut scratch)
                    .map_err(|e| {
                        de::Error::custom(format_args!("ply {} ({text:?}): {e}", i + 1))
                    })?;
            }
            Ok(game)
        }
    }
}

impl Serialize for Move {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(UncheckedMove::from(self).as_str())
    }
}

impl Serialize for UncheckedMove {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(self.as_str())
    }
}

struct UncheckedMoveVisitor;

impl Visitor<'_> for UncheckedMoveVisitor {
    type Value = UncheckedMove;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a move text such as \"d3-d4\" or \"c4xc6xe6\"")
    }

    fn visit_str<E: de::Error>(self, v: &str) -> Result<UncheckedMove, E> {
        v.parse()
            .map_err(|e| E::custom(format_args!("bad move text {v:?}: {e}")))
    }
}

impl<'de> Deserialize<'de> for UncheckedMove {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<UncheckedMove, D::Error> {
        deserializer.deserialize_str(UncheckedMoveVisitor)
    }
}
