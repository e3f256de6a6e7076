//! The solver: retrograde analysis of one pair of materials, on every thread, in four bytes
//! an index entry.
//!
//! Each entry of the pair is one atomic 32-bit cell: its value code (or, while it is open,
//! the longest loss its exits give the opponent), the number of its quiet moves whose child
//! is not yet known to be lost for it, and flags. Only the entries a file stores are solved
//! (one of each pair of left-right mirrored positions, the one with the smaller index); the
//! others are skipped, and a predecessor reached through a mirrored child is found by
//! unmaking moves from both the child and its mirror.
//!
//! The solve goes level by level, a level being the number of plies to the end of the game.
//! An entry whose value is known with distance `d` is *pending at level `d`* until the scan
//! of level `d` reaches it; the scan then makes it final and unmakes its opponent's quiet
//! moves to find its predecessors: each predecessor of a loss wins at `d + 1`, and each
//! predecessor of a win has one quiet move fewer left; the one whose last quiet move this was,
//! with no draw and no win among its exits, loses at `d + 1` or at its longest exit. Every
//! thread scans its own chunks of entries and updates the predecessors it finds with
//! compare-and-swap (a thread alone on the pair, by a load and a store); nothing is queued,
//! so memory does not grow with the level's size. The updates of one level commute (a
//! minimum, a decrement, a loss scheduled once when a count reaches zero), so the values do
//! not depend on the threads' order. Each chunk of 4 096 entries, and each stretch of 256
//! entries within it, keeps the lowest level pending in it, so a scan reads only the
//! stretches with something at its level, and the solve jumps over empty levels. These marks
//! take two bytes per 256 entries and per 4 096 (0.2 % of the cells, counted in the fixed
//! part of a slice's estimate: 21 MB for 2.5 billion entries).

use core::sync::atomic::{AtomicU16, AtomicU32, AtomicUsize, Ordering};
use std::boxed::Box;
use std::format;
use std::vec::Vec;

use super::crew::{Crew, QuitOnDrop};
use super::domain::{self, Orientation, decide, orientation};
use super::domain::{Domain, Group};
use super::error::BuildError;
use super::progress::Stage;
use crate::geometry::king_lines;
use crate::tablebase::format::Summary;
use crate::tablebase::index::{mirror_files, rank_set};
use crate::tablebase::value::{Code, Wdl};
use crate::{Color, MoveList, Outcome, Position, RuleSet};

/// The value code's bits in a cell.
const VALUE: u32 = 0xffff;
/// One quiet move, in the count's bits (16 to 23).
const COUNT_ONE: u32 = 1 << 16;
/// The final value is in the value bits.
const RESOLVED: u32 = 1 << 24;
/// The value bits hold the value the entry will have; it is final at its level's scan.
const PENDING: u32 = 1 << 25;
/// The entry has quiet moves inside the pair (it is not terminal and has no capture).
const OPEN: u32 = 1 << 26;
/// A capture or crowning leads to a draw.
const DRAW_EXIT: u32 = 1 << 27;
/// Not solved: two pieces on a square, or its mirror has the smaller index.
const SKIP: u32 = 1 << 28;
/// The side to move must capture (with three pieces or more): the files leave it to its
/// captures.
const CAPTURE: u32 = 1 << 29;
/// The entry is its own mirror (it stands for one position, not two).
const SYMMETRIC: u32 = 1 << 30;

/// White's seventh rank: a man there crowns with his next step.
const ROW_7: u64 = 0x00FF_0000_0000_0000;

/// Entries a chunk holds: the unit of work handed to a thread (16 KiB of cells).
const CHUNK: usize = 1 << 12;
/// Entries a mark covers: the lowest level pending is kept for each chunk, and for each
/// stretch of this many entries within it, so that a level's scan reads only the stretches
/// with something at that level (most stretches of a chunk have nothing at most of the
/// chunk's levels).
const MARK_BITS: u32 = 8;
/// No level pending.
const NONE: u16 = u16::MAX;

/// The level (distance) of a win or loss code.
#[inline]
const fn level(code: u16) -> u16 {
    (code - 1) / 2
}

#[inline]
const fn count(cell: u32) -> u32 {
    (cell >> 16) & 0xff
}

/// Cells a part of a side's storage holds: a side is allocated, and freed when it is done, a
/// part (4 MiB) at a time.
const PART_BITS: u32 = 20;

