//! Reading PDN: the tokens of [`lex`](super::lex) are put together into games, replayed on
//! a [`Game`] as they come, and each game gives one item as soon as it ends.
//!
//! Where a game ends:
//! - at its termination (`2-0`, `1-0`, `*`, ...) outside variations;
//! - before a tag pair that is the first token of its line, once the game has movetext (a
//!   game without a termination: an error);
//! - before any token but `)`, a comment or a NAG that follows a termination inside a
//!   variation (the variation was never closed: an error);
//! - at a `{` comment that is never closed (see the tokenizer), where the text after the
//!   comment's first line is read again as what follows the game;
//! - at the end of the input (a game without a termination: an error), or at an I/O error.
//!
//! After any other error the rest of the game is skipped up to where it ends, by the same
//! rules, without another item.

use alloc::boxed::Box;
use alloc::string::String;
use alloc::vec::Vec;

use super::error::{PdnError, PdnErrorKind, quote};
use super::lex::{At, Kind, Lexer, Place, Tok};
use super::limits::{
    Limit, MAX_COMMENT_BYTES, MAX_NOTES_BYTES_PER_GAME, MAX_PLIES_PER_GAME, MAX_TAG_VALUE_BYTES,
    MAX_TAGS_PER_GAME, MAX_TOKEN_BYTES,
};
use super::notes::{Node, Notes, Variation};
use super::rules_tag::{
    NO_PROGRESS_LIMIT_TAG, RULES_TAG, RulesConflict, no_progress_limit_of, rules_of,
};
use super::source::{Source, StrSource};
use super::tags::Tags;
use super::visit::{Control, Location, Skipper, Visitor};
use crate::{Game, GameResult, MoveList, RuleSet};

