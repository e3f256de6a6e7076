//! The PDN tokenizer: tags, move numbers, moves, comments, NAGs, variation brackets and game
//! terminations, each with its line and column. It knows nothing of the rules and never
//! panics: every byte sequence is either a token or a [`PdnError`].

use super::error::{PdnError, PdnErrorKind};

/// One token of PDN text.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Token<'a> {
    /// `[Name "value"]`; `value` is raw, with its escapes (`\"`, `\\`) still in.
    Tag {
        name: &'a str,
        value: &'a str,
        /// Column of the value's first character (after the opening quote).
        value_column: usize,
    },
    /// A move number such as `12.` or `12...`.
    Number,
    /// Move text, with any `!`/`?` suffix removed.
    Move(&'a str),
    /// A NAG: `$3`, or a standalone `!`, `?!`, ...
    Nag,
    /// A `{...}` comment, a `;` line comment or a `%` escape line.
    Comment,
    /// `(`.
    Open,
    /// `)`.
    Close,
    /// A game termination: `2-0`, `0-2`, `1-1`, `1-0`, `0-1`, `1/2-1/2` or `*`.
    Result(&'a str),
}

/// Where a token starts: line and column, both from 1; columns count characters.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct At {
    pub(crate) line: usize,
    pub(crate) column: usize,
}

/// The game terminations.
pub(crate) const RESULTS: [&str; 7] = ["2-0", "0-2", "1-1", "1-0", "0-1", "1/2-1/2", "*"];

/// A tokenizer over one text, counting lines from `first_line`.
pub(crate) struct Lexer<'a> {
    text: &'a str,
    i: usize,
    line: usize,
    line_start: usize,
    /// A byte offset on the current line whose column is known, and that column.
    col_at: usize,
    col: usize,
    failed: bool,
}

fn is_delimiter(b: u8) -> bool {
    b.is_ascii_whitespace() || matches!(b, b'{' | b'}' | b'(' | b')' | b'[' | b']' | b';' | b'"')
}

