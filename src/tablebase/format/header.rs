//! The fixed header at the start of every table file: what it holds, where each field is,
//! and the checksum over the header and the index.

use super::Refusal;
use super::{FORMAT_VERSION, Kind, MAGIC};
use crate::RuleSet;

use crate::tablebase::error::Corruption;
use crate::tablebase::material::Material;

/// The men a group has on each row of the board (row 0 is rank 1); men stand on rows 1 to 6.
pub(crate) type Rows = [u8; 8];

/// How a file numbers its entries.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Scheme {
    /// Every entry of the material (index scheme 1).
    Whole,
    /// The entries whose men stand on the given rows (index scheme 2): White's men, then
    /// Black's, each the count of men on every row.
    Rows(Rows, Rows),
}

/// Where each field of the header is (byte offsets).
mod at {
    pub(super) const MAGIC: usize = 0;
    pub(super) const VERSION: usize = 8;
    pub(super) const RULES: usize = 10;
    pub(super) const KIND: usize = 11;
    pub(super) const MATERIAL: usize = 12;
    pub(super) const SCHEME: usize = 16;
    pub(super) const ROWS: usize = 17;
    pub(super) const RESERVED: usize = 23;
    pub(super) const ENTRIES: usize = 24;
    pub(super) const PER_BLOCK: usize = 32;
    pub(super) const BLOCKS: usize = 36;
    pub(super) const CHECKSUM: usize = 40;
    pub(super) const PER_GROUP: usize = 48;
    pub(super) const DATA_LEN: usize = 52;
    pub(super) const WINS: usize = 56;
    pub(super) const DRAWS: usize = 64;
    pub(super) const LOSSES: usize = 72;
    pub(super) const LONGEST_AT: usize = 80;
    pub(super) const LONGEST: usize = 88;
    pub(super) const RESERVED_END: usize = 90;
}

/// The header's length in bytes.
pub(crate) const HEADER_LEN: usize = 96;

/// What a table says in all: its positions won, drawn and lost by the side to move (every
/// legal position of its entries, a position and its mirror each counted), and its longest
/// win.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct Summary {
    pub(crate) wins: u64,
    pub(crate) draws: u64,
    pub(crate) losses: u64,
    /// The first entry of the longest win, and its plies.
    pub(crate) longest: Option<(u64, u16)>,
}

impl Summary {
    /// Counts one more solved position (`weight` positions: 2 for an entry that stands for
    /// its mirror too) of value `code` at `index`.
    #[inline]
    #[cfg(feature = "tablebase-builder")]
    pub(crate) fn add(&mut self, index: u64, code: crate::tablebase::value::Code, weight: u64) {
        match code.decode() {
            (crate::tablebase::Wdl::Win, Some(d)) => {
                self.wins += weight;
                if self
                    .longest
                    .is_none_or(|(at, l)| d > l || (d == l && index < at))
                {
                    self.longest = Some((index, d));
                }
            }
            (crate::tablebase::Wdl::Loss, _) => self.losses += weight,
            _ => self.draws += weight,
        }
    }

    /// Adds another part's figures (the longest win: the first of the longest, `index`
    /// giving each part's entry's index in the whole).
    #[cfg(feature = "tablebase-builder")]
    #[allow(dead_code)]
    pub(crate) fn merge(&mut self, other: &Summary, index: impl Fn(u64) -> u64) {
        self.wins += other.wins;
        self.draws += other.draws;
        self.losses += other.losses;
        if let Some((at, d)) = other.longest {
            let at = index(at);
            if self
                .longest
                .is_none_or(|(a, l)| d > l || (d == l && at < a))
            {
                self.longest = Some((at, d));
            }
        }
    }
}

/// A table file's header, as read or to be written.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Header {
    pub(crate) rules: RuleSet,
    pub(crate) kind: Kind,
    pub(crate) material: Material,
    pub(crate) scheme: Scheme,
    /// The table's index entries.
    pub(crate) entries: u64,
    /// Entries a block holds (the last block may hold fewer).
    pub(crate) per_block: u32,
    /// The blocks.
    pub(crate) blocks: u32,
    /// Blocks a group holds (the last group may hold fewer).
    pub(crate) per_group: u32,
    /// The data's length in bytes.
    pub(crate) data_len: u32,
    /// What the table says in all.
    pub(crate) summary: Summary,
}

fn u16_at(b: &[u8], at: usize) -> u16 {
    u16::from_le_bytes([b[at], b[at + 1]])
}

fn u32_at(b: &[u8], at: usize) -> u32 {
    u32::from_le_bytes([b[at], b[at + 1], b[at + 2], b[at + 3]])
}

