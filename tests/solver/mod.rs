#![allow(dead_code)]
//! A test helper: the independent endgame solver.
//!
//! It computes, from the rules alone (the project's rule specification and RULES.md), the
//! value of every position with 2 to N pieces under a rule set, so that the tests can check
//! the crate's endgame tables against it. It is written to be plain rather than clever, and
//! it shares no code with the library: it has its own board (three `u64` sets and the side
//! to move), its own move generator, its own position numbering and its own solving loop.
//! Only the comparison test (`tests/differential/tablebase.rs`) touches the library, through
//! its public API (`Setup`, `Position`, `Tablebase`), to turn the solver's boards into the
//! crate's positions and to probe the tables.
//!
//! # What it solves
//!
//! Every legal position with 2..=N pieces: at least one piece a side, no two pieces on one
//! square, men of either colour only on ranks 2 to 7 (a man is never on its own back rank and
//! is crowned on the far one), kings anywhere, either side to move. Each gets its value for the
//! side to move ([`Value::Win`], [`Value::Draw`], [`Value::Loss`]) and, when decided, its DTW:
//! the plies until the game ends when the winner ends it as soon as possible and the loser
//! puts it off as long as possible. The game ends (RULES.md, section 6) when:
//!
//! * the side to move has no legal move: it loses, DTW 0 (checked first);
//! * one piece each, default rules: a lone king against a lone man wins at once for the
//!   king's side, whoever is to move (DTW 0, so a terminal position can be a win for the
//!   side to move); two lone kings draw at once unless the side to move can capture; two
//!   lone men play on;
//! * one piece each, federation rules: a draw at once.
//!
//! Repetition is ignored: a position from which neither side can force the end is a draw.
//!
//! # How it works
//!
//! Materials (how many kings and men each side has) are solved one at a time, in an order
//! where every capture (fewer pieces) and every crowning (one man fewer, one king more) leads
//! to a material already solved: by the number of pieces, then by the number of men. Inside a
//! material the only moves that stay inside it are quiet moves that do not crown (a king's
//! slide, a man's step forward or sideways).
//!
//! 1. **Forward pass.** Each position's legal moves are generated once by [`successors`]
//!    (maximum capture, immediate removal, no 180-degree turn between jumps, both readings
//!    of mid-capture crowning, moves identified by their result). A position that ends the
//!    game gets its value at once. Every move that leaves the material is looked up in the
//!    tables already solved; the moves that stay inside are counted.
//! 2. **Levels.** Values are then settled ply by ply, DTW 0, 1, 2, ...: a position is a win
//!    in `d + 1` as soon as one move reaches a loss in `d` (its smallest such `d`, since the
//!    levels come in order), and a loss in `1 + the largest DTW of its successors` once every
//!    move reaches a win. The positions one quiet move before a settled one are found by
//!    moving a piece of the side that just moved back along the way it came (a king slides
//!    back, a man steps back or sideways); a position with a capture has no quiet move and is
//!    never such a predecessor. What is never settled is a draw.
//! 3. **Check** ([`Tables::verify`]). An independent forward pass recomputes each position's
//!    value from its successors' stored values and the end-of-game rules, and reports every
//!    position where the stored value is not exactly what its moves give. A table that passes
//!    is the exact solution: a win's DTW strictly falls along the winning line and a loss's
//!    successors are all wins with smaller DTW, so those are real; and a position stored as a
//!    draw has no losing successor and not only winning ones, so it can be neither.
//!
//! # Numbering
//!
//! A material's positions are numbered by the squares of each group (white kings, white men,
//! black kings, black men) as a combination (kings over the 64 squares, men over the 48
//! squares of ranks 2 to 7), and the side to move. Numbers where two groups share a square are
//! not positions and are skipped.

use std::collections::HashMap;

// ------------------------------------------------------------------------------------------
// Rules, boards, values
// ------------------------------------------------------------------------------------------

/// Which rule set to apply. `Tudaf` is the federation's reading.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Rules {
    Default,
    Tudaf,
}

/// A board: the squares of each side, the kings among them, the side to move.
/// Square index: rank index * 8 + file index (a1 = 0, h1 = 7, a2 = 8, h8 = 63).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Board {
    pub white: u64,
    pub black: u64,
    pub kings: u64,
    pub white_to_move: bool,
}

/// The value of a position for the side to move; a decided value carries its DTW in plies.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Value {
    Win(u32),
    Draw,
    Loss(u32),
}

impl Board {
    fn own(&self) -> u64 {
        if self.white_to_move {
            self.white
        } else {
            self.black
        }
    }

    fn enemy(&self) -> u64 {
        if self.white_to_move {
            self.black
        } else {
            self.white
        }
    }

    /// The same board with the files mirrored (a <-> h).
    pub fn mirror_files(&self) -> Board {
        Board {
            white: mirror_files(self.white),
            black: mirror_files(self.black),
            kings: mirror_files(self.kings),
            white_to_move: self.white_to_move,
        }
    }

