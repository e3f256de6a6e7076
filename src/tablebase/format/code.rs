//! The canonical prefix codes of the files: built from symbol counts (Huffman, words of at
//! most 12 bits), written as a table of word lengths, and read back into decoding tables.

use std::boxed::Box;
use std::vec::Vec;

use crate::tablebase::error::Corruption;

/// The longest code word, in bits.
pub(crate) const MAX_BITS: u32 = 12;
/// Entries of a decoding table: one per `MAX_BITS`-bit pattern.
pub(crate) const TABLE: usize = 1 << MAX_BITS;
/// The most distinct symbols a code may have (every code word at most `MAX_BITS` long).
const MAX_SYMBOLS: usize = TABLE;

/// Huffman code lengths for `counts` (each > 0), each at most `MAX_BITS`: the counts are
/// halved until the code fits.
fn code_lengths(counts: &[u64]) -> Vec<u8> {
    if counts.len() == 1 {
        return std::vec![1];
    }
    let mut counts: Vec<u64> = counts.iter().map(|&c| c.max(1)).collect();
    loop {
        let lengths = huffman(&counts);
        if lengths.iter().all(|&l| u32::from(l) <= MAX_BITS) {
            return lengths;
        }
        for c in &mut counts {
            *c = (*c >> 1).max(1);
        }
    }
}

/// Plain Huffman code lengths of at least two counts.
fn huffman(counts: &[u64]) -> Vec<u8> {
    use std::cmp::Reverse;
    use std::collections::BinaryHeap;
    let n = counts.len();
    let mut parent = std::vec![usize::MAX; 2 * n];
    let mut heap: BinaryHeap<Reverse<(u64, usize)>> = counts
        .iter()
        .enumerate()
        .map(|(i, &c)| Reverse((c, i)))
        .collect();
    let mut next = n;
    while heap.len() > 1 {
        let (Some(Reverse((a, i))), Some(Reverse((b, j)))) = (heap.pop(), heap.pop()) else {
            break;
        };
        parent[i] = next;
        parent[j] = next;
        heap.push(Reverse((a + b, next)));
        next += 1;
    }
    (0..n)
        .map(|i| {
            let mut d = 0u8;
            let mut k = i;
            while parent[k] != usize::MAX {
                k = parent[k];
                d = d.saturating_add(1);
            }
            d
        })
        .collect()
}

/// Canonical code words (bit-reversed, to be written least significant bit first) for
/// `lengths`, given in increasing symbol order; `None` when the lengths overfill the code.
fn canonical(lengths: &[u8]) -> Option<Vec<u32>> {
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

/// A code for writing: per symbol, its word and length.
pub(crate) struct Code {
    pub(crate) word: Vec<u32>,
    pub(crate) bits: Vec<u8>,
}

/// Why a code could not be built.
#[derive(Debug)]
pub(crate) struct TooManySymbols(pub(crate) usize);

impl Code {
    /// The code of `freq` (every symbol below `freq.len()` that has a count), and its
    /// table's bytes as the file stores them (`wide`: symbols as u16 and a u16 count, else
    /// u8).
    pub(crate) fn build(freq: &[u64], wide: bool) -> Result<(Code, Vec<u8>), TooManySymbols> {
        let used: Vec<(usize, u64)> = freq
            .iter()
            .enumerate()
            .filter(|&(_, &c)| c > 0)
            .map(|(s, &c)| (s, c))
            .collect();
        if used.len() > MAX_SYMBOLS {
            return Err(TooManySymbols(used.len()));
        }
        let counts: Vec<u64> = used.iter().map(|&(_, c)| c).collect();
        let lengths = if used.is_empty() {
            Vec::new()
        } else {
            code_lengths(&counts)
        };
        // Lengths of a Huffman code always make a canonical code.
        let words = canonical(&lengths).unwrap_or_default();
        let mut code = Code {
            word: std::vec![0; freq.len()],
            bits: std::vec![0; freq.len()],
        };
        let mut table = Vec::new();
        if wide {
            table.extend_from_slice(&(used.len() as u16).to_le_bytes());
        } else {
            table.push(used.len() as u8);
        }
        for ((&(s, _), &l), &w) in used.iter().zip(&lengths).zip(&words) {
            code.word[s] = w;
            code.bits[s] = l;
            if wide {
                table.extend_from_slice(&(s as u16).to_le_bytes());
            } else {
                table.push(s as u8);
            }
            table.push(l);
        }
        Ok((code, table))
    }
}

/// Bits written least significant first.
#[derive(Default)]
pub(crate) struct BitWriter {
    pub(crate) out: Vec<u8>,
    acc: u64,
    n: u32,
}

impl BitWriter {
    #[inline]
    pub(crate) fn put(&mut self, bits: u32, n: u32) {
        self.acc |= u64::from(bits) << self.n;
        self.n += n;
        while self.n >= 8 {
            self.out.push(self.acc as u8);
            self.acc >>= 8;
            self.n -= 8;
        }
    }

    /// Pads to a whole byte.
    pub(crate) fn align(&mut self) {
        if self.n > 0 {
            self.out.push(self.acc as u8);
        }
        self.acc = 0;
        self.n = 0;
    }
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
