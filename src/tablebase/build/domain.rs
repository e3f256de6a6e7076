//! Domains: the entries a solve works on, numbered. A domain is a whole material (the files'
//! index, scheme 1) or the part of a material whose men stand on given ranks (a rank slice,
//! numbered in the same order as the material's index restricted to it).
//!
//! An entry is four groups of squares: White's men, White's kings, Black's men, Black's
//! kings (White to move). Each group has a rank among the sets its group allows, and the
//! index is the groups' ranks in mixed radix, White's men most significant. The sets of a
//! group of kings, or of men anywhere on ranks 2 to 7, are ranked in colexicographic order,
//! which is the order of their masks as numbers. A group of men with a given number of men
//! on each rank is ranked rank by rank, the highest rank most significant, each rank's
//! files in colexicographic order: the same order as the colexicographic order of the sets,
//! since two such sets first differ on the highest rank where their files differ.

use crate::tablebase::format::{Rows, Scheme};
use crate::tablebase::index::{mirror_files, rank_set, unrank_set};
use crate::tablebase::material::{Material, binomial};
use crate::{Bitboard, Color, Position, Setup};

/// The ranks of a side's men from its own side (White's rank 2 is Black's rank 7), highest
/// first, as digits: `white` for White's men, whose rows count up from White's side.
pub(crate) fn rank_digits(rows: &Rows, white: bool) -> std::string::String {
    let mut s = std::string::String::new();
    for row in (1..7).rev() {
        // White's man on row r stands on its rank r + 1; Black's on its rank 8 - r.
        let count = if white { rows[row] } else { rows[7 - row] };
        for _ in 0..count {
            s.push(char::from(b'1' + row as u8));
        }
    }
    s
}

/// The last (highest) set of `k` of `n` squares.
#[inline]
pub(crate) const fn last_set(k: usize, n: usize) -> u64 {
    if k == 0 {
        0
    } else {
        (u64::MAX >> (64 - k)) << (n - k)
    }
}

/// The position of a board with White to move.
pub(crate) fn position_of(
    (white, black, kings): (u64, u64, u64),
    rules: crate::RuleSet,
) -> Option<Position> {
    let setup = Setup {
        white: Bitboard::from_u64(white),
        black: Bitboard::from_u64(black),
        kings: Bitboard::from_u64(kings),
        turn: Color::White,
    };
    Position::from_setup(&setup, rules).ok()
}

/// The board mirrored left to right.
#[inline]
pub(crate) fn mirror_board((w, b, k): (u64, u64, u64)) -> (u64, u64, u64) {
    (mirror_files(w), mirror_files(b), mirror_files(k))
}

/// Which of a board and its mirror the files store.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum Orientation {
    /// The board itself: its index is the smaller.
    Stored,
    /// Its mirror.
    Mirrored,
    /// The board is its own mirror.
    Symmetric,
}

/// Which of a board (White to move) and its mirror the files store: the one with the
/// smaller index. The index orders the groups white men, white kings, black men, black
/// kings, and within a group sets of equal size in colexicographic order: the first group
/// that differs decides, and of two sets the one holding the highest square where they
/// differ is the larger.
#[inline]
pub(crate) fn orientation((w, b, k): (u64, u64, u64)) -> Orientation {
    for set in [w & !k, w & k, b & !k, b & k] {
        if let Some(o) = decide_rows(set) {
            return o;
        }
    }
    Orientation::Symmetric
}

/// [`decide`] of a set and its mirror, row by row from the highest: the rows above the
/// first one that is not its own mirror are the same in both, and that row decides.
#[inline]
fn decide_rows(mut set: u64) -> Option<Orientation> {
    while set != 0 {
        let low = (63 - set.leading_zeros()) & !7;
        match ROW_ORDER[((set >> low) & 0xff) as usize] {
            None => set &= !(0xff << low),
            decided => return decided,
        }
    }
    None
}

