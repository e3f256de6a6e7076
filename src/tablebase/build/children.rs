//! What verification reads of a position's children, cheaply. Two steps make a child's
//! value one read of a held table:
//!
//! - [`settle`]: before a material's entries are checked, each of its entries where the
//!   side to move must capture (which its files leave to the captures) gets the value of
//!   its captures, once, instead of once for every position that has it as a child. A
//!   slice's build settles the tables its captures reach the same way before its first
//!   look.
//! - [`Children`]: a quiet move changes one piece, so of the child's index (in the table
//!   of the colour swap) only the rank of the moved piece's group is computed per move;
//!   the other groups' ranks are computed once per position. A position's children's
//!   entries are all computed before any is read, so that the reads' cache misses overlap.
//!
//! [`by_moves`] is the plain way, each move played and its child looked up whole: for
//! positions of two pieces, and the reference the tests compare with.

use arrayvec::ArrayVec;
use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::vec::Vec;

use super::domain::{Domain, Group, Orientation, decide, orientation, position_of};
use super::held::{Best, Held, Tables, from_children};
use crate::movegen::{Side, White, for_each_quiet};
use crate::tablebase::format::Scheme;
use crate::tablebase::index::mirror_files;
use crate::tablebase::material::Material;
use crate::tablebase::resolve::by_captures;
use crate::tablebase::value::Code;
use crate::{MoveList, Outcome, Position, RuleSet};

/// Entries a thread takes at a time.
const CHUNK: u64 = 1 << 12;

/// A board: White's pieces, Black's pieces, the kings (White to move).
type Board = (u64, u64, u64);

/// The entries of a pair of tables (or of rank slices) cut into chunks, handed out to
/// threads in order.
pub(crate) struct Chunks {
    /// Each chunk's domain (its place in the list given, and itself) and first entry.
    list: Vec<(usize, Domain, u64)>,
    next: AtomicUsize,
}

impl Chunks {
    /// The chunks of the entries of `domains`.
    pub(crate) fn of_domains(domains: &[Domain]) -> Chunks {
        Chunks {
            list: domains
                .iter()
                .enumerate()
                .flat_map(|(k, &d)| (0..d.size().div_ceil(CHUNK)).map(move |c| (k, d, c * CHUNK)))
                .collect(),
            next: AtomicUsize::new(0),
        }
    }

    /// The next chunk not handed out: its domain's place in the list the chunks were made
    /// of, the domain, and the chunk's first entry.
    pub(crate) fn next(&self) -> Option<(usize, Domain, u64)> {
        self.list
            .get(self.next.fetch_add(1, Ordering::Relaxed))
            .copied()
    }
}

/// Runs `work` on `threads` threads (on this one for one thread or none).
pub(crate) fn on_threads(threads: usize, work: impl Fn() + Sync) {
    if threads <= 1 {
        work();
    } else {
        std::thread::scope(|scope| {
            for _ in 0..threads {
                scope.spawn(&work);
            }
        });
    }
}

/// Calls `f` with the index, board and position of each entry of the chunk of `d` that
/// starts at `start` and that a file stores: a legal position, not the mirror of a
/// position with a smaller index.
pub(crate) fn for_each_stored(
    d: &Domain,
    start: u64,
    rules: RuleSet,
    mut f: impl FnMut(u64, Board, &Position),
) {
    let mut cursor = d.cursor(start);
    for i in start..(start + CHUNK).min(d.size()) {
        let board = cursor.board();
        cursor.step();
        let Some(board) = board else { continue };
        if orientation(board) == Orientation::Mirrored {
            continue;
        }
        if let Some(pos) = position_of(board, rules) {
            f(i, board, &pos);
        }
    }
}

/// Gives each entry of the tables of `pair` (those held) where the side to move must
/// capture the value its captures give, read from the tables of fewer pieces, and marks
/// the tables exact; a table where some capture's child could not be read (its table not
/// held) is left as it was for those entries, and not exact, so that reading such a child
/// fails as it did before. The held tables that the pair's captures lead to are settled
/// first (those not exact yet), so that a capture's child is one read too: each of their
/// entries is settled once, where the pair reads them as many times as its captures reach
/// them.
pub(crate) fn settle(pair: &[Material], tables: &mut Tables, rules: RuleSet, threads: usize) {
    let whole: Vec<Domain> = pair.iter().map(|&m| Domain::whole(m)).collect();
    settle_domains(&whole, tables, rules, threads);
}

