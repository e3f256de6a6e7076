//! Reading PDN: games are cut out of the text (a tag line after movetext starts the next
//! one), tokenized by [`lex`](super::lex), and replayed on a [`Game`].

use alloc::collections::VecDeque;
use alloc::string::String;

use super::error::{PdnError, PdnErrorKind};
use super::lex::{At, Lexer, Token, unescape};
use super::tags::Tags;
use crate::{Game, GameResult, RuleSet};

/// How games are read.
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
    /// The rule set the games are replayed under ([`RuleSet::Default`] unless told).
    pub rules: RuleSet,
}

impl ReadOptions {
    /// Options with this rule set.
    ///
    /// ```
    /// use turkish_draughts::pdn::ReadOptions;
    /// use turkish_draughts::RuleSet;
    /// assert_eq!(ReadOptions::new(RuleSet::Tudaf).rules, RuleSet::Tudaf);
    /// assert_eq!(ReadOptions::default().rules, RuleSet::Default);
    /// ```
    pub const fn new(rules: RuleSet) -> ReadOptions {
        ReadOptions { rules }
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
}

/// Cuts a PDN text into chunks at the lines where a new game starts: a tag line (first
/// non-blank character `[`) after the previous game's movetext. Inside a `{` comment a tag
/// line only counts when a blank line comes before it (so that an unterminated comment
/// costs one game, not the rest of the file).
#[derive(Clone, Debug, Default)]
pub(crate) struct Splitter {
    in_comment: bool,
    seen_movetext: bool,
    prev_blank: bool,
}

impl Splitter {
    /// Takes the next line; returns whether it starts a new chunk.
    pub(crate) fn feed(&mut self, line: &str) -> bool {
        let trimmed = line.trim_start();
        let bytes = trimmed.as_bytes();
        let tag_like = bytes.first() == Some(&b'[');
        let is_tag = tag_like
            && (!self.in_comment
                || (self.prev_blank && bytes.get(1).is_some_and(|b| b.is_ascii_alphabetic())));
        let boundary = is_tag && self.seen_movetext;
        if is_tag {
            self.in_comment = false;
        }
        if boundary {
            self.seen_movetext = false;
        }
        self.prev_blank = bytes.iter().all(|b| b.is_ascii_whitespace());
        if is_tag {
            return boundary;
        }
        let escape = line.as_bytes().first() == Some(&b'%');
        if escape && !self.in_comment {
            return false;
        }
        for &b in line.as_bytes() {
            if self.in_comment {
                if b == b'}' {
                    self.in_comment = false;
                }
            } else if b == b'{' {
                self.in_comment = true;
                self.seen_movetext = true;
            } else if b == b';' {
                break;
            } else if !b.is_ascii_whitespace() {
                self.seen_movetext = true;
            }
        }
        false
    }
}

/// The game being read in a chunk.
struct Pending {
    tags: Tags,
    line: usize,
    game: Option<Game>,
    /// The Result tag, read.
    result_tag: Option<GameResult>,
    /// Nesting depth of variations, and where the outermost one opened.
    depth: usize,
    open_at: Option<At>,
}

impl Pending {
    fn new(line: usize) -> Pending {
        Pending {
            tags: Tags::new(),
            line,
            game: None,
            result_tag: None,
            depth: 0,
            open_at: None,
        }
    }
}

fn err(at: At, kind: PdnErrorKind) -> PdnError {
    PdnError {
        line: at.line,
        column: at.column,
        kind,
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

/// Builds the game from the tags: GameType, FEN and Result are checked here. `tag_at` gives
/// where each tag's value starts; errors point there.
fn start_game(
    pending: &mut Pending,
    rules: RuleSet,
    tag_at: &[(&str, At)],
) -> Result<Game, PdnError> {
    let line = pending.line;
    let at_of = |name: &str| {
        tag_at
            .iter()
            .find(|(n, _)| *n == name)
            .map_or(At { line, column: 1 }, |&(_, at)| at)
    };
    if let Some(value) = pending.tags.game_type() {
        if !game_type_ok(value) {
            let value = String::from(value);
            return Err(err(
                at_of("GameType"),
                PdnErrorKind::UnknownGameType { value },
            ));
        }
    }
    if let Some(value) = pending.tags.result() {
        let at = at_of("Result");
        match value.parse::<GameResult>() {
            Ok(r) => pending.result_tag = Some(r),
            Err(_) => {
                let value = String::from(value);
                return Err(err(at, PdnErrorKind::BadResultTag { value }));
            }
        }
    }
    match pending.tags.fen() {
        Some(fen) => Game::from_fen(fen, rules).map_err(|error| {
            let fen = String::from(fen);
            err(at_of("FEN"), PdnErrorKind::BadFen { fen, error })
        }),
        None => Ok(Game::new(rules)),
    }
}

/// Reads every game of one chunk into `out`. After an error the rest of the chunk is
/// skipped.
pub(crate) fn read_chunk(
    text: &str,
    first_line: usize,
    rules: RuleSet,
    at_end: bool,
    out: &mut VecDeque<Result<PdnGame, PdnError>>,
) {
    let mut lexer = Lexer::new(text, first_line);
    // Just after the last token: where a missing termination is reported.
    let mut after = lexer.here();
    let mut pending: Option<Pending> = None;
    // The legal moves of the position being read, generated into one list for the chunk.
    let mut list = crate::MoveList::new();
    let mut scratch = crate::MoveList::new();
    // Tag names with where their values start, for the game being read.
    let mut tag_at: alloc::vec::Vec<(&str, At)> = alloc::vec::Vec::new();
    loop {
        let Some(token) = lexer.next_token() else {
            if let Some(p) = pending {
                let e = match p.open_at {
                    Some(open) if p.depth > 0 => err(open, PdnErrorKind::UnterminatedVariation),
                    _ => err(
                        after,
                        PdnErrorKind::MissingTermination {
                            before: if at_end {
                                "the end of the input"
                            } else {
                                "the next game"
                            },
                        },
                    ),
                };
                out.push_back(Err(e));
            }
            return;
        };
        let (token, at) = match token {
            Ok(t) => t,
            Err(e) => {
                out.push_back(Err(e));
                return;
            }
        };
        after = lexer.here();
        if pending.is_none() && token == Token::Comment {
            // Comments between games belong to none.
            continue;
        }
        let p = pending.get_or_insert_with(|| {
            tag_at.clear();
            Pending::new(at.line)
        });
        let step = (|| -> Result<Option<PdnGame>, PdnError> {
            match token {
                Token::Tag {
                    name,
                    value,
                    value_column,
                } => {
                    if p.game.is_some() {
                        return Err(err(at, PdnErrorKind::TagAfterMoves));
                    }
                    p.tags.push(name, unescape(value));
                    tag_at.push((
                        name,
                        At {
                            line: at.line,
                            column: value_column,
                        },
                    ));
                }
                Token::Number | Token::Nag | Token::Comment => {}
                Token::Open => {
                    if p.depth == 0 {
                        p.open_at = Some(at);
                    }
                    p.depth += 1;
                }
                Token::Close => {
                    if p.depth == 0 {
                        return Err(err(at, PdnErrorKind::UnmatchedClose));
                    }
                    p.depth -= 1;
                }
                Token::Move(_) | Token::Result(_) if p.depth > 0 => {}
                Token::Move(text) => {
                    if p.game.is_none() {
                        p.game = Some(start_game(p, rules, &tag_at)?);
                    }
                    let Some(game) = p.game.as_mut() else {
                        return Ok(None);
                    };
                    let pos = *game.position();
                    let mv = match pos.parse_any_move_with(text, &mut list, &mut scratch) {
                        Ok(mv) => mv,
                        Err(e) => {
                            return Err(err(
                                at,
                                match game.outcome() {
                                    Some(outcome) => PdnErrorKind::GameOver {
                                        text: String::from(text),
                                        outcome,
                                    },
                                    None => PdnErrorKind::from_move(text, e),
                                },
                            ));
                        }
                    };
                    game.play_resolved(mv).map_err(|outcome| {
                        err(
                            at,
                            PdnErrorKind::GameOver {
                                text: String::from(text),
                                outcome,
                            },
                        )
                    })?;
                }
                Token::Result(text) => {
                    if p.game.is_none() {
                        p.game = Some(start_game(p, rules, &tag_at)?);
                    }
                    let termination: GameResult = text.parse().unwrap_or(GameResult::Ongoing);
                    if let Some(tag) = p.result_tag {
                        if tag != termination {
                            return Err(err(at, PdnErrorKind::ResultMismatch { tag, termination }));
                        }
                    }
                    let Some(game) = p.game.take() else {
                        return Ok(None);
                    };
                    if let Some(outcome) = game.outcome() {
                        if GameResult::from(outcome) != termination {
                            return Err(err(
                                at,
                                PdnErrorKind::ResultContradicted {
                                    claimed: termination,
                                    outcome,
                                },
                            ));
                        }
                    }
                    return Ok(Some(PdnGame {
                        tags: core::mem::take(&mut p.tags),
                        game,
                        result: termination,
                        line: p.line,
                    }));
                }
            }
            Ok(None)
        })();
        match step {
            Ok(None) => {}
            Ok(Some(game)) => {
                out.push_back(Ok(game));
                pending = None;
            }
            Err(e) => {
                out.push_back(Err(e));
                return;
            }
        }
    }
}

/// The games of a PDN text, read one at a time. Made by [`read_str`] and [`read_str_with`].
///
/// ```
/// use turkish_draughts::pdn;
/// let games: Vec<_> = pdn::read_str("1. c3-c4 *\n[Event \"b\"]\n1. d3-d4 *\n").collect();
/// assert_eq!(games.len(), 2);
/// ```
#[derive(Debug)]
pub struct Games<'a> {
    text: &'a str,
    pos: usize,
    line: usize,
    chunk_start: usize,
    chunk_line: usize,
    splitter: Splitter,
    out: VecDeque<Result<PdnGame, PdnError>>,
    rules: RuleSet,
    done: bool,
}

impl Iterator for Games<'_> {
    type Item = Result<PdnGame, PdnError>;

    fn next(&mut self) -> Option<Self::Item> {
        loop {
            if let Some(r) = self.out.pop_front() {
                return Some(r);
            }
            if self.done {
                return None;
            }
            let rest = &self.text[self.pos..];
            if rest.is_empty() {
                let chunk = &self.text[self.chunk_start..];
                read_chunk(chunk, self.chunk_line, self.rules, true, &mut self.out);
                self.done = true;
                continue;
            }
            let len = rest.find('\n').map_or(rest.len(), |k| k + 1);
            if self.splitter.feed(&rest[..len]) {
                let chunk = &self.text[self.chunk_start..self.pos];
                read_chunk(chunk, self.chunk_line, self.rules, false, &mut self.out);
                self.chunk_start = self.pos;
                self.chunk_line = self.line;
            }
            self.pos += len;
            self.line += 1;
        }
    }
}

/// Reads the games of a PDN text under [`RuleSet::Default`], one at a time. Each item is a
/// game or the error that stopped it; after an error, reading goes on with the next game
/// (the next tag line after that game's movetext). A byte order mark at the start is skipped,
/// and lines may end with `\r\n`.
///
/// ```
/// use turkish_draughts::pdn;
/// let text = "[Result \"1-0\"]\n1. c3-c4 f6-f5 1-0\n\n[Result \"*\"]\n1. c3-c5 *\n\n1. d3-d4 *\n";
/// let games: Vec<_> = pdn::read_str(text).collect();
/// assert_eq!(games.len(), 2);
/// assert!(games[0].is_ok());
/// assert_eq!(games[1].as_ref().unwrap_err().line, 5);
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
    // A byte order mark (written by some Windows editors) is not part of the text.
    let bom = if text.starts_with('\u{feff}') { 3 } else { 0 };
    Games {
        text,
        pos: bom,
        line: 1,
        chunk_start: bom,
        chunk_line: 1,
        splitter: Splitter::default(),
        out: VecDeque::new(),
        rules: options.rules,
        done: false,
    }
}

