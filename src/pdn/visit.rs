//! [`Visitor`]: what the reader finds in a game, handed to the caller's methods as it is
//! read, without replaying the moves; [`Location`], where each thing starts.

use core::ops::ControlFlow;

use crate::GameResult;

/// Where something starts in the text: line and column, both from 1; columns count
/// characters.
///
/// ```
/// use turkish_draughts::pdn::Location;
/// let at = Location::new(3, 7);
/// assert_eq!((at.line(), at.column()), (3, 7));
/// assert_eq!(at.to_string(), "line 3, column 7");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[non_exhaustive]
pub struct Location {
    /// The line, from 1.
    pub line: usize,
    /// The column, from 1, in characters.
    pub column: usize,
}

impl Location {
    /// The place at `line` and `column`.
    ///
    /// ```
    /// use turkish_draughts::pdn::Location;
    /// assert_eq!(Location::new(1, 1).line, 1);
    /// ```
    pub const fn new(line: usize, column: usize) -> Location {
        Location { line, column }
    }

    /// The line, from 1 (the field `line`, read as every PDN type's data is read).
    ///
    /// ```
    /// use turkish_draughts::pdn::Location;
    /// assert_eq!(Location::new(3, 7).line(), 3);
    /// ```
    pub const fn line(&self) -> usize {
        self.line
    }

    /// The column, from 1, in characters (the field `column`).
    ///
    /// ```
    /// use turkish_draughts::pdn::Location;
    /// assert_eq!(Location::new(3, 7).column(), 7);
    /// ```
    pub const fn column(&self) -> usize {
        self.column
    }
}

impl core::fmt::Display for Location {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        write!(f, "line {}, column {}", self.line, self.column)
    }
}

/// What [`Visitor::begin_variation`] answers when it goes on: `Skip(true)` skips the
/// variation (its content and its [`end_variation`](Visitor::end_variation) are not
/// visited), `Skip(false)` visits it.
///
/// ```
/// use turkish_draughts::pdn::Skip;
/// assert_eq!(Skip::default(), Skip(false));
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[must_use]
pub struct Skip(pub bool);

/// The caller's side of [`Reader::read_game`](super::Reader::read_game) and
/// [`Games::read_game`](super::Games::read_game): each game's tags, moves, comments, NAGs,
/// variations and termination, in the order of the text, with where each starts. The moves
/// are the text as written (a `!`/`?` suffix goes to [`nag`](Visitor::nag) after its move);
/// the visitor replays them if it wants to. Move numbers and `;` and `%` comments are not
/// visited.
///
/// Every game starts with [`begin_game`](Visitor::begin_game). Each method answers with a
/// [`ControlFlow`]: `Continue` goes on; `Break(output)` visits nothing more of the game: the
/// reader finds where the game ends, without looking for errors, and gives `output` for it.
/// A game read to its end gives `Ok` with what [`end_game`](Visitor::end_game) returns. A
/// game with an error in its text (found before a method answered `Break`) gives `Err`
/// with the first one, and `end_game` is not called. The reader's built-in visitor, which
/// replays each game into a [`PdnGame`](super::PdnGame), is what
/// [`read_str`](super::read_str) and the iterators use.
///
/// Every method but `end_game` has a default that goes on.
///
/// ```
/// use std::ops::ControlFlow;
/// use turkish_draughts::pdn::{self, Location, Skip, Visitor};
///
/// /// Counts the moves of the main line and gathers the comments, skipping variations.
/// #[derive(Default)]
/// struct Count {
///     moves: usize,
///     comments: Vec<String>,
/// }
///
/// type Counted = (usize, Vec<String>);
///
/// impl Visitor for Count {
///     type Output = Counted;
///     fn begin_game(&mut self, _at: Location) -> ControlFlow<Counted> {
///         *self = Count::default();
///         ControlFlow::Continue(())
///     }
///     fn move_text(&mut self, _text: &str, _at: Location) -> ControlFlow<Counted> {
///         self.moves += 1;
///         ControlFlow::Continue(())
///     }
///     fn comment(&mut self, text: &str, _at: Location) -> ControlFlow<Counted> {
///         self.comments.push(text.to_string());
///         ControlFlow::Continue(())
///     }
///     fn begin_variation(&mut self, _at: Location) -> ControlFlow<Counted, Skip> {
///         ControlFlow::Continue(Skip(true))
///     }
///     fn end_game(&mut self) -> Counted {
///         (self.moves, std::mem::take(&mut self.comments))
///     }
/// }
///
/// let text = "1. c3-c4 {sharp} f6-f5 (1... f6-e6 {calm}) 2. d3-d4 *\n";
/// let mut games = pdn::read_str(text);
/// let (moves, comments) = games.read_game(&mut Count::default()).unwrap()?;
/// assert_eq!(moves, 3);
/// assert_eq!(comments, ["sharp"]);
/// assert!(games.read_game(&mut Count::default()).is_none());
/// # Ok::<(), pdn::PdnError>(())
/// ```
pub trait Visitor {
    /// What a game gives: from [`end_game`](Visitor::end_game), or from the method that
    /// answered `Break`.
    type Output;

