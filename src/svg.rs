//! Board pictures as SVG (issue 11).
