//! [`Move`] and [`MoveList`].

use core::cmp::Ordering;
use core::fmt;
use core::hash::{Hash, Hasher};
use core::ops::Deref;

use crate::setup::MAX_PIECES_UNLIMITED;
use crate::spill::{Spill, SpillIter};
use crate::{Bitboard, Square};

/// The most landing squares a move's path can hold: one per captured piece, and no side has
/// more than [`MAX_PIECES_UNLIMITED`] pieces.
pub(crate) const MAX_PATH: usize = MAX_PIECES_UNLIMITED as usize;

/// A legal move, as produced by a [`Position`](crate::Position).
///
/// A move is identified by its **result**: origin, destination, the set of captured squares
/// and whether the piece is crowned. `==`, `Hash` and `Ord` look at the result only. The move
/// also carries one representative landing path for display; two capture paths with the same
/// result are one move.
///
/// ```
/// use turkish_draughts::{Position, RuleSet, Square};
/// let pos = Position::from_fen("W:WKe4:Bf4,c4", RuleSet::Default)?;
/// let moves = pos.legal_moves();
/// assert_eq!(moves.len(), 4);
/// let m = moves.iter().find(|m| m.to() == Square::H4).unwrap();
/// assert_eq!(m.from(), Square::E4);
/// assert_eq!(m.captured(), Square::F4.bitboard());
/// assert!(!m.is_crowning());
/// assert_eq!(m.path(), [Square::H4]);
/// assert_eq!(m.to_string(), "e4xh4");
/// # Ok::<(), turkish_draughts::FenError>(())
/// ```
#[derive(Clone, Copy)]
pub struct Move {
    pub(crate) captured: Bitboard,
    pub(crate) from: Square,
    pub(crate) to: Square,
    pub(crate) crowned: bool,
    pub(crate) len: u8,
    pub(crate) path: [Square; MAX_PATH],
}

impl Move {
    pub(crate) const fn quiet(from: Square, to: Square, crowned: bool) -> Move {
        let mut path = [Square::A1; MAX_PATH];
        path[0] = to;
        Move {
            captured: Bitboard::EMPTY,
            from,
            to,
            crowned,
            len: 1,
            path,
        }
    }

    /// The square the moving piece starts from.
    ///
    /// ```
    /// use turkish_draughts::{Position, Square};
    /// let m = Position::start().parse_move("d3-d4")?;
    /// assert_eq!(m.from(), Square::D3);
    /// # Ok::<(), turkish_draughts::ParseMoveError>(())
    /// ```
    pub const fn from(&self) -> Square {
        self.from
    }

    /// The square the moving piece ends on. It may equal [`from`](Move::from) when a king
    /// captures round a loop.
    ///
    /// ```
    /// use turkish_draughts::{Position, Square};
    /// let m = Position::start().parse_move("d3-d4")?;
    /// assert_eq!(m.to(), Square::D4);
    /// # Ok::<(), turkish_draughts::ParseMoveError>(())
    /// ```
    pub const fn to(&self) -> Square {
        self.to
    }

    /// The squares of the pieces this move captures (empty for a quiet move).
    ///
    /// ```
    /// use turkish_draughts::{Position, RuleSet, Square};
    /// let pos = Position::from_fen("W:Wd4:Bd5", RuleSet::Default)?;
    /// let m = pos.parse_move("d4xd6")?;
    /// assert_eq!(m.captured(), Square::D5.bitboard());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub const fn captured(&self) -> Bitboard {
        self.captured
    }

    /// Whether the move captures.
    ///
    /// ```
    /// use turkish_draughts::Position;
    /// assert!(!Position::start().parse_move("a3-a4")?.is_capture());
    /// # Ok::<(), turkish_draughts::ParseMoveError>(())
    /// ```
    pub const fn is_capture(&self) -> bool {
        !self.captured.is_empty()
    }

    /// Whether the moving piece is a man that is a king after the move.
    ///
    /// ```
    /// use turkish_draughts::{Position, RuleSet};
    /// let pos = Position::from_fen("W:Wc7:Bh2", RuleSet::Default)?;
    /// assert!(pos.parse_move("c7-c8")?.is_crowning());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub const fn is_crowning(&self) -> bool {
        self.crowned
    }

    /// One landing path of the move: every square the piece lands on, in order, after
    /// [`from`](Move::from). For a quiet move it is just the destination. The last square is
    /// always [`to`](Move::to).
    ///
    /// ```
    /// use turkish_draughts::{Position, RuleSet, Square};
    /// let pos = Position::from_fen("B:Wb3,c4,d3,e5:Bc5,Kh8", RuleSet::Default)?;
    /// let m = pos.parse_move("c5xa3")?;
    /// assert_eq!(m.path(), [Square::C3, Square::A3]);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn path(&self) -> &[Square] {
        &self.path[..usize::from(self.len)]
    }

    fn key(&self) -> (Square, Square, Bitboard, bool) {
        (self.from, self.to, self.captured, self.crowned)
    }
}

