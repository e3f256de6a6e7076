//! The crate's endgame tables (`turkish_draughts::tablebase`) against the independent solver
//! in `tests/solver/` and against a depth-limited alpha-beta search over the naive reference
//! generator in `tests/reference/`.
//!
//! * Every position of up to 3 pieces, both rule sets, WDL and DTW, in `cargo test`; up to 4
//!   pieces in the ignored tests, run in release by CI:
//!   `cargo test --release --test differential tablebase -- --ignored`.
//! * Random positions that the table says are drawn or decided within 12 plies, every
//!   material in turn, both sides to move (100 of 3 pieces in `cargo test`; 1 000 of 3 and
//!   10 000 of 4 pieces a rule set in the ignored tests): the search, whose moves the tables
//!   only order, finds a win or loss at exactly its DTW, and for a draw no forced end within
//!   12 plies for either side.
//! * 5 pieces against a directory of tables built beforehand, by hand
//!   ([`tablebase_five_pieces_against_a_built_directory`]).
//!
//! The tables are built with `Builder` into a fresh directory under the system's temporary
//! directory, removed at the end (also when a test fails). A disagreement is reported with the
//! position's FEN, the rule set and both values; the first ones are listed.

use crate::reference::{self, Cell, RefPos};
use crate::solver::{self, Board, Material, Rules, Tables, Value};

use std::collections::HashMap;
use std::path::PathBuf;
use std::time::Instant;

use turkish_draughts::tablebase::{Builder, ProbeError, Tablebase, Wdl};
use turkish_draughts::{Bitboard, Color, Position, RuleSet, Setup};

fn solver_rules(rules: RuleSet) -> Rules {
    match rules {
        RuleSet::Default => Rules::Default,
        RuleSet::Tudaf => Rules::Tudaf,
    }
}

fn ref_rules(rules: RuleSet) -> reference::Rules {
    match rules {
        RuleSet::Default => reference::Rules::Default,
        RuleSet::Tudaf => reference::Rules::Tudaf,
    }
}

/// The crate's position for a solver board.
fn position(b: &Board, rules: RuleSet) -> Position {
    let setup = Setup {
        white: Bitboard::from_u64(b.white),
        black: Bitboard::from_u64(b.black),
        kings: Bitboard::from_u64(b.kings),
        turn: if b.white_to_move {
            Color::White
        } else {
            Color::Black
        },
    };
    match Position::from_setup(&setup, rules) {
        Ok(p) => p,
        Err(e) => panic!(
            "the solver's board {} is not a legal position: {e}",
            b.fen()
        ),
    }
}

/// A directory of its own under the system's temporary directory, removed when dropped.
struct TempDir(PathBuf);

impl TempDir {
    fn new(tag: &str) -> TempDir {
        let nanos = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| d.as_nanos());
        let dir = std::env::temp_dir().join(format!(
            "turkish-draughts-tablebase-test-{tag}-{}-{nanos}",
            std::process::id()
        ));
        TempDir(dir)
    }
}

impl Drop for TempDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// Builds the crate's tables of up to `max` pieces and opens them.
fn build(rules: RuleSet, max: u32) -> (TempDir, Tablebase) {
    let dir = TempDir::new(&format!("{rules}-{max}"));
    let start = Instant::now();
    if let Err(e) = Builder::new(rules, dir.0.clone()).threads(2).build(max) {
        panic!("building the {rules} tables up to {max} pieces failed: {e}");
    }
    eprintln!(
        "{rules}: the crate's tables up to {max} pieces built in {:.1?}",
        start.elapsed()
    );
    let tb = match Tablebase::open(&dir.0, rules) {
        Ok(tb) => tb,
        Err(e) => panic!("opening the {rules} tables failed: {e}"),
    };
    assert_eq!(tb.max_pieces(), max, "{rules}: max_pieces");
    (dir, tb)
}

/// What the table says of a position: its WDL and DTW, or the probe's error.
fn probe(tb: &Tablebase, pos: &Position) -> Result<(Wdl, Option<u32>), String> {
    let wdl = tb.probe_wdl(pos).map_err(|e| format!("probe_wdl: {e}"))?;
    let dtw = tb.probe_dtw(pos).map_err(|e| format!("probe_dtw: {e}"))?;
    Ok((wdl, dtw))
}

fn expected(v: Value) -> (Wdl, Option<u32>) {
    match v {
        Value::Win(d) => (Wdl::Win, Some(d)),
        Value::Draw => (Wdl::Draw, None),
        Value::Loss(d) => (Wdl::Loss, Some(d)),
    }
}

/// Compares every position the solver solved with the table; panics listing the first
/// disagreements.
/// One thread's share of a comparison: positions checked, disagreements, the first ones,
/// and the count by material.
type PartReport = (usize, usize, Vec<String>, Vec<(String, usize)>);

fn compare_all(t: &Tables, tb: &Tablebase, rules: RuleSet) {
    let start = Instant::now();
    // Materials shared out over two threads (the tables are probed through `&Tablebase`).
    let parts: Vec<PartReport> = std::thread::scope(|s| {
        let handles: Vec<_> = (0..2)
            .map(|part| {
                s.spawn(move || {
                    let mut checked = 0usize;
                    let mut bad = 0usize;
                    let mut first: Vec<String> = Vec::new();
                    let mut per_material: Vec<(String, usize)> = Vec::new();
                    for m in t.materials.iter().skip(part).step_by(2) {
                        let mut bad_here = 0;
                        t.for_each(m, |b, v| {
                            checked += 1;
                            let pos = position(b, rules);
                            let want = expected(v);
                            let got = probe(tb, &pos);
                            if got.as_ref() != Ok(&want) {
                                bad += 1;
                                bad_here += 1;
                                if first.len() < 20 {
                                    first.push(format!(
                                        "{} ({rules}): solver {v:?}, table {got:?}",
                                        pos.to_fen()
                                    ));
                                }
                            }
                        });
                        if bad_here > 0 {
                            per_material.push((m.name(), bad_here));
                        }
                    }
                    (checked, bad, first, per_material)
                })
            })
            .collect();
        handles.into_iter().map(|h| h.join().unwrap()).collect()
    });
    let checked: usize = parts.iter().map(|p| p.0).sum();
    let bad: usize = parts.iter().map(|p| p.1).sum();
    let first: Vec<String> = parts.iter().flat_map(|p| p.2.clone()).take(20).collect();
    let per_material: Vec<(String, usize)> = parts.iter().flat_map(|p| p.3.clone()).collect();
    eprintln!(
        "{rules}: {checked} positions compared with the solver in {:.1?}",
        start.elapsed()
    );
    assert!(
        bad == 0,
        "{rules}: {bad} of {checked} positions disagree (by material {per_material:?}); the first:\n{}",
        first.join("\n")
    );
}

