//! Helpers shared by the rule tests.
#![allow(dead_code)]

use turkish_draughts::{Move, Position, RuleSet, Setup};

/// A position from FEN, relaxed validation (some examples of the rules put a man on its own
/// back rank).
pub fn pos(fen: &str, rules: RuleSet) -> Position {
    let setup: Setup = fen.parse().unwrap_or_else(|e| panic!("{fen}: {e}"));
    Position::from_setup_relaxed(&setup, rules).unwrap_or_else(|e| panic!("{fen}: {e}"))
}

/// A move's result as text: `from-to` or `fromxto`, the captured squares in braces, and ` K`
/// when it crowns. Example: `e4xa4 {c4}`.
pub fn result(m: &Move) -> String {
    let mut s = format!(
        "{}{}{}",
        m.from(),
        if m.is_capture() { 'x' } else { '-' },
        m.to()
    );
    if m.is_capture() {
        let caps: Vec<String> = m.captured().into_iter().map(|sq| sq.to_string()).collect();
        s += &format!(" {{{}}}", caps.join(","));
    }
    if m.is_crowning() {
        s += " K";
    }
    s
}

/// The sorted results of all legal moves.
pub fn results(fen: &str, rules: RuleSet) -> Vec<String> {
    let mut v: Vec<String> = pos(fen, rules).legal_moves().iter().map(result).collect();
    v.sort();
    v
}

/// Asserts the exact set of legal move results, under the given rule set.
#[track_caller]
pub fn assert_moves(fen: &str, rules: RuleSet, expected: &[&str]) {
    let mut want: Vec<String> = expected.iter().map(|s| s.to_string()).collect();
    want.sort();
    assert_eq!(
        results(fen, rules),
        want,
        "legal moves of {fen} under {rules}"
    );
}

/// Asserts the exact set of legal move results under both rule sets.
#[track_caller]
pub fn assert_moves_both(fen: &str, expected: &[&str]) {
    for rules in RuleSet::ALL {
        assert_moves(fen, rules, expected);
    }
}

/// The path of the example program `name`, built next to the running test
/// (`target/<profile>/deps/<test>-<hash>` -> `target/<profile>/examples/<name>`). Plain
/// `cargo test` builds the examples first; when a test binary is run alone, build them with
/// `cargo build --examples`.
pub fn example_binary(name: &str) -> std::path::PathBuf {
    let exe = std::env::current_exe().expect("the test's own path");
    let path = exe
        .parent()
        .and_then(|deps| deps.parent())
        .expect("the test runs from target/<profile>/deps")
        .join("examples")
        .join(format!("{name}{}", std::env::consts::EXE_SUFFIX));
    assert!(
        path.exists(),
        "{} is missing: run `cargo build --examples` (plain `cargo test` builds them)",
        path.display()
    );
    path
}

/// A small xorshift generator (13, 7, 17), so that random games are the same on every run.
/// The seed must not be 0.
pub struct XorShift(pub u64);

impl XorShift {
    /// The next number.
    pub fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }

    /// A number below `n` (`n > 0`).
    pub fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}