/// For each row of squares (a byte, file a the lowest bit), [`decide`] of it and its
/// mirror (`None` when it is its own mirror).
const ROW_ORDER: [Option<Orientation>; 256] = {
    let mut t = [None; 256];
    let mut row = 0;
    while row < 256 {
        let mirror = (row as u8).reverse_bits();
        let x = row as u8 ^ mirror;
        if x != 0 {
            let high = 7 - x.leading_zeros();
            t[row] = Some(if mirror & (1 << high) != 0 {
                Orientation::Stored
            } else {
                Orientation::Mirrored
            });
        }
        row += 1;
    }
    t
};

/// Which of two sets of a group (a board's and its mirror's) has the smaller rank, `None`
/// when they are equal: of two sets of equal size, the one holding the highest square
/// where they differ is the larger.
#[inline]
pub(crate) fn decide(set: u64, mirror: u64) -> Option<Orientation> {
    let x = set ^ mirror;
    (x != 0).then(|| {
        if mirror & (1u64 << (63 - x.leading_zeros())) != 0 {
            Orientation::Stored
        } else {
            Orientation::Mirrored
        }
    })
}

/// How one group of squares is numbered.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Group {
    /// This many kings, anywhere.
    Kings(u8),
    /// This many men, anywhere on ranks 2 to 7.
    Men(u8),
    /// Men, as many on each row as given.
    Rows(Rows),
}

/// The rank of a set of men among the sets with `rows` men on each row: rank by rank, the
/// highest most significant; `None` for a set with other counts.
fn rank_rows(rows: &Rows, set: u64) -> Option<u64> {
    let mut r = 0u64;
    for row in (0..8).rev() {
        let mask = (set >> (8 * row)) & 0xff;
        let c = rows[row];
        if mask.count_ones() != u32::from(c) {
            return None;
        }
        if c > 0 {
            r = r * binomial(8, usize::from(c)) + rank_set(mask);
        }
    }
    Some(r)
}

/// The first (lowest) set of `k` of 8 files.
const fn first8(k: u8) -> u64 {
    (1u64 << k) - 1
}

/// The last (highest) set of `k` of 8 files.
const fn last8(k: u8) -> u64 {
    first8(k) << (8 - k)
}

/// The set after `x` with as many bits, in numeric order (Gosper's step); `x` is not the
/// last of its universe.
#[inline]
fn next_mask(x: u64) -> u64 {
    let c = x & x.wrapping_neg();
    let r = x + c;
    (((r ^ x) >> 2) >> c.trailing_zeros()) | r
}

/// The sets of `k` of 8 files, by rank.
const FILE_SETS: [[u8; 70]; 9] = {
    let mut t = [[0u8; 70]; 9];
    let mut k = 0;
    while k <= 8 {
        let mut n = 0;
        let mut x: u32 = 0;
        while x < 256 {
            if x.count_ones() == k as u32 {
                t[k][n] = x as u8;
                n += 1;
            }
            x += 1;
        }
        k += 1;
    }
    t
};

impl Group {
    /// The number of its sets.
    pub(crate) fn size(&self) -> u64 {
        match *self {
            Group::Kings(k) => binomial(64, usize::from(k)),
            Group::Men(k) => binomial(48, usize::from(k)),
            Group::Rows(rows) => rows.iter().map(|&c| binomial(8, usize::from(c))).product(),
        }
    }

    /// The number of pieces.
    #[allow(dead_code)]
    pub(crate) fn count(&self) -> u32 {
        match *self {
            Group::Kings(k) | Group::Men(k) => u32::from(k),
            Group::Rows(rows) => rows.iter().map(|&c| u32::from(c)).sum(),
        }
    }

    /// The rank of a set of squares (as board bits), or `None` when the group does not
    /// allow it (another count of men on some row).
    #[inline(always)]
    pub(crate) fn rank(&self, set: u64) -> Option<u64> {
        match *self {
            Group::Kings(_) => Some(rank_set(set)),
            Group::Men(_) => Some(rank_set(set >> 8)),
            Group::Rows(rows) => rank_rows(&rows, set),
        }
    }