// ------------------------------------------------------------------------------------------
// Depth-limited alpha-beta over the reference generator
// ------------------------------------------------------------------------------------------

/// A won game's score: `MATE - n` is a win in `n` plies for the side to move, `-(MATE - n)` a
/// loss in `n`; 0 is a draw or not known within the depth.
const MATE: i32 = 1000;

fn to_ref(b: &Board) -> RefPos {
    let mut p = reference::empty_position(b.white_to_move);
    for s in 0..64 {
        let king = b.kings >> s & 1 == 1;
        if b.white >> s & 1 == 1 {
            p.cells[s] = if king {
                Cell::WhiteKing
            } else {
                Cell::WhiteMan
            };
        } else if b.black >> s & 1 == 1 {
            p.cells[s] = if king {
                Cell::BlackKing
            } else {
                Cell::BlackMan
            };
        }
    }
    p
}

/// A child's score seen from its parent: a win in `n` for the child is a loss in `n + 1`
/// for the parent, a loss in `n` a win in `n + 1`, and 0 stays 0.
fn shift(s: i32) -> i32 {
    match s {
        s if s > 0 => -(s - 1),
        s if s < 0 => -(s + 1),
        _ => 0,
    }
}

/// The inverse of [`shift`]: the child's score that the parent sees as `m`. Scores are 0 or
/// within the search's depth of `MATE` either way, so the window `(unshift(beta),
/// unshift(alpha))` holds exactly the children's scores that fall in `(alpha, beta)`.
fn unshift(m: i32) -> i32 {
    match m {
        m if m > 0 => -m - 1,
        m if m < 0 => -m + 1,
        _ => 0,
    }
}

/// A position packed into one `u64`, the search's key: its pieces in the order of their
/// squares, a byte each (the square in the low six bits, the piece in the top two: white man,
/// white king, black man, black king), how many there are in bits 56 to 59 and the side to
/// move in bit 63. Each position has exactly one key.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
struct Key(u64);

/// The most pieces a [`Key`] holds.
const KEY_PIECES: u32 = 7;

fn key_of(p: &RefPos) -> Key {
    let mut k = 0u64;
    let mut n = 0u32;
    for (s, c) in p.cells.iter().enumerate() {
        let kind: u64 = match c {
            Cell::Empty => continue,
            Cell::WhiteMan => 0,
            Cell::WhiteKing => 1,
            Cell::BlackMan => 2,
            Cell::BlackKing => 3,
        };
        assert!(
            n < KEY_PIECES,
            "the search's key holds at most {KEY_PIECES} pieces, not those of {}",
            reference::to_fen(p)
        );
        k |= (kind << 6 | s as u64) << (8 * n);
        n += 1;
    }
    Key(k | u64::from(n) << 56 | u64::from(p.white_to_move) << 63)
}

/// The pieces of a key: (square, piece kind as in [`Key`]).
fn key_pieces(k: Key) -> impl Iterator<Item = (usize, u64)> {
    (0..(k.0 >> 56 & 15)).map(move |i| {
        let byte = k.0 >> (8 * i) & 0xff;
        ((byte & 63) as usize, byte >> 6)
    })
}

fn ref_of(k: Key) -> RefPos {
    let mut p = reference::empty_position(k.0 >> 63 == 1);
    for (s, kind) in key_pieces(k) {
        p.cells[s] = match kind {
            0 => Cell::WhiteMan,
            1 => Cell::WhiteKing,
            2 => Cell::BlackMan,
            _ => Cell::BlackKing,
        };
    }
    p
}

fn board_of(k: Key) -> Board {
    let mut b = Board {
        white: 0,
        black: 0,
        kings: 0,
        white_to_move: k.0 >> 63 == 1,
    };
    for (s, kind) in key_pieces(k) {
        if kind < 2 {
            b.white |= 1 << s;
        } else {
            b.black |= 1 << s;
        }
        if kind & 1 == 1 {
            b.kings |= 1 << s;
        }
    }
    b
}

/// A quick hash for the search's tables (multiply and rotate; the keys are not hostile).
#[derive(Default)]
struct QuickHash(u64);

impl std::hash::Hasher for QuickHash {
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.write_u64(b as u64);
        }
    }
    fn write_u64(&mut self, n: u64) {
        self.0 = (self.0.rotate_left(5) ^ n).wrapping_mul(0x517c_c1b7_2722_0a95);
    }
    fn write_u32(&mut self, n: u32) {
        self.write_u64(n as u64);
    }
    fn write_u8(&mut self, n: u8) {
        self.write_u64(n as u64);
    }
}

type Quick = std::hash::BuildHasherDefault<QuickHash>;

/// What orders the moves of the search: a rank for the position a move leads to, lowest
/// first (the opponent's shortest losses, then draws, then its longest wins). Ordering only
/// changes how fast the search is, never the value it finds.
trait Guide: Sync {
    fn rank(&self, b: &Board) -> u32;
}

fn rank_of(v: Value) -> u32 {
    match v {
        Value::Loss(d) => d,
        Value::Draw => 10_000,
        Value::Win(d) => 20_000 - d,
    }
}

