//! Hill-climbing search for worst-case capture positions.
//!
//! ```text
//! cargo run --release --manifest-path tools/worst-case-search/Cargo.toml -- [--objective moves|time] [--seconds N]
//!     [--seed S] [--rules default|tudaf] [--pieces-limit 16|32] [--reps R] [--patience P]
//! cargo run --release --manifest-path tools/worst-case-search/Cargo.toml -- --measure <FILE> [--reps R]
//! ```
//!
//! The search starts from random positions (a few kings of the side to move against many
//! scattered enemy pieces with gaps between them, and positions derived from
//! `tests/data/worst-case.fen` and `worst-case-found.fen`), mutates them one small step at a time (add, remove or move a
//! piece, toggle king/man, change a piece's colour or the side to move) and keeps a mutation
//! when the objective does not decrease, so that it also drifts along plateaus. After
//! `--patience` mutations without a strict improvement it restarts from a new random position.
//!
//! Objectives:
//! - `moves`: the number of distinct legal moves (checks `MoveList::CAPACITY`). Where the
//!   generator panics (its list overflowed), the search catches the panic and uses an
//!   independent count (module `reference` below, written from the rules, sharing no code
//!   with the crate). It prints `OVERFLOW` when that count is above the capacity, and
//!   `SPURIOUS PANIC` when the position has no more moves than the capacity. One evaluation
//!   in 256 is also cross-checked against the independent count (`MISMATCH` if they differ).
//! - `time`: the median wall time of `legal_moves()` over `--reps` calls (with `--min`, the
//!   fastest of them).
//!
//! Validity: with `--pieces-limit 16` (or less) positions must pass `Position::from_setup`
//! (at most 16 pieces a side, no man on either back rank: what a game can reach); with a
//! larger limit (up to 32) they must pass `Position::from_setup_relaxed` and have at most
//! that many pieces a side.
//!
//! Progress lines go to stdout. At the end the best positions are measured again (move
//! count and median time under both rule sets) and printed, then the positions on which the
//! generator panicked. The program stops by itself within `--seconds`, final measurement
//! included: the search stops early enough for a few of its longest evaluations.
//!
//! `--measure <FILE>` only measures every FEN of the file (one a line, checked as
//! `from_setup_relaxed` does) under both rule sets, with the independent count beside the
//! generator's.

use std::cell::Cell;
use std::hint::black_box;
use std::panic::{self, AssertUnwindSafe};
use std::process::ExitCode;
use std::time::{Duration, Instant};

use turkish_draughts::{Bitboard, Color, MoveList, Position, RuleSet, Setup, Square};

const USAGE: &str = "usage: worst_case_search [--objective moves|time] [--seconds N] [--seed S] \
                     [--rules default|tudaf] [--pieces-limit 16|32] [--reps R] [--patience P] [--min] \
                     | --measure <FILE> [--reps R] [--min]";

/// How many of the best positions are kept and measured again at the end.
const KEEP: usize = 5;

/// A small xorshift64* generator.
struct Rng(u64);

impl Rng {
    fn new(seed: u64) -> Rng {
        // splitmix64 of the seed, so that small seeds give unrelated streams (and never 0).
        let mut z = seed.wrapping_add(0x9e37_79b9_7f4a_7c15);
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^= z >> 31;
        Rng(if z == 0 { 1 } else { z })
    }

    fn next(&mut self) -> u64 {
        let mut x = self.0;
        x ^= x >> 12;
        x ^= x << 25;
        x ^= x >> 27;
        self.0 = x;
        x.wrapping_mul(0x2545_f491_4f6c_dd1d)
    }

    /// A number in `0..n` (`n > 0`).
    fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }

    /// True with probability `num / den`.
    fn chance(&mut self, num: u64, den: u64) -> bool {
        self.below(den) < num
    }

    /// A uniformly chosen square of a non-empty set.
    fn pick(&mut self, set: Bitboard) -> Option<Square> {
        let n = set.count();
        if n == 0 {
            return None;
        }
        set.into_iter().nth(self.below(u64::from(n)) as usize)
    }
}

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Objective {
    Moves,
    Time,
}

struct Config {
    objective: Objective,
    seconds: f64,
    seed: u64,
    rules: RuleSet,
    limit: u32,
    reps: usize,
    patience: u64,
    measure: Option<String>,
}