    /// The set of rank `r` (as board bits).
    pub(crate) fn unrank(&self, mut r: u64) -> u64 {
        match *self {
            Group::Kings(k) => unrank_set(r, usize::from(k), 64),
            Group::Men(k) => unrank_set(r, usize::from(k), 48) << 8,
            Group::Rows(rows) => {
                let mut set = 0;
                for (row, &c) in rows.iter().enumerate() {
                    if c > 0 {
                        let n = binomial(8, usize::from(c));
                        set |= u64::from(FILE_SETS[usize::from(c)][(r % n) as usize]) << (8 * row);
                        r /= n;
                    }
                }
                set
            }
        }
    }

    /// The set of rank 0.
    #[inline]
    pub(crate) fn first(&self) -> u64 {
        let low = |k: u8| if k == 0 { 0 } else { u64::MAX >> (64 - k) };
        match *self {
            Group::Kings(k) => low(k),
            Group::Men(k) => low(k) << 8,
            Group::Rows(rows) => rows
                .iter()
                .enumerate()
                .fold(0, |set, (row, &c)| set | (first8(c) << (8 * row))),
        }
    }

    /// The set after `set` in rank order, or `None` after the last.
    #[inline]
    pub(crate) fn next(&self, set: u64) -> Option<u64> {
        match *self {
            Group::Kings(k) => {
                (k > 0 && set != last_set(usize::from(k), 64)).then(|| next_mask(set))
            }
            Group::Men(k) => (k > 0 && set >> 8 != last_set(usize::from(k), 48))
                .then(|| next_mask(set >> 8) << 8),
            Group::Rows(rows) => next_rows(&rows, set),
        }
    }
}

/// The set of men after `set` among those with `rows` men on each row, or `None` after the
/// last: the lowest row steps, and carries into the next row up.
fn next_rows(rows: &Rows, mut set: u64) -> Option<u64> {
    for (row, &c) in rows.iter().enumerate() {
        if c == 0 {
            continue;
        }
        let shift = 8 * row;
        let mask = (set >> shift) & 0xff;
        set &= !(0xff << shift);
        if mask != last8(c) {
            return Some(set | (next_mask(mask) << shift));
        }
        set |= first8(c) << shift;
    }
    None
}

/// The entries a solve works on: a material, whole or with its men on given rows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Domain {
    /// The material.
    pub(crate) m: Material,
    /// White's men, White's kings, Black's men, Black's kings.
    groups: [Group; 4],
    /// Each group's number of sets.
    sizes: [u64; 4],
}

impl Domain {
    /// The entries of a file of `m` numbered by `scheme`.
    pub(crate) fn of(m: Material, scheme: Scheme) -> Domain {
        match scheme {
            Scheme::Whole => Domain::whole(m),
            Scheme::Rows(white, black) => Domain::rows(m, white, black),
        }
    }

    /// Every entry of a material, numbered as its files are (index scheme 1).
    pub(crate) fn whole(m: Material) -> Domain {
        let [wm, wk, bm, bk] = m.counts;
        Domain::new(
            m,
            [
                Group::Men(wm),
                Group::Kings(wk),
                Group::Men(bm),
                Group::Kings(bk),
            ],
        )
    }

    /// The entries of `m` with White's men on the rows `white` and Black's on the rows
    /// `black` (each the count of men on every row).
    pub(crate) fn rows(m: Material, white: Rows, black: Rows) -> Domain {
        let [_, wk, _, bk] = m.counts;
        Domain::new(
            m,
            [
                Group::Rows(white),
                Group::Kings(wk),
                Group::Rows(black),
                Group::Kings(bk),
            ],
        )
    }

    fn new(m: Material, groups: [Group; 4]) -> Domain {
        Domain {
            m,
            groups,
            sizes: groups.map(|g| g.size()),
        }
    }

    /// How a file numbers this domain's entries.
    pub(crate) fn scheme(&self) -> Scheme {
        match (self.groups[0], self.groups[2]) {
            (Group::Rows(white), Group::Rows(black)) => Scheme::Rows(white, black),
            _ => Scheme::Whole,
        }
    }

