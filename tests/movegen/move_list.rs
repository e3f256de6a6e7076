//! `MoveList` reuse: a list that held captures (written by the generator or by the caller
//! through `DerefMut`) gives exactly the fresh list of the next position, paths included:
//! nothing of a capture left in the list's storage may show through a later list.

use turkish_draughts::{Move, MoveList, Position, RuleSet};

fn positions(file: &str, step: usize) -> Vec<Position> {
    let text = if file == "game-positions.fen" {
        crate::game_positions::text().to_string()
    } else {
        let path = format!("{}/tests/data/{file}", env!("CARGO_MANIFEST_DIR"));
        std::fs::read_to_string(path).unwrap()
    };
    text.lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
        .step_by(step)
        .map(|l| Position::from_setup_relaxed(&l.trim().parse().unwrap(), RuleSet::Tudaf).unwrap())
        .collect()
}

fn same(list: &MoveList, fresh: &MoveList) {
    assert_eq!(list.len(), fresh.len());
    for (a, b) in list.iter().zip(fresh.iter()) {
        assert_eq!(a, b);
        assert_eq!(a.path(), b.path());
        assert_eq!(a.captured(), b.captured());
        assert_eq!(a.to_string(), b.to_string());
    }
}

#[test]
fn a_reused_list_equals_a_fresh_one() {
    let mut list = MoveList::new();
    let mut captures = 0;
    for pos in positions("game-positions.fen", 3) {
        pos.legal_moves_into(&mut list);
        same(&list, &pos.legal_moves());
        captures += usize::from(list.iter().any(Move::is_capture));
    }
    assert!(captures > 1_000, "only {captures} capture lists");
}

#[test]
fn moves_written_by_the_caller_do_not_show_through() {
    let capture_pos = Position::from_fen("W:WKa1,c3:Bb5,d7,f2,a6", RuleSet::Default).unwrap();
    let capture = capture_pos.legal_moves()[0];
    assert!(capture.is_capture() && capture.path().unwrap().len() > 1);
    let mut list = MoveList::new();
    Position::start().legal_moves_into(&mut list);
    // Fill every slot the list has with the capture, then generate quiet moves into it.
    for slot in list.iter_mut() {
        *slot = capture;
    }
    list.sort();
    Position::start().legal_moves_into(&mut list);
    same(&list, &Position::start().legal_moves());
    assert!(list.iter().all(|m| !m.is_capture()));
}

#[test]
fn a_list_that_moved_to_the_heap_still_works() {
    let worst = positions("worst-case-found.fen", 1);
    let mut list = MoveList::new();
    for pos in worst
        .iter()
        .chain(positions("game-positions.fen", 97).iter())
    {
        pos.legal_moves_into(&mut list);
        same(&list, &pos.legal_moves());
    }
}