    /// A game starts here, at its first token. `Break(output)` skips the whole game and gives
    /// `output` for it.
    ///
    /// ```
    /// use std::ops::ControlFlow;
    /// use turkish_draughts::pdn::{Location, Visitor};
    /// /// The line where each game starts, without reading the games.
    /// struct Line;
    /// impl Visitor for Line {
    ///     type Output = usize;
    ///     fn begin_game(&mut self, at: Location) -> ControlFlow<usize> {
    ///         ControlFlow::Break(at.line)
    ///     }
    ///     fn end_game(&mut self) -> usize {
    ///         unreachable!("every game breaks at its start")
    ///     }
    /// }
    /// let mut games = turkish_draughts::pdn::read_str("1. c3-c4 *\n\n[Event \"b\"]\n*\n");
    /// let mut lines = Vec::new();
    /// while let Some(game) = games.read_game(&mut Line) {
    ///     lines.push(game?);
    /// }
    /// assert_eq!(lines, [1, 3]);
    /// # Ok::<(), turkish_draughts::pdn::PdnError>(())
    /// ```
    fn begin_game(&mut self, at: Location) -> ControlFlow<Self::Output> {
        let _ = at;
        ControlFlow::Continue(())
    }

    /// A tag pair, its value with the escapes undone; `at` is where the value starts (after
    /// its opening quote).
    ///
    /// ```
    /// use std::ops::ControlFlow;
    /// use turkish_draughts::pdn::{self, Location, Visitor};
    /// /// The White tag, without reading further.
    /// struct White;
    /// impl Visitor for White {
    ///     type Output = Option<String>;
    ///     fn tag(&mut self, name: &str, value: &str, _at: Location) -> ControlFlow<Option<String>> {
    ///         if name == "White" {
    ///             return ControlFlow::Break(Some(value.to_string()));
    ///         }
    ///         ControlFlow::Continue(())
    ///     }
    ///     fn end_game(&mut self) -> Option<String> {
    ///         None
    ///     }
    /// }
    /// let text = "[White \"ayse\"]\n1. c3-c4 *";
    /// let white = pdn::read_str(text).read_game(&mut White).unwrap()?;
    /// assert_eq!(white.as_deref(), Some("ayse"));
    /// # Ok::<(), pdn::PdnError>(())
    /// ```
    fn tag(&mut self, name: &str, value: &str, at: Location) -> ControlFlow<Self::Output> {
        let _ = (name, value, at);
        ControlFlow::Continue(())
    }