/// How games are read.
///
/// The rule set: a game's `Rules` tag ([`RULES_TAG`](super::RULES_TAG)) says which rule set
/// it was played under, and the reader follows it; a game without one is read under
/// [`RuleSet::Default`]. A rule set chosen here ([`ReadOptions::new`]) wins over the tag:
/// every game is read under it, and a game whose tag names another reports it
/// ([`PdnGame::rules_conflict`]).
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
/// ([`PdnErrorKind::LimitExceeded`]) and reading goes on with the next game. Their defaults
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
            max_token_bytes: MAX_TOKEN_BYTES,
            max_tag_value_bytes: MAX_TAG_VALUE_BYTES,
            max_comment_bytes: MAX_COMMENT_BYTES,
            max_tags: MAX_TAGS_PER_GAME,
            max_plies: MAX_PLIES_PER_GAME,
            max_notes_bytes: MAX_NOTES_BYTES_PER_GAME,
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
    tags: Tags,
    game: Game,
    result: GameResult,
    line: usize,
    rules_conflict: Option<RulesConflict>,
    /// The annotations, by ply (0: before the first move), in the order of the plies.
    notes: Vec<(usize, Notes)>,
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

    /// The game as PDN with everything it was read with: its tags in their order (with the
    /// `Rules` tag of its rule set added or set when the tags alone would not say it), a
    /// blank line, the moves in landing notation with their NAGs, comments and variations,
    /// and the termination read. Reading the text back gives the same game, tags and
    /// annotations (`;` and `%` comments, move numbers inside variations and the spacing are
    /// not kept).
    ///
    /// ```
    /// use turkish_draughts::pdn;
    /// let text = "[White \"ayse\"]\n\n1. c3-c4! {good} (1. d3-d4 $2) f6-f5 1-0\n";
    /// let game = pdn::read_str(text).next().unwrap()?;
    /// let written = game.to_pdn();
    /// assert_eq!(written, "[White \"ayse\"]\n\n1. c3-c4 ! {good} ( d3-d4 $2 ) f6-f5 2-0\n");
    /// assert_eq!(pdn::read_str(&written).next().unwrap()?, game);
    /// # Ok::<(), pdn::PdnError>(())
    /// ```
    pub fn to_pdn(&self) -> alloc::string::String {
        super::write::write_annotated(self)
    }

    /// The tags to write for [`to_pdn`](PdnGame::to_pdn).
    pub(crate) fn tags_to_write(&self) -> alloc::borrow::Cow<'_, Tags> {
        let rules = self.game.rules();
        let said = match self.tags.get(RULES_TAG) {
            Some(value) => rules_of(value),
            None => Some(RuleSet::Default),
        };
        let limit = self.game.no_progress_limit();
        let limit_said = self
            .tags
            .get(NO_PROGRESS_LIMIT_TAG)
            .map(no_progress_limit_of);
        if said == Some(rules) && limit_said == limit.map(Some) {
            return alloc::borrow::Cow::Borrowed(&self.tags);
        }
        let mut tags = self.tags.clone();
        if said != Some(rules) {
            tags.set(RULES_TAG, rules.name());
        }
        match limit {
            Some(plies) if limit_said != Some(Some(plies)) => {
                tags.set(NO_PROGRESS_LIMIT_TAG, alloc::format!("{plies}"));
            }
            None => {
                tags.remove(NO_PROGRESS_LIMIT_TAG);
            }
            Some(_) => {}
        }
        alloc::borrow::Cow::Owned(tags)
    }

    /// The annotations, by ply.
    pub(crate) fn notes_by_ply(&self) -> &[(usize, Notes)] {
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

    /// Set when the caller chose a rule set ([`ReadOptions::new`]) and the game's `Rules` tag
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

/// Checks the GameType value: `30` alone, or `30,W,8,8,A0,0` (spaces around the fields
/// allowed). Any other value would mean another game or another board numbering.
fn game_type_ok(value: &str) -> bool {
    let mut fields = value.split(',').map(str::trim);
    let first = fields.next() == Some("30");
    let rest: [Option<&str>; 6] = core::array::from_fn(|_| fields.next());
    first
        && matches!(
            rest,
            [None, ..] | [Some("W"), Some("8"), Some("8"), Some("A0"), Some("0"), None]
        )
}

/// The structure of the game being read: where it is in its variations, and whether an
/// error (or the visitor) has ended its reading.
struct Shape {
    tags: usize,
    /// Nesting depth of variations, and where the outermost one opened.
    depth: usize,
    open_at: Option<At>,
    /// The depth at which the visitor skips a variation, while it does.
    skip_from: Option<usize>,
    /// A termination came inside a variation: only `)`, a comment or a NAG may follow.
    result_in_variation: bool,
    /// The game has movetext (anything but tags, `;` and `%` comments).
    movetext: bool,
    /// The first error of the game's text: the rest of the game is skipped.
    error: Option<PdnError>,
    /// The visitor stopped: the rest of the game is skipped without looking for errors.
    stopped: bool,
    /// Just after the last token: where a missing termination is reported.
    after: At,
}

impl Shape {
    fn new(at: At) -> Shape {
        Shape {
            tags: 0,
            depth: 0,
            open_at: None,
            skip_from: None,
            result_in_variation: false,
            movetext: false,
            error: None,
            stopped: false,
            after: at,
        }
    }

    /// The error of a game that ends without its termination, before `before`.
    fn unfinished(&self, before: &'static str) -> PdnError {
        match self.open_at {
            Some(open) if self.depth > 0 => open.error(PdnErrorKind::UnterminatedVariation),
            _ => self
                .after
                .error(PdnErrorKind::MissingTermination { before }),
        }
    }

    /// Whether the visitor hears the tokens: not in a variation it skips.
    fn heard(&self) -> bool {
        self.skip_from.is_none()
    }
}

fn location(at: At) -> Location {
    Location::new(at.line, at.column)
}

fn at_of(location: Location) -> At {
    At {
        line: location.line,
        column: location.column,
    }
}

/// What a token did to the game being read.
enum Step<O> {
    /// The game goes on (or no game has started).
    More,
    /// The game (or a text that is no game) ended with this item.
    Item(Result<O, PdnError>),
    /// The input has ended.
    Done,
}

/// Puts the tokens of one input together into games, for any visitor.
pub(crate) struct Core<S> {
    lexer: Lexer<S>,
    max_tags: usize,
    shape: Option<Shape>,
    /// A token that ended the last game and starts the next one.
    carry: Option<Tok>,
    done: bool,
}

impl<S: Source> Core<S> {
    fn new(source: S, options: &ReadOptions) -> Core<S> {
        Core {
            lexer: Lexer::with_limits(
                source,
                options.max_token_bytes,
                options.max_tag_value_bytes,
                options.max_comment_bytes,
            ),
            max_tags: options.max_tags,
            shape: None,
            carry: None,
            done: false,
        }
    }

    /// Reads the next game with `v`; `None` at the end of the input.
    pub(crate) fn read_game<V: Visitor>(
        &mut self,
        v: &mut V,
    ) -> Option<Result<V::Output, PdnError>> {
        loop {
            if self.done && self.carry.is_none() {
                return None;
            }
            let tok = match self.carry.take() {
                Some(tok) => tok,
                None => self.lexer.next_token(),
            };
            match self.step(tok, v) {
                Step::More => {}
                Step::Item(item) => return Some(item),
                Step::Done => {
                    self.done = true;
                    return None;
                }
            }
        }
    }

    /// Ends the game being read, before `tok` if it is given (which then starts what
    /// follows). `unfinished` is the error of a game that had no error of its own.
    fn end<V: Visitor>(
        &mut self,
        v: &mut V,
        carry: Option<Tok>,
        unfinished: Option<PdnError>,
    ) -> Step<V::Output> {
        self.carry = carry;
        let Some(shape) = self.shape.take() else {
            return Step::More;
        };
        Step::Item(match (shape.error, shape.stopped, unfinished) {
            (Some(e), _, _) => Err(e),
            (None, true, _) => Ok(v.end_game()),
            (None, false, Some(e)) => Err(e),
            (None, false, None) => Ok(v.end_game()),
        })
    }

    /// Takes one token.
    fn step<V: Visitor>(&mut self, tok: Tok, v: &mut V) -> Step<V::Output> {
        match tok.kind {
            Kind::End => {
                let Some(shape) = self.shape.as_ref() else {
                    return Step::Done;
                };
                let e = shape.unfinished("the end of the input");
                self.done = true;
                return self.end(v, None, Some(e));
            }
            Kind::Io(ref message) => {
                let Some(shape) = self.shape.as_ref() else {
                    self.done = true;
                    let message = message.clone();
                    return Step::Item(Err(tok.at.error(PdnErrorKind::Io { message })));
                };
                if shape.error.is_some() || shape.stopped {
                    // The game's own item first, then the I/O error.
                    return self.end(v, Some(tok), None);
                }
                self.shape = None;
                self.done = true;
                let message = message.clone();
                return Step::Item(Err(tok.at.error(PdnErrorKind::Io { message })));
            }
            _ => {}
        }
        let Some(shape) = self.shape.as_mut() else {
            match tok.kind {
                // Comments between games belong to none.
                Kind::Comment { .. } => {}
                // So does a comment never closed: its error is an item of its own.
                Kind::Error {
                    error,
                    place: Place::Comment,
                } => return Step::Item(Err(error)),
                _ => {
                    let mut shape = Shape::new(tok.at);
                    shape.stopped = v.begin_game(location(tok.at)) == Control::Stop;
                    self.shape = Some(shape);
                    return self.step(tok, v);
                }
            }
            return Step::More;
        };
        let is_tag = matches!(
            tok.kind,
            Kind::Tag { .. }
                | Kind::Error {
                    place: Place::Tag,
                    ..
                }
        );
        if shape.result_in_variation
            && !matches!(
                tok.kind,
                Kind::Comment { .. } | Kind::Nag { .. } | Kind::Close
            )
        {
            let e = shape.unfinished("the next game");
            return self.end(v, Some(tok), Some(e));
        }
        if is_tag && tok.line_start && shape.movetext {
            let e = shape.unfinished("the next game");
            return self.end(v, Some(tok), Some(e));
        }
        if shape.error.is_some() || shape.stopped {
            return self.skip(tok, v);
        }
        shape.after = tok.end;
        let at = location(tok.at);
        let heard = shape.heard();
        let mut control = Control::Continue;
        let mut error = None;
        match tok.kind {
            Kind::Tag { value_at } => {
                if shape.movetext {
                    error = Some(tok.at.error(PdnErrorKind::TagAfterMoves));
                } else if shape.tags >= self.max_tags {
                    let limit = Limit::Tags;
                    error = Some(tok.at.error(PdnErrorKind::LimitExceeded { limit }));
                } else {
                    shape.tags += 1;
                    let (name, value) = self.lexer.tag_pair();
                    control = v.tag(name, value, location(value_at));
                }
            }
            Kind::Error { error: e, place } => {
                if place == Place::Comment {
                    // The game ends at the comment; what follows is read afresh.
                    return self.end(v, None, Some(e));
                }
                if place == Place::Movetext {
                    shape.movetext = true;
                }
                error = Some(e);
            }
            Kind::Comment { brace, start, end } => {
                shape.movetext |= brace;
                if brace && heard {
                    control = v.comment(&self.lexer.text(start, end), at);
                }
            }
            Kind::Number => shape.movetext = true,
            Kind::Nag { start, end } => {
                shape.movetext = true;
                if heard {
                    control = v.nag(&self.lexer.text(start, end), at);
                }
            }
            Kind::Open => {
                shape.movetext = true;
                if shape.depth == 0 {
                    shape.open_at = Some(tok.at);
                }
                if heard {
                    control = v.begin_variation(at);
                    if control == Control::Skip {
                        shape.skip_from = Some(shape.depth);
                    }
                }
                shape.depth += 1;
            }
            Kind::Close => {
                shape.movetext = true;
                shape.result_in_variation = false;
                if shape.depth == 0 {
                    error = Some(tok.at.error(PdnErrorKind::UnmatchedClose));
                } else {
                    shape.depth -= 1;
                    if shape.skip_from == Some(shape.depth) {
                        shape.skip_from = None;
                    } else if heard {
                        control = v.end_variation();
                    }
                }
            }
            Kind::Result(_) if shape.depth > 0 => {
                shape.movetext = true;
                shape.result_in_variation = true;
            }
            Kind::Move {
                start,
                end,
                suffix_end,
            } => {
                shape.movetext = true;
                if heard {
                    control = v.move_text(&self.lexer.text(start, end), at);
                    if control != Control::Stop && suffix_end > end {
                        let mut suffix_at = tok.at;
                        suffix_at.column += self.lexer.text(start, end).chars().count();
                        control = v.nag(&self.lexer.text(end, suffix_end), location(suffix_at));
                    }
                }
            }
            Kind::Result(termination) => {
                shape.movetext = true;
                v.termination(termination, at);
                return self.end(v, None, None);
            }
            Kind::End | Kind::Io(_) => {}
        }
        if let Some(shape) = self.shape.as_mut() {
            if error.is_some() {
                shape.error = error;
            } else if control == Control::Stop {
                shape.stopped = true;
            }
        }
        Step::More
    }

    /// A token of a game whose reading has ended (an error, or the visitor stopped): it only
    /// moves the game to its end.
    fn skip<V: Visitor>(&mut self, tok: Tok, v: &mut V) -> Step<V::Output> {
        let Some(shape) = self.shape.as_mut() else {
            return Step::More;
        };
        match tok.kind {
            Kind::Tag { .. }
            | Kind::Comment { brace: false, .. }
            | Kind::Error {
                place: Place::Tag, ..
            } => {}
            Kind::Error {
                place: Place::Comment,
                ..
            } => return self.end(v, None, None),
            Kind::Open => {
                shape.movetext = true;
                shape.depth += 1;
            }
            Kind::Close => {
                shape.movetext = true;
                shape.depth = shape.depth.saturating_sub(1);
                shape.result_in_variation = false;
            }
            Kind::Result(_) if shape.depth == 0 => return self.end(v, None, None),
            Kind::Result(_) => {
                shape.movetext = true;
                shape.result_in_variation = true;
            }
            _ => shape.movetext = true,
        }
        Step::More
    }
}

/// How deep variations are kept: those nested deeper are checked for syntax and dropped, so
/// that a game's notes are dropped, compared and written in bounded stack.
pub(crate) const MAX_KEPT_DEPTH: usize = 32;

/// The built-in visitor: replays each game on a [`Game`] and gives a [`PdnGame`].
pub(crate) struct Replay {
    rules: Option<RuleSet>,
    max_plies: usize,
    tags: Tags,
    /// Where the value of each tag starts.
    tag_at: Vec<At>,
    line: usize,
    game: Option<Game>,
    result_tag: Option<GameResult>,
    rules_conflict: Option<RulesConflict>,
    /// The game's first error: the rest of it is not replayed.
    error: Option<PdnError>,
    finished: Option<PdnGame>,
    max_notes: usize,
    /// The annotations so far, and their weight.
    notes: Vec<(usize, Notes)>,
    weight: usize,
    /// The variations open, innermost last.
    open: Vec<Variation>,
    /// The legal moves of the position being read, and a second list for the long way of
    /// move parsing; reused for every move.
    lists: Box<(MoveList, MoveList)>,
}

impl Replay {
    fn new(options: &ReadOptions) -> Replay {
        Replay {
            rules: options.rules,
            max_plies: options.max_plies,
            tags: Tags::new(),
            tag_at: Vec::new(),
            line: 1,
            game: None,
            result_tag: None,
            rules_conflict: None,
            error: None,
            finished: None,
            max_notes: options.max_notes_bytes,
            notes: Vec::new(),
            weight: 0,
            open: Vec::new(),
            lists: Box::new((MoveList::new(), MoveList::new())),
        }
    }

    /// Where the value of the first tag called `name` starts.
    fn at_of(&self, name: &str) -> At {
        self.tags
            .iter()
            .zip(&self.tag_at)
            .find(|((n, _), _)| *n == name)
            .map_or(
                At {
                    line: self.line,
                    column: 1,
                },
                |(_, &at)| at,
            )
    }

    /// Adds a note of `len` bytes of text at `at`: to the variation open, or to the ply
    /// played last.
    fn note(&mut self, len: usize, at: Location, node: Node) -> Control {
        self.weight += Notes::weight(len);
        if self.weight > self.max_notes {
            let limit = Limit::Notes;
            return self.fail(at_of(at).error(PdnErrorKind::LimitExceeded { limit }));
        }
        if let Some(variation) = self.open.last_mut() {
            variation.nodes.push(node);
            return Control::Continue;
        }
        let ply = self.game.as_ref().map_or(0, Game::ply);
        if self.notes.last().is_none_or(|(p, _)| *p != ply) {
            self.notes.push((ply, Notes::default()));
        }
        if let Some((_, notes)) = self.notes.last_mut() {
            match node {
                Node::Nag(text) => notes.nags.push(text),
                Node::Comment(text) => notes.comments.push(text),
                Node::Variation(v) => notes.variations.push(v),
                Node::Move(_) => {}
            }
        }
        Control::Continue
    }

    /// Keeps the first error; the rest of the game is not visited.
    fn fail(&mut self, e: PdnError) -> Control {
        self.error = Some(e);
        Control::Stop
    }

    /// Builds the game from the tags: GameType, Rules, Result and FEN are checked here.
    fn start_game(&mut self) -> Result<Game, PdnError> {
        if let Some(value) = self.tags.game_type() {
            if !game_type_ok(value) {
                let value = quote(value);
                return Err(self
                    .at_of("GameType")
                    .error(PdnErrorKind::UnknownGameType { value }));
            }
        }
        let tag = self.tags.get(RULES_TAG);
        let rules = match (self.rules, tag) {
            (Some(rules), Some(value)) => {
                if rules_of(value) != Some(rules) {
                    let at = self.at_of(RULES_TAG);
                    self.rules_conflict = Some(RulesConflict {
                        line: at.line,
                        column: at.column,
                        tag: quote(value),
                        chosen: rules,
                    });
                }
                rules
            }
            (Some(rules), None) => rules,
            (None, Some(value)) => match rules_of(value) {
                Some(rules) => rules,
                None => {
                    let value = quote(value);
                    return Err(self
                        .at_of(RULES_TAG)
                        .error(PdnErrorKind::UnknownRules { value }));
                }
            },
            (None, None) => RuleSet::Default,
        };
        if let Some(value) = self.tags.result() {
            match value.parse::<GameResult>() {
                Ok(r) => self.result_tag = Some(r),
                Err(_) => {
                    let value = quote(value);
                    return Err(self
                        .at_of("Result")
                        .error(PdnErrorKind::BadResultTag { value }));
                }
            }
        }
        let limit = match self.tags.get(NO_PROGRESS_LIMIT_TAG) {
            Some(value) => match no_progress_limit_of(value) {
                Some(plies) => Some(plies),
                None => {
                    let value = quote(value);
                    return Err(self
                        .at_of(NO_PROGRESS_LIMIT_TAG)
                        .error(PdnErrorKind::BadNoProgressLimit { value }));
                }
            },
            None => None,
        };
        let game = match self.tags.fen() {
            Some(fen) => Game::from_fen(fen, rules).map_err(|error| {
                let fen = quote(fen);
                self.at_of("FEN").error(PdnErrorKind::BadFen { fen, error })
            })?,
            None => Game::new(rules),
        };
        Ok(game.with_no_progress_limit(limit))
    }

    /// Reads and plays one move of the main line.
    fn play(&mut self, text: &str, at: At) -> Result<(), PdnError> {
        if self.game.is_none() {
            self.game = Some(self.start_game()?);
        }
        let Some(game) = self.game.as_mut() else {
            return Ok(());
        };
        let (list, scratch) = &mut *self.lists;
        let pos = *game.position();
        let mv = pos.parse_any_move_with(text, list, scratch).map_err(|e| {
            at.error(match game.outcome() {
                Some(outcome) => PdnErrorKind::GameOver {
                    text: quote(text),
                    outcome,
                },
                None => PdnErrorKind::from_move(text, e),
            })
        })?;
        if game.ply() >= self.max_plies {
            let limit = Limit::Plies;
            return Err(at.error(PdnErrorKind::LimitExceeded { limit }));
        }
        game.play_resolved(mv).map_err(|outcome| {
            at.error(PdnErrorKind::GameOver {
                text: quote(text),
                outcome,
            })
        })
    }

    /// Checks the termination and gives the finished game.
    fn finish(&mut self, termination: GameResult, at: At) -> Result<PdnGame, PdnError> {
        let mut game = match self.game.take() {
            Some(game) => game,
            None => self.start_game()?,
        };
        if let Some(tag) = self.result_tag {
            if tag != termination {
                return Err(at.error(PdnErrorKind::ResultMismatch { tag, termination }));
            }
        }
        if let Some(outcome) = game.outcome() {
            if GameResult::from(outcome) != termination {
                return Err(at.error(PdnErrorKind::ResultContradicted {
                    claimed: termination,
                    outcome,
                }));
            }
        }
        // A finished game holds what its plies need, not the room for more.
        game.shrink_to_fit();
        self.notes.shrink_to_fit();
        self.tags.shrink_to_fit();
        Ok(PdnGame {
            tags: core::mem::take(&mut self.tags),
            game,
            result: termination,
            line: self.line,
            rules_conflict: self.rules_conflict.take(),
            notes: core::mem::take(&mut self.notes),
        })
    }
}

impl Visitor for Replay {
    type Output = Result<PdnGame, PdnError>;

    fn begin_game(&mut self, at: Location) -> Control {
        self.tags = Tags::new();
        self.tag_at.clear();
        self.line = at.line;
        self.game = None;
        self.result_tag = None;
        self.rules_conflict = None;
        self.error = None;
        self.finished = None;
        self.notes = Vec::new();
        self.weight = 0;
        self.open.clear();
        Control::Continue
    }

    fn tag(&mut self, name: &str, value: &str, at: Location) -> Control {
        self.tags.push(name, value);
        self.tag_at.push(at_of(at));
        Control::Continue
    }

    fn move_text(&mut self, text: &str, at: Location) -> Control {
        if !self.open.is_empty() {
            return self.note(text.len(), at, Node::Move(String::from(text)));
        }
        match self.play(text, at_of(at)) {
            Ok(()) => Control::Continue,
            Err(e) => self.fail(e),
        }
    }

    fn nag(&mut self, text: &str, at: Location) -> Control {
        self.note(text.len(), at, Node::Nag(String::from(text)))
    }

    fn comment(&mut self, text: &str, at: Location) -> Control {
        self.note(text.len(), at, Node::Comment(String::from(text)))
    }

    fn begin_variation(&mut self, at: Location) -> Control {
        if self.open.len() >= MAX_KEPT_DEPTH {
            return Control::Skip;
        }
        self.weight += Notes::weight(0);
        if self.weight > self.max_notes {
            let limit = Limit::Notes;
            return self.fail(at_of(at).error(PdnErrorKind::LimitExceeded { limit }));
        }
        self.open.push(Variation::default());
        Control::Continue
    }

    fn end_variation(&mut self) -> Control {
        match self.open.pop() {
            Some(v) => {
                let at = Location::new(self.line, 1);
                self.weight -= Notes::weight(0);
                self.note(0, at, Node::Variation(v))
            }
            None => Control::Continue,
        }
    }

    fn termination(&mut self, result: GameResult, at: Location) -> Control {
        match self.finish(result, at_of(at)) {
            Ok(game) => {
                self.finished = Some(game);
                Control::Continue
            }
            Err(e) => self.fail(e),
        }
    }

    fn end_game(&mut self) -> Self::Output {
        if let Some(e) = self.error.take() {
            return Err(e);
        }
        self.finished.take().ok_or_else(|| {
            At {
                line: self.line,
                column: 1,
            }
            .error(PdnErrorKind::MissingTermination {
                before: "the end of the game",
            })
        })
    }
}

/// The reader behind [`Games`] and [`Reader`]: the tokens put together into games, and the
/// built-in visitor that replays them.
pub(crate) struct Parser<S> {
    core: Core<S>,
    replay: Replay,
}

impl<S: Source> Parser<S> {
    pub(crate) fn new(source: S, options: ReadOptions) -> Parser<S> {
        Parser {
            core: Core::new(source, &options),
            replay: Replay::new(&options),
        }
    }

    /// The next game or error.
    pub(crate) fn next_item(&mut self) -> Option<Result<PdnGame, PdnError>> {
        self.core
            .read_game(&mut self.replay)
            .map(|item| item.and_then(|game| game))
    }

    /// The next game, given to `v`.
    pub(crate) fn read_game<V: Visitor>(
        &mut self,
        v: &mut V,
    ) -> Option<Result<V::Output, PdnError>> {
        self.core.read_game(v)
    }

    /// The bytes the tokenizer has looked at, for the tests of linear work.
    #[cfg(test)]
    pub(crate) fn looked(&self) -> u64 {
        self.core.lexer.looked
    }

    /// The bytes the tokenizer holds on the heap, its window included.
    #[cfg(test)]
    pub(crate) fn held(&self) -> usize {
        self.core.lexer.held()
    }
}

/// The games of a PDN text, read one at a time. Made by [`read_str`] and [`read_str_with`].
///
/// ```
/// use turkish_draughts::pdn;
/// let games: Vec<_> = pdn::read_str("1. c3-c4 *\n[Event \"b\"]\n1. d3-d4 *\n").collect();
/// assert_eq!(games.len(), 2);
/// ```
pub struct Games<'a> {
    parser: Parser<StrSource<'a>>,
}