fn value<T: std::str::FromStr>(
    args: &mut impl Iterator<Item = String>,
    name: &str,
) -> Result<T, String> {
    let text = args
        .next()
        .ok_or(format!("{name} needs a value; {USAGE}"))?;
    text.parse()
        .map_err(|_| format!("bad value `{text}` for {name}; {USAGE}"))
}

fn parse_args() -> Result<Config, String> {
    let mut objective = Objective::Moves;
    let mut seconds: f64 = 60.0;
    let mut seed = 1;
    let mut rules = RuleSet::Default;
    let mut limit = 16;
    let mut reps = 5;
    let mut patience = None;
    let mut measure = None;
    let mut args = std::env::args().skip(1);
    while let Some(arg) = args.next() {
        match arg.as_str() {
            "--objective" => {
                objective = match value::<String>(&mut args, "--objective")?.as_str() {
                    "moves" => Objective::Moves,
                    "time" => Objective::Time,
                    other => return Err(format!("unknown objective `{other}`; {USAGE}")),
                }
            }
            "--seconds" => seconds = value(&mut args, "--seconds")?,
            "--seed" => seed = value(&mut args, "--seed")?,
            "--rules" => rules = value(&mut args, "--rules")?,
            "--pieces-limit" => limit = value(&mut args, "--pieces-limit")?,
            "--reps" => reps = value(&mut args, "--reps")?,
            "--patience" => patience = Some(value(&mut args, "--patience")?),
            "--measure" => measure = Some(value(&mut args, "--measure")?),
            "--min" => USE_MIN.store(true, std::sync::atomic::Ordering::Relaxed),
            "-h" | "--help" => return Err(USAGE.to_string()),
            _ => return Err(format!("unknown argument `{arg}`; {USAGE}")),
        }
    }
    if !(1..=32).contains(&limit) {
        return Err(format!("--pieces-limit must be 1..=32; {USAGE}"));
    }
    if !(seconds > 0.0 && seconds.is_finite()) {
        return Err(format!("--seconds must be positive; {USAGE}"));
    }
    let reps = reps.max(1);
    let patience = patience.unwrap_or(match objective {
        Objective::Moves => 4000,
        Objective::Time => 800,
    });
    Ok(Config {
        objective,
        seconds,
        seed,
        rules,
        limit,
        reps,
        patience,
        measure,
    })
}

/// The position, if the setup is valid under the piece limit.
fn position(setup: &Setup, limit: u32, rules: RuleSet) -> Option<Position> {
    if setup.white.count() > limit || setup.black.count() > limit {
        return None;
    }
    if limit <= 16 {
        Position::from_setup(setup, rules).ok()
    } else {
        Position::from_setup_relaxed(setup, rules).ok()
    }
}

/// Squares where a man of `color` may not stand under the piece limit.
fn forbidden_for_man(color: Color, limit: u32) -> Bitboard {
    let rank1 = Bitboard::from_u64(0xff);
    let rank8 = Bitboard::from_u64(0xff << 56);
    match (limit <= 16, color) {
        (true, _) => rank1 | rank8,
        (false, Color::White) => rank8,
        (false, Color::Black) => rank1,
    }
}

fn other(color: Color) -> Color {
    match color {
        Color::White => Color::Black,
        Color::Black => Color::White,
    }
}

fn pieces_of(setup: &Setup, color: Color) -> Bitboard {
    match color {
        Color::White => setup.white,
        Color::Black => setup.black,
    }
}

/// Puts a piece of `color` on the empty square `sq`, as a king when `king` is set or when a
/// man may not stand there.
fn put(setup: &mut Setup, sq: Square, color: Color, king: bool, limit: u32) {
    let king = king || forbidden_for_man(color, limit).contains(sq);
    match color {
        Color::White => setup.white = setup.white.with(sq),
        Color::Black => setup.black = setup.black.with(sq),
    }
    if king {
        setup.kings = setup.kings.with(sq);
    }
}

fn take(setup: &mut Setup, sq: Square) {
    setup.white = setup.white.without(sq);
    setup.black = setup.black.without(sq);
    setup.kings = setup.kings.without(sq);
}

/// The same position seen from the other side: colours swapped and the board flipped.
fn mirrored(setup: &Setup) -> Setup {
    Setup {
        white: setup.black.flip_vertical(),
        black: setup.white.flip_vertical(),
        kings: setup.kings.flip_vertical(),
        turn: other(setup.turn),
    }
}