/// The true score (see [`seen`]) that a rank of [`rank_of`] stands for, if it is one.
fn score_of_rank(r: u16) -> Option<i32> {
    match i32::from(r) {
        r @ 0..=9_999 => Some(-(MATE - r)),
        10_000 => Some(0),
        r @ 10_001..=20_000 => Some(MATE - (20_000 - r)),
        _ => None,
    }
}

/// The solver's tables as a guide.
impl Guide for Tables {
    fn rank(&self, b: &Board) -> u32 {
        rank_of(self.value(b))
    }
}

/// The crate's tables as a guide (a board they cannot answer goes last).
struct TableGuide<'a> {
    tb: &'a Tablebase,
    rules: RuleSet,
}

impl Guide for TableGuide<'_> {
    fn rank(&self, b: &Board) -> u32 {
        if (if b.white_to_move { b.white } else { b.black }) == 0 {
            return 0;
        }
        // The distance first: a draw needs no second look at the WDL file.
        let pos = position(b, self.rules);
        let value = || {
            Ok::<_, ProbeError>(match self.tb.probe_dtw(&pos)? {
                None => Value::Draw,
                Some(d) => expected_value(self.tb.probe_wdl(&pos)?, d),
            })
        };
        value().map_or(30_000, rank_of)
    }
}

/// The score a search of depth `depth` gives a position whose true score is `t`.
///
/// The true score of a position is its score with no limit of depth: `MATE - n` when the side
/// to move wins in exactly `n` plies (the winner ends the game as soon as possible, the loser
/// puts it off as long as possible), `-(MATE - n)` when it loses in `n`, 0 when neither side
/// can force the end. A search of depth `d` sees exactly the ends within `d` plies: its score
/// is `t` when `|t| >= MATE - d` and 0 otherwise. This map keeps the order (it never
/// decreases), so a bound on the true score is a bound on every depth's score, and each
/// depth's result is a bound on the true score ([`true_lower`], [`true_upper`]): what one
/// search shows is kept for the position alone and serves searches of any depth.
fn seen(t: i32, depth: u32) -> i32 {
    if t.abs() >= MATE - depth as i32 { t } else { 0 }
}

/// What "the score at depth `depth` is at least `v`" says of the true score: at least `v`,
/// or for `v = 0` (no loss within `depth` plies) at least a loss in `depth + 1`.
fn true_lower(v: i32, depth: u32) -> i32 {
    if v == 0 {
        -(MATE - depth as i32 - 1)
    } else {
        v
    }
}

/// What "the score at depth `depth` is at most `v`" says of the true score: at most `v`,
/// or for `v = 0` (no win within `depth` plies) at most a win in `depth + 1`.
fn true_upper(v: i32, depth: u32) -> i32 {
    if v == 0 { MATE - depth as i32 - 1 } else { v }
}

/// What the search keeps of a position.
#[derive(Clone, Copy)]
struct Info {
    /// The end of the game here from the reference generator's moves: its score, or
    /// [`PLAYS_ON`], or [`NOT_YET`] before it is looked at.
    end: i16,
    /// The bounds shown so far on the position's true score (see [`seen`]).
    lo: i16,
    hi: i16,
    /// The guide's rank of the position, or [`NOT_RANKED`].
    rank: u16,
}

const PLAYS_ON: i16 = i16::MAX;
const NOT_YET: i16 = i16::MIN;
const NOT_RANKED: u16 = u16::MAX;

/// What nothing is known of yet.
const UNKNOWN: Info = Info {
    end: NOT_YET,
    lo: -MATE as i16,
    hi: MATE as i16,
    rank: NOT_RANKED,
};

/// The greatest size of a search's table of positions: `1 << 22` buckets of four positions,
/// 256 MiB.
const TABLE_BITS: u32 = 22;

/// How many lists of children a search keeps before it starts that table again.
const CHILDREN_CAP: usize = 1_000_000;

/// The positions a search has met and what it knows of each: a table in buckets of four (a
/// cache line), a position's bucket chosen by its key, that doubles when a bucket overflows
/// until it reaches its greatest size. From then on a new position takes the place of one
/// with no bounds shown, else of the bucket's next victim in turn. A cache of facts: what it
/// forgets is found again, and it never changes a result.
struct Known {
    buckets: Vec<Bucket>,
    bits: u32,
    victim: usize,
}

/// Four positions' keys (0 for an empty slot) and what is known of them: one cache line.
#[derive(Clone, Copy)]
#[repr(align(64))]
struct Bucket {
    keys: [u64; 4],
    infos: [Info; 4],
}

const EMPTY_BUCKET: Bucket = Bucket {
    keys: [0; 4],
    infos: [UNKNOWN; 4],
};

impl Known {
    /// A table of 4 096 buckets (64 bytes each), to grow up to `1 << TABLE_BITS`.
    fn new() -> Known {
        let bits = 12;
        Known {
            buckets: vec![EMPTY_BUCKET; 1 << bits],
            bits,
            victim: 0,
        }
    }

    fn bucket(&self, k: u64) -> usize {
        (k.wrapping_mul(0x9e37_79b9_7f4a_7c15) >> (64 - self.bits)) as usize
    }

    fn get(&self, k: Key) -> Option<&Info> {
        let b = &self.buckets[self.bucket(k.0)];
        let i = b.keys.iter().position(|&x| x == k.0)?;
        Some(&b.infos[i])
    }

    /// The table twice as large, holding what it held.
    fn grow(&mut self) {
        let old = std::mem::replace(&mut self.buckets, vec![EMPTY_BUCKET; 2 << self.bits]);
        self.bits += 1;
        for b in old {
            for (k, info) in b.keys.into_iter().zip(b.infos) {
                if k != 0 {
                    let at = self.bucket(k);
                    let slots = &mut self.buckets[at];
                    // Twice the buckets: each new one takes at most the four of an old one.
                    let i = slots
                        .keys
                        .iter()
                        .position(|&x| x == 0)
                        .expect("a free slot");
                    slots.keys[i] = k;
                    slots.infos[i] = info;
                }
            }
        }
    }