impl core::fmt::Debug for Games<'_> {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("Games").finish_non_exhaustive()
    }
}

impl Games<'_> {
    /// Reads the next game with a visitor of the caller's instead of replaying it: `None`
    /// at the end of the text, else the visitor's output for the game, or the first error in
    /// its text. Reading goes on where this game ended, with [`Iterator::next`] or this.
    ///
    /// ```
    /// use turkish_draughts::pdn::{self, Control, Location, Visitor};
    /// struct Tags(usize);
    /// impl Visitor for Tags {
    ///     type Output = usize;
    ///     fn tag(&mut self, _: &str, _: &str, _: Location) -> Control {
    ///         self.0 += 1;
    ///         Control::Continue
    ///     }
    ///     fn end_game(&mut self) -> usize {
    ///         std::mem::take(&mut self.0)
    ///     }
    /// }
    /// let mut games = pdn::read_str("[A \"1\"]\n[B \"2\"]\n1. c3-c4 *\n\n1. d3-d4 *\n");
    /// assert_eq!(games.read_game(&mut Tags(0)).unwrap()?, 2);
    /// assert_eq!(games.next().unwrap()?.game().ply(), 1);
    /// # Ok::<(), pdn::PdnError>(())
    /// ```
    pub fn read_game<V: Visitor>(
        &mut self,
        visitor: &mut V,
    ) -> Option<Result<V::Output, PdnError>> {
        self.parser.read_game(visitor)
    }

    /// Skips the next game without replaying it or looking for errors in it: `None` at the
    /// end of the text. A text that is no game (a comment never closed between games) gives
    /// its error.
    ///
    /// ```
    /// use turkish_draughts::pdn;
    /// let mut games = pdn::read_str("1. c3-c5 *\n\n[Event \"b\"]\n1. d3-d4 *\n");
    /// assert_eq!(games.skip_game(), Some(Ok(())));
    /// assert_eq!(games.next().unwrap()?.tags().event(), Some("b"));
    /// assert_eq!(games.skip_game(), None);
    /// # Ok::<(), pdn::PdnError>(())
    /// ```
    pub fn skip_game(&mut self) -> Option<Result<(), PdnError>> {
        self.parser.read_game(&mut Skipper)
    }
}