/// Makes a setup fit the piece limit: men on squares they may not hold become kings, and
/// random pieces are removed from a side with too many.
fn repair(mut setup: Setup, limit: u32, rng: &mut Rng) -> Setup {
    for color in Color::ALL {
        let bad = (pieces_of(&setup, color) - setup.kings) & forbidden_for_man(color, limit);
        setup.kings |= bad;
        while pieces_of(&setup, color).count() > limit {
            let sq = rng.pick(pieces_of(&setup, color)).expect("non-empty");
            take(&mut setup, sq);
        }
    }
    setup
}

/// A fresh random start: a few kings (and maybe men) of the side to move against many
/// scattered enemy pieces with gaps, or a worst-case seed cut down to the limit.
fn random_start(rng: &mut Rng, limit: u32, seeds: &[Setup]) -> Setup {
    if !seeds.is_empty() && rng.chance(1, 4) {
        let seed = seeds[rng.below(seeds.len() as u64) as usize];
        let mut setup = repair(seed, limit, rng);
        for _ in 0..rng.below(4) {
            setup = mutate(&setup, rng, limit);
        }
        return setup;
    }
    let mut setup = Setup::empty();
    let me = Color::White;
    let them = Color::Black;
    // Enemy pieces: a lattice with holes, or uniform scatter.
    let target = (limit / 2 + rng.below(u64::from(limit / 2 + 1)) as u32).min(40);
    let king_share = rng.below(9); // in eighths
    let style = rng.below(3);
    let (pf, pr) = (rng.below(2), rng.below(2));
    let mut candidates = Bitboard::EMPTY;
    for sq in Square::ALL {
        let (f, r) = (u64::from(sq.index() % 8), u64::from(sq.index() / 8));
        let ok = match style {
            0 => true,
            1 => (f + r) % 2 == pf,
            _ => f % 2 == pf || r % 2 == pr,
        };
        if ok {
            candidates = candidates.with(sq);
        }
    }
    while setup.black.count() < target {
        let Some(sq) = rng.pick(candidates) else {
            break;
        };
        candidates = candidates.without(sq);
        put(&mut setup, sq, them, rng.below(8) < king_share, limit);
    }
    // The side to move: one to four kings, sometimes a few men.
    let kings = 1 + rng.below(4);
    for i in 0..kings + rng.below(3) {
        let empty = !(setup.white | setup.black);
        if let Some(sq) = rng.pick(empty) {
            put(&mut setup, sq, me, i < kings, limit);
        }
    }
    if rng.chance(1, 2) {
        setup = mirrored(&setup);
    }
    repair(setup, limit, rng)
}

/// One or a few random small changes.
fn mutate(setup: &Setup, rng: &mut Rng, limit: u32) -> Setup {
    let mut s = *setup;
    let steps = if rng.chance(1, 4) {
        2 + rng.below(2)
    } else {
        1
    };
    for _ in 0..steps {
        let occupied = s.white | s.black;
        let empty = !occupied;
        let mover = s.turn;
        match rng.below(20) {
            // Add a piece, mostly an enemy one.
            0..=4 => {
                let color = if rng.chance(3, 4) {
                    other(mover)
                } else {
                    mover
                };
                if let Some(sq) = rng.pick(empty) {
                    put(&mut s, sq, color, rng.chance(1, 2), limit);
                }
            }
            // Remove a piece.
            5..=7 => {
                if let Some(sq) = rng.pick(occupied) {
                    take(&mut s, sq);
                }
            }
            // Move a piece anywhere.
            8..=10 => {
                if let (Some(from), Some(to)) = (rng.pick(occupied), rng.pick(empty)) {
                    let color = if s.white.contains(from) {
                        Color::White
                    } else {
                        Color::Black
                    };
                    let king = s.kings.contains(from);
                    take(&mut s, from);
                    put(&mut s, to, color, king, limit);
                }
            }
            // Move a piece one step along a rank or file.
            11..=14 => {
                if let Some(from) = rng.pick(occupied) {
                    let i = i32::from(from.index());
                    let to = match rng.below(4) {
                        0 if i % 8 != 7 => i + 1,
                        1 if i % 8 != 0 => i - 1,
                        2 => i + 8,
                        _ => i - 8,
                    };
                    if let Some(to) = u8::try_from(to).ok().and_then(Square::new) {
                        if empty.contains(to) {
                            let color = if s.white.contains(from) {
                                Color::White
                            } else {
                                Color::Black
                            };
                            let king = s.kings.contains(from);
                            take(&mut s, from);
                            put(&mut s, to, color, king, limit);
                        }
                    }
                }
            }
            // Toggle king / man.
            15..=16 => {
                if let Some(sq) = rng.pick(occupied) {
                    if s.kings.contains(sq) {
                        s.kings = s.kings.without(sq);
                    } else {
                        s.kings = s.kings.with(sq);
                    }
                }
            }
            // Change a piece's colour.
            17..=18 => {
                if let Some(sq) = rng.pick(occupied) {
                    let color = if s.white.contains(sq) {
                        Color::Black
                    } else {
                        Color::White
                    };
                    let king = s.kings.contains(sq);
                    take(&mut s, sq);
                    put(&mut s, sq, color, king, limit);
                }
            }
            // Change the side to move.
            _ => s.turn = other(s.turn),
        }
    }
    s
}

