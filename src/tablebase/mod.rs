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
//! Builder::new(RuleSet::Default, &dir).progress(false).build(3)?;
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
//! crowned in the middle of a capture) and terminal positions are stored exactly like any
//! other. A position where one side has no piece left is answered without a table (the side
//! to move with no piece has lost; against no piece, any move wins in one ply).
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
//! little-endian.
//!
//! | bytes | field |
//! |---|---|
//! | 0..8 | magic `DAMA-TB\n` |
//! | 8..10 | format version, 1 |
//! | 10 | rule set: 0 default, 1 tudaf |
//! | 11 | metric: 0 WDL, 1 DTW |
//! | 12..16 | material: white men, white kings, black men, black kings |
//! | 16 | index scheme, 1 (below) |
//! | 17..24 | zero |
//! | 24..32 | index entries (the table's length) |
//! | 32..36 | entries a block: 1024 (WDL), 512 (DTW); the last block may hold fewer |
//! | 36..40 | blocks |
//! | 40..48 | checksum: 64-bit FNV-1a over bytes 0..40 and everything from byte 48 |
//! | 48.. | block index: blocks + 1 offsets (u32) into the data; block `b` is `offset[b]..offset[b + 1]` |
//! | then | the data: the blocks, each compressed on its own |
//!
//! **Index scheme 1.** With White to move, white men `wm`, white kings `wk`, black men `bm`,
//! black kings `bk`: each group's squares are ranked in the combinatorial number system
//! (squares `s_1 < s_2 < ...` of a group give `sum C(s_i, i)`), men numbered 0..48 from `a2`
//! (a man stands on ranks 2 to 7), kings 0..64 from `a1`; the index is
//! `((r_wm * C(64, wk) + r_wk) * C(48, bm) + r_bm) * C(64, bk) + r_bk`. A position and its
//! left-right mirror (file a swapped with file h) have the same value; a file stores the one
//! with the smaller index, and a probe reads that one. Entries that put two pieces on one
//! square, and entries whose mirror has the smaller index, hold the value of the entry
//! before them and are never read.
//!
//! **Blocks** are runs of equal symbols, each run a LEB128 number: for WDL
//! `(length - 1) << 2 | symbol` with symbol 0 draw, 1 win, 2 loss; for DTW the value code
//! then `length - 1`. A value code is 0 for a draw, `2d + 1` for a win in `d` plies and
//! `2d + 2` for a loss in `d` plies. A probe decodes one block, from its start to the entry.
//!
//! A file is checked when it is loaded: header, length, checksum and every block's runs. A
//! file that fails gives [`ProbeError::File`] naming it, never a value.

mod build;
mod error;
mod format;
mod format_v1;
mod material;
mod probe;
mod resolve;
mod tools;
mod value;

pub use build::{BuildReport, Builder, MAX_BUILD_PIECES};
pub use error::{BuildError, FileError, OpenError, ProbeError};
pub use probe::Tablebase;
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
