//! Moves: [`Move`] itself (this file), the [`MoveList`] that move generation fills
//! (`list`), and the unpacked landing [`Path`] (`path`).

use core::cmp::Ordering;
use core::fmt;
use core::hash::{Hash, Hasher};

use crate::setup::MAX_PIECES_UNLIMITED;
use crate::{Bitboard, Square};

mod list;
mod path;

pub use self::list::{IntoIter, MoveList};
pub use self::path::Path;

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
/// It carries, too, what playing it changes on the board of the position it was made in
/// (which pieces, which of them kings), so that
/// [`Position::after_unchecked`](crate::Position::after_unchecked) and
/// [`play_unchecked`](crate::Position::play_unchecked) are a few bit operations; they take
/// moves of that position only. [`Position::try_play`](crate::Position::try_play) accepts any
/// move with a legal result there and plays it with that position's pieces.
///
/// # Size and landing paths
///
/// A move is 32 bytes (`size_of::<Move>() == 32`): what it changes on the board (three
/// 8-byte masks), then its origin, destination, crowning and side to move, and the landing
/// path of a capture of up to [`Move::MAX_PATH_HELD`] = 11 pieces. No capture of a game
/// takes more, in practice: captures of more pieces come from composed positions. A
/// capture of more pieces holds no path: its [`path`](Move::path) is `None`, and its
/// position gives one, [`Position::path_of`](crate::Position::path_of).
///
/// ```
/// use turkish_draughts::{Move, Position, RuleSet, Square};
/// let pos = Position::from_fen("W:WKe4:Bf4,c4", RuleSet::Default)?;
/// let moves = pos.legal_moves();
/// assert_eq!(moves.len(), 4);
/// let m = moves.iter().find(|m| m.to() == Square::H4).unwrap();
/// assert_eq!(m.from(), Square::E4);
/// assert_eq!(m.captured(), Square::F4.bitboard());
/// assert!(!m.is_crowning());
/// assert_eq!(m.path().unwrap(), [Square::H4]);
/// assert_eq!(m.to_string(), "e4xh4");
/// assert_eq!(size_of::<Move>(), 32);
/// # Ok::<(), turkish_draughts::FenError>(())
/// ```
// The fields are in this order (`repr(C)`) so that a move is two 16-byte pairs: the sides'
// masks `dw` and `db`, then `info` and `dk`. A man's step is written as two 16-byte table
// entries; playing reads `dw` and `db` as one 16-byte pair.
#[derive(Clone, Copy)]
#[repr(C)]
pub struct Move {
    /// What playing the move changes, as XOR masks of the board's three sets: White's
    /// pieces (`dw`), Black's pieces (`db`) and the kings (`dk`) (see [`Move::deltas`]).
    /// Playing a move is three XORs. The opponent's mask is the captured set.
    dw: u64,
    db: u64,
    /// The low [`META_BITS`] bits are the `meta` word (see [`Move::meta`]): the origin (bits
    /// 0 to 5), the destination (bits 6 to 11), crowning (bit 12) and the side that moves
    /// (bit 13: Black), compared with one comparison. Above them, the landing path before
    /// [`to`](Move::to), as hops of 5 bits each (see [`Move::hop`]): hop `i` at bit
    /// `META_BITS + 5 i`, for the [`HELD_HOPS`] hops of a path of up to
    /// [`Move::MAX_PATH_HELD`] landings (one per captured piece). A longer path is not held:
    /// its hops are 0.
    info: u64,
    dk: u64,
}

/// The bits of [`Move::meta`] at the bottom of `Move::info`.
const META_BITS: u32 = 14;

/// The hops a move holds: those of a path of [`Move::MAX_PATH_HELD`] landings (the hops
/// before the last landing), 5 bits each above the `meta` word.
const HELD_HOPS: usize = Move::MAX_PATH_HELD - 1;

const _: () = assert!(META_BITS as usize + 5 * HELD_HOPS <= 64);

/// The hop codes of [`Move::hop`] for every pair of squares (pairs on no common rank or
/// file, which no path has, get some code: it is never read back).
static HOPS: [[u8; 64]; 64] = hop_table();

