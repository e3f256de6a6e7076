//! `MoveCode`: `Position::move_code` and `Position::decode_move`.

use std::collections::HashSet;
use std::sync::OnceLock;

use proptest::prelude::*;
use turkish_draughts::{
    DecodeMoveError, IllegalMoveReason, MAX_PIECES_UNLIMITED, MoveCode, Position, RuleSet, Square,
};

use crate::common;

/// FEN lines of every 7th position of the 1 000 random games, bench.fen and the worst cases
/// with the strict limit.
fn fens() -> Vec<&'static str> {
    let keep = |l: &&str| !l.trim().is_empty() && !l.starts_with('#');
    crate::game_positions::text()
        .lines()
        .filter(keep)
        .step_by(7)
        .chain(include_str!("../data/bench.fen").lines().filter(keep))
        .chain(
            include_str!("../data/worst-case-strict.fen")
                .lines()
                .filter(keep),
        )
        .collect()
}

fn positions() -> Vec<Position> {
    let fens = fens();
    let mut out = Vec::new();
    for rules in RuleSet::ALL {
        out.extend(fens.iter().map(|fen| common::pos(fen, rules)));
    }
    out
}

/// Every legal move comes back from its code, with its path; codes of distinct moves
/// differ; every code fits in `MoveCode::BITS` bits and is not `NONE`.
#[test]
fn every_legal_move_round_trips() {
    let (mut moves, mut captures) = (0, 0);
    for pos in positions() {
        let list = pos.legal_moves();
        let mut codes = HashSet::new();
        for m in &list {
            let code = pos.move_code(*m).expect("a legal move has a code");
            assert_ne!(code, MoveCode::NONE);
            assert_eq!(code.to_u64() >> MoveCode::BITS, 0);
            assert_eq!((code.from(), code.to()), (m.from(), m.to()));
            assert_eq!(code.is_crowning(), m.is_crowning());
            assert_eq!(code.is_capture(), m.is_capture());
            assert_eq!(
                (code.to_u64() >> 13).count_ones(),
                m.captured().count(),
                "{pos:?} {m}"
            );
            let back = pos
                .decode_move(code)
                .unwrap_or_else(|e| panic!("{pos:?} {m}: {e}"));
            assert_eq!(back, *m, "{pos:?}");
            assert_eq!(back.path(), m.path(), "{pos:?} {m}");
            assert!(codes.insert(code), "{pos:?}: two moves share {code:?}");
            moves += 1;
            captures += usize::from(m.is_capture());
        }
    }
    assert!(moves > 100_000 && captures > 1_000, "{moves} {captures}");
}

/// The bit layout, worked out by hand from the squares' indices (a1 = 0, ..., h8 = 63) and
/// the opponent's pieces in square order.
#[test]
fn layout_by_hand() {
    let cases: &[(&str, RuleSet, &str, u64)] = &[
        // d3 = 2 * 8 + 3 = 19, d4 = 27.
        (
            "W:Wa2,b2,c2,d2,e2,f2,g2,h2,a3,b3,c3,d3,e3,f3,g3,h3:Ba6,b6,c6,d6,e6,f6,g6,h6,a7,b7,c7,d7,e7,f7,g7,h7",
            RuleSet::Default,
            "d3-d4",
            19 | 27 << 6,
        ),
        // c7 = 50, c8 = 58, crowned.
        (
            "W:Wc7:Bh2",
            RuleSet::Default,
            "c7-c8",
            50 | 58 << 6 | 1 << 12,
        ),
        // A king's quiet move never has the crowning bit: a1 = 0, h1 = 7.
        ("W:WKa1:Bh8", RuleSet::Tudaf, "a1-h1", 7 << 6),
        // Black b4 (0), e4 (1), c5 (2), d6 (3); c5 and d6 taken. c4 = 26, e6 = 44.
        (
            "W:Wc4,d4:Bc5,Kd6,e4,b4",
            RuleSet::Default,
            "c4xc6xe6",
            26 | 44 << 6 | 0b1100 << 13,
        ),
        // White b3 (0), d3 (1), c4 (2), e5 (3); c4 and b3 taken. c5 = 34, a3 = 16.
        (
            "B:Wb3,c4,d3,e5:Bc5,Kh8",
            RuleSet::Default,
            "c5xc3xa3",
            34 | 16 << 6 | 0b101 << 13,
        ),
        // A black man crowns by capturing: c3 = 18 over c2 (White's only piece, 0) to c1 = 2.
        (
            "B:Wc2:Bc3,Kh8",
            RuleSet::Tudaf,
            "c3xc1",
            18 | 2 << 6 | 1 << 12 | 1 << 13,
        ),
    ];
    for &(fen, rules, text, want) in cases {
        let pos = common::pos(fen, rules);
        let m = pos
            .parse_move(text)
            .unwrap_or_else(|e| panic!("{fen} {text}: {e}"));
        assert!(pos.legal_moves().contains(&m), "{fen} {text}");
        let code = pos.move_code(m).unwrap();
        assert_eq!(code.to_u64(), want, "{fen} {text}");
        let back = pos.decode_move(MoveCode::from_u64(want)).unwrap();
        assert_eq!(back, m);
        assert_eq!(back.to_string(), text);
    }
}

