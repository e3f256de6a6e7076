//! The engine's five named strengths: [`Level`].

use core::fmt;
use core::str::FromStr;

use super::{MAX_DEPTH, Options};

/// How strongly the engine plays: five levels, from one that a newcomer can beat to the
/// engine's best. The three lower levels search a few plies and pick at random among the
/// moves that score nearly as well as the best (see [`LevelSettings`]); the two upper ones
/// play the best move they find in their time.
///
/// Each level lost to the one above it in matches of 20 to 40 games, both colours and both
/// rule sets (the crate's PERFORMANCE.md, Strength, gives the scores and how they were
/// measured).
///
/// ```
/// use turkish_draughts::engine::Level;
/// let level: Level = "medium".parse()?;
/// assert_eq!(level, Level::Medium);
/// assert_eq!(level.to_string(), "medium");
/// assert!(Level::Beginner < Level::Expert);
/// # Ok::<(), turkish_draughts::engine::ParseLevelError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Level {
    /// Depth 1, any move within 1.5 men of the best.
    Beginner,
    /// Depth 2, any move within 0.6 men of the best.
    Easy,
    /// Depth 4, any move within 0.2 men of the best.
    Medium,
    /// The best move found in 1.5 s.
    Hard,
    /// The best move found in 4 s.
    Expert,
}

/// What a [`Level`] means for the search.
///
/// ```
/// use turkish_draughts::engine::Level;
/// let s = Level::Easy.settings();
/// assert_eq!((s.max_depth, s.margin), (2, 60));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LevelSettings {
    /// The deepest iteration ([`MAX_DEPTH`] for no cap).
    pub max_depth: u32,
    /// The time a move may take, in milliseconds: the caller's clock stops the search then
    /// (the engine reads no clock).
    pub time_ms: u32,
    /// The random choice's margin, in hundredths of a man ([`Options::margin`]).
    pub margin: i32,
}

/// A level's name that is not one of the five.
///
/// ```
/// let err = "grandmaster".parse::<turkish_draughts::engine::Level>().unwrap_err();
/// assert_eq!(err.to_string(), "unknown level \"grandmaster\": beginner, easy, medium, hard or expert");
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseLevelError {
    name: alloc::string::String,
}

impl fmt::Display for ParseLevelError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "unknown level {:?}: beginner, easy, medium, hard or expert",
            self.name
        )
    }
}

impl core::error::Error for ParseLevelError {}

impl Level {
    /// The five levels, weakest first.
    ///
    /// ```
    /// use turkish_draughts::engine::Level;
    /// assert_eq!(Level::ALL.len(), 5);
    /// assert_eq!(Level::ALL[4], Level::Expert);
    /// ```
    pub const ALL: [Level; 5] = [
        Level::Beginner,
        Level::Easy,
        Level::Medium,
        Level::Hard,
        Level::Expert,
    ];

    /// The level's name in lower case: `beginner`, `easy`, `medium`, `hard`, `expert`.
    ///
    /// ```
    /// assert_eq!(turkish_draughts::engine::Level::Hard.name(), "hard");
    /// ```
    pub const fn name(self) -> &'static str {
        match self {
            Level::Beginner => "beginner",
            Level::Easy => "easy",
            Level::Medium => "medium",
            Level::Hard => "hard",
            Level::Expert => "expert",
        }
    }

    /// The level's depth cap, time and margin.
    ///
    /// ```
    /// use turkish_draughts::engine::{Level, MAX_DEPTH};
    /// assert_eq!(Level::Expert.settings().max_depth, MAX_DEPTH);
    /// assert_eq!(Level::Expert.settings().margin, 0);
    /// ```
    pub const fn settings(self) -> LevelSettings {
        let (max_depth, time_ms, margin) = match self {
            Level::Beginner => (1, 300, 150),
            Level::Easy => (2, 500, 60),
            Level::Medium => (4, 1_000, 20),
            Level::Hard => (MAX_DEPTH, 1_500, 0),
            Level::Expert => (MAX_DEPTH, 4_000, 0),
        };
        LevelSettings {
            max_depth,
            time_ms,
            margin,
        }
    }

    /// The search options of this level, its random choice seeded with `seed` (give each
    /// move a new seed, or the same position gets the same answer).
    ///
    /// ```
    /// use turkish_draughts::engine::Level;
    /// let o = Level::Beginner.options(3);
    /// assert_eq!((o.max_depth, o.margin, o.seed), (1, 150, 3));
    /// ```
    pub fn options(self, seed: u64) -> Options {
        let s = self.settings();
        Options::new()
            .max_depth(s.max_depth)
            .margin(s.margin)
            .seed(seed)
    }
}

impl fmt::Display for Level {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Level {
    type Err = ParseLevelError;

    fn from_str(s: &str) -> Result<Level, ParseLevelError> {
        Level::ALL
            .into_iter()
            .find(|l| l.name() == s)
            .ok_or_else(|| ParseLevelError { name: s.into() })
    }
}
