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
use alloc::collections::VecDeque;
use alloc::vec::Vec;

use super::error::{PdnError, PdnErrorKind, quote};
use super::lex::{At, Kind, Lexer, Place, Tok};
use super::limits::{Limit, MAX_PLIES_PER_GAME, MAX_TAGS_PER_GAME};
use super::rules_tag::{RULES_TAG, RulesConflict, rules_of};
use super::source::{Source, StrSource};
use super::tags::Tags;
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
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
#[non_exhaustive]
pub struct ReadOptions {
    /// The rule set every game is read under, whatever its `Rules` tag says; `None` (the
    /// default) follows each game's tag.
    pub rules: Option<RuleSet>,
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
        ReadOptions { rules: Some(rules) }
    }
}

/// One game read from PDN: its tags, the replayed [`Game`] and the termination read.
///
/// Comments, NAGs and variations are checked for syntax (nesting included) and dropped.
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
}

impl PdnGame {
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
    /// assert_eq!(game.rules_conflict().map(|c| c.chosen), Some(RuleSet::Tudaf));
    /// assert_eq!(pdn::read_str(text).next().unwrap()?.rules_conflict(), None);
    /// # Ok::<(), pdn::PdnError>(())
    /// ```
    pub fn rules_conflict(&self) -> Option<&RulesConflict> {
        self.rules_conflict.as_ref()
    }
}

/// The game being read.
struct Pending {
    tags: Tags,
    line: usize,
    game: Option<Game>,
    result_tag: Option<GameResult>,
    rules_conflict: Option<RulesConflict>,
    /// Nesting depth of variations, and where the outermost one opened.
    depth: usize,
    open_at: Option<At>,
    /// A termination came inside a variation: only `)`, a comment or a NAG may follow.
    result_in_variation: bool,
    /// The game has movetext (anything but tags, `;` and `%` comments).
    movetext: bool,
    /// An error was reported: the rest of the game is skipped.
    failed: bool,
    /// Just after the last token: where a missing termination is reported.
    after: At,
}

impl Pending {
    fn new(at: At) -> Pending {
        Pending {
            tags: Tags::new(),
            line: at.line,
            game: None,
            result_tag: None,
            rules_conflict: None,
            depth: 0,
            open_at: None,
            result_in_variation: false,
            movetext: false,
            failed: false,
            after: at,
        }
    }