impl Iterator for Games<'_> {
    type Item = Result<PdnGame, PdnError>;

    fn next(&mut self) -> Option<Self::Item> {
        self.parser.next_item()
    }
}

/// Reads the games of a PDN text, one at a time. Each item is a game or the error that
/// stopped it; after an error, reading goes on with the next game (see the
/// [module](super) documentation for where a game ends). Each game is read under the rule
/// set its `Rules` tag names, or the default rules without one. A byte order mark is
/// skipped, and lines may end with `\n`, `\r\n` or `\r`.
///
/// ```
/// use turkish_draughts::pdn;
/// let text = "[Result \"1-0\"]\n1. c3-c4 f6-f5 1-0\n\n[Result \"*\"]\n1. c3-c5 *\n\n1. d3-d4 *\n";
/// let games: Vec<_> = pdn::read_str(text).collect();
/// assert_eq!(games.len(), 3);
/// assert!(games[0].is_ok());
/// assert_eq!(games[1].as_ref().unwrap_err().line, 5);
/// assert!(games[2].is_ok());
/// ```
pub fn read_str(text: &str) -> Games<'_> {
    read_str_with(text, ReadOptions::default())
}

/// Like [`read_str`], with options.
///
/// ```
/// use turkish_draughts::pdn::{self, ReadOptions};
/// use turkish_draughts::RuleSet;
/// let text = "[FEN \"B:Wd2,Ke1:Bd3\"]\n1... d3xd1xf1 0-2\n";
/// let game = pdn::read_str_with(text, ReadOptions::new(RuleSet::Tudaf)).next().unwrap()?;
/// assert_eq!(game.game().ply(), 1);
/// # Ok::<(), pdn::PdnError>(())
/// ```
pub fn read_str_with(text: &str, options: ReadOptions) -> Games<'_> {
    Games {
        parser: Parser::new(StrSource(text.as_bytes()), options),
    }
}

