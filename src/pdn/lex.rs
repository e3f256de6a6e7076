//! The PDN tokenizer: tags, move numbers, moves, comments, NAGs, variation brackets and game
//! terminations, each with its line and column. It knows nothing of the rules and never
//! panics: every byte sequence is a token or an error, and it goes on after an error.
//!
//! It reads through a [`Source`] window and holds only what the token being read needs: a
//! word (at most `max_token_bytes`), a tag's name and value (copied out as they are read,
//! at most `max_tag_value_bytes`), and a `{` comment from its start (at most
//! `max_comment_bytes`), for its text and so that it can go back to its second line when the
//! comment turns out never to be closed. Every byte is looked at a bounded number of times.
//!
//! Lines end with `\n`, `\r\n` or a lone `\r`. A byte order mark is skipped where a token
//! could start, and at the start of a line it does not count as a column.

use alloc::borrow::Cow;
use alloc::string::String;
use alloc::vec::Vec;

use super::error::{PdnError, PdnErrorKind};
use super::limits::Limit;
#[cfg(test)]
use super::limits::{MAX_COMMENT_BYTES, MAX_TAG_VALUE_BYTES, MAX_TOKEN_BYTES};
use super::source::{More, Source};
use super::visit::Location;
use crate::GameResult;

/// Where a tokenizer error lies, which decides what it does to the game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Place {
    /// In movetext: the rest of the game is skipped.
    Movetext,
    /// In a tag pair (the rest of its line is skipped).
    Tag,
    /// A `{` comment never closed (or too long): the game ends at the comment, and the
    /// tokenizer goes on at the comment's second line (or at the tag line that cut it).
    Comment,
}

/// What a token is.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Kind {
    /// `[Name "value"]`: the name and the value (escapes undone) are taken with
    /// [`Lexer::tag_pair`].
    Tag {
        /// Where the value starts (after the opening quote).
        value_at: Location,
    },
    /// A move number such as `12.` or `12...`.
    Number,
    /// A NAG: `$3`, or a standalone `!`, `?!`, ...: the bytes from `start` to `end`.
    Nag { start: u64, end: u64 },
    /// Move text, with any `!`/`?` suffix removed: the bytes from `start` to `end`
    /// (absolute offsets), read with [`Lexer::text`]; the suffix runs from `end` to
    /// `suffix_end`.
    Move {
        start: u64,
        end: u64,
        suffix_end: u64,
    },
    /// A game termination: `2-0`, `0-2`, `1-1`, `1-0`, `0-1`, `1/2-1/2` or `*`.
    Result(GameResult),
    /// A `{...}` comment (`brace`, its text inside the braces from `start` to `end`), a `;`
    /// line comment or a `%` escape line (`brace` false, no text kept).
    Comment { brace: bool, start: u64, end: u64 },
    /// `(`.
    Open,
    /// `)`.
    Close,
    /// What is wrong here; the tokenizer goes on after it.
    Error { error: PdnError, place: Place },
    /// The end of the input.
    End,
    /// Reading the input failed, with the error's message; the input ends here.
    Io(String),
}

/// A token, where it starts and ends, and whether it is the first token of its line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Tok {
    pub(crate) kind: Kind,
    pub(crate) at: Location,
    pub(crate) end: Location,
    pub(crate) line_start: bool,
}

/// The terminations, as written.
const RESULTS: [(&str, GameResult); 7] = [
    ("2-0", GameResult::WhiteWins),
    ("0-2", GameResult::BlackWins),
    ("1-1", GameResult::Draw),
    ("1-0", GameResult::WhiteWins),
    ("0-1", GameResult::BlackWins),
    ("1/2-1/2", GameResult::Draw),
    ("*", GameResult::Ongoing),
];

const BOM: &[u8] = b"\xef\xbb\xbf";

fn is_delimiter(b: u8) -> bool {
    b.is_ascii_whitespace() || matches!(b, b'{' | b'}' | b'(' | b')' | b'[' | b']' | b';' | b'"')
}

