//! Self-tests of the independent endgame solver (`tests/solver/`): its move generator against
//! the naive reference generator, its numbering, values worked out by hand from the rules,
//! the fixpoint check over every table it solves, and the board's symmetries.

use crate::reference;
use crate::solver::{self, Board, Material, Moves, Rules, Tables, Value};

use std::collections::BTreeSet;

fn to_ref(b: &Board) -> reference::RefPos {
    let mut p = reference::empty_position(b.white_to_move);
    for s in 0..64 {
        let k = b.kings >> s & 1 == 1;
        if b.white >> s & 1 == 1 {
            p.cells[s] = if k {
                reference::Cell::WhiteKing
            } else {
                reference::Cell::WhiteMan
            };
        } else if b.black >> s & 1 == 1 {
            p.cells[s] = if k {
                reference::Cell::BlackKing
            } else {
                reference::Cell::BlackMan
            };
        }
    }
    p
}

fn ref_rules(r: Rules) -> reference::Rules {
    match r {
        Rules::Default => reference::Rules::Default,
        Rules::Tudaf => reference::Rules::Tudaf,
    }
}

type Key = (u8, u8, u64, bool);

fn ours(b: &Board, rules: Rules) -> BTreeSet<Key> {
    let mut moves = Moves::new();
    solver::legal_moves(b, rules, &mut moves);
    let set: BTreeSet<Key> = moves
        .as_slice()
        .iter()
        .map(|m| (m.from, m.to, m.captured, m.crowned))
        .collect();
    assert_eq!(
        set.len(),
        moves.as_slice().len(),
        "a move listed twice: {}",
        b.fen()
    );
    set
}

fn theirs(b: &Board, rules: Rules) -> BTreeSet<Key> {
    reference::legal_moves(&to_ref(b), ref_rules(rules))
        .iter()
        .map(|m| (m.from as u8, m.to as u8, m.captured, m.crowned))
        .collect()
}

/// A small random number generator (xorshift64*), so that the tests need no seed from outside.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_f491_4f6c_dd1d)
    }

    fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }
}

/// A random legal board: `pieces` pieces, at least one a side, men on ranks 2 to 7.
fn random_board(rng: &mut Rng, pieces: u32, king_share: u64) -> Board {
    loop {
        let mut b = Board {
            white: 0,
            black: 0,
            kings: 0,
            white_to_move: rng.below(2) == 0,
        };
        let mut placed = 0;
        while placed < pieces {
            let s = rng.below(64) as u8;
            if (b.white | b.black) >> s & 1 == 1 {
                continue;
            }
            let king = rng.below(100) < king_share;
            if !king && !(8..56).contains(&s) {
                continue;
            }
            if rng.below(2) == 0 {
                b.white |= 1 << s;
            } else {
                b.black |= 1 << s;
            }
            if king {
                b.kings |= 1 << s;
            }
            placed += 1;
        }
        if b.white != 0 && b.black != 0 {
            return b;
        }
    }
}

#[test]
fn the_solvers_generator_agrees_with_the_reference_on_random_boards() {
    let mut rng = Rng(0x9e37_79b9_7f4a_7c15);
    let mut captures = 0;
    for i in 0..20_000 {
        let pieces = 2 + (i % 11) as u32;
        let b = random_board(&mut rng, pieces, [10, 40, 80][i % 3]);
        for rules in [Rules::Default, Rules::Tudaf] {
            let (a, r) = (ours(&b, rules), theirs(&b, rules));
            assert_eq!(a, r, "{} under {:?}", b.fen(), rules);
            if a.iter().any(|k| k.2 != 0) {
                captures += 1;
            }
        }
    }
    assert!(
        captures > 2_000,
        "too few capture positions tried: {captures}"
    );
}

#[test]
fn the_solvers_generator_agrees_with_the_reference_on_the_specs_examples() {
    // The worked examples of the rule specification (the move counts are the spec's).
    let cases: [(&str, usize, usize); 7] = [
        ("W:WKb2:Bb4,d5,b6,f6,d7", 7, 7),
        ("W:WKe4:Bf4,c4", 4, 4),
        ("W:WKh1:Bh3,h6", 2, 2),
        ("B:Wd2,Ke1:Bd3", 3, 1),
        ("W:Wc4,d4:Bc5,Kd6,e4,b4", 1, 1),
        ("B:Wb3,c4,d3,e5:Bc5,Kh8", 2, 2),
        ("W:Wa7:BKa8,Kb7,c7", 0, 0),
    ];
    for (fen, default, tudaf) in cases {
        let b = solver::board(fen);
        assert_eq!(ours(&b, Rules::Default).len(), default, "{fen} default");
        assert_eq!(ours(&b, Rules::Tudaf).len(), tudaf, "{fen} tudaf");
        for rules in [Rules::Default, Rules::Tudaf] {
            assert_eq!(ours(&b, rules), theirs(&b, rules), "{fen} {rules:?}");
        }
    }
}