/// The 32nd piece of a relaxed position is bit 44, the highest a code uses.
#[test]
fn thirty_second_piece_is_bit_44() {
    // Black: every square of ranks 3 to 5, a6 to g6, and a king on g8: 24 + 7 + 1 = 32
    // pieces, g8 the last in square order (number 31). White: a king on e8 (60), whose
    // only capture takes g8 and lands on h8 (63): down the e-file e6 and e5 block, and from
    // h8 nothing follows (h6 is empty, h5 and h4 block).
    let mut black = Vec::new();
    for rank in 3..=6 {
        for file in ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h'] {
            if rank < 6 || file != 'h' {
                black.push(format!("{file}{rank}"));
            }
        }
    }
    black.push("Kg8".into());
    let fen = format!("W:WKe8:B{}", black.join(","));
    let setup = fen.parse().unwrap();
    for rules in RuleSet::ALL {
        let pos = Position::from_setup_relaxed(&setup, rules).unwrap();
        assert_eq!(
            pos.board().by_color(turkish_draughts::Color::Black).count(),
            MAX_PIECES_UNLIMITED
        );
        let moves = pos.legal_moves();
        assert_eq!(moves.len(), 1);
        let m = moves[0];
        assert_eq!(m.captured(), Square::G8.bitboard());
        let want = 60 | 63 << 6 | 1 << 44;
        assert_eq!(pos.move_code(m).unwrap().to_u64(), want);
        assert_eq!(pos.decode_move(MoveCode::from_u64(want)).unwrap(), m);
        assert_eq!(
            pos.decode_move(MoveCode::from_u64(want | 1 << 45)),
            Err(DecodeMoveError::UnusedBits { bits: 1 << 45 })
        );
    }
}

