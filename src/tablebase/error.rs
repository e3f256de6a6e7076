//! The tablebase's errors.

use std::path::PathBuf;
use std::string::String;
use std::sync::Arc;
use std::vec::Vec;

use super::Metric;

/// Why a table file cannot be used. Every variant names the file.
#[derive(Clone, Debug, thiserror::Error)]
#[non_exhaustive]
pub enum FileError {
    /// The file could not be read.
    #[error("{}: cannot read: {source}", path.display())]
    Io {
        /// The file.
        path: PathBuf,
        /// The operating system's error.
        #[source]
        source: Arc<std::io::Error>,
    },
    /// The file was written for the other rule set.
    #[error("{}: written for another rule set (header byte {found})", path.display())]
    WrongRules {
        /// The file.
        path: PathBuf,
        /// The rule set byte found in its header.
        found: u8,
    },
    /// The file has another format version: build the tables again with this version of
    /// the crate.
    #[error(
        "{}: format version {found}, this crate reads version {expected}: build the tables again",
        path.display()
    )]
    WrongVersion {
        /// The file.
        path: PathBuf,
        /// The version found in its header.
        found: u16,
        /// The version this crate reads.
        expected: u16,
    },
    /// A file handed over in memory has a name that names no table of the tables' rule
    /// set (such as `KMvK.default.wdl`).
    #[error("{}: not the name of a table file of these rules", path.display())]
    Name {
        /// The name given.
        path: PathBuf,
    },
    /// The file is corrupt or truncated.
    #[error("{}: corrupt or truncated table: {reason}", path.display())]
    Corrupt {
        /// The file.
        path: PathBuf,
        /// What is wrong with it.
        #[source]
        reason: Corruption,
    },
}

/// Two errors are equal when they name the same file and say the same (I/O errors: the
/// same kind of error).
impl PartialEq for FileError {
    fn eq(&self, other: &FileError) -> bool {
        use FileError::*;
        match (self, other) {
            (Io { path: a, source: x }, Io { path: b, source: y }) => {
                a == b && x.kind() == y.kind()
            }
            (WrongRules { path: a, found: x }, WrongRules { path: b, found: y }) => {
                a == b && x == y
            }
            (
                WrongVersion {
                    path: a,
                    found: x,
                    expected: e,
                },
                WrongVersion {
                    path: b,
                    found: y,
                    expected: f,
                },
            ) => a == b && x == y && e == f,
            (Corrupt { path: a, reason: x }, Corrupt { path: b, reason: y }) => a == b && x == y,
            (Name { path: a }, Name { path: b }) => a == b,
            _ => false,
        }
    }
}

impl Eq for FileError {}

/// What is wrong with a corrupt or truncated table file ([`FileError::Corrupt`]).
///
/// ```
/// use turkish_draughts::tablebase::Corruption;
/// let c = Corruption::GroupChecksum { group: 7 };
/// assert_eq!(c.to_string(), "group of blocks 7 does not match its checksum");
/// ```
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum Corruption {
    /// The file does not start as a table file does.
    #[error("not a table file (bad magic)")]
    NotATable,
    /// The file ends inside a part of it.
    #[error("truncated: {part} is cut off")]
    Truncated {
        /// The part cut off.
        part: &'static str,
    },
    /// A header field is out of range or names another table.
    #[error("{reason}")]
    Header {
        /// What the header says wrong.
        reason: &'static str,
    },
    /// The header and the index after it do not match the header's checksum.
    #[error("the header or the block index does not match its checksum")]
    Checksum,
    /// The file is longer or shorter than its header says.
    #[error("the file's length is not the header's")]
    Length,
    /// One of the two prefix codes is not a valid code.
    #[error("a code table is wrong: {reason}")]
    CodeTable {
        /// What is wrong with it.
        reason: &'static str,
    },
    /// A block's offset is out of order or past the data.
    #[error("block {block}'s offset is out of order")]
    Offsets {
        /// The block.
        block: u32,
    },
    /// A group of blocks does not match its checksum.
    #[error("group of blocks {group} does not match its checksum")]
    GroupChecksum {
        /// The group.
        group: u32,
    },
    /// A block does not decode to exactly its entries.
    #[error("block {block} does not decode")]
    Block {
        /// The block.
        block: u32,
    },
    /// An entry past the table's end was asked for.
    #[error("an entry past the table's end")]
    OutOfRange,
    /// The DTW file gives a value the WDL file does not.
    #[error("the DTW file disagrees with the WDL file")]
    Disagree,
}

