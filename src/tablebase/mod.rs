//! Endgame tables: every position of a few pieces solved exactly, under either rule set.
//!
//! [`Builder`] solves every position of 2 to N pieces (at least one a side, either side to
//! move) by retrograde analysis and writes one WDL file and one DTW file per material;
//! [`Tablebase`] reads them lazily and answers [`probe_wdl`](Tablebase::probe_wdl),
//! [`probe_dtw`](Tablebase::probe_dtw) and [`best_moves`](Tablebase::best_moves).
//!
//! ```
//! use turkish_draughts::{Position, RuleSet};
//! use turkish_draughts::tablebase::{Builder, Tablebase, Wdl};
//! # let dir = std::env::temp_dir().join(format!("td-doc-mod-{}", std::process::id()));
//! Builder::new(RuleSet::Default, &dir).build(3)?;
//! let tb = Tablebase::open(&dir, RuleSet::Default)?;
//! // A king and a man against a lone king, the man one step from crowning.
//! let pos = Position::from_fen("W:WKa1,h7:BKd5", RuleSet::Default)?;
//! let wdl = tb.probe_wdl(&pos)?;
//! let dtw = tb.probe_dtw(&pos)?;
//! assert_eq!(dtw.is_none(), wdl == Wdl::Draw);
//! # std::fs::remove_dir_all(&dir)?;
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! # What the values mean
//!
//! A value is for the side to move. The game ends where [`Position::outcome`] says it does:
//! the side to move has no legal move (it loses), or the rule set's one-piece-each rules
//! apply (under [`RuleSet::Default`] a lone king against a lone man wins at once for the
//! king's side, so a position can be a win for the side to move in 0 plies; two lone kings
//! draw unless the side to move can capture; under [`RuleSet::Tudaf`] one piece each is a
//! draw). **DTW** is the number of plies to that end when the winner ends the game as soon
//! as it can and the loser puts it off as long as it can. Repetition and any no-progress
//! limit are outside the tables: a position from which neither side can force the end is a
//! draw. Positions where the side to move must capture, crownings (both readings of a man
//! crowned in the middle of a capture) and terminal positions are answered exactly like any
//! other (a capture position from its captures' children, see below). A position where one
//! side has no piece left is answered without a table (the side to move with no piece has
//! lost; against no piece, any move wins in one ply).
//!
//! # Files
//!
//! A directory holds, for each material and rule set, `NAME.RULES.wdl` and `NAME.RULES.dtw`,
//! where `NAME` lists White's kings (`K`) and men (`M`), `v`, then Black's (`KMvK`: a white
//! king and man against a black king) and `RULES` is [`RuleSet::name`]. A table holds the
//! positions with White to move; a position with Black to move is read as its
//! [colour-swapped twin](Position::mirrored) in the table of the swapped material. Both
//! rule sets may share a directory.
//!
//! The format is part of the crate's stability promise: a file written by this version is
//! read by every later version of the crate with the same format version. All numbers are
//! little-endian. This is format version 3; a file of another version is refused with
//! [`FileError::WrongVersion`], which says to build the tables again.
//!
//! | bytes | field |
//! |---|---|
//! | 0..8 | magic `DAMA-TB\n` |
//! | 8..10 | format version, 3 |
//! | 10 | rule set: 0 default, 1 tudaf |
//! | 11 | metric: 0 WDL, 1 DTW |
//! | 12..16 | material: white men, white kings, black men, black kings |
//! | 16 | index scheme, 1 (below) |
//! | 17..24 | zero |
//! | 24..32 | index entries (the table's length) |
//! | 32..36 | entries a block: 1024 (WDL), 256 (DTW); the last block may hold fewer |
//! | 36..40 | blocks |
//! | 40..48 | checksum: 64-bit FNV-1a over bytes 0..40, then from byte 48 to the data's start |
//! | 48..52 | blocks a group: `65535 / (3 * entries a block + 8)`, 21 (WDL) and 84 (DTW) |
//! | 52..56 | the data's length in bytes |
//! | 56..64 | positions won by the side to move (every legal position of the material, White to move) |
//! | 64..72 | positions drawn |
//! | 72..80 | positions lost |
//! | 80..88 | the index of the first entry of the longest win (all ones when there is no win) |
//! | 88..90 | the longest win's plies |
//! | 90..96 | zero |
//! | 96.. | the value code: a count `n` (u16), then `n` times a symbol (u16) and its word's length in bits (u8), symbols increasing |
//! | then | the length code: a count `n` (u8), then `n` times a length class (u8) and its word's length (u8), classes increasing |
//! | then | group offsets: one u32 a group of blocks, where its first block starts in the data |
//! | then | block offsets: one u16 a block, where it starts after its group's start (0 for a group's first block) |
//! | then | group checksums: one u32 a group, the low 32 bits of 64-bit FNV-1a over the group's data |
//! | then | the data: the blocks, each on its own, one after another; a block ends where the next starts |
//!
//! **Index scheme 1.** With White to move, white men `wm`, white kings `wk`, black men `bm`,
//! black kings `bk`: each group's squares are ranked in the combinatorial number system
//! (squares `s_1 < s_2 < ...` of a group give `sum C(s_i, i)`), men numbered 0..48 from `a2`
//! (a man stands on ranks 2 to 7), kings 0..64 from `a1`; the index is
//! `((r_wm * C(64, wk) + r_wk) * C(48, bm) + r_bm) * C(64, bk) + r_bk`. A position and its
//! left-right mirror (file a swapped with file h) have the same value; a probe reads the one
//! with the smaller index.
//!
//! **What a file leaves out.** Some entries are never read, and hold whatever made the file
//! smallest: entries that put two pieces on one square; entries whose mirror has the
//! smaller index; positions of three pieces or more where the side to move must capture
//! (a probe plays the captures and reads their children, which have fewer pieces, down to
//! positions without a capture); and in the DTW file, the draws (a probe reads the WDL file
//! first, and a draw has no distance). The encoder continues the current run over them.
//!
//! **Values.** A WDL symbol is 0 draw, 1 win, 2 loss. A DTW symbol is a value code: `2d + 1`
//! for a win in `d` plies, `2d + 2` for a loss in `d` plies.
//!
//! **Blocks** are runs of equal symbols: each run is the value code's word for its symbol,
//! then the length code's word for its length's class `c = floor(log2(length))`, then `c`
//! extra bits, `length - 2^c`. Bits are read from the least significant bit of each byte
//! up, a block starting on a byte and padded with zero bits to a whole byte. Both codes are
//! canonical prefix codes given by their words' lengths (1 to 12 bits): the words of each
//! length follow in increasing symbol order, the shorter lengths first, each word one more
//! than the one before, shifted left when the length grows (as in DEFLATE); the file stores
//! each word's bits from its first to its last, that is, reversed into the least
//! significant end. A probe decodes one block, from its start to the entry.
//!
//! **Checks.** A file is opened on the first probe that needs it: its header, both codes (a
//! prefix code, symbols in range), the block offsets and the checksum over them are checked
//! then. A group of blocks is read from disk the first time a probe needs it, and checked
//! then: its checksum, and every block's runs (exactly its entries, exactly its bytes). A
//! file or a group that fails gives [`ProbeError::File`] naming the file, never a value.
//!
//! # Building
//!
//! [`Builder`] builds the tables (the `tablebase-builder` feature, on by default): every
//! table of a number of pieces in one process, or one slice at a time, in processes or on
//! machines of their own (see [`Plan`]). A solve works level by level (the positions won
//! or lost in so many plies) on every thread, each level a parallel scan of the entries;
//! in one process the small slices (up to 2^24 entries) are solved side by side instead, a
//! thread each.
//!
//! **Memory.** A slice being solved holds
//!
//! > 4 bytes × its index entries + 1 byte × the index entries of the tables it reads + 64 MiB
//!
//! (each entry's working cell: its value, its quiet moves still open, flags; the tables it
//! reads a byte an entry; the program, the threads' move lists, the solver's marks of
//! pending levels and the files being written). [`Slice::memory`] gives it for each slice,
//! [`Plan::peak_memory`] for the largest; a build in one process holds the tables of fewer
//! pieces as it goes, a byte an entry, and its small slices side by side up to 2^25
//! entries at once (128 MiB of cells). [`Builder::memory_limit`] refuses a slice that would need more. Pairs of
//! materials with men larger than [`Builder::split_above`] are solved in rank slices,
//! which is how every 6-piece slice fits in 16 GB.

#[cfg(feature = "tablebase-builder")]
mod build;

mod error;
mod format;
mod index;
mod material;
mod probe;
mod resolve;
mod value;

#[cfg(feature = "tablebase-builder")]
pub use build::{
    BuildError, BuildReport, Builder, Estimate, MAX_BUILD_PIECES, MaterialStats, NANOS_PER_ENTRY,
    NANOS_PER_KING, Plan, Progress, Slice, SliceKind, Stage, VerifyReport, WORKER_THREADS,
};
pub use error::{Corruption, FileError, OpenError, ProbeError};
pub use probe::Tablebase;
pub use value::{Metric, Wdl};

#[cfg(doc)]
use crate::{Position, RuleSet};
