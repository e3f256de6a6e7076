//! The parser core: the tokens of [`lex`](super::lex) put together into games, each handed
//! to a [`Visitor`] as it is read, and each game ended where the PDN text ends it.
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
//! rules, without another item. So is the rest of a game whose visitor answered `Break`.

use core::ops::ControlFlow;

use super::error::{PdnError, PdnErrorKind};
use super::lex::{Kind, Lexer, Place, Tok};
use super::limits::Limit;
use super::options::ReadOptions;
use super::source::Source;
use super::visit::{Location, Skip, Visitor};

/// The structure of the game being read: where it is in its variations, and whether an
/// error (or the visitor) has ended its reading. `O` is the visitor's output.
struct Shape<O> {
    tags: usize,
    /// Nesting depth of variations, and where the outermost one opened.
    depth: usize,
    open_at: Option<Location>,
    /// The depth at which the visitor skips a variation, while it does.
    skip_from: Option<usize>,
    /// A termination came inside a variation: only `)`, a comment or a NAG may follow.
    result_in_variation: bool,
    /// The game has movetext (anything but tags, `;` and `%` comments).
    movetext: bool,
    /// The first error of the game's text: the rest of the game is skipped.
    error: Option<PdnError>,
    /// What the visitor gave when it answered `Break`: the rest of the game is skipped
    /// without looking for errors.
    output: Option<O>,
    /// Just after the last token: where a missing termination is reported.
    after: Location,
}

impl<O> Shape<O> {
    fn new(at: Location) -> Shape<O> {
        Shape {
            tags: 0,
            depth: 0,
            open_at: None,
            skip_from: None,
            result_in_variation: false,
            movetext: false,
            error: None,
            output: None,
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

    /// Whether the game ends before `tok`, which starts what follows: a token after a
    /// termination inside a variation (other than `)`, a comment or a NAG), or a tag pair
    /// that starts a line once the game has movetext.
    fn ends_before(&self, tok: &Tok) -> bool {
        let after_result = self.result_in_variation
            && !matches!(
                tok.kind,
                Kind::Comment { .. } | Kind::Nag { .. } | Kind::Close
            );
        let is_tag = matches!(
            tok.kind,
            Kind::Tag { .. }
                | Kind::Error {
                    place: Place::Tag,
                    ..
                }
        );
        after_result || (is_tag && tok.line_start && self.movetext)
    }

    /// Whether the game's reading has ended (an error, or the visitor's `Break`).
    fn ended(&self) -> bool {
        self.error.is_some() || self.output.is_some()
    }

    /// Whether the visitor hears the tokens: not in a variation it skips.
    fn heard(&self) -> bool {
        self.skip_from.is_none()
    }

    /// Keeps what a token's visit gave: the text's first error, or the visitor's `Break`.
    fn keep(&mut self, heard: Heard<O>) {
        match heard {
            Err(e) => self.error = Some(e),
            Ok(ControlFlow::Break(output)) => self.output = Some(output),
            Ok(ControlFlow::Continue(())) => {}
        }
    }
}

/// What a token's visit gave: an error in the text, or the visitor's answer.
type Heard<O> = Result<ControlFlow<O>, PdnError>;

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
    pub(crate) lexer: Lexer<S>,
    max_tags: usize,
    /// A token that ended the last game and starts the next one.
    carry: Option<Tok>,
    done: bool,
}

impl<S: Source> Core<S> {
    pub(crate) fn new(source: S, options: &ReadOptions) -> Core<S> {
        Core {
            lexer: Lexer::with_limits(
                source,
                options.max_token_bytes,
                options.max_tag_value_bytes,
                options.max_comment_bytes,
            ),
            max_tags: options.max_tags,
            carry: None,
            done: false,
        }
    }

    /// Reads the next game with `v`; `None` at the end of the input.
    pub(crate) fn read_game<V: Visitor>(
        &mut self,
        v: &mut V,
    ) -> Option<Result<V::Output, PdnError>> {
        let mut reading = Reading {
            core: self,
            v,
            game: None,
        };
        loop {
            let core = &mut *reading.core;
            if core.done && core.carry.is_none() {
                return None;
            }
            let tok = match core.carry.take() {
                Some(tok) => tok,
                None => core.lexer.next_token(),
            };
            match reading.step(tok) {
                Step::More => {}
                Step::Item(item) => return Some(item),
                Step::Done => {
                    reading.core.done = true;
                    return None;
                }
            }
        }
    }

