//! A table file read back: its header, codes and index checked when it is opened, each
//! group of blocks read (from a file on disk) and checked (its checksum, and that every
//! block decodes to exactly its entries) the first time a probe needs it.

use std::boxed::Box;
use std::fs;
use std::io::{Read, Seek, SeekFrom};
use std::path::Path;
use std::sync::{Arc, Mutex, OnceLock};
#[cfg(feature = "tablebase-builder")]
use std::vec::Vec;

use super::code::Decoder;
use super::header::{self, HEADER_LEN, Header};
use super::{Refusal, group_blocks};
use crate::tablebase::error::Corruption;

/// Where a file's bytes are.
#[derive(Debug)]
pub(crate) enum Source {
    /// The whole file, in memory.
    Memory(Arc<[u8]>),
    /// A file on disk, read a group of blocks at a time.
    File(Mutex<fs::File>),
}

/// A group of blocks once read and checked: its bytes when they were read from a file
/// (`None` when they are in the memory the file came in), or why it is corrupt. A group
/// that could not be read (an I/O error) is not kept: the next probe reads it again.
type Loaded = OnceLock<Checked>;

/// A group of blocks read and checked: its bytes read from a file (`None`: they are in the
/// memory the file came in), or why it is corrupt.
type Checked = Result<Option<Box<[u8]>>, Corruption>;

/// A table file: header, decoding tables and block index in memory, each group of blocks
/// checked on first use.
pub(crate) struct TableFile {
    header: Header,
    decoder: Decoder,
    /// Where each group starts in the data.
    group_at: Box<[u32]>,
    /// Where each block starts in its group.
    starts: Box<[u16]>,
    /// Each group's checksum.
    sums: Box<[u32]>,
    /// Where the data starts in the file.
    data_at: usize,
    source: Source,
    groups: Box<[Loaded]>,
}

impl core::fmt::Debug for TableFile {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("TableFile")
            .field("header", &self.header)
            .field("data_at", &self.data_at)
            .finish_non_exhaustive()
    }
}

/// An I/O error for what should not happen.
fn lost(what: &str) -> Refusal {
    Refusal::Io(std::io::Error::other(what))
}

/// The most bytes the two code tables take.
const CODES_MAX: usize = 2 + 3 * 4096 + 1 + 2 * 16;

impl TableFile {
    /// A file whose bytes are in memory, checked against what it should be (`expect`: its
    /// header but for the lengths, which the file gives).
    pub(crate) fn from_bytes(bytes: Arc<[u8]>, expect: &Header) -> Result<TableFile, Refusal> {
        let header = check_header(&bytes, expect)?;
        let (decoder, index_at) = read_codes(&bytes, &header)?;
        let data_at = index_at + index_len(&header);
        let index = bytes
            .get(HEADER_LEN..data_at)
            .ok_or(Corruption::Truncated {
                part: "the block index",
            })?;
        let file = TableFile::assemble(&header, decoder, &bytes[..HEADER_LEN], index, index_at)?;
        if bytes.len() - data_at != header.data_len as usize {
            return Err(Corruption::Length.into());
        }
        Ok(TableFile {
            source: Source::Memory(bytes),
            ..file
        })
    }

    /// A file on disk: its header, codes and index are read and checked now, its groups of
    /// blocks when first needed.
    pub(crate) fn open(path: &Path, expect: &Header) -> Result<TableFile, Refusal> {
        let mut f = fs::File::open(path)?;
        let len = f.metadata()?.len();
        let mut head = std::vec![0u8; (HEADER_LEN + CODES_MAX).min(len as usize)];
        f.read_exact(&mut head)?;
        let header = check_header(&head, expect)?;
        let (decoder, index_at) = read_codes(&head, &header)?;
        let data_at = index_at + index_len(&header);
        if len != (data_at + header.data_len as usize) as u64 {
            return Err(Corruption::Length.into());
        }
        let mut index = std::vec![0u8; data_at - HEADER_LEN];
        f.seek(SeekFrom::Start(HEADER_LEN as u64))?;
        f.read_exact(&mut index)?;
        let file = TableFile::assemble(&header, decoder, &head[..HEADER_LEN], &index, index_at)?;
        Ok(TableFile {
            source: Source::File(Mutex::new(f)),
            ..file
        })
    }