/// An independent move counter for the positions where the crate's generator panics (and,
/// now and then, as a cross-check where it does not). It shares no code with the crate and
/// is written from the rules alone: a depth-first enumeration of every capture sequence with
/// a table of visited states (a state's results do not depend on how it was reached), the
/// results collected as (from, to, captured set, crowned), and only then filtered by the
/// maximum-capture rule.
mod reference {
    use std::collections::HashSet;

    use turkish_draughts::{Color, Setup};

    /// North, east, south, west as (file, rank) steps; `d ^ 2` is the opposite of `d`.
    const DIRS: [(i32, i32); 4] = [(0, 1), (1, 0), (0, -1), (-1, 0)];
    const NO_DIR: usize = 4;

    fn step(sq: u32, d: usize) -> Option<u32> {
        let (f, r) = (sq as i32 % 8 + DIRS[d].0, sq as i32 / 8 + DIRS[d].1);
        ((0..8).contains(&f) && (0..8).contains(&r)).then(|| (r * 8 + f) as u32)
    }

    struct Search {
        /// The mover's other pieces (its start square is empty once it has left).
        own: u64,
        opp: u64,
        from: u32,
        /// The mover's forward direction and crowning rank.
        fwd: usize,
        promo_rank: u32,
        crown_mid: bool,
        visited: HashSet<(u32, u64, usize, bool)>,
        results: HashSet<(u32, u32, u64, bool)>,
    }

    impl Search {
        fn empty(&self, sq: u32, removed: u64) -> bool {
            let b = 1u64 << sq;
            self.own & b == 0 && self.opp & !removed & b == 0
        }

        fn live_enemy(&self, sq: u32, removed: u64) -> bool {
            self.opp & !removed & 1u64 << sq != 0
        }

        /// A king on `at` (`crowned`: it started the move as a man).
        fn king(&mut self, at: u32, removed: u64, last: usize, crowned: bool) {
            if !self.visited.insert((at, removed, last, true)) {
                return;
            }
            let mut found = false;
            for d in 0..4 {
                if last != NO_DIR && d == last ^ 2 {
                    continue;
                }
                let mut s = step(at, d);
                while let Some(q) = s.filter(|&q| self.empty(q, removed)) {
                    s = step(q, d);
                }
                let Some(victim) = s.filter(|&q| self.live_enemy(q, removed)) else {
                    continue;
                };
                let removed = removed | 1u64 << victim;
                let mut l = step(victim, d);
                while let Some(q) = l.filter(|&q| self.empty(q, removed)) {
                    found = true;
                    self.king(q, removed, d, crowned);
                    l = step(q, d);
                }
            }
            if !found && removed != 0 {
                self.results.insert((self.from, at, removed, crowned));
            }
        }

        /// A man on `at`.
        fn man(&mut self, at: u32, removed: u64) {
            if !self.visited.insert((at, removed, NO_DIR, false)) {
                return;
            }
            let mut found = false;
            for d in 0..4 {
                if d == self.fwd ^ 2 {
                    continue;
                }
                let Some(victim) = step(at, d).filter(|&q| self.live_enemy(q, removed)) else {
                    continue;
                };
                let removed = removed | 1u64 << victim;
                let Some(land) = step(victim, d).filter(|&q| self.empty(q, removed)) else {
                    continue;
                };
                found = true;
                if self.crown_mid && land / 8 == self.promo_rank {
                    self.king(land, removed, d, true);
                } else {
                    self.man(land, removed);
                }
            }
            if !found && removed != 0 {
                let crowned = at / 8 == self.promo_rank;
                self.results.insert((self.from, at, removed, crowned));
            }
        }
    }