/// Reads the games of a PDN stream one at a time, as [`read_str`] reads a text, giving the
/// same items. It holds the game being read and a bounded window of the input (see the
/// [module](super) documentation), whatever the input. Bytes that are not UTF-8 read as
/// U+FFFD.
///
/// An I/O error ends the reading: the games completed before it come first, then the error
/// as an item of its own, which stands for the game it interrupted.
///
/// ```
/// use turkish_draughts::pdn::{self, Reader};
/// let text = "[White \"a\"]\n1. c3-c4 *\n\n[White \"b\"]\n1. d3-d4 *\n";
/// let names: Vec<String> = Reader::new(text.as_bytes())
///     .map(|g| g.map(|g| g.tags().white().unwrap_or("?").to_string()))
///     .collect::<Result<_, _>>()?;
/// assert_eq!(names, ["a", "b"]);
/// # Ok::<(), pdn::PdnError>(())
/// ```
#[cfg(feature = "std")]
pub struct Reader<R> {
    parser: Parser<super::source::IoSource<R>>,
}

#[cfg(feature = "std")]
impl<R> core::fmt::Debug for Reader<R> {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("Reader").finish_non_exhaustive()
    }
}

#[cfg(feature = "std")]
impl<R: std::io::BufRead> Reader<R> {
    /// A reader that follows each game's `Rules` tag.
    ///
    /// ```
    /// use turkish_draughts::pdn::Reader;
    /// assert_eq!(Reader::new(&b"1. c3-c4 *"[..]).count(), 1);
    /// ```
    pub fn new(input: R) -> Reader<R> {
        Reader::with_options(input, ReadOptions::default())
    }