    /// The parts of a file from its checked header and codes and its index bytes (from
    /// the end of the header to the data): the index's checksum and order are checked.
    fn assemble(
        header: &Header,
        decoder: Decoder,
        head: &[u8],
        index: &[u8],
        index_at: usize,
    ) -> Result<TableFile, Corruption> {
        if header::index_checksum(head, index) != header::stored_checksum(head) {
            return Err(Corruption::Checksum);
        }
        let groups = header.groups() as usize;
        let blocks = header.blocks as usize;
        let at = index_at - HEADER_LEN;
        let words = |from: usize, n: usize, size: usize| &index[from..from + n * size];
        let group_at: Box<[u32]> = words(at, groups, 4)
            .chunks(4)
            .map(|c| u32::from_le_bytes([c[0], c[1], c[2], c[3]]))
            .collect();
        let starts: Box<[u16]> = words(at + 4 * groups, blocks, 2)
            .chunks(2)
            .map(|c| u16::from_le_bytes([c[0], c[1]]))
            .collect();
        let sums: Box<[u32]> = words(at + 4 * groups + 2 * blocks, groups, 4)
            .chunks(4)
            .map(|c| u32::from_le_bytes([c[0], c[1], c[2], c[3]]))
            .collect();
        let file = TableFile {
            header: *header,
            decoder,
            group_at,
            starts,
            sums,
            data_at: HEADER_LEN + index.len(),
            source: Source::Memory(Arc::new([])),
            groups: (0..groups).map(|_| OnceLock::new()).collect(),
        };
        file.check_offsets()?;
        Ok(file)
    }

    /// Group and block offsets in order, inside the data.
    fn check_offsets(&self) -> Result<(), Corruption> {
        let mut last = 0;
        for g in 0..self.group_at.len() {
            let start = self.group_at[g];
            if (g == 0 && start != 0) || start < last || start > self.header.data_len {
                return Err(Corruption::Offsets {
                    block: g as u32 * self.header.per_group,
                });
            }
            last = start;
            let len = self.group_len(g);
            let mut prev = 0;
            for b in self.group_blocks(g) {
                let s = usize::from(self.starts[b as usize]);
                let first = b % self.header.per_group == 0;
                if (first && s != 0) || s < prev || s > len {
                    return Err(Corruption::Offsets { block: b });
                }
                prev = s;
            }
        }
        Ok(())
    }

    /// The blocks of group `g`.
    fn group_blocks(&self, g: usize) -> core::ops::Range<u32> {
        let first = g as u32 * self.header.per_group;
        first..(first + self.header.per_group).min(self.header.blocks)
    }

    /// The length in bytes of group `g`.
    fn group_len(&self, g: usize) -> usize {
        let end = self
            .group_at
            .get(g + 1)
            .copied()
            .unwrap_or(self.header.data_len);
        (end - self.group_at[g]) as usize
    }

    /// The header.
    #[allow(dead_code)]
    pub(crate) fn header(&self) -> &Header {
        &self.header
    }

    /// The bytes of group `g`, read and checked on first use.
    fn group(&self, g: usize) -> Result<&[u8], Refusal> {
        let cell = &self.groups[g];
        let loaded = match cell.get() {
            Some(l) => l,
            None => {
                let checked = self.load_group(g)?;
                // Another thread may have loaded it meanwhile: either is the same.
                let _ = cell.set(checked);
                cell.get()
                    .ok_or_else(|| lost("a group of blocks read was not kept"))?
            }
        };
        match loaded {
            Ok(Some(b)) => Ok(b),
            Ok(None) => match &self.source {
                Source::Memory(m) => Ok(&m[self.group_range(g)]),
                Source::File(_) => Err(lost("a group of blocks read was not kept")),
            },
            Err(e) => Err(e.clone().into()),
        }
    }

    /// Where group `g` is in the file.
    fn group_range(&self, g: usize) -> core::ops::Range<usize> {
        let start = self.data_at + self.group_at[g] as usize;
        start..start + self.group_len(g)
    }

