//! Format version 1, read only to upgrade its files to version 2 (the layout of version 1:
//! the same header as version 2's first 48 bytes, then blocks + 1 u32 offsets, then
//! blocks of LEB128 runs: for WDL `(length - 1) << 2 | symbol`, for DTW the value code then
//! `length - 1`).

use std::string::ToString;
use std::vec::Vec;

use super::Metric;
#[cfg(test)]
use super::format::{INDEX_SCHEME, metric_byte, rules_byte};
use super::format::{MAGIC, Refusal, check_shared_header, checksum, u16_at, u32_at, u64_at};
use super::material::Material;
#[cfg(test)]
use super::value;
use crate::RuleSet;

/// The format version of these files.
pub(crate) const VERSION: u16 = 1;
/// The header's length in bytes.
pub(crate) const HEADER_LEN: usize = 48;

/// Positions a block holds (the last block may hold fewer).
pub(crate) const fn block_positions(metric: Metric) -> u32 {
    match metric {
        Metric::Wdl => 1024,
        Metric::Dtw => 512,
    }
}

#[cfg(test)]
fn push_varint(out: &mut Vec<u8>, mut v: u64) {
    while v >= 0x80 {
        out.push((v as u8) | 0x80);
        v >>= 7;
    }
    out.push(v as u8);
}

/// Reads a LEB128 number at `*at`, or `None` past the end or past 64 bits.
#[inline]
fn read_varint(data: &[u8], at: &mut usize) -> Option<u64> {
    let mut v: u64 = 0;
    let mut shift = 0;
    loop {
        let b = *data.get(*at)?;
        *at += 1;
        if shift >= 64 || (shift == 63 && b > 1) {
            return None;
        }
        v |= u64::from(b & 0x7f) << shift;
        if b & 0x80 == 0 {
            return Some(v);
        }
        shift += 7;
    }
}

/// The symbol stored for a value code: the code itself for DTW, 0 draw / 1 win / 2 loss
/// for WDL.
#[cfg(test)]
#[inline]
fn symbol(metric: Metric, code: u16) -> u16 {
    match metric {
        Metric::Dtw => code,
        Metric::Wdl => value::wdl_symbol(code),
    }
}

/// A whole file for a material's values (value codes, see [`value`]).
#[cfg(test)]
pub(crate) fn encode(rules: RuleSet, metric: Metric, m: Material, values: &[u16]) -> Vec<u8> {
    let per = block_positions(metric) as usize;
    let blocks = values.len().div_ceil(per);
    let mut data = Vec::new();
    let mut offsets = Vec::with_capacity(blocks + 1);
    for block in values.chunks(per) {
        offsets.push(data.len() as u32);
        let mut i = 0;
        while i < block.len() {
            let s = symbol(metric, block[i]);
            let mut j = i + 1;
            while j < block.len() && symbol(metric, block[j]) == s {
                j += 1;
            }
            let run = (j - i - 1) as u64;
            match metric {
                Metric::Wdl => push_varint(&mut data, (run << 2) | u64::from(s)),
                Metric::Dtw => {
                    push_varint(&mut data, u64::from(s));
                    push_varint(&mut data, run);
                }
            }
            i = j;
        }
    }
    offsets.push(data.len() as u32);
    let mut out = Vec::with_capacity(HEADER_LEN + 4 * offsets.len() + data.len());
    out.extend_from_slice(&MAGIC);
    out.extend_from_slice(&VERSION.to_le_bytes());
    out.push(rules_byte(rules));
    out.push(metric_byte(metric));
    out.extend_from_slice(&m.counts);
    out.push(INDEX_SCHEME);
    out.extend_from_slice(&[0; 7]);
    out.extend_from_slice(&(values.len() as u64).to_le_bytes());
    out.extend_from_slice(&(per as u32).to_le_bytes());
    out.extend_from_slice(&(blocks as u32).to_le_bytes());
    out.extend_from_slice(&[0; 8]);
    for o in &offsets {
        out.extend_from_slice(&o.to_le_bytes());
    }
    out.extend_from_slice(&data);
    let sum = checksum(&out);
    out[40..48].copy_from_slice(&sum.to_le_bytes());
    out
}