    /// A reader with options.
    ///
    /// ```
    /// use turkish_draughts::pdn::{ReadOptions, Reader};
    /// use turkish_draughts::RuleSet;
    /// let mut r = Reader::with_options(&b"1. c3-c4 *"[..], ReadOptions::new(RuleSet::Tudaf));
    /// assert_eq!(r.next().unwrap()?.game().rules(), RuleSet::Tudaf);
    /// # Ok::<(), turkish_draughts::pdn::PdnError>(())
    /// ```
    pub fn with_options(input: R, options: ReadOptions) -> Reader<R> {
        Reader {
            parser: Parser::new(super::source::IoSource::new(input), options),
        }
    }
}

#[cfg(feature = "std")]
impl<R: std::io::BufRead> Reader<R> {
    /// Reads the next game with a visitor of the caller's instead of replaying it: `None`
    /// at the end of the input, else the visitor's output for the game, or the first error
    /// in its text (an I/O error too). Reading goes on where this game ended, with
    /// [`Iterator::next`] or this. See [`Visitor`].
    ///
    /// ```
    /// use turkish_draughts::pdn::{Control, Location, Reader, Visitor};
    /// struct Moves(usize);
    /// impl Visitor for Moves {
    ///     type Output = usize;
    ///     fn move_text(&mut self, _: &str, _: Location) -> Control {
    ///         self.0 += 1;
    ///         Control::Continue
    ///     }
    ///     fn end_game(&mut self) -> usize {
    ///         std::mem::take(&mut self.0)
    ///     }
    /// }
    /// let mut reader = Reader::new(&b"1. c3-c4 f6-f5 *\n\n1. d3-d4 *\n"[..]);
    /// assert_eq!(reader.read_game(&mut Moves(0)).unwrap()?, 2);
    /// assert_eq!(reader.read_game(&mut Moves(0)).unwrap()?, 1);
    /// assert!(reader.read_game(&mut Moves(0)).is_none());
    /// # Ok::<(), turkish_draughts::pdn::PdnError>(())
    /// ```
    pub fn read_game<V: Visitor>(
        &mut self,
        visitor: &mut V,
    ) -> Option<Result<V::Output, PdnError>> {
        self.parser.read_game(visitor)
    }

    /// Skips the next game without replaying it or looking for errors in it: `None` at the
    /// end of the input. An I/O error, or a text that is no game (a comment never closed
    /// between games), gives its error.
    ///
    /// ```
    /// use turkish_draughts::pdn::Reader;
    /// let mut reader = Reader::new(&b"1. c3-c5 *\n\n[Event \"b\"]\n1. d3-d4 *\n"[..]);
    /// assert_eq!(reader.skip_game(), Some(Ok(())));
    /// assert_eq!(reader.next().unwrap()?.tags().event(), Some("b"));
    /// # Ok::<(), turkish_draughts::pdn::PdnError>(())
    /// ```
    pub fn skip_game(&mut self) -> Option<Result<(), PdnError>> {
        self.parser.read_game(&mut Skipper)
    }
}

#[cfg(feature = "std")]
impl<R: std::io::BufRead> Iterator for Reader<R> {
    type Item = Result<PdnGame, PdnError>;

    fn next(&mut self) -> Option<Self::Item> {
        self.parser.next_item()
    }
}
