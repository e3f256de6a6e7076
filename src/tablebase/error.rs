//! The tablebase's errors.

use std::path::PathBuf;
use std::string::String;
use std::vec::Vec;

use super::Metric;

/// Why a table file cannot be used. Every variant names the file.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum FileError {
    /// The file could not be read.
    #[error("{}: cannot read: {reason}", path.display())]
    Io {
        /// The file.
        path: PathBuf,
        /// The operating system's reason.
        reason: String,
    },
    /// The file was written for the other rule set.
    #[error("{}: written for another rule set (header byte {found})", path.display())]
    WrongRules {
        /// The file.
        path: PathBuf,
        /// The rule set byte found in its header.
        found: u8,
    },
    /// The file has another format version.
    #[error("{}: format version {found}, this crate reads version {expected}", path.display())]
    WrongVersion {
        /// The file.
        path: PathBuf,
        /// The version found in its header.
        found: u16,
        /// The version this crate reads.
        expected: u16,
    },
    /// The file is corrupt or truncated.
    #[error("{}: corrupt or truncated table: {reason}", path.display())]
    Corrupt {
        /// The file.
        path: PathBuf,
        /// What is wrong with it.
        reason: String,
    },
}

/// Why [`Tablebase::open`](super::Tablebase::open) failed.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum OpenError {
    /// The directory could not be listed.
    #[error("{}: cannot list the directory: {reason}", path.display())]
    Io {
        /// The directory.
        path: PathBuf,
        /// The operating system's reason.
        reason: String,
    },
}

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

/// Why [`Builder::build`](super::Builder::build) failed.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum BuildError {
    /// More pieces than the builder's index supports.
    #[error("tables of {asked} pieces were asked for; the builder goes up to {max}")]
    TooManyPieces {
        /// The pieces asked for.
        asked: u32,
        /// The most the builder supports.
        max: u32,
    },
    /// A file or the directory could not be written or read.
    #[error("{}: {source}", path.display())]
    Io {
        /// The file or directory.
        path: PathBuf,
        /// The error.
        source: std::io::Error,
    },
    /// [`Builder::build_slice`](super::Builder::build_slice) was given a name that is
    /// neither a slice nor a material of the plan.
    #[error(
        "no slice or material named `{name}` (names such as KvKM+KMvK or KMvK, at most 6 pieces)"
    )]
    UnknownSlice {
        /// The name given.
        name: String,
    },
    /// A slice's input is not in the directory yet: build it first.
    #[error("slice {slice} reads slice {input}, whose tables are not in {} (or not valid): {files}", dir.display())]
    MissingInput {
        /// The slice asked for.
        slice: String,
        /// The input slice that is missing.
        input: String,
        /// The directory.
        dir: PathBuf,
        /// The missing input's DTW files, by name.
        files: String,
    },
    /// A table the build needed was not there (a bug, never expected).
    #[error("internal error: {0}")]
    Internal(String),
}
