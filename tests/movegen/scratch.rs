//! The search tables: a scratch the caller owns gives the same moves as the thread's, the
//! thread's tables can be freed, and the byte counts are those the docs give.

use turkish_draughts::{
    MoveList, Position, RuleSet, SearchScratch, Setup, release_thread_scratch, thread_scratch_bytes,
};

/// The tables' sizes, worked out by hand from their dimensions: the layers hold 2^15 states
/// of 40 bytes (a `u64` and four more) and 2^18 four-byte slots; the memo table 2^14 slots
/// of three `u32`; the list index 2^13 `u16`.
const LAYERS: usize = (1 << 15) * 40 + (1 << 18) * 4;
const MEMO: usize = (1 << 14) * 12;
const INDEX: usize = (1 << 13) * 2;

/// Every worst-case position (relaxed check: some have more than 16 pieces a side) and the
/// `bench.fen` positions, under both rule sets.
fn positions() -> Vec<Position> {
    let text = [
        include_str!("../data/worst-case.fen"),
        include_str!("../data/worst-case-found.fen"),
        include_str!("../data/worst-case-strict.fen"),
        include_str!("../data/bench.fen"),
    ];
    let mut out = Vec::new();
    for line in text.iter().flat_map(|t| t.lines()) {
        let fen = line.split('#').next().unwrap_or("").trim();
        let Ok(setup) = fen.parse::<Setup>() else {
            continue;
        };
        for rules in RuleSet::ALL {
            if let Ok(pos) = Position::from_setup_relaxed(&setup, rules) {
                // Line 4 of worst-case-found.fen takes seconds; it adds nothing here.
                if setup.black.count() + setup.white.count() < 34 {
                    out.push(pos);
                }
            }
        }
    }
    out
}

#[test]
fn the_sizes_in_the_docs_are_the_tables_sizes() {
    assert_eq!(LAYERS, 2_359_296);
    assert_eq!(SearchScratch::MAX_HEAP_BYTES, LAYERS + MEMO + INDEX);
}

#[test]
fn an_own_scratch_gives_the_same_moves_and_leaves_the_threads_tables_alone() {
    std::thread::spawn(|| {
        let mut scratch = SearchScratch::new();
        let mut list = MoveList::new();
        let mut most = 0;
        let mut ours = Vec::new();
        for pos in positions() {
            pos.legal_moves_with(&mut scratch, &mut list);
            assert_eq!(thread_scratch_bytes(), 0, "{pos:?}");
            ours.push(list.clone());
            let bytes = scratch.heap_bytes();
            // Each table is allocated whole, when first needed, and kept.
            assert!(
                [
                    0,
                    INDEX,
                    INDEX + LAYERS,
                    INDEX + MEMO,
                    INDEX + LAYERS + MEMO
                ]
                .contains(&bytes),
                "{bytes}"
            );
            assert!(bytes >= most);
            most = bytes;
        }
        for (pos, list) in positions().iter().zip(&ours) {
            let theirs = pos.legal_moves();
            assert_eq!(&list[..], &theirs[..], "{pos:?}");
            // Compared by result; the shown paths are the same too.
            for (a, b) in list.iter().zip(theirs.iter()) {
                assert_eq!(a.path(), b.path());
            }
        }
        // The worst cases need every table.
        assert_eq!(most, SearchScratch::MAX_HEAP_BYTES);
        scratch.release();
        assert_eq!(scratch.heap_bytes(), 0);
        // Released, it still works.
        let pos = positions()[0];
        pos.legal_moves_with(&mut scratch, &mut list);
        assert_eq!(&list[..], &pos.legal_moves()[..]);
    })
    .join()
    .unwrap();
}

#[test]
fn the_threads_tables_are_kept_until_released() {
    std::thread::spawn(|| {
        assert_eq!(thread_scratch_bytes(), 0);
        Position::start().legal_moves();
        assert_eq!(thread_scratch_bytes(), 0);
        let mut before = Vec::new();
        for pos in positions() {
            before.push(pos.legal_moves());
        }
        let kept = thread_scratch_bytes();
        assert_eq!(kept, SearchScratch::MAX_HEAP_BYTES);
        release_thread_scratch();
        assert_eq!(thread_scratch_bytes(), 0);
        // Freed, the tables come back when needed, with the same moves.
        for (pos, moves) in positions().iter().zip(&before) {
            assert_eq!(&pos.legal_moves()[..], &moves[..]);
        }
        assert_eq!(thread_scratch_bytes(), kept);
    })
    .join()
    .unwrap();
}

#[test]
fn perft_uses_the_threads_tables_too() {
    std::thread::spawn(|| {
        let pos = positions()[0];
        let n = turkish_draughts::perft(&pos, 1);
        assert_eq!(n, pos.legal_moves().len() as u64);
        assert!(thread_scratch_bytes() > 0);
        release_thread_scratch();
        assert_eq!(thread_scratch_bytes(), 0);
    })
    .join()
    .unwrap();
}