/// The cells of a part: every part is whole (the last one's cells past the end stay 0), so
/// that a cell is found with one check, of its part.
type Part = Box<[AtomicU32; 1 << PART_BITS]>;

/// One material's cells, in parts.
struct Cells {
    parts: Vec<Part>,
    len: usize,
}

impl Cells {
    fn new(len: usize) -> Result<Cells, BuildError> {
        let parts = (0..len.div_ceil(1 << PART_BITS))
            .map(|_| {
                let part: Box<[AtomicU32]> =
                    (0..1 << PART_BITS).map(|_| AtomicU32::new(0)).collect();
                Part::try_from(part).map_err(|_| BuildError::Internal("a part of cells".into()))
            })
            .collect::<Result<_, _>>()?;
        Ok(Cells { parts, len })
    }

    #[inline]
    fn get(&self, i: usize) -> Option<&AtomicU32> {
        let part = self.parts.get(i >> PART_BITS)?;
        Some(&part[i & ((1 << PART_BITS) - 1)])
    }

    /// The cells of entries `start..end`, inside one part (empty when that part is freed).
    #[inline]
    fn stretch(&self, start: usize, end: usize) -> &[AtomicU32] {
        let mask = (1 << PART_BITS) - 1;
        self.parts
            .get(start >> PART_BITS)
            .and_then(|p| p.get(start & mask..((end - 1) & mask) + 1))
            .unwrap_or(&[])
    }

    /// Entry `i`'s cell (0 past the end, or in a part already freed).
    #[inline]
    fn load(&self, i: usize) -> u32 {
        self.get(i).map_or(0, |c| c.load(Ordering::Relaxed))
    }
}

/// One material of a pair being solved: its cells and, per chunk and per mark's stretch,
/// the lowest level pending in it.
struct Side {
    d: Domain,
    cells: Cells,
    next: Vec<AtomicU16>,
    marks: Vec<AtomicU16>,
}

/// A solved pair: each material's cells.
pub(crate) struct Solved {
    sides: Vec<(Domain, Cells)>,
}

/// The value code of a solved cell.
#[inline]
fn code_of(c: u32) -> Code {
    if c & RESOLVED != 0 {
        Code::from_bits((c & VALUE) as u16)
    } else {
        Code::DRAW
    }
}

/// The value a file stores for a solved cell: `None` for the entries no probe reads.
#[inline]
fn stored_of(c: u32) -> Option<Code> {
    (c & (SKIP | CAPTURE) == 0).then(|| code_of(c))
}

impl Solved {
    /// The materials, in the pair's order.
    pub(crate) fn domains(&self) -> impl Iterator<Item = Domain> + '_ {
        self.sides.iter().map(|(d, _)| *d)
    }

    /// The number of entries of side `s`.
    pub(crate) fn len(&self, s: usize) -> usize {
        self.sides[s].1.len
    }

    /// The values a file stores for entries `first..first + out.len()` of side `s` (`None`
    /// for the entries no probe reads).
    pub(crate) fn stored(&self, s: usize, first: u64, out: &mut [Option<Code>]) {
        let cells = &self.sides[s].1;
        for (k, v) in out.iter_mut().enumerate() {
            *v = stored_of(cells.load(first as usize + k));
        }
    }

    /// What side `s` says in all: its positions won, drawn and lost (an entry that stands for
    /// its mirror too counts twice) and its longest win.
    pub(crate) fn summary(&self, s: usize) -> Summary {
        let cells = &self.sides[s].1;
        let mut sum = Summary::default();
        for i in 0..cells.len {
            let c = cells.load(i);
            if c & SKIP == 0 {
                let weight = if c & SYMMETRIC != 0 { 1 } else { 2 };
                sum.add(i as u64, code_of(c), weight);
            }
        }
        sum
    }

    /// Side `s`'s value codes in index order (anything for an entry that was not solved: two
    /// pieces on a square, or a mirror with the larger index), handed to `f` a part at a
    /// time; each part of the cells is freed once it has been handed over.
    pub(crate) fn drain_codes(
        &mut self,
        s: usize,
        mut f: impl FnMut(&mut dyn Iterator<Item = Code>),
    ) {
        let cells = &mut self.sides[s].1;
        let parts = core::mem::take(&mut cells.parts);
        for (p, part) in parts.into_iter().enumerate() {
            let n = (cells.len - (p << PART_BITS)).min(1 << PART_BITS);
            f(&mut part[..n].iter().map(|c| code_of(c.load(Ordering::Relaxed))));
        }
    }
}

