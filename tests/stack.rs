//! Stack use of move generation and perft on the worst positions known that the strict check
//! (`Position::from_fen`) accepts, in a thread with a small stack.
//!
//! Release builds only (debug builds need several times the stack): CI runs
//! `cargo test --release --test stack` and
//! `cargo test --release --no-default-features --test stack`. A stack overflow aborts the
//! whole test binary ("has overflowed its stack"), which fails the run.
//!
//! With `alloc` (the default) the limit is 64 KiB. Without it the search's tables are on the
//! stack and the limit is the one documented on `Position::legal_moves`. To measure the
//! smallest stack that works, set `STACK_TEST_BYTES` and search for the boundary.
#![cfg(not(debug_assertions))]

use turkish_draughts::{Position, RuleSet, divide, perft};

/// The stack the docs promise: 64 KiB with `alloc`; without it, what `legal_moves`
/// documents.
const STACK: usize = if cfg!(feature = "alloc") {
    64 * 1024
} else {
    256 * 1024
};

/// Every line of the worst-case files that the strict check accepts, under both rule sets.
fn strict_worst() -> Vec<(String, Position)> {
    let files = [
        include_str!("data/worst-case.fen"),
        include_str!("data/worst-case-found.fen"),
        include_str!("data/worst-case-strict.fen"),
    ];
    let mut out = Vec::new();
    for line in files.iter().flat_map(|f| f.lines()) {
        let fen = line.split('#').next().unwrap_or("").trim();
        for rules in RuleSet::ALL {
            if let Ok(pos) = Position::from_fen(fen, rules) {
                out.push((fen.to_string(), pos));
            }
        }
    }
    out
}

fn in_small_thread(name: &str, f: impl FnOnce() + Send + 'static) {
    let size = std::env::var("STACK_TEST_BYTES")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(STACK);
    std::thread::Builder::new()
        .name(name.into())
        .stack_size(size)
        .spawn(f)
        .unwrap()
        .join()
        .unwrap();
}

/// Whether a move list can hold `n` moves: always with `alloc`; without it, up to the
/// inline capacity (`nostd_capacity.rs` covers the longer lists there).
fn fits(n: u64) -> bool {
    cfg!(feature = "alloc") || n <= turkish_draughts::MoveList::CAPACITY as u64
}

#[test]
fn the_worst_strict_positions_are_known() {
    let positions = strict_worst();
    // worst-case-found.fen lines 1 and 3, and the new finds, under both rule sets.
    assert!(positions.len() >= 6, "{}", positions.len());
}

#[test]
fn legal_moves_and_perft_2_fit_the_small_stack() {
    let positions = strict_worst();
    in_small_thread("legal_moves", move || {
        for (fen, pos) in &positions {
            let n = perft(pos, 1);
            assert!(n > 0, "{fen}");
            let perft2 = perft(pos, 2);
            if !fits(n) {
                continue;
            }
            assert_eq!(pos.legal_moves().len() as u64, n, "{fen}");
            let mut replies = 0;
            let total = divide(pos, 2, |_, k| replies += k);
            assert_eq!(total, replies, "{fen}");
            assert_eq!(perft2, total, "{fen}");
        }
    });
}

#[test]
fn is_legal_and_parse_move_fit_the_small_stack() {
    let positions = strict_worst();
    in_small_thread("is_legal", move || {
        for (fen, pos) in &positions {
            if !fits(perft(pos, 1)) {
                continue;
            }
            let moves = pos.legal_moves();
            for m in moves.iter().step_by(61) {
                assert!(pos.is_legal(*m), "{fen} {m}");
                assert_eq!(pos.parse_move(&m.to_string()).as_ref(), Ok(m), "{fen}");
                let mut child = *pos;
                child.try_play(*m).unwrap();
            }
        }
    });
}

#[cfg(feature = "alloc")]
#[test]
fn an_own_scratch_fits_the_small_stack() {
    let positions = strict_worst();
    in_small_thread("scratch", move || {
        let mut scratch = turkish_draughts::SearchScratch::new();
        let mut list = turkish_draughts::MoveList::new();
        for (fen, pos) in &positions {
            pos.legal_moves_with(&mut scratch, &mut list);
            assert_eq!(list.len(), pos.legal_moves().len(), "{fen}");
        }
    });
}
