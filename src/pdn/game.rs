//! [`PdnGame`]: one game as the reader gives it, its tags, moves, annotations and
//! termination.

use alloc::vec::Vec;

use super::notes::Notes;
use super::rules_tag::RulesConflict;
use super::tags::Tags;
use crate::{Game, GameResult};

/// One game read from PDN: its tags, the replayed [`Game`] and the termination read.
///
/// Comments, NAGs and variations are kept ([`notes`](PdnGame::notes)), attached to the ply
/// they follow; the moves of variations are checked for syntax, not played, and variations
/// nested more than 32 deep are checked for syntax and dropped.
/// [`to_pdn`](PdnGame::to_pdn) writes it all back. Two games are equal when their tags,
/// games, results, annotations, first lines and rule conflicts are.
///
/// ```
/// use turkish_draughts::pdn;
/// use turkish_draughts::GameResult;
/// let text = "[White \"ayse\"]\n[Result \"1-0\"]\n\n1. c3-c4 {good} f6-f5 (1... f6-e6) 1-0\n";
/// let game = pdn::read_str(text).next().unwrap()?;
/// assert_eq!(game.tags().white(), Some("ayse"));
/// assert_eq!(game.game().ply(), 2);
/// assert_eq!(game.result(), GameResult::WhiteWins);
/// assert_eq!(game.line(), 1);
/// # Ok::<(), pdn::PdnError>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PdnGame {
    pub(super) tags: Tags,
    pub(super) game: Game,
    pub(super) result: GameResult,
    pub(super) line: usize,
    pub(super) rules_conflict: Option<RulesConflict>,
    /// The annotations, by ply (0: before the first move), in the order of the plies.
    pub(super) notes: Vec<(usize, Notes)>,
}

impl PdnGame {
    /// The annotations of the game's main line: for each ply that has some, the ply (0 for
    /// what comes before the first move, `k` for what follows the `k`-th move) and its
    /// [`Notes`], in the order of the plies. A game without annotations holds nothing here.
    /// A comment before a game's first tag (or, without tags, before its first move) belongs
    /// to no game and is not kept.
    ///
    /// ```
    /// use turkish_draughts::pdn;
    /// let game = pdn::read_str("[Event \"x\"]\n{opening} 1. c3-c4 f6-f5 $2 *").next().unwrap()?;
    /// let plies: Vec<usize> = game.notes().map(|(ply, _)| ply).collect();
    /// assert_eq!(plies, [0, 2]);
    /// # Ok::<(), pdn::PdnError>(())
    /// ```
    pub fn notes(&self) -> impl Iterator<Item = (usize, &Notes)> + '_ {
        self.notes.iter().map(|(ply, notes)| (*ply, notes))
    }

    /// The annotations after ply `ply` (0: before the first move), if it has any.
    ///
    /// ```
    /// use turkish_draughts::pdn;
    /// let game = pdn::read_str("1. c3-c4 {good} f6-f5 *").next().unwrap()?;
    /// assert_eq!(game.notes_at(1).unwrap().comments, ["good"]);
    /// assert!(game.notes_at(2).is_none());
    /// # Ok::<(), pdn::PdnError>(())
    /// ```
    pub fn notes_at(&self, ply: usize) -> Option<&Notes> {
        self.notes
            .binary_search_by_key(&ply, |(p, _)| *p)
            .ok()
            .map(|i| &self.notes[i].1)
    }

    /// The annotations, by ply, as kept.
    pub(super) fn notes_by_ply(&self) -> &[(usize, Notes)] {
        &self.notes
    }

    /// The tag pairs, in the order read.
    ///
    /// ```
    /// use turkish_draughts::pdn;
    /// let game = pdn::read_str("[Event \"x\"]\n[Site \"y\"]\n*").next().unwrap()?;
    /// assert_eq!(game.tags().len(), 2);
    /// # Ok::<(), pdn::PdnError>(())
    /// ```
    pub fn tags(&self) -> &Tags {
        &self.tags
    }

    /// The game, replayed: its first position (the FEN tag's, or the start), its moves and
    /// positions.
    ///
    /// ```
    /// use turkish_draughts::pdn;
    /// let game = pdn::read_str("1. c3-c4 f6-f5 *").next().unwrap()?;
    /// assert_eq!(game.game().moves()[1].to_string(), "f6-f5");
    /// # Ok::<(), pdn::PdnError>(())
    /// ```
    pub fn game(&self) -> &Game {
        &self.game
    }

    /// The game, by value.
    ///
    /// ```
    /// use turkish_draughts::pdn;
    /// let game = pdn::read_str("1. c3-c4 *").next().unwrap()?.into_game();
    /// assert_eq!(game.ply(), 1);
    /// # Ok::<(), pdn::PdnError>(())
    /// ```
    pub fn into_game(self) -> Game {
        self.game
    }

    /// The result of the game's termination token (`2-0` and `1-0` both read as
    /// [`GameResult::WhiteWins`]).
    ///
    /// ```
    /// use turkish_draughts::{pdn, GameResult};
    /// let game = pdn::read_str("1. c3-c4 1/2-1/2").next().unwrap()?;
    /// assert_eq!(game.result(), GameResult::Draw);
    /// # Ok::<(), pdn::PdnError>(())
    /// ```
    pub fn result(&self) -> GameResult {
        self.result
    }

    /// The line (from 1) where the game starts.
    ///
    /// ```
    /// use turkish_draughts::pdn;
    /// let mut games = pdn::read_str("1. c3-c4 *\n\n[Event \"b\"]\n1. d3-d4 *\n");
    /// assert_eq!(games.next().unwrap()?.line(), 1);
    /// assert_eq!(games.next().unwrap()?.line(), 3);
    /// # Ok::<(), pdn::PdnError>(())
    /// ```
    pub fn line(&self) -> usize {
        self.line
    }

    /// Set when the caller chose a rule set ([`ReadOptions::new`](super::ReadOptions::new)) and the game's `Rules` tag
    /// names another (or one this crate does not know): the game was read under the
    /// caller's choice. `None` when they agree, when the game has no `Rules` tag, or when the
    /// reader followed the tag.
    ///
    /// ```
    /// use turkish_draughts::pdn::{self, ReadOptions};
    /// use turkish_draughts::RuleSet;
    /// let text = "[Rules \"default\"]\n1. c3-c4 *";
    /// let options = ReadOptions::new(RuleSet::Tudaf);
    /// let game = pdn::read_str_with(text, options).next().unwrap()?;
    /// assert_eq!(game.rules_conflict().map(|c| c.chosen()), Some(RuleSet::Tudaf));
    /// assert_eq!(pdn::read_str(text).next().unwrap()?.rules_conflict(), None);
    /// # Ok::<(), pdn::PdnError>(())
    /// ```
    pub fn rules_conflict(&self) -> Option<&RulesConflict> {
        self.rules_conflict.as_ref()
    }
}