    /// Reads group `g` (from a file on disk) and checks it: `Err` only for an I/O error,
    /// `Ok(Err(..))` for a corrupt group.
    fn load_group(&self, g: usize) -> Result<Checked, Refusal> {
        let range = self.group_range(g);
        let bytes: Option<Box<[u8]>> = match &self.source {
            Source::Memory(_) => None,
            Source::File(f) => {
                let mut buf = std::vec![0u8; range.len()].into_boxed_slice();
                let mut f = f
                    .lock()
                    .map_err(|_| lost("another thread failed reading the file"))?;
                f.seek(SeekFrom::Start(range.start as u64))?;
                f.read_exact(&mut buf)?;
                Some(buf)
            }
        };
        let data = match (&bytes, &self.source) {
            (Some(b), _) => &b[..],
            (None, Source::Memory(m)) => &m[range],
            (None, Source::File(_)) => &[],
        };
        if header::group_checksum(data) != self.sums[g] {
            return Ok(Err(Corruption::GroupChecksum { group: g as u32 }));
        }
        for b in self.group_blocks(g) {
            if let Err(e) = self.check_block(data, b) {
                return Ok(Err(e));
            }
        }
        Ok(Ok(bytes))
    }

    /// Block `b`'s bytes within its group's.
    #[inline]
    fn block<'a>(&self, group: &'a [u8], b: u32) -> &'a [u8] {
        let start = usize::from(self.starts[b as usize]);
        let next = b + 1;
        let end = if next < self.header.blocks && next % self.header.per_group != 0 {
            usize::from(self.starts[next as usize])
        } else {
            group.len()
        };
        group.get(start..end).unwrap_or(&[])
    }

    /// How many entries block `b` holds.
    fn block_len(&self, b: u32) -> u64 {
        let start = u64::from(b) * u64::from(self.header.per_block);
        (self.header.entries - start).min(u64::from(self.header.per_block))
    }

    /// Block `b` (of the group `group`) decodes to exactly its entries with exactly its
    /// bytes.
    fn check_block(&self, group: &[u8], b: u32) -> Result<(), Corruption> {
        let data = self.block(group, b);
        let want = self.block_len(b);
        let (mut pos, mut n) = (0, 0u64);
        while n < want {
            let (_, len) = self
                .decoder
                .run(data, &mut pos)
                .ok_or(Corruption::Block { block: b })?;
            n += u64::from(len);
        }
        if n == want && pos.div_ceil(8) == data.len() {
            Ok(())
        } else {
            Err(Corruption::Block { block: b })
        }
    }

    /// The symbol stored at `index` (a value code for DTW and codes files, 0 draw / 1 win
    /// / 2 loss for WDL; any symbol at an entry the encoder filled).
    #[inline]
    pub(crate) fn get(&self, index: u64) -> Result<u16, Refusal> {
        if index >= self.header.entries {
            return Err(Corruption::OutOfRange.into());
        }
        let b = (index / u64::from(self.header.per_block)) as u32;
        let mut left = (index % u64::from(self.header.per_block)) as u32;
        let group = self.group((b / self.header.per_group) as usize)?;
        let data = self.block(group, b);
        let mut pos = 0;
        loop {
            let (s, len) = self
                .decoder
                .run(data, &mut pos)
                .ok_or(Corruption::Block { block: b })?;
            if left < len {
                return Ok(s);
            }
            left -= len;
        }
    }

    /// Every symbol in index order, handed to `f` a run at a time (symbol, length).
    #[cfg(feature = "tablebase-builder")]
    pub(crate) fn for_each_run(&self, mut f: impl FnMut(u16, u32)) -> Result<(), Refusal> {
        for g in 0..self.groups.len() {
            let group = self.group(g)?;
            for b in self.group_blocks(g) {
                let data = self.block(group, b);
                let want = self.block_len(b);
                let (mut pos, mut n) = (0, 0u64);
                while n < want {
                    let (s, len) = self
                        .decoder
                        .run(data, &mut pos)
                        .ok_or(Corruption::Block { block: b })?;
                    n += u64::from(len);
                    f(s, len);
                }
            }
        }
        Ok(())
    }

    /// The bytes of block `b`, its group read and checked on first use.
    #[cfg(feature = "tablebase-builder")]
    fn block_bytes(&self, b: u32) -> Result<&[u8], Refusal> {
        let group = self.group((b / self.header.per_group) as usize)?;
        Ok(self.block(group, b))
    }

    /// Checks every group of blocks (reading each from disk).
    #[cfg(feature = "tablebase-builder")]
    pub(crate) fn check_all(&self) -> Result<(), Refusal> {
        for g in 0..self.groups.len() {
            self.group(g)?;
        }
        Ok(())
    }

    /// Every symbol in index order (see [`get`](TableFile::get)).
    #[cfg(feature = "tablebase-builder")]
    pub(crate) fn decode_all(&self) -> Result<Vec<u16>, Refusal> {
        let mut out = Vec::with_capacity(self.header.entries as usize);
        self.for_each_run(|s, len| out.extend(core::iter::repeat_n(s, len as usize)))?;
        Ok(out)
    }

    /// The bytes held in memory: the decoding tables, the index, and the groups read from
    /// disk (a file in memory: all of it).
    pub(crate) fn memory_bytes(&self) -> usize {
        let index = 4 * self.group_at.len() + 2 * self.starts.len() + 4 * self.sums.len();
        let data = match &self.source {
            Source::Memory(m) => m.len(),
            Source::File(_) => self
                .groups
                .iter()
                .filter_map(|g| g.get())
                .filter_map(|r| r.as_ref().ok())
                .flatten()
                .map(|b| b.len())
                .sum(),
        };
        self.decoder.bytes() + index + data
    }
}