    /// The slot of `k`, taken (and emptied of what it held) if `k` has none.
    fn entry(&mut self, k: Key) -> &mut Info {
        let mut at = self.bucket(k.0);
        if let Some(i) = self.buckets[at].keys.iter().position(|&x| x == k.0) {
            return &mut self.buckets[at].infos[i];
        }
        while self.buckets[at].keys.iter().all(|&x| x != 0) && self.bits < TABLE_BITS {
            self.grow();
            at = self.bucket(k.0);
        }
        let b = &mut self.buckets[at];
        let no_bounds = |i: &usize| b.infos[*i].lo == -MATE as i16 && b.infos[*i].hi == MATE as i16;
        let i = match b.keys.iter().position(|&x| x == 0) {
            Some(i) => i,
            None => match (0..4).find(no_bounds) {
                Some(i) => i,
                None => {
                    self.victim = (self.victim + 1) & 3;
                    self.victim
                }
            },
        };
        b.keys[i] = k.0;
        b.infos[i] = UNKNOWN;
        &mut b.infos[i]
    }
}

struct Search<'a> {
    rules: reference::Rules,
    /// The tables that order the moves.
    guide: &'a dyn Guide,
    /// Each position met: its end of game, its rank and the bounds shown on its true score.
    info: Known,
    /// The positions the legal moves of a position lead to, best first by the guide when
    /// the flag says they are sorted.
    children: HashMap<Key, (std::rc::Rc<[Key]>, bool), Quick>,
    /// Calls of the search, and the positions whose moves the reference generator listed.
    nodes: u64,
    generated: u64,
    /// The positions the guide ranked.
    ranked: u64,
}

