//! The federation's captured-square move notation: the origin, then each captured square in
//! the order the pieces are jumped (`f3xf4xe5xd6xc7` is the move `f3xf5xd5xd7xb7`).
//!
//! Printing needs only the [`Move`]: its landing path says where each jump starts and ends,
//! and exactly one of its captured squares lies on each jump's segment that was not taken by
//! an earlier jump (a piece jumped later still stands, and a king cannot pass two pieces).
//! Parsing is resolved against a [`Position`]: the text does not say where a king stops after
//! its last capture, so several legal moves may fit.

use core::fmt;

use super::{MAX_SQUARES, MoveText, direction};
use crate::geometry::{EAST, NORTH, RANK_1, RANK_8, RAYS, SOUTH, WEST, nearest, shift_dir};
use crate::movegen::king_reach;
use crate::moves::{MAX_PATH, Path};
use crate::{Color, Move, MoveList, ParseMoveError, Position, Role, RuleSet, Square};

/// A move written in the federation's captured-square notation, ready to print with
/// `Display`. Made by [`Move::captured_notation`] (the bare federation form) and
/// [`Position::captured_notation`] (which adds the landing square when the bare form fits
/// several legal moves).
///
/// ```
/// use turkish_draughts::{Position, RuleSet};
/// let pos = Position::from_fen("W:WKe4:Bf4,c4", RuleSet::Default)?;
/// let m = pos.parse_move("e4xh4")?;
/// assert_eq!(m.captured_notation().to_string(), "e4xf4");
/// assert_eq!(pos.captured_notation(m).to_string(), "e4xf4xh4");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug)]
pub struct CapturedNotation {
    mv: Move,
    /// The move's landing path (which gives the order of the jumps), if known.
    path: Option<Path>,
    landing: bool,
}

impl fmt::Display for CapturedNotation {
    /// `d3-d4` for a quiet move; the origin and the captured squares joined by `x` for a
    /// capture, then the landing square if it was asked for.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if !self.mv.is_capture() {
            return write!(f, "{}", self.mv);
        }
        write!(f, "{}", self.mv.from())?;
        let (jumped, n) = match &self.path {
            Some(path) => jumped_in_order(&self.mv, path),
            None => in_square_order(&self.mv),
        };
        for sq in &jumped[..n] {
            write!(f, "x{sq}")?;
        }
        if self.landing {
            write!(f, "x{}", self.mv.to())?;
        }
        Ok(())
    }
}

/// The captured squares of `mv` in the order its landing path `path` jumps them.
fn jumped_in_order(mv: &Move, path: &[Square]) -> ([Square; MAX_PATH], usize) {
    let mut out = [Square::A1; MAX_PATH];
    let mut n = 0;
    let mut left = mv.captured().to_u64();
    let mut at = mv.from();
    for &to in path {
        if let Some(d) = direction(at, to) {
            let between = RAYS[d][at.index() as usize]
                & !(RAYS[d][to.index() as usize] | to.bitboard().to_u64());
            let hit = between & left;
            if hit != 0 {
                let q = nearest(hit, d);
                left &= !(1u64 << q);
                if let Some(sq) = Square::new(q as u8) {
                    out[n] = sq;
                    n += 1;
                }
            }
        }
        at = to;
    }
    (out, n)
}

/// The captured squares of `mv` in square order (for a move that holds no path).
fn in_square_order(mv: &Move) -> ([Square; MAX_PATH], usize) {
    let mut out = [Square::A1; MAX_PATH];
    let mut n = 0;
    for (slot, sq) in out.iter_mut().zip(mv.captured()) {
        *slot = sq;
        n += 1;
    }
    (out, n)
}

impl Move {
    /// The move in the federation's captured-square notation: the origin, then each captured
    /// square in the order the move's landing path ([`path`](Move::path)) jumps them, joined
    /// by `x`. A quiet move prints as in landing notation (`d3-d4`).
    ///
    /// The bare form does not say where a king stops after its last capture; use
    /// [`Position::captured_notation`] for a text that always names one legal move. A
    /// capture that holds no path (more than [`Move::MAX_PATH_HELD`] pieces) does not know
    /// the order of its jumps: it lists its captured squares in square order, and
    /// `Position::captured_notation` lists them in the order of a path.
    ///
    /// ```
    /// use turkish_draughts::{Position, RuleSet};
    /// let pos = Position::from_fen("W:Wf3:Bf4,e5,d6,c7,Kh8", RuleSet::Default)?;
    /// let m = pos.parse_move("f3xf5xd5xd7xb7")?;
    /// assert_eq!(m.captured_notation().to_string(), "f3xf4xe5xd6xc7");
    /// assert_eq!(Position::start().parse_move("d3-d4")?.captured_notation().to_string(), "d3-d4");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn captured_notation(&self) -> CapturedNotation {
        CapturedNotation {
            mv: *self,
            path: self.path(),
            landing: false,
        }
    }
}

