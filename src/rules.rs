//! The two rule sets.

use core::fmt;
use core::str::FromStr;

/// Which reading of the rules a [`Position`](crate::Position) follows. It is chosen at run
/// time; move generation is equally fast under both.
///
/// The two sets differ only in two places (see RULES.md):
///
/// | | [`RuleSet::Default`] | [`RuleSet::Tudaf`] |
/// |---|---|---|
/// | man reaches its promotion rank by a jump and can jump on | crowned at once, continues as a king | continues as a man, crowned when the move ends |
/// | lone man against a lone king | the king's side wins | draw |
/// | one king each | draw, unless the side to move can capture | draw |
/// | one man each | play on | draw |
///
/// ```
/// use turkish_draughts::RuleSet;
/// assert_eq!(RuleSet::default(), RuleSet::Default);
/// assert_eq!("tudaf".parse::<RuleSet>(), Ok(RuleSet::Tudaf));
/// assert_eq!(RuleSet::Tudaf.to_string(), "tudaf");
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "lowercase"))]
pub enum RuleSet {
    /// The crate's default: a man crowned in the middle of a capture continues as a king, and
    /// a lone king beats a lone man.
    #[default]
    Default,
    /// The reading of the Turkish draughts federation (TÜDAF), used by other engines: a man
    /// is crowned only when its move ends, and every one-against-one ending is a draw.
    Tudaf,
}

impl RuleSet {
    /// Both rule sets.
    pub const ALL: [RuleSet; 2] = [RuleSet::Default, RuleSet::Tudaf];

    /// Whether a man that reaches its promotion rank by a jump is crowned at once and continues
    /// capturing as a king.
    ///
    /// ```
    /// use turkish_draughts::RuleSet;
    /// assert!(RuleSet::Default.crowns_mid_capture());
    /// assert!(!RuleSet::Tudaf.crowns_mid_capture());
    /// ```
    pub const fn crowns_mid_capture(self) -> bool {
        matches!(self, RuleSet::Default)
    }

    /// The name used on command lines and in [`Display`](fmt::Display): `default` or `tudaf`.
    ///
    /// ```
    /// use turkish_draughts::RuleSet;
    /// assert_eq!(RuleSet::Default.name(), "default");
    /// ```
    pub const fn name(self) -> &'static str {
        match self {
            RuleSet::Default => "default",
            RuleSet::Tudaf => "tudaf",
        }
    }
}

impl fmt::Display for RuleSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The text is not `default` or `tudaf`.
///
/// ```
/// use turkish_draughts::RuleSet;
/// assert!("fide".parse::<RuleSet>().is_err());
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[error("unknown rule set: expected `default` or `tudaf`")]
pub struct ParseRuleSetError;

impl FromStr for RuleSet {
    type Err = ParseRuleSetError;

    fn from_str(s: &str) -> Result<RuleSet, ParseRuleSetError> {
        match s {
            "default" => Ok(RuleSet::Default),
            "tudaf" | "federation" => Ok(RuleSet::Tudaf),
            _ => Err(ParseRuleSetError),
        }
    }
}