/// [`settle`] for the held tables or rank slices of `domains`.
pub(crate) fn settle_domains(
    domains: &[Domain],
    tables: &mut Tables,
    rules: RuleSet,
    threads: usize,
) {
    let mut reached: Vec<Material> = domains.iter().flat_map(|d| captured(d.m)).collect();
    reached.retain(|&c| tables.held(c).is_some_and(|t| !t.is_exact()));
    // Fewer pieces first: a table's captures lead to tables of fewer pieces still.
    reached.sort_by_key(|c| (c.pieces(), c.counts));
    reached.dedup();
    for c in reached {
        settle_tables(&[Domain::whole(c)], tables, rules, threads);
    }
    settle_tables(domains, tables, rules, threads);
}

/// The materials of the tables where a capture from a position of `m` (White to move)
/// leads, colour-swapped (Black moves there): Black keeps fewer pieces, at least one, and
/// White's capturing man may be crowned.
fn captured(m: Material) -> Vec<Material> {
    let [wm, wk, bm, bk] = m.counts;
    let mut out = Vec::new();
    for men in 0..=bm {
        for kings in 0..=bk {
            if men + kings == 0 || men + kings == bm + bk {
                continue;
            }
            out.push(Material {
                counts: [men, kings, wm, wk],
            });
            if wm > 0 {
                out.push(Material {
                    counts: [men, kings, wm - 1, wk + 1],
                });
            }
        }
    }
    out
}

/// [`settle`] for the held tables or rank slices of `domains` alone.
fn settle_tables(domains: &[Domain], tables: &mut Tables, rules: RuleSet, threads: usize) {
    let mut held: Vec<(Domain, Held)> = domains
        .iter()
        .filter_map(|d| {
            let h = match d.scheme() {
                Scheme::Whole => tables.take(d.m),
                Scheme::Rows(..) => tables.take_part(d),
            };
            Some((*d, h?))
        })
        .collect();
    {
        let ds: Vec<Domain> = held.iter().map(|&(d, _)| d).collect();
        let writers: Vec<Mutex<_>> = held
            .iter_mut()
            .map(|(_, h)| Mutex::new(h.rewrite()))
            .collect();
        let failed: Vec<AtomicBool> = ds.iter().map(|_| AtomicBool::new(false)).collect();
        let chunks = Chunks::of_domains(&ds);
        let tables = &*tables;
        on_threads(threads, || {
            let mut list = MoveList::new();
            let mut found: Vec<(u64, Code)> = Vec::new();
            while let Some((t, d, start)) = chunks.next() {
                found.clear();
                for_each_stored(&d, start, rules, |i, _, pos| {
                    if by_captures(pos) {
                        match from_children(pos, &mut list, |c| tables.value(c)) {
                            Ok(code) => found.push((i, code)),
                            Err(_) => failed[t].store(true, Ordering::Relaxed),
                        }
                    }
                });
                match writers[t].lock() {
                    Ok(mut w) => {
                        for &(i, code) in &found {
                            w.set(i as usize, code);
                        }
                    }
                    Err(_) => failed[t].store(true, Ordering::Relaxed),
                }
            }
        });
        for (w, failed) in writers.into_iter().zip(&failed) {
            if let Ok(w) = w.into_inner() {
                w.finish(!failed.load(Ordering::Relaxed));
            }
        }
    }
    for (d, h) in held {
        match d.scheme() {
            Scheme::Whole => tables.insert(d.m, h),
            Scheme::Rows(..) => tables.insert_part(d, h),
        }
    }
}

/// The children of one position by its quiet moves (a piece's step, not a man's crowning):
/// their entries in the table of the colour swap, where Black, who moves there, is White
/// and the board is turned over (rank 1 becomes rank 8).
pub(crate) struct Children<'a> {
    /// The colour swap's table, exact.
    table: &'a Held,
    /// The groups of the swap's domain (White's men, White's kings, Black's men, Black's
    /// kings) and the index's step for each.
    groups: [Group; 4],
    strides: [u64; 4],
    /// The moving side's men and kings turned over: the swap's groups 2 and 3.
    sets: [u64; 2],
    /// The index less the moved group's part, when a man moves (0) and when a king moves
    /// (1), for the board as it stands (0) and mirrored (1).
    rest: [[u64; 2]; 2],
    /// Which of a child and its mirror the files store when the groups no move changes
    /// (the swap's White, who did not move) decide it for every child: 0 the child, 1 its
    /// mirror.
    fixed: Option<usize>,
}