/// What a solve reads from outside the pair: the value code of a position reached by a
/// capture or a crowning (in a finished table).
pub(crate) type Exit<'a> = dyn Fn(&Position) -> Result<Code, BuildError> + Sync + 'a;

/// Solves a pair of domains (a material and its colour swap, or a material that is its own
/// swap, whole or the same rank slice of both) on `threads` threads, telling `stage` how
/// it goes.
pub(crate) fn solve(
    rules: RuleSet,
    pair: &[Domain],
    exit: &Exit<'_>,
    threads: usize,
    stage: &(dyn Fn(Stage) + Sync),
) -> Result<Solved, BuildError> {
    let sides: Vec<Side> = pair
        .iter()
        .map(|&d| {
            let n = d.size() as usize;
            Ok(Side {
                d,
                cells: Cells::new(n)?,
                next: (0..n.div_ceil(CHUNK))
                    .map(|_| AtomicU16::new(NONE))
                    .collect(),
                marks: (0..n.div_ceil(1 << MARK_BITS))
                    .map(|_| AtomicU16::new(NONE))
                    .collect(),
            })
        })
        .collect::<Result<_, BuildError>>()?;
    let solver = Solver {
        rules,
        sides: &sides,
        exit,
        stage,
        total: sides.iter().map(|s| s.cells.len as u64).sum(),
        looked: AtomicUsize::new(0),
        alone: threads <= 1,
    };
    let chunks: Vec<usize> = sides.iter().map(|s| s.next.len()).collect();
    let crew = Crew::new(threads, &chunks);
    let work = |job: u32, s: usize, c: usize, list: &mut MoveList| match job {
        LOOK => solver.look_chunk(s, c, list),
        d => solver.level_chunk(d as u16, s, c),
    };
    std::thread::scope(|scope| {
        let _quit = QuitOnDrop(&crew);
        for id in 1..crew.workers() {
            let (crew, work) = (&crew, &work);
            scope.spawn(move || crew.serve(id, work));
        }
        let mut list = Box::new(MoveList::new());
        stage(Stage::Looking {
            done: 0,
            total: solver.total,
        });
        crew.run(LOOK, &work, &mut list)?;
        let mut d = solver.lowest_pending();
        while d != NONE {
            stage(Stage::Level(u32::from(d)));
            crew.run(u32::from(d), &work, &mut list)?;
            d = solver.lowest_pending();
        }
        Ok::<(), BuildError>(())
    })?;
    Ok(Solved {
        sides: sides.into_iter().map(|s| (s.d, s.cells)).collect(),
    })
}

struct Solver<'a> {
    rules: RuleSet,
    sides: &'a [Side],
    exit: &'a Exit<'a>,
    stage: &'a (dyn Fn(Stage) + Sync),
    /// Entries of the pair.
    total: u64,
    /// Chunks given their first look.
    looked: AtomicUsize,
    /// One thread: a cell or mark is updated by a load and a store, no other thread
    /// touching it.
    alone: bool,
}

/// The crew's job of the first look (a level's job is the level).
const LOOK: u32 = u32::MAX;

/// The most predecessors an entry has: the side that moved has at most five pieces (six
/// pieces at most, one at least on the other side), a king at most 14 squares it came from
/// and a man at most 3.
const MAX_PREDECESSORS: usize = 80;

/// Chunks between two reports of the first look's progress.
const REPORT_EVERY: usize = 1 << 10;