    /// A tag pair: an error after movetext or past the limit of tags.
    fn tag<V: Visitor>(
        &self,
        shape: &mut Shape<V::Output>,
        at: Location,
        value_at: Location,
        v: &mut V,
    ) -> Heard<V::Output> {
        if shape.movetext {
            return Err(at.error(PdnErrorKind::TagAfterMoves));
        }
        if shape.tags >= self.max_tags {
            let limit = Limit::Tags;
            return Err(at.error(PdnErrorKind::LimitExceeded { limit }));
        }
        shape.tags += 1;
        let (name, value) = self.lexer.tag_pair();
        Ok(v.tag(name, value, value_at))
    }
}

/// One game's reading: the parser core, the visitor, and the game read (`None` between
/// games).
struct Reading<'a, S, V: Visitor> {
    core: &'a mut Core<S>,
    v: &'a mut V,
    game: Option<Shape<V::Output>>,
}

impl<S: Source, V: Visitor> Reading<'_, S, V> {
    /// Ends the game being read, before `tok` if it is given (which then starts what
    /// follows). `unfinished` is the error of a game that had no error of its own.
    fn end(&mut self, carry: Option<Tok>, unfinished: Option<PdnError>) -> Step<V::Output> {
        self.core.carry = carry;
        let Some(shape) = self.game.take() else {
            return Step::More;
        };
        Step::Item(match (shape.error, shape.output, unfinished) {
            (Some(e), _, _) => Err(e),
            (None, Some(output), _) => Ok(output),
            (None, None, Some(e)) => Err(e),
            (None, None, None) => Ok(self.v.end_game()),
        })
    }

    /// Takes one token.
    fn step(&mut self, tok: Tok) -> Step<V::Output> {
        match tok.kind {
            Kind::End => return self.input_end(),
            Kind::Io(_) => return self.input_failed(tok),
            _ => {}
        }
        let Some(shape) = self.game.as_mut() else {
            return self.between_games(tok);
        };
        if shape.ends_before(&tok) {
            let e = shape.unfinished("the next game");
            return self.end(Some(tok), Some(e));
        }
        if shape.ended() {
            return self.skip(tok);
        }
        shape.after = tok.end;
        let (at, v, lexer) = (tok.at, &mut *self.v, &self.core.lexer);
        let heard = match tok.kind {
            Kind::Tag { value_at } => self.core.tag(shape, at, value_at, v),
            Kind::Error { error, place } => {
                if place == Place::Comment {
                    // The game ends at the comment; what follows is read afresh.
                    return self.end(None, Some(error));
                }
                shape.movetext |= place == Place::Movetext;
                Err(error)
            }
            Kind::Comment { brace, start, end } => {
                shape.movetext |= brace;
                Ok(hear(brace && shape.heard(), || {
                    v.comment(&lexer.text(start, end), at)
                }))
            }
            Kind::Number => {
                shape.movetext = true;
                Ok(ControlFlow::Continue(()))
            }
            Kind::Nag { start, end } => {
                shape.movetext = true;
                Ok(hear(shape.heard(), || v.nag(&lexer.text(start, end), at)))
            }
            Kind::Open => Ok(open(shape, at, v)),
            Kind::Close => close(shape, at, v),
            Kind::Move {
                start,
                end,
                suffix_end,
            } => {
                shape.movetext = true;
                Ok(hear(shape.heard(), || {
                    let suffix = lexer.text(end, suffix_end);
                    visit_move(v, &lexer.text(start, end), &suffix, at)
                }))
            }
            Kind::Result(_) if shape.depth > 0 => {
                shape.movetext = true;
                shape.result_in_variation = true;
                Ok(ControlFlow::Continue(()))
            }
            Kind::Result(termination) => {
                shape.movetext = true;
                let heard = Ok(v.termination(termination, at));
                shape.keep(heard);
                return self.end(None, None);
            }
            Kind::End | Kind::Io(_) => Ok(ControlFlow::Continue(())),
        };
        shape.keep(heard);
        Step::More
    }

    /// The end of the input: the game being read ends there, without its termination.
    fn input_end(&mut self) -> Step<V::Output> {
        let Some(shape) = self.game.as_ref() else {
            return Step::Done;
        };
        let e = shape.unfinished("the end of the input");
        self.core.done = true;
        self.end(None, Some(e))
    }

    /// Reading the input failed: the I/O error is an item of its own, which stands for the
    /// game it interrupted (a game whose reading had already ended gives its item first).
    fn input_failed(&mut self, tok: Tok) -> Step<V::Output> {
        if self.game.as_ref().is_some_and(Shape::ended) {
            return self.end(Some(tok), None);
        }
        self.game = None;
        self.core.done = true;
        let Kind::Io(message) = tok.kind else {
            return Step::More;
        };
        Step::Item(Err(tok.at.error(PdnErrorKind::Io { message })))
    }

    /// A token between games: comments belong to none, and so does a comment never closed
    /// (its error is an item of its own); anything else starts a game.
    fn between_games(&mut self, tok: Tok) -> Step<V::Output> {
        match tok.kind {
            Kind::Comment { .. } => Step::More,
            Kind::Error {
                error,
                place: Place::Comment,
            } => Step::Item(Err(error)),
            _ => {
                let mut shape = Shape::new(tok.at);
                shape.keep(Ok(self.v.begin_game(tok.at)));
                self.game = Some(shape);
                self.step(tok)
            }
        }
    }

    /// A token of a game whose reading has ended (an error, or the visitor's `Break`): it
    /// only moves the game to its end.
    fn skip(&mut self, tok: Tok) -> Step<V::Output> {
        let Some(shape) = self.game.as_mut() else {
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
            } => return self.end(None, None),
            Kind::Open => {
                shape.movetext = true;
                shape.depth += 1;
            }
            Kind::Close => {
                shape.movetext = true;
                shape.depth = shape.depth.saturating_sub(1);
                shape.result_in_variation = false;
            }
            Kind::Result(_) if shape.depth == 0 => return self.end(None, None),
            Kind::Result(_) => {
                shape.movetext = true;
                shape.result_in_variation = true;
            }
            _ => shape.movetext = true,
        }
        Step::More
    }
}

