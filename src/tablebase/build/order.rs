//! The order of a build: pairs of materials, each after the pairs its captures and
//! crownings read, and which finished tables a build still needs.

use std::collections::HashMap;
use std::string::String;
use std::vec;
use std::vec::Vec;

use crate::tablebase::material::Material;

/// The materials of the most pieces that a pair's crownings reach (each crowning's child
/// has the other side to move, so it is read in its colour swap's table).
pub(crate) fn crowned(pair: &[Material]) -> Vec<Material> {
    let mut out = Vec::new();
    for m in pair {
        let [wm, wk, bm, bk] = m.counts;
        if wm > 0 {
            let c = Material {
                counts: [wm - 1, wk + 1, bm, bk],
            }
            .swapped();
            if !out.contains(&c) {
                out.push(c);
            }
        }
    }
    out
}

/// For each material of `max_pieces` pieces, the place in `pairs` of the last pair whose
/// crownings read it.
pub(crate) fn last_crowning_use(
    pairs: &[Vec<Material>],
    max_pieces: u32,
) -> HashMap<Material, usize> {
    let mut last = HashMap::new();
    for (n, pair) in pairs.iter().enumerate() {
        if pair[0].pieces() == max_pieces {
            for m in crowned(pair) {
                last.insert(m, n);
            }
        }
    }
    last
}

/// The pairs of materials (a material and its colour swap, solved together because each
/// side's moves lead into the other's table) in an order where every capture and
/// crowning leads to a table already built: fewer pieces first; then by how the pieces
/// are shared between the sides, by the second side's men, then the first side's (a
/// crowning takes a man from one side, so it leads to a pair just before, in this order
/// or the one before it, which keeps few finished tables of the most pieces in memory).
pub(crate) fn build_order(max_pieces: u32) -> Vec<Vec<Material>> {
    let mut pairs: Vec<Vec<Material>> = Vec::new();
    for p in 2..=max_pieces {
        for m in Material::all_with(p) {
            let s = m.swapped();
            if s < m {
                continue;
            }
            pairs.push(if s == m { vec![m] } else { vec![m, s] });
        }
    }
    pairs.sort_by_key(|p| {
        // The pair's material with no more pieces on the first side than on the second.
        let m = p
            .iter()
            .copied()
            .find(|m| m.counts[0] + m.counts[1] <= m.counts[2] + m.counts[3])
            .unwrap_or(p[0]);
        let [wm, wk, bm, _] = m.counts;
        (m.pieces(), wm + wk, bm, wm, p[0])
    });
    pairs
}

/// A pair's slice name.
pub(crate) fn pair_name(pair: &[Material]) -> String {
    pair.iter().map(|m| m.name()).collect::<Vec<_>>().join("+")
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every pair comes after the pairs its captures and crownings read.
    #[test]
    fn build_order_reads_only_pairs_before() {
        let pairs = build_order(6);
        let place = |m: Material| pairs.iter().position(|p| p.contains(&m)).unwrap();
        for (n, pair) in pairs.iter().enumerate() {
            for c in crowned(pair) {
                assert!(place(c) < n, "{} reads {}", pair_name(pair), c.name());
            }
        }
        let sizes: Vec<u32> = pairs.iter().map(|p| p[0].pieces()).collect();
        assert!(sizes.windows(2).all(|w| w[0] <= w[1]));
    }
}
