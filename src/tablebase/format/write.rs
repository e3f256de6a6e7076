//! Writing a table file from its values.

use std::vec::Vec;

use super::code::{BitWriter, CLASSES, Code, TooManySymbols};
use super::header::{self, HEADER_LEN, Header, Scheme};
use super::{Kind, group_blocks};
use crate::RuleSet;
use crate::tablebase::material::Material;

/// The runs of one block, entries the kind does not store continuing the current run (the
/// first run takes the block's first stored symbol, or 0 when it has none).
fn for_each_run(kind: Kind, block: &[u16], mut f: impl FnMut(u16, u32)) {
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

/// A whole file of `kind` for a material's values (value codes, [`super::DONT_CARE`] for
/// the entries no probe reads).
#[cfg(test)]
pub(crate) fn encode(
    rules: RuleSet,
    kind: Kind,
    m: Material,
    values: &[u16],
) -> Result<Vec<u8>, std::string::String> {
    encode_with(
        rules,
        kind,
        m,
        Scheme::Whole,
        values.len() as u64,
        |start, block| {
            let start = start as usize;
            block.copy_from_slice(&values[start..start + block.len()]);
        },
    )
}

/// A whole file of `kind` for `len` values of `m` numbered by `scheme`, handed out a block
/// at a time: `fill(first, block)` writes the values of entries `first..first +
/// block.len()` into `block`. Each block is asked for twice (the codes' frequencies, then
/// the words). `Err` only when the values have more distinct codes than a code holds.
pub(crate) fn encode_with(
    rules: RuleSet,
    kind: Kind,
    m: Material,
    scheme: Scheme,
    len: u64,
    fill: impl Fn(u64, &mut [u16]),
) -> Result<Vec<u8>, std::string::String> {
    let per = kind.per_block();
    let blocks = u32::try_from(len.div_ceil(u64::from(per))).map_err(|_| "too many blocks")?;
    let per_group = group_blocks(per);
    let mut buffer = std::vec![0u16; per as usize];
    let mut each_block = |f: &mut dyn FnMut(u32, &[u16])| {
        for b in 0..blocks {
            let first = u64::from(b) * u64::from(per);
            let n = (len - first).min(u64::from(per)) as usize;
            fill(first, &mut buffer[..n]);
            f(b, &buffer[..n]);
        }
    };
    let mut vfreq = std::vec![0u64; 1 << 16];
    let mut lfreq = [0u64; CLASSES];
    each_block(&mut |_, block| {
        for_each_run(kind, block, |s, len| {
            vfreq[usize::from(s)] += 1;
            lfreq[class_of(len) as usize] += 1;
        });
    });
    let too_many = |e: TooManySymbols| std::format!("{} symbols, more than a code holds", e.0);
    let (vcode, vtable) = Code::build(&vfreq, true).map_err(too_many)?;
    let (lcode, ltable) = Code::build(&lfreq, false).map_err(too_many)?;
    let mut w = BitWriter::default();
    let groups = blocks.div_ceil(per_group) as usize;
    let mut group_at: Vec<u32> = Vec::with_capacity(groups);
    let mut starts: Vec<u16> = Vec::with_capacity(blocks as usize);
    let mut overflow = false;
    each_block(&mut |b, block| {
        if b % per_group == 0 {
            group_at.push(w.out.len() as u32);
        }
        let rel = w.out.len() - *group_at.last().unwrap_or(&0) as usize;
        starts.push(u16::try_from(rel).unwrap_or_else(|_| {
            overflow = true;
            0
        }));
        for_each_run(kind, block, |s, len| {
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