/// How a capture text of squares is read.
struct Reading<'a> {
    from: Square,
    caps: &'a [Square],
    landing: Option<Square>,
}

/// A depth-first walk that jumps the named pieces in order and collects the legal moves it
/// ends in.
struct Tracer<'a> {
    own: u64,
    opp: u64,
    fwd: usize,
    promo: u64,
    crown_mid: bool,
    reading: Reading<'a>,
    moves: &'a MoveList,
    path: [Square; MAX_PATH],
    out: &'a mut MoveList,
}

impl Tracer<'_> {
    fn walk(
        &mut self,
        i: usize,
        at: Square,
        last: Option<usize>,
        king: bool,
        crowned: bool,
        removed: u64,
    ) {
        let caps = self.reading.caps;
        if i == caps.len() {
            let crowned = crowned || (!king && at.bitboard().to_u64() & self.promo != 0);
            if self.reading.landing.is_some_and(|l| l != at) {
                return;
            }
            let from = self.reading.from;
            let found = self.moves.iter().find(|m| {
                m.from() == from
                    && m.to() == at
                    && m.captured().to_u64() == removed
                    && m.is_crowning() == crowned
            });
            if let Some(m) = found {
                if !self.out.contains(m) {
                    let before = &self.path[..i.saturating_sub(1)];
                    self.out.push(m.with_path(before));
                }
            }
            return;
        }
        let c = caps[i];
        let cb = c.bitboard().to_u64();
        let live = self.opp & !removed;
        if live & cb == 0 {
            return;
        }
        let Some(d) = direction(at, c) else { return };
        if last.is_some_and(|l| l ^ 2 == d) {
            return;
        }
        let between = RAYS[d][at.index() as usize] & !(RAYS[d][c.index() as usize] | cb);
        if between & (self.own | live) != 0 {
            return;
        }
        if !king && (between != 0 || !(d == self.fwd || d == EAST || d == WEST)) {
            return;
        }
        let occ = self.own | (live & !cb);
        let mut landings = if king {
            king_reach(u32::from(c.index()), d, occ)
        } else {
            shift_dir(cb, d) & !occ
        };
        // Only a landing square from which the next named piece can be jumped matters; along
        // the same line every such square gives the same result, so keep the first.
        if king && i + 1 < caps.len() && landings != 0 {
            let next = caps[i + 1];
            if RAYS[d][c.index() as usize] & next.bitboard().to_u64() != 0 {
                landings = 1u64 << nearest(landings, d);
            } else {
                let mut keep = 0;
                let mut l = landings;
                while l != 0 {
                    let q = l.trailing_zeros();
                    l &= l - 1;
                    if let Some(sq) = Square::new(q as u8) {
                        if direction(sq, next).is_some() {
                            keep |= 1u64 << q;
                        }
                    }
                }
                landings = keep;
            }
        }
        while landings != 0 {
            let q = landings.trailing_zeros();
            landings &= landings - 1;
            let Some(to) = Square::new(q as u8) else {
                continue;
            };
            let reaches = (1u64 << q) & self.promo != 0;
            let now_king = king || (reaches && self.crown_mid);
            self.path[i] = to;
            self.walk(
                i + 1,
                to,
                Some(d),
                now_king,
                crowned || (!king && now_king),
                removed | cb,
            );
        }
    }
}