impl Solver<'_> {
    /// The lowest level pending anywhere, or [`NONE`].
    fn lowest_pending(&self) -> u16 {
        self.sides
            .iter()
            .flat_map(|s| s.next.iter())
            .map(|n| n.load(Ordering::Acquire))
            .min()
            .unwrap_or(NONE)
    }

    /// The first look of every entry of chunk `c` of side `s`: terminal positions, the
    /// game-end rules, and the moves that leave the pair (captures and crownings, whose
    /// children are in finished tables); the quiet moves inside the pair are counted.
    fn look_chunk(&self, s: usize, c: usize, list: &mut MoveList) -> Result<(), BuildError> {
        let n = self.looked.fetch_add(1, Ordering::Relaxed) + 1;
        if n % REPORT_EVERY == 0 {
            let total = self.total;
            let done = ((n * CHUNK) as u64).min(total);
            (self.stage)(Stage::Looking { done, total });
        }
        let side = &self.sides[s];
        let start = c * CHUNK;
        let end = (start + CHUNK).min(side.cells.len);
        let (mut lowest, mut mark) = (NONE, NONE);
        let mut cursor = side.d.cursor(start as u64);
        for i in start..end {
            let cell = self.first_look(&side.d, cursor.board(), i as u64, list)?;
            cursor.step();
            if cell & PENDING != 0 {
                mark = mark.min(level((cell & VALUE) as u16));
            }
            if let Some(c) = side.cells.get(i) {
                c.store(cell, Ordering::Relaxed);
            }
            if (i + 1) & ((1 << MARK_BITS) - 1) == 0 || i + 1 == end {
                lower(&side.marks[i >> MARK_BITS], mark, self.alone);
                lowest = lowest.min(mark);
                mark = NONE;
            }
        }
        lower(&side.next[c], lowest, self.alone);
        Ok(())
    }

    /// The first cell of entry `index` of `m`.
    fn first_look(
        &self,
        d: &Domain,
        board: Option<(u64, u64, u64)>,
        index: u64,
        list: &mut MoveList,
    ) -> Result<u32, BuildError> {
        let Some(board) = board else {
            return Ok(SKIP);
        };
        let mut flags = match orientation(board) {
            Orientation::Mirrored => return Ok(SKIP),
            Orientation::Symmetric => SYMMETRIC,
            Orientation::Stored => 0,
        };
        let m = d.m;
        let pos = domain::position_of(board, self.rules)
            .ok_or_else(|| BuildError::Internal(format!("entry {index} of {}", m.name())))?;
        let (white, black, kings) = board;
        // No capture, no man a step from crowning, more than one piece a side, and the whole
        // material: every move stays in the pair, and only their number matters (counted
        // as perft counts, without the list).
        if !d.is_rank_slice()
            && white & !kings & ROW_7 == 0
            && (white.count_ones() > 1 || black.count_ones() > 1)
            && !pos.has_capture()
        {
            let quiet = crate::perft(&pos, 1) as u32;
            if quiet == 0 {
                return Ok(flags | PENDING | u32::from(Code::loss(0).bits()));
            }
            if quiet > 0xff {
                return Err(BuildError::Internal(format!(
                    "{quiet} quiet moves in {pos}"
                )));
            }
            return Ok(flags | OPEN | (quiet << 16));
        }
        pos.legal_moves_into(list);
        if list.is_empty() {
            return Ok(flags | PENDING | u32::from(Code::loss(0).bits()));
        }
        if m.pieces() >= 3 && list.iter().next().is_some_and(|mv| mv.is_capture()) {
            flags |= CAPTURE;
        }
        let b = pos.board();
        if b.white().count() == 1 && b.black().count() == 1 {
            match pos.outcome() {
                Some(Outcome::Win { winner, .. }) => {
                    let code = if winner == Color::White {
                        Code::win(0)
                    } else {
                        Code::loss(0)
                    };
                    return Ok(flags | PENDING | u32::from(code.bits()));
                }
                Some(Outcome::Draw { .. }) => {
                    return Ok(flags | RESOLVED | u32::from(Code::DRAW.bits()));
                }
                None => {}
            }
        }
        let (mut best_win, mut max_exit, mut quiet) = (None::<u16>, 0u16, 0u32);
        // In a rank slice a man's forward move leaves the slice too.
        let men = if d.is_rank_slice() {
            board.0 & !board.2
        } else {
            0
        };
        for mv in list.iter() {
            let forward =
                men & mv.from().bitboard().to_u64() != 0 && mv.from().rank() != mv.to().rank();
            if mv.is_capture() || mv.is_crowning() || forward {
                match (self.exit)(&pos.after_unchecked(*mv))?.decode() {
                    (Wdl::Draw, _) => flags |= DRAW_EXIT,
                    (Wdl::Loss, Some(d)) => {
                        best_win = Some(best_win.map_or(d + 1, |b| b.min(d + 1)));
                    }
                    (_, d) => max_exit = max_exit.max(d.unwrap_or(0) + 1),
                }
            } else {
                quiet += 1;
            }
        }
        if quiet == 0 {
            return Ok(flags
                | match best_win {
                    Some(w) => PENDING | u32::from(Code::win(w).bits()),
                    None if flags & DRAW_EXIT != 0 => RESOLVED | u32::from(Code::DRAW.bits()),
                    None => PENDING | u32::from(Code::loss(max_exit).bits()),
                });
        }
        if quiet > 0xff {
            return Err(BuildError::Internal(format!(
                "{quiet} quiet moves in {pos}"
            )));
        }
        flags |= OPEN | (quiet << 16);
        Ok(flags
            | match best_win {
                Some(w) => PENDING | u32::from(Code::win(w).bits()),
                None => u32::from(max_exit),
            })
    }

    /// Chunk `c` of side `s` in the scan of level `d`: every entry pending at `d` is made
    /// final and its predecessors updated.
    fn level_chunk(&self, d: u16, s: usize, c: usize) -> Result<(), BuildError> {
        let side = &self.sides[s];
        if side.next[c].load(Ordering::Acquire) > d {
            return Ok(());
        }
        // Levels scheduled into this chunk (or a stretch of it) from now on lower its mark
        // again.
        clear(&side.next[c], self.alone);
        let start = c * CHUNK;
        let end = (start + CHUNK).min(side.cells.len);
        let cells = side.cells.stretch(start, end);
        let mut lowest = NONE;
        let mut cursor = side.d.cursor(start as u64);
        let mut found = [0usize; MAX_PREDECESSORS];
        for (k, stretch) in cells.chunks(1 << MARK_BITS).enumerate() {
            let first = start + (k << MARK_BITS);
            let mark = &side.marks[first >> MARK_BITS];
            let m = mark.load(Ordering::Acquire);
            if m > d {
                lowest = lowest.min(m);
                continue;
            }
            clear(mark, self.alone);
            let mut left = NONE;
            for (j, cell) in stretch.iter().enumerate() {
                let cur = cell.load(Ordering::Relaxed);
                if cur & PENDING == 0 {
                    continue;
                }
                let code = (cur & VALUE) as u16;
                let l = level(code);
                if l != d {
                    left = left.min(l);
                    continue;
                }
                // Final now. Other threads may still take quiet moves off its count,
                // never change its value.
                if self.alone {
                    cell.store(cur ^ (PENDING | RESOLVED), Ordering::Relaxed);
                } else {
                    cell.fetch_xor(PENDING | RESOLVED, Ordering::Relaxed);
                }
                let i = first + j;
                cursor.seek(&side.d, i as u64);
                let board = cursor.board().ok_or_else(|| {
                    BuildError::Internal(format!("entry {i} of {} solved", side.d.m.name()))
                })?;
                self.predecessors(s, board, cur & SYMMETRIC != 0, code, d, &mut found);
            }
            lower(mark, left, self.alone);
            lowest = lowest.min(left);
        }
        lower(&side.next[c], lowest, self.alone);
        Ok(())
    }

    /// Updates the predecessors of an entry of side `s` (its board, stored by the files,
    /// `symmetric` when it is its own mirror), final with `code` at level `d`: the
    /// positions of the other side of the pair from which a quiet move leads to it or to its
    /// mirror, each by the entry the files store. `found` is room for their indices.
    ///
    /// Only the entry's own predecessors are unmade. A predecessor `q` that the files do not
    /// store stands for its mirror, whose move leads to the entry's mirror; when the entry
    /// is its own mirror that move is also found from the mirror itself, so such `q` are
    /// passed over. A predecessor that is its own mirror has two moves into the pair
    /// {entry, mirror} (the move and its mirror) where only one is found: it counts twice.
    fn predecessors(
        &self,
        s: usize,
        board: (u64, u64, u64),
        symmetric: bool,
        code: u16,
        d: u16,
        found: &mut [usize; MAX_PREDECESSORS],
    ) {
        let o = if self.sides.len() == 1 { 0 } else { 1 - s };
        if self.sides[o].d.is_rank_slice() {
            self.predecessors_in::<true>(o, board, symmetric, code, d, found);
        } else {
            self.predecessors_in::<false>(o, board, symmetric, code, d, found);
        }
    }

    /// [`Self::predecessors`] in side `o`, a rank slice or not (`SLICED`): a whole
    /// material's groups rank every set of their size, with no check.
    #[inline(always)]
    fn predecessors_in<const SLICED: bool>(
        &self,
        o: usize,
        board: (u64, u64, u64),
        symmetric: bool,
        code: u16,
        d: u16,
        found: &mut [usize; MAX_PREDECESSORS],
    ) {
        let target = &self.sides[o];
        let child_lost = code % 2 == 0;
        let t = &target.d;
        let (g_men, g_black_men) = (t.group(0), t.group(2));
        // Kings are ranked among every square; men, in a whole material, among ranks 2 to 7.
        let rank_men = |g: Group, set: u64| {
            if SLICED {
                g.rank(set)
            } else {
                Some(rank_set(set >> 8))
            }
        };
        let (stride_men, stride_kings) = (t.stride(0), t.stride(1));
        let (white, black, kings) = board;
        // In the other table the side that moved (Black here) is White and the board is
        // flipped: there, Black's groups are the same for every predecessor, and of White's
        // groups only the moved piece's changes. Their ranks, as they are and mirrored:
        let black_part = |men: u64, kings: u64| -> Option<u64> {
            Some(rank_men(g_black_men, men)? * t.stride(2) + rank_set(kings))
        };
        let (tbm_set, tbk_set) = ((white & !kings).swap_bytes(), (white & kings).swap_bytes());
        let (m_tbm, m_tbk) = (mirror_files(tbm_set), mirror_files(tbk_set));
        let fixed = [black_part(tbm_set, tbk_set), black_part(m_tbm, m_tbk)];
        let (twm_set, twk_set) = ((black & !kings).swap_bytes(), (black & kings).swap_bytes());
        let (m_twm, m_twk) = (mirror_files(twm_set), mirror_files(twk_set));
        // The index without the moved group's part: a king's move leaves White's men as
        // they are, a man's move White's kings (as they are, and mirrored).
        let base =
            |rank: Option<u64>, stride: u64, side: usize| Some(rank? * stride + fixed[side]?);
        let king_base = [
            base(rank_men(g_men, twm_set), stride_men, 0),
            base(rank_men(g_men, m_twm), stride_men, 1),
        ];
        let man_base = [
            base(Some(rank_set(twk_set)), stride_kings, 0),
            base(Some(rank_set(m_twk)), stride_kings, 1),
        ];
        // Which of a predecessor and its mirror the files store (see `orientation`): White's
        // men decide first, then White's kings, then Black's groups (the same for every
        // predecessor); of White's groups, only the moved one's differs from the entry's.
        let black_decides = decide(tbm_set, m_tbm).or_else(|| decide(tbk_set, m_tbk));
        let men_decide = decide(twm_set, m_twm);
        let after_men = decide(twk_set, m_twk).or(black_decides);
        let mut len = 0usize;
        let mut add = |king: bool, set: u64, mirror: u64| {
            let orient = if king {
                men_decide.or_else(|| decide(set, mirror).or(black_decides))
            } else {
                decide(set, mirror).or(after_men)
            }
            .unwrap_or(Orientation::Symmetric);
            let (side, times) = match orient {
                Orientation::Stored => (0, 1),
                Orientation::Mirrored if symmetric => return,
                Orientation::Mirrored => (1, 1),
                Orientation::Symmetric => (0, if symmetric { 1 } else { 2 }),
            };
            // A man's move from the row behind leaves a rank slice: no such predecessor.
            let group = if side == 0 { set } else { mirror };
            let (base, rank, stride) = if king {
                (king_base[side], Some(rank_set(group)), stride_kings)
            } else {
                (man_base[side], rank_men(g_men, group), stride_men)
            };
            let (Some(base), Some(rank)) = (base, rank) else {
                return;
            };
            // The index, and whether the move counts twice in the lowest bit.
            found[len] = (((rank * stride + base) as usize) << 1) | usize::from(times == 2);
            len += 1;
        };
        for_each_unmove(
            (twm_set, m_twm),
            (twk_set, m_twk),
            (white | black).swap_bytes(),
            &mut add,
        );
        // Every cell read first, so that their cache misses overlap; those still open kept
        // at the front.
        let mut live = 0;
        for j in 0..len {
            let f = found[j];
            found[live] = f;
            live += usize::from(target.cells.load(f >> 1) & (OPEN | RESOLVED) == OPEN);
        }
        for &f in &found[..live] {
            let times = 1 + (f & 1) as u32;
            target.update(f >> 1, child_lost, d, times, self.alone);
        }
    }
}

