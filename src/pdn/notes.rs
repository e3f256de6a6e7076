//! The annotations a [`PdnGame`](super::PdnGame) keeps: comments, NAGs and variations,
//! attached to their plies.

use alloc::string::String;
use alloc::vec::Vec;

/// What a game's text says after one ply (or before the first move): its NAGs, `{...}`
/// comments and variations, each in the order of the text. See
/// [`PdnGame::notes`](super::PdnGame::notes).
///
/// ```
/// use turkish_draughts::pdn;
/// let game = pdn::read_str("1. c3-c4! {good} $1 (1. d3-d4 {also}) f6-f5 *").next().unwrap()?;
/// let notes = game.notes_at(1).unwrap();
/// assert_eq!(notes.nags, ["!", "$1"]);
/// assert_eq!(notes.comments, ["good"]);
/// assert_eq!(notes.variations.len(), 1);
/// # Ok::<(), pdn::PdnError>(())
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub struct Notes {
    /// The NAGs, as written: `$1`, `!`, `?!`, ... (a move's `!`/`?` suffix included).
    pub nags: Vec<String>,
    /// The `{...}` comments, their text between the braces.
    pub comments: Vec<String>,
    /// The variations that follow the ply: other moves instead of it.
    pub variations: Vec<Variation>,
}

impl Notes {
    /// Whether there is nothing here.
    ///
    /// ```
    /// use turkish_draughts::pdn::Notes;
    /// assert!(Notes::default().is_empty());
    /// ```
    pub fn is_empty(&self) -> bool {
        self.nags.is_empty() && self.comments.is_empty() && self.variations.is_empty()
    }

    /// The bytes the notes hold on the heap, about (for the reader's limit).
    pub(crate) fn weight(node_text: usize) -> usize {
        node_text + 32
    }
}

/// A variation: what is written between `(` and `)`, in order. Its moves are the text as
/// written; they are checked for syntax only, not played.
///
/// ```
/// use turkish_draughts::pdn::{self, Node};
/// let game = pdn::read_str("1. c3-c4 (1. d3-d4 f6-f5 {ok}) *").next().unwrap()?;
/// let variation = &game.notes_at(1).unwrap().variations[0];
/// assert_eq!(
///     variation.nodes,
///     [Node::Move("d3-d4".into()), Node::Move("f6-f5".into()), Node::Comment("ok".into())]
/// );
/// # Ok::<(), pdn::PdnError>(())
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub struct Variation {
    /// The moves, NAGs, comments and inner variations, in order.
    pub nodes: Vec<Node>,
}

/// One thing in a [`Variation`].
///
/// ```
/// use turkish_draughts::pdn::Node;
/// assert_ne!(Node::Move("c3-c4".into()), Node::Nag("c3-c4".into()));
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Node {
    /// A move, as written, without its `!`/`?` suffix (which follows as a NAG).
    Move(String),
    /// A NAG, as written.
    Nag(String),
    /// A `{...}` comment's text.
    Comment(String),
    /// A variation inside this one.
    Variation(Variation),
}