#[test]
fn each_error() {
    let start = Position::start();
    assert_eq!(
        start.decode_move(MoveCode::NONE),
        Err(DecodeMoveError::NoMove)
    );
    assert_eq!(
        start.decode_move(MoveCode::from_u64(u64::MAX)),
        Err(DecodeMoveError::UnusedBits {
            bits: u64::MAX << 45
        })
    );
    // d3-d4 capturing Black's piece number 16: Black has 16 pieces (0 to 15).
    let d3_d4 = 19 | 27 << 6;
    assert_eq!(
        start.decode_move(MoveCode::from_u64(d3_d4 | 1 << (13 + 16) | 1 << 13)),
        Err(DecodeMoveError::NoSuchPiece {
            index: 16,
            pieces: 16
        })
    );
    // d3-d4 with the crowning bit: not a legal move.
    let err = start
        .decode_move(MoveCode::from_u64(d3_d4 | 1 << 12))
        .unwrap_err();
    assert_eq!(
        err,
        DecodeMoveError::Illegal {
            from: Square::D3,
            to: Square::D4,
            reason: IllegalMoveReason::NotLegal
        }
    );
    // From an empty square.
    assert!(matches!(
        start.decode_move(MoveCode::from_u64(27 | 35 << 6)),
        Err(DecodeMoveError::Illegal {
            reason: IllegalMoveReason::NoPiece,
            ..
        })
    ));
    // A quiet code where a capture is compulsory: d4 = 27 must take d5.
    let pos = common::pos("W:Wd4,a2:Bd5", RuleSet::Default);
    assert!(matches!(
        pos.decode_move(MoveCode::from_u64(8 | 16 << 6)),
        Err(DecodeMoveError::Illegal {
            reason: IllegalMoveReason::CaptureRequired,
            ..
        })
    ));
    // A capture code where there is none: a capture bit on d3-d4 naming Black's a6.
    assert!(matches!(
        start.decode_move(MoveCode::from_u64(d3_d4 | 1 << 13)),
        Err(DecodeMoveError::Illegal {
            reason: IllegalMoveReason::NotLegal,
            ..
        })
    ));
    // A capture shorter than the longest: c4xc6 (one piece) where c4xc6xe6 takes two.
    let pos = common::pos("W:Wc4,d4:Bc5,Kd6,e4,b4", RuleSet::Default);
    assert!(matches!(
        pos.decode_move(MoveCode::from_u64(26 | 42 << 6 | 0b100 << 13)),
        Err(DecodeMoveError::Illegal {
            reason: IllegalMoveReason::NotLegal,
            ..
        })
    ));
    // Every error says something.
    for e in [
        DecodeMoveError::NoMove,
        DecodeMoveError::UnusedBits { bits: 1 << 50 },
        DecodeMoveError::NoSuchPiece {
            index: 3,
            pieces: 2,
        },
        err,
    ] {
        assert!(e.to_string().len() > 20, "{e}");
    }
}

/// A move whose captured squares hold no opponent piece here has no code here.
#[test]
fn capture_of_another_position_has_no_code() {
    let pos = common::pos("W:Wc4,d4:Bc5,Kd6,e4,b4", RuleSet::Default);
    let m = pos.parse_move("c4xc6xe6").unwrap();
    let other = Position::start();
    let err = other.move_code(m).unwrap_err();
    assert_eq!(err.reason, IllegalMoveReason::NotLegal);
    assert_eq!(err.mv, m);
    // Its own side's pieces are no better: with Black to move, c5 and d6 are Black's own.
    let black = common::pos("B:Wc4,d4:Bc5,Kd6,e4,b4", RuleSet::Default);
    assert!(black.move_code(m).is_err());
}

/// A code made in one position and decoded in another is refused or names a legal move
/// there; never a panic.
#[test]
fn codes_of_other_positions() {
    let all = positions();
    let (mut refused, mut accepted) = (0, 0);
    for pair in all.windows(2).step_by(3) {
        let (a, b) = (&pair[0], &pair[1]);
        for m in &a.legal_moves() {
            let code = a.move_code(*m).unwrap();
            match b.decode_move(code) {
                Ok(mv) => {
                    accepted += 1;
                    assert!(b.is_legal(mv), "{b:?} {mv}");
                    let own = b.legal_moves();
                    let listed = own.iter().find(|x| **x == mv).expect("listed");
                    assert_eq!(listed.path(), mv.path());
                    assert_eq!(b.move_code(mv).unwrap(), code);
                }
                Err(_) => refused += 1,
            }
        }
    }
    // Neighbours in the sample are 7 plies apart, mostly with the other side to move, so
    // most codes are refused; some (same side, a move still there) are accepted.
    assert!(accepted > 100 && refused > 1000, "{accepted} {refused}");
}

/// About 90 positions of both rule sets, captures and quiet ones, made once.
fn sample() -> &'static [Position] {
    static SAMPLE: OnceLock<Vec<Position>> = OnceLock::new();
    SAMPLE.get_or_init(|| positions().into_iter().step_by(211).collect())
}

