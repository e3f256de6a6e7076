//! The canonical prefix codes of the files, given by their words' lengths (12 bits at most),
//! read back into decoding tables.

use std::boxed::Box;
use std::vec::Vec;

use crate::tablebase::error::Corruption;

/// The longest code word, in bits.
pub(crate) const MAX_BITS: u32 = 12;
/// Entries of a decoding table: one per `MAX_BITS`-bit pattern.
pub(crate) const TABLE: usize = 1 << MAX_BITS;

/// Canonical code words (bit-reversed, to be written least significant bit first) for
/// `lengths`, given in increasing symbol order; `None` when the lengths overfill the code.
pub(crate) fn canonical(lengths: &[u8]) -> Option<Vec<u32>> {
    let mut count = [0u32; MAX_BITS as usize + 1];
    for &l in lengths {
        if l == 0 || u32::from(l) > MAX_BITS {
            return None;
        }
        count[usize::from(l)] += 1;
    }
    let kraft: u64 = (1..=MAX_BITS as usize)
        .map(|l| u64::from(count[l]) << (MAX_BITS as usize - l))
        .sum();
    if kraft > TABLE as u64 {
        return None;
    }
    let mut next = [0u32; MAX_BITS as usize + 2];
    let mut code = 0u32;
    for l in 1..=MAX_BITS as usize {
        code = (code + count[l - 1]) << 1;
        next[l] = code;
    }
    Some(
        lengths
            .iter()
            .map(|&l| {
                let c = next[usize::from(l)];
                next[usize::from(l)] += 1;
                c.reverse_bits() >> (32 - u32::from(l))
            })
            .collect(),
    )
}

/// Reads a code table at `*at` of `bytes` into `table` (its `TABLE` entries: per
/// `MAX_BITS`-bit pattern, `symbol << 8 | word length`, 0 for a pattern no word starts).
pub(crate) fn read_code(
    bytes: &[u8],
    at: &mut usize,
    wide: bool,
    table: &mut [u32],
) -> Result<(), Corruption> {
    let cut = Corruption::Truncated {
        part: "a code table",
    };
    let width = if wide { 2 } else { 1 };
    let n = if wide {
        let b = bytes.get(*at..*at + 2).ok_or(cut.clone())?;
        usize::from(u16::from_le_bytes([b[0], b[1]]))
    } else {
        usize::from(*bytes.get(*at).ok_or(cut.clone())?)
    };
    *at += width;
    let end = *at + n * (width + 1);
    let entries = bytes.get(*at..end).ok_or(cut)?;
    let (mut syms, mut lengths) = (Vec::with_capacity(n), Vec::with_capacity(n));
    for e in entries.chunks(width + 1) {
        let s = if wide {
            u32::from(u16::from_le_bytes([e[0], e[1]]))
        } else {
            u32::from(e[0])
        };
        if syms.last().is_some_and(|&l| l >= s) {
            return Err(Corruption::CodeTable {
                reason: "its symbols are out of order",
            });
        }
        syms.push(s);
        lengths.push(e[width]);
    }
    *at = end;
    let words = canonical(&lengths).ok_or(Corruption::CodeTable {
        reason: "it is not a prefix code",
    })?;
    for ((&s, &l), &w) in syms.iter().zip(&lengths).zip(&words) {
        let mut p = w as usize;
        while p < TABLE {
            table[p] = (s << 8) | u32::from(l);
            p += 1 << l;
        }
    }
    Ok(())
}

/// The decoding tables of a file: the value code's, the length class code's, and both
/// words at once where they fit in `MAX_BITS` bits.
pub(crate) struct Decoder {
    /// The value code's table, then the length class code's: per `MAX_BITS`-bit pattern,
    /// `symbol << 8 | word length`, 0 for a pattern no word starts; then both words at once:
    /// `symbol << 9 | class << 5 | both words' length`, 0 where they do not both fit.
    tables: Box<[u32]>,
}

/// The run-length classes: class `c` holds the lengths `2^c..2^(c + 1)`, with `c` extra
/// bits.
pub(crate) const CLASSES: usize = 16;

impl Decoder {
    /// Reads the value code's table and the length code's at `*at`; `top` is the largest
    /// value symbol allowed.
    pub(crate) fn read(bytes: &[u8], at: &mut usize, top: u32) -> Result<Decoder, Corruption> {
        let mut tables = std::vec![0u32; 3 * TABLE].into_boxed_slice();
        let (vt, rest) = tables.split_at_mut(TABLE);
        let (lt, joint) = rest.split_at_mut(TABLE);
        read_code(bytes, at, true, vt)?;
        read_code(bytes, at, false, lt)?;
        if vt.iter().any(|&e| e >> 8 > top) {
            return Err(Corruption::CodeTable {
                reason: "a value symbol is out of range",
            });
        }
        if lt.iter().any(|&e| e >> 8 >= CLASSES as u32) {
            return Err(Corruption::CodeTable {
                reason: "a length class is out of range",
            });
        }
        for (p, j) in joint.iter_mut().enumerate() {
            let v = vt[p];
            let vbits = v & 0xff;
            if v == 0 {
                continue;
            }
            let l = lt[(p >> vbits) & (TABLE - 1)];
            let both = vbits + (l & 0xff);
            if l != 0 && both <= MAX_BITS {
                *j = ((v >> 8) << 9) | ((l >> 8) << 5) | both;
            }
        }
        Ok(Decoder { tables })
    }

    /// The bytes its tables take.
    pub(crate) fn bytes(&self) -> usize {
        4 * self.tables.len()
    }

    /// One run at bit `*pos` of `data`: its symbol and length, or `None` for bits no code
    /// word starts or a run past the data's end.
    #[inline]
    pub(crate) fn run(&self, data: &[u8], pos: &mut usize) -> Option<(u16, u32)> {
        let mut w = peek(data, *pos);
        let j = self.tables[2 * TABLE + ((w as usize) & (TABLE - 1))];
        if j != 0 {
            let (both, c) = (j & 31, (j >> 5) & 15);
            w >>= both;
            let len = (1u32 << c) + (w as u32 & ((1u32 << c) - 1));
            *pos += (both + c) as usize;
            if *pos > 8 * data.len() {
                return None;
            }
            return Some(((j >> 9) as u16, len));
        }
        let v = self.tables[(w as usize) & (TABLE - 1)];
        let l = self.tables[TABLE + ((w >> (v & 0xff)) as usize & (TABLE - 1))];
        if v == 0 || l == 0 {
            return None;
        }
        w >>= (v & 0xff) + (l & 0xff);
        let c = l >> 8;
        let len = (1u32 << c) + (w as u32 & ((1u32 << c) - 1));
        *pos += ((v & 0xff) + (l & 0xff) + c) as usize;
        if *pos > 8 * data.len() {
            return None;
        }
        Some(((v >> 8) as u16, len))
    }
}

/// The next 57 or more bits at bit `pos` of `data` (zeros past its end).
#[inline]
fn peek(data: &[u8], pos: usize) -> u64 {
    let byte = pos >> 3;
    let mut a = [0u8; 8];
    match data.get(byte..byte + 8) {
        Some(s) => a.copy_from_slice(s),
        None => {
            let rest = data.get(byte..).unwrap_or(&[]);
            a[..rest.len()].copy_from_slice(rest);
        }
    }
    u64::from_le_bytes(a) >> (pos & 7)
}
