//! Materials: how many men and kings each side has, their names, and how many entries
//! their tables have.

use std::string::String;

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
    #[cfg(feature = "tablebase-builder")]
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
    #[cfg(feature = "tablebase-builder")]
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

#[cfg(test)]
mod tests {
    use super::*;

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