const fn hop_table() -> [[u8; 64]; 64] {
    let mut t = [[0u8; 64]; 64];
    let mut a = 0;
    while a < 64 {
        let mut b = 0;
        while b < 64 {
            let d = b as i32 - a as i32;
            let (dir, dist) = if a >> 3 == b >> 3 {
                if d > 0 { (1, d) } else { (3, -d) }
            } else if d > 0 {
                (0, d >> 3)
            } else {
                (2, (-d) >> 3)
            };
            let dist = if dist < 1 {
                1
            } else if dist > 8 {
                8
            } else {
                dist
            };
            t[a][b] = (dir | (dist - 1) << 2) as u8;
            b += 1;
        }
        a += 1;
    }
    t
}

/// Square steps of the hop directions: north, east, south, west.
const STEP: [i8; 4] = [8, 1, -8, -1];

impl Move {
    /// The longest landing path a move holds: that of a capture of 11 pieces (see
    /// [`Move::path`]). Its hops before the last landing take 50 of the move's bits.
    ///
    /// ```
    /// use turkish_draughts::Move;
    /// assert_eq!(Move::MAX_PATH_HELD, 11);
    /// ```
    pub const MAX_PATH_HELD: usize = 11;

    /// Where the destination's index starts in [`Move::meta`].
    pub(crate) const TO_SHIFT: u32 = 6;

    /// The bit of [`Move::meta`] that says the man is crowned.
    const CROWNED: u32 = 1 << 12;

    /// The bit of [`Move::meta`] that says Black moves.
    const BLACK: u32 = 1 << 13;

    /// The XOR masks of a move of the side `black` from `from` to `to` (one square each)
    /// capturing `captured`, on a board whose kings are `kings`: the mover's pieces change by
    /// `from ^ to` (nothing for a king that captures round a loop), the opponent's by
    /// `captured`, and the kings by the captured kings, the mover's origin if it is a king,
    /// and its destination if it is a king after the move. In the board's order: White,
    /// Black, kings.
    #[inline(always)]
    pub(crate) const fn deltas(
        black: bool,
        kings: u64,
        from: u64,
        to: u64,
        captured: u64,
        crowned: bool,
    ) -> [u64; 3] {
        let king_after = kings & from != 0 || crowned;
        let moved = from ^ to;
        // `to` is among the kings before the move only where a captured king stood, or for a
        // king back on its own square; both are in `captured | from`.
        let dk = (kings & (captured | from)) ^ if king_after { to } else { 0 };
        Move::board_order(black, moved, captured, dk)
    }

    /// The masks of a move of the side `black` in the board's order (White, Black, kings),
    /// from the mover's mask `moved`, the captured set (the opponent's mask) and the kings'
    /// mask `dk`.
    #[inline(always)]
    pub(crate) const fn board_order(black: bool, moved: u64, captured: u64, dk: u64) -> [u64; 3] {
        if black {
            [captured, moved, dk]
        } else {
            [moved, captured, dk]
        }
    }

    /// A move with the result given by `meta` (see [`Move::meta`]) and `delta`, no hops
    /// (a quiet move, or a capture whose path is its destination alone).
    #[inline(always)]
    pub(crate) const fn from_parts(meta: u32, delta: [u64; 3]) -> Move {
        let [dw, db, dk] = delta;
        Move {
            dw,
            db,
            info: meta as u64,
            dk,
        }
    }

    /// A move without hops from two 16-byte halves: `[dw, db]` (White's and Black's masks)
    /// and `[meta, dk]` (the `meta` word, see [`Move::meta`], and the kings' mask).
    #[inline(always)]
    pub(crate) const fn from_halves(sides: [u64; 2], meta_kings: [u64; 2]) -> Move {
        Move {
            dw: sides[0],
            db: sides[1],
            info: meta_kings[0],
            dk: meta_kings[1],
        }
    }

    /// A move with the result given by `meta` (see [`Move::meta`]) and `delta`, and a path
    /// of at most [`Move::MAX_PATH_HELD`] landings whose hops before the last (see
    /// [`Move::hop`], hop `i` at bit `5 i`) are `hops`.
    #[inline(always)]
    pub(crate) const fn with_hops(meta: u32, delta: [u64; 3], hops: u64) -> Move {
        let mut m = Move::from_parts(meta, delta);
        m.info |= hops << META_BITS;
        m
    }

    /// A quiet move of the side `black` on a board whose kings are `kings`.
    pub(crate) const fn quiet(
        black: bool,
        kings: u64,
        from: Square,
        to: Square,
        crowned: bool,
    ) -> Move {
        let meta = Move::meta(black, from.index() as u32, to.index() as u32, crowned);
        let (f, t) = (from.bitboard().to_u64(), to.bitboard().to_u64());
        Move::from_parts(meta, Move::deltas(black, kings, f, t, 0, crowned))
    }