/// What is left of a token cut short by an error, skipped before the next token.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Rest {
    Nothing,
    Word,
    Line,
}

/// A `{` comment scan that ended without `}` at `upto`: between the scan's second line and
/// `upto` there is no `}` and no tag line that would cut a comment, so a later comment that
/// starts before `upto` can continue from there. The counters are those at `upto`.
#[derive(Clone, Copy, Debug)]
struct Memo {
    upto: u64,
    line: usize,
    line_start: u64,
    col: usize,
    prev_blank: bool,
    cur_blank: bool,
}

/// Why a `{` comment ended without `}`.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Unclosed {
    End,
    Limit,
}

/// The tokenizer over a source.
pub(crate) struct Lexer<S> {
    src: S,
    /// The absolute offset of the window's first byte.
    base: u64,
    /// The cursor, in the window.
    i: usize,
    /// The source has nothing more.
    ended: bool,
    /// The I/O error that ended it, until it is reported.
    io_error: Option<String>,
    /// The current line, from 1.
    line: usize,
    /// The absolute offset of the current line's first column.
    line_start: u64,
    /// Column `col` is at absolute offset `col_pos`, on the current line.
    col_pos: u64,
    col: usize,
    /// A token has started on the current line.
    token_on_line: bool,
    /// Bytes from here on stay in the window.
    keep: Option<u64>,
    rest: Rest,
    memo: Option<Memo>,
    tag_name: String,
    tag_raw: Vec<u8>,
    tag_value: String,
    /// The start of the input has been checked for a UTF-16 byte order mark.
    started: bool,
    /// The limits of a word, a tag value and a `{` comment, in bytes.
    max_token: usize,
    max_value: usize,
    max_comment: usize,
    /// Bytes looked at one by one or scanned, for the tests of linear work.
    #[cfg(test)]
    pub(crate) looked: u64,
}

impl<S: Source> Lexer<S> {
    /// A tokenizer with the default limits.
    #[cfg(test)]
    pub(crate) fn new(src: S) -> Lexer<S> {
        Lexer::with_limits(src, MAX_TOKEN_BYTES, MAX_TAG_VALUE_BYTES, MAX_COMMENT_BYTES)
    }

    /// A tokenizer with these limits of a word, a tag value and a `{` comment, in bytes.
    pub(crate) fn with_limits(
        src: S,
        max_token: usize,
        max_value: usize,
        max_comment: usize,
    ) -> Lexer<S> {
        Lexer {
            src,
            base: 0,
            i: 0,
            ended: false,
            io_error: None,
            line: 1,
            line_start: 0,
            col_pos: 0,
            col: 1,
            token_on_line: false,
            keep: None,
            rest: Rest::Nothing,
            memo: None,
            tag_name: String::new(),
            tag_raw: Vec::new(),
            tag_value: String::new(),
            started: false,
            max_token,
            max_value,
            max_comment,
            #[cfg(test)]
            looked: 0,
        }
    }

    /// The bytes the tokenizer holds on the heap, window included.
    #[cfg(test)]
    pub(crate) fn held(&self) -> usize {
        self.src.held() + self.tag_name.capacity() + self.tag_raw.capacity()
    }

    #[inline]
    fn len(&self) -> usize {
        self.src.bytes().len()
    }

    #[inline]
    fn abs(&self) -> u64 {
        self.base + self.i as u64
    }

    #[inline]
    fn byte(&self, k: usize) -> u8 {
        self.src.bytes()[k]
    }

    #[inline]
    fn index(&self, abs: u64) -> usize {
        (abs - self.base) as usize
    }

    /// Reads more input; `false` at the end of the input (or after an I/O error, kept for
    /// the next token).
    fn fill(&mut self) -> bool {
        if self.ended {
            return false;
        }
        let here = self.abs();
        let keep = self.keep.map_or(here, |k| k.min(here));
        // The column counter must not lose the bytes it has not counted.
        if keep > self.col_pos {
            self.sync_col(keep);
        }
        let (dropped, more) = self.src.more(self.index(keep));
        self.base += dropped as u64;
        self.i -= dropped;
        match more {
            More::Added => true,
            More::End => {
                self.ended = true;
                false
            }
            More::Failed(message) => {
                self.ended = true;
                self.io_error = Some(message);
                false
            }
        }
    }

