//! Materials (how many men and kings each side has) and the index of a position inside its
//! material's table.

use std::string::String;

use crate::{Bitboard, Color, Position, Setup};

/// The squares a man can stand on: ranks 2 to 7 (48 squares). A man's square is numbered
/// 0..48 as its board index minus 8.
pub(crate) const MAN_SQUARES: u64 = 0x00FF_FFFF_FFFF_FF00;

/// The most pieces of one kind (for example the white men) that a material here may have.
pub(crate) const MAX_GROUP: usize = 8;

/// Binomial coefficients `C(n, k)` for `n <= 64`, `k <= MAX_GROUP`.
const BINOMIAL: [[u64; MAX_GROUP + 1]; 65] = {
    let mut t = [[0u64; MAX_GROUP + 1]; 65];
    let mut n = 0;
    while n <= 64 {
        t[n][0] = 1;
        let mut k = 1;
        while k <= MAX_GROUP {
            t[n][k] = if n == 0 {
                0
            } else {
                t[n - 1][k - 1] + t[n - 1][k]
            };
            k += 1;
        }
        n += 1;
    }
    t
};

/// `C(n, k)`.
pub(crate) const fn binomial(n: usize, k: usize) -> u64 {
    BINOMIAL[n][k]
}

/// A material's slot in a table of every material whose groups fit the index.
#[inline]
pub(crate) fn slot(m: Material) -> usize {
    m.counts
        .iter()
        .fold(0, |acc, &c| acc * (MAX_GROUP + 1) + usize::from(c))
}

/// The number of material slots: each of the four counts in `0..=MAX_GROUP`.
pub(crate) const SLOTS: usize = (MAX_GROUP + 1).pow(4);

/// The material of a table: White's men and kings, Black's men and kings, with White to
/// move. A position with Black to move is looked up as its colour-swapped twin
/// ([`Position::mirrored`]), which has White to move and the material with the sides
/// swapped.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub(crate) struct Material {
    /// White men, white kings, black men, black kings.
    pub(crate) counts: [u8; 4],
}

impl Material {
    /// The material of a position as it stands (the side to move is not looked at).
    pub(crate) fn of_board(white: u64, black: u64, kings: u64) -> Material {
        Material {
            counts: [
                (white & !kings).count_ones() as u8,
                (white & kings).count_ones() as u8,
                (black & !kings).count_ones() as u8,
                (black & kings).count_ones() as u8,
            ],
        }
    }

    /// The material with the sides swapped.
    pub(crate) const fn swapped(self) -> Material {
        let [a, b, c, d] = self.counts;
        Material {
            counts: [c, d, a, b],
        }
    }

    /// The number of pieces.
    pub(crate) fn pieces(self) -> u32 {
        self.counts.iter().map(|&c| u32::from(c)).sum()
    }

    /// Whether each group fits the index (at most [`MAX_GROUP`] pieces of a kind).
    pub(crate) fn is_indexable(self) -> bool {
        self.counts.iter().all(|&c| usize::from(c) <= MAX_GROUP)
    }

    /// The number of index entries: `C(48, wm) * C(64, wk) * C(48, bm) * C(64, bk)`. Some
    /// entries put two pieces on one square; they are never probed.
    pub(crate) fn size(self) -> u64 {
        let [wm, wk, bm, bk] = self.counts.map(usize::from);
        binomial(48, wm) * binomial(64, wk) * binomial(48, bm) * binomial(64, bk)
    }

    /// Every material of `pieces` pieces with at least one a side.
    pub(crate) fn all_with(pieces: u32) -> impl Iterator<Item = Material> {
        let p = pieces as u8;
        (0..=p).flat_map(move |wm| {
            (0..=p - wm).flat_map(move |wk| {
                (0..=p - wm - wk).filter_map(move |bm| {
                    let bk = p - wm - wk - bm;
                    (wm + wk >= 1 && bm + bk >= 1).then_some(Material {
                        counts: [wm, wk, bm, bk],
                    })
                })
            })
        })
    }

