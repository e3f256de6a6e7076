//! Text and files: FEN and move text, PDN, SVG pictures, and (with the `serde` feature)
//! serde formats.

#[path = "../common/mod.rs"]
mod common;
#[path = "../reference/mod.rs"]
mod reference;

mod pdn;
mod pdn_visitor;
#[cfg(feature = "serde")]
mod serde;
mod svg;
mod tablebase_page;
mod text;