    /// The byte at the cursor, reading more input if needed.
    #[inline]
    fn peek(&mut self) -> Option<u8> {
        if self.i < self.len() || self.fill() {
            #[cfg(test)]
            {
                self.looked += 1;
            }
            Some(self.byte(self.i))
        } else {
            None
        }
    }

    /// Whether the cursor is on a byte order mark.
    fn at_bom(&mut self) -> bool {
        while self.len() - self.i < BOM.len() && self.fill() {}
        self.src.bytes()[self.i..].starts_with(BOM)
    }

    /// Counts the columns up to absolute offset `p` (on the current line, not before the
    /// last count).
    fn sync_col(&mut self, p: u64) {
        let (from, to) = (self.index(self.col_pos), self.index(p));
        let bytes = &self.src.bytes()[from..to];
        self.col += bytes.iter().filter(|&&b| b & 0xC0 != 0x80).count();
        #[cfg(test)]
        {
            self.looked += bytes.len() as u64;
        }
        self.col_pos = p;
    }

    /// Where the cursor is.
    fn here(&mut self) -> Location {
        self.sync_col(self.abs());
        Location::new(self.line, self.col)
    }

    /// Steps over the line end at the cursor (`\n`, `\r\n` or `\r`).
    fn line_end(&mut self) {
        let b = self.byte(self.i);
        self.i += 1;
        if b == b'\r' && self.peek() == Some(b'\n') {
            self.i += 1;
        }
        self.line += 1;
        self.line_start = self.abs();
        self.col_pos = self.line_start;
        self.col = 1;
        self.token_on_line = false;
    }

    /// Steps over a byte order mark at the cursor; at the start of a line it takes no
    /// column.
    fn skip_bom(&mut self) {
        let at_line_start = self.abs() == self.line_start;
        self.i += BOM.len();
        if at_line_start {
            self.line_start = self.abs();
            self.col_pos = self.line_start;
        }
    }

    /// Skips whitespace, line ends and byte order marks.
    fn skip_space(&mut self) {
        while let Some(b) = self.peek() {
            match b {
                b' ' | b'\t' | 0x0C => self.i += 1,
                b'\n' | b'\r' => self.line_end(),
                0xEF if self.at_bom() => self.skip_bom(),
                _ => return,
            }
        }
    }

    /// Skips spaces and tabs on the line.
    fn skip_blank(&mut self) {
        while let Some(b' ' | b'\t' | 0x0C) = self.peek() {
            self.i += 1;
        }
    }

    /// Moves the cursor to the first byte at or after it for which `stop` holds (or the end
    /// of the input), keeping nothing behind it.
    fn skip_until(&mut self, stop: impl Fn(u8) -> bool) {
        loop {
            let bytes = &self.src.bytes()[self.i..];
            let found = bytes.iter().position(|&b| stop(b));
            #[cfg(test)]
            {
                self.looked += found.map_or(bytes.len(), |k| k + 1) as u64;
            }
            if let Some(k) = found {
                self.i += k;
                return;
            }
            self.i = self.len();
            if !self.fill() {
                return;
            }
        }
    }

    fn skip_line(&mut self) {
        self.skip_until(|b| b == b'\n' || b == b'\r');
    }

