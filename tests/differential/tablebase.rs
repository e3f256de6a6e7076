//! The crate's endgame tables (`turkish_draughts::tablebase`) against the independent solver
//! in `tests/solver/` and against a depth-limited alpha-beta search over the naive reference
//! generator in `tests/reference/`.
//!
//! * Every position of up to 3 pieces, both rule sets, WDL and DTW, in `cargo test`; up to 4
//!   pieces in the ignored tests, run in release by CI:
//!   `cargo test --release --test differential tablebase -- --ignored`.
//! * 1 000 random positions of 3 pieces (4 in the ignored tests) whose table DTW is at most 12:
//!   an alpha-beta search of that depth finds the same value.
//!
//! The tables are built with `Builder` into a fresh directory under the system's temporary
//! directory, removed at the end (also when a test fails). A disagreement is reported with the
//! position's FEN, the rule set and both values; the first ones are listed.

use crate::reference::{self, Cell, RefPos};
use crate::solver::{self, Board, Material, Rules, Tables, Value};

use std::collections::HashMap;
use std::path::PathBuf;
use std::time::Instant;

use turkish_draughts::tablebase::{Builder, Tablebase, Wdl};
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
    if let Err(e) = Builder::new(rules, dir.0.clone())
        .threads(2)
        .progress(false)
        .build(max)
    {
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

#[derive(Clone, Copy)]
enum Bound {
    Exact,
    Lower,
    Upper,
}

/// A position as three sets and the side to move: a small key for the search's tables.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
struct Key {
    white: u64,
    black: u64,
    kings: u64,
    white_to_move: bool,
}

fn key_of(p: &RefPos) -> Key {
    let mut k = Key {
        white: 0,
        black: 0,
        kings: 0,
        white_to_move: p.white_to_move,
    };
    for (s, c) in p.cells.iter().enumerate() {
        match c {
            Cell::WhiteMan => k.white |= 1 << s,
            Cell::WhiteKing => {
                k.white |= 1 << s;
                k.kings |= 1 << s;
            }
            Cell::BlackMan => k.black |= 1 << s,
            Cell::BlackKing => {
                k.black |= 1 << s;
                k.kings |= 1 << s;
            }
            Cell::Empty => {}
        }
    }
    k
}

fn ref_of(k: &Key) -> RefPos {
    to_ref(&Board {
        white: k.white,
        black: k.black,
        kings: k.kings,
        white_to_move: k.white_to_move,
    })
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

/// A position's end of game (if it ends) and the positions its legal moves lead to, from the
/// reference generator; kept, since searches meet the same positions again and again.
struct Node {
    end: Option<i32>,
    children: std::rc::Rc<[Key]>,
}

struct Search<'a> {
    rules: reference::Rules,
    /// The solver's tables, to try the best moves first.
    guide: &'a Tables,
    nodes_seen: HashMap<Key, Node, Quick>,
    table: HashMap<(Key, u32), (i32, Bound), Quick>,
    nodes: u64,
}

impl<'a> Search<'a> {
    fn new(rules: reference::Rules, guide: &'a Tables) -> Search<'a> {
        Search {
            rules,
            guide,
            nodes_seen: HashMap::default(),
            table: HashMap::default(),
            nodes: 0,
        }
    }

    /// The end of the game (RULES.md, section 6), written here from the rules: the side to
    /// move with no legal move loses; one piece each, default rules: a lone king beats a lone
    /// man at once, two lone kings draw unless the side to move can capture, two lone men
    /// play on; federation rules: a draw at once.
    fn game_end(&self, p: &RefPos, moves: &[reference::RefMove]) -> Option<i32> {
        if moves.is_empty() {
            return Some(-MATE);
        }
        let is_white = |c: &&Cell| **c == Cell::WhiteMan || **c == Cell::WhiteKing;
        let is_black = |c: &&Cell| **c == Cell::BlackMan || **c == Cell::BlackKing;
        let white: Vec<Cell> = p.cells.iter().filter(is_white).copied().collect();
        let black: Vec<Cell> = p.cells.iter().filter(is_black).copied().collect();
        if white.len() != 1 || black.len() != 1 {
            return None;
        }
        if self.rules == reference::Rules::Tudaf {
            return Some(0);
        }
        let (mine, theirs) = if p.white_to_move {
            (white[0], black[0])
        } else {
            (black[0], white[0])
        };
        let king = |c: Cell| c == Cell::WhiteKing || c == Cell::BlackKing;
        match (king(mine), king(theirs)) {
            (true, false) => Some(MATE),
            (false, true) => Some(-MATE),
            (true, true) if moves[0].captured != 0 => None,
            (true, true) => Some(0),
            (false, false) => None,
        }
    }

    fn node(&mut self, k: &Key) -> (Option<i32>, std::rc::Rc<[Key]>) {
        if let Some(n) = self.nodes_seen.get(k) {
            return (n.end, n.children.clone());
        }
        let p = ref_of(k);
        let moves = reference::legal_moves(&p, self.rules);
        let end = self.game_end(&p, &moves);
        let children: std::rc::Rc<[Key]> = if end.is_some() {
            std::rc::Rc::from(Vec::new())
        } else {
            moves
                .iter()
                .map(|m| key_of(&reference::apply(&p, m)))
                .collect()
        };
        self.nodes_seen.insert(
            *k,
            Node {
                end,
                children: children.clone(),
            },
        );
        (end, children)
    }

    /// Negamax with alpha-beta and a table of searched (position, depth) pairs. Scores are
    /// counted from this node: a child's win in `n` is this node's loss in `n + 1`.
    fn search(&mut self, p: &Key, depth: u32, alpha: i32, beta: i32) -> i32 {
        self.nodes += 1;
        let (end, children) = self.node(p);
        if let Some(v) = end {
            return v;
        }
        if depth == 0 {
            return 0;
        }
        let key = (*p, depth);
        if let Some(&(s, bound)) = self.table.get(&key) {
            match bound {
                Bound::Exact => return s,
                Bound::Lower if s >= beta => return s,
                Bound::Upper if s <= alpha => return s,
                _ => {}
            }
        }
        // Move ordering only (it changes how fast the search is, never what it finds): the
        // moves the solver says are best first, its shortest wins, then draws, then its
        // longest losses.
        let mut order: Vec<(u32, usize)> = children
            .iter()
            .enumerate()
            .map(|(i, c)| {
                let b = Board {
                    white: c.white,
                    black: c.black,
                    kings: c.kings,
                    white_to_move: c.white_to_move,
                };
                let rank = match self.guide.value(&b) {
                    Value::Loss(d) => d,
                    Value::Draw => 10_000,
                    Value::Win(d) => 20_000 - d,
                };
                (rank, i)
            })
            .collect();
        order.sort_unstable();
        let mut best = -MATE - 1;
        let mut a = alpha;
        for (_, i) in order {
            // The child's window, widened by one each way for the shift below.
            let s = self.search(&children[i], depth - 1, -beta - 1, -a + 1);
            let mine = match s {
                s if s > 0 => -(s - 1),
                s if s < 0 => -(s + 1),
                _ => 0,
            };
            if mine > best {
                best = mine;
            }
            if best > a {
                a = best;
            }
            if a >= beta {
                break;
            }
        }
        let bound = if best <= alpha {
            Bound::Upper
        } else if best >= beta {
            Bound::Lower
        } else {
            Bound::Exact
        };
        self.table.insert(key, (best, bound));
        best
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

/// For `count` random positions of exactly `pieces` pieces whose table DTW is at most 12, an
/// alpha-beta search as deep as that DTW finds the table's value (and the solver's).
fn alpha_beta_agrees(t: &Tables, tb: &Tablebase, rules: RuleSet, pieces: u32, count: usize) {
    let start = Instant::now();
    let materials: Vec<Material> = t
        .materials
        .iter()
        .copied()
        .filter(|m| m.pieces() == pieces)
        .collect();
    let mut rng = Rng(0x2545_f491_4f6c_dd1d ^ pieces as u64 ^ (rules as u64) << 32);
    let mut done = 0;
    let mut tries = 0;
    let mut by_dtw = [0usize; 13];
    let mut nodes = 0;
    let mut bad: Vec<String> = Vec::new();
    let mut search = Search::new(ref_rules(rules), t);
    while done < count {
        tries += 1;
        assert!(
            tries < 1000 * count,
            "{rules}: too few positions with DTW <= 12"
        );
        let m = materials[rng.below(materials.len() as u64) as usize];
        let Some(b) = m.board(rng.below(m.size() as u64) as usize) else {
            continue;
        };
        let pos = position(&b, rules);
        let (wdl, dtw) = match probe(tb, &pos) {
            Ok(x) => x,
            Err(e) => panic!("{} ({rules}): {e}", pos.to_fen()),
        };
        let Some(d) = dtw.filter(|&d| d <= 12) else {
            continue;
        };
        done += 1;
        by_dtw[d as usize] += 1;
        let want = match wdl {
            Wdl::Win => MATE - d as i32,
            Wdl::Loss => -(MATE - d as i32),
            Wdl::Draw => panic!("{} ({rules}): a draw with DTW {d}", pos.to_fen()),
        };
        if search.table.len() > 2_000_000 || search.nodes_seen.len() > 2_000_000 {
            search = Search::new(ref_rules(rules), t);
        }
        let before = search.nodes;
        // A window just around the table's score: the search returns that score exactly
        // when it is the value, and something outside the window otherwise.
        let mut got = search.search(&key_of(&to_ref(&b)), d, want - 1, want + 1);
        if got != want {
            got = search.search(&key_of(&to_ref(&b)), d, -MATE - 1, MATE + 1);
        }
        nodes += search.nodes - before;
        if got != want || t.value(&b) != expected_value(wdl, d) {
            bad.push(format!(
                "{} ({rules}): table {wdl:?} in {d}, search score {got} (want {want}), solver {:?}",
                pos.to_fen(),
                t.value(&b)
            ));
        }
    }
    eprintln!(
        "{rules}: {count} positions of {pieces} pieces searched ({nodes} nodes, DTW 0..=12: \
         {by_dtw:?}) in {:.1?}",
        start.elapsed()
    );
    assert!(
        bad.is_empty(),
        "{} disagree:\n{}",
        bad.len(),
        bad[..bad.len().min(20)].join("\n")
    );
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
        alpha_beta_agrees(t, &tb, rules, pieces, count);
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
    check(RuleSet::Default, 4, &[(3, 1000), (4, 1000)]);
}

/// `cargo test --release --test differential tablebase -- --ignored`
#[test]
#[ignore]
fn up_to_four_pieces_federation_rules() {
    check(RuleSet::Tudaf, 4, &[(3, 1000), (4, 1000)]);
}