impl PartialEq for Move {
    fn eq(&self, other: &Move) -> bool {
        self.key() == other.key()
    }
}

impl Eq for Move {}

impl Hash for Move {
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.key().hash(state);
    }
}

impl PartialOrd for Move {
    fn partial_cmp(&self, other: &Move) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for Move {
    /// Orders by origin, destination, captured set, then crowning.
    fn cmp(&self, other: &Move) -> Ordering {
        self.key().cmp(&other.key())
    }
}

impl fmt::Display for Move {
    /// The full landing path: `d3-d4` for a quiet move, `b3xd3xd5` for a capture.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.from)?;
        let sep = if self.is_capture() { 'x' } else { '-' };
        for sq in self.path() {
            write!(f, "{sep}{sq}")?;
        }
        Ok(())
    }
}

impl fmt::Debug for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Move({self}")?;
        if self.is_capture() {
            f.write_str(" {")?;
            for (i, sq) in self.captured.into_iter().enumerate() {
                if i > 0 {
                    f.write_str(",")?;
                }
                write!(f, "{sq}")?;
            }
            f.write_str("}")?;
        }
        if self.crowned {
            f.write_str(" crowned")?;
        }
        f.write_str(")")
    }
}

/// The legal moves of a position. It derefs to a slice of [`Move`]s.
///
/// # Capacity and allocation
///
/// The list holds up to [`MoveList::CAPACITY`] moves on the stack, without touching the heap.
///
/// * Quiet moves always fit: a man has at most 3 and a king at most 14 (a rook's moves on an
///   empty board), so 16 pieces have at most 16 x 14 = 224 quiet moves.
/// * Captures, distinct by result under the maximum-capture rule, have no small bound: the
///   captured *sets* vary combinatorially. A hill-climbing search
///   (`tools/worst-case-search`, results in `tests/data/worst-case-found.fen`) found a
///   position reachable under the piece limits with 1 904 distinct legal moves, and the
///   search itself may hold more moves of a shorter length before it finds the longest
///   capture. So no fixed capacity is proven. Past [`MoveList::CAPACITY`] the list moves to
///   the heap when the `alloc` feature is on (it is, through the default `std` feature); no
///   ordinary game position comes near it. Without `alloc`, overflow panics with a message:
///   it is never silent truncation.
///
/// ```
/// use turkish_draughts::Position;
/// let moves = Position::start().legal_moves();
/// assert_eq!(moves.len(), 8);
/// assert!(moves.iter().all(|m| !m.is_capture()));
/// ```
#[derive(Clone, Debug, Default)]
pub struct MoveList(Spill<Move, { MoveList::CAPACITY }>);

impl MoveList {
    /// The number of moves held on the stack; see the type's documentation.
    pub const CAPACITY: usize = 256;

    /// An empty list.
    ///
    /// ```
    /// use turkish_draughts::MoveList;
    /// assert!(MoveList::new().is_empty());
    /// ```
    pub fn new() -> MoveList {
        MoveList(Spill::default())
    }

    #[inline]
    pub(crate) fn push(&mut self, m: Move) {
        self.0.push(m);
    }

    #[inline]
    pub(crate) fn clear(&mut self) {
        self.0.clear();
    }
}

impl Deref for MoveList {
    type Target = [Move];
    fn deref(&self) -> &[Move] {
        self.0.as_slice()
    }
}

impl<'a> IntoIterator for &'a MoveList {
    type Item = &'a Move;
    type IntoIter = core::slice::Iter<'a, Move>;
    fn into_iter(self) -> Self::IntoIter {
        self.0.as_slice().iter()
    }
}

impl IntoIterator for MoveList {
    type Item = Move;
    type IntoIter = IntoIter;
    fn into_iter(self) -> IntoIter {
        IntoIter(self.0.into_iter())
    }
}

/// The moves of a [`MoveList`], by value.
///
/// ```
/// use turkish_draughts::Position;
/// let n = Position::start().legal_moves().into_iter().filter(|m| !m.is_capture()).count();
/// assert_eq!(n, 8);
/// ```
#[derive(Clone, Debug)]
pub struct IntoIter(SpillIter<Move, { MoveList::CAPACITY }>);

impl Iterator for IntoIter {
    type Item = Move;
    fn next(&mut self) -> Option<Move> {
        self.0.next()
    }
    fn size_hint(&self) -> (usize, Option<usize>) {
        self.0.size_hint()
    }
}

impl ExactSizeIterator for IntoIter {}
impl core::iter::FusedIterator for IntoIter {}
