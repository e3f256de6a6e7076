//! [`Visitor`]: what the reader finds in a game, handed to the caller's methods as it is
//! read, without replaying the moves.

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

/// What a [`Visitor`] method tells the reader to do next.
///
/// ```
/// use turkish_draughts::pdn::Control;
/// assert_eq!(Control::default(), Control::Continue);
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Control {
    /// Go on.
    #[default]
    Continue,
    /// From [`Visitor::begin_variation`]: skip this variation (its content and its
    /// [`end_variation`](Visitor::end_variation) are not visited). From any other method,
    /// the same as [`Continue`](Control::Continue).
    Skip,
    /// Visit nothing more of this game: the reader finds where the game ends without
    /// looking for errors, then calls [`end_game`](Visitor::end_game).
    Stop,
}

/// The caller's side of [`Reader::read_game`](super::Reader::read_game) and
/// [`Games::read_game`](super::Games::read_game): each game's tags, moves, comments, NAGs,
/// variations and termination, in the order of the text, with where each starts. The moves
/// are the text as written (a `!`/`?` suffix goes to [`nag`](Visitor::nag) after its move);
/// the visitor replays them if it wants to. Move numbers and `;` and `%` comments are not
/// visited.
///
/// Every game starts with [`begin_game`](Visitor::begin_game). A game read to its end gives
/// `Ok` with what [`end_game`](Visitor::end_game) returns; a game with an error in its text
/// (found before a method returned [`Control::Stop`]) gives `Err` with the first one, and
/// `end_game` is not called. The reader's built-in visitor, which replays each game into a
/// [`PdnGame`](super::PdnGame), is what [`read_str`](super::read_str) and the iterators use.
///
/// Every method but `end_game` has a default that goes on.
///
/// ```
/// use turkish_draughts::pdn::{self, Control, Location, Visitor};
/// use turkish_draughts::GameResult;
///
/// /// Counts the moves of the main line and gathers the comments, skipping variations.
/// #[derive(Default)]
/// struct Count {
///     moves: usize,
///     depth: usize,
///     comments: Vec<String>,
/// }
///
/// impl Visitor for Count {
///     type Output = (usize, Vec<String>);
///     fn begin_game(&mut self, _at: Location) -> Control {
///         *self = Count::default();
///         Control::Continue
///     }
///     fn move_text(&mut self, _text: &str, _at: Location) -> Control {
///         self.moves += 1;
///         Control::Continue
///     }
///     fn comment(&mut self, text: &str, _at: Location) -> Control {
///         self.comments.push(text.to_string());
///         Control::Continue
///     }
///     fn begin_variation(&mut self, _at: Location) -> Control {
///         Control::Skip
///     }
///     fn end_game(&mut self) -> Self::Output {
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
    /// What a game read to its end gives.
    type Output;

    /// A game starts here, at its first token. [`Control::Stop`] skips the whole game.
    ///
    /// ```
    /// use turkish_draughts::pdn::{Control, Location, Visitor};
    /// struct Lines(Vec<usize>);
    /// impl Visitor for Lines {
    ///     type Output = ();
    ///     fn begin_game(&mut self, at: Location) -> Control {
    ///         self.0.push(at.line);
    ///         Control::Stop
    ///     }
    ///     fn end_game(&mut self) {}
    /// }
    /// let mut lines = Lines(Vec::new());
    /// let mut games = turkish_draughts::pdn::read_str("1. c3-c4 *\n\n[Event \"b\"]\n*\n");
    /// while let Some(game) = games.read_game(&mut lines) {
    ///     game?;
    /// }
    /// assert_eq!(lines.0, [1, 3]);
    /// # Ok::<(), turkish_draughts::pdn::PdnError>(())
    /// ```
    fn begin_game(&mut self, at: Location) -> Control {
        let _ = at;
        Control::Continue
    }

    /// A tag pair, its value with the escapes undone; `at` is where the value starts (after
    /// its opening quote).
    ///
    /// ```
    /// use turkish_draughts::pdn::{self, Control, Location, Visitor};
    /// struct White(Option<String>);
    /// impl Visitor for White {
    ///     type Output = Option<String>;
    ///     fn tag(&mut self, name: &str, value: &str, _at: Location) -> Control {
    ///         if name == "White" {
    ///             self.0 = Some(value.to_string());
    ///         }
    ///         Control::Continue
    ///     }
    ///     fn end_game(&mut self) -> Option<String> {
    ///         self.0.take()
    ///     }
    /// }
    /// let text = "[White \"ayse\"]\n1. c3-c4 *";
    /// let white = pdn::read_str(text).read_game(&mut White(None)).unwrap()?;
    /// assert_eq!(white.as_deref(), Some("ayse"));
    /// # Ok::<(), pdn::PdnError>(())
    /// ```
    fn tag(&mut self, name: &str, value: &str, at: Location) -> Control {
        let _ = (name, value, at);
        Control::Continue
    }

    /// A move, as written, without its `!`/`?` suffix; in the main line or in a variation
    /// (between [`begin_variation`](Visitor::begin_variation) and
    /// [`end_variation`](Visitor::end_variation)).
    ///
    /// ```
    /// use turkish_draughts::pdn::{self, Control, Location, Visitor};
    /// struct Moves(Vec<(String, usize)>);
    /// impl Visitor for Moves {
    ///     type Output = Vec<(String, usize)>;
    ///     fn move_text(&mut self, text: &str, at: Location) -> Control {
    ///         self.0.push((text.to_string(), at.column));
    ///         Control::Continue
    ///     }
    ///     fn end_game(&mut self) -> Self::Output {
    ///         std::mem::take(&mut self.0)
    ///     }
    /// }
    /// let moves = pdn::read_str("1. c3-c4! f6-f5 *").read_game(&mut Moves(vec![])).unwrap()?;
    /// assert_eq!(moves, [("c3-c4".to_string(), 4), ("f6-f5".to_string(), 11)]);
    /// # Ok::<(), pdn::PdnError>(())
    /// ```
    fn move_text(&mut self, text: &str, at: Location) -> Control {
        let _ = (text, at);
        Control::Continue
    }

    /// A NAG as written: `$3`, or `!`, `?!`, ... (standing alone or as a move's suffix).
    ///
    /// ```
    /// use turkish_draughts::pdn::{self, Control, Location, Visitor};
    /// struct Nags(Vec<String>);
    /// impl Visitor for Nags {
    ///     type Output = Vec<String>;
    ///     fn nag(&mut self, text: &str, _at: Location) -> Control {
    ///         self.0.push(text.to_string());
    ///         Control::Continue
    ///     }
    ///     fn end_game(&mut self) -> Self::Output {
    ///         std::mem::take(&mut self.0)
    ///     }
    /// }
    /// let nags = pdn::read_str("1. c3-c4!? $14 *").read_game(&mut Nags(vec![])).unwrap()?;
    /// assert_eq!(nags, ["!?", "$14"]);
    /// # Ok::<(), pdn::PdnError>(())
    /// ```
    fn nag(&mut self, text: &str, at: Location) -> Control {
        let _ = (text, at);
        Control::Continue
    }

    /// A `{...}` comment: its text between the braces, as written; `at` is where the `{` is.
    ///
    /// ```
    /// use turkish_draughts::pdn::{self, Control, Location, Visitor};
    /// struct First(Option<(String, Location)>);
    /// impl Visitor for First {
    ///     type Output = Option<(String, Location)>;
    ///     fn comment(&mut self, text: &str, at: Location) -> Control {
    ///         self.0 = Some((text.to_string(), at));
    ///         Control::Stop
    ///     }
    ///     fn end_game(&mut self) -> Self::Output {
    ///         self.0.take()
    ///     }
    /// }
    /// let first = pdn::read_str("1. c3-c4 { good } *").read_game(&mut First(None)).unwrap()?;
    /// assert_eq!(first, Some((" good ".to_string(), Location::new(1, 10))));
    /// # Ok::<(), pdn::PdnError>(())
    /// ```
    fn comment(&mut self, text: &str, at: Location) -> Control {
        let _ = (text, at);
        Control::Continue
    }

    /// A variation opens (`(`): the moves up to its
    /// [`end_variation`](Visitor::end_variation) are another line, starting from the
    /// position before the last move visited. [`Control::Skip`] skips it.
    ///
    /// ```
    /// use turkish_draughts::pdn::{self, Control, Location, Visitor};
    /// struct MainLine(usize);
    /// impl Visitor for MainLine {
    ///     type Output = usize;
    ///     fn move_text(&mut self, _text: &str, _at: Location) -> Control {
    ///         self.0 += 1;
    ///         Control::Continue
    ///     }
    ///     fn begin_variation(&mut self, _at: Location) -> Control {
    ///         Control::Skip
    ///     }
    ///     fn end_game(&mut self) -> usize {
    ///         std::mem::take(&mut self.0)
    ///     }
    /// }
    /// let text = "1. c3-c4 (1. d3-d4 (1. b3-b4) f6-f5) f6-f5 *";
    /// assert_eq!(pdn::read_str(text).read_game(&mut MainLine(0)).unwrap()?, 2);
    /// # Ok::<(), pdn::PdnError>(())
    /// ```
    fn begin_variation(&mut self, at: Location) -> Control {
        let _ = at;
        Control::Continue
    }

    /// The variation opened last (and not skipped) closes (`)`).
    ///
    /// ```
    /// use turkish_draughts::pdn::{self, Control, Location, Visitor};
    /// struct Depth(usize, usize);
    /// impl Visitor for Depth {
    ///     type Output = usize;
    ///     fn begin_variation(&mut self, _at: Location) -> Control {
    ///         self.0 += 1;
    ///         self.1 = self.1.max(self.0);
    ///         Control::Continue
    ///     }
    ///     fn end_variation(&mut self) -> Control {
    ///         self.0 -= 1;
    ///         Control::Continue
    ///     }
    ///     fn end_game(&mut self) -> usize {
    ///         self.1
    ///     }
    /// }
    /// let text = "1. c3-c4 (1. d3-d4 (1. b3-b4)) f6-f5 *";
    /// assert_eq!(pdn::read_str(text).read_game(&mut Depth(0, 0)).unwrap()?, 2);
    /// # Ok::<(), pdn::PdnError>(())
    /// ```
    fn end_variation(&mut self) -> Control {
        Control::Continue
    }

    /// The game's termination (outside variations): `2-0` and `1-0` are
    /// [`GameResult::WhiteWins`], `*` is [`GameResult::Ongoing`], and so on. The game ends
    /// here; [`end_game`](Visitor::end_game) follows.
    ///
    /// ```
    /// use turkish_draughts::pdn::{self, Control, Location, Visitor};
    /// use turkish_draughts::GameResult;
    /// struct Result(Option<GameResult>);
    /// impl Visitor for Result {
    ///     type Output = Option<GameResult>;
    ///     fn termination(&mut self, result: GameResult, _at: Location) -> Control {
    ///         self.0 = Some(result);
    ///         Control::Continue
    ///     }
    ///     fn end_game(&mut self) -> Self::Output {
    ///         self.0.take()
    ///     }
    /// }
    /// let r = pdn::read_str("1. c3-c4 1/2-1/2").read_game(&mut Result(None)).unwrap()?;
    /// assert_eq!(r, Some(GameResult::Draw));
    /// # Ok::<(), pdn::PdnError>(())
    /// ```
    fn termination(&mut self, result: GameResult, at: Location) -> Control {
        let _ = (result, at);
        Control::Continue
    }

    /// The game has ended without an error (or a method returned [`Control::Stop`]): what
    /// the reader gives for it.
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

/// The visitor of [`skip_game`](super::Reader::skip_game): it stops at the start of every
/// game.
pub(crate) struct Skipper;

impl Visitor for Skipper {
    type Output = ();

    fn begin_game(&mut self, _at: Location) -> Control {
        Control::Stop
    }

    fn end_game(&mut self) {}
}