    /// The material's name: White's kings (`K`) and men (`M`), `v`, then Black's, as in
    /// `KMvK` (a white king and man against a black king).
    pub(crate) fn name(self) -> String {
        let [wm, wk, bm, bk] = self.counts.map(usize::from);
        let mut s = String::new();
        s.extend(core::iter::repeat_n('K', wk));
        s.extend(core::iter::repeat_n('M', wm));
        s.push('v');
        s.extend(core::iter::repeat_n('K', bk));
        s.extend(core::iter::repeat_n('M', bm));
        s
    }

    /// The material named by [`name`](Material::name), if `s` is one.
    pub(crate) fn from_name(s: &str) -> Option<Material> {
        let (w, b) = s.split_once('v')?;
        let side = |t: &str| -> Option<(u8, u8)> {
            let k = t.bytes().take_while(|&c| c == b'K').count();
            let rest = &t[k..];
            if !rest.bytes().all(|c| c == b'M') {
                return None;
            }
            Some((u8::try_from(rest.len()).ok()?, u8::try_from(k).ok()?))
        };
        let (wm, wk) = side(w)?;
        let (bm, bk) = side(b)?;
        let m = Material {
            counts: [wm, wk, bm, bk],
        };
        (m.is_indexable() && wm + wk >= 1 && bm + bk >= 1 && m.name() == s).then_some(m)
    }
}

/// The rank of a set of squares among the sets of its size (the combinatorial number
/// system): `sum C(s_i, i + 1)` over its squares in increasing order, `s_i` numbered in
/// `0..n`.
#[inline]
pub(crate) fn rank_set(mut set: u64) -> u64 {
    let mut r = 0;
    let mut i = 1;
    while set != 0 {
        let s = set.trailing_zeros() as usize;
        r += BINOMIAL[s][i];
        set &= set - 1;
        i += 1;
    }
    r
}

/// The set of `k` squares in `0..n` whose rank is `r` (inverse of [`rank_set`]).
#[inline]
pub(crate) fn unrank_set(mut r: u64, k: usize, n: usize) -> u64 {
    if k == 1 {
        // C(s, 1) = s.
        return 1 << r;
    }
    let mut set = 0u64;
    let mut top = n;
    for i in (1..=k).rev() {
        // The largest s < top with C(s, i) <= r (C(i - 1, i) = 0 <= r always), by
        // binary search.
        let (mut lo, mut hi) = (i - 1, top - 1);
        while lo < hi {
            let mid = (lo + hi).div_ceil(2);
            if BINOMIAL[mid][i] <= r {
                lo = mid;
            } else {
                hi = mid - 1;
            }
        }
        let s = lo;
        r -= BINOMIAL[s][i];
        set |= 1 << s;
        top = s;
    }
    set
}

/// The index of a position with White to move, in its material's table (the material must
/// be the position's own). Men must stand on ranks 2 to 7.
#[inline]
pub(crate) fn index_of(m: Material, white: u64, black: u64, kings: u64) -> u64 {
    let [_, wk, bm, bk] = m.counts.map(usize::from);
    let wmen = rank_set((white & !kings) >> 8);
    let wkings = rank_set(white & kings);
    let bmen = rank_set((black & !kings) >> 8);
    let bkings = rank_set(black & kings);
    ((wmen * binomial(64, wk) + wkings) * binomial(48, bm) + bmen) * binomial(64, bk) + bkings
}