    /// The board flipped top to bottom (rank 1 <-> rank 8), colours swapped, the other side
    /// to move.
    pub fn colour_swapped(&self) -> Board {
        Board {
            white: self.black.swap_bytes(),
            black: self.white.swap_bytes(),
            kings: self.kings.swap_bytes(),
            white_to_move: !self.white_to_move,
        }
    }

    /// The board as a FEN text (for messages): side to move, then each side, `K` for a king.
    pub fn fen(&self) -> String {
        let list = |set: u64| -> String {
            (0..64u8)
                .filter(|&s| set >> s & 1 == 1)
                .map(|s| {
                    let k = if self.kings >> s & 1 == 1 { "K" } else { "" };
                    format!("{}{}", k, square_name(s))
                })
                .collect::<Vec<_>>()
                .join(",")
        };
        format!(
            "{}:W{}:B{}",
            if self.white_to_move { "W" } else { "B" },
            list(self.white),
            list(self.black)
        )
    }
}

fn mirror_files(set: u64) -> u64 {
    let mut out = 0;
    for s in 0..64u8 {
        if set >> s & 1 == 1 {
            out |= 1u64 << (s ^ 7);
        }
    }
    out
}

pub fn square_name(s: u8) -> String {
    format!("{}{}", (b'a' + (s & 7)) as char, (b'1' + (s >> 3)) as char)
}

// ------------------------------------------------------------------------------------------
// Move generation
// ------------------------------------------------------------------------------------------

const NORTH: usize = 0;
const SOUTH: usize = 1;
const EAST: usize = 2;
const WEST: usize = 3;

/// The direction that reverses `dir` (NORTH <-> SOUTH, EAST <-> WEST).
fn opposite(dir: usize) -> usize {
    dir ^ 1
}

/// The square one step from `sq` in direction `dir`, or `None` off the board.
fn step(sq: u8, dir: usize) -> Option<u8> {
    let file = sq & 7;
    let rank = sq >> 3;
    match dir {
        NORTH if rank < 7 => Some(sq + 8),
        SOUTH if rank > 0 => Some(sq - 8),
        EAST if file < 7 => Some(sq + 1),
        WEST if file > 0 => Some(sq - 1),
        _ => None,
    }
}

/// A man's forward direction.
fn forward(white: bool) -> usize {
    if white { NORTH } else { SOUTH }
}

/// The rank index (0..8) where a man of this colour is crowned.
fn far_rank(white: bool) -> u8 {
    if white { 7 } else { 0 }
}

fn bit(sq: u8) -> u64 {
    1u64 << sq
}

/// One move, by its result.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MoveResult {
    pub from: u8,
    pub to: u8,
    pub captured: u64,
    pub crowned: bool,
}

/// The most distinct moves a position of this solver's size can have (checked when adding).
const MOVE_CAPACITY: usize = 512;

/// A position's legal moves, without the heap.
pub struct Moves {
    list: [MoveResult; MOVE_CAPACITY],
    len: usize,
    /// Pieces every listed capture takes (0: the moves are quiet).
    best: u32,
}

impl Moves {
    pub fn new() -> Moves {
        Moves {
            list: [MoveResult {
                from: 0,
                to: 0,
                captured: 0,
                crowned: false,
            }; MOVE_CAPACITY],
            len: 0,
            best: 0,
        }
    }

    pub fn as_slice(&self) -> &[MoveResult] {
        &self.list[..self.len]
    }

    pub fn is_capture(&self) -> bool {
        self.best > 0
    }

    fn push(&mut self, m: MoveResult) {
        assert!(self.len < MOVE_CAPACITY, "solver move list full");
        self.list[self.len] = m;
        self.len += 1;
    }

    /// Adds a finished capture, keeping only those that take the most pieces, each result once.
    fn add_capture(&mut self, m: MoveResult) {
        let n = m.captured.count_ones();
        if n < self.best {
            return;
        }
        if n > self.best {
            self.best = n;
            self.len = 0;
        }
        if !self.as_slice().contains(&m) {
            self.push(m);
        }
    }
}

impl Default for Moves {
    fn default() -> Self {
        Moves::new()
    }
}

/// What stays fixed while one piece's capture paths are followed.
struct Capture {
    rules: Rules,
    white: bool,
    from: u8,
    started_as_man: bool,
    /// The mover's other pieces (they block and are never jumped).
    own: u64,
}