    /// Whether the domain is a rank slice (its men stay on their rows: a man's forward move
    /// leaves it).
    pub(crate) fn is_rank_slice(&self) -> bool {
        matches!(self.groups[0], Group::Rows(_)) || matches!(self.groups[2], Group::Rows(_))
    }

    /// The group `g` (0 White's men, 1 White's kings, 2 Black's men, 3 Black's kings).
    pub(crate) fn group(&self, g: usize) -> Group {
        self.groups[g]
    }

    /// The number of entries.
    pub(crate) fn size(&self) -> u64 {
        self.sizes.iter().product()
    }

    /// The number of entries of the groups after `g`: the index's step for group `g`.
    #[inline]
    pub(crate) fn stride(&self, g: usize) -> u64 {
        self.sizes[g + 1..].iter().product()
    }

    /// The index of a board (White to move), or `None` when it is not in the domain.
    #[inline]
    #[allow(dead_code)]
    pub(crate) fn index(&self, (white, black, kings): (u64, u64, u64)) -> Option<u64> {
        let sets = [white & !kings, white & kings, black & !kings, black & kings];
        let mut i = 0;
        for ((set, group), size) in sets.iter().zip(&self.groups).zip(&self.sizes) {
            if set.count_ones() != group.count() {
                return None;
            }
            i = i * size + group.rank(*set)?;
        }
        Some(i)
    }

    /// A cursor at entry `index`.
    pub(crate) fn cursor(&self, index: u64) -> Cursor {
        let mut sets = [0; 4];
        let mut rest = index;
        for g in (0..4).rev() {
            sets[g] = self.groups[g].unrank(rest % self.sizes[g]);
            rest /= self.sizes[g];
        }
        Cursor {
            groups: self.groups,
            sets,
            index,
        }
    }

    /// The board of entry `index` (White, Black, kings), or `None` when it puts two pieces
    /// on one square.
    #[allow(dead_code)]
    pub(crate) fn board(&self, index: u64) -> Option<(u64, u64, u64)> {
        self.cursor(index).board()
    }
}

/// A cursor over a domain's entries in index order.
pub(crate) struct Cursor {
    groups: [Group; 4],
    sets: [u64; 4],
    index: u64,
}

impl Cursor {
    /// The entry the cursor is at.
    #[inline]
    #[allow(dead_code)]
    pub(crate) fn index(&self) -> u64 {
        self.index
    }

    /// The next entry (the innermost group steps, and carries into the one before it when
    /// it has passed its last set).
    #[inline(always)]
    pub(crate) fn step(&mut self) {
        self.index += 1;
        // Most steps are the innermost group's.
        if let Some(next) = self.groups[3].next(self.sets[3]) {
            self.sets[3] = next;
            return;
        }
        self.carry();
    }

    /// The innermost group has passed its last set: back to its first, and the group before
    /// it steps (and so on).
    #[inline(never)]
    fn carry(&mut self) {
        self.sets[3] = self.groups[3].first();
        for g in (0..3).rev() {
            if let Some(next) = self.groups[g].next(self.sets[g]) {
                self.sets[g] = next;
                return;
            }
            self.sets[g] = self.groups[g].first();
        }
    }

    /// Moves forward to entry `index` (at or after the cursor's): by steps when it is near,
    /// else afresh.
    #[inline]
    pub(crate) fn seek(&mut self, domain: &Domain, index: u64) {
        if index >= self.index && index - self.index <= 64 {
            while self.index < index {
                self.step();
            }
        } else {
            *self = domain.cursor(index);
        }
    }

    /// White's men and Black's men (as board bits).
    #[inline]
    pub(crate) fn men(&self) -> (u64, u64) {
        (self.sets[0], self.sets[2])
    }

