//! Writing a table file from its values: the prefix codes built from the symbols' counts
//! (Huffman, words of at most 12 bits), then the header, the index and the data.

use std::vec::Vec;

use super::code::{CLASSES, MAX_BITS, TABLE, canonical};
use super::header::{self, HEADER_LEN, Header, Summary};
use super::{Kind, Scheme, group_blocks};
use crate::RuleSet;
use crate::tablebase::material::Material;
use crate::tablebase::value::Code;

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

/// A code for writing: per symbol, its word and length.
pub(crate) struct PrefixCode {
    pub(crate) word: Vec<u32>,
    pub(crate) bits: Vec<u8>,
}

/// Why a code could not be built.
#[derive(Debug)]
pub(crate) struct TooManySymbols(pub(crate) usize);

impl PrefixCode {
    /// The code of `freq` (every symbol below `freq.len()` that has a count), and its
    /// table's bytes as the file stores them (`wide`: symbols as u16 and a u16 count, else
    /// u8).
    pub(crate) fn build(freq: &[u64], wide: bool) -> Result<(PrefixCode, Vec<u8>), TooManySymbols> {
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
        let mut code = PrefixCode {
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

/// The runs of one block, entries the kind does not store continuing the current run (the
/// first run takes the block's first stored symbol, or 0 when it has none).
fn for_each_run(kind: Kind, block: &[Option<Code>], mut f: impl FnMut(u16, u32)) {
    let mut cur = block
        .iter()
        .find_map(|&v| kind.stored_symbol(v))
        .unwrap_or(0);
    let mut len = 0u32;
    for &v in block {
        match kind.stored_symbol(v) {
            Some(s) if s != cur => {
                f(cur, len);
                cur = s;
                len = 0;
            }
            _ => {}
        }
        len += 1;
    }
    f(cur, len);
}

/// The length class of a run length (at least 1).
#[inline]
pub(crate) fn class_of(len: u32) -> u32 {
    31 - len.leading_zeros()
}

/// A whole file of `kind` for a material's values (`None` for the entries no probe reads).
#[cfg(test)]
pub(crate) fn encode(
    rules: RuleSet,
    kind: Kind,
    m: Material,
    values: &[Option<Code>],
) -> Result<Vec<u8>, std::string::String> {
    encode_with(
        rules,
        kind,
        m,
        Scheme::Whole,
        values.len() as u64,
        Summary::default(),
        |start, block: &mut [Option<Code>]| {
            let start = start as usize;
            block.copy_from_slice(&values[start..start + block.len()]);
        },
    )
}

/// The most runs the first pass keeps for the second (16 MiB); a file with more has its
/// blocks asked for again.
const KEPT_RUNS: usize = 1 << 22;

/// The most runs kept: [`KEPT_RUNS`], or in this crate's tests what a test sets.
#[inline]
fn kept_runs() -> usize {
    #[cfg(test)]
    return tests::KEPT.with(std::cell::Cell::get);
    #[cfg(not(test))]
    KEPT_RUNS
}

/// A run kept by the first pass: its symbol, its length less one, and whether it is its
/// block's first.
#[inline]
fn kept_run(symbol: u16, len: u32, first: bool) -> u32 {
    u32::from(first) << 31 | u32::from(symbol) << 12 | (len - 1)
}

/// A whole file of `kind` for `len` values of `m` numbered by `scheme`, whose header says
/// `summary`, the values handed out a block at a time: `fill(first, block)` writes the
/// values of entries `first..first + block.len()` into `block` (`None` for an entry no
/// probe reads). Each block is asked for once (the codes' frequencies; the runs are kept
/// for the words), or twice when the values make more than [`KEPT_RUNS`] runs. `Err` only
/// when the values have more distinct codes than a code holds.
pub(crate) fn encode_with(
    rules: RuleSet,
    kind: Kind,
    m: Material,
    scheme: Scheme,
    len: u64,
    summary: Summary,
    fill: impl Fn(u64, &mut [Option<Code>]),
) -> Result<Vec<u8>, std::string::String> {
    let per = kind.per_block();
    let blocks = u32::try_from(len.div_ceil(u64::from(per))).map_err(|_| "too many blocks")?;
    let per_group = group_blocks(per);
    let mut buffer = std::vec![None; per as usize];
    let mut each_block = |f: &mut dyn FnMut(u32, &[Option<Code>])| {
        for b in 0..blocks {
            let first = u64::from(b) * u64::from(per);
            let n = (len - first).min(u64::from(per)) as usize;
            fill(first, &mut buffer[..n]);
            f(b, &buffer[..n]);
        }
    };
    let mut vfreq = std::vec![0u64; 1 << 16];
    let mut lfreq = [0u64; CLASSES];
    let (kept, mut runs) = (kept_runs(), Some(Vec::new()));
    each_block(&mut |_, block| {
        let mut first = true;
        for_each_run(kind, block, |s, len| {
            vfreq[usize::from(s)] += 1;
            lfreq[class_of(len) as usize] += 1;
            if let Some(r) = runs.as_mut() {
                if r.len() < kept {
                    r.push(kept_run(s, len, first));
                } else {
                    runs = None;
                }
            }
            first = false;
        });
    });
    let too_many = |e: TooManySymbols| std::format!("{} symbols, more than a code holds", e.0);
    let (vcode, vtable) = PrefixCode::build(&vfreq, true).map_err(too_many)?;
    let (lcode, ltable) = PrefixCode::build(&lfreq, false).map_err(too_many)?;
    let mut w = BitWriter::default();
    let groups = blocks.div_ceil(per_group) as usize;
    let mut group_at: Vec<u32> = Vec::with_capacity(groups);
    let mut starts: Vec<u16> = Vec::with_capacity(blocks as usize);
    let mut overflow = false;
    let mut block_start = |b: u32, w: &mut BitWriter| {
        w.align();
        if b % per_group == 0 {
            group_at.push(w.out.len() as u32);
        }
        let rel = w.out.len() - *group_at.last().unwrap_or(&0) as usize;
        starts.push(u16::try_from(rel).unwrap_or_else(|_| {
            overflow = true;
            0
        }));
    };
    let put_run = |w: &mut BitWriter, s: u16, len: u32| {
        let s = usize::from(s);
        w.put(vcode.word[s], u32::from(vcode.bits[s]));
        let c = class_of(len);
        w.put(lcode.word[c as usize], u32::from(lcode.bits[c as usize]));
        w.put(len - (1 << c), c);
    };
    match runs {
        Some(runs) => {
            let mut b = 0;
            for r in runs {
                if r >> 31 == 1 {
                    block_start(b, &mut w);
                    b += 1;
                }
                put_run(&mut w, (r >> 12) as u16, (r & 0xfff) + 1);
            }
        }
        None => each_block(&mut |b, block| {
            block_start(b, &mut w);
            for_each_run(kind, block, |s, len| put_run(&mut w, s, len));
        }),
    }
    w.align();
    if overflow {
        return Err("a group overflows".into());
    }
    let data = w.out;
    let data_len = u32::try_from(data.len()).map_err(|_| "the data passes 4 GB")?;
    let head = Header {
        rules,
        kind,
        material: m,
        scheme,
        entries: len,
        per_block: per,
        blocks,
        per_group,
        data_len,
        summary,
    };
    let mut out = Vec::with_capacity(HEADER_LEN + data.len() + 10 * groups + 2 * starts.len());
    out.extend_from_slice(&head.to_bytes());
    out.extend_from_slice(&vtable);
    out.extend_from_slice(&ltable);
    for g in &group_at {
        out.extend_from_slice(&g.to_le_bytes());
    }
    for s in &starts {
        out.extend_from_slice(&s.to_le_bytes());
    }
    for (g, &at) in group_at.iter().enumerate() {
        let end = group_at.get(g + 1).map_or(data.len(), |&e| e as usize);
        out.extend_from_slice(&header::group_checksum(&data[at as usize..end]).to_le_bytes());
    }
    let data_at = out.len();
    out.extend_from_slice(&data);
    header::seal(&mut out, data_at);
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    std::thread_local! {
        /// The most runs the writer keeps on this thread.
        pub(super) static KEPT: std::cell::Cell<usize> = const { std::cell::Cell::new(KEPT_RUNS) };
    }

    /// The runs kept by the first pass write the same file as the blocks asked for again,
    /// whatever the number kept.
    #[test]
    fn kept_runs_write_the_same_file() {
        let m = Material::from_name("KKvK").unwrap();
        // Runs of every length up to past a block, symbols wide and narrow, and entries no
        // probe reads.
        let mut values = std::vec::Vec::new();
        let mut x = 12345u64;
        while values.len() < 20_000 {
            x = x
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            let len = (x >> 33) % 1500 + 1;
            let v = match (x >> 20) % 5 {
                0 => None,
                1 => Some(Code::DRAW),
                2 => Some(Code::win((x >> 40) as u16 % 300)),
                _ => Some(Code::loss((x >> 44) as u16 % 9)),
            };
            values.extend(std::iter::repeat_n(v, len as usize));
        }
        for kind in [Kind::Wdl, Kind::Dtw] {
            let file = |kept: usize| {
                KEPT.with(|k| k.set(kept));
                let bytes = encode(RuleSet::Default, kind, m, &values).unwrap();
                KEPT.with(|k| k.set(KEPT_RUNS));
                bytes
            };
            let all = file(usize::MAX);
            assert_eq!(all, file(0), "{kind:?}");
            assert_eq!(all, file(7), "{kind:?}");
            assert_eq!(all, file(KEPT_RUNS), "{kind:?}");
        }
    }
}