impl<'a> Children<'a> {
    /// The children of the position `board` of material `m`, or `None` when the colour
    /// swap's table is not held exact, nor (for a material with men) the swap's rank slice
    /// that the position's children stay in while no man steps forward.
    pub(crate) fn new(m: Material, board: Board, tables: &'a Tables) -> Option<Children<'a>> {
        let (white, black, kings) = board;
        let turned =
            [black & !kings, black & kings, white & !kings, white & kings].map(u64::swap_bytes);
        let (domain, table) = match tables.held(m.swapped()) {
            Some(t) => (Domain::whole(m.swapped()), t),
            None => {
                let swapped = (
                    turned[0] | turned[1],
                    turned[2] | turned[3],
                    turned[1] | turned[3],
                );
                let (d, t) = tables.part(m.swapped(), swapped)?;
                (*d, t)
            }
        };
        if !table.is_exact() {
            return None;
        }
        let groups = [0, 1, 2, 3].map(|g| domain.group(g));
        let strides = [0, 1, 2, 3].map(|g| domain.stride(g));
        let mirrored = turned.map(mirror_files);
        // Each group's part of the index, as the board stands and mirrored.
        let mut part = [[0u64; 2]; 4];
        for g in 0..4 {
            part[g] = [
                groups[g].rank(turned[g])? * strides[g],
                groups[g].rank(mirrored[g])? * strides[g],
            ];
        }
        let rest = [0, 1].map(|moved| {
            [0, 1].map(|o| (0..4).filter(|&g| g != 2 + moved).map(|g| part[g][o]).sum())
        });
        let fixed = decide(turned[0], mirrored[0])
            .or_else(|| decide(turned[1], mirrored[1]))
            .map(|o| usize::from(o == Orientation::Mirrored));
        Some(Children {
            table,
            groups,
            strides,
            sets: [turned[2], turned[3]],
            rest,
            fixed,
        })
    }

    /// The entry of the child by the quiet move of a piece (a king if `king`) from the
    /// square `from` to the square `to` (single-bit sets), not a man's crowning; `None`
    /// when the child is not in the table read (a man's step forward, out of a rank
    /// slice).
    #[inline]
    pub(crate) fn index(&self, from: u64, to: u64, king: bool) -> Option<usize> {
        let k = usize::from(king);
        let (group, stride) = (self.groups[2 + k], self.strides[2 + k]);
        let set = self.sets[k] ^ (from | to).swap_bytes();
        let index = match self.fixed {
            Some(0) => self.rest[k][0] + group.rank(set)? * stride,
            Some(_) => self.rest[k][1] + group.rank(mirror_files(set))? * stride,
            // The entry the files store is the one with the smaller index.
            None => (self.rest[k][0] + group.rank(set)? * stride)
                .min(self.rest[k][1] + group.rank(mirror_files(set))? * stride),
        };
        Some(index as usize)
    }

    /// The code of entry `index` of the colour swap's table, `None` past its end.
    #[inline]
    pub(crate) fn code(&self, index: usize) -> Option<Code> {
        self.table.get(index)
    }
}

/// The code of a position whose game is over.
fn over(pos: &Position, outcome: Outcome) -> Code {
    match outcome.winner() {
        Some(w) if w == pos.turn() => Code::win(0),
        Some(_) => Code::loss(0),
        None => Code::DRAW,
    }
}

/// The value code a position must have (`board` with White to move, of material `m`),
/// given its children's codes from the held tables (`None` when a child's table is not
/// held). The position is not one the files leave to its captures ([`by_captures`]): with
/// three pieces or more its moves are its quiet moves, each child read by [`Children`] (a
/// man's crowning by [`Tables::value`]); with two, [`by_moves`].
pub(crate) fn expected(
    pos: &Position,
    board: Board,
    m: Material,
    list: &mut MoveList,
    tables: &Tables,
) -> Option<Code> {
    debug_assert!(!by_captures(pos));
    let (white, black, kings) = board;
    let children = match (white | black).count_ones() >= 3 {
        true => Children::new(m, board, tables),
        false => None,
    };
    let Some(children) = children else {
        return by_moves(pos, list, tables);
    };
    // A child's value read the slow way: from its position, colour-swapped (White to move),
    // which has the child's value.
    let slow = |from: u64, to: u64, crowns: bool| -> Option<Code> {
        let white = white ^ from ^ to;
        let kings = if crowns { kings | to } else { kings };
        let swapped = (black.swap_bytes(), white.swap_bytes(), kings.swap_bytes());
        tables.value(&position_of(swapped, pos.rules())?).ok()
    };
    let (mut best, mut any, mut missing) = (Best::default(), false, false);
    // The quiet children's entries, read after all are known: reads of a large table miss
    // the cache, and these misses overlap.
    let mut entries = ArrayVec::<usize, { MoveList::CAPACITY }>::new();
    for_each_quiet::<White>(white, black, kings, |from, to| {
        any = true;
        let king = from & kings != 0;
        let crowns = !king && to & White::PROMO != 0;
        let index = (!crowns).then(|| children.index(from, to, king)).flatten();
        match index {
            Some(i) if !entries.is_full() => entries.push(i),
            _ => match slow(from, to, crowns) {
                Some(code) => best.add(code),
                None => missing = true,
            },
        }
    });
    for &i in &entries {
        match children.code(i) {
            Some(code) => best.add(code),
            None => missing = true,
        }
    }
    if let Some(outcome) = pos.outcome_knowing(any) {
        return Some(over(pos, outcome));
    }
    (!missing).then(|| best.code())
}

/// The value code a position must have, given its children's codes from the held tables
/// (`None` when a child's table is not held): each of its legal moves played, and the
/// child looked up by [`Tables::value`].
pub(crate) fn by_moves(pos: &Position, list: &mut MoveList, tables: &Tables) -> Option<Code> {
    if let Some(outcome) = pos.outcome() {
        return Some(over(pos, outcome));
    }
    from_children(pos, list, |c| tables.value(c)).ok()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tablebase::build::order::build_order;
    use crate::tablebase::index::{board_of, is_stored};
    use crate::tablebase::{Builder, Tablebase};
    use std::format;
    use std::string::String;

    #[test]
    fn captures_lead_to_fewer_pieces_of_the_side_not_moving() {
        let names = |m: &str| -> Vec<String> {
            let mut v: Vec<String> = captured(Material::from_name(m).unwrap())
                .into_iter()
                .map(Material::name)
                .collect();
            v.sort();
            v
        };
        // White's man takes Black's man and may be crowned; Black moves in the child.
        assert_eq!(names("MvMM"), ["MvK", "MvM"]);
        assert_eq!(names("KKvKK"), ["KvKK"]);
        assert_eq!(names("KvKM"), ["KvK", "MvK"]);
    }

    /// Settling before KKvKK settles the three-piece table its captures lead to: each of its
    /// entries where the side to move must capture holds what its captures give, the others
    /// keep their value.
    #[test]
    fn settled_entries_hold_their_captures_value() {
        let dir = std::env::temp_dir().join(format!("td-settle-{}", std::process::id()));
        let rules = RuleSet::Default;
        Builder::new(rules, &dir).build(3).unwrap();
        let tb = Tablebase::open(&dir, rules).unwrap();
        let load = || {
            let mut t = Tables::default();
            for &m in build_order(3).iter().flatten() {
                t.insert(m, tb.held(m).unwrap());
            }
            t
        };
        let (reference, mut tables) = (load(), load());
        std::fs::remove_dir_all(&dir).unwrap();
        settle(
            &[Material::from_name("KKvKK").unwrap()],
            &mut tables,
            rules,
            2,
        );
        let kvkk = Material::from_name("KvKK").unwrap();
        assert!(tables.held(kvkk).unwrap().is_exact());
        assert!(
            !tables
                .held(Material::from_name("KKvK").unwrap())
                .unwrap()
                .is_exact()
        );
        let mut settled = 0;
        for i in 0..kvkk.size() {
            let Some(board) = board_of(kvkk, i) else {
                continue;
            };
            let Some(pos) = position_of(board, rules).filter(|_| is_stored(kvkk, i, board)) else {
                continue;
            };
            let want = if by_captures(&pos) {
                settled += 1;
                reference.value(&pos).ok()
            } else {
                reference.stored(kvkk, i)
            };
            assert_eq!(tables.stored(kvkk, i), want, "{pos}");
        }
        assert!(settled > 1000, "{settled}");
    }
}