    /// The number of distinct legal moves of the side to move.
    pub fn count(setup: &Setup, crown_mid: bool) -> usize {
        let (own, opp, fwd, promo_rank) = match setup.turn {
            Color::White => (setup.white.to_u64(), setup.black.to_u64(), 0, 7),
            Color::Black => (setup.black.to_u64(), setup.white.to_u64(), 2, 0),
        };
        let kings = setup.kings.to_u64();
        let mut search = Search {
            own,
            opp,
            from: 0,
            fwd,
            promo_rank,
            crown_mid,
            visited: HashSet::new(),
            results: HashSet::new(),
        };
        for from in (0..64).filter(|&s| own & 1u64 << s != 0) {
            search.own = own & !(1u64 << from);
            search.from = from;
            search.visited.clear();
            if kings & 1u64 << from != 0 {
                search.king(from, 0, NO_DIR, false);
            } else {
                search.man(from, 0);
            }
        }
        if let Some(max) = search.results.iter().map(|r| r.2.count_ones()).max() {
            return search
                .results
                .iter()
                .filter(|r| r.2.count_ones() == max)
                .count();
        }
        // No capture: quiet moves.
        let occupied = own | opp;
        let mut n = 0;
        for from in (0..64).filter(|&s| own & 1u64 << s != 0) {
            let king = kings & 1u64 << from != 0;
            for d in 0..4 {
                if !king && d == fwd ^ 2 {
                    continue;
                }
                let mut s = step(from, d);
                while let Some(q) = s.filter(|&q| occupied & 1u64 << q == 0) {
                    n += 1;
                    s = if king { step(q, d) } else { None };
                }
            }
        }
        n
    }
}

/// With `--min`: times are the fastest of the calls, not the median (less sensitive to
/// other programs on a shared machine).
static USE_MIN: std::sync::atomic::AtomicBool = std::sync::atomic::AtomicBool::new(false);

/// The number of distinct legal moves and the median wall time of `legal_moves()` in
/// nanoseconds, over up to `reps` calls (fewer once `budget` is spent; the first call counts
/// too, so a slow position costs one call). The count is `None` if the generator panicked (it
/// does when its list of `MoveList::CAPACITY` moves overflows); the time is then NaN.
fn timed_count(pos: &Position, reps: usize, budget: Duration) -> (Option<usize>, f64) {
    let start = Instant::now();
    let mut times = Vec::with_capacity(reps);
    let mut count = 0;
    for _ in 0..reps.max(1) {
        let t = Instant::now();
        let result = panic::catch_unwind(AssertUnwindSafe(|| {
            let list: MoveList = black_box(black_box(pos).legal_moves());
            list.len()
        }));
        let dt = t.elapsed();
        let Ok(n) = result else {
            return (None, f64::NAN);
        };
        count = black_box(n);
        times.push(dt.as_secs_f64() * 1e9);
        if start.elapsed() > budget {
            break;
        }
    }
    times.sort_by(f64::total_cmp);
    if USE_MIN.load(std::sync::atomic::Ordering::Relaxed) {
        return (Some(count), times[0]);
    }
    let n = times.len();
    let median = if n % 2 == 1 {
        times[n / 2]
    } else {
        (times[n / 2 - 1] + times[n / 2]) / 2.0
    };
    (Some(count), median)
}

/// Move counts and median times under both rule sets, for a report line.
struct Measured {
    /// The crate's count (`None`: it panicked).
    moves: [Option<usize>; 2],
    /// The independent count.
    reference: [Option<usize>; 2],
    nanos: [f64; 2],
}

/// Measures a setup under both rule sets. The independent count is computed when the
/// generator panics, or always with `cross_check`.
fn measure(
    setup: &Setup,
    limit: u32,
    reps: usize,
    budget: Duration,
    cross_check: bool,
) -> Option<Measured> {
    let mut m = Measured {
        moves: [None; 2],
        reference: [None; 2],
        nanos: [f64::NAN; 2],
    };
    for (i, rules) in RuleSet::ALL.into_iter().enumerate() {
        let pos = position(setup, limit, rules)?;
        (m.moves[i], m.nanos[i]) = timed_count(&pos, reps, budget);
        if cross_check || m.moves[i].is_none() {
            m.reference[i] = Some(reference::count(setup, rules.crowns_mid_capture()));
        }
    }
    Some(m)
}