/// A checked table file held in memory: the file's bytes and the header's numbers.
#[derive(Debug)]
pub(crate) struct TableFile {
    bytes: Vec<u8>,
    metric: Metric,
    positions: u64,
    per: u32,
    blocks: u32,
}

impl TableFile {
    /// Checks `bytes` as the file of `m` under `rules` for `metric`: header, length,
    /// checksum and every block's runs.
    pub(crate) fn parse(
        bytes: Vec<u8>,
        rules: RuleSet,
        metric: Metric,
        m: Material,
    ) -> Result<TableFile, Refusal> {
        let bad = |s: &str| Err(Refusal::Corrupt(s.to_string()));
        if bytes.len() < HEADER_LEN {
            return bad("truncated: shorter than the header");
        }
        if bytes[..8] != MAGIC {
            return bad("not a table file (bad magic)");
        }
        let version = u16_at(&bytes, 8);
        if version != VERSION {
            return Err(Refusal::Version(version));
        }
        check_shared_header(&bytes, rules, metric, m)?;
        let positions = u64_at(&bytes, 24);
        let per = u32_at(&bytes, 32);
        let blocks = u32_at(&bytes, 36);
        if positions != m.size() {
            return bad("the header's position count does not fit the material");
        }
        if per != block_positions(metric) || u64::from(blocks) != positions.div_ceil(u64::from(per))
        {
            return bad("bad block size or block count");
        }
        let index_end = HEADER_LEN + 4 * (blocks as usize + 1);
        if bytes.len() < index_end {
            return bad("truncated: the block index is cut off");
        }
        let data_len = bytes.len() - index_end;
        if u32_at(&bytes, index_end - 4) as usize != data_len {
            return bad("truncated or overlong: the data's length is not the index's");
        }
        if checksum(&bytes) != u64_at(&bytes, 40) {
            return bad("checksum mismatch");
        }
        let file = TableFile {
            bytes,
            metric,
            positions,
            per,
            blocks,
        };
        for b in 0..blocks {
            file.check_block(b)
                .map_err(|()| Refusal::Corrupt(std::format!("block {b} does not decode")))?;
        }
        Ok(file)
    }

    /// The data of block `b`, or `Err` when its offsets are out of order.
    fn block(&self, b: u32) -> Result<&[u8], ()> {
        let index_end = HEADER_LEN + 4 * (self.blocks as usize + 1);
        let at = HEADER_LEN + 4 * b as usize;
        let start = u32_at(&self.bytes, at) as usize;
        let end = u32_at(&self.bytes, at + 4) as usize;
        if start > end || index_end + end > self.bytes.len() {
            return Err(());
        }
        Ok(&self.bytes[index_end + start..index_end + end])
    }

    /// How many positions block `b` holds.
    fn block_len(&self, b: u32) -> u64 {
        let start = u64::from(b) * u64::from(self.per);
        (self.positions - start).min(u64::from(self.per))
    }

    /// One run at `*at`: its symbol and length.
    #[inline]
    fn run(&self, data: &[u8], at: &mut usize) -> Option<(u16, u64)> {
        match self.metric {
            Metric::Wdl => {
                let v = read_varint(data, at)?;
                let s = (v & 3) as u16;
                (s <= 2).then_some((s, (v >> 2) + 1))
            }
            Metric::Dtw => {
                let s = u16::try_from(read_varint(data, at)?).ok()?;
                let run = read_varint(data, at)?.checked_add(1)?;
                Some((s, run))
            }
        }
    }

    fn check_block(&self, b: u32) -> Result<(), ()> {
        let data = self.block(b)?;
        let want = self.block_len(b);
        let (mut at, mut n) = (0, 0u64);
        while at < data.len() {
            let (_, run) = self.run(data, &mut at).ok_or(())?;
            n = n.checked_add(run).ok_or(())?;
            if n > want {
                return Err(());
            }
        }
        if n == want { Ok(()) } else { Err(()) }
    }

