//! The builder's errors.

use std::format;
use std::path::PathBuf;
use std::string::String;

use crate::tablebase::FileError;

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
    /// [`Builder::build_slice`](super::Builder::build_slice) or
    /// [`Builder::verify_slice`](super::Builder::verify_slice) was given a name that is
    /// neither a slice nor a material of the plan.
    #[error(
        "no slice or material named `{name}` (names such as KvKM+KMvK or KMvK, at most 6 pieces)"
    )]
    UnknownSlice {
        /// The name given.
        name: String,
    },
    /// [`Builder::verify_slice`](super::Builder::verify_slice) was given a slice whose own
    /// files are not in the directory: build it first.
    #[error("the files of slice {slice} are not in {} (or not valid): {files}", dir.display())]
    MissingSlice {
        /// The slice.
        slice: String,
        /// The directory.
        dir: PathBuf,
        /// Its missing files, by name.
        files: String,
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
    /// A table the build reads (a slice's input, or one built before in the same build)
    /// cannot be read.
    #[error("a table the build reads cannot be used: {error}")]
    Unreadable {
        /// Why.
        #[source]
        error: FileError,
    },
    /// A slice is estimated to need more memory than
    /// [`Builder::memory_limit`](super::Builder::memory_limit) allows (see
    /// [`Slice::memory`](super::Slice::memory)); nothing was built.
    #[error(
        "slice {slice} needs about {} of memory, over the limit of {}{}",
        gb(*needed),
        gb(*limit),
        if *splits {
            "; a smaller split_above solves its materials in smaller rank slices"
        } else {
            "; a material of kings alone is not split: give it a worker with more memory"
        }
    )]
    NotEnoughMemory {
        /// The slice.
        slice: String,
        /// Its estimated peak, in bytes.
        needed: u64,
        /// The limit, in bytes.
        limit: u64,
        /// Whether a smaller [`split_above`](super::Builder::split_above) would make its
        /// slices smaller (its materials have men).
        splits: bool,
    },
    /// A table the build needed was not there (a bug, never expected).
    #[error("internal error: {0}")]
    Internal(String),
}

/// Bytes in gigabytes, to two decimals (megabytes under one gigabyte).
fn gb(bytes: u64) -> String {
    if bytes >= 1_000_000_000 {
        format!("{:.2} GB", bytes as f64 / 1e9)
    } else {
        format!("{:.1} MB", bytes as f64 / 1e6)
    }
}