    /// Where the value of the first tag called `name` starts, given where each tag's starts.
    fn at_of(&self, tag_at: &[At], name: &str) -> At {
        self.tags
            .iter()
            .zip(tag_at)
            .find(|((n, _), _)| *n == name)
            .map_or(
                At {
                    line: self.line,
                    column: 1,
                },
                |(_, &at)| at,
            )
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

/// Builds the game from the tags: GameType, Rules, Result and FEN are checked here. `tag_at`
/// says where each tag's value starts.
fn start_game(p: &mut Pending, chosen: Option<RuleSet>, tag_at: &[At]) -> Result<Game, PdnError> {
    if let Some(value) = p.tags.game_type() {
        if !game_type_ok(value) {
            let value = quote(value);
            return Err(p
                .at_of(tag_at, "GameType")
                .error(PdnErrorKind::UnknownGameType { value }));
        }
    }
    let tag = p.tags.get(RULES_TAG);
    let rules = match (chosen, tag) {
        (Some(rules), Some(value)) => {
            if rules_of(value) != Some(rules) {
                let at = p.at_of(tag_at, RULES_TAG);
                p.rules_conflict = Some(RulesConflict {
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
                return Err(p
                    .at_of(tag_at, RULES_TAG)
                    .error(PdnErrorKind::UnknownRules { value }));
            }
        },
        (None, None) => RuleSet::Default,
    };
    if let Some(value) = p.tags.result() {
        match value.parse::<GameResult>() {
            Ok(r) => p.result_tag = Some(r),
            Err(_) => {
                let value = quote(value);
                return Err(p
                    .at_of(tag_at, "Result")
                    .error(PdnErrorKind::BadResultTag { value }));
            }
        }
    }
    match p.tags.fen() {
        Some(fen) => Game::from_fen(fen, rules).map_err(|error| {
            let fen = quote(fen);
            p.at_of(tag_at, "FEN")
                .error(PdnErrorKind::BadFen { fen, error })
        }),
        None => Ok(Game::new(rules)),
    }
}

/// Puts the tokens of one input together into games: the reader behind [`Games`] and
/// [`Reader`]. It holds the game being read and at most two finished items.
pub(crate) struct Parser<S> {
    lexer: Lexer<S>,
    rules: Option<RuleSet>,
    pending: Option<Pending>,
    /// Where the value of each tag of the game being read starts.
    tag_at: Vec<At>,
    out: VecDeque<Result<PdnGame, PdnError>>,
    done: bool,
    /// The legal moves of the position being read, and a second list for the long way of
    /// move parsing; reused for every move.
    lists: Box<(MoveList, MoveList)>,
}

impl<S: Source> Parser<S> {
    pub(crate) fn new(source: S, options: ReadOptions) -> Parser<S> {
        Parser {
            lexer: Lexer::new(source),
            rules: options.rules,
            pending: None,
            tag_at: Vec::new(),
            out: VecDeque::new(),
            done: false,
            lists: Box::new((MoveList::new(), MoveList::new())),
        }
    }

    /// The next game or error.
    pub(crate) fn next_item(&mut self) -> Option<Result<PdnGame, PdnError>> {
        loop {
            if let Some(item) = self.out.pop_front() {
                return Some(item);
            }
            if self.done {
                return None;
            }
            let tok = self.lexer.next_token();
            // A token that ends the game being read starts the next one.
            let mut tok = Some(tok);
            while let Some(t) = tok {
                tok = self.step(t);
            }
        }
    }

    /// The bytes the tokenizer has looked at, for the tests of linear work.
    #[cfg(test)]
    pub(crate) fn looked(&self) -> u64 {
        self.lexer.looked
    }

    /// The bytes the tokenizer holds on the heap, its window included.
    #[cfg(test)]
    pub(crate) fn held(&self) -> usize {
        self.lexer.held()
    }

    fn report(&mut self, item: Result<PdnGame, PdnError>) {
        self.out.push_back(item);
    }

    /// Ends the game being read before a token that does not belong to it.
    fn end_unfinished(&mut self, before: &'static str) {
        if let Some(p) = self.pending.take() {
            if !p.failed {
                let e = p.unfinished(before);
                self.report(Err(e));
            }
        }
    }

    /// Takes one token; returns it when it ended the game being read and must start the
    /// next one.
    fn step(&mut self, tok: Tok) -> Option<Tok> {
        match tok.kind {
            Kind::End => {
                self.end_unfinished("the end of the input");
                self.done = true;
                return None;
            }
            Kind::Io(message) => {
                self.pending = None;
                self.report(Err(tok.at.error(PdnErrorKind::Io { message })));
                self.done = true;
                return None;
            }
            _ => {}
        }
        let Some(p) = self.pending.as_mut() else {
            match tok.kind {
                // Comments between games belong to none.
                Kind::Comment { .. } => {}
                // So does a comment never closed: its error is an item of its own.
                Kind::Error {
                    error,
                    place: Place::Comment,
                } => self.report(Err(error)),
                _ => {
                    self.pending = Some(Pending::new(tok.at));
                    self.tag_at.clear();
                    return Some(tok);
                }
            }
            return None;
        };
        let is_tag = matches!(
            tok.kind,
            Kind::Tag { .. }
                | Kind::Error {
                    place: Place::Tag,
                    ..
                }
        );
        if p.result_in_variation
            && !matches!(tok.kind, Kind::Comment { .. } | Kind::Nag | Kind::Close)
        {
            self.end_unfinished("the next game");
            return Some(tok);
        }
        if is_tag && tok.line_start && p.movetext {
            self.end_unfinished("the next game");
            return Some(tok);
        }
        if p.failed {
            self.skip(tok);
            return None;
        }
        p.after = tok.end;
        let at_termination = matches!(tok.kind, Kind::Result(_));
        let step = match tok.kind {
            Kind::Tag { value_at } => {
                if p.movetext {
                    Err(tok.at.error(PdnErrorKind::TagAfterMoves))
                } else if p.tags.len() >= MAX_TAGS_PER_GAME {
                    let limit = Limit::Tags;
                    Err(tok.at.error(PdnErrorKind::LimitExceeded { limit }))
                } else {
                    let (name, value) = self.lexer.take_tag();
                    p.tags.push(name, value);
                    self.tag_at.push(value_at);
                    Ok(None)
                }
            }
            Kind::Error { error, place } => {
                if place == Place::Comment {
                    // The game ends at the comment; what follows is read afresh.
                    self.pending = None;
                    self.report(Err(error));
                    return None;
                }
                if place == Place::Movetext {
                    p.movetext = true;
                }
                Err(error)
            }
            Kind::Comment { brace } => {
                p.movetext |= brace;
                Ok(None)
            }
            Kind::Number | Kind::Nag => {
                p.movetext = true;
                Ok(None)
            }
            Kind::Open => {
                p.movetext = true;
                if p.depth == 0 {
                    p.open_at = Some(tok.at);
                }
                p.depth += 1;
                Ok(None)
            }
            Kind::Close => {
                p.movetext = true;
                p.result_in_variation = false;
                if p.depth == 0 {
                    Err(tok.at.error(PdnErrorKind::UnmatchedClose))
                } else {
                    p.depth -= 1;
                    Ok(None)
                }
            }
            Kind::Move { .. } | Kind::Result(_) if p.depth > 0 => {
                p.movetext = true;
                p.result_in_variation = matches!(tok.kind, Kind::Result(_));
                Ok(None)
            }
            Kind::Move { start, end } => {
                p.movetext = true;
                let text = self.lexer.text(start, end);
                let (list, scratch) = &mut *self.lists;
                play(p, self.rules, &self.tag_at, &text, tok.at, list, scratch).map(|()| None)
            }
            Kind::Result(termination) => {
                p.movetext = true;
                finish(p, self.rules, &self.tag_at, termination, tok.at).map(Some)
            }
            Kind::End | Kind::Io(_) => Ok(None),
        };
        match step {
            Ok(None) => {}
            Ok(Some(game)) => {
                self.pending = None;
                self.report(Ok(game));
            }
            Err(e) => {
                // An error at the termination ends the game; any other skips its rest.
                if at_termination {
                    self.pending = None;
                } else {
                    p.failed = true;
                }
                self.report(Err(e));
            }
        }
        None
    }

    /// A token of a game whose error was reported: it only moves the game to its end.
    fn skip(&mut self, tok: Tok) {
        let Some(p) = self.pending.as_mut() else {
            return;
        };
        match tok.kind {
            Kind::Tag { .. }
            | Kind::Comment { brace: false }
            | Kind::Error {
                place: Place::Tag, ..
            } => {}
            Kind::Error {
                place: Place::Comment,
                ..
            } => self.pending = None,
            Kind::Open => {
                p.movetext = true;
                p.depth += 1;
            }
            Kind::Close => {
                p.movetext = true;
                p.depth = p.depth.saturating_sub(1);
                p.result_in_variation = false;
            }
            Kind::Result(_) if p.depth == 0 => self.pending = None,
            Kind::Result(_) => {
                p.movetext = true;
                p.result_in_variation = true;
            }
            _ => p.movetext = true,
        }
    }
}

/// Reads and plays one move of the main line.
fn play(
    p: &mut Pending,
    rules: Option<RuleSet>,
    tag_at: &[At],
    text: &str,
    at: At,
    list: &mut MoveList,
    scratch: &mut MoveList,
) -> Result<(), PdnError> {
    if p.game.is_none() {
        p.game = Some(start_game(p, rules, tag_at)?);
    }
    let Some(game) = p.game.as_mut() else {
        return Ok(());
    };
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
    if game.ply() >= MAX_PLIES_PER_GAME {
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
fn finish(
    p: &mut Pending,
    rules: Option<RuleSet>,
    tag_at: &[At],
    termination: GameResult,
    at: At,
) -> Result<PdnGame, PdnError> {
    let game = match p.game.take() {
        Some(game) => game,
        None => start_game(p, rules, tag_at)?,
    };
    if let Some(tag) = p.result_tag {
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
    Ok(PdnGame {
        tags: core::mem::take(&mut p.tags),
        game,
        result: termination,
        line: p.line,
        rules_conflict: p.rules_conflict.take(),
    })
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
impl<R: std::io::BufRead> Iterator for Reader<R> {
    type Item = Result<PdnGame, PdnError>;

    fn next(&mut self) -> Option<Self::Item> {
        self.parser.next_item()
    }
}