fn u64_at(b: &[u8], at: usize) -> u64 {
    let mut a = [0; 8];
    a.copy_from_slice(&b[at..at + 8]);
    u64::from_le_bytes(a)
}

/// Six rows' counts (rows 1 to 6) in three bytes, four bits each.
#[cfg(feature = "tablebase-builder")]
fn pack_rows(rows: &Rows) -> [u8; 3] {
    let mut out = [0u8; 3];
    for r in 0..6 {
        out[r / 2] |= (rows[r + 1] & 0xf) << (4 * (r % 2));
    }
    out
}

fn unpack_rows(b: &[u8]) -> Rows {
    let mut rows = [0u8; 8];
    for r in 0..6 {
        rows[r + 1] = (b[r / 2] >> (4 * (r % 2))) & 0xf;
    }
    rows
}

impl Header {
    /// Reads a header from the first [`HEADER_LEN`] bytes of a file (not its checksum,
    /// which covers more than the header: see [`index_checksum`]). The version is checked
    /// first, so that a file of another version is told apart from a corrupt one.
    pub(crate) fn parse(b: &[u8]) -> Result<Header, Refusal> {
        let short = Corruption::Truncated { part: "the header" };
        if b.len() >= at::VERSION && b[at::MAGIC..at::VERSION] != MAGIC {
            return Err(Corruption::NotATable.into());
        }
        if b.len() < at::VERSION + 2 {
            return Err(short.into());
        }
        let version = u16_at(b, at::VERSION);
        if version != FORMAT_VERSION {
            return Err(Refusal::Version(version));
        }
        if b.len() < HEADER_LEN {
            return Err(short.into());
        }
        let header = |reason| Refusal::Corrupt(Corruption::Header { reason });
        let rules = match b[at::RULES] {
            0 => RuleSet::Default,
            1 => RuleSet::Tudaf,
            other => return Err(Refusal::Rules(other)),
        };
        let kind = match b[at::KIND] {
            0 => Kind::Wdl,
            1 => Kind::Dtw,
            2 => Kind::Codes,
            _ => return Err(header("an unknown table kind")),
        };
        let mut counts = [0u8; 4];
        counts.copy_from_slice(&b[at::MATERIAL..at::MATERIAL + 4]);
        let material = Material { counts };
        if !material.is_indexable() {
            return Err(header("a material the index cannot number"));
        }
        let rows = &b[at::ROWS..at::RESERVED];
        let scheme = match b[at::SCHEME] {
            1 if rows.iter().all(|&x| x == 0) => Scheme::Whole,
            2 => Scheme::Rows(unpack_rows(&rows[..3]), unpack_rows(&rows[3..])),
            _ => return Err(header("an unknown index scheme")),
        };
        if b[at::RESERVED] != 0 || b[at::RESERVED_END..HEADER_LEN].iter().any(|&x| x != 0) {
            return Err(header("reserved header bytes are not zero"));
        }
        let longest_at = u64_at(b, at::LONGEST_AT);
        Ok(Header {
            rules,
            kind,
            material,
            scheme,
            entries: u64_at(b, at::ENTRIES),
            per_block: u32_at(b, at::PER_BLOCK),
            blocks: u32_at(b, at::BLOCKS),
            per_group: u32_at(b, at::PER_GROUP),
            data_len: u32_at(b, at::DATA_LEN),
            summary: Summary {
                wins: u64_at(b, at::WINS),
                draws: u64_at(b, at::DRAWS),
                losses: u64_at(b, at::LOSSES),
                longest: (longest_at != u64::MAX).then(|| (longest_at, u16_at(b, at::LONGEST))),
            },
        })
    }

