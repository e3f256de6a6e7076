//! Zobrist keys: pinned values (stability), the documented generator, incremental updates.

use std::collections::HashMap;

use proptest::prelude::*;
use turkish_draughts::{Color, Position, RuleSet, Square, ZOBRIST_SEED};

/// The keys are part of the public interface; these four pin them.
///
/// Computed once with `Position::zobrist` and checked against an independent Python script
/// that follows the generator described on `ZOBRIST_SEED` (SplitMix64 from the seed
/// `b"DamaZobr"`, 64 keys each for white men, white kings, black men, black kings in square
/// order a1, b1, ..., h8, then the side key), XOR-ing the keys of the listed pieces by hand:
///
/// ```text
/// start, White to move           0xa2c14276f86c3c8f
/// start after d3-d4, Black       0xb3aea84d017047cf
/// W:Wa2,b2,Kd4:Ba7,Kh8           0xf86042958ee04503
/// B:WKa1:BKh8,h7                 0x37499bbb5ea75d47
/// ```
///
/// If this test fails, the keys changed: that is a breaking change (CHANGELOG).
#[test]
fn pinned_keys() {
    let start = Position::start();
    assert_eq!(start.zobrist(), 0xa2c1_4276_f86c_3c8f);
    let mut after = start;
    after.play(after.parse_move("d3-d4").unwrap());
    assert_eq!(after.zobrist(), 0xb3ae_a84d_0170_47cf);
    for (fen, key) in [
        ("W:Wa2,b2,Kd4:Ba7,Kh8", 0xf860_4295_8ee0_4503u64),
        ("B:WKa1:BKh8,h7", 0x3749_9bbb_5ea7_5d47),
    ] {
        for rules in RuleSet::ALL {
            assert_eq!(
                Position::from_fen(fen, rules).unwrap().zobrist(),
                key,
                "{fen}"
            );
        }
    }
}

/// The generator exactly as the documentation of `ZOBRIST_SEED` describes it, written here
/// without any code of the crate.
struct Reference {
    pieces: [[u64; 64]; 4],
    side: u64,
}

impl Reference {
    fn new() -> Reference {
        let mut state = u64::from_be_bytes(*b"DamaZobr");
        assert_eq!(state, ZOBRIST_SEED);
        let mut next = || {
            state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
            let mut z = state;
            z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
            z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
            z ^ (z >> 31)
        };
        let mut pieces = [[0; 64]; 4];
        for kind in &mut pieces {
            for key in kind.iter_mut() {
                *key = next();
            }
        }
        let side = next();
        Reference { pieces, side }
    }

    fn key(&self, pos: &Position) -> u64 {
        let mut h = if pos.turn() == Color::Black {
            self.side
        } else {
            0
        };
        for i in 0..64u8 {
            let sq = Square::new(i).unwrap();
            if let Some(p) = pos.board().piece_at(sq) {
                let kind = match (p.color, p.role) {
                    (Color::White, turkish_draughts::Role::Man) => 0,
                    (Color::White, turkish_draughts::Role::King) => 1,
                    (Color::Black, turkish_draughts::Role::Man) => 2,
                    (Color::Black, turkish_draughts::Role::King) => 3,
                };
                h ^= self.pieces[kind][usize::from(i)];
            }
        }
        h
    }
}

#[test]
fn side_to_move_and_rules() {
    for fen in ["W:Wa2,b2,Kd4:Ba7,Kh8", "W:Wa4,b4,c4,d4:Ba5,b5,c5,d5"] {
        let w = Position::from_fen(fen, RuleSet::Default).unwrap();
        let b = Position::from_fen(&fen.replacen('W', "B", 1), RuleSet::Default).unwrap();
        assert_eq!(b.turn(), Color::Black);
        assert_ne!(w.zobrist(), b.zobrist(), "{fen}");
        // The side key is the whole difference, the same for every board.
        assert_eq!(w.zobrist() ^ b.zobrist(), Reference::new().side);
        assert_eq!(w.with_rules(RuleSet::Tudaf).zobrist(), w.zobrist());
    }
}

