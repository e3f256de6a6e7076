//! Set arithmetic: whether a side can capture, and counting the moves without a search.

use super::men::{count_man_paths, man_going_on, man_landings};
use super::rays::{king_landings, king_slides, kings_can_capture, lone_king};
use super::side::{Side, fwd};
use crate::geometry::{EAST, WEST, shift};

/// Whether the side to move has a capture. Pure set arithmetic, no loop over pieces.
#[inline(always)]
pub(crate) fn has_capture<S: Side>(own: u64, opp: u64, kings: u64) -> bool {
    let empty = !(own | opp);
    man_landings::<S>(own & !kings, opp, empty) != [0; 3]
        || kings_can_capture(own & kings, opp, empty)
}

/// Adds three sets bit by bit: returns `(ones, twos)` with
/// `|a| + |b| + |c| = |ones| + 2 |twos|`.
#[inline(always)]
pub(super) const fn carry_save(a: u64, b: u64, c: u64) -> (u64, u64) {
    let u = a ^ b;
    (u ^ c, (a & b) | (u & c))
}

/// `|ones| + 2 |twos|`, in one pass of the bit-parallel count instead of two population
/// counts (without a `popcnt` instruction, which builds for the baseline x86-64 do not use,
/// each population count is a dozen instructions). Each four bits of `ones` hold at most 4,
/// of `twos` doubled at most 8, so their sums fit in four bits; each byte's sum (at most 24)
/// and the total (at most 192) fit in a byte.
#[inline(always)]
pub(super) const fn count_ones_twos(ones: u64, twos: u64) -> u32 {
    const M1: u64 = 0x5555_5555_5555_5555;
    const M2: u64 = 0x3333_3333_3333_3333;
    const M4: u64 = 0x0f0f_0f0f_0f0f_0f0f;
    // The number of set bits in each four bits of `x`.
    const fn nibbles(x: u64) -> u64 {
        let x = x - ((x >> 1) & M1);
        (x & M2) + ((x >> 2) & M2)
    }
    let n = nibbles(ones) + (nibbles(twos) << 1);
    let b = (n & M4) + ((n >> 4) & M4);
    (b.wrapping_mul(0x0101_0101_0101_0101) >> 56) as u32
}

/// The number of squares of `x`, a set that is almost always empty (the squares four moves
/// reach): the test is cheaper than a population count.
#[inline(always)]
const fn count_sparse(x: u64) -> u32 {
    if x == 0 { 0 } else { x.count_ones() }
}

/// The number of legal moves if they can be counted without the capture search: when they
/// are all quiet, or all captures by men (see [`count_man_paths`]). `None` if the capture
/// search is needed. Each empty square is reached by at most one king from each direction,
/// so the slides of all kings together count every king move once.
#[inline(always)]
pub(crate) fn count_without_search<S: Side, const CROWN: bool>(
    own: u64,
    opp: u64,
    kings: u64,
) -> Option<u64> {
    let empty = !(own | opp);
    let men = own & !kings;
    let (f, e, w) = (fwd::<S>(men), shift::<EAST>(men), shift::<WEST>(men));
    let lands = [
        fwd::<S>(f & opp) & empty,
        shift::<EAST>(e & opp) & empty,
        shift::<WEST>(w & opp) & empty,
    ];
    let k = own & kings;
    // f + e + w with one carry-save step: two population counts instead of three.
    let count3 = |f: u64, e: u64, w: u64| {
        let (ones, twos) = carry_save(f, e, w);
        u64::from(count_ones_twos(ones, twos))
    };
    // Captures by men only: single ones counted at once, longer ones path by path.
    let count_men = || {
        if man_going_on::<S, CROWN>(lands, opp, empty) == [0; 3] {
            Some(count3(lands[0], lands[1], lands[2]))
        } else {
            count_man_paths::<S, CROWN>(lands, opp, empty)
        }
    };
    if k == 0 {
        return if lands == [0; 3] {
            Some(count3(f & empty, e & empty, w & empty))
        } else {
            count_men()
        };
    }
    if k & (k - 1) == 0 {
        let (quiet, capture) = lone_king(k.trailing_zeros(), opp, empty);
        if capture {
            return None;
        }
        if lands != [0; 3] {
            return count_men();
        }
        // The men's three sets and the king's, with a carry-save step and a half adder.
        let (o1, t1) = carry_save(f & empty, e & empty, w & empty);
        let (ones, t2) = (o1 ^ quiet, o1 & quiet);
        let n = count_ones_twos(ones, t1 ^ t2) + 4 * count_sparse(t1 & t2);
        return Some(u64::from(n));
    }
    let rest = k & (k - 1);
    if rest & (rest - 1) == 0 {
        // Two kings: each by table look-ups, as a lone king, but both. (Their moves are
        // distinct moves even where they share a destination.)
        let (q1, capture1) = lone_king(k.trailing_zeros(), opp, empty);
        if capture1 {
            return None;
        }
        let (q2, capture2) = lone_king(rest.trailing_zeros(), opp, empty);
        if capture2 {
            return None;
        }
        if lands != [0; 3] {
            return count_men();
        }
        // The men's three sets and the two kings', with two carry-save steps.
        let (o1, t1) = carry_save(f & empty, e & empty, w & empty);
        let (ones, t2) = carry_save(o1, q1, q2);
        let n = count_ones_twos(ones, t1 ^ t2) + 4 * count_sparse(t1 & t2);
        return Some(u64::from(n));
    }
    let slides = king_slides(k, empty);
    if king_landings(k, slides, opp) & empty != 0 {
        return None;
    }
    if lands != [0; 3] {
        return count_men();
    }
    let (f, e, w) = (f & empty, e & empty, w & empty);
    let [sn, se, ss, sw] = slides;
    // The seven sets added with a carry-save tree: three population counts instead of seven.
    let (o1, t1) = carry_save(f, e, w);
    let (o2, t2) = carry_save(sn, se, ss);
    let (ones, t3) = carry_save(o1, o2, sw);
    let (twos, fours) = carry_save(t1, t2, t3);
    let n = count_ones_twos(ones, twos) + 4 * count_sparse(fours);
    Some(u64::from(n))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `count_ones_twos` against two population counts, on sparse, dense and edge sets.
    #[test]
    fn count_ones_twos_matches_population_counts() {
        let mut seed = 0x9e37_79b9_7f4a_7c15u64;
        let mut next = || {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed
        };
        let check = |ones: u64, twos: u64| {
            assert_eq!(
                count_ones_twos(ones, twos),
                ones.count_ones() + 2 * twos.count_ones(),
                "{ones:#x} {twos:#x}"
            );
        };
        for (ones, twos) in [(0, 0), (!0, 0), (0, !0), (!0, !0), (1 << 63, 1 << 63)] {
            check(ones, twos);
        }
        for _ in 0..20_000 {
            let (a, b, c) = (next(), next(), next());
            check(a, b);
            check(a & b, c);
            check(a | b, a & c);
        }
    }
}