/// Why [`Tablebase::open`](super::Tablebase::open) or
/// [`add_directory`](super::Tablebase::add_directory) failed.
#[derive(Clone, Debug, thiserror::Error)]
#[non_exhaustive]
pub enum OpenError {
    /// The directory could not be listed.
    #[error("{}: cannot list the directory: {source}", path.display())]
    Io {
        /// The directory.
        path: PathBuf,
        /// The operating system's error.
        #[source]
        source: Arc<std::io::Error>,
    },
}

/// Two errors are equal when they name the same directory and the same kind of I/O error.
impl PartialEq for OpenError {
    fn eq(&self, other: &OpenError) -> bool {
        let (OpenError::Io { path: a, source: x }, OpenError::Io { path: b, source: y }) =
            (self, other);
        a == b && x.kind() == y.kind()
    }
}

impl Eq for OpenError {}

/// Why a probe gave no value.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum ProbeError {
    /// The position has more pieces than the tables hold.
    #[error("the position has {pieces} pieces, the tables hold at most {max}")]
    TooManyPieces {
        /// The position's pieces.
        pieces: u32,
        /// The most pieces the directory's tables hold.
        max: u32,
    },
    /// The table of the position's material is not in the directory.
    #[error("no {metric} table for material {material} in {}", path.display())]
    MissingTable {
        /// The metric asked for.
        metric: Metric,
        /// The material's name, such as `KMvK` (White's, or with Black to move the side
        /// to move's, kings and men, then the other side's).
        material: String,
        /// The file that was looked for.
        path: PathBuf,
    },
    /// The table's file cannot be used.
    #[error(transparent)]
    File(#[from] FileError),
    /// The position is under another rule set than the tables.
    #[error("the position is under the {position} rules, the tables under {tables}")]
    RulesMismatch {
        /// The position's rule set.
        position: crate::RuleSet,
        /// The tables' rule set.
        tables: crate::RuleSet,
    },
    /// The directory holds no table of the tables' rule set, so nothing can be probed,
    /// summarised or verified. It may hold another rule set's tables (`held`): then the
    /// tables were opened under the wrong rule set.
    ///
    /// ```
    /// use turkish_draughts::{Position, RuleSet};
    /// use turkish_draughts::tablebase::{Builder, ProbeError, Tablebase};
    /// # let dir = std::env::temp_dir().join(format!("td-doc-no-tables-{}", std::process::id()));
    /// Builder::new(RuleSet::Default, &dir).build(2)?;
    /// // The directory holds the default rules' tables; the federation's are asked for.
    /// let tb = Tablebase::open(&dir, RuleSet::Tudaf)?;
    /// let pos = Position::from_fen("W:WKa1,Kb2:BKh8", RuleSet::Tudaf)?;
    /// let err = tb.probe_wdl(&pos).unwrap_err();
    /// assert_eq!(
    ///     err,
    ///     ProbeError::NoTables { dir: dir.clone(), rules: RuleSet::Tudaf, held: vec![(RuleSet::Default, 2)] }
    /// );
    /// assert_eq!(
    ///     err.to_string(),
    ///     format!("no table of the tudaf rules in {} (it holds the default rules' tables, up to 2 pieces)", dir.display())
    /// );
    /// assert!(matches!(tb.stats(), Err(ProbeError::NoTables { .. })));
    /// # std::fs::remove_dir_all(&dir)?;
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[error("no table of the {rules} rules in {} ({})", dir.display(), held_text(held))]
    NoTables {
        /// The directory.
        dir: PathBuf,
        /// The rule set asked for.
        rules: crate::RuleSet,
        /// The rule sets whose tables the directory does hold, each with the most pieces
        /// of its tables (empty when it holds no table at all).
        held: Vec<(crate::RuleSet, u32)>,
    },
    /// A name given for a material is none (names such as `KMvK`: White's kings and men,
    /// `v`, Black's, at most 6 pieces).
    #[error("no material named `{name}` (names such as KMvK, at most 6 pieces)")]
    UnknownMaterial {
        /// The name given.
        name: String,
    },
    /// The position is outside every table: a man stands on its own back rank (only
    /// [`Position::from_setup_relaxed`](crate::Position::from_setup_relaxed) builds such
    /// positions).
    #[error("a man stands on its own back rank; no table holds such positions")]
    NotCovered,
}

/// What a directory holds instead of the tables asked for, for [`ProbeError::NoTables`].
fn held_text(held: &[(crate::RuleSet, u32)]) -> String {
    if held.is_empty() {
        return "it holds no table at all".into();
    }
    let each: Vec<String> = held
        .iter()
        .map(|(rules, pieces)| std::format!("the {rules} rules' tables, up to {pieces} pieces"))
        .collect();
    std::format!("it holds {}", each.join(" and "))
}
