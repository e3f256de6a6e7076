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
//! little-endian. This is format version 2; files of version 1 are refused by the prober
//! ([`FileError::WrongVersion`]), and [`Builder::build`] rewrites a material's version-1
//! files as version 2 in place, without solving it again.
//!
//! | bytes | field |
//! |---|---|
//! | 0..8 | magic `DAMA-TB\n` |
//! | 8..10 | format version, 2 |
//! | 10 | rule set: 0 default, 1 tudaf |
//! | 11 | metric: 0 WDL, 1 DTW |
//! | 12..16 | material: white men, white kings, black men, black kings |
//! | 16 | index scheme, 1 (below) |
//! | 17..24 | zero |
//! | 24..32 | index entries (the table's length) |
//! | 32..36 | entries a block: 1024 (WDL), 256 (DTW); the last block may hold fewer |
//! | 36..40 | blocks |
//! | 40..48 | checksum: 64-bit FNV-1a over bytes 0..40 and everything from byte 48 |
//! | 48..52 | blocks a group: `65535 / (3 * entries a block + 8)`, 21 (WDL) and 84 (DTW) |
//! | 52..56 | the data's length in bytes |
//! | 56.. | the value code: a count `n` (u16), then `n` times a symbol (u16) and its word's length in bits (u8), symbols increasing |
//! | then | the length code: a count `n` (u8), then `n` times a length class (u8) and its word's length (u8), classes increasing |
//! | then | group offsets: one u32 a group of blocks, where its first block starts in the data |
//! | then | block offsets: one u16 a block, where it starts after its group's start (0 for a group's first block) |
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
//! A file is checked when it is loaded: header, lengths, checksum, both codes (a prefix
//! code, symbols in range), the block offsets, and every block's runs (exactly its entries,
//! exactly its bytes). A file that fails gives [`ProbeError::File`] naming it, never a
//! value.

mod build;
mod domain;
mod error;
mod format;
mod held;
mod material;
mod probe;
mod resolve;
mod slice;
mod solve;
mod tools;
mod value;

pub use build::{BuildReport, Builder, MAX_BUILD_PIECES, Progress, Stage};
pub use error::{BuildError, Corruption, FileError, OpenError, ProbeError};
pub use probe::Tablebase;
pub use slice::{ENTRIES_PER_SECOND, Estimate, Plan, Slice};
pub use tools::{MaterialStats, VerifyReport};

use core::fmt;
use std::format;
use std::string::String;

#[cfg(doc)]
use crate::Position;
use crate::RuleSet;

/// Win, draw or loss, for the side to move.
///
/// ```
/// use turkish_draughts::tablebase::Wdl;
/// assert_eq!(Wdl::Win.to_string(), "win");
/// assert_eq!(-Wdl::Win, Wdl::Loss);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Wdl {
    /// The side to move loses.
    Loss,
    /// Neither side can force the end of the game.
    Draw,
    /// The side to move wins.
    Win,
}

impl core::ops::Neg for Wdl {
    type Output = Wdl;
    /// The value for the other side.
    fn neg(self) -> Wdl {
        match self {
            Wdl::Loss => Wdl::Win,
            Wdl::Draw => Wdl::Draw,
            Wdl::Win => Wdl::Loss,
        }
    }
}

impl fmt::Display for Wdl {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Wdl::Loss => "loss",
            Wdl::Draw => "draw",
            Wdl::Win => "win",
        })
    }
}

/// What a table file holds.
///
/// ```
/// use turkish_draughts::tablebase::Metric;
/// assert_eq!(Metric::Dtw.to_string(), "DTW");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Metric {
    /// Win, draw or loss.
    Wdl = 0,
    /// The distance to the end of the game, with the value.
    Dtw = 1,
}

impl Metric {
    /// The file name's extension.
    const fn extension(self) -> &'static str {
        match self {
            Metric::Wdl => "wdl",
            Metric::Dtw => "dtw",
        }
    }
}

impl fmt::Display for Metric {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Metric::Wdl => "WDL",
            Metric::Dtw => "DTW",
        })
    }
}

/// The file name of a material's table.
fn file_name(m: material::Material, rules: RuleSet, metric: Metric) -> String {
    format!("{}.{}.{}", m.name(), rules.name(), metric.extension())
}

/// The file name of a file of `kind` of `m` numbered by `scheme`: a material's table, or a
/// rank slice's values (`KKKKMvK.r7-.default.part`: White's men's ranks from White's side,
/// then Black's from Black's, highest first), which a build keeps until the material's
/// tables are put together from them.
fn file_name_of(
    m: material::Material,
    rules: RuleSet,
    kind: format::Kind,
    scheme: format::Scheme,
) -> String {
    match (kind, scheme) {
        (format::Kind::Wdl, format::Scheme::Whole) => file_name(m, rules, Metric::Wdl),
        (format::Kind::Dtw, format::Scheme::Whole) => file_name(m, rules, Metric::Dtw),
        (_, format::Scheme::Whole) => format!("{}.{}.part", m.name(), rules.name()),
        (_, format::Scheme::Rows(white, black)) => format!(
            "{}.r{}-{}.{}.part",
            m.name(),
            domain::rank_digits(&white, true),
            domain::rank_digits(&black, false),
            rules.name()
        ),
    }
}