impl Capture {
    /// Follows every capture path from `sq`. `enemies` are the enemy pieces still on the board
    /// (each jumped piece is removed at once); the moving piece is not on the board, so its
    /// start square is empty. `last` is the direction of the previous jump.
    fn follow(
        &self,
        enemies: u64,
        sq: u8,
        as_king: bool,
        last: Option<usize>,
        captured: u64,
        out: &mut Moves,
    ) {
        let occupied = self.own | enemies;
        let mut extended = false;
        for dir in [NORTH, SOUTH, EAST, WEST] {
            if last == Some(opposite(dir)) {
                continue; // no 180-degree turn between two jumps
            }
            if !as_king && dir == opposite(forward(self.white)) {
                continue; // a man never jumps backward
            }
            if as_king {
                // Any number of empty squares, then one enemy piece, then any empty square
                // beyond it up to the next piece or the edge.
                let mut cur = step(sq, dir);
                while let Some(c) = cur {
                    if occupied & bit(c) != 0 {
                        break;
                    }
                    cur = step(c, dir);
                }
                let Some(over) = cur else { continue };
                if enemies & bit(over) == 0 {
                    continue;
                }
                let mut land = step(over, dir);
                while let Some(l) = land {
                    if occupied & bit(l) != 0 {
                        break;
                    }
                    extended = true;
                    self.follow(
                        enemies & !bit(over),
                        l,
                        true,
                        Some(dir),
                        captured | bit(over),
                        out,
                    );
                    land = step(l, dir);
                }
            } else {
                // An adjacent enemy piece, and the empty square right behind it.
                let Some(over) = step(sq, dir) else { continue };
                if enemies & bit(over) == 0 {
                    continue;
                }
                let Some(land) = step(over, dir) else {
                    continue;
                };
                if occupied & bit(land) != 0 {
                    continue;
                }
                extended = true;
                // Default rules: a man reaching the far rank is crowned at once and goes on as
                // a king. Federation rules: it goes on as a man.
                let crowned_now = self.rules == Rules::Default && land >> 3 == far_rank(self.white);
                self.follow(
                    enemies & !bit(over),
                    land,
                    crowned_now,
                    Some(dir),
                    captured | bit(over),
                    out,
                );
            }
        }
        if !extended && captured != 0 {
            let crowned = self.started_as_man && (as_king || sq >> 3 == far_rank(self.white));
            out.add_capture(MoveResult {
                from: self.from,
                to: sq,
                captured,
                crowned,
            });
        }
    }
}

/// Every legal move of the side to move, each result once.
pub fn legal_moves(b: &Board, rules: Rules, out: &mut Moves) {
    out.len = 0;
    out.best = 0;
    let white = b.white_to_move;
    let own = b.own();
    let enemies = b.enemy();
    for from in 0..64u8 {
        if own & bit(from) == 0 {
            continue;
        }
        let cap = Capture {
            rules,
            white,
            from,
            started_as_man: b.kings & bit(from) == 0,
            own: own & !bit(from),
        };
        cap.follow(enemies, from, b.kings & bit(from) != 0, None, 0, out);
    }
    if out.best > 0 {
        return; // capturing is compulsory
    }
    let occupied = own | enemies;
    for from in 0..64u8 {
        if own & bit(from) == 0 {
            continue;
        }
        if b.kings & bit(from) != 0 {
            for dir in [NORTH, SOUTH, EAST, WEST] {
                let mut cur = step(from, dir);
                while let Some(c) = cur {
                    if occupied & bit(c) != 0 {
                        break;
                    }
                    out.push(MoveResult {
                        from,
                        to: c,
                        captured: 0,
                        crowned: false,
                    });
                    cur = step(c, dir);
                }
            }
        } else {
            for dir in [forward(white), EAST, WEST] {
                if let Some(c) = step(from, dir) {
                    if occupied & bit(c) == 0 {
                        out.push(MoveResult {
                            from,
                            to: c,
                            captured: 0,
                            crowned: c >> 3 == far_rank(white),
                        });
                    }
                }
            }
        }
    }
}

/// The board after the move, the other side to move.
pub fn apply(b: &Board, m: &MoveResult) -> Board {
    let was_king = b.kings & bit(m.from) != 0;
    let mut own = b.own() & !bit(m.from);
    let enemy = b.enemy() & !m.captured;
    let mut kings = b.kings & !bit(m.from) & !m.captured;
    own |= bit(m.to);
    if was_king || m.crowned {
        kings |= bit(m.to);
    }
    let (white, black) = if b.white_to_move {
        (own, enemy)
    } else {
        (enemy, own)
    };
    Board {
        white,
        black,
        kings,
        white_to_move: !b.white_to_move,
    }
}

/// The boards the legal moves lead to, and whether they are captures.
pub fn successors(b: &Board, rules: Rules, moves: &mut Moves) -> bool {
    legal_moves(b, rules, moves);
    moves.is_capture()
}

/// The value of a position that ends the game, or `None` if play goes on. `moves` are its
/// legal moves.
pub fn game_end(b: &Board, rules: Rules, moves: &Moves) -> Option<Value> {
    if moves.len == 0 {
        return Some(Value::Loss(0)); // no legal move: the side to move loses (checked first)
    }
    if b.white.count_ones() == 1 && b.black.count_ones() == 1 {
        if rules == Rules::Tudaf {
            return Some(Value::Draw);
        }
        let my_king = b.own() & b.kings != 0;
        let their_king = b.enemy() & b.kings != 0;
        return match (my_king, their_king) {
            (true, false) => Some(Value::Win(0)),
            (false, true) => Some(Value::Loss(0)),
            (true, true) if moves.is_capture() => None,
            (true, true) => Some(Value::Draw),
            (false, false) => None,
        };
    }
    None
}