/// Near-valid codes: a legal move's code with some bits flipped (capture bits, the crowning
/// bit, squares).
fn near_codes(pos: &Position) -> Vec<u64> {
    pos.legal_moves()
        .iter()
        .map(|m| pos.move_code(*m).unwrap().to_u64())
        .collect()
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 2000, ..ProptestConfig::default() })]

    /// Any number decodes without a panic, and what is accepted is a legal move whose code
    /// is that number.
    #[test]
    fn any_code_decodes_safely(
        which in any::<prop::sample::Index>(),
        pick in any::<prop::sample::Index>(),
        raw in prop_oneof![
            any::<u64>(),
            0u64..1 << 45,
            0u64..1 << 20,
        ],
        flip in 0u64..1 << 45,
        near in any::<bool>(),
    ) {
        let positions = sample();
        let pos = positions[which.index(positions.len())];
        let near_list = near_codes(&pos);
        let bits = if near && !near_list.is_empty() {
            // Flip a few bits of a real code (sparse: `flip` masked to about 1 bit in 8).
            near_list[pick.index(near_list.len())] ^ (flip & flip >> 7 & flip >> 13)
        } else {
            raw
        };
        let code = MoveCode::from_u64(bits);
        if let Ok(m) = pos.decode_move(code) {
            prop_assert!(pos.is_legal(m));
            prop_assert!(pos.legal_moves().contains(&m));
            prop_assert_eq!(pos.move_code(m).unwrap(), code);
        }
    }
}

/// Every legal code of the sample with one bit flipped: no panic, and an accepted code is a
/// legal move whose code is the flipped number (often another destination of the same
/// piece).
#[test]
fn single_bit_flips() {
    let (mut accepted, mut refused) = (0, 0);
    for pos in sample() {
        for code in near_codes(pos) {
            for bit in 0..64 {
                let flipped = MoveCode::from_u64(code ^ 1 << bit);
                match pos.decode_move(flipped) {
                    Ok(m) => {
                        accepted += 1;
                        assert!(pos.legal_moves().contains(&m), "{pos:?} {m}");
                        assert_eq!(pos.move_code(m).unwrap(), flipped);
                    }
                    Err(_) => refused += 1,
                }
            }
        }
    }
    assert!(accepted > 50 && refused > 1000, "{accepted} {refused}");
}

/// The exploding capture positions (the slow search's territory): every move round-trips.
/// The path may differ from the one `legal_moves` shows (the resolver and the list's search
/// can meet the paths of one move in another order there), but it is a landing path of the
/// move in this position: `parse_move` reads it back as the same move.
#[test]
fn worst_cases_round_trip() {
    let keep = |l: &&str| !l.trim().is_empty() && !l.starts_with('#');
    let fens = include_str!("../data/worst-case.fen")
        .lines()
        .filter(keep)
        .chain(
            include_str!("../data/worst-case-found.fen")
                .lines()
                .filter(keep)
                .take(3),
        );
    let (mut same_path, mut total) = (0, 0);
    for fen in fens {
        for rules in RuleSet::ALL {
            let pos = common::pos(fen, rules);
            let list = pos.legal_moves();
            // About 12 moves a position: each decode is a capture search.
            for m in list.iter().step_by(list.len().div_ceil(12)) {
                let back = pos.decode_move(pos.move_code(*m).unwrap()).unwrap();
                assert_eq!(back, *m, "{fen}");
                // (These captures are too long for a move to hold its path: the text takes
                // the position's.)
                let text = pos.move_text(&back).unwrap();
                assert_eq!(pos.parse_move(text.as_str()).unwrap(), *m, "{fen} {text}");
                same_path += usize::from(pos.path_of(&back) == pos.path_of(m));
                total += 1;
            }
        }
    }
    assert!(total > 100, "{total}");
    // Most paths are still the list's.
    assert!(same_path * 2 > total, "{same_path} of {total}");
    println!("{same_path} of {total} paths as the list shows them");
}