impl<'a> Search<'a> {
    fn new(rules: reference::Rules, guide: &'a dyn Guide) -> Search<'a> {
        Search {
            rules,
            guide,
            info: Known::new(),
            children: HashMap::default(),
            nodes: 0,
            generated: 0,
            ranked: 0,
        }
    }

    /// The end of the game (RULES.md, section 6), written here from the rules: the side to
    /// move with no legal move loses; one piece each, default rules: a lone king beats a lone
    /// man at once, two lone kings draw unless the side to move can capture, two lone men
    /// play on; federation rules: a draw at once. The reference generator answers whether the
    /// side to move has a move and whether it can capture.
    fn game_end(&self, p: &RefPos) -> Option<i32> {
        if !reference::has_legal_move(p) {
            return Some(-MATE);
        }
        let is_white = |c: &&Cell| **c == Cell::WhiteMan || **c == Cell::WhiteKing;
        let is_black = |c: &&Cell| **c == Cell::BlackMan || **c == Cell::BlackKing;
        let mut white = p.cells.iter().filter(is_white);
        let mut black = p.cells.iter().filter(is_black);
        let (Some(&w), None, Some(&b), None) =
            (white.next(), white.next(), black.next(), black.next())
        else {
            return None;
        };
        if self.rules == reference::Rules::Tudaf {
            return Some(0);
        }
        let (mine, theirs) = if p.white_to_move { (w, b) } else { (b, w) };
        let king = |c: Cell| c == Cell::WhiteKing || c == Cell::BlackKing;
        match (king(mine), king(theirs)) {
            (true, false) => Some(MATE),
            (false, true) => Some(-MATE),
            (true, true) if reference::can_capture(p) => None,
            (true, true) => Some(0),
            (false, false) => None,
        }
    }

    /// What is known of `k`, with its end of game looked at.
    fn info(&mut self, k: Key) -> Info {
        let i = *self.info.entry(k);
        if i.end != NOT_YET {
            return i;
        }
        let end = self.game_end(&ref_of(k)).map_or(PLAYS_ON, |e| e as i16);
        let e = self.info.entry(k);
        e.end = end;
        *e
    }

    /// The guide's rank of `k` (kept: the same positions are ranked again and again).
    fn rank(&mut self, k: Key) -> u16 {
        let r = self.info.entry(k).rank;
        if r != NOT_RANKED {
            return r;
        }
        self.ranked += 1;
        let r = u16::try_from(self.guide.rank(&board_of(k))).expect("ranks are below 65 535");
        self.info.entry(k).rank = r;
        r
    }

    /// The positions the legal moves at `k` lead to (a position where play goes on); best
    /// first by the guide if `sorted` (or if they were ranked before), else in the generator's
    /// order; and whether they are in the guide's order. Ordering only changes how fast the
    /// search is, never what it finds.
    fn children(&mut self, k: Key, sorted: bool) -> (std::rc::Rc<[Key]>, bool) {
        let known = match self.children.get(&k) {
            Some((c, done)) if *done || !sorted => return (c.clone(), *done),
            Some((c, _)) => Some(c.clone()),
            None => None,
        };
        let list: Vec<Key> = match known {
            Some(c) => c.to_vec(),
            None => {
                let p = ref_of(k);
                self.generated += 1;
                reference::legal_moves(&p, self.rules)
                    .iter()
                    .map(|m| key_of(&reference::apply(&p, m)))
                    .collect()
            }
        };
        let list: std::rc::Rc<[Key]> = if sorted {
            let mut ranked: Vec<(u16, Key)> = list.iter().map(|&c| (self.rank(c), c)).collect();
            ranked.sort_by_key(|&(rank, _)| rank);
            ranked.into_iter().map(|(_, c)| c).collect()
        } else {
            list.into()
        };
        if self.children.len() >= CHILDREN_CAP {
            self.children.clear();
        }
        self.children.insert(k, (list.clone(), sorted));
        (list, sorted)
    }

    /// Negamax with alpha-beta (fail-soft) and the bounds kept by position. Scores are counted
    /// from this node: a child's win in `n` is this node's loss in `n + 1`.
    ///
    /// `cut` says whether the node is expected to fail high, where the first move the guide
    /// ranks best should end the search; the children of such a node are expected to fail
    /// low, and theirs to fail high again. A node expected to fail low searches every move, so
    /// its moves are not ranked (the guide's probes are half the search's time). The
    /// expectation only orders moves: it never changes a result.
    fn search(&mut self, p: Key, depth: u32, alpha: i32, beta: i32, cut: bool) -> i32 {
        self.nodes += 1;
        let info = self.info(p);
        if info.end != PLAYS_ON {
            return i32::from(info.end);
        }
        if depth == 0 {
            return 0;
        }
        // What the bounds already shown say of this depth's score.
        let lo = seen(i32::from(info.lo), depth);
        let hi = seen(i32::from(info.hi), depth);
        if lo == hi || lo >= beta {
            return lo;
        }
        if hi <= alpha {
            return hi;
        }
        // In the generator's order, or the guide's if the moves were ranked before.
        let (children, sorted) = self.children(p, false);
        // Whether the guide's order is worth its probes here: not one ply from the horizon,
        // where the children are only looked at for their end of game.
        let ordered = cut && depth >= 2;
        // A child already known to give a cutoff ends the search here without a search of
        // the children before it.
        if depth >= 2 {
            for &c in children.iter() {
                let Some(ci) = self.info.get(c) else {
                    continue;
                };
                let at_most = match ci.end {
                    NOT_YET | PLAYS_ON => seen(i32::from(ci.hi), depth - 1),
                    end => i32::from(end),
                };
                let at_least = shift(at_most);
                if at_least >= beta {
                    let e = self.info.entry(p);
                    e.lo = e.lo.max(true_lower(at_least, depth) as i16);
                    return at_least;
                }
            }
        }
        let mut best = -MATE - 1;
        let mut a = alpha;
        // At a node expected to fail high whose moves are not ranked yet, the children are
        // ranked in the generator's order and the first that the guide says gives a cutoff
        // is searched at once: most such nodes then rank a few children, not all.
        if ordered && !sorted {
            for &c in children.iter() {
                let expected = score_of_rank(self.rank(c)).map(|t| shift(seen(t, depth - 1)));
                if expected.is_some_and(|e| e >= beta) {
                    let s = shift(self.search(c, depth - 1, unshift(beta), unshift(a), false));
                    best = best.max(s);
                    a = a.max(best);
                    if a >= beta {
                        break;
                    }
                }
            }
        }
        let children = if a < beta && ordered && !sorted {
            self.children(p, true).0
        } else {
            children
        };
        for &c in children.iter() {
            if a >= beta {
                break;
            }
            // The child's window: the scores whose shift (below) falls in this one's.
            let s = self.search(c, depth - 1, unshift(beta), unshift(a), !cut);
            let mine = shift(s);
            if mine > best {
                best = mine;
            }
            if best > a {
                a = best;
            }
        }
        // Fail-soft: below the window `best` is an upper bound, above it a lower bound,
        // inside it the score.
        let e = self.info.entry(p);
        if best < beta {
            e.hi = e.hi.min(true_upper(best, depth) as i16);
        }
        if best > alpha {
            e.lo = e.lo.max(true_lower(best, depth) as i16);
        }
        assert!(
            e.lo <= e.hi,
            "the search contradicts itself at {}: true score at least {} and at most {}",
            reference::to_fen(&ref_of(p)),
            e.lo,
            e.hi
        );
        best
    }

    /// The search's score of a position when it is `want`, shown by two null-window searches
    /// (at least `want`, then at most `want`); otherwise the score of a full-window search.
    fn score(&mut self, root: Key, depth: u32, want: i32) -> i32 {
        let at_least = self.search(root, depth, want - 1, want, true) >= want;
        if at_least && self.search(root, depth, want, want + 1, false) <= want {
            want
        } else {
            self.search(root, depth, -MATE - 1, MATE + 1, true)
        }
    }
}

/// A small random number generator (xorshift64*).
struct Rng(u64);

impl Rng {
    fn below(&mut self, n: u64) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_f491_4f6c_dd1d) % n
    }
}

/// The deepest win or loss the search checks, and the depth of the search of a draw.
const DEPTH: u32 = 12;

/// One position the search checks: the board, its FEN and the table's value.
struct Sample {
    board: Board,
    fen: String,
    wdl: Wdl,
    dtw: Option<u32>,
}

/// What a check found: how many positions of each kind it searched, and the disagreements.
#[derive(Default)]
struct Tally {
    done: usize,
    draws: usize,
    by_dtw: [usize; DEPTH as usize + 1],
    black_to_move: usize,
    captures: usize,
    crownings: usize,
    nodes: u64,
    generated: u64,
    ranked: u64,
    /// Time spent searching draws and decided positions, and the longest single search.
    draw_time: std::time::Duration,
    decided_time: std::time::Duration,
    longest: std::time::Duration,
    bad: Vec<String>,
}

/// `count` random positions of the materials `materials` (taken in turn, so that every one
/// is drawn, and within a material uniformly among its positions) whose table value is a draw
/// or a win or loss in at most [`DEPTH`] plies.
fn draw_samples(
    tb: &Tablebase,
    rules: RuleSet,
    materials: &[Material],
    count: usize,
    seed: u64,
) -> Vec<Sample> {
    let mut rng = Rng(seed | 1);
    let mut out = Vec::with_capacity(count);
    let mut tries = 0usize;
    let mut turn = 0usize;
    while out.len() < count {
        let m = materials[turn % materials.len()];
        // A material with few positions within reach gets more tries before its turn passes.
        let mut found = None;
        for _ in 0..100_000 {
            tries += 1;
            let Some(b) = m.board(rng.below(m.size() as u64) as usize) else {
                continue;
            };
            let pos = position(&b, rules);
            let (wdl, dtw) = match probe(tb, &pos) {
                Ok(x) => x,
                Err(e) => panic!("{} ({rules}): {e}", pos.to_fen()),
            };
            if wdl == Wdl::Draw || dtw.is_some_and(|d| d <= DEPTH) {
                found = Some(Sample {
                    board: b,
                    fen: pos.to_fen(),
                    wdl,
                    dtw,
                });
                break;
            }
        }
        if let Some(s) = found {
            out.push(s);
        }
        turn += 1;
        assert!(
            turn < 100 * count,
            "{rules}: too few positions within {DEPTH} plies or drawn"
        );
    }
    eprintln!(
        "{rules}: {count} positions of {} materials drawn from {tries} tries",
        materials.len()
    );
    out
}