// ------------------------------------------------------------------------------------------
// Materials and numbering
// ------------------------------------------------------------------------------------------

/// How many kings and men each side has.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Material {
    pub white_kings: u8,
    pub white_men: u8,
    pub black_kings: u8,
    pub black_men: u8,
}

const MEN_SQUARES: u8 = 48; // ranks 2 to 7
const MEN_FIRST: u8 = 8; // a2

/// Binomial coefficients C(n, k) for n <= 64, k <= 7 (Pascal's triangle).
const BINOM: [[u64; 8]; 65] = {
    let mut t = [[0u64; 8]; 65];
    let mut n = 0;
    while n <= 64 {
        t[n][0] = 1;
        let mut k = 1;
        while k < 8 {
            if n > 0 {
                t[n][k] = t[n - 1][k - 1] + t[n - 1][k];
            }
            k += 1;
        }
        n += 1;
    }
    t
};

fn binom(n: u64, k: u64) -> u64 {
    BINOM[n as usize][k as usize]
}

impl Material {
    pub fn of(b: &Board) -> Material {
        Material {
            white_kings: (b.white & b.kings).count_ones() as u8,
            white_men: (b.white & !b.kings).count_ones() as u8,
            black_kings: (b.black & b.kings).count_ones() as u8,
            black_men: (b.black & !b.kings).count_ones() as u8,
        }
    }

    pub fn pieces(&self) -> u32 {
        (self.white_kings + self.white_men + self.black_kings + self.black_men) as u32
    }

    pub fn men(&self) -> u32 {
        (self.white_men + self.black_men) as u32
    }

    /// Every material with 2..=max pieces and at least one piece a side, in solving order.
    pub fn all(max: u32) -> Vec<Material> {
        let mut v = Vec::new();
        for wk in 0..=max as u8 {
            for wm in 0..=max as u8 {
                for bk in 0..=max as u8 {
                    for bm in 0..=max as u8 {
                        let m = Material {
                            white_kings: wk,
                            white_men: wm,
                            black_kings: bk,
                            black_men: bm,
                        };
                        if wk + wm >= 1 && bk + bm >= 1 && m.pieces() <= max {
                            v.push(m);
                        }
                    }
                }
            }
        }
        v.sort_by_key(|m| (m.pieces(), m.men(), *m));
        v
    }

    /// A short name: `KKvKM` style, White first (K a king, M a man).
    pub fn name(&self) -> String {
        format!(
            "{}{}v{}{}",
            "K".repeat(self.white_kings as usize),
            "M".repeat(self.white_men as usize),
            "K".repeat(self.black_kings as usize),
            "M".repeat(self.black_men as usize)
        )
    }

    /// (squares in range, count) of each group: white kings, white men, black kings, black men.
    fn groups(&self) -> [(u8, u8); 4] {
        [
            (64, self.white_kings),
            (MEN_SQUARES, self.white_men),
            (64, self.black_kings),
            (MEN_SQUARES, self.black_men),
        ]
    }

    /// How many numbers the material uses (including those that are not positions).
    pub fn size(&self) -> usize {
        let mut n = 2u64;
        for (range, k) in self.groups() {
            n *= binom(range as u64, k as u64);
        }
        n as usize
    }

    /// The board of number `idx`, or `None` when two groups share a square.
    pub fn board(&self, idx: usize) -> Option<Board> {
        let white_to_move = idx & 1 == 0;
        let mut rest = (idx >> 1) as u64;
        let mut sets = [0u64; 4];
        for g in (0..4).rev() {
            let (range, k) = self.groups()[g];
            let c = binom(range as u64, k as u64);
            let sub = rest % c;
            rest /= c;
            sets[g] = unrank(range, k, sub);
        }
        let [wk, wm, bk, bm] = sets;
        let all = [wk, wm, bk, bm];
        let total: u32 = all.iter().map(|s| s.count_ones()).sum();
        if (wk | wm | bk | bm).count_ones() != total {
            return None;
        }
        Some(Board {
            white: wk | wm,
            black: bk | bm,
            kings: wk | bk,
            white_to_move,
        })
    }

    /// The squares of each group of a board: white kings, white men, black kings, black men.
    fn group_sets(b: &Board) -> [u64; 4] {
        [
            b.white & b.kings,
            b.white & !b.kings,
            b.black & b.kings,
            b.black & !b.kings,
        ]
    }

    /// The rank (colex) of one group's squares.
    fn rank_of_group(&self, b: &Board, g: usize) -> u64 {
        let range = self.groups()[g].0;
        let mut set = Self::group_sets(b)[g];
        let mut rank = 0u64;
        let mut i = 1u64;
        while set != 0 {
            let sq = set.trailing_zeros() as u8;
            set &= set - 1;
            let s = if range == 64 { sq } else { sq - MEN_FIRST };
            rank += binom(s as u64, i);
            i += 1;
        }
        rank
    }

