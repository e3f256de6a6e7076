//! [`ReadOptions`]: how the reader reads, the rule set and the limits.

use super::limits::{
    MAX_COMMENT_BYTES, MAX_NOTES_BYTES_PER_GAME, MAX_PLIES_PER_GAME, MAX_TAG_VALUE_BYTES,
    MAX_TAGS_PER_GAME, MAX_TOKEN_BYTES,
};
use crate::RuleSet;

/// How games are read.
///
/// The rule set: a game's `Rules` tag ([`RULES_TAG`](super::RULES_TAG)) says which rule set
/// it was played under, and the reader follows it; a game without one is read under
/// [`RuleSet::Default`]. A rule set chosen here ([`ReadOptions::new`]) wins over the tag:
/// every game is read under it, and a game whose tag names another reports it
/// ([`PdnGame::rules_conflict`](super::PdnGame::rules_conflict)).
///
/// ```
/// use turkish_draughts::pdn::{self, ReadOptions};
/// use turkish_draughts::RuleSet;
/// let options = ReadOptions::new(RuleSet::Tudaf);
/// let game = pdn::read_str_with("1. c3-c4 *", options).next().unwrap()?;
/// assert_eq!(game.game().rules(), RuleSet::Tudaf);
/// # Ok::<(), pdn::PdnError>(())
/// ```
///
/// The limits: a game that goes past one is an error
/// ([`PdnErrorKind::LimitExceeded`](super::PdnErrorKind::LimitExceeded)) and reading goes on with the next game. Their defaults
/// are the constants [`MAX_TOKEN_BYTES`], [`MAX_TAG_VALUE_BYTES`], [`MAX_COMMENT_BYTES`],
/// [`MAX_TAGS_PER_GAME`], [`MAX_PLIES_PER_GAME`] and [`MAX_NOTES_BYTES_PER_GAME`], whose documentation says what each
/// bounds; the error's message names the default.
///
/// ```
/// use turkish_draughts::pdn::{self, Limit, PdnErrorKind, ReadOptions};
/// let mut options = ReadOptions::default();
/// options.max_plies = 2;
/// let err = pdn::read_str_with("1. c3-c4 f6-f5 2. d3-d4 *", options).next().unwrap().unwrap_err();
/// assert_eq!(err.kind, PdnErrorKind::LimitExceeded { limit: Limit::Plies });
/// assert_eq!(err.column, 19);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct ReadOptions {
    /// The rule set every game is read under, whatever its `Rules` tag says; `None` (the
    /// default) follows each game's tag.
    pub rules: Option<RuleSet>,
    /// The longest word (a move, number, NAG, result or tag name), in bytes; by default
    /// [`MAX_TOKEN_BYTES`].
    pub max_token_bytes: usize,
    /// The longest tag value, in bytes as written; by default [`MAX_TAG_VALUE_BYTES`].
    pub max_tag_value_bytes: usize,
    /// The longest `{...}` comment, in bytes, braces included; by default
    /// [`MAX_COMMENT_BYTES`].
    pub max_comment_bytes: usize,
    /// The most tag pairs in one game; by default [`MAX_TAGS_PER_GAME`].
    pub max_tags: usize,
    /// The most plies of a game's main line; by default [`MAX_PLIES_PER_GAME`].
    pub max_plies: usize,
    /// The most bytes of annotations a game keeps; by default [`MAX_NOTES_BYTES_PER_GAME`].
    pub max_notes_bytes: usize,
}

impl Default for ReadOptions {
    /// Follow each game's `Rules` tag, with the default limits.
    ///
    /// ```
    /// use turkish_draughts::pdn::{ReadOptions, MAX_PLIES_PER_GAME};
    /// assert_eq!(ReadOptions::default().max_plies, MAX_PLIES_PER_GAME);
    /// ```
    fn default() -> ReadOptions {
        ReadOptions {
            rules: None,
            ..ReadOptions::new(RuleSet::Default)
        }
    }
}

impl ReadOptions {
    /// Options that read every game under `rules`.
    ///
    /// ```
    /// use turkish_draughts::pdn::ReadOptions;
    /// use turkish_draughts::RuleSet;
    /// assert_eq!(ReadOptions::new(RuleSet::Tudaf).rules, Some(RuleSet::Tudaf));
    /// assert_eq!(ReadOptions::default().rules, None);
    /// ```
    pub const fn new(rules: RuleSet) -> ReadOptions {
        ReadOptions {
            rules: Some(rules),
            max_token_bytes: MAX_TOKEN_BYTES,
            max_tag_value_bytes: MAX_TAG_VALUE_BYTES,
            max_comment_bytes: MAX_COMMENT_BYTES,
            max_tags: MAX_TAGS_PER_GAME,
            max_plies: MAX_PLIES_PER_GAME,
            max_notes_bytes: MAX_NOTES_BYTES_PER_GAME,
        }
    }
}