    /// The header's bytes, with a zero checksum (see [`seal`]).
    #[cfg(feature = "tablebase-builder")]
    pub(crate) fn to_bytes(self) -> [u8; HEADER_LEN] {
        let mut b = [0u8; HEADER_LEN];
        b[at::MAGIC..at::VERSION].copy_from_slice(&MAGIC);
        b[at::VERSION..at::VERSION + 2].copy_from_slice(&FORMAT_VERSION.to_le_bytes());
        b[at::RULES] = match self.rules {
            RuleSet::Default => 0,
            RuleSet::Tudaf => 1,
        };
        b[at::KIND] = self.kind as u8;
        b[at::MATERIAL..at::MATERIAL + 4].copy_from_slice(&self.material.counts);
        match self.scheme {
            Scheme::Whole => b[at::SCHEME] = 1,
            Scheme::Rows(white, black) => {
                b[at::SCHEME] = 2;
                b[at::ROWS..at::ROWS + 3].copy_from_slice(&pack_rows(&white));
                b[at::ROWS + 3..at::RESERVED].copy_from_slice(&pack_rows(&black));
            }
        }
        b[at::ENTRIES..at::ENTRIES + 8].copy_from_slice(&self.entries.to_le_bytes());
        b[at::PER_BLOCK..at::PER_BLOCK + 4].copy_from_slice(&self.per_block.to_le_bytes());
        b[at::BLOCKS..at::BLOCKS + 4].copy_from_slice(&self.blocks.to_le_bytes());
        b[at::PER_GROUP..at::PER_GROUP + 4].copy_from_slice(&self.per_group.to_le_bytes());
        b[at::DATA_LEN..at::DATA_LEN + 4].copy_from_slice(&self.data_len.to_le_bytes());
        let s = &self.summary;
        b[at::WINS..at::WINS + 8].copy_from_slice(&s.wins.to_le_bytes());
        b[at::DRAWS..at::DRAWS + 8].copy_from_slice(&s.draws.to_le_bytes());
        b[at::LOSSES..at::LOSSES + 8].copy_from_slice(&s.losses.to_le_bytes());
        let (longest_at, longest) = s.longest.unwrap_or((u64::MAX, 0));
        b[at::LONGEST_AT..at::LONGEST_AT + 8].copy_from_slice(&longest_at.to_le_bytes());
        b[at::LONGEST..at::LONGEST + 2].copy_from_slice(&longest.to_le_bytes());
        b
    }

    /// The groups of blocks.
    pub(crate) fn groups(&self) -> u32 {
        self.blocks.div_ceil(self.per_group.max(1))
    }
}

/// 64-bit FNV-1a over `parts`, one after another.
pub(crate) fn fnv1a(parts: &[&[u8]]) -> u64 {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for part in parts {
        for &b in *part {
            h ^= u64::from(b);
            h = h.wrapping_mul(0x0000_0100_0000_01b3);
        }
    }
    h
}

/// The checksum stored in a file's header: FNV-1a over the header but its checksum field
/// (bytes 0..40 and 48 to the header's end) and the index that follows it up to the data
/// (`index`: the code tables, the group and block offsets, the groups' checksums).
pub(crate) fn index_checksum(header: &[u8], index: &[u8]) -> u64 {
    fnv1a(&[
        &header[..at::CHECKSUM],
        &header[at::CHECKSUM + 8..HEADER_LEN],
        index,
    ])
}

/// The checksum stored in a file's header.
pub(crate) fn stored_checksum(header: &[u8]) -> u64 {
    u64_at(header, at::CHECKSUM)
}

/// Writes the checksum into a whole file's header, `data_at` being where its data starts.
#[cfg(feature = "tablebase-builder")]
pub(crate) fn seal(file: &mut [u8], data_at: usize) {
    let sum = index_checksum(&file[..HEADER_LEN], &file[HEADER_LEN..data_at]);
    file[at::CHECKSUM..at::CHECKSUM + 8].copy_from_slice(&sum.to_le_bytes());
}

/// A group's checksum: the low 32 bits of FNV-1a over its data.
pub(crate) fn group_checksum(data: &[u8]) -> u32 {
    fnv1a(&[data]) as u32
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn headers_round_trip() {
        let mut white = [0u8; 8];
        white[6] = 2;
        white[1] = 1;
        let mut black = [0u8; 8];
        black[3] = 3;
        for scheme in [Scheme::Whole, Scheme::Rows(white, black)] {
            let h = Header {
                rules: RuleSet::Tudaf,
                kind: Kind::Dtw,
                material: Material {
                    counts: [3, 1, 3, 1],
                },
                scheme,
                entries: 123_456_789_012,
                per_block: 256,
                blocks: 482_253,
                per_group: 84,
                data_len: 99,
                summary: Summary {
                    wins: 5,
                    draws: 6,
                    losses: 7,
                    longest: Some((8, 9)),
                },
            };
            assert_eq!(Header::parse(&h.to_bytes()).ok(), Some(h));
        }
        assert!(matches!(
            Header::parse(b"DAMA"),
            Err(Refusal::Corrupt(Corruption::Truncated { .. }))
        ));
        assert!(matches!(
            Header::parse(b"NOT-A-TABLE-AT-ALL"),
            Err(Refusal::Corrupt(Corruption::NotATable))
        ));
        let mut old = [0u8; HEADER_LEN];
        old[..8].copy_from_slice(&MAGIC);
        old[8] = 2;
        assert!(matches!(Header::parse(&old), Err(Refusal::Version(2))));
    }
}