    /// The ranks of all four groups.
    fn ranks(&self, b: &Board) -> [u64; 4] {
        [0, 1, 2, 3].map(|g| self.rank_of_group(b, g))
    }

    /// How much a group's rank weighs in the number.
    fn strides(&self) -> [u64; 4] {
        let mut s = [0u64; 4];
        let mut w = 2u64;
        for g in (0..4).rev() {
            s[g] = w;
            let (range, k) = self.groups()[g];
            w *= binom(range as u64, k as u64);
        }
        s
    }

    /// The number of a board of this material.
    pub fn index(&self, b: &Board) -> usize {
        let sets = [
            b.white & b.kings,
            b.white & !b.kings,
            b.black & b.kings,
            b.black & !b.kings,
        ];
        let mut idx = 0u64;
        for (g, (range, k)) in self.groups().into_iter().enumerate() {
            let c = binom(range as u64, k as u64);
            let mut rank = 0u64;
            let mut i = 1u64;
            let mut set = sets[g];
            while set != 0 {
                let sq = set.trailing_zeros() as u8;
                set &= set - 1;
                let s = if range == 64 { sq } else { sq - MEN_FIRST };
                rank += binom(s as u64, i);
                i += 1;
            }
            debug_assert!(rank < c);
            idx = idx * c + rank;
        }
        (idx * 2 + if b.white_to_move { 0 } else { 1 }) as usize
    }
}

/// The squares of the combination of rank `sub` (colex) of `k` squares out of a group's range:
/// the kings' 64 squares or the men's 48 (a2 to h7).
fn unrank_slow(range: u8, k: u8, mut sub: u64) -> u64 {
    let mut set = 0;
    let mut top = range as u64;
    for i in (1..=k as u64).rev() {
        // The largest s below the previous element with C(s, i) <= what is left.
        let mut s = top - 1;
        while binom(s, i) > sub {
            s -= 1;
        }
        sub -= binom(s, i);
        top = s;
        set |= bit(if range == 64 {
            s as u8
        } else {
            s as u8 + MEN_FIRST
        });
    }
    set
}

/// `unrank_slow`, read from tables made once (up to 4 squares a group).
fn unrank(range: u8, k: u8, sub: u64) -> u64 {
    static TABLES: std::sync::OnceLock<Vec<Vec<u64>>> = std::sync::OnceLock::new();
    if k > 4 {
        return unrank_slow(range, k, sub);
    }
    let tables = TABLES.get_or_init(|| {
        let mut v = Vec::new();
        for range in [64u8, MEN_SQUARES] {
            for k in 0..=4u8 {
                let n = binom(range as u64, k as u64);
                v.push((0..n).map(|r| unrank_slow(range, k, r)).collect());
            }
        }
        v
    });
    let t = if range == 64 { 0 } else { 5 };
    tables[t + k as usize][sub as usize]
}

// ------------------------------------------------------------------------------------------
// Stored values
// ------------------------------------------------------------------------------------------

const UNKNOWN: u16 = 0;
const DRAW: u16 = 1;
const NOT_A_POSITION: u16 = 2;
const WIN: u16 = 0x4000;
const LOSS: u16 = 0x8000;
const DTW_MASK: u16 = 0x3fff;

fn encode(v: Value) -> u16 {
    match v {
        Value::Win(d) => {
            assert!(d < DTW_MASK as u32, "DTW too large for the solver's tables");
            WIN | d as u16
        }
        Value::Loss(d) => {
            assert!(d < DTW_MASK as u32, "DTW too large for the solver's tables");
            LOSS | d as u16
        }
        Value::Draw => DRAW,
    }
}

fn decode(code: u16) -> Value {
    match code & !DTW_MASK {
        WIN => Value::Win((code & DTW_MASK) as u32),
        LOSS => Value::Loss((code & DTW_MASK) as u32),
        _ => Value::Draw,
    }
}

/// Slot of a material in the dense table array (each count 0..=7).
fn slot(m: &Material) -> usize {
    ((m.white_kings as usize * 8 + m.white_men as usize) * 8 + m.black_kings as usize) * 8
        + m.black_men as usize
}

/// How many positions disagree with their moves, and the first few (board, stored,
/// recomputed).
pub type Disagreements = (usize, Vec<(Board, Value, Value)>);

/// The solved values of every material up to some number of pieces, under one rule set.
pub struct Tables {
    pub rules: Rules,
    pub max_pieces: u32,
    pub materials: Vec<Material>,
    tables: Vec<Vec<u16>>,
}

impl Tables {
    /// Solves every material with 2..=max_pieces pieces under `rules`, with `threads` threads
    /// for the forward pass.
    pub fn solve(rules: Rules, max_pieces: u32, threads: usize) -> Tables {
        assert!(
            max_pieces <= 7,
            "the dense table array holds materials of up to 7 pieces"
        );
        let mut t = Tables {
            rules,
            max_pieces,
            materials: Material::all(max_pieces),
            tables: vec![Vec::new(); 8 * 8 * 8 * 8],
        };
        for m in t.materials.clone() {
            let table = t.solve_material(&m, threads.max(1));
            t.tables[slot(&m)] = table;
        }
        t
    }

