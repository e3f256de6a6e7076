//! The board's geometry for move generation, on raw `u64` sets (crate-internal): square
//! bits, file and rank masks, the four directions, shifts and slides, rays and the kings'
//! line tables.

/// `1 << i` for every square index `i`: a look-up, where a shift by a variable count costs
/// more on x86-64 without BMI2.
pub(crate) static BIT: [u64; 64] = {
    let mut t = [0u64; 64];
    let mut i = 0;
    while i < 64 {
        t[i] = 1 << i;
        i += 1;
    }
    t
};

pub(crate) const FILE_A: u64 = 0x0101_0101_0101_0101;
pub(crate) const FILE_H: u64 = FILE_A << 7;
pub(crate) const RANK_1: u64 = 0xff;
pub(crate) const RANK_8: u64 = 0xff << 56;

/// Directions, in the order used by the tables: north (+8), east (+1), south (-8), west (-1).
/// The opposite of direction `d` is `d ^ 2`.
pub(crate) const NORTH: usize = 0;
pub(crate) const EAST: usize = 1;
pub(crate) const SOUTH: usize = 2;
pub(crate) const WEST: usize = 3;

/// Shifts every square of `bb` one step in direction `D`; squares that would leave the board
/// (or wrap round an edge) are dropped.
#[inline(always)]
pub(crate) const fn shift<const D: usize>(bb: u64) -> u64 {
    match D {
        NORTH => bb << 8,
        EAST => (bb << 1) & !FILE_A,
        SOUTH => bb >> 8,
        _ => (bb >> 1) & !FILE_H,
    }
}

/// Runtime-direction version of [`shift`].
#[inline(always)]
pub(crate) const fn shift_dir(bb: u64, d: usize) -> u64 {
    match d {
        NORTH => shift::<NORTH>(bb),
        EAST => shift::<EAST>(bb),
        SOUTH => shift::<SOUTH>(bb),
        _ => shift::<WEST>(bb),
    }
}

/// The empty squares that pieces in `gen` can slide to in direction `D` (the pieces' own
/// squares excluded), moving through the squares of `empty` only (Kogge-Stone fill).
#[inline(always)]
pub(crate) const fn slide<const D: usize>(movers: u64, empty: u64) -> u64 {
    let (s1, s2, s4, mask) = match D {
        NORTH => (8i32, 16i32, 32i32, !0u64),
        EAST => (1, 2, 4, !FILE_A),
        SOUTH => (-8, -16, -32, !0u64),
        _ => (-1, -2, -4, !FILE_H),
    };
    let mut g = movers;
    let mut p = empty & mask;
    g |= p & sh(g, s1);
    p &= sh(p, s1);
    g |= p & sh(g, s2);
    p &= sh(p, s2);
    g |= p & sh(g, s4);
    sh(g, s1) & empty & mask
}

/// Runtime-direction version of [`slide`].
#[inline(always)]
pub(crate) const fn slide_dir(movers: u64, empty: u64, d: usize) -> u64 {
    match d {
        NORTH => slide::<NORTH>(movers, empty),
        EAST => slide::<EAST>(movers, empty),
        SOUTH => slide::<SOUTH>(movers, empty),
        _ => slide::<WEST>(movers, empty),
    }
}

#[inline(always)]
const fn sh(bb: u64, by: i32) -> u64 {
    if by > 0 { bb << by } else { bb >> -by }
}

/// `RAYS[d][sq]`: the squares strictly beyond `sq` in direction `d`, up to the edge.
pub(crate) static RAYS: [[u64; 64]; 4] = {
    let mut rays = [[0u64; 64]; 4];
    let mut d = 0;
    while d < 4 {
        let mut sq = 0;
        while sq < 64 {
            let mut bb = 0u64;
            let mut cur = 1u64 << sq;
            loop {
                cur = shift_dir(cur, d);
                if cur == 0 {
                    break;
                }
                bb |= cur;
            }
            rays[d][sq] = bb;
            sq += 1;
        }
        d += 1;
    }
    rays
};