    /// A move, as written, without its `!`/`?` suffix; in the main line or in a variation
    /// (between [`begin_variation`](Visitor::begin_variation) and
    /// [`end_variation`](Visitor::end_variation)).
    ///
    /// ```
    /// use std::ops::ControlFlow;
    /// use turkish_draughts::pdn::{self, Location, Visitor};
    /// struct Moves(Vec<(String, usize)>);
    /// impl Visitor for Moves {
    ///     type Output = Vec<(String, usize)>;
    ///     fn move_text(&mut self, text: &str, at: Location) -> ControlFlow<Self::Output> {
    ///         self.0.push((text.to_string(), at.column));
    ///         ControlFlow::Continue(())
    ///     }
    ///     fn end_game(&mut self) -> Self::Output {
    ///         std::mem::take(&mut self.0)
    ///     }
    /// }
    /// let moves = pdn::read_str("1. c3-c4! f6-f5 *").read_game(&mut Moves(vec![])).unwrap()?;
    /// assert_eq!(moves, [("c3-c4".to_string(), 4), ("f6-f5".to_string(), 11)]);
    /// # Ok::<(), pdn::PdnError>(())
    /// ```
    fn move_text(&mut self, text: &str, at: Location) -> ControlFlow<Self::Output> {
        let _ = (text, at);
        ControlFlow::Continue(())
    }

    /// A NAG as written: `$3`, or `!`, `?!`, ... (standing alone or as a move's suffix).
    ///
    /// ```
    /// use std::ops::ControlFlow;
    /// use turkish_draughts::pdn::{self, Location, Visitor};
    /// struct Nags(Vec<String>);
    /// impl Visitor for Nags {
    ///     type Output = Vec<String>;
    ///     fn nag(&mut self, text: &str, _at: Location) -> ControlFlow<Self::Output> {
    ///         self.0.push(text.to_string());
    ///         ControlFlow::Continue(())
    ///     }
    ///     fn end_game(&mut self) -> Self::Output {
    ///         std::mem::take(&mut self.0)
    ///     }
    /// }
    /// let nags = pdn::read_str("1. c3-c4!? $14 *").read_game(&mut Nags(vec![])).unwrap()?;
    /// assert_eq!(nags, ["!?", "$14"]);
    /// # Ok::<(), pdn::PdnError>(())
    /// ```
    fn nag(&mut self, text: &str, at: Location) -> ControlFlow<Self::Output> {
        let _ = (text, at);
        ControlFlow::Continue(())
    }

    /// A `{...}` comment: its text between the braces, as written; `at` is where the `{` is.
    ///
    /// ```
    /// use std::ops::ControlFlow;
    /// use turkish_draughts::pdn::{self, Location, Visitor};
    /// /// The first comment of a game, and where it is.
    /// struct First;
    /// impl Visitor for First {
    ///     type Output = Option<(String, Location)>;
    ///     fn comment(&mut self, text: &str, at: Location) -> ControlFlow<Self::Output> {
    ///         ControlFlow::Break(Some((text.to_string(), at)))
    ///     }
    ///     fn end_game(&mut self) -> Self::Output {
    ///         None
    ///     }
    /// }
    /// let first = pdn::read_str("1. c3-c4 { good } *").read_game(&mut First).unwrap()?;
    /// assert_eq!(first, Some((" good ".to_string(), Location::new(1, 10))));
    /// # Ok::<(), pdn::PdnError>(())
    /// ```
    fn comment(&mut self, text: &str, at: Location) -> ControlFlow<Self::Output> {
        let _ = (text, at);
        ControlFlow::Continue(())
    }

    /// A variation opens (`(`): the moves up to its
    /// [`end_variation`](Visitor::end_variation) are another line, starting from the
    /// position before the last move visited. `Continue(Skip(true))` skips it,
    /// `Continue(Skip(false))` visits it.
    ///
    /// ```
    /// use std::ops::ControlFlow;
    /// use turkish_draughts::pdn::{self, Location, Skip, Visitor};
    /// struct MainLine(usize);
    /// impl Visitor for MainLine {
    ///     type Output = usize;
    ///     fn move_text(&mut self, _text: &str, _at: Location) -> ControlFlow<usize> {
    ///         self.0 += 1;
    ///         ControlFlow::Continue(())
    ///     }
    ///     fn begin_variation(&mut self, _at: Location) -> ControlFlow<usize, Skip> {
    ///         ControlFlow::Continue(Skip(true))
    ///     }
    ///     fn end_game(&mut self) -> usize {
    ///         std::mem::take(&mut self.0)
    ///     }
    /// }
    /// let text = "1. c3-c4 (1. d3-d4 (1. b3-b4) f6-f5) f6-f5 *";
    /// assert_eq!(pdn::read_str(text).read_game(&mut MainLine(0)).unwrap()?, 2);
    /// # Ok::<(), pdn::PdnError>(())
    /// ```
    fn begin_variation(&mut self, at: Location) -> ControlFlow<Self::Output, Skip> {
        let _ = at;
        ControlFlow::Continue(Skip(false))
    }