fn show_moves(crate_count: Option<usize>, reference: Option<usize>) -> String {
    match (crate_count, reference) {
        (Some(n), None) => n.to_string(),
        (Some(n), Some(r)) if n == r => format!("{n} (= independent count)"),
        (Some(n), Some(r)) => format!("{n} (MISMATCH: independent count {r})"),
        (None, None) => "? (generator panics)".to_string(),
        (None, Some(reference)) if reference > MoveList::CAPACITY => {
            format!("{reference} (generator panics)")
        }
        (None, Some(reference)) => format!(
            "{reference} (generator panics although <= {})",
            MoveList::CAPACITY
        ),
    }
}

fn show_time(nanos: f64) -> String {
    if nanos.is_nan() {
        "-".to_string()
    } else if nanos >= 1e6 {
        format!("{:.3} ms", nanos / 1e6)
    } else {
        format!("{:.1} us", nanos / 1e3)
    }
}

fn report_line(m: &Measured) -> String {
    format!(
        "moves default {} tudaf {}; time default {} tudaf {}",
        show_moves(m.moves[0], m.reference[0]),
        show_moves(m.moves[1], m.reference[1]),
        show_time(m.nanos[0]),
        show_time(m.nanos[1])
    )
}

fn load_fens(path: &str) -> Result<Vec<Setup>, String> {
    let text = std::fs::read_to_string(path).map_err(|e| format!("cannot read {path}: {e}"))?;
    text.lines()
        .map(|l| l.split('#').next().unwrap_or("").trim())
        .filter(|l| !l.is_empty())
        .map(|l| l.parse().map_err(|e| format!("{path}: bad FEN `{l}`: {e}")))
        .collect()
}

fn run_measure(path: &str, reps: usize) -> Result<(), String> {
    for setup in load_fens(path)? {
        let m = measure(&setup, 32, reps.max(21), Duration::from_secs(10), true)
            .ok_or(format!("not a valid position (relaxed): {setup}"))?;
        println!(
            "{}  # W {} B {} pieces; {}",
            setup,
            setup.white.count(),
            setup.black.count(),
            report_line(&m)
        );
    }
    Ok(())
}

/// One evaluation of a valid position.
struct Eval {
    /// The objective (higher is worse for the engine).
    value: f64,
    /// The crate's move count; `None` if the generator panicked.
    moves: Option<usize>,
    /// The independent count, computed when the generator panicked or for a cross-check.
    reference: Option<usize>,
}

/// Evaluates a setup; `None` if it is not valid under the piece limit. When the generator
/// panics the independent count is used: under `moves` it is the objective, under `time`
/// the position cannot be timed and scores -1 (never kept).
fn score(setup: &Setup, cfg: &Config, cross_check: bool) -> Option<Eval> {
    let pos = position(setup, cfg.limit, cfg.rules)?;
    let (moves, nanos) = match cfg.objective {
        Objective::Moves => timed_count(&pos, 1, Duration::ZERO),
        Objective::Time => timed_count(&pos, cfg.reps, Duration::from_millis(50)),
    };
    let reference = (moves.is_none() || cross_check)
        .then(|| reference::count(setup, cfg.rules.crowns_mid_capture()));
    let value = match (cfg.objective, moves) {
        (Objective::Moves, Some(n)) => n as f64,
        (Objective::Moves, None) => reference.unwrap_or(0) as f64,
        (Objective::Time, Some(_)) => nanos,
        (Objective::Time, None) => -1.0,
    };
    Some(Eval {
        value,
        moves,
        reference,
    })
}

fn show_score(cfg: &Config, value: f64) -> String {
    match cfg.objective {
        Objective::Moves => format!("{value}"),
        Objective::Time => show_time(value),
    }
}

/// Positions on which the generator panicked, by kind: more than `CAPACITY` moves for real,
/// or a panic although the position has at most `CAPACITY` moves.
#[derive(Default)]
struct Panics {
    /// (independent count, setup), the largest counts kept.
    real: Vec<(usize, Setup)>,
    /// (independent count, pieces on the board, setup), the fewest moves / pieces kept.
    spurious: Vec<(usize, u32, Setup)>,
    real_seen: u64,
    spurious_seen: u64,
}