    /// The text of a move token.
    pub(crate) fn text(&self, start: u64, end: u64) -> Cow<'_, str> {
        let bytes = &self.src.bytes()[self.index(start)..self.index(end)];
        match core::str::from_utf8(bytes) {
            Ok(text) => Cow::Borrowed(text),
            Err(_) => String::from_utf8_lossy(bytes),
        }
    }

    /// The name and value of the tag token just read.
    pub(crate) fn tag_pair(&self) -> (&str, &str) {
        (&self.tag_name, &self.tag_value)
    }

    /// The next token. After [`Kind::End`] or [`Kind::Io`] it gives `End` again.
    pub(crate) fn next_token(&mut self) -> Tok {
        if !self.started {
            self.started = true;
            while self.len() < 2 && self.fill() {}
            if matches!(self.src.bytes(), [0xFF, 0xFE, ..] | [0xFE, 0xFF, ..]) {
                let at = Location::new(1, 1);
                // Nothing of it is read as UTF-8: on to its end.
                self.skip_until(|_| false);
                return Tok {
                    kind: Kind::Error {
                        error: at.error(PdnErrorKind::Utf16),
                        place: Place::Comment,
                    },
                    at,
                    end: at,
                    line_start: true,
                };
            }
        }
        match core::mem::replace(&mut self.rest, Rest::Nothing) {
            Rest::Nothing => {}
            Rest::Word => self.skip_until(is_delimiter),
            Rest::Line => self.skip_line(),
        }
        self.skip_space();
        let start = self.abs();
        let at = self.here();
        let line_start = !self.token_on_line;
        if self.i >= self.len() {
            let kind = match self.io_error.take() {
                Some(message) => Kind::Io(message),
                None => Kind::End,
            };
            return Tok {
                kind,
                at,
                end: at,
                line_start,
            };
        }
        self.token_on_line = true;
        let kind = match self.byte(self.i) {
            b'[' => self.tag(at),
            b'{' => self.brace_comment(start, at),
            b';' => {
                self.skip_line();
                Kind::Comment {
                    brace: false,
                    start,
                    end: start,
                }
            }
            b'%' if start == self.line_start => {
                self.skip_line();
                Kind::Comment {
                    brace: false,
                    start,
                    end: start,
                }
            }
            b'(' => {
                self.i += 1;
                Kind::Open
            }
            b')' => {
                self.i += 1;
                Kind::Close
            }
            c @ (b'}' | b']' | b'"') => {
                self.i += 1;
                let c = char::from(c);
                Kind::Error {
                    error: at.error(PdnErrorKind::UnexpectedChar { c }),
                    place: Place::Movetext,
                }
            }
            _ => self.word(start, at),
        };
        let end = self.here();
        Tok {
            kind,
            at,
            end,
            line_start,
        }
    }

    /// A word: a move, a move number, a NAG or a termination.
    fn word(&mut self, start: u64, at: Location) -> Kind {
        self.keep = Some(start);
        loop {
            let bytes = &self.src.bytes()[self.i..];
            // A byte order mark ends a word too (`cat` of files without a last newline).
            let found = bytes.iter().position(|&b| is_delimiter(b) || b == BOM[0]);
            #[cfg(test)]
            {
                self.looked += found.map_or(bytes.len(), |k| k + 1) as u64;
            }
            if let Some(k) = found {
                self.i += k;
                if self.byte(self.i) != BOM[0] || self.at_bom() {
                    break;
                }
                self.i += 1;
                continue;
            }
            self.i = self.len();
            if self.abs() - start > self.max_token as u64 {
                // Too long: skipped up to its end before the next token.
                self.keep = None;
                self.rest = Rest::Word;
                break;
            }
            if !self.fill() {
                if let Some(message) = self.io_error.take() {
                    self.keep = None;
                    return Kind::Io(message);
                }
                break;
            }
        }
        self.keep = None;
        let end = self.abs();
        if end - start > self.max_token as u64 {
            let kind = PdnErrorKind::LimitExceeded {
                limit: Limit::Token,
            };
            return Kind::Error {
                error: at.error(kind),
                place: Place::Movetext,
            };
        }
        let w = &self.src.bytes()[self.index(start)..self.index(end)];
        if let Some(&(_, result)) = RESULTS.iter().find(|(text, _)| text.as_bytes() == w) {
            return Kind::Result(result);
        }
        if w[0] == b'$' || w.iter().all(|&b| b == b'!' || b == b'?') {
            return Kind::Nag { start, end };
        }
        let digits = w.iter().take_while(|b| b.is_ascii_digit()).count();
        let dots = w[digits..].iter().take_while(|&&b| b == b'.').count();
        if digits > 0 && dots > 0 {
            // A move glued to its number, `1.c3-c4`: the number now, the move next.
            self.i = self.index(start) + digits + dots;
            return Kind::Number;
        }
        let suffix = w
            .iter()
            .rev()
            .take_while(|&&b| b == b'!' || b == b'?')
            .count();
        Kind::Move {
            start,
            end: end - suffix as u64,
            suffix_end: end,
        }
    }

    /// A tag pair on one line: `[`, the name, the quoted value, `]`, with blanks between.
    fn tag(&mut self, at: Location) -> Kind {
        match self.tag_pair_parts(at) {
            Ok(kind) | Err(kind) => kind,
        }
    }

    /// The parts of a tag pair; `Err` with the error (or I/O error) that cut it short.
    fn tag_pair_parts(&mut self, at: Location) -> Result<Kind, Kind> {
        self.i += 1;
        self.tag_name.clear();
        self.tag_raw.clear();
        self.skip_blank();
        let name_at = self.here();
        let name_start = self.abs();
        while let Some(b) = self.peek() {
            if !(b.is_ascii_alphanumeric() || b == b'_') {
                break;
            }
            if self.tag_name.len() < self.max_token {
                self.tag_name.push(char::from(b));
            }
            self.i += 1;
        }
        let name_len = self.abs() - name_start;
        if name_len == 0 {
            return Err(self.missing("a tag name"));
        }
        self.io_error()?;
        if name_len > self.max_token as u64 {
            let limit = Limit::Token;
            return Err(self.tag_error(name_at, PdnErrorKind::LimitExceeded { limit }));
        }
        self.expect(b'"', "a quoted value")?;
        let value_at = self.here();
        let value_start = self.abs();
        loop {
            match self.peek() {
                Some(b'"') => {
                    self.i += 1;
                    break;
                }
                Some(b'\\') => {
                    self.i += 1;
                    match self.peek() {
                        Some(c @ (b'"' | b'\\')) => {
                            self.i += 1;
                            self.tag_raw.push(c);
                        }
                        Some(b'\n' | b'\r') | None => {}
                        Some(c) => {
                            self.i += 1;
                            self.tag_raw.extend_from_slice(&[b'\\', c]);
                        }
                    }
                }
                Some(b'\n' | b'\r') => {
                    return Err(self.tag_error(at, PdnErrorKind::UnterminatedTag));
                }
                None => {
                    self.io_error()?;
                    return Err(self.tag_error(at, PdnErrorKind::UnterminatedTag));
                }
                Some(b) => {
                    self.i += 1;
                    self.tag_raw.push(b);
                }
            }
            if self.abs() - value_start > self.max_value as u64 {
                let limit = Limit::TagValue;
                return Err(self.tag_error(value_at, PdnErrorKind::LimitExceeded { limit }));
            }
        }
        self.expect(b']', "`]` after the value")?;
        self.tag_value = String::from_utf8_lossy(&self.tag_raw).into_owned();
        Ok(Kind::Tag { value_at })
    }

    /// Steps over `byte`, after blanks on the line; without it, what [`missing`] gives.
    ///
    /// [`missing`]: Lexer::missing
    fn expect(&mut self, byte: u8, expected: &'static str) -> Result<(), Kind> {
        self.skip_blank();
        if self.peek() == Some(byte) {
            self.i += 1;
            return Ok(());
        }
        Err(self.missing(expected))
    }

    /// A tag pair lacks what was `expected` at the cursor: the I/O error that ended the
    /// input there if there is one, else a tag error saying what was expected.
    fn missing(&mut self, expected: &'static str) -> Kind {
        if let Err(io) = self.io_error() {
            return io;
        }
        let here = self.here();
        self.tag_error(here, PdnErrorKind::BadTag { expected })
    }

    /// The I/O error that ended the input, not yet reported, as a token.
    fn io_error(&mut self) -> Result<(), Kind> {
        match self.io_error.take() {
            Some(message) => Err(Kind::Io(message)),
            None => Ok(()),
        }
    }

    /// A tag error at `at`; the rest of the line is skipped before the next token.
    fn tag_error(&mut self, at: Location, kind: PdnErrorKind) -> Kind {
        self.rest = Rest::Line;
        Kind::Error {
            error: at.error(kind),
            place: Place::Tag,
        }
    }

    /// A `{...}` comment. Inside it, a line whose first non-blank character is `[` followed
    /// by a letter, after a blank line, is taken as the next game's first tag: the comment
    /// was never closed. A comment that reaches the end of the input or
    /// the comment limit without `}` is an error too, and reading goes back to its
    /// second line (where the next game may start).
    fn brace_comment(&mut self, start: u64, at: Location) -> Kind {
        self.i += 1;
        // The comment's text stays in the window until the token is taken.
        self.keep = Some(start);
        // The comment may not reach `limit`: a comment of the limit's length has its `}`
        // just before it.
        let limit = start + self.max_comment as u64;
        // The comment's second line, where reading goes back to if it is never closed.
        let mut mark: Option<(u64, usize)> = None;
        let mut prev_blank = false;
        let mut cur_blank = false;
        loop {
            if self.abs() >= limit {
                return self.unclosed(at, mark, Unclosed::Limit, prev_blank, cur_blank);
            }
            let Some(b) = self.peek() else {
                if let Some(message) = self.io_error.take() {
                    self.keep = None;
                    return Kind::Io(message);
                }
                return self.unclosed(at, mark, Unclosed::End, prev_blank, cur_blank);
            };
            match b {
                b'}' => {
                    self.i += 1;
                    self.keep = None;
                    self.token_on_line = true;
                    return Kind::Comment {
                        brace: true,
                        start: start + 1,
                        end: self.abs() - 1,
                    };
                }
                b'\n' | b'\r' => {
                    self.line_end();
                    prev_blank = cur_blank;
                    cur_blank = true;
                    if mark.is_none() {
                        let here = self.abs();
                        mark = Some((here, self.line));
                        // An earlier comment found no `}` up to `upto`: go on from there.
                        if let Some(m) = self.memo {
                            if m.upto > here && m.upto <= limit {
                                self.i = self.index(m.upto);
                                self.line = m.line;
                                self.line_start = m.line_start;
                                self.col_pos = m.upto;
                                self.col = m.col;
                                prev_blank = m.prev_blank;
                                cur_blank = m.cur_blank;
                            }
                        }
                    }
                }
                b' ' | b'\t' | 0x0C => self.i += 1,
                0xEF if cur_blank && self.at_bom() => self.skip_bom(),
                b'[' if cur_blank && prev_blank && self.letter_follows() => {
                    self.keep = None;
                    return Kind::Error {
                        error: at.error(PdnErrorKind::UnterminatedComment),
                        place: Place::Comment,
                    };
                }
                _ => {
                    // Only a line's first character matters: on to the next `}` or line
                    // end, within the limit.
                    cur_blank = false;
                    let from = self.i + 1;
                    let stop = self.index(limit).min(self.len());
                    let bytes = &self.src.bytes()[from.min(stop)..stop];
                    let found = bytes
                        .iter()
                        .position(|&c| matches!(c, b'}' | b'\n' | b'\r'));
                    #[cfg(test)]
                    {
                        self.looked += found.map_or(bytes.len(), |k| k + 1) as u64;
                    }
                    self.i = match found {
                        Some(k) => from + k,
                        None => stop.max(from),
                    };
                }
            }
        }
    }

    /// Whether an ASCII letter follows the `[` at the cursor.
    fn letter_follows(&mut self) -> bool {
        while self.len() - self.i < 2 && self.fill() {}
        self.src
            .bytes()
            .get(self.i + 1)
            .is_some_and(u8::is_ascii_alphabetic)
    }

    /// A `{` comment without `}`: an error at the `{`. The scan is remembered for later
    /// comments, and the cursor goes back to the comment's second line.
    fn unclosed(
        &mut self,
        at: Location,
        mark: Option<(u64, usize)>,
        why: Unclosed,
        prev_blank: bool,
        cur_blank: bool,
    ) -> Kind {
        if let Some((m, line)) = mark {
            let upto = self.abs();
            self.sync_col(upto);
            self.memo = Some(Memo {
                upto,
                line: self.line,
                line_start: self.line_start,
                col: self.col,
                prev_blank,
                cur_blank,
            });
            self.i = self.index(m);
            self.line = line;
            self.line_start = m;
            self.col_pos = m;
            self.col = 1;
            self.token_on_line = false;
        } else if why == Unclosed::Limit {
            // Still on the comment's first line: the rest of it is the comment's too.
            self.rest = Rest::Line;
        }
        self.keep = None;
        let kind = match why {
            Unclosed::End => PdnErrorKind::UnterminatedComment,
            Unclosed::Limit => PdnErrorKind::LimitExceeded {
                limit: Limit::Comment,
            },
        };
        Kind::Error {
            error: at.error(kind),
            place: Place::Comment,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::source::StrSource;
    use super::*;
    use alloc::format;

    fn tokens(text: &str) -> Vec<Tok> {
        let mut lexer = Lexer::new(StrSource(text.as_bytes()));
        let mut out = Vec::new();
        loop {
            let t = lexer.next_token();
            if t.kind == Kind::End {
                return out;
            }
            out.push(t);
        }
    }

    fn kinds(text: &str) -> Vec<Kind> {
        tokens(text).into_iter().map(|t| t.kind).collect()
    }

    #[test]
    fn tokens_with_positions() {
        let text = "[Event \"a \\\"b\\\"\"]\n1. c3-c4 {x\ny} 1...f6-f5! $2 (2. a3-a4) ; z\n 1-0";
        let t = tokens(text);
        let value_at = Location::new(1, 9);
        assert_eq!(t[0].kind, Kind::Tag { value_at });
        let k: Vec<&Kind> = t[1..].iter().map(|t| &t.kind).collect();
        assert!(matches!(
            k[..],
            [
                Kind::Number,
                Kind::Move { .. },
                Kind::Comment { brace: true, .. },
                Kind::Number,
                Kind::Move { .. },
                Kind::Nag { .. },
                Kind::Open,
                Kind::Number,
                Kind::Move { .. },
                Kind::Close,
                Kind::Comment { brace: false, .. },
                Kind::Result(GameResult::WhiteWins),
            ]
        ));
        let last = t.last().unwrap().at;
        assert_eq!((last.line, last.column), (4, 2));
        assert_eq!((t[5].at.line, t[5].at.column), (3, 8));
        assert!(t[0].line_start && t[1].line_start && !t[2].line_start);
        // The comment's line is its last line: the token after it is not first on it.
        assert!(!t[4].line_start);
    }

    #[test]
    fn tag_values_are_unescaped() {
        let mut lexer = Lexer::new(StrSource(b"[Event \"a \\\"b\\\" \\\\ \\x\"]"));
        assert!(matches!(lexer.next_token().kind, Kind::Tag { .. }));
        assert_eq!(lexer.tag_pair(), ("Event", "a \"b\" \\ \\x"));
    }

    #[test]
    fn errors_do_not_stop_the_lexer() {
        let t = tokens("1. c3-c4 ] d3-d4 [Event x\nf6-f5");
        assert!(matches!(
            t[2].kind,
            Kind::Error {
                place: Place::Movetext,
                ..
            }
        ));
        assert!(matches!(t[3].kind, Kind::Move { .. }));
        assert!(matches!(
            t[4].kind,
            Kind::Error {
                place: Place::Tag,
                ..
            }
        ));
        // The rest of the tag's line is skipped.
        assert!(matches!(t[5].kind, Kind::Move { .. }));
        assert_eq!(t[5].at.line, 2);
        assert_eq!(t.len(), 6);
    }

    #[test]
    fn line_ends_and_byte_order_marks() {
        for text in ["a\nb\r\nc\rd", "\u{feff}a\n\u{feff}b\r\nc\r\u{feff}d"] {
            let t = tokens(text);
            let at: Vec<(usize, usize)> = t.iter().map(|t| (t.at.line, t.at.column)).collect();
            assert_eq!(at, [(1, 1), (2, 1), (3, 1), (4, 1)], "{text:?}");
            assert!(t.iter().all(|t| t.line_start));
        }
        // A mark between tokens is skipped, and counts as one column there.
        let t = tokens("a \u{feff}b");
        assert_eq!(t.len(), 2);
        assert_eq!(t[1].at.column, 4);
    }

    #[test]
    fn an_unclosed_comment_goes_back_to_its_second_line() {
        let t = tokens("1. c3-c4 {never closed\n1. d3-d4 *");
        assert!(matches!(
            &t[2].kind,
            Kind::Error { error, place: Place::Comment }
                if error.kind == PdnErrorKind::UnterminatedComment && error.column == 10
        ));
        assert_eq!(t[3].kind, Kind::Number);
        assert_eq!((t[3].at.line, t[3].at.column), (2, 1));
        assert!(t[3].line_start);
        assert_eq!(t.len(), 6);
        // A blank line, then a tag line: the comment is cut there.
        let t = tokens("{a\n\n[Event \"x\"]\n}");
        assert!(matches!(
            t[0].kind,
            Kind::Error {
                place: Place::Comment,
                ..
            }
        ));
        assert!(matches!(t[1].kind, Kind::Tag { .. }) && t[1].line_start);
        assert!(matches!(
            t[2].kind,
            Kind::Error {
                place: Place::Movetext,
                ..
            }
        ));
    }

    /// Unclosed comments one after another: each byte is looked at a bounded number of times
    /// (each comment goes on from where the one before gave up).
    #[test]
    fn unclosed_comments_cost_linear_work() {
        for text in [
            "{\n".repeat(200_000),
            "{ x x x\n".repeat(100_000),
            "1. {\n* ".repeat(100_000),
            // Longer than the comment limit: the first comment gives up at the limit, and
            // each next one goes on from there to its own.
            "{\n".repeat(MAX_COMMENT_BYTES * 3 / 4),
            format!("{{{}\n", "x".repeat(99)).repeat(MAX_COMMENT_BYTES / 50),
        ] {
            let mut lexer = Lexer::new(StrSource(text.as_bytes()));
            let mut n = 0;
            while lexer.next_token().kind != Kind::End {
                n += 1;
            }
            assert!(n > 0);
            assert!(
                lexer.looked <= 6 * text.len() as u64,
                "{} bytes looked at for {}",
                lexer.looked,
                text.len()
            );
        }
    }

    #[test]
    fn long_words_and_values_are_cut() {
        let word = "x".repeat(MAX_TOKEN_BYTES + 1);
        let t = tokens(&format!("{word} c3-c4"));
        assert!(matches!(&t[0].kind, Kind::Error { error, .. }
            if error.kind == PdnErrorKind::LimitExceeded { limit: Limit::Token }));
        assert!(matches!(t[1].kind, Kind::Move { .. }));
        let ok = "x".repeat(MAX_TOKEN_BYTES);
        assert!(matches!(kinds(&ok)[..], [Kind::Move { .. }]));
        let value = "v".repeat(MAX_TAG_VALUE_BYTES + 1);
        let t = tokens(&format!("[FEN \"{value}\"] x\ny"));
        assert!(
            matches!(&t[0].kind, Kind::Error { error, place: Place::Tag }
            if error.kind == PdnErrorKind::LimitExceeded { limit: Limit::TagValue }
                && error.column == 7)
        );
        assert_eq!(t.len(), 2);
    }
}
