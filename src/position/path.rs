//! Landing paths from the position: the path of a move that holds none (a capture of more
//! than [`Move::MAX_PATH_HELD`] pieces), found by the capture search, and the move's text
//! with it.

use core::fmt;

use crate::moves::Path;
use crate::{Move, Position, UncheckedMove};

impl Position {
    /// A landing path of `mv`, a move of this position: the path the move holds (see
    /// [`Move::path`]), as it is; for a capture of more than [`Move::MAX_PATH_HELD`] pieces,
    /// which holds none, the first path of that move the capture search finds here. `None`
    /// only for such a capture that is not a legal move of this position (a move that holds
    /// its path is not checked: see [`is_legal`](Position::is_legal)).
    ///
    /// No move list is built; for a move that holds no path this takes the time of one
    /// [`legal_moves`](Position::legal_moves) call at most.
    ///
    /// ```
    /// use turkish_draughts::{Move, Position, RuleSet, Square};
    /// // A king takes 12 men in one move: too long a path for the move to hold.
    /// let pos = Position::from_fen(
    ///     "W:WKa1:Ba3,a6,c7,f7,h6,h3,f2,c2,c4,f4,f5,c5",
    ///     RuleSet::Default,
    /// )?;
    /// let m = pos.legal_moves()[0];
    /// assert_eq!(m.captured().count(), 12);
    /// assert_eq!(m.path(), None);
    /// let path = pos.path_of(&m).unwrap();
    /// assert_eq!(path.len(), 12);
    /// assert_eq!(path.last(), Some(&m.to()));
    /// let text = pos.move_text(&m).unwrap();
    /// assert_eq!(text.as_str(), "a1xa4xd4xh4xh7xe7xa7xa5xd5xh5xh2xe2xa2");
    /// assert_eq!(pos.parse_move(text.as_str())?, m);
    /// // Not a move of the start position.
    /// assert_eq!(Position::start().path_of(&m), None);
    ///
    /// // A move that holds its path gives it back.
    /// let m = Position::start().parse_move("d3-d4")?;
    /// assert_eq!(Position::start().path_of(&m).unwrap(), [Square::D4]);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn path_of(&self, mv: &Move) -> Option<Path> {
        if let Some(path) = mv.path() {
            return Some(path);
        }
        if !self.has_capture() {
            return None;
        }
        let found = self.resolve(mv.from(), Some(mv.to()), Some(mv.effect()), None);
        found.first_path
    }

    /// The text of `mv`, a move of this position, with a full landing path: its
    /// [`Display`](fmt::Display) for a move that holds its path; for one that does not (see
    /// [`Move::path`]), with the path [`path_of`](Position::path_of) finds. `None` when
    /// `path_of` is.
    ///
    /// ```
    /// use turkish_draughts::Position;
    /// let pos = Position::start();
    /// let m = pos.parse_move("d3-d4")?;
    /// assert_eq!(pos.move_text(&m).unwrap().as_str(), "d3-d4");
    /// # Ok::<(), turkish_draughts::ParseMoveError>(())
    /// ```
    pub fn move_text(&self, mv: &Move) -> Option<UncheckedMove> {
        let path = self.path_of(mv)?;
        Some(UncheckedMove::from_display(&WithPath(mv, path)))
    }

    /// [`path_of`](Position::path_of), or `mv`'s destination alone where that is `None`.
    pub(crate) fn path_here(&self, mv: &Move) -> Path {
        self.path_of(mv).unwrap_or_else(|| Path::new(&[], mv.to()))
    }

    /// `mv`, a move of this position, printed with a full landing path (see
    /// [`path_here`](Position::path_here)).
    #[cfg(feature = "alloc")]
    pub(crate) fn display_move<'a>(&self, mv: &'a Move) -> impl fmt::Display + 'a {
        WithPath(mv, self.path_here(mv))
    }
}

/// A move and a landing path of it, printed as its text.
struct WithPath<'a>(&'a Move, Path);

impl fmt::Display for WithPath<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.write_path(&self.1, f)
    }
}