    /// This move as played by the side `black` on a board whose kings are `kings`: the same
    /// result and path, the masks worked out again (a move of another position with the same
    /// result may carry other masks).
    #[inline]
    pub(crate) const fn rebased(self, black: bool, kings: u64) -> Move {
        let (from, to) = (1u64 << self.origin_index(), 1u64 << self.dest_index());
        let info = self.info & !(Move::BLACK as u64) | if black { Move::BLACK as u64 } else { 0 };
        let captured = self.captured().to_u64();
        let [dw, db, dk] = Move::deltas(black, kings, from, to, captured, self.is_crowning());
        Move { dw, db, info, dk }
    }

    /// Whether `other` has the same packed landing path (the results are compared apart).
    #[inline]
    pub(crate) fn same_path(&self, other: &Move) -> bool {
        self.info >> META_BITS == other.info >> META_BITS
    }

    /// The `meta` word of a move of the side `black` from `from` to `to` (indices 0 to 63).
    #[inline(always)]
    pub(crate) const fn meta(black: bool, from: u32, to: u32, crowned: bool) -> u32 {
        (from & 63)
            | (to & 63) << Move::TO_SHIFT
            | if crowned { Move::CROWNED } else { 0 }
            | if black { Move::BLACK } else { 0 }
    }

    /// Whether this move has the result given by a `meta` word and a captured set.
    #[inline(always)]
    pub(crate) fn has_result(&self, meta: u32, captured: u64) -> bool {
        self.meta_bits() == meta && self.captured().to_u64() == captured
    }

    /// The XOR masks of White's pieces, Black's pieces and the kings (see [`Move::deltas`]).
    #[inline(always)]
    pub(crate) const fn delta(&self) -> [u64; 3] {
        [self.dw, self.db, self.dk]
    }

    /// The `meta` word (see [`Move::meta`]).
    #[inline(always)]
    const fn meta_bits(&self) -> u32 {
        self.info as u32 & ((1 << META_BITS) - 1)
    }

    /// The index (0 to 63) of the origin.
    #[inline(always)]
    pub(crate) const fn origin_index(&self) -> u8 {
        self.info as u8 & 63
    }

    /// The index (0 to 63) of the destination.
    #[inline(always)]
    pub(crate) const fn dest_index(&self) -> u8 {
        (self.info >> Move::TO_SHIFT) as u8 & 63
    }

    /// A capture by the side `black` on a board whose kings are `kings`, with the landing
    /// squares `before` ahead of its last one, `to`. `before` has one square fewer than
    /// `captured`, and each landing is on the rank or file of the one before it (as every
    /// legal capture path is). A path of more than [`Move::MAX_PATH_HELD`] landings is not
    /// kept.
    #[inline]
    pub(crate) fn capture(
        black: bool,
        kings: u64,
        from: Square,
        to: Square,
        captured: Bitboard,
        crowned: bool,
        before: &[Square],
    ) -> Move {
        let from = u32::from(from.index());
        let proto = CaptureMoves::new(black, kings, from, captured.to_u64(), crowned, before);
        proto.ending_on(u32::from(to.index()))
    }

    /// This move with the landing squares `before` ahead of its last one (see
    /// [`Move::capture`]): the hops from the origin through `before`, if the path is one the
    /// move holds (at most [`Move::MAX_PATH_HELD`] landings); none otherwise.
    #[inline]
    pub(crate) fn with_path(mut self, before: &[Square]) -> Move {
        self.info &= (1 << META_BITS) - 1;
        if before.len() > HELD_HOPS {
            return self;
        }
        let mut at = self.from();
        let mut hops = 0u64;
        for (i, &next) in before.iter().enumerate() {
            hops |= u64::from(Move::hop(at, next)) << (5 * i);
            at = next;
        }
        self.info |= hops << META_BITS;
        self
    }

    /// The 5-bit code of the hop from `a` to `b` on one rank or file: the direction (north,
    /// east, south, west) in the low two bits, the distance minus one above. A table look-up.
    #[inline(always)]
    fn hop(a: Square, b: Square) -> u32 {
        u32::from(HOPS[usize::from(a.index())][usize::from(b.index())])
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
        Square::ALL[self.origin_index() as usize & 63]
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
        Square::ALL[self.dest_index() as usize & 63]
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
        // The opponent's mask: White's when Black moves.
        Bitboard::from_u64(if self.meta_bits() & Move::BLACK == 0 {
            self.db
        } else {
            self.dw
        })
    }