impl Panics {
    fn record(&mut self, setup: &Setup, count: usize, rules: RuleSet, elapsed: f64) {
        let pieces = (setup.white | setup.black).count();
        if count > MoveList::CAPACITY {
            self.real_seen += 1;
            if self.real.iter().any(|(_, s)| s == setup) {
                return;
            }
            let new_max = self.real.first().map_or(true, |(n, _)| count > *n);
            if self.real_seen <= 3 || new_max {
                println!(
                    "[{elapsed:7.1}s] OVERFLOW: {count} distinct legal moves ({rules}), more than \
                     MoveList::CAPACITY = {}: {setup}",
                    MoveList::CAPACITY
                );
            }
            self.real.push((count, *setup));
            self.real.sort_by_key(|r| std::cmp::Reverse(r.0));
            self.real.truncate(KEEP);
        } else {
            self.spurious_seen += 1;
            if self.spurious.iter().any(|(_, _, s)| s == setup) {
                return;
            }
            let key = (count, pieces);
            let new_min = self
                .spurious
                .first()
                .map_or(true, |(n, p, _)| key < (*n, *p));
            if self.spurious_seen <= 3 || new_min {
                println!(
                    "[{elapsed:7.1}s] SPURIOUS PANIC: the generator panics ({rules}) although the \
                     position has only {count} distinct legal moves: {setup}"
                );
            }
            self.spurious.push((count, pieces, *setup));
            self.spurious.sort_by_key(|a| (a.0, a.1));
            self.spurious.truncate(KEEP);
        }
    }
}

/// Keeps the `KEEP` best distinct setups, best first, each with the duration of its
/// evaluation. Returns whether `setup` is now first.
fn remember(
    best: &mut Vec<(f64, Setup, Duration)>,
    value: f64,
    setup: &Setup,
    cost: Duration,
) -> bool {
    if best.iter().any(|(_, s, _)| s == setup) {
        return false;
    }
    if best.len() == KEEP && value <= best[KEEP - 1].0 {
        return false;
    }
    best.push((value, *setup, cost));
    best.sort_by(|a, b| b.0.total_cmp(&a.0));
    best.truncate(KEEP);
    best[0].1 == *setup
}

