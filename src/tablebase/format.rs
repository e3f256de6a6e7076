//! The table files, format version 2: header, code tables, block index and Huffman-coded
//! runs (the layout is documented in the module docs, [`crate::tablebase`]).

use std::boxed::Box;
use std::string::{String, ToString};
use std::vec::Vec;

use super::Metric;
use super::material::Material;
use super::value::{self, DRAW};
use crate::RuleSet;

/// The first eight bytes of every table file.
pub(crate) const MAGIC: [u8; 8] = *b"DAMA-TB\n";
/// The format version this crate writes and reads.
pub(crate) const VERSION: u16 = 2;
/// The index scheme: white men, white kings, black men, black kings, each a combination
/// (see the module docs).
pub(crate) const INDEX_SCHEME: u8 = 1;
/// The fixed header's length in bytes.
pub(crate) const HEADER_LEN: usize = 56;
/// A value the encoder may replace by any other: an entry no probe reads.
pub(crate) const DONT_CARE: u16 = u16::MAX;
/// The longest code word, in bits.
const MAX_BITS: u32 = 12;
/// Entries of a decoding table: one per `MAX_BITS`-bit pattern.
const TABLE: usize = 1 << MAX_BITS;
/// The run-length classes: class `c` holds the lengths `2^c..2^(c + 1)`, with `c` extra bits.
const CLASSES: usize = 16;
/// The most distinct symbols a code may have (every code word at most `MAX_BITS` long).
const MAX_SYMBOLS: usize = TABLE;

/// Entries a block holds (the last block may hold fewer).
pub(crate) const fn block_positions(metric: Metric) -> u32 {
    match metric {
        Metric::Wdl => 1024,
        Metric::Dtw => 256,
    }
}

/// Blocks a group holds: a group's blocks fit in 65 535 bytes, so that a block's offset in
/// its group fits 16 bits (a run costs at most 36 bits and a block at most 3 bytes an entry).
pub(crate) const fn group_blocks(per: u32) -> u32 {
    let g = 65_535 / (3 * per + 8);
    if g == 0 { 1 } else { g }
}

/// The rule set's byte in the header.
pub(crate) const fn rules_byte(rules: RuleSet) -> u8 {
    match rules {
        RuleSet::Default => 0,
        RuleSet::Tudaf => 1,
    }
}

/// The metric's byte in the header.
pub(crate) const fn metric_byte(metric: Metric) -> u8 {
    match metric {
        Metric::Wdl => 0,
        Metric::Dtw => 1,
    }
}

/// FNV-1a, 64 bits, over the header's first 40 bytes and everything from byte 48.
pub(crate) fn checksum(bytes: &[u8]) -> u64 {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    let mut eat = |part: &[u8]| {
        for &b in part {
            h ^= u64::from(b);
            h = h.wrapping_mul(0x0000_0100_0000_01b3);
        }
    };
    eat(&bytes[..40]);
    eat(&bytes[48..]);
    h
}

/// The symbol a file stores for a value code, or `None` for an entry the encoder may fill:
/// a [`DONT_CARE`], and in the DTW file a draw (the WDL file says it is one).
#[inline]
fn stored_symbol(metric: Metric, code: u16) -> Option<u16> {
    match (metric, code) {
        (_, DONT_CARE) | (Metric::Dtw, DRAW) => None,
        (Metric::Dtw, c) => Some(c),
        (Metric::Wdl, c) => Some(value::wdl_symbol(c)),
    }
}