/// Reads the games of a PDN stream one at a time, holding only the game being read: an
/// iterator of games or errors, as [`read_str`]. Bytes that are not UTF-8 are replaced by
/// U+FFFD before reading; a byte order mark at the start is skipped.
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
#[derive(Debug)]
pub struct Reader<R> {
    input: R,
    chunk: String,
    chunk_line: usize,
    line: usize,
    bytes: alloc::vec::Vec<u8>,
    splitter: Splitter,
    out: VecDeque<Result<PdnGame, PdnError>>,
    rules: RuleSet,
    done: bool,
}

#[cfg(feature = "std")]
impl<R: std::io::BufRead> Reader<R> {
    /// A reader under [`RuleSet::Default`].
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
            input,
            chunk: String::new(),
            chunk_line: 1,
            line: 1,
            bytes: alloc::vec::Vec::new(),
            splitter: Splitter::default(),
            out: VecDeque::new(),
            rules: options.rules,
            done: false,
        }
    }
}

#[cfg(feature = "std")]
impl<R: std::io::BufRead> Iterator for Reader<R> {
    type Item = Result<PdnGame, PdnError>;

    fn next(&mut self) -> Option<Self::Item> {
        loop {
            if let Some(r) = self.out.pop_front() {
                return Some(r);
            }
            if self.done {
                return None;
            }
            self.bytes.clear();
            match self.input.read_until(b'\n', &mut self.bytes) {
                Ok(0) => {
                    read_chunk(
                        &self.chunk,
                        self.chunk_line,
                        self.rules,
                        true,
                        &mut self.out,
                    );
                    self.chunk.clear();
                    self.done = true;
                }
                Ok(_) => {
                    let mut bytes = &self.bytes[..];
                    if self.line == 1 {
                        bytes = bytes.strip_prefix(b"\xef\xbb\xbf").unwrap_or(bytes);
                    }
                    let line = String::from_utf8_lossy(bytes);
                    if self.splitter.feed(&line) {
                        read_chunk(
                            &self.chunk,
                            self.chunk_line,
                            self.rules,
                            false,
                            &mut self.out,
                        );
                        self.chunk.clear();
                        self.chunk_line = self.line;
                    }
                    self.chunk.push_str(&line);
                    self.line += 1;
                }
                Err(e) => {
                    self.out.push_back(Err(PdnError {
                        line: self.line,
                        column: 1,
                        kind: PdnErrorKind::Io {
                            message: alloc::string::ToString::to_string(&e),
                        },
                    }));
                    self.done = true;
                }
            }
        }
    }
}