#[test]
fn numbering_round_trips_and_counts_every_position() {
    // Positions with exactly 2 pieces, counted by hand: king against king 64 * 63, king
    // against man 63 * 48 (the man on one of the 48 squares of ranks 2-7, the king on any
    // other square), man against king the same, man against man 48 * 47; each with either
    // side to move: 2 * (4032 + 3024 + 3024 + 2256) = 24 672.
    // With exactly 3 pieces, per material (men first on the 48, kings on what is left), e.g.
    // two white kings against a black man 2 * 48 * C(63, 2) = 187 488, summed over the 12
    // materials: 2 671 680 (the figure the tablebase notes give).
    let mut per_count = [0usize; 4];
    for m in Material::all(3) {
        let mut n = 0;
        for idx in 0..m.size() {
            if let Some(b) = m.board(idx) {
                assert_eq!(Material::of(&b), m);
                assert_eq!(m.index(&b), idx, "{}", b.fen());
                assert!((b.white | b.black) & !b.kings & 0xff00_0000_0000_00ff == 0);
                n += 1;
            }
        }
        per_count[m.pieces() as usize] += n;
    }
    assert_eq!(per_count[2], 24_672);
    assert_eq!(per_count[3], 2_671_680);
    assert_eq!(Material::all(3).len(), 4 + 12);
    assert_eq!(Material::all(4).len(), 4 + 12 + 25);
}

#[test]
fn the_solving_order_puts_every_successor_first() {
    // Captures lead to fewer pieces, crownings to one man fewer: both come earlier.
    let order = Material::all(4);
    for (i, m) in order.iter().enumerate() {
        for later in &order[i + 1..] {
            assert!(
                later.pieces() > m.pieces()
                    || (later.pieces() == m.pieces() && later.men() >= m.men())
            );
        }
    }
}

fn value(rules: Rules, fen: &str) -> Value {
    solver::up_to_three(rules).value(&solver::board(fen))
}

#[test]
fn a_side_with_no_move_loses_at_once() {
    // White's man on a7: a8 holds a black king (nothing behind it on the board), b7 a black
    // king with c7 taken behind it, and a7 has no square to the west. No move: loss in 0.
    let b = solver::board("W:Wa7:BKa8,Kb7,c7");
    for rules in [Rules::Default, Rules::Tudaf] {
        let mut moves = Moves::new();
        solver::legal_moves(&b, rules, &mut moves);
        assert_eq!(solver::game_end(&b, rules, &moves), Some(Value::Loss(0)));
    }
    // A side left without a piece has no move either: capturing the last piece is a win in 1
    // (both rule sets): White's king on a1 takes the lone black piece on a5 and, with two white
    // pieces, it is not a one-piece-each ending.
    for rules in [Rules::Default, Rules::Tudaf] {
        assert_eq!(value(rules, "W:WKa1,h2:Ba5"), Value::Win(1));
    }
}

#[test]
fn a_lone_king_beats_a_lone_man_at_once_under_the_default_rules() {
    // RULES.md 6: the king's side wins at once, whoever is to move (DTW 0), even when the man
    // could take the king. Under the federation's rules one piece each is a draw.
    assert_eq!(value(Rules::Default, "W:WKa1:Bb5"), Value::Win(0));
    assert_eq!(value(Rules::Default, "B:WKa1:Bb5"), Value::Loss(0));
    assert_eq!(value(Rules::Default, "B:WKa2:Ba3"), Value::Loss(0));
    assert_eq!(value(Rules::Tudaf, "W:WKa1:Bb5"), Value::Draw);
    assert_eq!(value(Rules::Tudaf, "B:WKa1:Bb5"), Value::Draw);
}

#[test]
fn two_kings_on_one_line_the_mover_captures_and_wins() {
    // Default rules: two lone kings are a draw unless the side to move can capture; here it
    // can (a2 takes a5 along the file, landing a6-a8, or a5 takes a2 landing on a1), and the
    // other side is left without a piece: a loss in 0 for it, a win in 1 for the mover.
    assert_eq!(value(Rules::Default, "W:WKa2:BKa5"), Value::Win(1));
    assert_eq!(value(Rules::Default, "B:WKa2:BKa5"), Value::Win(1));
    assert_eq!(value(Rules::Default, "W:WKa1:BKa5"), Value::Win(1));
    // Black's king cannot take a1: nothing lies behind it on the file. A draw at once.
    assert_eq!(value(Rules::Default, "B:WKa1:BKa5"), Value::Draw);
    // Not on one line: no capture, a draw at once.
    assert_eq!(value(Rules::Default, "W:WKa1:BKb5"), Value::Draw);
    // On one line but the far king stands on the edge behind (nothing to land on): a draw.
    assert_eq!(value(Rules::Default, "W:WKa1:BKa8"), Value::Draw);
}

#[test]
fn one_piece_each_is_a_draw_under_the_federations_rules() {
    for fen in [
        "W:WKa1:BKa5",
        "B:WKa1:BKa5",
        "W:Wa2:Bh7",
        "B:Wa7:Bh3",
        "W:Wd4:BKd5",
    ] {
        assert_eq!(value(Rules::Tudaf, fen), Value::Draw, "{fen}");
    }
    // Default rules: two lone men play on. Black to move, h3 steps to h2 or g3; then White
    // crowns a7-a8 and a lone king against a lone man wins at once. Neither black step can
    // take anything or crown, so Black loses in 2.
    assert_eq!(value(Rules::Default, "B:Wa7:Bh3"), Value::Loss(2));
    assert_eq!(value(Rules::Default, "W:Wa7:Bh2"), Value::Win(1));
}