fn search(cfg: &Config) -> Result<(), String> {
    let start = Instant::now();
    let total = Duration::from_secs_f64(cfg.seconds);
    let reserve = Duration::from_secs_f64((cfg.seconds * 0.1).clamp(0.05, 6.0));
    let mut rng = Rng::new(cfg.seed);
    // The crate's worst cases so far (this tool lives in `tools/worst-case-search/`).
    let data = concat!(env!("CARGO_MANIFEST_DIR"), "/../../tests/data/");
    let mut seeds = Vec::new();
    for file in ["worst-case.fen", "worst-case-found.fen"] {
        match load_fens(&format!("{data}{file}")) {
            Ok(more) => seeds.extend(more),
            Err(e) => println!("# no seeds from {file}: {e}"),
        }
    }
    println!(
        "# objective {:?}, rules {}, pieces limit {}, seed {}, {} s, patience {}, {} seeds",
        cfg.objective,
        cfg.rules,
        cfg.limit,
        cfg.seed,
        cfg.seconds,
        cfg.patience,
        seeds.len()
    );

    let mut best: Vec<(f64, Setup, Duration)> = Vec::new();
    let mut panics = Panics::default();
    let (mut iters, mut restarts, mut evals, mut checks, mut mismatches) = (0u64, 0, 0u64, 0, 0);
    let mut last_report = Instant::now();
    // The longest evaluation so far: the search stops early enough for one more, plus the
    // final measurement of the kept positions.
    let longest = Cell::new(Duration::ZERO);
    let timed_score = |setup: &Setup, cross_check: bool| {
        let t = Instant::now();
        let e = score(setup, cfg, cross_check);
        let dt = t.elapsed();
        longest.set(longest.get().max(dt));
        e.map(|e| (e, dt))
    };
    let fresh = |rng: &mut Rng| loop {
        let s = random_start(rng, cfg.limit, &seeds);
        if let Some((e, _)) = timed_score(&s, false) {
            return (s, e.value);
        }
    };
    let (mut cur, mut cur_value) = fresh(&mut rng);
    let mut since_improvement = 0u64;

    loop {
        // One more evaluation (a restart may take two) must fit before the final phase,
        // which needs the reserve and a few of the longest evaluations.
        let needed = reserve + longest.get() * 6;
        if start.elapsed() + needed >= total {
            break;
        }
        iters += 1;
        since_improvement += 1;
        if since_improvement > cfg.patience {
            restarts += 1;
            (cur, cur_value) = fresh(&mut rng);
            since_improvement = 0;
        }
        // Timing is noisy: measure the current position again now and then so that a lucky
        // measurement does not freeze the climb.
        if cfg.objective == Objective::Time && iters % 64 == 0 {
            if let Some((e, _)) = timed_score(&cur, false) {
                cur_value = e.value;
            }
        }
        let cand = mutate(&cur, &mut rng, cfg.limit);
        let cross_check = rng.chance(1, 256);
        let Some((e, cost)) = timed_score(&cand, cross_check) else {
            continue;
        };
        evals += 1;
        let elapsed = start.elapsed().as_secs_f64();
        match (e.moves, e.reference) {
            (None, Some(n)) => panics.record(&cand, n, cfg.rules, elapsed),
            (Some(n), Some(r)) => {
                checks += 1;
                if n != r {
                    mismatches += 1;
                    println!(
                        "[{elapsed:7.1}s] MISMATCH ({}): the generator lists {n} moves, the \
                         independent count is {r}: {cand}",
                        cfg.rules
                    );
                }
            }
            _ => {}
        }
        if e.value >= cur_value {
            if e.value > cur_value {
                since_improvement = 0;
            }
            cur = cand;
            cur_value = e.value;
            if remember(&mut best, e.value, &cand, cost) {
                let moves = e.moves.or(e.reference).unwrap_or(0);
                println!(
                    "[{elapsed:7.1}s] new best {} (moves {moves}{}): {cand}",
                    show_score(cfg, e.value),
                    if e.moves.is_none() {
                        ", generator panics"
                    } else {
                        ""
                    }
                );
            }
        }
        if last_report.elapsed() > Duration::from_secs(10) {
            last_report = Instant::now();
            println!(
                "[{elapsed:7.1}s] iters {iters} evals {evals} restarts {restarts} current {} \
                 best {}",
                show_score(cfg, cur_value),
                best.first()
                    .map_or("-".to_string(), |b| show_score(cfg, b.0))
            );
        }
    }

    println!(
        "# search done: {iters} iterations, {evals} evaluations, {restarts} restarts, \
         {checks} cross-checks ({mismatches} mismatches), generator panics: {} with more than \
         {} moves, {} spurious; longest evaluation {:.3} s; {:.1} s",
        panics.real_seen,
        MoveList::CAPACITY,
        panics.spurious_seen,
        longest.get().as_secs_f64(),
        start.elapsed().as_secs_f64()
    );
    // Measure the kept positions again under both rule sets, best first, as far as the time
    // left allows (a position needs about four of its search evaluations plus the budget).
    println!(
        "# best positions (objective {:?}, rules {}, pieces limit {}, seed {}), measured again:",
        cfg.objective, cfg.rules, cfg.limit, cfg.seed
    );
    let budget = (reserve / (2 * KEEP as u32 + 2)).min(Duration::from_millis(250));
    for (i, (value, s, cost)) in best.iter().enumerate() {
        let needed = (budget + *cost) * 2 + *cost * 2;
        let measured = if start.elapsed() + needed < total {
            measure(s, cfg.limit, 21, budget, false)
        } else {
            None
        };
        let text = measured.map_or_else(
            || {
                format!(
                    "not measured again (no time left); {} {}",
                    show_score(cfg, *value),
                    cfg.rules
                )
            },
            |m| report_line(&m),
        );
        println!(
            "BEST {} {}  # W {} B {} pieces; {}",
            i + 1,
            s,
            s.white.count(),
            s.black.count(),
            text
        );
    }
    for (n, s) in &panics.real {
        println!("OVERFLOW {n} {s}");
    }
    for (n, _, s) in &panics.spurious {
        println!("SPURIOUS {n} {s}");
    }
    println!("# finished in {:.1} s", start.elapsed().as_secs_f64());
    Ok(())
}

fn main() -> ExitCode {
    let cfg = match parse_args() {
        Ok(cfg) => cfg,
        Err(e) => {
            eprintln!("{e}");
            return ExitCode::FAILURE;
        }
    };
    // The generator panics on a list overflow; that is caught and reported with the FEN, so
    // its message is not repeated. Any other panic is shown as usual.
    let default_hook = panic::take_hook();
    panic::set_hook(Box::new(move |info| {
        let text = info
            .payload()
            .downcast_ref::<String>()
            .map(String::as_str)
            .or_else(|| info.payload().downcast_ref::<&str>().copied())
            .unwrap_or("");
        if !text.contains("distinct legal moves") {
            default_hook(info);
        }
    }));
    let result = match &cfg.measure {
        Some(path) => run_measure(path, cfg.reps),
        None => search(&cfg),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("{e}");
            ExitCode::FAILURE
        }
    }
}
