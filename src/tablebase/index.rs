//! The index of a position inside its material's table (index scheme 1): each group of
//! pieces ranked in the combinatorial number system, and which of a position and its
//! left-right mirror the files store.

use super::material::{Material, binomial};
use crate::{Color, Position};

/// The squares a man can stand on: ranks 2 to 7 (48 squares). A man's square is numbered
/// 0..48 as its board index minus 8.
pub(crate) const MAN_SQUARES: u64 = 0x00FF_FFFF_FFFF_FF00;

/// The rank of a set of squares among the sets of its size (the combinatorial number
/// system): `sum C(s_i, i + 1)` over its squares in increasing order, `s_i` numbered in
/// `0..n`.
#[inline]
pub(crate) fn rank_set(mut set: u64) -> u64 {
    // One or two squares (most groups of a table): C(a, 1) + C(b, 2), b > a.
    let rest = set & set.wrapping_sub(1);
    if rest & rest.wrapping_sub(1) == 0 {
        let a = u64::from(set.trailing_zeros() & 63);
        if rest == 0 {
            return if set == 0 { 0 } else { a };
        }
        let b = u64::from(rest.trailing_zeros());
        return a + b * (b - 1) / 2;
    }
    let mut r = 0;
    let mut i = 1;
    while set != 0 {
        let s = set.trailing_zeros() as usize;
        r += binomial(s, i);
        set &= set - 1;
        i += 1;
    }
    r
}

/// The set of `k` squares in `0..n` whose rank is `r` (inverse of [`rank_set`]).
#[cfg(feature = "tablebase-builder")]
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
            if binomial(mid, i) <= r {
                lo = mid;
            } else {
                hi = mid - 1;
            }
        }
        let s = lo;
        r -= binomial(s, i);
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
#[cfg(test)]
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
#[cfg(test)]
pub(crate) fn is_stored(m: Material, index: u64, board: (u64, u64, u64)) -> bool {
    mirror_index(m, board) >= index
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
    let (m, (white, black, kings)) = material_board(pos)?;
    Some((m, (white, black, kings), index_of(m, white, black, kings)))
}

/// The material and board (White, Black, kings) of a position with White to move
/// (colour-swapped first if Black is to move); `None` as for [`locate`].
#[inline]
pub(crate) fn material_board(pos: &Position) -> Option<(Material, (u64, u64, u64))> {
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
    m.is_indexable().then_some((m, (white, black, kings)))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rank_set_is_the_sum_of_binomials() {
        // C(n, k) by its product formula, and the rank as its definition's sum.
        fn c(n: u64, k: u64) -> u64 {
            if k > n {
                return 0;
            }
            (0..k).fold(1, |acc, i| acc * (n - i) / (i + 1))
        }
        let naive = |set: u64| -> u64 {
            (0..64)
                .filter(|s| set >> s & 1 == 1)
                .enumerate()
                .map(|(i, s)| c(s, i as u64 + 1))
                .sum()
        };
        assert_eq!(rank_set(0), 0);
        for a in 0..64 {
            assert_eq!(rank_set(1 << a), a);
            for b in a + 1..64 {
                let set = 1u64 << a | 1 << b;
                assert_eq!(rank_set(set), naive(set), "{a} {b}");
                for e in [0, 7, 31, 62] {
                    let wide = set | 1 << e | 1 << (63 - e);
                    assert_eq!(rank_set(wide), naive(wide), "{wide:x}");
                }
            }
        }
    }

    #[test]
    fn ranks_round_trip() {
        for k in 0..=3 {
            let n = binomial(48, k);
            for r in (0..n).step_by(97) {
                assert_eq!(rank_set(unrank_set(r, k, 48)), r);
            }
        }
    }
}