    /// The stored value of a legal board of up to `max_pieces` pieces. A board whose side to
    /// move has no piece is a loss in 0 (it has no legal move).
    pub fn value(&self, b: &Board) -> Value {
        if b.own() == 0 {
            return Value::Loss(0);
        }
        let m = Material::of(b);
        let code = self.tables[slot(&m)][m.index(b)];
        assert!(
            code != NOT_A_POSITION && code != UNKNOWN,
            "no value for {}",
            b.fen()
        );
        decode(code)
    }

    fn code(&self, b: &Board) -> u16 {
        if b.own() == 0 {
            return LOSS;
        }
        let m = Material::of(b);
        self.tables[slot(&m)][m.index(b)]
    }

    /// Every position of a material with its value.
    pub fn for_each(&self, m: &Material, mut f: impl FnMut(&Board, Value)) {
        let table = &self.tables[slot(m)];
        for (idx, &code) in table.iter().enumerate() {
            if code == NOT_A_POSITION {
                continue;
            }
            let b = m.board(idx).expect("a stored value for a non-position");
            f(&b, decode(code));
        }
    }

    /// How many positions the material has (numbers that are positions).
    pub fn positions(&self, m: &Material) -> usize {
        self.tables[slot(m)]
            .iter()
            .filter(|&&c| c != NOT_A_POSITION)
            .count()
    }

    /// The value a position must have given its successors' stored values (the end-of-game
    /// rules first): one step of the fixpoint.
    pub fn value_from_successors(&self, b: &Board, moves: &mut Moves) -> Value {
        successors(b, self.rules, moves);
        if let Some(v) = game_end(b, self.rules, moves) {
            return v;
        }
        let mut best_loss: Option<u32> = None;
        let mut longest_win = 0;
        let mut all_wins = true;
        for m in moves.as_slice() {
            match self.value(&apply(b, m)) {
                Value::Loss(d) => best_loss = Some(best_loss.map_or(d, |x| x.min(d))),
                Value::Win(d) => longest_win = longest_win.max(d),
                Value::Draw => all_wins = false,
            }
        }
        if let Some(d) = best_loss {
            Value::Win(d + 1)
        } else if all_wins {
            Value::Loss(longest_win + 1)
        } else {
            Value::Draw
        }
    }

    /// Checks every position of the material against its successors; returns how many
    /// disagree and the first few (board, stored, recomputed).
    pub fn verify(&self, m: &Material, threads: usize) -> Disagreements {
        let size = m.size();
        let threads = threads.max(1);
        let chunk = size.div_ceil(threads).max(1);
        let results: Vec<Disagreements> = std::thread::scope(|s| {
            let handles: Vec<_> = (0..threads)
                .map(|t| {
                    s.spawn(move || {
                        let mut moves = Moves::new();
                        let mut count = 0;
                        let mut first = Vec::new();
                        for idx in t * chunk..((t + 1) * chunk).min(size) {
                            let Some(b) = m.board(idx) else { continue };
                            let stored = self.value(&b);
                            let recomputed = self.value_from_successors(&b, &mut moves);
                            if stored != recomputed {
                                count += 1;
                                if first.len() < 10 {
                                    first.push((b, stored, recomputed));
                                }
                            }
                        }
                        (count, first)
                    })
                })
                .collect();
            handles.into_iter().map(|h| h.join().unwrap()).collect()
        });
        let mut count = 0;
        let mut first = Vec::new();
        for (c, f) in results {
            count += c;
            first.extend(f);
        }
        first.truncate(10);
        (count, first)
    }

    // --------------------------------------------------------------------------------------
    // Solving one material
    // --------------------------------------------------------------------------------------