#[test]
fn obvious_distinctions() {
    let r = Reference::new();
    // A man and a king on the same square, the same square for the other side, the same
    // pieces on mirrored squares: all different keys.
    let fens = [
        "W:Wd4:Bh7",
        "W:WKd4:Bh7",
        "W:Wh7:Bd4",
        "W:WKh7:Bd4",
        "W:Wd5:Bh2",
        "W:Wd4:BKh7",
        "W:Wd4,e4:Bh7",
        "W:Wd4:Bh7,g7",
        "B:Wd4:Bh7",
    ];
    let keys: Vec<u64> = fens
        .iter()
        .map(|f| {
            let setup = f.parse().unwrap();
            Position::from_setup_relaxed(&setup, RuleSet::Default)
                .unwrap()
                .zobrist()
        })
        .collect();
    for i in 0..keys.len() {
        for j in 0..i {
            assert_ne!(keys[i], keys[j], "{} and {}", fens[i], fens[j]);
        }
    }
    // A position and its colour-mirrored twin differ (the start is its own twin).
    let pos = Position::from_fen("W:Wa2,b2,Kd4:Ba7,Kh8", RuleSet::Default).unwrap();
    assert_ne!(pos.zobrist(), pos.mirrored().zobrist());
    assert_eq!(
        Position::start().mirrored().zobrist(),
        r.key(&Position::start().mirrored())
    );
    // The empty board with White to move has key 0.
    let empty = Position::from_setup_relaxed(&"W:W:B".parse().unwrap(), RuleSet::Default).unwrap();
    assert_eq!(empty.zobrist(), 0);
}

/// A random playout: the moves chosen by `choices`, stopping when the game ends.
fn playout(
    rules: RuleSet,
    start: Position,
    choices: &[u32],
) -> Vec<(Position, turkish_draughts::Move)> {
    let mut pos = start.with_rules(rules);
    let mut out = Vec::new();
    for &c in choices {
        let moves = pos.legal_moves();
        if moves.is_empty() || pos.outcome().is_some() {
            break;
        }
        let mv = moves[c as usize % moves.len()];
        out.push((pos, mv));
        pos.play_unchecked(mv);
    }
    out
}

const STARTS: [&str; 4] = [
    "W:Wa2,a3,b2,b3,c2,c3,d2,d3,e2,e3,f2,f3,g2,g3,h2,h3:Ba6,a7,b6,b7,c6,c7,d6,d7,e6,e7,f6,f7,g6,g7,h6,h7",
    "W:Wa4,b4,c4,d4:Ba5,b5,c5,d5",
    "W:Wc6,d4,Ke1:Bc3,f5,Kh8",
    "B:Wb6,c6,d6,e2,Ka1:Bb3,e4,f3,g3,Kh8",
];

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    /// Incremental updates equal recomputation at every ply, and both equal the reference.
    #[test]
    fn incremental_equals_recomputed(
        tudaf in any::<bool>(),
        start in 0usize..STARTS.len(),
        choices in prop::collection::vec(any::<u32>(), 0..160),
    ) {
        let rules = if tudaf { RuleSet::Tudaf } else { RuleSet::Default };
        let first = Position::from_fen(STARTS[start], rules).unwrap();
        let r = Reference::new();
        let mut key = first.zobrist();
        for (pos, mv) in playout(rules, first, &choices) {
            prop_assert_eq!(key, pos.zobrist());
            prop_assert_eq!(key, r.key(&pos));
            let mut after = pos;
            after.play_unchecked(mv);
            key ^= pos.zobrist_delta(mv);
            prop_assert_eq!(key, after.zobrist(), "{:?} {}", pos, mv);
        }
    }

    /// Different positions met in random playouts have different keys (a collision among a
    /// few thousand 64-bit keys would be a bug, not bad luck).
    #[test]
    fn distinct_positions_distinct_keys(
        choices in prop::collection::vec(prop::collection::vec(any::<u32>(), 0..120), 1..8),
    ) {
        let mut seen: HashMap<u64, Position> = HashMap::new();
        for (i, c) in choices.iter().enumerate() {
            let rules = RuleSet::ALL[i % 2];
            for (pos, _) in playout(rules, Position::start(), c) {
                let pos = pos.with_rules(RuleSet::Default);
                if let Some(other) = seen.insert(pos.zobrist(), pos) {
                    prop_assert_eq!(other, pos);
                }
            }
        }
    }
}