impl<'a> Lexer<'a> {
    /// A lexer over `text` whose first line is line `first_line`.
    pub(crate) fn new(text: &'a str, first_line: usize) -> Lexer<'a> {
        Lexer {
            text,
            i: 0,
            line: first_line,
            line_start: 0,
            col_at: 0,
            col: 1,
            failed: false,
        }
    }

    /// The position of byte offset `j` (on the current line, at or after the last one asked).
    fn at(&mut self, j: usize) -> At {
        let bytes = self.text.as_bytes();
        if self.col_at < self.line_start || self.col_at > j {
            self.col_at = self.line_start;
            self.col = 1;
        }
        let end = j.min(bytes.len());
        self.col += bytes[self.col_at.min(end)..end]
            .iter()
            .filter(|&&b| b & 0xC0 != 0x80)
            .count();
        self.col_at = end;
        At {
            line: self.line,
            column: self.col,
        }
    }

    /// The position where the next token would start (the end of the text at the end).
    pub(crate) fn here(&mut self) -> At {
        self.at(self.i)
    }

    /// Moves to byte `j`, counting the newlines passed.
    fn advance_to(&mut self, j: usize) {
        let bytes = self.text.as_bytes();
        let j = j.min(bytes.len());
        for (k, &b) in bytes[self.i..j].iter().enumerate() {
            if b == b'\n' {
                self.line += 1;
                self.line_start = self.i + k + 1;
            }
        }
        self.i = j;
    }

    fn error(&mut self, at: At, kind: PdnErrorKind) -> Option<Result<(Token<'a>, At), PdnError>> {
        self.failed = true;
        Some(Err(PdnError {
            line: at.line,
            column: at.column,
            kind,
        }))
    }

    /// The end of the line that byte `j` is on (the offset of its `\n`, or the text's end).
    fn line_end(&self, j: usize) -> usize {
        let bytes = self.text.as_bytes();
        bytes[j.min(bytes.len())..]
            .iter()
            .position(|&b| b == b'\n')
            .map_or(bytes.len(), |k| j + k)
    }

    fn tag(&mut self, start: usize, at: At) -> Option<Result<(Token<'a>, At), PdnError>> {
        let bytes = self.text.as_bytes();
        let end = self.line_end(start);
        let mut j = start + 1;
        while j < end && bytes[j].is_ascii_whitespace() {
            j += 1;
        }
        let name_start = j;
        while j < end && (bytes[j].is_ascii_alphanumeric() || bytes[j] == b'_') {
            j += 1;
        }
        if j == name_start {
            let at = self.at(j);
            return self.error(
                at,
                PdnErrorKind::BadTag {
                    expected: "a tag name",
                },
            );
        }
        let name = &self.text[name_start..j];
        while j < end && bytes[j].is_ascii_whitespace() {
            j += 1;
        }
        if bytes.get(j) != Some(&b'"') || j >= end {
            let at = self.at(j);
            return self.error(
                at,
                PdnErrorKind::BadTag {
                    expected: "a quoted value",
                },
            );
        }
        j += 1;
        let value_start = j;
        let value_column = self.at(value_start).column;
        loop {
            match bytes.get(j) {
                Some(b'"') if j < end => break,
                Some(b'\\') if j + 1 < end => j += 2,
                Some(_) if j < end => j += 1,
                _ => return self.error(at, PdnErrorKind::UnterminatedTag),
            }
        }
        let value = &self.text[value_start..j];
        j += 1;
        while j < end && bytes[j].is_ascii_whitespace() {
            j += 1;
        }
        if bytes.get(j) != Some(&b']') || j >= end {
            let at = self.at(j);
            return self.error(
                at,
                PdnErrorKind::BadTag {
                    expected: "`]` after the value",
                },
            );
        }
        self.advance_to(j + 1);
        Some(Ok((
            Token::Tag {
                name,
                value,
                value_column,
            },
            at,
        )))
    }

    fn word(&self, start: usize) -> (Token<'a>, usize) {
        let bytes = self.text.as_bytes();
        let mut end = start;
        while end < bytes.len() && !is_delimiter(bytes[end]) {
            end += 1;
        }
        let word = &self.text[start..end];
        if RESULTS.contains(&word) {
            return (Token::Result(word), end);
        }
        let w = word.as_bytes();
        if w[0] == b'$' {
            return (Token::Nag, end);
        }
        if w.iter().all(|&b| b == b'!' || b == b'?') {
            return (Token::Nag, end);
        }
        let digits = w.iter().take_while(|b| b.is_ascii_digit()).count();
        let dots = w[digits..].iter().take_while(|&&b| b == b'.').count();
        if digits > 0 && dots > 0 {
            if digits + dots == w.len() {
                return (Token::Number, end);
            }
            // A move glued to its number: `1.c3-c4`. Read the number now, the move next.
            return (Token::Number, start + digits + dots);
        }
        let text = word.trim_end_matches(['!', '?']);
        (Token::Move(text), end)
    }

    /// The next token, or `None` at the end of the text (and after an error).
    pub(crate) fn next_token(&mut self) -> Option<Result<(Token<'a>, At), PdnError>> {
        if self.failed {
            return None;
        }
        let bytes = self.text.as_bytes();
        let mut j = self.i;
        while j < bytes.len() && bytes[j].is_ascii_whitespace() {
            j += 1;
        }
        self.advance_to(j);
        let start = j;
        let &b = bytes.get(start)?;
        let at = self.at(start);
        let token = match b {
            b'[' => return self.tag(start, at),
            b'{' => match bytes[start..].iter().position(|&c| c == b'}') {
                Some(k) => {
                    self.advance_to(start + k + 1);
                    Token::Comment
                }
                None => return self.error(at, PdnErrorKind::UnterminatedComment),
            },
            b';' => {
                let end = self.line_end(start);
                self.advance_to(end);
                Token::Comment
            }
            b'%' if start == self.line_start => {
                let end = self.line_end(start);
                self.advance_to(end);
                Token::Comment
            }
            b'(' => {
                self.advance_to(start + 1);
                Token::Open
            }
            b')' => {
                self.advance_to(start + 1);
                Token::Close
            }
            b'}' | b']' | b'"' => {
                let c = char::from(b);
                return self.error(at, PdnErrorKind::UnexpectedChar { c });
            }
            _ => {
                let (token, end) = self.word(start);
                self.advance_to(end);
                token
            }
        };
        Some(Ok((token, at)))
    }
}

/// Undoes a tag value's escapes: `\"` is `"` and `\\` is `\`; any other backslash is kept.
pub(crate) fn unescape(raw: &str) -> alloc::string::String {
    let mut out = alloc::string::String::with_capacity(raw.len());
    let mut chars = raw.chars();
    while let Some(c) = chars.next() {
        if c == '\\' {
            match chars.next() {
                Some(n @ ('"' | '\\')) => out.push(n),
                Some(n) => {
                    out.push('\\');
                    out.push(n);
                }
                None => out.push('\\'),
            }
        } else {
            out.push(c);
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use alloc::vec::Vec;

    fn tokens(text: &str) -> Vec<Result<(Token<'_>, At), PdnError>> {
        let mut lexer = Lexer::new(text, 1);
        core::iter::from_fn(|| lexer.next_token()).collect()
    }

    #[test]
    fn tokens_with_positions() {
        let t =
            tokens("[Event \"a \\\"b\\\"\"]\n1. c3-c4 {x\ny} 1...f6-f5! $2 (2. a3-a4) ; z\n 1-0");
        let kinds: Vec<_> = t.iter().map(|r| r.as_ref().unwrap().0).collect();
        assert_eq!(
            kinds,
            [
                Token::Tag {
                    name: "Event",
                    value: "a \\\"b\\\"",
                    value_column: 9
                },
                Token::Number,
                Token::Move("c3-c4"),
                Token::Comment,
                Token::Number,
                Token::Move("f6-f5"),
                Token::Nag,
                Token::Open,
                Token::Number,
                Token::Move("a3-a4"),
                Token::Close,
                Token::Comment,
                Token::Result("1-0"),
            ]
        );
        let last = t.last().unwrap().as_ref().unwrap().1;
        assert_eq!((last.line, last.column), (4, 2));
        let f6 = t[5].as_ref().unwrap().1;
        assert_eq!((f6.line, f6.column), (3, 8));
        assert_eq!(unescape("a \\\"b\\\""), "a \"b\"");
    }

    #[test]
    fn errors_stop_the_lexer() {
        let t = tokens("1. c3-c4 {never closed");
        assert_eq!(t.len(), 3);
        let e = t[2].as_ref().unwrap_err();
        assert_eq!(
            (e.line, e.column, &e.kind),
            (1, 10, &PdnErrorKind::UnterminatedComment)
        );
    }
}