#[test]
fn crowning_in_the_middle_of_a_capture_differs_between_the_rule_sets() {
    // Black's man d3 jumps d2 and lands on d1, its far rank. Default rules: crowned at once, it
    // goes on as a king along rank 1 (e1, f1 empty), takes the king on g1 and lands on h1:
    // White has nothing left, Black wins in 1. Federation rules: still a man on d1, it can only
    // jump an adjacent piece sideways and e1 is empty, so the move ends on d1 (crowned), one
    // king each: a draw at once.
    assert_eq!(value(Rules::Default, "B:Wd2,Kg1:Bd3"), Value::Win(1));
    assert_eq!(value(Rules::Tudaf, "B:Wd2,Kg1:Bd3"), Value::Draw);
    let b = solver::board("B:Wd2,Kg1:Bd3");
    assert_eq!(ours(&b, Rules::Default).len(), 1);
    assert_eq!(ours(&b, Rules::Tudaf).len(), 1);
}

#[test]
fn a_hand_solved_three_piece_win() {
    // B:WKa5,Kh1:Bh5, Black to move. Its man on h5 has no capture (h4 and g5 are empty) and
    // two moves: h5-h4, after which White's king h1 takes it (h2, h3 empty, lands on h5), and
    // h5-g5, after which White's king a5 takes it along rank 5 (b5-f5 empty, lands on h5).
    // Either way Black has no piece and loses: each White reply wins in 1, so Black loses in 2.
    for rules in [Rules::Default, Rules::Tudaf] {
        assert_eq!(value(rules, "B:WKa5,Kh1:Bh5"), Value::Loss(2), "{rules:?}");
    }
    // W:WKa5,Kg1:Bh5, White to move: no capture (a5 looks along rank 5 at h5 with nothing
    // behind it; g1 sees nothing), so no win in 1: Black keeps its man, and with 3 pieces no
    // side can be left without a move. g1-h1 reaches the loss in 2 above: a win in 3.
    // Federation rules: nothing is faster, since a win in 2 needs a Black position where
    // every move leaves White a win in 0, and these rules have no such ending. Default rules:
    // g1-g5 offers the king; Black's man must take it (h5xf5, the only capture, and capturing
    // is compulsory), which leaves a lone king against a lone man: White wins at once. So
    // Black loses in 1 there, and White wins in 2.
    assert_eq!(value(Rules::Tudaf, "W:WKa5,Kg1:Bh5"), Value::Win(3));
    assert_eq!(value(Rules::Default, "B:WKa5,Kg5:Bh5"), Value::Loss(1));
    assert_eq!(value(Rules::Tudaf, "B:WKa5,Kg5:Bh5"), Value::Draw);
    assert_eq!(value(Rules::Default, "W:WKa5,Kg1:Bh5"), Value::Win(2));
}

#[test]
fn every_solved_value_is_what_its_moves_give() {
    // The fixpoint check: every position of every table up to 3 pieces, both rule sets.
    for rules in [Rules::Default, Rules::Tudaf] {
        let t = solver::up_to_three(rules);
        for m in &t.materials {
            let (bad, first) = t.verify(m, 2);
            assert_eq!(bad, 0, "{rules:?} {}: {first:?}", m.name());
        }
    }
}

fn check_symmetry(t: &Tables) {
    for m in &t.materials {
        t.for_each(m, |b, v| {
            let mirror = b.mirror_files();
            assert_eq!(t.value(&mirror), v, "{} mirrored", b.fen());
            let swapped = b.colour_swapped();
            assert_eq!(t.value(&swapped), v, "{} colours swapped", b.fen());
        });
    }
}

#[test]
fn mirrored_and_colour_swapped_positions_have_equal_values() {
    for rules in [Rules::Default, Rules::Tudaf] {
        check_symmetry(solver::up_to_three(rules));
    }
}

/// Four pieces, release: `cargo test --release --test differential solver -- --ignored`.
#[test]
#[ignore]
fn four_pieces_fixpoint_and_symmetry() {
    for rules in [Rules::Default, Rules::Tudaf] {
        let start = std::time::Instant::now();
        let t = Tables::solve(rules, 4, 2);
        eprintln!("{rules:?}: solved up to 4 in {:.1?}", start.elapsed());
        let start = std::time::Instant::now();
        for m in &t.materials {
            let (bad, first) = t.verify(m, 2);
            assert_eq!(bad, 0, "{rules:?} {}: {first:?}", m.name());
        }
        eprintln!("{rules:?}: checked in {:.1?}", start.elapsed());
        assert_eq!(t.value(&solver::board("W:Wa7:BKa8,Kb7,c7")), Value::Loss(0));
        check_symmetry(&t);
    }
}
