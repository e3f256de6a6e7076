//! The federation's captured-square move notation (issue 8; filled in by the PDN work).
