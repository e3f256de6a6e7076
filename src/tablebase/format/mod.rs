//! The table files (format version 3): a header, the two prefix codes, the index of blocks
//! and their groups' checksums, then the Huffman-coded runs of values, block by block. The
//! layout is documented for users in the module docs ([`crate::tablebase`]).
//!
//! - `header`: the fixed header, its fields by name, and the checksums;
//! - `code`: the canonical prefix codes, for writing and for decoding;
//! - `write`: a whole file from a table's values;
//! - `read`: a file read back, checked a group of blocks at a time on first use.

mod code;
mod header;
mod read;
#[cfg(feature = "tablebase-builder")]
mod write;

#[cfg(feature = "tablebase-builder")]
pub(crate) use header::Rows;
pub(crate) use header::{Header, Scheme, Summary};
#[cfg(feature = "tablebase-builder")]
pub(crate) use read::Stream;
pub(crate) use read::TableFile;
#[cfg(all(test, feature = "tablebase-builder"))]
pub(crate) use write::encode;
#[cfg(feature = "tablebase-builder")]
pub(crate) use write::encode_with;

use std::format;
use std::string::String;

use super::error::Corruption;
use super::material::Material;
#[cfg(feature = "tablebase-builder")]
use super::value::Code;
use super::value::Metric;
use crate::RuleSet;

/// Why a file cannot be read: the errors of reading, before the file's path is put to them.
#[derive(Debug)]
pub(crate) enum Refusal {
    /// Another format version.
    Version(u16),
    /// Another rule set (its header byte).
    Rules(u8),
    /// Corrupt or truncated.
    Corrupt(Corruption),
    /// The file could not be read.
    Io(std::io::Error),
}

impl From<Corruption> for Refusal {
    fn from(c: Corruption) -> Refusal {
        Refusal::Corrupt(c)
    }
}

impl From<std::io::Error> for Refusal {
    fn from(e: std::io::Error) -> Refusal {
        Refusal::Io(e)
    }
}

/// The first eight bytes of every table file.
pub(crate) const MAGIC: [u8; 8] = *b"DAMA-TB\n";
/// The format version this crate writes and reads.
pub(crate) const FORMAT_VERSION: u16 = 3;
/// The symbol a codes file (a rank slice's values) stores for an entry no probe reads.
#[cfg(feature = "tablebase-builder")]
pub(crate) const NO_VALUE: u16 = u16::MAX;

/// What a file holds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Kind {
    /// Win, draw or loss per entry (symbols 0 draw, 1 win, 2 loss).
    Wdl = 0,
    /// The value code of each decided entry (draws are the WDL file's).
    Dtw = 1,
    /// Every entry's value code, or [`NO_VALUE`] for an entry no probe reads: a rank slice's
    /// values, kept by the builder until the material's files are put together.
    Codes = 2,
}

impl From<Metric> for Kind {
    fn from(m: Metric) -> Kind {
        match m {
            Metric::Wdl => Kind::Wdl,
            Metric::Dtw => Kind::Dtw,
        }
    }
}

impl Kind {
    /// Entries a block holds (the last block may hold fewer).
    pub(crate) const fn per_block(self) -> u32 {
        match self {
            Kind::Wdl => 1024,
            Kind::Dtw | Kind::Codes => 256,
        }
    }

    /// The largest symbol a file of this kind holds.
    pub(crate) const fn top_symbol(self) -> u32 {
        match self {
            Kind::Wdl => 2,
            Kind::Dtw => u16::MAX as u32 - 2,
            Kind::Codes => u16::MAX as u32,
        }
    }

    #[cfg(feature = "tablebase-builder")]
    /// The symbol a file stores for an entry's value (`None`: an entry no probe reads), or
    /// `None` for an entry the encoder may fill (with the symbol of the run it is in): an
    /// entry no probe reads, and in the DTW file a draw (the WDL file says it is one).
    #[inline]
    pub(crate) fn stored_symbol(self, value: Option<Code>) -> Option<u16> {
        match (self, value) {
            (Kind::Codes, None) => Some(NO_VALUE),
            (Kind::Codes, Some(c)) => Some(c.bits()),
            (_, None) => None,
            (Kind::Dtw, Some(Code::DRAW)) => None,
            (Kind::Dtw, Some(c)) => Some(c.bits()),
            (Kind::Wdl, Some(c)) => Some(c.wdl_symbol()),
        }
    }
}

/// Blocks a group holds: a group's blocks fit in 65 535 bytes, so that a block's offset in
/// its group fits 16 bits (a run costs at most 36 bits and a block at most 3 bytes an entry).
pub(crate) const fn group_blocks(per: u32) -> u32 {
    let g = 65_535 / (3 * per + 8);
    if g == 0 { 1 } else { g }
}

/// The file name of a material's table.
pub(crate) fn file_name(m: Material, rules: RuleSet, metric: Metric) -> String {
    format!("{}.{}.{}", m.name(), rules.name(), metric.extension())
}
