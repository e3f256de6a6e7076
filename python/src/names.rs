//! The names and numbers Python uses for the crate's values, shared by the classes: rule
//! sets by name, squares by number. It uses nothing else of the package (the error it gives
//! becomes a Python exception in `errors`), so that every module can use it.

use turkish_draughts::{Bitboard, RuleSet};

/// A rule-set name that is none: the message says what was given and what is expected.
#[derive(Debug, PartialEq, Eq)]
pub struct UnknownRules(pub String);

/// Reads a rule-set name: `"default"`, or `"tudaf"` (also `"federation"`).
pub fn parse_rules(rules: &str) -> Result<RuleSet, UnknownRules> {
    rules.parse().map_err(|_| {
        UnknownRules(format!(
            "unknown rule set {rules:?}: expected \"default\" or \"tudaf\""
        ))
    })
}

/// The square numbers of a set (0 = a1 ... 63 = h8), ascending.
pub fn squares(set: Bitboard) -> Vec<u32> {
    set.into_iter().map(|sq| u32::from(sq.index())).collect()
}
