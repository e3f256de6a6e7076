//! Playing a move: the masks a move carries give the position the rules say, whichever way
//! the move was made (listed, handed to a callback, parsed, decoded), and a move of another
//! position with the same result is played with this position's pieces.

use std::ops::ControlFlow;

use turkish_draughts::{Board, Color, Game, Move, Piece, Position, Role, RuleSet, Setup, Square};

use crate::common;

/// Every 5th game position, bench.fen, and the worst cases (the strict ones, and the first
/// line of the relaxed ones: 195 moves of kings capturing round loops).
fn positions() -> Vec<Position> {
    let keep = |l: &&str| !l.trim().is_empty() && !l.starts_with('#');
    let fens: Vec<&str> = crate::game_positions::text()
        .lines()
        .filter(keep)
        .step_by(5)
        .chain(include_str!("../data/bench.fen").lines().filter(keep))
        .chain(
            include_str!("../data/worst-case-strict.fen")
                .lines()
                .filter(keep),
        )
        .chain(
            include_str!("../data/worst-case.fen")
                .lines()
                .filter(keep)
                .take(1),
        )
        .collect();
    let mut out = Vec::new();
    for rules in RuleSet::ALL {
        out.extend(fens.iter().map(|fen| common::pos(fen, rules)));
    }
    out
}

/// The position after `m`, worked out square by square from what the move says (origin,
/// destination, captured squares, crowning), without the move's masks.
fn expected(pos: &Position, m: &Move) -> Setup {
    let mut board: Board = *pos.board();
    let piece = board.remove(m.from()).expect("a piece on the origin");
    for sq in m.captured() {
        assert_eq!(
            board.remove(sq).map(|p| p.color),
            Some(!pos.turn()),
            "{pos:?} {m:?}: captures {sq}"
        );
    }
    let role = if m.is_crowning() {
        Role::King
    } else {
        piece.role
    };
    board.set(m.to(), Piece::new(piece.color, role));
    Setup {
        white: board.white(),
        black: board.black(),
        kings: board.kings(),
        turn: !pos.turn(),
    }
}

#[track_caller]
fn check_played(pos: &Position, m: Move, how: &str) {
    let want = expected(pos, &m);
    let after = pos.after_unchecked(m);
    assert_eq!(after.setup(), want, "{pos:?}: {how} {m:?}");
    assert_eq!(after.rules(), pos.rules());
    let mut in_place = *pos;
    in_place.play_unchecked(m);
    assert_eq!(in_place, after, "{pos:?}: {how} {m:?}");
    let mut checked = *pos;
    checked.try_play(m).unwrap();
    assert_eq!(checked, after, "{pos:?}: {how} {m:?}");
}

/// Every legal move, from the list, from the callback, parsed from its text (landing and
/// captured-square notation) and decoded from its code, is played as the board says it
/// should be.
#[test]
fn every_move_plays_as_the_rules_say() {
    let mut moves_seen = 0;
    for pos in positions() {
        let list = pos.legal_moves();
        let mut from_callback = Vec::new();
        let _ = pos.for_each_legal_move(|m| {
            from_callback.push(m);
            ControlFlow::<()>::Continue(())
        });
        assert_eq!(from_callback.len(), list.len());
        for (i, m) in list.iter().enumerate() {
            check_played(&pos, *m, "listed");
            check_played(&pos, from_callback[i], "callback");
            let parsed = pos.parse_move(pos.move_text(m).unwrap().as_str()).unwrap();
            check_played(&pos, parsed, "parsed");
            let code = pos.move_code(*m).unwrap();
            check_played(&pos, pos.decode_move(code).unwrap(), "decoded");
            let federation = pos.captured_notation(*m).to_string();
            check_played(&pos, pos.parse_any_move(&federation).unwrap(), "federation");
            moves_seen += 1;
        }
    }
    assert!(moves_seen > 100_000, "{moves_seen}");
}

/// A move has the same result in two positions that differ only in whether its piece, or a
/// piece it captures, is a king: the move made in one is legal in the other, and played
/// there with the other position's pieces.
#[test]
fn a_move_of_another_position_is_played_with_this_positions_pieces() {
    for rules in RuleSet::ALL {
        // (position the move is made in, position it is played in, the move)
        let cases = [
            // The mover: a man in one, a king in the other.
            ("W:Wd3,a2:Bh7,g7", "W:WKd3,a2:Bh7,g7", "d3-d4"),
            ("W:WKd3,a2:Bh7,g7", "W:Wd3,a2:Bh7,g7", "d3-d4"),
            // The captured piece: a man in one, a king in the other.
            ("W:Wd3,a2:Bd4,h7", "W:Wd3,a2:BKd4,h7", "d3xd5"),
            ("W:Wd3,a2:BKd4,h7", "W:Wd3,a2:Bd4,h7", "d3xd5"),
            // Black to move, both at once.
            ("B:Wa2,d5:Bd6,h7", "B:Wa2,Kd5:BKd6,h7", "d6xd4"),
        ];
        for (made_in, played_in, text) in cases {
            let made_in = common::pos(made_in, rules);
            let played_in = common::pos(played_in, rules);
            let m = made_in.parse_move(text).unwrap();
            assert!(played_in.is_legal(m), "{played_in:?} {m:?}");
            let own = played_in.parse_move(text).unwrap();
            assert_eq!(m, own);
            let mut pos = played_in;
            pos.try_play(m).unwrap();
            assert_eq!(
                pos.setup(),
                expected(&played_in, &own),
                "{played_in:?} {m:?}"
            );
            assert_eq!(pos, played_in.after_unchecked(own));
            let mut game = Game::from_position(played_in);
            game.try_play(m).unwrap();
            assert_eq!(*game.position(), pos);
        }
    }
}

/// The masks of a king's capture that ends on its own square, or on a square it emptied
/// earlier in the same move.
#[test]
fn loops_and_landings_on_captured_squares() {
    // The king on d4 captures round a rectangle of kings and men and may stop on d4 again.
    for rules in RuleSet::ALL {
        let pos = common::pos("W:WKd4:Bd6,Kf7,g5,Ke4", rules);
        let moves = pos.legal_moves();
        for m in moves.iter() {
            check_played(&pos, *m, "listed");
        }
        let looped = moves.iter().find(|m| m.from() == m.to());
        let looped = *looped.unwrap_or_else(|| panic!("{moves:?}"));
        assert_eq!(looped.captured().count(), 4);
        let after = pos.after_unchecked(looped);
        let king = Some(Piece::new(Color::White, Role::King));
        assert_eq!(after.board().piece_at(Square::D4), king);
        assert_eq!(after.board().occupied().count(), 1);
    }
}