/// The runs of one block, don't-care entries continuing the current run (the first run
/// takes the block's first stored symbol, or 0 when it has none).
fn for_each_run(metric: Metric, block: &[u16], mut f: impl FnMut(u16, u32)) {
    let mut cur = block
        .iter()
        .find_map(|&v| stored_symbol(metric, v))
        .unwrap_or(0);
    let mut len = 0u32;
    for &v in block {
        match stored_symbol(metric, v) {
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
fn class_of(len: u32) -> u32 {
    31 - len.leading_zeros()
}

/// Huffman code lengths for `freq` (symbol, count > 0), each at most `MAX_BITS`: the counts
/// are halved until the code fits. Needs at most `MAX_SYMBOLS` symbols.
fn code_lengths(freq: &[(u16, u64)]) -> Vec<u8> {
    if freq.len() == 1 {
        return std::vec![1];
    }
    let mut counts: Vec<u64> = freq.iter().map(|&(_, c)| c.max(1)).collect();
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
struct Code {
    word: Vec<u32>,
    bits: Vec<u8>,
}

impl Code {
    /// The code of `freq` (every symbol below `size` that has a count), and its table's
    /// bytes as the file stores them (`wide`: symbols as u16 and a u16 count, else u8).
    fn build(freq: &[u64], wide: bool) -> Result<(Code, Vec<u8>), String> {
        let used: Vec<(u16, u64)> = freq
            .iter()
            .enumerate()
            .filter(|&(_, &c)| c > 0)
            .map(|(s, &c)| (s as u16, c))
            .collect();
        if used.len() > MAX_SYMBOLS {
            return Err(std::format!(
                "{} symbols, more than a code holds",
                used.len()
            ));
        }
        let lengths = if used.is_empty() {
            Vec::new()
        } else {
            code_lengths(&used)
        };
        let words = canonical(&lengths).ok_or("no canonical code")?;
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
            code.word[usize::from(s)] = w;
            code.bits[usize::from(s)] = l;
            if wide {
                table.extend_from_slice(&s.to_le_bytes());
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
struct BitWriter {
    out: Vec<u8>,
    acc: u64,
    n: u32,
}

impl BitWriter {
    #[inline]
    fn put(&mut self, bits: u32, n: u32) {
        self.acc |= u64::from(bits) << self.n;
        self.n += n;
        while self.n >= 8 {
            self.out.push(self.acc as u8);
            self.acc >>= 8;
            self.n -= 8;
        }
    }

    /// Pads to a whole byte.
    fn align(&mut self) {
        if self.n > 0 {
            self.out.push(self.acc as u8);
        }
        self.acc = 0;
        self.n = 0;
    }
}

/// A whole file for a material's values: value codes (see [`value`]), [`DONT_CARE`] for the
/// entries no probe reads. `Err` only when the values have more distinct codes than a code
/// table holds.
#[cfg(test)]
pub(crate) fn encode(
    rules: RuleSet,
    metric: Metric,
    m: Material,
    values: &[u16],
) -> Result<Vec<u8>, String> {
    encode_with(rules, metric, m, values.len() as u64, |start, block| {
        let start = start as usize;
        block.copy_from_slice(&values[start..start + block.len()]);
    })
}

/// [`encode`] for `len` values handed out a block at a time: `fill(first, block)` writes
/// the values of entries `first..first + block.len()` into `block`. Each block is asked for
/// twice (the codes' frequencies, then the words).
pub(crate) fn encode_with(
    rules: RuleSet,
    metric: Metric,
    m: Material,
    len: u64,
    fill: impl Fn(u64, &mut [u16]),
) -> Result<Vec<u8>, String> {
    let per = block_positions(metric);
    let blocks = usize::try_from(len.div_ceil(u64::from(per))).map_err(|_| "too many blocks")?;
    let group = group_blocks(per) as usize;
    let mut buffer = std::vec![0u16; per as usize];
    let mut each_block = |f: &mut dyn FnMut(usize, &[u16])| {
        for b in 0..blocks {
            let first = b as u64 * u64::from(per);
            let n = (len - first).min(u64::from(per)) as usize;
            fill(first, &mut buffer[..n]);
            f(b, &buffer[..n]);
        }
    };
    let mut vfreq = std::vec![0u64; usize::from(u16::MAX)];
    let mut lfreq = [0u64; CLASSES];
    each_block(&mut |_, block| {
        for_each_run(metric, block, |s, len| {
            vfreq[usize::from(s)] += 1;
            lfreq[class_of(len) as usize] += 1;
        });
    });
    let (vcode, vtable) = Code::build(&vfreq, true)?;
    let (lcode, ltable) = Code::build(&lfreq, false)?;
    let mut w = BitWriter::default();
    let mut groups = Vec::with_capacity(blocks.div_ceil(group));
    let mut starts: Vec<u16> = Vec::with_capacity(blocks);
    let mut overflow = false;
    each_block(&mut |b, block| {
        if b % group == 0 {
            groups.push(w.out.len() as u32);
        }
        let rel = w.out.len() - *groups.last().unwrap_or(&0) as usize;
        starts.push(u16::try_from(rel).unwrap_or_else(|_| {
            overflow = true;
            0
        }));
        for_each_run(metric, block, |s, len| {
            let s = usize::from(s);
            w.put(vcode.word[s], u32::from(vcode.bits[s]));
            let c = class_of(len);
            w.put(lcode.word[c as usize], u32::from(lcode.bits[c as usize]));
            w.put(len - (1 << c), c);
        });
        w.align();
    });
    if overflow {
        return Err("a group overflows".into());
    }
    let data = w.out;
    let data_len = u32::try_from(data.len()).map_err(|_| "the data passes 4 GB")?;
    let mut out = Vec::with_capacity(HEADER_LEN + data.len() + 6 * blocks + 4096);
    out.extend_from_slice(&MAGIC);
    out.extend_from_slice(&VERSION.to_le_bytes());
    out.push(rules_byte(rules));
    out.push(metric_byte(metric));
    out.extend_from_slice(&m.counts);
    out.push(INDEX_SCHEME);
    out.extend_from_slice(&[0; 7]);
    out.extend_from_slice(&len.to_le_bytes());
    out.extend_from_slice(&per.to_le_bytes());
    out.extend_from_slice(&(blocks as u32).to_le_bytes());
    out.extend_from_slice(&[0; 8]);
    out.extend_from_slice(&(group as u32).to_le_bytes());
    out.extend_from_slice(&data_len.to_le_bytes());
    out.extend_from_slice(&vtable);
    out.extend_from_slice(&ltable);
    for g in &groups {
        out.extend_from_slice(&g.to_le_bytes());
    }
    for s in &starts {
        out.extend_from_slice(&s.to_le_bytes());
    }
    out.extend_from_slice(&data);
    let sum = checksum(&out);
    out[40..48].copy_from_slice(&sum.to_le_bytes());
    Ok(out)
}

/// Why a file was refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Refusal {
    /// Another format version.
    Version(u16),
    /// Another rule set (its header byte).
    Rules(u8),
    /// Anything else, said in words.
    Corrupt(String),
}

/// A checked table file held in memory: the file's bytes, the header's numbers and the two
/// decoding tables.
#[derive(Debug)]
pub(crate) struct TableFile {
    bytes: Vec<u8>,
    /// The value code's decoding table, then the length class code's: per `MAX_BITS`-bit
    /// pattern, `symbol << 8 | word length`, 0 for a pattern no word starts; then both
    /// words at once: `symbol << 9 | class << 5 | both words' length`, 0 where the two
    /// words do not both fit in the pattern.
    tables: Box<[u32]>,
    positions: u64,
    per: u32,
    blocks: u32,
    group: u32,
    /// Where the group offsets start; the block offsets follow, then the data.
    index_at: usize,
    data_at: usize,
    data_len: usize,
}

pub(crate) fn u16_at(b: &[u8], at: usize) -> u16 {
    u16::from_le_bytes([b[at], b[at + 1]])
}
pub(crate) fn u32_at(b: &[u8], at: usize) -> u32 {
    u32::from_le_bytes([b[at], b[at + 1], b[at + 2], b[at + 3]])
}
pub(crate) fn u64_at(b: &[u8], at: usize) -> u64 {
    let mut a = [0; 8];
    a.copy_from_slice(&b[at..at + 8]);
    u64::from_le_bytes(a)
}

/// The header bytes 10..24 that every format version shares: the rule set, the metric, the
/// material, the index scheme and the reserved zeros (`bytes` holds at least 24).
pub(crate) fn check_shared_header(
    bytes: &[u8],
    rules: RuleSet,
    metric: Metric,
    m: Material,
) -> Result<(), Refusal> {
    let bad = |s: &str| Err(Refusal::Corrupt(s.to_string()));
    if bytes[10] != rules_byte(rules) {
        return Err(Refusal::Rules(bytes[10]));
    }
    if bytes[11] != metric_byte(metric) {
        return bad("the header names another metric");
    }
    if bytes[12..16] != m.counts {
        return bad("the header names another material");
    }
    if bytes[16] != INDEX_SCHEME {
        return bad("unknown index scheme");
    }
    if bytes[17..24].iter().any(|&b| b != 0) {
        return bad("reserved header bytes are not zero");
    }
    Ok(())
}

/// Reads a code table at `*at` into `table` (its `TABLE` entries).
fn read_code(bytes: &[u8], at: &mut usize, wide: bool, table: &mut [u32]) -> Result<(), String> {
    let width = if wide { 2 } else { 1 };
    let n = if wide {
        usize::from(u16_at_checked(bytes, *at)?)
    } else {
        usize::from(*bytes.get(*at).ok_or("truncated: a code table is cut off")?)
    };
    *at += width;
    let end = *at + n * (width + 1);
    if end > bytes.len() {
        return Err("truncated: a code table is cut off".into());
    }
    let (mut syms, mut lengths) = (Vec::with_capacity(n), Vec::with_capacity(n));
    for i in 0..n {
        let p = *at + i * (width + 1);
        let s = if wide {
            u32::from(u16_at(bytes, p))
        } else {
            u32::from(bytes[p])
        };
        if syms.last().is_some_and(|&l| l >= s) {
            return Err("a code table's symbols are out of order".into());
        }
        syms.push(s);
        lengths.push(bytes[p + width]);
    }
    *at = end;
    let words = canonical(&lengths).ok_or("a code table is not a prefix code")?;
    for ((&s, &l), &w) in syms.iter().zip(&lengths).zip(&words) {
        let mut p = w as usize;
        while p < TABLE {
            table[p] = (s << 8) | u32::from(l);
            p += 1 << l;
        }
    }
    Ok(())
}

fn u16_at_checked(b: &[u8], at: usize) -> Result<u16, String> {
    if at + 2 > b.len() {
        return Err("truncated: a code table is cut off".into());
    }
    Ok(u16_at(b, at))
}

/// The next 57 or more bits at bit `pos` of `data` (zeros past its end).
#[inline]
fn peek(data: &[u8], pos: usize) -> u64 {
    let byte = pos >> 3;
    let word = match data.get(byte..byte + 8) {
        Some(s) => {
            let mut a = [0u8; 8];
            a.copy_from_slice(s);
            u64::from_le_bytes(a)
        }
        None => {
            let mut a = [0u8; 8];
            let rest = data.get(byte..).unwrap_or(&[]);
            a[..rest.len()].copy_from_slice(rest);
            u64::from_le_bytes(a)
        }
    };
    word >> (pos & 7)
}

impl TableFile {
    /// Checks `bytes` as the file of `m` under `rules` for `metric`: header, length,
    /// checksum, code tables, block index and every block's runs.
    pub(crate) fn parse(
        bytes: Vec<u8>,
        rules: RuleSet,
        metric: Metric,
        m: Material,
    ) -> Result<TableFile, Refusal> {
        let bad = |s: &str| Err(Refusal::Corrupt(s.to_string()));
        if bytes.len() < 48 {
            return bad("truncated: shorter than the header");
        }
        if bytes[..8] != MAGIC {
            return bad("not a table file (bad magic)");
        }
        let version = u16_at(&bytes, 8);
        if version != VERSION {
            return Err(Refusal::Version(version));
        }
        if bytes.len() < HEADER_LEN {
            return bad("truncated: shorter than the header");
        }
        check_shared_header(&bytes, rules, metric, m)?;
        let positions = u64_at(&bytes, 24);
        let per = u32_at(&bytes, 32);
        let blocks = u32_at(&bytes, 36);
        let group = u32_at(&bytes, 48);
        let data_len = u32_at(&bytes, 52) as usize;
        if positions != m.size() {
            return bad("the header's position count does not fit the material");
        }
        if per != block_positions(metric)
            || u64::from(blocks) != positions.div_ceil(u64::from(per))
            || group != group_blocks(per)
        {
            return bad("bad block size, block count or group size");
        }
        if checksum(&bytes) != u64_at(&bytes, 40) {
            return bad("checksum mismatch");
        }
        let mut tables = std::vec![0u32; 3 * TABLE].into_boxed_slice();
        let mut at = HEADER_LEN;
        let (vt, rest) = tables.split_at_mut(TABLE);
        let (lt, joint) = rest.split_at_mut(TABLE);
        read_code(&bytes, &mut at, true, vt).map_err(Refusal::Corrupt)?;
        read_code(&bytes, &mut at, false, lt).map_err(Refusal::Corrupt)?;
        let top = match metric {
            Metric::Wdl => 2,
            Metric::Dtw => u32::from(MISMATCH - 1),
        };
        if vt.iter().any(|&e| e >> 8 > top) {
            return bad("a value symbol is out of range");
        }
        if lt.iter().any(|&e| e >> 8 >= CLASSES as u32) {
            return bad("a length class is out of range");
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
        let groups = blocks.div_ceil(group) as usize;
        let index_at = at;
        let data_at = index_at + 4 * groups + 2 * blocks as usize;
        if bytes.len() < data_at {
            return bad("truncated: the block index is cut off");
        }
        if bytes.len() - data_at != data_len {
            return bad("truncated or overlong: the data's length is not the header's");
        }
        let file = TableFile {
            bytes,
            tables,
            positions,
            per,
            blocks,
            group,
            index_at,
            data_at,
            data_len,
        };
        let mut last = 0;
        for b in 0..blocks {
            let start = file.block_start(b);
            if (b % group == 0 && u16_at(&file.bytes, file.block_at(b)) != 0)
                || start < last
                || start > data_len
            {
                return Err(Refusal::Corrupt(std::format!(
                    "block {b}'s offset is out of order"
                )));
            }
            last = start;
        }
        for b in 0..blocks {
            file.check_block(b)
                .map_err(|()| Refusal::Corrupt(std::format!("block {b} does not decode")))?;
        }
        Ok(file)
    }

    /// Where block `b`'s offset in its group is.
    #[inline]
    fn block_at(&self, b: u32) -> usize {
        self.index_at + 4 * self.blocks.div_ceil(self.group) as usize + 2 * b as usize
    }

    /// Block `b`'s start in the data.
    #[inline]
    fn block_start(&self, b: u32) -> usize {
        let g = u32_at(&self.bytes, self.index_at + 4 * (b / self.group) as usize) as usize;
        g + usize::from(u16_at(&self.bytes, self.block_at(b)))
    }

    /// The data of block `b`, or `Err` when its offsets are out of order.
    #[inline]
    fn block(&self, b: u32) -> Result<&[u8], ()> {
        let start = self.block_start(b);
        let end = if b + 1 < self.blocks {
            self.block_start(b + 1)
        } else {
            self.data_len
        };
        if start > end || end > self.data_len {
            return Err(());
        }
        Ok(&self.bytes[self.data_at + start..self.data_at + end])
    }

    /// How many entries block `b` holds.
    fn block_len(&self, b: u32) -> u64 {
        let start = u64::from(b) * u64::from(self.per);
        (self.positions - start).min(u64::from(self.per))
    }

    /// One run at bit `*pos`: its symbol and length, or `None` for bits no code word
    /// starts or a run past the data's end.
    #[inline]
    fn run(&self, data: &[u8], pos: &mut usize) -> Option<(u16, u32)> {
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

    fn check_block(&self, b: u32) -> Result<(), ()> {
        let data = self.block(b)?;
        let want = self.block_len(b);
        let (mut pos, mut n) = (0, 0u64);
        while n < want {
            let (_, len) = self.run(data, &mut pos).ok_or(())?;
            n += u64::from(len);
        }
        if n == want && pos.div_ceil(8) == data.len() {
            Ok(())
        } else {
            Err(())
        }
    }

    /// The symbol stored at `index` (a value code for DTW, 0 draw / 1 win / 2 loss for
    /// WDL; any symbol at an entry the encoder filled), or `Err` when the index is past the
    /// end or the block does not decode (a file that passed [`parse`](TableFile::parse)
    /// always decodes).
    #[inline]
    pub(crate) fn get(&self, index: u64) -> Result<u16, ()> {
        if index >= self.positions {
            return Err(());
        }
        let b = (index / u64::from(self.per)) as u32;
        let mut left = (index % u64::from(self.per)) as u32;
        let data = self.block(b)?;
        let mut pos = 0;
        loop {
            let (s, len) = self.run(data, &mut pos).ok_or(())?;
            if left < len {
                return Ok(s);
            }
            left -= len;
        }
    }

    /// Every symbol in index order (see [`get`](TableFile::get)).
    pub(crate) fn decode_all(&self) -> Result<Vec<u16>, ()> {
        let mut out = Vec::with_capacity(self.positions as usize);
        for b in 0..self.blocks {
            let data = self.block(b)?;
            let want = self.block_len(b);
            let (mut pos, mut n) = (0, 0u64);
            while n < want {
                let (s, len) = self.run(data, &mut pos).ok_or(())?;
                n += u64::from(len);
                if n > want {
                    return Err(());
                }
                out.extend(core::iter::repeat_n(s, len as usize));
            }
        }
        if out.len() as u64 == self.positions {
            Ok(out)
        } else {
            Err(())
        }
    }

    /// The bytes held in memory: the whole file and the three decoding tables.
    pub(crate) fn memory_bytes(&self) -> usize {
        self.bytes.len() + 4 * self.tables.len()
    }
}

/// The value codes of a material from its two decoded files (symbols in index order): a
/// draw where the WDL file says draw, else the DTW file's code. The entries the encoder
/// filled (captures, mirrors, two pieces on a square) hold anything; the caller resolves
/// them. An entry where the two files disagree (the WDL file says win and the DTW file
/// loss, say) gets [`MISMATCH`].
pub(crate) fn combine(wdl: &[u16], mut dtw: Vec<u16>) -> Vec<u16> {
    for (d, &w) in dtw.iter_mut().zip(wdl) {
        if w == 0 {
            *d = DRAW;
        } else if *d == DRAW || value::wdl_symbol(*d) != w {
            *d = MISMATCH;
        }
    }
    dtw
}

/// The code [`combine`] gives an entry where the WDL and DTW files disagree: no position
/// has it (a loss in 32 766 plies).
pub(crate) const MISMATCH: u16 = u16::MAX - 1;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn round_trip_with_dont_cares() {
        let m = Material {
            counts: [0, 1, 0, 1],
        };
        let n = m.size() as usize;
        let values: Vec<u16> = (0..n)
            .map(|i| match i % 7 {
                0 => DONT_CARE,
                1 | 2 => DRAW,
                3 => value::win((i % 5) as u16),
                _ => value::loss((i / 1000) as u16),
            })
            .collect();
        for metric in [Metric::Wdl, Metric::Dtw] {
            let bytes = encode(RuleSet::Default, metric, m, &values).unwrap();
            let f = TableFile::parse(bytes, RuleSet::Default, metric, m).unwrap();
            let all = f.decode_all().unwrap();
            for (i, &v) in values.iter().enumerate() {
                let got = f.get(i as u64).unwrap();
                assert_eq!(got, all[i]);
                if let Some(s) = stored_symbol(metric, v) {
                    assert_eq!(got, s, "entry {i}");
                }
            }
        }
    }
}