    fn solve_material(&self, m: &Material, threads: usize) -> Vec<u16> {
        let size = m.size();
        let mut val = vec![NOT_A_POSITION; size];
        // Quiet moves inside the material not yet known to reach a win.
        let mut count = vec![0u8; size];
        // For a possible loss: 1 + the largest DTW of the moves leaving the material (0 if
        // none); NEVER when one of them reaches a draw or a loss.
        let mut outside = vec![0u16; size];
        const NEVER: u16 = u16::MAX;
        // Pending settlements: (number, value code), by DTW.
        let mut levels: Vec<Vec<(u32, u16)>> = Vec::new();

        // 1. Forward pass, in chunks over threads.
        let chunk = size.div_ceil(threads).max(1);
        let pending: Vec<Vec<(u32, u16)>> = std::thread::scope(|s| {
            let handles: Vec<_> = val
                .chunks_mut(chunk)
                .zip(count.chunks_mut(chunk))
                .zip(outside.chunks_mut(chunk))
                .enumerate()
                .map(|(t, ((val, count), outside))| {
                    s.spawn(move || {
                        let mut moves = Moves::new();
                        let mut pending = Vec::new();
                        for (i, ((v, c), o)) in val
                            .iter_mut()
                            .zip(count.iter_mut())
                            .zip(outside.iter_mut())
                            .enumerate()
                        {
                            let idx = t * chunk + i;
                            let Some(b) = m.board(idx) else { continue };
                            successors(&b, self.rules, &mut moves);
                            if let Some(end) = game_end(&b, self.rules, &moves) {
                                *v = encode(end);
                                if end != Value::Draw {
                                    pending.push((idx as u32, *v));
                                }
                                continue;
                            }
                            *v = UNKNOWN;
                            let mut inside = 0u32;
                            let mut best_loss: Option<u32> = None;
                            let mut longest_win: Option<u32> = None;
                            let mut draw = false;
                            for mv in moves.as_slice() {
                                if mv.captured == 0 && !mv.crowned {
                                    inside += 1;
                                    continue;
                                }
                                match decode(self.code(&apply(&b, mv))) {
                                    Value::Loss(d) => {
                                        best_loss = Some(best_loss.map_or(d, |x| x.min(d)))
                                    }
                                    Value::Win(d) => {
                                        longest_win = Some(longest_win.map_or(d, |x| x.max(d)))
                                    }
                                    Value::Draw => draw = true,
                                }
                            }
                            *c = u8::try_from(inside).expect("too many quiet moves");
                            *o = if draw || best_loss.is_some() {
                                NEVER
                            } else {
                                longest_win.map_or(0, |d| d as u16 + 1)
                            };
                            if moves.is_capture() {
                                // Every move leaves the material: the value is known now.
                                let v_now = if let Some(d) = best_loss {
                                    Value::Win(d + 1)
                                } else if draw {
                                    Value::Draw
                                } else {
                                    Value::Loss(longest_win.expect("a capture") + 1)
                                };
                                *v = encode(v_now);
                                if v_now != Value::Draw {
                                    pending.push((idx as u32, *v));
                                }
                            } else if let Some(d) = best_loss {
                                // A candidate: a win in d + 1 unless a quiet move wins sooner.
                                pending.push((idx as u32, encode(Value::Win(d + 1))));
                            } else if inside == 0 && !draw {
                                // Only moves out of the material, all to wins: a loss.
                                let d = longest_win.expect("a move") + 1;
                                pending.push((idx as u32, encode(Value::Loss(d))));
                            }
                        }
                        pending
                    })
                })
                .collect();
            handles.into_iter().map(|h| h.join().unwrap()).collect()
        });
        for list in pending {
            for (idx, code) in list {
                let d = (code & DTW_MASK) as usize;
                if levels.len() <= d {
                    levels.resize(d + 1, Vec::new());
                }
                levels[d].push((idx, code));
            }
        }

        // 2. Levels, one DTW at a time. Settling the positions of one level is sequential;
        // following them to their predecessors is split over the threads: a predecessor's
        // value is set by compare-and-swap from UNKNOWN, its count falls atomically, and the
        // thread that brings a count to zero settles the loss. (A predecessor with a losing
        // successor can never reach zero, since that successor is never a win, so the two
        // writes never meet.)
        use std::sync::atomic::{AtomicU8, AtomicU16, Ordering::Relaxed};
        let val: Vec<AtomicU16> = val.into_iter().map(AtomicU16::new).collect();
        let count: Vec<AtomicU8> = count.into_iter().map(AtomicU8::new).collect();
        let outside = &outside;
        let strides = m.strides();
        let mut done = vec![false; size];
        let mut level = 0usize;
        let mut now: Vec<u32> = Vec::new();
        while level < levels.len() {
            now.clear();
            for &(idx, code) in &levels[level] {
                let i = idx as usize;
                let _ = val[i].compare_exchange(UNKNOWN, code, Relaxed, Relaxed);
                if !done[i] && val[i].load(Relaxed) == code {
                    done[i] = true;
                    now.push(idx);
                }
            }
            let d = level as u32;
            let per = now.len().div_ceil(threads).max(1);
            let (val, count) = (&val, &count);
            let found: Vec<Vec<(usize, u32, u16)>> = std::thread::scope(|s| {
                let handles: Vec<_> = now
                    .chunks(per)
                    .map(|part| {
                        s.spawn(move || {
                            let mut found = Vec::new();
                            for &idx in part {
                                let i = idx as usize;
                                let b = m.board(i).expect("a settled position");
                                let is_loss = val[i].load(Relaxed) & LOSS != 0;
                                let ranks = m.ranks(&b);
                                predecessors(&b, |q, g| {
                                    // Only group g changed, and the side to move.
                                    let r = m.rank_of_group(&q, g);
                                    let j = ((i ^ 1) as u64).wrapping_add(
                                        r.wrapping_sub(ranks[g]).wrapping_mul(strides[g]),
                                    ) as usize;
                                    debug_assert_eq!(j, m.index(&q));
                                    if val[j].load(Relaxed) != UNKNOWN {
                                        return;
                                    }
                                    if is_loss {
                                        let code = encode(Value::Win(d + 1));
                                        if val[j]
                                            .compare_exchange(UNKNOWN, code, Relaxed, Relaxed)
                                            .is_ok()
                                        {
                                            found.push((d as usize + 1, j as u32, code));
                                        }
                                    } else {
                                        let before = count[j].fetch_sub(1, Relaxed);
                                        assert!(before > 0, "a predecessor counted no quiet move");
                                        if before == 1 && outside[j] != NEVER {
                                            let dl = (d + 1).max(outside[j] as u32);
                                            let code = encode(Value::Loss(dl));
                                            if dl == d + 1 {
                                                val[j].store(code, Relaxed);
                                            }
                                            found.push((dl as usize, j as u32, code));
                                        }
                                    }
                                });
                            }
                            found
                        })
                    })
                    .collect();
                handles.into_iter().map(|h| h.join().unwrap()).collect()
            });
            for list in found {
                for (dl, j, code) in list {
                    push_level(&mut levels, dl, j, code);
                }
            }
            level += 1;
        }
        val.into_iter()
            .map(|v| match v.into_inner() {
                UNKNOWN => DRAW,
                v => v,
            })
            .collect()
    }
}

