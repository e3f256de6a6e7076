//! The move list against the largest move counts known: the worst cases of the performance
//! issue and those found by `tools/worst-case-search` (hill-climbing on the number of
//! distinct moves and on generation time, see `tests/data/worst-case-found.md`).

use std::collections::HashSet;

use turkish_draughts::{MoveList, Position, RuleSet, Setup};

fn positions(text: &str, rules: RuleSet) -> Vec<Position> {
    text.lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .map(|fen| {
            let setup: Setup = fen.parse().unwrap_or_else(|e| panic!("{fen}: {e}"));
            Position::from_setup_relaxed(&setup, rules).unwrap()
        })
        .collect()
}

/// Every move distinct, all captures of one length; a sample of them played and read back
/// from their text, with the path the position gives (each of those calls generates the
/// whole list again).
fn check(pos: &Position) -> usize {
    let moves = pos.legal_moves();
    let distinct: HashSet<_> = moves.iter().copied().collect();
    assert_eq!(distinct.len(), moves.len(), "{pos:?}");
    let n = moves[0].captured().count();
    for (i, m) in moves.iter().enumerate() {
        assert_eq!(m.captured().count(), n, "{pos:?} {m}");
        if i % 97 == 0 {
            let mut child = *pos;
            child.try_play(*m).unwrap();
            let text = pos.move_text(m).unwrap();
            assert_eq!(pos.parse_move(text.as_str()), Ok(*m));
        }
    }
    moves.len()
}

#[test]
fn lists_longer_than_the_inline_capacity_are_complete() {
    // The first three found positions (the fourth takes seconds in a debug build); the
    // first has more moves than the inline capacity, so the list moves to the heap.
    let found = include_str!("../data/worst-case-found.fen");
    let mut most = 0;
    for rules in RuleSet::ALL {
        for pos in positions(found, rules).iter().take(3) {
            let n = check(pos);
            // perft counts with its own grouping of results, not the move list's index.
            assert_eq!(turkish_draughts::perft(pos, 1), n as u64);
            most = most.max(n);
        }
    }
    assert!(most > MoveList::CAPACITY, "{most}");
    // The same moves, by value.
    let pos = positions(found, RuleSet::Default)[0];
    assert_eq!(
        pos.legal_moves().into_iter().count(),
        pos.legal_moves().len()
    );
}

#[test]
fn many_shorter_captures_found_before_the_longest_do_not_overflow() {
    // Found by the hill-climbing search: the search meets more than 512 captures of an
    // intermediate length before the longest ones replace them. The first has a single
    // legal move; the second passes the strict piece limits.
    for fen in [
        "B:Wb1,a2,Ke2,d3,a4,Kb4,Kc4,Kd4,Kf4,g4,e5,h5,e6,a7,e7,Ke8,Kg8,Kh8:BKh1,Kh2,Kh3,Ka5,a6,Kh6",
        "W:WKa1,Kc1,Ka2,Kb2,Kf6,Kb7,Ka8,Kb8,Ke8:BKf1,c2,Kg2,f3,Kh3,f4,Kf5,a6,Kb6,Kc6,d6,Ke6,Kg6,Kh6,f7,Kf8",
    ] {
        for rules in RuleSet::ALL {
            let pos = positions(fen, rules)[0];
            let n = check(&pos);
            assert!(n < MoveList::CAPACITY, "{fen}: {n}");
            assert_eq!(turkish_draughts::perft(&pos, 1), n as u64);
        }
    }
}

#[test]
fn worst_case_file_positions() {
    for rules in RuleSet::ALL {
        for pos in positions(include_str!("../data/worst-case.fen"), rules) {
            check(&pos);
        }
    }
}

#[test]
fn quiet_moves_fit_the_inline_capacity() {
    // 16 kings on both long diagonals: every quiet move is a rook move, at most 14 each.
    let setup: Setup = "W:WKa1,Kb2,Kc3,Kd4,Ke5,Kf6,Kg7,Kh8,Ka8,Kb7,Kc6,Kd5,Ke4,Kf3,Kg2,Kh1:B"
        .parse()
        .unwrap();
    let pos = Position::from_setup(&setup, RuleSet::Default).unwrap();
    let n = pos.legal_moves().len();
    assert!(n <= 16 * 14 && 16 * 14 <= MoveList::CAPACITY, "{n}");
}

/// A move is packed (its origin, destination, crowning, side and a landing path of up to 11
/// squares as 5-bit hops, beside the three masks that play it): 32 bytes, a list of 256
/// moves 8 KB (the sizes the docs of `Move` and `MoveList` give).
#[test]
fn move_is_32_bytes_and_a_list_8_kb() {
    assert_eq!(std::mem::size_of::<turkish_draughts::Move>(), 32);
    assert_eq!(std::mem::size_of::<MoveList>(), 8208);
    assert_eq!(turkish_draughts::Move::MAX_PATH_HELD, 11);
}

/// The longest paths: every move of the worst-case positions (captures of 16 to 31 pieces)
/// prints, with the path its position gives, a text that parses back to the same move; a
/// move holds its path exactly when it captures at most 11 pieces, and then the position
/// gives that path back.
#[test]
fn longest_paths_come_from_the_position() {
    for line in include_str!("../data/worst-case.fen").lines() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let setup: turkish_draughts::Setup = line.parse().unwrap();
        let pos = turkish_draughts::Position::from_setup_relaxed(
            &setup,
            turkish_draughts::RuleSet::Default,
        )
        .unwrap();
        let moves = pos.legal_moves();
        let longest = moves.iter().map(|m| m.captured().count()).max().unwrap();
        assert!(longest >= 16, "{line}: longest capture {longest}");
        for m in moves.iter() {
            let path = pos.path_of(m).unwrap();
            assert_eq!(path.len(), m.captured().count() as usize);
            assert_eq!(path.last(), Some(&m.to()));
            assert_eq!(
                m.has_path(),
                path.len() <= turkish_draughts::Move::MAX_PATH_HELD
            );
            if let Some(held) = m.path() {
                assert_eq!(held, path);
            }
            let text = pos.move_text(m).unwrap();
            assert_eq!(text.as_str().matches('x').count(), path.len());
            let back = pos.parse_move(text.as_str()).unwrap();
            assert_eq!(back, *m);
            assert_eq!(pos.path_of(&back), Some(path));
        }
    }
}
