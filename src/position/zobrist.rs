//! Zobrist keys of positions.
//!
//! [`Position::zobrist`] gives a 64-bit key of the pieces and the side to move, for hash
//! tables and repetition checks; [`Position::zobrist_delta`] gives the change a move makes, so
//! engines can keep the key up to date without recomputing it.
//!
//! How the table is made and why it never changes: see [`ZOBRIST_SEED`].

use crate::{Color, Move, Position};

/// The seed of the SplitMix64 generator that fills the Zobrist table (the ASCII bytes of
/// `"DamaZobr"` read as a big-endian `u64`).
///
/// # The table
///
/// The key is the XOR of one random 64-bit number per piece on the board (four kinds of piece
/// on 64 squares) and of a side number when Black is to move. The rule set is not part of the
/// key: the same pieces with the same side to move have the same key under both rule sets.
///
/// The 257 numbers are generated at compile time by SplitMix64 (state `s += 0x9E37_79B9_7F4A_7C15`,
/// then `z = s; z = (z ^ z >> 30) * 0xBF58_476D_1CE4_E5B9; z = (z ^ z >> 27) * 0x94D0_49BB_1331_11EB;
/// z ^ z >> 31`) from the seed [`ZOBRIST_SEED`]. The first 64 outputs are the white men on `a1`,
/// `b1`, ..., `h8` (square index order, `a1` = 0, `h1` = 7, `h8` = 63), the next 64 the white
/// kings, then the black men, then the black kings; output 257 is the side number.
///
/// # Stability
///
/// The keys are part of the public interface: they are the same in every version, on every
/// platform, so they can be stored (opening books, endgame tables, logs). `tests/movegen/zobrist.rs`
/// pins the keys of four positions. Changing the seed, the generator or the order is a
/// breaking change that the CHANGELOG must announce.
///
/// ```
/// assert_eq!(turkish_draughts::ZOBRIST_SEED, u64::from_be_bytes(*b"DamaZobr"));
/// ```
pub const ZOBRIST_SEED: u64 = 0x4461_6D61_5A6F_6272;

const fn splitmix64(state: u64) -> (u64, u64) {
    let state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = state;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    (state, z ^ (z >> 31))
}

struct Table {
    /// `pieces[kind][square]`, kind 0 = white man, 1 = white king, 2 = black man, 3 = black
    /// king.
    pieces: [[u64; 64]; 4],
    side: u64,
}

const fn table() -> Table {
    let mut pieces = [[0u64; 64]; 4];
    let mut state = ZOBRIST_SEED;
    let mut kind = 0;
    while kind < 4 {
        let mut sq = 0;
        while sq < 64 {
            let (s, z) = splitmix64(state);
            state = s;
            pieces[kind][sq] = z;
            sq += 1;
        }
        kind += 1;
    }
    let (_, side) = splitmix64(state);
    Table { pieces, side }
}

static TABLE: Table = table();

/// The XOR of the keys of the given piece kind on every square of `set`.
#[inline]
fn fold(kind: usize, mut set: u64) -> u64 {
    let keys = &TABLE.pieces[kind];
    let mut h = 0;
    while set != 0 {
        h ^= keys[set.trailing_zeros() as usize];
        set &= set - 1;
    }
    h
}

impl Position {
    /// The Zobrist key of the position: its pieces and the side to move (not the rule set).
    /// The keys are stable across versions; see [`ZOBRIST_SEED`](crate::ZOBRIST_SEED) for how
    /// they are made.
    ///
    /// ```
    /// use turkish_draughts::{Position, RuleSet};
    /// let start = Position::start();
    /// assert_eq!(start.zobrist(), Position::new(RuleSet::Tudaf).zobrist());
    /// let mut pos = start;
    /// pos.play(pos.parse_move("d3-d4")?);
    /// assert_ne!(pos.zobrist(), start.zobrist());
    /// # Ok::<(), turkish_draughts::ParseMoveError>(())
    /// ```
    pub fn zobrist(&self) -> u64 {
        let (w, b, k) = self.board().raw();
        let side = match self.turn() {
            Color::White => 0,
            Color::Black => TABLE.side,
        };
        side ^ fold(0, w & !k) ^ fold(1, w & k) ^ fold(2, b & !k) ^ fold(3, b & k)
    }

    /// What a legal move `mv` changes in the key: `pos.zobrist() ^ pos.zobrist_delta(mv)` is
    /// the key of the position after `mv`. It costs a few table look-ups per captured piece.
    ///
    /// For a move that is not legal here the result is unspecified (but no panic).
    ///
    /// ```
    /// use turkish_draughts::{Position, RuleSet};
    /// let pos = Position::from_fen("W:Wc4,d4:Bc5,Kd6,e4,b4", RuleSet::Default)?;
    /// for mv in pos.legal_moves() {
    ///     let mut after = pos;
    ///     after.play_unchecked(mv);
    ///     assert_eq!(pos.zobrist() ^ pos.zobrist_delta(mv), after.zobrist());
    /// }
    /// # Ok::<(), turkish_draughts::FenError>(())
    /// ```
    #[inline]
    pub fn zobrist_delta(&self, mv: Move) -> u64 {
        let (_, _, k) = self.board().raw();
        let (own, opp) = match self.turn() {
            Color::White => (0, 2),
            Color::Black => (2, 0),
        };
        let from = mv.origin_index() as usize;
        let to = mv.dest_index() as usize;
        let was_king = (k >> from) & 1;
        let is_king = was_king | u64::from(mv.is_crowning());
        let captured = mv.captured().to_u64();
        TABLE.side
            ^ TABLE.pieces[own + was_king as usize][from]
            ^ TABLE.pieces[own + is_king as usize][to]
            ^ fold(opp, captured & !k)
            ^ fold(opp + 1, captured & k)
    }
}
