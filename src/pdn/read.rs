//! Reading PDN: [`read_str`] and [`Games`] over a text, [`Reader`] over a stream, both
//! with one shared way through the games ([`Parser`]): the parser core of
//! [`parse`](super::parse) hands each game to the built-in visitor of
//! [`replay`](super::replay), or to a visitor of the caller's.

use super::error::PdnError;
use super::game::PdnGame;
use super::options::ReadOptions;
use super::parse::Core;
use super::replay::Replay;
use super::source::{Source, StrSource};
use super::visit::{Skipper, Visitor};

/// The reader behind [`Games`] and [`Reader`]: the parser core over the input, and the
/// built-in visitor that replays its games.
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

    /// The next game or error, replayed.
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

    /// The next game, skipped.
    pub(crate) fn skip_game(&mut self) -> Option<Result<(), PdnError>> {
        self.core.read_game(&mut Skipper)
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

/// The methods [`Games`] and [`Reader`] share, written once: `read_game` (a game with a
/// visitor of the caller's), `skip_game`, and `Iterator` (the games replayed). `$input`
/// names what the reader reads in the docs ("text" or "input"), and `$make` builds a
/// reader over `text` in their examples.
macro_rules! reading {
    (impl [$($generics:tt)*] $reader:ty, $input:literal, $make:literal) => {
        impl<$($generics)*> $reader {
            #[doc = concat!(
                "Reads the next game with a visitor of the caller's instead of replaying it: ",
                "`None` at the end of the ", $input, ", else the visitor's output for the ",
                "game, or the first error in its text (an I/O error too, from a stream). ",
                "Reading goes on where this game ended, with [`Iterator::next`] or this. See ",
                "[`Visitor`].\n\n",
                "```\n",
                "use std::ops::ControlFlow;\n",
                "use turkish_draughts::pdn::{self, Location, Visitor};\n",
                "/// Counts the moves of a game, variations included.\n",
                "struct Moves(usize);\n",
                "impl Visitor for Moves {\n",
                "    type Output = usize;\n",
                "    fn move_text(&mut self, _: &str, _: Location) -> ControlFlow<usize> {\n",
                "        self.0 += 1;\n",
                "        ControlFlow::Continue(())\n",
                "    }\n",
                "    fn end_game(&mut self) -> usize {\n",
                "        std::mem::take(&mut self.0)\n",
                "    }\n",
                "}\n",
                "let text = \"1. c3-c4 f6-f5 (1... f6-e6) *\\n\\n1. d3-d4 *\\n\";\n",
                "let mut games = ", $make, ";\n",
                "assert_eq!(games.read_game(&mut Moves(0)).unwrap()?, 3);\n",
                "assert_eq!(games.next().unwrap()?.game().ply(), 1);\n",
                "assert!(games.read_game(&mut Moves(0)).is_none());\n",
                "# Ok::<(), pdn::PdnError>(())\n",
                "```"
            )]
            pub fn read_game<V: Visitor>(
                &mut self,
                visitor: &mut V,
            ) -> Option<Result<V::Output, PdnError>> {
                self.parser.read_game(visitor)
            }

            #[doc = concat!(
                "Skips the next game without replaying it or looking for errors in it: ",
                "`None` at the end of the ", $input, ". A text that is no game (a comment ",
                "never closed between games), or an I/O error, gives its error.\n\n",
                "```\n",
                "use turkish_draughts::pdn;\n",
                "let text = \"1. c3-c5 *\\n\\n[Event \\\"b\\\"]\\n1. d3-d4 *\\n\";\n",
                "let mut games = ", $make, ";\n",
                "assert_eq!(games.skip_game(), Some(Ok(())));\n",
                "assert_eq!(games.next().unwrap()?.tags().event(), Some(\"b\"));\n",
                "assert_eq!(games.skip_game(), None);\n",
                "# Ok::<(), pdn::PdnError>(())\n",
                "```"
            )]
            pub fn skip_game(&mut self) -> Option<Result<(), PdnError>> {
                self.parser.skip_game()
            }
        }

        impl<$($generics)*> Iterator for $reader {
            type Item = Result<PdnGame, PdnError>;

            fn next(&mut self) -> Option<Self::Item> {
                self.parser.next_item()
            }
        }
    };
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

reading!(impl['a] Games<'a>, "text", "pdn::read_str(text)");

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
reading!(impl[R: std::io::BufRead] Reader<R>, "input", "pdn::Reader::new(text.as_bytes())");