    /// The board (White, Black, kings) of the entry, or `None` when it puts two pieces on
    /// one square.
    #[inline]
    pub(crate) fn board(&self) -> Option<(u64, u64, u64)> {
        let [wm, wk, bm, bk] = self.sets;
        let clash = (wm & (wk | bm | bk)) | (wk & (bm | bk)) | (bm & bk);
        (clash == 0).then_some((wm | wk, bm | bk, wk | bk))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tablebase::index::{board_of, index_of};

    #[test]
    fn whole_domains_are_the_files_index() {
        for name in ["KvK", "KMvK", "MMvKM", "KKvKK", "MvMMM", "KKKvM"] {
            let m = Material::from_name(name).unwrap();
            let d = Domain::whole(m);
            assert_eq!(d.size(), m.size());
            let mut c = d.cursor(0);
            for i in 0..m.size().min(300_000) {
                assert_eq!(c.index(), i);
                let board = c.board();
                assert_eq!(board, board_of(m, i), "{name} entry {i}");
                if let Some((w, b, k)) = board {
                    assert_eq!(d.index((w, b, k)), Some(index_of(m, w, b, k)));
                }
                c.step();
            }
            let mut c = d.cursor(5);
            for i in [5, 9, 70, 71, 5_000, 5_030] {
                c.seek(&d, i);
                assert_eq!(c.board(), board_of(m, i), "{name} seek {i}");
            }
        }
    }

    /// A material's rank slices share out its entries, each in the material's order.
    #[test]
    fn rank_slices_share_out_a_material_in_its_order() {
        let m = Material::from_name("KMMvKM").unwrap();
        let whole = Domain::whole(m);
        // White's two men on rows 1 and 3, Black's one on row 5.
        let mut white = [0u8; 8];
        white[1] = 1;
        white[3] = 1;
        let mut black = [0u8; 8];
        black[5] = 1;
        let d = Domain::rows(m, white, black);
        assert_eq!(d.size(), 8 * 8 * 64 * 8 * 64);
        let mut c = d.cursor(0);
        let mut last = None;
        for i in 0..d.size() {
            assert_eq!(c.index(), i);
            let (wm, wk, bm, bk) = (c.sets[0], c.sets[1], c.sets[2], c.sets[3]);
            // Rank by rank, in the material's order.
            let at = ((rank_set(wm >> 8) * 64 + rank_set(wk)) * 48 + rank_set(bm >> 8)) * 64
                + rank_set(bk);
            assert!(last.is_none_or(|l| l < at), "entry {i}");
            last = Some(at);
            if let Some(board) = c.board() {
                assert_eq!(d.index(board), Some(i));
                assert_eq!(whole.index(board), Some(at));
                assert_eq!(index_of(m, board.0, board.1, board.2), at);
            }
            c.step();
        }
        // A man on another row is not in the slice.
        assert_eq!(d.index((1 << 16 | 1 << 25 | 1 << 1, 1 << 45, 1 << 1)), None);
    }

    /// The row-by-row decision is the comparison of a set with its mirror, for every set
    /// of one to three squares and some of more.
    #[test]
    fn rows_decide_as_the_mirror() {
        let mut sets = std::vec::Vec::new();
        for a in 0..64 {
            sets.push(1u64 << a);
            for b in a + 1..64 {
                sets.push(1 << a | 1 << b);
                for c in b + 1..64 {
                    sets.push(1 << a | 1 << b | 1 << c);
                }
            }
        }
        sets.extend([
            0,
            0x8100_0000_0000_0081,
            0x1800_0000_0000_0018 | 1 << 9,
            u64::MAX,
        ]);
        let mut seen = [0usize; 3];
        for set in sets {
            let o = decide(set, mirror_files(set));
            assert_eq!(decide_rows(set), o, "{set:#x}");
            seen[o.map_or(0, |o| o as usize + 1)] += 1;
        }
        assert!(seen.iter().all(|&n| n > 0), "{seen:?}");
    }

    /// The fast test agrees with the index comparison the files are defined by.
    #[test]
    fn canonical_is_the_smaller_index() {
        for name in ["KvK", "KMvK", "MvMM", "KKvKM", "MMvKK"] {
            let m = Material::from_name(name).unwrap();
            for i in (0..m.size()).step_by(7) {
                if let Some(board) = board_of(m, i) {
                    assert_eq!(
                        orientation(board) != Orientation::Mirrored,
                        crate::tablebase::index::is_stored(m, i, board),
                        "{name} entry {i}"
                    );
                }
            }
        }
    }
}