impl Side {
    /// Entry `i` has `times` quiet moves to children final at level `d`: lost for the
    /// children's side (`child_lost`: the entry wins at `d + 1`) or won (as many quiet moves
    /// fewer left).
    ///
    /// `alone`: no other thread works on the pair (a load and a store do).
    #[inline(always)]
    fn update(&self, i: usize, child_lost: bool, d: u16, times: u32, alone: bool) {
        let Some(cell) = self.cells.get(i) else {
            return;
        };
        let mut cur = cell.load(Ordering::Relaxed);
        loop {
            if cur & (OPEN | RESOLVED) != OPEN {
                return;
            }
            let (new, scheduled) = if child_lost {
                let code = Code::win(d + 1).bits();
                let v = (cur & VALUE) as u16;
                if cur & PENDING != 0 && v % 2 == 1 && v <= code {
                    return;
                }
                ((cur & !VALUE) | PENDING | u32::from(code), d + 1)
            } else {
                if count(cur) < times {
                    return;
                }
                let left = cur - times * COUNT_ONE;
                if count(left) == 0 && cur & (PENDING | DRAW_EXIT) == 0 {
                    let l = (d + 1).max((cur & VALUE) as u16);
                    (
                        (left & !VALUE) | PENDING | u32::from(Code::loss(l).bits()),
                        l,
                    )
                } else {
                    (left, NONE)
                }
            };
            let stored = if alone {
                cell.store(new, Ordering::Relaxed);
                Ok(cur)
            } else {
                cell.compare_exchange_weak(cur, new, Ordering::Relaxed, Ordering::Relaxed)
            };
            match stored {
                Ok(_) => {
                    if scheduled != NONE {
                        lower(&self.marks[i >> MARK_BITS], scheduled, alone);
                        lower(&self.next[i / CHUNK], scheduled, alone);
                    }
                    return;
                }
                Err(now) => cur = now,
            }
        }
    }
}