/// The squares a king on a square reaches along one line, up to and including the first
/// piece each way, indexed by the square and by the occupancy of the six inner squares of the
/// line (see [`king_lines`]). `LINES[0]`: ranks, `LINES[1]`: files.
static LINES: [[[u64; 64]; 64]; 2] = {
    let mut lines = [[[0u64; 64]; 64]; 2];
    let mut sq = 0;
    while sq < 64 {
        let (file, rank) = (sq % 8, sq / 8);
        let mut occ6 = 0;
        while occ6 < 64 {
            // The six inner squares of the rank (files b to g) and of the file (ranks 2 to 7).
            let mut rank_occ = 0u64;
            let mut file_occ = 0u64;
            let mut i = 0;
            while i < 6 {
                if occ6 >> i & 1 != 0 {
                    rank_occ |= 1 << (8 * rank + 1 + i);
                    file_occ |= 1 << (8 * (1 + i) + file);
                }
                i += 1;
            }
            let from = 1u64 << sq;
            lines[0][sq][occ6] = reach(from, rank_occ, EAST) | reach(from, rank_occ, WEST);
            lines[1][sq][occ6] = reach(from, file_occ, NORTH) | reach(from, file_occ, SOUTH);
            occ6 += 1;
        }
        sq += 1;
    }
    lines
};

/// The empty squares a king on `from` slides to in direction `d` through `!occ`, and the
/// first piece it meets.
const fn reach(from: u64, occ: u64, d: usize) -> u64 {
    let s = slide_dir(from, !occ, d);
    s | shift_dir(s | from, d)
}

/// The squares a king on `sq` reaches along its rank and file when the squares of `occ` are
/// occupied: the empty squares it slides to and the first piece each way. Two table look-ups;
/// the file's occupancy is gathered into six bits with a multiplication.
#[inline(always)]
pub(crate) fn king_lines(sq: u32, occ: u64) -> u64 {
    let sq = sq as usize & 63;
    let (file, rank) = (sq % 8, sq / 8);
    let rank6 = (occ >> (8 * rank + 1)) as usize & 63;
    let file6 = (((occ >> file) & 0x0001_0101_0101_0100).wrapping_mul(0x0002_0408_1020_4000) >> 57)
        as usize
        & 63;
    LINES[0][sq][rank6] | LINES[1][sq][file6]
}

/// The nearest square of the non-empty set `bb` seen from a square in direction `d`, given
/// that `bb` lies on the ray from that square.
#[inline(always)]
pub(crate) const fn nearest(bb: u64, d: usize) -> u32 {
    if d == NORTH || d == EAST {
        bb.trailing_zeros()
    } else {
        63 - bb.leading_zeros()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `king_lines` against a walk square by square, on every square with many occupancies.
    #[test]
    fn king_lines_match_a_walk() {
        let mut seed = 0x9e37_79b9_7f4a_7c15u64;
        for round in 0..4000 {
            // xorshift; every fourth occupancy is sparse.
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            let occ = if round % 4 == 0 {
                seed & seed >> 3 & seed >> 7
            } else {
                seed
            };
            for sq in 0..64u32 {
                let mut want = 0u64;
                for (df, dr) in [(0i32, 1i32), (1, 0), (0, -1), (-1, 0)] {
                    let (mut f, mut r) = ((sq % 8) as i32 + df, (sq / 8) as i32 + dr);
                    while (0..8).contains(&f) && (0..8).contains(&r) {
                        let bit = 1u64 << (r * 8 + f);
                        want |= bit;
                        if occ & bit != 0 {
                            break;
                        }
                        f += df;
                        r += dr;
                    }
                }
                assert_eq!(king_lines(sq, occ), want, "square {sq}, occupancy {occ:#x}");
            }
        }
    }
}