    /// The symbol stored at `index`, or `Err` past the end or when the block does not
    /// decode.
    #[cfg(test)]
    pub(crate) fn get(&self, index: u64) -> Result<u16, ()> {
        if index >= self.positions {
            return Err(());
        }
        let b = (index / u64::from(self.per)) as u32;
        let mut left = index % u64::from(self.per);
        let data = self.block(b)?;
        let mut at = 0;
        loop {
            let (s, run) = self.run(data, &mut at).ok_or(())?;
            if left < run {
                return Ok(s);
            }
            left -= run;
        }
    }

    /// Every symbol in index order.
    pub(crate) fn decode_all(&self) -> Result<Vec<u16>, ()> {
        let mut out = Vec::with_capacity(self.positions as usize);
        for b in 0..self.blocks {
            let data = self.block(b)?;
            let mut at = 0;
            while at < data.len() {
                let (s, run) = self.run(data, &mut at).ok_or(())?;
                out.extend(core::iter::repeat_n(s, run as usize));
            }
        }
        if out.len() as u64 == self.positions {
            Ok(out)
        } else {
            Err(())
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tablebase::{Tablebase, material};
    use crate::{Bitboard, Color, Position, Setup};
    use std::collections::HashMap;

    /// The tables of a directory upgraded to version 2 (`TD_TB_V2`) give the values of
    /// the version-1 files they came from (`TD_TB_V1`) on random positions of
    /// `TD_TB_PIECES` pieces (`TD_TB_SAMPLES` of them), either side to move:
    /// `TD_TB_V1=... TD_TB_V2=... cargo test --release --lib upgraded_tables -- --ignored`.
    #[test]
    #[ignore]
    fn upgraded_tables_agree_with_version_1() {
        let var = |k: &str| std::env::var(k).expect(k);
        let (v1, v2) = (var("TD_TB_V1"), var("TD_TB_V2"));
        let pieces: u32 = var("TD_TB_PIECES").parse().unwrap();
        let samples: usize = var("TD_TB_SAMPLES").parse().unwrap();
        let rules = RuleSet::Default;
        let tb = Tablebase::open(&v2, rules).unwrap();
        let mut old: HashMap<Material, TableFile> = HashMap::new();
        let mut state = 0x9E37_79B9_7F4A_7C15u64;
        let mut next = move || {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            state
        };
        let (mut n, mut captures) = (0, 0);
        while n < samples {
            let (mut white, mut black, mut kings) = (0u64, 0u64, 0u64);
            for i in 0..pieces {
                let sq = 1u64 << (next() % 64);
                if i == 0 || (i > 1 && next() % 2 == 0) {
                    white |= sq;
                } else {
                    black |= sq;
                }
                if next() % 2 == 0 {
                    kings |= sq;
                }
            }
            if (white | black).count_ones() != pieces || white & black != 0 {
                continue;
            }
            let turn = if next() % 2 == 0 {
                Color::White
            } else {
                Color::Black
            };
            let setup = Setup {
                white: Bitboard::from_u64(white),
                black: Bitboard::from_u64(black),
                kings: Bitboard::from_u64(kings),
                turn,
            };
            let Ok(pos) = Position::from_setup(&setup, rules) else {
                continue;
            };
            let Some((m, index)) = material::locate(&pos) else {
                continue;
            };
            let file = old.entry(m).or_insert_with(|| {
                let path =
                    std::path::Path::new(&v1).join(super::super::file_name(m, rules, Metric::Dtw));
                TableFile::parse(std::fs::read(path).unwrap(), rules, Metric::Dtw, m).unwrap()
            });
            let want = value::decode(file.get(index).unwrap());
            let got = (tb.probe_wdl(&pos).unwrap(), tb.probe_dtw(&pos).unwrap());
            assert_eq!(got, (want.0, want.1.map(u32::from)), "{pos}");
            n += 1;
            captures += usize::from(crate::tablebase::resolve::by_captures(&pos));
        }
        std::eprintln!("{n} positions agree, {captures} of them capture positions");
    }
}