    /// Whether the move captures.
    ///
    /// ```
    /// use turkish_draughts::Position;
    /// assert!(!Position::start().parse_move("a3-a4")?.is_capture());
    /// # Ok::<(), turkish_draughts::ParseMoveError>(())
    /// ```
    pub const fn is_capture(&self) -> bool {
        !self.captured().is_empty()
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
        self.meta_bits() & Move::CROWNED != 0
    }

    /// Whether the move holds its landing path: every move but a capture of more than
    /// [`Move::MAX_PATH_HELD`] pieces (see [`Move::path`]).
    ///
    /// ```
    /// use turkish_draughts::Position;
    /// assert!(Position::start().parse_move("a3-a4")?.has_path());
    /// # Ok::<(), turkish_draughts::ParseMoveError>(())
    /// ```
    pub const fn has_path(&self) -> bool {
        self.captured().count() as usize <= Move::MAX_PATH_HELD
    }

    /// One landing path of the move: every square the piece lands on, in order, after
    /// [`from`](Move::from). For a quiet move it is just the destination. The last square is
    /// always [`to`](Move::to). The move keeps its path packed; this unpacks it into a
    /// [`Path`], which derefs to a slice of squares.
    ///
    /// `None` for a capture of more than [`Move::MAX_PATH_HELD`] pieces, whose path the move
    /// does not hold (see [`has_path`](Move::has_path)): the position the move was made in
    /// gives one, [`Position::path_of`](crate::Position::path_of).
    ///
    /// ```
    /// use turkish_draughts::{Position, RuleSet, Square};
    /// let pos = Position::from_fen("B:Wb3,c4,d3,e5:Bc5,Kh8", RuleSet::Default)?;
    /// let m = pos.parse_move("c5xa3")?;
    /// assert_eq!(m.path().unwrap(), [Square::C3, Square::A3]);
    /// assert_eq!(m.path().unwrap().len(), 2);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn path(&self) -> Option<Path> {
        if !self.has_path() {
            return None;
        }
        let mut path = Path {
            squares: [Square::A1; MAX_PATH],
            len: 0,
        };
        let landings = (self.captured().count() as usize).max(1);
        let mut hops = self.info >> META_BITS;
        let mut at = i32::from(self.origin_index());
        for sq in &mut path.squares[..landings - 1] {
            let code = hops as u32 & 31;
            hops >>= 5;
            let dist = (code >> 2) as i32 + 1;
            at = (at + i32::from(STEP[(code & 3) as usize]) * dist) & 63;
            *sq = Square::ALL[at as usize];
        }
        path.squares[landings - 1] = self.to();
        path.len = landings as u8;
        Some(path)
    }

    /// What the move does: its destination, the pieces it captures and whether it crowns.
    pub(crate) fn effect(&self) -> Effect {
        Effect {
            to: self.to(),
            captured: self.captured(),
            crowned: self.is_crowning(),
        }
    }

    /// What identifies the move: its origin and what it does.
    fn key(&self) -> (Square, Effect) {
        (self.from(), self.effect())
    }
}

/// What a move does, apart from where it starts: the square it ends on, the pieces it
/// captures and whether it crowns. With the origin it identifies the move (two capture paths
/// with the same effect are one move); ordered by destination, captured set, then crowning.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub(crate) struct Effect {
    /// Where the piece stops.
    pub(crate) to: Square,
    /// The pieces it captures.
    pub(crate) captured: Bitboard,
    /// Whether a man becomes a king.
    pub(crate) crowned: bool,
}

/// The captures from one square with one captured set, one crowning and one path ahead of
/// the last landing, which differ only in their destination (the landing squares of a king's
/// last jump): what they share is worked out once.
pub(crate) struct CaptureMoves {
    /// The move, but for its destination: the mover's mask holds the origin alone, the
    /// kings' mask does not have the destination, `meta` has destination 0.
    proto: Move,
    /// Where the destination's bit goes, as masks to AND it with: the mover's mask (White's
    /// or Black's) and, for a piece that is a king after the move, the kings'.
    to_w: u64,
    to_b: u64,
    to_k: u64,
}