/// Lowers a mark of the lowest pending level to `level`, if it is higher. `alone`: no other
/// thread works on the pair (a load and a store do).
#[inline]
fn lower(mark: &AtomicU16, level: u16, alone: bool) {
    if !alone {
        mark.fetch_min(level, Ordering::AcqRel);
    } else if mark.load(Ordering::Relaxed) > level {
        mark.store(level, Ordering::Relaxed);
    }
}

/// Clears a mark of the lowest pending level before its stretch is scanned (updates from
/// then on lower it again).
#[inline]
fn clear(mark: &AtomicU16, alone: bool) {
    if alone {
        mark.store(NONE, Ordering::Relaxed);
    } else {
        mark.swap(NONE, Ordering::AcqRel);
    }
}

/// The square a square's bit stands on in the left-right mirror.
#[inline]
const fn mirror_bit(bit: u64) -> u64 {
    1 << (bit.trailing_zeros() ^ 7)
}

/// White's quiet moves (not crownings) that could have led to a board, unmade: `men` and
/// `kings` are White's men and kings (each with its left-right mirror), `occ` every piece.
/// For each, `f` gets whether the piece that moved is a king, and its group (White's men or
/// White's kings) as it stood before the move, with that set's mirror.
#[inline]
pub(crate) fn for_each_unmove(
    (men, m_men): (u64, u64),
    (kings, m_kings): (u64, u64),
    occ: u64,
    mut f: impl FnMut(bool, u64, u64),
) {
    let mut rest = kings;
    while rest != 0 {
        let to = rest & rest.wrapping_neg();
        rest &= rest - 1;
        let (set, mirror) = (kings ^ to, m_kings ^ mirror_bit(to));
        // A king slides to `to` from the empty squares it would slide to from there.
        let mut from = king_lines(to.trailing_zeros(), occ) & !occ;
        while from != 0 {
            let bit = from & from.wrapping_neg();
            from &= from - 1;
            f(true, set | bit, mirror | mirror_bit(bit));
        }
    }
    let mut rest = men;
    while rest != 0 {
        let to = rest & rest.wrapping_neg();
        rest &= rest - 1;
        let (set, mirror) = (men ^ to, m_men ^ mirror_bit(to));
        let s = to.trailing_zeros();
        let file = s % 8;
        // White's men move up the board: a man came from the row below (never from the
        // first row, where no man stands) or from beside.
        if s >= 16 && occ & (to >> 8) == 0 {
            f(false, set | (to >> 8), mirror | mirror_bit(to >> 8));
        }
        if file > 0 && occ & (to >> 1) == 0 {
            f(false, set | (to >> 1), mirror | mirror_bit(to >> 1));
        }
        if file < 7 && occ & (to << 1) == 0 {
            f(false, set | (to << 1), mirror | mirror_bit(to << 1));
        }
    }
}