/// Searches each sample over the reference generator: a win or loss in `d` plies must be
/// exactly that score at depth `d` (nothing faster, nothing slower); a draw must score 0 at
/// depth [`DEPTH`]: no forced end within that depth for either side. `solver`, when given,
/// must also agree with the table.
fn search_samples(
    samples: &[&Sample],
    guide: &dyn Guide,
    rules: RuleSet,
    solver: Option<&Tables>,
) -> Tally {
    let mut search = Search::new(ref_rules(rules), guide);
    let mut t = Tally::default();
    for s in samples {
        let root = key_of(&to_ref(&s.board));
        let p = to_ref(&s.board);
        let moves = reference::legal_moves(&p, ref_rules(rules));
        t.captures += usize::from(moves.iter().any(|m| m.captured != 0));
        t.crownings += usize::from(moves.iter().any(|m| m.crowned));
        t.black_to_move += usize::from(!s.board.white_to_move);
        let (depth, want) = match (s.wdl, s.dtw) {
            (Wdl::Win, Some(d)) => (d, MATE - d as i32),
            (Wdl::Loss, Some(d)) => (d, -(MATE - d as i32)),
            (Wdl::Draw, None) => (DEPTH, 0),
            (wdl, dtw) => panic!("{} ({rules}): table {wdl:?} with DTW {dtw:?}", s.fen),
        };
        let started = Instant::now();
        let nodes_before = search.nodes;
        let got = search.score(root, depth, want);
        let took = started.elapsed();
        if took.as_secs() >= 10 {
            eprintln!(
                "{rules}: {} ({:?} in {:?}) took {took:.1?}, {} nodes",
                s.fen,
                s.wdl,
                s.dtw,
                search.nodes - nodes_before
            );
        }
        if s.dtw.is_some() {
            t.decided_time += took;
        } else {
            t.draw_time += took;
        }
        t.longest = t.longest.max(took);
        t.done += 1;
        match s.dtw {
            Some(d) => t.by_dtw[d as usize] += 1,
            None => t.draws += 1,
        }
        let solver_value = solver.map(|st| st.value(&s.board));
        let dtw = s.dtw.unwrap_or(0);
        if samples.len() >= 100 && t.done % (samples.len() / 20).max(50) == 0 {
            eprintln!(
                "{rules}: {} of {} searched on this thread, {} disagreeing so far",
                t.done,
                samples.len(),
                t.bad.len()
            );
        }
        if got != want || solver_value.is_some_and(|v| v != expected_value(s.wdl, dtw)) {
            t.bad.push(format!(
                "{} ({rules}): table {:?} in {:?}, search score {got} at depth {depth} \
                 (want {want}), solver {solver_value:?}",
                s.fen, s.wdl, s.dtw
            ));
        }
    }
    t.nodes = search.nodes;
    t.generated = search.generated;
    t.ranked = search.ranked;
    t
}

/// Draws `count` random positions of `pieces` pieces (every material of that many, both sides
/// to move) that the table says are drawn or decided within [`DEPTH`] plies, and checks them
/// with the search on two threads; panics listing the first disagreements.
fn alpha_beta_agrees(
    tb: &Tablebase,
    guide: &dyn Guide,
    rules: RuleSet,
    pieces: u32,
    only: Option<&[String]>,
    count: usize,
    solver: Option<&Tables>,
) {
    let start = Instant::now();
    let materials: Vec<Material> = Material::all(pieces)
        .into_iter()
        .filter(|m| m.pieces() == pieces && only.is_none_or(|o| o.contains(&m.name())))
        .collect();
    // Every name asked for must be a material of that many pieces: a misspelt one would
    // otherwise narrow the sample without a word.
    for name in only.unwrap_or_default() {
        assert!(
            materials.iter().any(|m| m.name() == *name),
            "TD_TABLEBASE_MATERIALS: {name:?} is not a material of {pieces} pieces \
             (a name is White's kings K and men M, then v, then Black's: KMvK)"
        );
    }
    assert!(
        !materials.is_empty(),
        "no material of {pieces} pieces among {only:?}"
    );
    // Crowning needs a man: a sample of kings alone cannot have one.
    let with_men = materials.iter().any(|m| m.name().contains('M'));
    let seed = 0x2545_f491_4f6c_dd1d ^ pieces as u64 ^ (rules as u64) << 32;
    let samples = draw_samples(tb, rules, &materials, count, seed);
    let threads = threads_from_env();
    let tallies: Vec<Tally> = std::thread::scope(|s| {
        let handles: Vec<_> = (0..threads)
            .map(|i| {
                let part: Vec<&Sample> = samples.iter().skip(i).step_by(threads).collect();
                s.spawn(move || search_samples(&part, guide, rules, solver))
            })
            .collect();
        handles.into_iter().map(|h| h.join().unwrap()).collect()
    });
    let mut t = Tally::default();
    for p in tallies {
        t.done += p.done;
        t.draws += p.draws;
        for (a, b) in t.by_dtw.iter_mut().zip(p.by_dtw) {
            *a += b;
        }
        t.black_to_move += p.black_to_move;
        t.captures += p.captures;
        t.crownings += p.crownings;
        t.nodes += p.nodes;
        t.generated += p.generated;
        t.ranked += p.ranked;
        t.draw_time += p.draw_time;
        t.decided_time += p.decided_time;
        t.longest = t.longest.max(p.longest);
        t.bad.extend(p.bad);
    }
    eprintln!(
        "{rules}: {} positions of {pieces} pieces searched in {:.1?} on {threads} threads ({} nodes, \
         {} move lists from the reference generator, {} positions ranked by the guide; draws {} searched in {:.1?}, DTW 0..={DEPTH}: {:?} \
         in {:.1?}, the longest one {:.1?}; black to move {}, a capture to make {}, a crowning move {})",
        t.done,
        start.elapsed(),
        t.nodes,
        t.generated,
        t.ranked,
        t.draws,
        t.draw_time,
        t.by_dtw,
        t.decided_time,
        t.longest,
        t.black_to_move,
        t.captures,
        t.crownings
    );
    assert!(
        t.bad.is_empty(),
        "{} of {} disagree:\n{}",
        t.bad.len(),
        t.done,
        t.bad[..t.bad.len().min(20)].join("\n")
    );
    if count >= 1000 {
        assert!(
            t.draws > 0 && t.captures > 0 && (t.crownings > 0 || !with_men) && t.black_to_move > 0,
            "{rules}: the sample lacks draws, captures, crownings or Black to move"
        );
    }
}