/// The board (White, Black, kings) of an index, or `None` for an entry that puts two
/// pieces on one square.
#[inline]
pub(crate) fn board_of(m: Material, index: u64) -> Option<(u64, u64, u64)> {
    let [wm, wk, bm, bk] = m.counts.map(usize::from);
    let (nbk, nbm, nwk) = (binomial(64, bk), binomial(48, bm), binomial(64, wk));
    let bkings = unrank_set(index % nbk, bk, 64);
    let rest = index / nbk;
    let bmen = unrank_set(rest % nbm, bm, 48) << 8;
    let rest = rest / nbm;
    let wkings = unrank_set(rest % nwk, wk, 64);
    let wmen = unrank_set(rest / nwk, wm, 48) << 8;
    let all = [wmen, wkings, bmen, bkings];
    let union = wmen | wkings | bmen | bkings;
    let total: u32 = all.iter().map(|s| s.count_ones()).sum();
    (union.count_ones() == total).then_some((wmen | wkings, bmen | bkings, wkings | bkings))
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

/// The board's squares mirrored left to right (file a swaps with file h).
#[inline]
pub(crate) const fn mirror_files(mut x: u64) -> u64 {
    x = ((x >> 1) & 0x5555_5555_5555_5555) | ((x & 0x5555_5555_5555_5555) << 1);
    x = ((x >> 2) & 0x3333_3333_3333_3333) | ((x & 0x3333_3333_3333_3333) << 2);
    ((x >> 4) & 0x0F0F_0F0F_0F0F_0F0F) | ((x & 0x0F0F_0F0F_0F0F_0F0F) << 4)
}

/// The index of the board's left-right mirror.
#[inline]
pub(crate) fn mirror_index(m: Material, (white, black, kings): (u64, u64, u64)) -> u64 {
    index_of(
        m,
        mirror_files(white),
        mirror_files(black),
        mirror_files(kings),
    )
}

/// Whether a file stores the entry `index` of the board: the files keep one of each pair of
/// mirrored positions, the one with the smaller index.
#[inline]
pub(crate) fn is_stored(m: Material, index: u64, board: (u64, u64, u64)) -> bool {
    mirror_index(m, board) >= index
}

/// Gives every entry that a file does not store (its mirror has the smaller index) its
/// mirror's value, after the file's values were decoded.
pub(crate) fn restore_mirrors(m: Material, values: &mut [u16]) {
    let mut cursor = super::domain::Domain::whole(m).cursor(0);
    for i in 0..values.len() {
        if let Some(board) = cursor.board() {
            let j = mirror_index(m, board) as usize;
            if j < i {
                values[i] = values[j];
            }
        }
        cursor.step();
    }
}

/// Where a position is stored: its table's material and its index there, with White to
/// move (a position with Black to move is colour-swapped first). `None` when a man stands
/// on its own back rank (no table holds it) or a group is too large for the index.
#[inline]
pub(crate) fn locate(pos: &Position) -> Option<(Material, u64)> {
    let (m, board, i) = locate_unmirrored(pos)?;
    Some((m, i.min(mirror_index(m, board))))
}

/// The material, board and index of a position with White to move (colour-swapped
/// first if Black is to move), before the mirror is looked at: the entry of a table
/// whose mirrored entries were restored ([`restore_mirrors`]) holds its value too.
#[inline]
pub(crate) fn locate_unmirrored(pos: &Position) -> Option<(Material, (u64, u64, u64), u64)> {
    let p = if pos.turn() == Color::White {
        *pos
    } else {
        pos.mirrored()
    };
    let b = p.board();
    let (white, black, kings) = (b.white().to_u64(), b.black().to_u64(), b.kings().to_u64());
    if (white | black) & !kings & !MAN_SQUARES != 0 {
        return None;
    }
    let m = Material::of_board(white, black, kings);
    if !m.is_indexable() {
        return None;
    }
    Some((m, (white, black, kings), index_of(m, white, black, kings)))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ranks_round_trip() {
        for k in 0..=3 {
            let n = binomial(48, k);
            for r in (0..n).step_by(97) {
                assert_eq!(rank_set(unrank_set(r, k, 48)), r);
            }
        }
    }

    #[test]
    fn names_round_trip() {
        for p in 2..=5 {
            for m in Material::all_with(p) {
                assert_eq!(Material::from_name(&m.name()), Some(m));
            }
        }
        assert_eq!(Material::from_name("MKvK"), None);
        assert_eq!(Material::from_name("vK"), None);
    }

    #[test]
    fn counts_of_materials() {
        // 3 pieces: 4 (two a side count) x ... as the notes' table: 12 materials.
        assert_eq!(Material::all_with(3).count(), 12);
        assert_eq!(Material::all_with(4).count(), 25);
        assert_eq!(Material::all_with(5).count(), 44);
    }
}