/// The header of `bytes`, checked against `expect` (all but its lengths, which are checked
/// for agreement with each other).
fn check_header(bytes: &[u8], expect: &Header) -> Result<Header, Refusal> {
    let h = Header::parse(bytes)?;
    if h.rules != expect.rules {
        return Err(Refusal::Rules(match h.rules {
            crate::RuleSet::Default => 0,
            crate::RuleSet::Tudaf => 1,
        }));
    }
    let header = |reason| Refusal::Corrupt(Corruption::Header { reason });
    if h.kind != expect.kind {
        return Err(header("the header names another kind of table"));
    }
    if h.material != expect.material || h.scheme != expect.scheme {
        return Err(header("the header names another material"));
    }
    if h.entries != expect.entries {
        return Err(header("the header's entry count does not fit the material"));
    }
    let per = h.kind.per_block();
    if h.per_block != per
        || u64::from(h.blocks) != h.entries.div_ceil(u64::from(per))
        || h.per_group != group_blocks(per)
    {
        return Err(header("bad block size, block count or group size"));
    }
    Ok(h)
}

/// The two codes, read from `bytes` (which start with the header), and where the index
/// after them starts.
fn read_codes(bytes: &[u8], header: &Header) -> Result<(Decoder, usize), Corruption> {
    let mut at = HEADER_LEN;
    let decoder = Decoder::read(bytes, &mut at, header.kind.top_symbol())?;
    Ok((decoder, at))
}

/// The length of the index after the codes: group offsets, block offsets, group checksums.
fn index_len(h: &Header) -> usize {
    8 * h.groups() as usize + 2 * h.blocks as usize
}

/// The symbols of a file one entry at a time, in index order.
#[cfg(feature = "tablebase-builder")]
pub(crate) struct Stream<'a> {
    file: &'a TableFile,
    /// The block being read, where in it, and its entries not yet read.
    block: u32,
    pos: usize,
    in_block: u64,
    /// The run being read and its entries not yet read.
    symbol: u16,
    left: u32,
}

#[cfg(feature = "tablebase-builder")]
impl<'a> Stream<'a> {
    /// A stream at the file's first entry.
    pub(crate) fn new(file: &'a TableFile) -> Stream<'a> {
        Stream {
            file,
            block: 0,
            pos: 0,
            in_block: file.block_len(0).min(file.header.entries),
            symbol: 0,
            left: 0,
        }
    }

    /// The next entry's symbol.
    #[inline]
    pub(crate) fn next_symbol(&mut self) -> Result<u16, Refusal> {
        while self.left == 0 {
            if self.in_block == 0 {
                self.block += 1;
                if self.block >= self.file.header.blocks {
                    return Err(Corruption::OutOfRange.into());
                }
                self.in_block = self.file.block_len(self.block);
                self.pos = 0;
            }
            let data = self.file.block_bytes(self.block)?;
            let (s, len) = self
                .file
                .decoder
                .run(data, &mut self.pos)
                .ok_or(Corruption::Block { block: self.block })?;
            if u64::from(len) > self.in_block {
                return Err(Corruption::Block { block: self.block }.into());
            }
            self.in_block -= u64::from(len);
            self.symbol = s;
            self.left = len;
        }
        self.left -= 1;
        Ok(self.symbol)
    }
}
