//! The tags that say how a game was played: `Rules`, the rule set, and `NoProgressLimit`,
//! the no-progress draw; written by [`write_game`](super::write_game) and read by the
//! reader.

use alloc::string::String;
use core::fmt;

use crate::RuleSet;

/// The name of the tag that says which rule set a game was played under:
/// `[Rules "default"]` or `[Rules "tudaf"]`, the names of [`RuleSet::name`]. The reader also
/// takes `federation` for tudaf, in any case of letters, with blanks around.
///
/// ```
/// use turkish_draughts::pdn::{self, RULES_TAG};
/// use turkish_draughts::RuleSet;
/// let text = format!("[{RULES_TAG} \"tudaf\"]\n1. c3-c4 *");
/// let game = pdn::read_str(&text).next().unwrap()?;
/// assert_eq!(game.game().rules(), RuleSet::Tudaf);
/// # Ok::<(), pdn::PdnError>(())
/// ```
pub const RULES_TAG: &str = "Rules";

/// The name of the tag that gives a game's no-progress limit
/// ([`Game::no_progress_limit`](crate::Game::no_progress_limit)), in plies:
/// `[NoProgressLimit "60"]`. [`write_game`](super::write_game) writes it when the game has
/// a limit, and only then. The reader replays the game under the limit its tag gives
/// (blanks around the number are allowed), so a game that reaches it is drawn there; a value
/// that is not a number of plies from 0 to 4294967295 (decimal digits only) is an error
/// ([`PdnErrorKind::BadNoProgressLimit`](super::PdnErrorKind::BadNoProgressLimit)) at the
/// value.
///
/// ```
/// use turkish_draughts::pdn::{self, NO_PROGRESS_LIMIT_TAG};
/// use turkish_draughts::{Game, RuleSet};
/// let game = Game::new(RuleSet::Default).with_no_progress_limit(Some(60));
/// let text = game.to_pdn();
/// assert!(text.contains(&format!("[{NO_PROGRESS_LIMIT_TAG} \"60\"]\n")));
/// let back = pdn::read_str(&text).next().unwrap()?;
/// assert_eq!(back.game().no_progress_limit(), Some(60));
/// assert_eq!(back.game(), &game);
/// # Ok::<(), pdn::PdnError>(())
/// ```
pub const NO_PROGRESS_LIMIT_TAG: &str = "NoProgressLimit";

/// The limit a `NoProgressLimit` tag's value gives: decimal digits, blanks around allowed.
pub(crate) fn no_progress_limit_of(value: &str) -> Option<u32> {
    let value = value.trim();
    if value.is_empty() || !value.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    value.parse().ok()
}

/// The rule set a `Rules` tag's value names, if any.
pub(crate) fn rules_of(value: &str) -> Option<RuleSet> {
    let value = value.trim();
    if value.eq_ignore_ascii_case("federation") {
        return Some(RuleSet::Tudaf);
    }
    RuleSet::ALL
        .into_iter()
        .find(|r| value.eq_ignore_ascii_case(r.name()))
}

/// A game's `Rules` tag names another rule set than the one the caller chose (or one this
/// crate does not know): the game was read under the caller's choice, and this says so.
/// `Display` gives `line L, column C: ...`, pointing at the tag's value. Its data is read
/// with methods, as every PDN type's is; the fields stay public too.
///
/// ```
/// use turkish_draughts::pdn::{self, ReadOptions};
/// use turkish_draughts::RuleSet;
/// let text = "[Rules \"tudaf\"]\n1. c3-c4 *";
/// let game = pdn::read_str_with(text, ReadOptions::new(RuleSet::Default)).next().unwrap()?;
/// assert_eq!(game.game().rules(), RuleSet::Default);
/// let conflict = game.rules_conflict().unwrap();
/// assert_eq!(conflict.tag(), "tudaf");
/// assert_eq!(
///     conflict.to_string(),
///     "line 1, column 9: the Rules tag says \"tudaf\"; the game was read under default, as asked"
/// );
/// # Ok::<(), pdn::PdnError>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub struct RulesConflict {
    /// The line of the tag's value, from 1.
    pub line: usize,
    /// The column of the tag's value, from 1, in characters.
    pub column: usize,
    /// The tag's value, quoted as errors quote the input (at most
    /// [`MAX_QUOTED_CHARS`](super::MAX_QUOTED_CHARS) characters).
    pub tag: String,
    /// The rule set the game was read under: the caller's.
    pub chosen: RuleSet,
}

impl RulesConflict {
    /// The line of the tag's value, from 1.
    ///
    /// ```
    /// use turkish_draughts::pdn::{self, ReadOptions};
    /// use turkish_draughts::RuleSet;
    /// let text = "[Event \"x\"]\n[Rules \"tudaf\"]\n*";
    /// let game = pdn::read_str_with(text, ReadOptions::new(RuleSet::Default)).next().unwrap()?;
    /// let conflict = game.rules_conflict().unwrap();
    /// assert_eq!((conflict.line(), conflict.column()), (2, 9));
    /// # Ok::<(), pdn::PdnError>(())
    /// ```
    pub fn line(&self) -> usize {
        self.line
    }

    /// The column of the tag's value, from 1, in characters.
    ///
    /// ```
    /// use turkish_draughts::pdn::{self, ReadOptions};
    /// use turkish_draughts::RuleSet;
    /// let text = "[Rules  \"tudaf\"]\n*";
    /// let game = pdn::read_str_with(text, ReadOptions::new(RuleSet::Default)).next().unwrap()?;
    /// assert_eq!(game.rules_conflict().unwrap().column(), 10);
    /// # Ok::<(), pdn::PdnError>(())
    /// ```
    pub fn column(&self) -> usize {
        self.column
    }

    /// The tag's value, quoted as errors quote the input.
    ///
    /// ```
    /// use turkish_draughts::pdn::{self, ReadOptions};
    /// use turkish_draughts::RuleSet;
    /// let text = "[Rules \"checkers\"]\n*";
    /// let game = pdn::read_str_with(text, ReadOptions::new(RuleSet::Tudaf)).next().unwrap()?;
    /// assert_eq!(game.rules_conflict().unwrap().tag(), "checkers");
    /// # Ok::<(), pdn::PdnError>(())
    /// ```
    pub fn tag(&self) -> &str {
        &self.tag
    }

    /// The rule set the game was read under: the caller's.
    ///
    /// ```
    /// use turkish_draughts::pdn::{self, ReadOptions};
    /// use turkish_draughts::RuleSet;
    /// let text = "[Rules \"default\"]\n*";
    /// let game = pdn::read_str_with(text, ReadOptions::new(RuleSet::Tudaf)).next().unwrap()?;
    /// assert_eq!(game.rules_conflict().unwrap().chosen(), RuleSet::Tudaf);
    /// # Ok::<(), pdn::PdnError>(())
    /// ```
    pub fn chosen(&self) -> RuleSet {
        self.chosen
    }
}

impl fmt::Display for RulesConflict {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "line {}, column {}: the Rules tag says \"{}\"; the game was read under {}, as asked",
            self.line, self.column, self.tag, self.chosen
        )
    }
}