fn expected_value(wdl: Wdl, d: u32) -> Value {
    match wdl {
        Wdl::Win => Value::Win(d),
        Wdl::Loss => Value::Loss(d),
        Wdl::Draw => Value::Draw,
    }
}

/// Builds the crate's tables up to `max` pieces, compares them with the solver, then runs
/// the alpha-beta check on `count` random positions of each number of pieces in `searches`.
fn check(rules: RuleSet, max: u32, searches: &[(u32, usize)]) {
    let (_dir, tb) = build(rules, max);
    let start = Instant::now();
    let solved;
    let t: &Tables = if max == 3 {
        solver::up_to_three(solver_rules(rules))
    } else {
        solved = Tables::solve(solver_rules(rules), max, 2);
        &solved
    };
    eprintln!(
        "{rules}: the solver up to {max} pieces in {:.1?}",
        start.elapsed()
    );
    compare_all(t, &tb, rules);
    for &(pieces, count) in searches {
        alpha_beta_agrees(&tb, t, rules, pieces, None, count, Some(t));
    }
}

#[test]
fn up_to_three_pieces_default_rules() {
    check(RuleSet::Default, 3, &[(3, 100)]);
}

#[test]
fn up_to_three_pieces_federation_rules() {
    check(RuleSet::Tudaf, 3, &[(3, 100)]);
}

/// `cargo test --release --test differential tablebase -- --ignored`
#[test]
#[ignore]
fn up_to_four_pieces_default_rules() {
    check(
        RuleSet::Default,
        4,
        &[(3, 1000), (4, four_piece_searches())],
    );
}

/// `cargo test --release --test differential tablebase -- --ignored`
#[test]
#[ignore]
fn up_to_four_pieces_federation_rules() {
    check(RuleSet::Tudaf, 4, &[(3, 1000), (4, four_piece_searches())]);
}

/// How many random 4-piece positions each rule set's ignored test searches:
/// [`FOUR_PIECE_SEARCHES`], or `TD_TABLEBASE_COUNT`.
fn four_piece_searches() -> usize {
    count_from_env(FOUR_PIECE_SEARCHES)
}

/// The number of random 4-piece positions a rule set searched in CI: about two and a half
/// minutes of one core's time a rule set (PERFORMANCE.md, "Endgame tables").
const FOUR_PIECE_SEARCHES: usize = 10_000;

/// How many threads search the samples: `TD_TABLEBASE_THREADS` when set (1 to 64), else 2.
fn threads_from_env() -> usize {
    match std::env::var("TD_TABLEBASE_THREADS") {
        Ok(n) => match n.parse::<usize>() {
            Ok(n @ 1..=64) => n,
            _ => panic!("TD_TABLEBASE_THREADS must be 1 to 64, not {n:?}"),
        },
        Err(_) => 2,
    }
}

/// `TD_TABLEBASE_COUNT` when set (a positive number), else `default`.
fn count_from_env(default: usize) -> usize {
    match std::env::var("TD_TABLEBASE_COUNT") {
        Ok(n) => match n.parse::<usize>() {
            Ok(n) if n > 0 => n,
            _ => panic!("TD_TABLEBASE_COUNT must be a positive number, not {n:?}"),
        },
        Err(_) => default,
    }
}