impl Position {
    /// Every legal move that the captured-square text `text` fits, each shown with a landing
    /// path that jumps the pieces in the text's order.
    ///
    /// The text is the origin, then the captured squares in the order they are jumped,
    /// joined by `x`, optionally followed by the square where the piece stops. A quiet move
    /// (`d3-d4`) is read as in [`parse_move`](Position::parse_move) and gives one move. The
    /// text is read as [`MoveText`] reads it (either case, `:` for `x`).
    /// An empty list is never returned: no match is an error.
    ///
    /// # Errors
    ///
    /// A [`ParseMoveError`] when the text is not move text, or when no legal move fits it (the
    /// error says why: no piece on the origin, no capture there, a square that is not jumped,
    /// ...).
    ///
    /// ```
    /// use turkish_draughts::{Position, RuleSet};
    /// let pos = Position::from_fen("W:WKh1:Bh3,h6", RuleSet::Default)?;
    /// let moves = pos.captured_candidates("h1xh3xh6")?;
    /// assert_eq!(moves.len(), 2); // the king stops on h7 or h8
    /// assert_eq!(pos.captured_candidates("h1xh3xh6xh8")?.len(), 1);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn captured_candidates(&self, text: &str) -> Result<MoveList, ParseMoveError> {
        self.candidates(&text.parse::<MoveText>()?)
    }

    /// [`captured_candidates`](Position::captured_candidates) on text already read.
    fn candidates(&self, text: &MoveText) -> Result<MoveList, ParseMoveError> {
        let mut out = MoveList::new();
        if !text.is_capture() {
            out.push(self.landing_move(text)?);
            return Ok(out);
        }
        let from = text.origin();
        if !self.board().by_color(self.turn()).contains(from) {
            return Err(ParseMoveError::NoPiece { square: from });
        }
        let moves = self.legal_moves();
        self.candidates_into(text.squares(), &moves, &mut out)?;
        Ok(out)
    }

    /// The captured-square reading of `squares` (origin, named squares) against `moves`, the
    /// legal moves of this position, into `out` (cleared first).
    fn candidates_into(
        &self,
        squares: &[Square],
        moves: &MoveList,
        out: &mut MoveList,
    ) -> Result<(), ParseMoveError> {
        out.clear();
        let from = squares[0];
        let required = moves.first().map_or(0, |m| m.captured().count());
        if required == 0 {
            return Err(ParseMoveError::NoCapture);
        }
        let board = self.board();
        let turn = self.turn();
        let (fwd, promo) = match turn {
            Color::White => (NORTH, RANK_8),
            Color::Black => (SOUTH, RANK_1),
        };
        let king = board.piece_at(from).map(|p| p.role) == Some(Role::King);
        let named = &squares[1..];
        let mut readings = [(named, None), (named, None)];
        let mut count = 1;
        if named.len() >= 2 {
            readings[1] = (&named[..named.len() - 1], named.last().copied());
            count = 2;
        }
        for &(caps, landing) in &readings[..count] {
            if caps.len() > MAX_PATH {
                continue;
            }
            let mut tracer = Tracer {
                own: board.by_color(turn).to_u64() & !from.bitboard().to_u64(),
                opp: board.by_color(!turn).to_u64(),
                fwd,
                promo,
                crown_mid: self.rules() == RuleSet::Default,
                reading: Reading {
                    from,
                    caps,
                    landing,
                },
                moves,
                path: [Square::A1; MAX_PATH],
                out,
            };
            tracer.walk(0, from, None, king, false, 0);
        }
        if out.is_empty() {
            let named_count = named.len() as u32;
            return Err(if named_count < required {
                ParseMoveError::NotMaximal {
                    captured: named_count,
                    required,
                }
            } else {
                ParseMoveError::NoCaptureSequence { from }
            });
        }
        Ok(())
    }

    /// Resolves a move in the federation's captured-square notation (`f3xf4xe5xd6xc7`, the
    /// origin then each captured square in jump order, optionally followed by the landing
    /// square) against this position. A quiet move is written `d3-d4`.
    ///
    /// The named pieces must be jumped in the text's order along some legal path of the
    /// move. When several legal moves fit (a king may stop on any square after its last
    /// capture), the answer is [`ParseMoveError::AmbiguousCaptures`] with their number; add
    /// the landing square to choose one. The move returned shows a landing path that follows
    /// the text's order.
    ///
    /// # Errors
    ///
    /// A [`ParseMoveError`] when the text is not move text, when no legal move fits it, or when
    /// several do ([`ParseMoveError::AmbiguousCaptures`]: add the landing square).
    ///
    /// ```
    /// use turkish_draughts::{ParseMoveError, Position, RuleSet, Square};
    /// let pos = Position::from_fen("W:Wf3:Bf4,e5,d6,c7,Kh8", RuleSet::Default)?;
    /// let m = pos.parse_captured_move("f3xf4xe5xd6xc7")?;
    /// assert_eq!(m.to_string(), "f3xf5xd5xd7xb7");
    ///
    /// let pos = Position::from_fen("W:WKe4:Bf4,c4", RuleSet::Default)?;
    /// assert_eq!(
    ///     pos.parse_captured_move("e4xf4"),
    ///     Err(ParseMoveError::AmbiguousCaptures { from: Square::E4, count: 2 })
    /// );
    /// assert_eq!(pos.parse_captured_move("e4xf4xh4")?.to(), Square::H4);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn parse_captured_move(&self, text: &str) -> Result<Move, ParseMoveError> {
        self.captured_move(&text.parse::<MoveText>()?)
    }

    /// [`parse_captured_move`](Position::parse_captured_move) on text already read.
    pub(crate) fn captured_move(&self, text: &MoveText) -> Result<Move, ParseMoveError> {
        let moves = self.candidates(text)?;
        match moves.len() {
            1 => Ok(moves[0]),
            count => Err(ParseMoveError::AmbiguousCaptures {
                from: moves[0].from(),
                count,
            }),
        }
    }

    /// The move in captured-square notation, with the landing square added when the bare
    /// form ([`Move::captured_notation`]) fits more than one legal move of this position, so
    /// that [`parse_captured_move`](Position::parse_captured_move) reads it back as `mv`.
    /// For a move that is not legal here, the bare form.
    ///
    /// ```
    /// use turkish_draughts::{Position, RuleSet};
    /// let pos = Position::from_fen("W:WKh1:Bh3,h6", RuleSet::Default)?;
    /// let m = pos.parse_move("h1xh5xh8")?;
    /// assert_eq!(m.captured_notation().to_string(), "h1xh3xh6");
    /// assert_eq!(pos.captured_notation(m).to_string(), "h1xh3xh6xh8");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn captured_notation(&self, mv: Move) -> CapturedNotation {
        let mut text = arrayvec::ArrayString::<{ MAX_SQUARES * 3 }>::new();
        let bare = CapturedNotation {
            mv,
            path: Some(self.path_here(&mv)),
            landing: false,
        };
        let landing = mv.is_capture()
            && fmt::write(&mut text, format_args!("{bare}")).is_ok()
            && self
                .captured_candidates(&text)
                .is_ok_and(|moves| moves.len() > 1);
        CapturedNotation { landing, ..bare }
    }

    /// [`parse_any_move`](Position::parse_any_move), with the legal moves generated into a
    /// list the caller reuses: a text that is exactly the landing path a legal move shows is
    /// answered from the list (the PDN reader's common case); anything else goes the long
    /// way. The answer is the same as `parse_any_move`'s: a full landing path determines the
    /// move's result, and such a text never fits the captured-square reading.
    #[cfg(feature = "alloc")]
    pub(crate) fn parse_any_move_with(
        &self,
        text: &str,
        list: &mut MoveList,
        scratch: &mut MoveList,
    ) -> Result<Move, ParseMoveError> {
        let text = text.parse::<MoveText>()?;
        let squares = text.squares();
        self.legal_moves_into(list);
        let path = &squares[1..];
        let found = list.iter().find(|m| {
            m.from() == squares[0]
                && m.path().is_some_and(|p| p == path)
                && m.is_capture() == text.is_capture()
        });
        if let Some(m) = found {
            return Ok(*m);
        }
        // A capture whose second square holds an enemy piece is read in captured-square
        // notation (the landing reading cannot fit it; see `parse_any_move`).
        let own = self.board().by_color(self.turn());
        let enemy = self.board().by_color(!self.turn());
        if text.is_capture()
            && own.contains(squares[0])
            && enemy.contains(squares[1])
            && self.candidates_into(squares, list, scratch).is_ok()
            && scratch.len() == 1
        {
            return Ok(scratch[0]);
        }
        self.any_move(&text)
    }

    /// Resolves move text in any notation the crate reads: landing notation and its short
    /// form (as [`parse_move`](Position::parse_move)) or the captured-square notation (as
    /// [`parse_captured_move`](Position::parse_captured_move)).
    ///
    /// The two readings of a capture cannot both fit: the first square after the origin is a
    /// landing square, empty before the move, in a full landing path, and an enemy piece in
    /// the captured-square form; and a two-square short form names a move that captures at
    /// least two pieces when its destination holds an enemy piece, while the captured reading
    /// takes one. Both are still tried when the text could be either, and if they named
    /// different legal moves the answer would be [`ParseMoveError::AmbiguousReadings`].
    ///
    /// When neither reading fits, the error is the captured-square one if the square after
    /// the origin holds an enemy piece (the text looks like that notation) or if that reading
    /// is ambiguous, and the landing-notation one otherwise.
    ///
    /// # Errors
    ///
    /// A [`ParseMoveError`] when the text is not move text, when neither reading names a legal
    /// move (the error of the reading the text looks like, as above), or when the two readings
    /// name different moves ([`ParseMoveError::AmbiguousReadings`]).
    ///
    /// ```
    /// use turkish_draughts::{Position, RuleSet};
    /// let pos = Position::from_fen("W:Wf3:Bf4,e5,d6,c7,Kh8", RuleSet::Default)?;
    /// let a = pos.parse_any_move("f3xf4xe5xd6xc7")?;
    /// let b = pos.parse_any_move("f3xf5xd5xd7xb7")?;
    /// let c = pos.parse_any_move("f3xb7")?;
    /// assert!(a == b && b == c);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn parse_any_move(&self, text: &str) -> Result<Move, ParseMoveError> {
        self.any_move(&text.parse::<MoveText>()?)
    }

    /// [`parse_any_move`](Position::parse_any_move) on text already read.
    pub(crate) fn any_move(&self, text: &MoveText) -> Result<Move, ParseMoveError> {
        let landing = self.landing_move(text);
        let looks_captured = text.is_capture()
            && self
                .board()
                .by_color(!self.turn())
                .contains(text.squares()[1]);
        match landing {
            Ok(m) if !looks_captured => Ok(m),
            Ok(m) => match self.captured_move(text) {
                Ok(other) if other != m => {
                    Err(ParseMoveError::AmbiguousReadings { from: m.from() })
                }
                _ => Ok(m),
            },
            Err(landing_err) => {
                if !text.is_capture() {
                    return Err(landing_err);
                }
                match self.captured_move(text) {
                    Ok(m) => Ok(m),
                    Err(e @ ParseMoveError::AmbiguousCaptures { .. }) => Err(e),
                    Err(e) if looks_captured => Err(e),
                    Err(_) => Err(landing_err),
                }
            }
        }
    }
}