fn push_level(levels: &mut Vec<Vec<(u32, u16)>>, d: usize, idx: u32, code: u16) {
    if levels.len() <= d {
        levels.resize(d + 1, Vec::new());
    }
    levels[d].push((idx, code));
}

/// Every board one quiet, non-crowning move before `b`: the side that just moved (the one not
/// to move in `b`) takes one of its pieces back the way it came. A king slides back along a
/// rank or file over empty squares; a man steps back (towards its own side) or sideways, onto
/// an empty square of ranks 2 to 7. Whether that move was legal (no capture available) is for
/// the caller to know.
pub fn predecessors(b: &Board, mut f: impl FnMut(Board, usize)) {
    let mover_white = !b.white_to_move;
    let mine = if mover_white { b.white } else { b.black };
    let occupied = b.white | b.black;
    for to in 0..64u8 {
        if mine & bit(to) == 0 {
            continue;
        }
        let king = b.kings & bit(to) != 0;
        // The group (white kings, white men, black kings, black men) of the moved piece.
        let group = match (mover_white, king) {
            (true, true) => 0,
            (true, false) => 1,
            (false, true) => 2,
            (false, false) => 3,
        };
        let mut back = |from: u8| {
            let moved = |set: u64| set & !bit(to) | bit(from);
            let mut q = *b;
            if mover_white {
                q.white = moved(q.white);
            } else {
                q.black = moved(q.black);
            }
            if king {
                q.kings = moved(q.kings);
            }
            q.white_to_move = mover_white;
            f(q, group);
        };
        if king {
            for dir in [NORTH, SOUTH, EAST, WEST] {
                let mut cur = step(to, dir);
                while let Some(c) = cur {
                    if occupied & bit(c) != 0 {
                        break;
                    }
                    back(c);
                    cur = step(c, dir);
                }
            }
        } else {
            for dir in [opposite(forward(mover_white)), EAST, WEST] {
                if let Some(c) = step(to, dir) {
                    let rank = c >> 3;
                    if occupied & bit(c) == 0 && (1..=6).contains(&rank) {
                        back(c);
                    }
                }
            }
        }
    }
}

/// Positions of each material, for messages.
pub fn counts(t: &Tables) -> HashMap<Material, usize> {
    t.materials.iter().map(|m| (*m, t.positions(m))).collect()
}

/// The tables of up to 3 pieces under `rules`, solved once per test binary (two threads).
pub fn up_to_three(rules: Rules) -> &'static Tables {
    static DEFAULT: std::sync::OnceLock<Tables> = std::sync::OnceLock::new();
    static TUDAF: std::sync::OnceLock<Tables> = std::sync::OnceLock::new();
    let cell = match rules {
        Rules::Default => &DEFAULT,
        Rules::Tudaf => &TUDAF,
    };
    cell.get_or_init(|| Tables::solve(rules, 3, 2))
}

/// Reads a FEN of the form `W:Wa2,Kd4:Bh7` (side to move, then each side's list; `K` before
/// a king), for the tests' hand-written positions. Panics on a malformed text.
pub fn board(fen: &str) -> Board {
    let parts: Vec<&str> = fen.split(':').collect();
    assert_eq!(parts.len(), 3, "bad FEN {fen}");
    let mut b = Board {
        white: 0,
        black: 0,
        kings: 0,
        white_to_move: parts[0] == "W",
    };
    for part in &parts[1..] {
        let (white, list) = part.split_at(1);
        for item in list.split(',').filter(|s| !s.is_empty()) {
            let (king, sq) = match item.strip_prefix('K') {
                Some(rest) => (true, rest),
                None => (false, item),
            };
            let sq = sq.as_bytes();
            let s = (sq[1] - b'1') * 8 + (sq[0] - b'a');
            if white == "W" {
                b.white |= bit(s);
            } else {
                b.black |= bit(s);
            }
            if king {
                b.kings |= bit(s);
            }
        }
    }
    b
}