    /// The variation opened last (and not skipped) closes (`)`).
    ///
    /// ```
    /// use std::ops::ControlFlow;
    /// use turkish_draughts::pdn::{self, Location, Skip, Visitor};
    /// /// The deepest nesting of variations.
    /// struct Depth(usize, usize);
    /// impl Visitor for Depth {
    ///     type Output = usize;
    ///     fn begin_variation(&mut self, _at: Location) -> ControlFlow<usize, Skip> {
    ///         self.0 += 1;
    ///         self.1 = self.1.max(self.0);
    ///         ControlFlow::Continue(Skip(false))
    ///     }
    ///     fn end_variation(&mut self) -> ControlFlow<usize> {
    ///         self.0 -= 1;
    ///         ControlFlow::Continue(())
    ///     }
    ///     fn end_game(&mut self) -> usize {
    ///         self.1
    ///     }
    /// }
    /// let text = "1. c3-c4 (1. d3-d4 (1. b3-b4)) f6-f5 *";
    /// assert_eq!(pdn::read_str(text).read_game(&mut Depth(0, 0)).unwrap()?, 2);
    /// # Ok::<(), pdn::PdnError>(())
    /// ```
    fn end_variation(&mut self) -> ControlFlow<Self::Output> {
        ControlFlow::Continue(())
    }

    /// The game's termination (outside variations): `2-0` and `1-0` are
    /// [`GameResult::WhiteWins`], `*` is [`GameResult::Ongoing`], and so on. The game ends
    /// here: [`end_game`](Visitor::end_game) follows, unless this answers `Break`.
    ///
    /// ```
    /// use std::ops::ControlFlow;
    /// use turkish_draughts::pdn::{self, Location, Visitor};
    /// use turkish_draughts::GameResult;
    /// struct Result;
    /// impl Visitor for Result {
    ///     type Output = Option<GameResult>;
    ///     fn termination(&mut self, result: GameResult, _at: Location) -> ControlFlow<Self::Output> {
    ///         ControlFlow::Break(Some(result))
    ///     }
    ///     fn end_game(&mut self) -> Self::Output {
    ///         None
    ///     }
    /// }
    /// let r = pdn::read_str("1. c3-c4 1/2-1/2").read_game(&mut Result).unwrap()?;
    /// assert_eq!(r, Some(GameResult::Draw));
    /// # Ok::<(), pdn::PdnError>(())
    /// ```
    fn termination(&mut self, result: GameResult, at: Location) -> ControlFlow<Self::Output> {
        let _ = (result, at);
        ControlFlow::Continue(())
    }

    /// The game has ended without an error, and no method answered `Break`: what the reader
    /// gives for it.
    ///
    /// ```
    /// use turkish_draughts::pdn::{self, Visitor};
    /// struct Unit;
    /// impl Visitor for Unit {
    ///     type Output = &'static str;
    ///     fn end_game(&mut self) -> &'static str {
    ///         "done"
    ///     }
    /// }
    /// assert_eq!(pdn::read_str("*").read_game(&mut Unit).unwrap()?, "done");
    /// # Ok::<(), pdn::PdnError>(())
    /// ```
    fn end_game(&mut self) -> Self::Output;
}

/// The visitor of `skip_game`: it breaks at the start of every game.
pub(crate) struct Skipper;

impl Visitor for Skipper {
    type Output = ();

    fn begin_game(&mut self, _at: Location) -> ControlFlow<()> {
        ControlFlow::Break(())
    }

    fn end_game(&mut self) {}
}