impl CaptureMoves {
    /// See [`Move::capture`]; `from` is a square index.
    #[inline]
    pub(crate) fn new(
        black: bool,
        kings: u64,
        from: u32,
        captured: u64,
        crowned: bool,
        before: &[Square],
    ) -> CaptureMoves {
        let f = crate::geometry::BIT[from as usize & 63];
        // The masks of `Move::deltas` without the destination's bit, which `ending_on` adds to
        // the mover's mask and, for a king after the move, to the kings'.
        let delta = Move::board_order(black, f, captured, kings & (captured | f));
        let proto = Move::from_parts(Move::meta(black, from, 0, crowned), delta).with_path(before);
        let all = |on: bool| if on { u64::MAX } else { 0 };
        CaptureMoves {
            proto,
            to_w: all(!black),
            to_b: all(black),
            to_k: all(kings & f != 0 || crowned),
        }
    }

    /// The capture that ends on the square of index `to`.
    #[inline(always)]
    pub(crate) fn ending_on(&self, to: u32) -> Move {
        let t = crate::geometry::BIT[to as usize & 63];
        let mut m = self.proto;
        m.dw ^= t & self.to_w;
        m.db ^= t & self.to_b;
        m.dk ^= t & self.to_k;
        m.info |= u64::from(to & 63) << Move::TO_SHIFT;
        m
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

impl Move {
    /// Writes the move's text with the landing path `path` (see [`Display`](fmt::Display)).
    pub(crate) fn write_path(&self, path: &[Square], f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.from())?;
        let sep = if self.is_capture() { 'x' } else { '-' };
        for sq in path {
            write!(f, "{sep}{sq}")?;
        }
        Ok(())
    }
}

impl fmt::Display for Move {
    /// The full landing path: `d3-d4` for a quiet move, `b3xd3xd5` for a capture. A capture
    /// that holds no path (more than [`Move::MAX_PATH_HELD`] pieces) prints as its origin and
    /// destination, `b3xd5`, the short form that
    /// [`Position::parse_move`](crate::Position::parse_move) reads when no other legal move
    /// has them; [`Position::move_text`](crate::Position::move_text) prints it in full.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.path() {
            Some(path) => self.write_path(&path, f),
            None => self.write_path(&[self.to()], f),
        }
    }
}

impl fmt::Debug for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Move({self}")?;
        if self.is_capture() {
            f.write_str(" {")?;
            for (i, sq) in self.captured().into_iter().enumerate() {
                if i > 0 {
                    f.write_str(",")?;
                }
                write!(f, "{sq}")?;
            }
            f.write_str("}")?;
        }
        if self.is_crowning() {
            f.write_str(" crowned")?;
        }
        f.write_str(")")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The longest path a move holds ([`Move::MAX_PATH_HELD`] landings) comes back square
    /// for square, at every distance from 1 to 7 and in every direction; a longer one is not
    /// held, and the rest of the move is the same.
    #[test]
    fn longest_held_paths_unpack_exactly() {
        let cycle = [Square::A8, Square::H8, Square::H1, Square::A1];
        let steps = [Square::A2, Square::B2, Square::B1, Square::A1];
        for pattern in [cycle, steps] {
            for len in [Move::MAX_PATH_HELD, Move::MAX_PATH_HELD + 1, MAX_PATH] {
                let mut path = [Square::A1; MAX_PATH];
                for (i, sq) in path.iter_mut().enumerate() {
                    *sq = pattern[i % 4];
                }
                let path = &path[..len];
                let captured = Bitboard::from_u64(u64::MAX >> (64 - len));
                let to = path[len - 1];
                let m = Move::capture(false, 0, Square::A1, to, captured, false, &path[..len - 1]);
                assert_eq!((m.from(), m.to(), m.captured()), (Square::A1, to, captured));
                if len <= Move::MAX_PATH_HELD {
                    assert!(m.has_path());
                    assert_eq!(m.path().unwrap(), path);
                    #[cfg(feature = "std")]
                    assert_eq!(
                        std::string::ToString::to_string(&m).matches('x').count(),
                        len
                    );
                } else {
                    assert!(!m.has_path());
                    assert_eq!(m.path(), None);
                    #[cfg(feature = "std")]
                    assert_eq!(
                        std::string::ToString::to_string(&m),
                        std::format!("a1x{to}")
                    );
                }
            }
        }
        let mixed = [Square::A3, Square::F3, Square::F4, Square::C4, Square::C2];
        let m = Move::capture(
            true,
            0,
            Square::A1,
            Square::C2,
            Bitboard::from_u64(0b11111),
            true,
            &mixed[..4],
        );
        assert_eq!(m.path().unwrap(), mixed);
        assert!(m.is_crowning());
        assert_eq!((m.from(), m.to()), (Square::A1, Square::C2));
    }
}