/// 5 pieces, against a directory of tables built beforehand (every material up to 5 pieces of
/// one rule set, e.g. with `cargo run --release --example tablebase -- build --rules default
/// --pieces 5 --dir DIR`, about 45 minutes):
///
/// ```text
/// TD_TABLEBASE_DIR=DIR TD_TABLEBASE_RULES=default cargo test --release --test differential \
///     tablebase_five -- --ignored
/// ```
///
/// 10 000 random 5-piece positions (every 5-piece material in turn, both sides to move) that
/// the tables say are drawn or decided within 12 plies, each searched by alpha-beta over the
/// reference generator (the tables only order the moves): a win or loss must be found at
/// exactly its DTW, and a draw must have no forced end within 12 plies for either side.
/// `TD_TABLEBASE_COUNT` sets another number of positions, `TD_TABLEBASE_PIECES` another
/// number of pieces (2 to 6), `TD_TABLEBASE_MATERIALS` a comma-separated list of the
/// materials to draw from (e.g. `KvKKKKK,KKKKKvK`, for a directory holding only those
/// tables and their inputs' files). Skipped, saying so, when `TD_TABLEBASE_DIR` is unset.
#[test]
#[ignore]
fn tablebase_five_pieces_against_a_built_directory() {
    let Some(dir) = std::env::var_os("TD_TABLEBASE_DIR") else {
        eprintln!(
            "skipped: set TD_TABLEBASE_DIR to a directory of tables up to 5 pieces (and \
             TD_TABLEBASE_RULES to default or tudaf) to search 10 000 random 5-piece positions"
        );
        return;
    };
    let rules = match std::env::var("TD_TABLEBASE_RULES").as_deref() {
        Ok("default") | Err(std::env::VarError::NotPresent) => RuleSet::Default,
        Ok("tudaf") => RuleSet::Tudaf,
        other => panic!("TD_TABLEBASE_RULES must be default or tudaf, not {other:?}"),
    };
    let count = count_from_env(10_000);
    let pieces = match std::env::var("TD_TABLEBASE_PIECES") {
        Ok(n) => match n.parse::<u32>() {
            Ok(n @ 2..=6) => n,
            _ => panic!("TD_TABLEBASE_PIECES must be 2 to 6, not {n:?}"),
        },
        Err(_) => 5,
    };
    let only: Option<Vec<String>> = std::env::var("TD_TABLEBASE_MATERIALS")
        .ok()
        .map(|list| list.split(',').map(str::to_string).collect());
    let tb = match Tablebase::open(&dir, rules) {
        Ok(tb) => tb,
        Err(e) => panic!("opening the {rules} tables in {dir:?} failed: {e}"),
    };
    assert!(
        tb.max_pieces() >= pieces,
        "{dir:?} holds tables up to {} pieces, not {pieces}",
        tb.max_pieces()
    );
    let guide = TableGuide { tb: &tb, rules };
    alpha_beta_agrees(&tb, &guide, rules, pieces, only.as_deref(), count, None);
}

/// A guide that puts the moves in the worst order it knows (the opponent's longest wins
/// first): the search must find the same scores, only more slowly.
struct Backwards<'a>(&'a dyn Guide);

impl Guide for Backwards<'_> {
    fn rank(&self, b: &Board) -> u32 {
        40_000 - self.0.rank(b)
    }
}

/// Whether the search accepts `want` as the score of `root` at `depth`, asked with a search
/// that keeps what earlier questions showed and with a fresh one.
fn accepts(kept: &mut Search, guide: &dyn Guide, root: Key, depth: u32, want: i32) -> [bool; 2] {
    let mut fresh = Search::new(kept.rules, guide);
    [
        kept.score(root, depth, want) == want,
        fresh.score(root, depth, want) == want,
    ]
}

/// The search check can fail. For positions of 3 pieces, both rule sets, several materials,
/// the solver's value is accepted, and a wrong one is refused: a DTW one or two plies short or
/// long, a win told as a loss and the reverse, a draw for a position decided within 12 plies,
/// and a win or loss within 12 plies for a drawn position. Each is asked of a search that
/// keeps what it showed of earlier questions (the right value's included) and of a fresh
/// one, guided by the solver's tables and by the same tables backwards.
#[test]
fn the_search_refuses_wrong_values() {
    for rule_set in [RuleSet::Default, RuleSet::Tudaf] {
        let rules = solver_rules(rule_set);
        let t = solver::up_to_three(rules);
        let backwards = Backwards(t);
        let guides: [&dyn Guide; 2] = [t, &backwards];
        let (mut total_decided, mut total_drawn) = (0, 0);
        let ref_rules = ref_rules(rule_set);
        for name in ["MMvK", "KMvK", "KKvM", "KvMM"] {
            let m = Material::all(3)
                .into_iter()
                .find(|m| m.name() == name)
                .unwrap_or_else(|| panic!("no material {name}"));
            for guide in guides {
                let mut search = Search::new(ref_rules, guide);
                let mut rng = Rng(0x9e37_79b9_7f4a_7c15 ^ m.size() as u64);
                let (mut decided, mut drawn, mut tries) = (0, 0, 0);
                while (decided < 4 || drawn < 2) && tries < 100_000 {
                    tries += 1;
                    let Some(b) = m.board(rng.below(m.size() as u64) as usize) else {
                        continue;
                    };
                    let root = key_of(&to_ref(&b));
                    let what = |v: &str| format!("{rules:?} {} told {v}", b.fen());
                    match t.value(&b) {
                        Value::Draw if drawn < 2 => {
                            drawn += 1;
                            let ok = accepts(&mut search, guide, root, DEPTH, 0);
                            assert_eq!(ok, [true, true], "{}", what("a draw"));
                            for d in [1, 2, 5, 8, 11, 12] {
                                for want in [MATE - d as i32, -(MATE - d as i32)] {
                                    let ok = accepts(&mut search, guide, root, d, want);
                                    assert_eq!(ok, [false, false], "{}", what(&format!("{want}")));
                                }
                            }
                        }
                        v @ (Value::Win(d) | Value::Loss(d))
                            if decided < 4 && (3..=10).contains(&d) =>
                        {
                            decided += 1;
                            let sign = if matches!(v, Value::Win(_)) { 1 } else { -1 };
                            let right = sign * (MATE - d as i32);
                            let ok = accepts(&mut search, guide, root, d, right);
                            assert_eq!(ok, [true, true], "{}", what("its value"));
                            for wrong_d in [d - 2, d - 1, d + 1, d + 2] {
                                let wrong = sign * (MATE - wrong_d as i32);
                                let ok = accepts(&mut search, guide, root, wrong_d, wrong);
                                assert_eq!(ok, [false, false], "{}", what(&format!("{wrong}")));
                            }
                            let ok = accepts(&mut search, guide, root, d, -right);
                            assert_eq!(ok, [false, false], "{}", what("the other side's win"));
                            let ok = accepts(&mut search, guide, root, DEPTH, 0);
                            assert_eq!(ok, [false, false], "{}", what("a draw"));
                        }
                        _ => {}
                    }
                }
                total_decided += decided;
                total_drawn += drawn;
            }
        }
        assert!(
            total_decided >= 12 && total_drawn >= 6,
            "{rules:?}: {total_decided} decided and {total_drawn} drawn positions asked"
        );
    }
}