/// The visitor's answer to what `visit` hands it, if it hears it (`heard`); else go on.
fn hear<O>(heard: bool, visit: impl FnOnce() -> ControlFlow<O>) -> ControlFlow<O> {
    if heard {
        visit()
    } else {
        ControlFlow::Continue(())
    }
}

/// A move at `at`, then its `!`/`?` suffix (if any) as a NAG right after it.
fn visit_move<V: Visitor>(
    v: &mut V,
    text: &str,
    suffix: &str,
    at: Location,
) -> ControlFlow<V::Output> {
    v.move_text(text, at)?;
    if suffix.is_empty() {
        return ControlFlow::Continue(());
    }
    let suffix_at = Location::new(at.line, at.column + text.chars().count());
    v.nag(suffix, suffix_at)
}

/// `(`: a variation opens; the visitor may skip it.
fn open<V: Visitor>(
    shape: &mut Shape<V::Output>,
    at: Location,
    v: &mut V,
) -> ControlFlow<V::Output> {
    shape.movetext = true;
    if shape.depth == 0 {
        shape.open_at = Some(at);
    }
    let mut flow = ControlFlow::Continue(());
    if shape.heard() {
        match v.begin_variation(at) {
            ControlFlow::Continue(Skip(true)) => shape.skip_from = Some(shape.depth),
            ControlFlow::Continue(Skip(false)) => {}
            ControlFlow::Break(output) => flow = ControlFlow::Break(output),
        }
    }
    shape.depth += 1;
    flow
}

/// `)`: the variation opened last closes; an error without one.
fn close<V: Visitor>(shape: &mut Shape<V::Output>, at: Location, v: &mut V) -> Heard<V::Output> {
    shape.movetext = true;
    shape.result_in_variation = false;
    if shape.depth == 0 {
        return Err(at.error(PdnErrorKind::UnmatchedClose));
    }
    shape.depth -= 1;
    if shape.skip_from == Some(shape.depth) {
        shape.skip_from = None;
        return Ok(ControlFlow::Continue(()));
    }
    Ok(hear(shape.heard(), || v.end_variation()))
}