#[cfg(all(test, feature = "alloc"))]
mod tests {
    use super::*;

    /// The reader's fast path answers as `parse_any_move` does, on every legal move's texts
    /// (landing, short, captured) and on some bad texts, along a few playouts.
    #[test]
    fn fast_path_agrees() {
        let mut list = MoveList::new();
        let mut scratch = MoveList::new();
        for (fen, rules) in [
            ("W:WKb2:Bb4,d5,b6,f6,d7", RuleSet::Default),
            ("B:Wd2,Ke1:Bd3", RuleSet::Tudaf),
            ("W:WKh1:Bh3,h6", RuleSet::Default),
        ] {
            let pos = Position::from_fen(fen, rules).unwrap();
            let mut texts = alloc::vec![
                alloc::string::String::from("a1-a2"),
                alloc::string::String::from("zz"),
                alloc::string::String::from("b2xb2")
            ];
            for m in &pos.legal_moves() {
                texts.push(alloc::format!("{m}"));
                texts.push(alloc::format!("{}x{}", m.from(), m.to()));
                texts.push(alloc::format!("{}", pos.captured_notation(*m)));
                texts.push(alloc::format!("{}", m.captured_notation()));
            }
            for t in &texts {
                assert_eq!(
                    pos.parse_any_move_with(t, &mut list, &mut scratch),
                    pos.parse_any_move(t),
                    "{t}"
                );
            }
        }
        let mut pos = Position::start();
        for i in 0..40 {
            let moves = pos.legal_moves();
            for m in &moves {
                let t = alloc::format!("{m}");
                assert_eq!(pos.parse_any_move_with(&t, &mut list, &mut scratch), Ok(*m));
            }
            pos.play(moves[(i * 7) % moves.len()]);
            if pos.outcome().is_some() {
                break;
            }
        }
    }
}
