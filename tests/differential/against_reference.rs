//! Differential tests: the crate's move generator against the naive, independent reference
//! generator in `tests/reference/mod.rs`.
//!
//! Moves are compared as SETS of results `(from, to, captured set, crowned)`, under both rule
//! sets, on
//! * random boards (sparse, dense, king-rich and "lattice" boards with enemy pieces spread out
//!   with gaps, which is where long, branching captures live), built through
//!   `Position::from_setup` and, with men on their own back rank and more than 16 pieces a side,
//!   through `Position::from_setup_relaxed`;
//! * every position of random playouts from the start position and from random boards;
//! * the worked examples of RULES.md and the positions of `tests/data`.
//!
//! For every move the test also checks that its displayed landing path is a legal jump sequence
//! with that result (replayed here, literally), that `pos.parse_move(&m.to_string())` gives the
//! same move back, and that the reference's own path for the move is accepted by our parser.
//!
//! On a disagreement the failure message gives the FEN, the rule set and both move sets.

use crate::reference;

use std::collections::BTreeSet;

use proptest::prelude::*;
use proptest::test_runner::TestCaseError;
use turkish_draughts::{
    Color, Move, ParseMoveError, Position, Role, RuleSet, Setup, Square, perft,
};

// ------------------------------------------------------------------------------------------
// Comparing one position
// ------------------------------------------------------------------------------------------

/// The identity of a move: (from, to, captured squares, crowned).
type Key = (u8, u8, u64, bool);

fn key(m: &Move) -> Key {
    (
        m.from().index(),
        m.to().index(),
        m.captured().to_u64(),
        m.is_crowning(),
    )
}

fn ref_key(m: &reference::RefMove) -> Key {
    (m.from as u8, m.to as u8, m.captured, m.crowned)
}

fn ref_rules(rules: RuleSet) -> reference::Rules {
    match rules {
        RuleSet::Default => reference::Rules::Default,
        RuleSet::Tudaf => reference::Rules::Tudaf,
    }
}

fn sq(i: u8) -> Square {
    Square::new(i).expect("square index below 64")
}

fn key_text(k: &Key) -> String {
    let captured: Vec<String> = (0..64u8)
        .filter(|&i| k.2 & (1u64 << i) != 0)
        .map(|i| sq(i).to_string())
        .collect();
    format!(
        "{}{}{}{}{}",
        sq(k.0),
        if k.2 == 0 { "-" } else { "x" },
        sq(k.1),
        if k.2 == 0 {
            String::new()
        } else {
            format!(" {{{}}}", captured.join(","))
        },
        if k.3 { " crowned" } else { "" }
    )
}

fn set_text(set: &BTreeSet<Key>) -> String {
    let v: Vec<String> = set.iter().map(key_text).collect();
    format!("{} moves [{}]", v.len(), v.join(", "))
}

fn ref_pos(pos: &Position) -> Result<reference::RefPos, TestCaseError> {
    let fen = pos.setup().to_string();
    reference::parse_fen(&fen)
        .ok_or_else(|| TestCaseError::fail(format!("the reference cannot parse our FEN {fen}")))
}

/// Replays `m.path()` on the board literally, one jump at a time, and checks that every leg is
/// a legal jump under the position's rules and that the path's result is the move's result.
fn replay_path(pos: &Position, m: &Move) -> Result<(), String> {
    let board = pos.board();
    let me = pos.turn();
    let piece = board
        .piece_at(m.from())
        .ok_or_else(|| format!("{m:?}: no piece on the origin"))?;
    if piece.color != me {
        return Err(format!(
            "{m:?}: the origin holds a piece of the side not to move"
        ));
    }
    // (A capture too long for the move to hold its path gets one from the position.)
    let path = pos
        .path_of(m)
        .ok_or_else(|| format!("{m:?}: not a legal move of its position"))?;
    if path.last() != Some(&m.to()) {
        return Err(format!(
            "{m:?}: path {path:?} does not end on the destination"
        ));
    }
    let far = me.promotion_rank();
    let fwd: i8 = if me == Color::White { 1 } else { -1 };
    let coords = |s: Square| (s.file().index() as i8, s.rank().index() as i8);
    if !m.is_capture() {
        if path.len() != 1 {
            return Err(format!(
                "{m:?}: a quiet move with a path of {} squares",
                path.len()
            ));
        }
        return Ok(()); // quiet moves are compared as results only
    }
    if path.len() as u32 != m.captured().count() {
        return Err(format!(
            "{m:?}: {} landing squares for {} captured pieces",
            path.len(),
            m.captured().count()
        ));
    }
    let mut king = piece.role == Role::King;
    let mut at = m.from();
    let mut removed = 0u64;
    let mut last_dir: Option<(i8, i8)> = None;
    for (leg, &to) in path.iter().enumerate() {
        let (f0, r0) = coords(at);
        let (f1, r1) = coords(to);
        let dir = ((f1 - f0).signum(), (r1 - r0).signum());
        if (dir.0 != 0) == (dir.1 != 0) {
            return Err(format!(
                "{m:?}: leg {leg} {at}->{to} is not along a rank or file"
            ));
        }
        if let Some(d) = last_dir {
            if d == (-dir.0, -dir.1) {
                return Err(format!(
                    "{m:?}: leg {leg} {at}->{to} reverses the previous jump"
                ));
            }
        }
        if !king && (dir.1 == -fwd) {
            return Err(format!("{m:?}: leg {leg}: a man jumps backward"));
        }
        // Occupancy as it stands now: the moving piece has left its origin, jumped pieces are gone.
        let occ = |s: Square| -> Option<Color> {
            if s == m.from() || removed & s.bitboard().to_u64() != 0 {
                None
            } else {
                board.piece_at(s).map(|p| p.color)
            }
        };
        let mut between = Vec::new();
        let (mut f, mut r) = (f0 + dir.0, r0 + dir.1);
        while (f, r) != (f1, r1) {
            let s = Square::new((r * 8 + f) as u8).expect("on the board");
            if let Some(c) = occ(s) {
                between.push((s, c));
            }
            f += dir.0;
            r += dir.1;
        }
        if occ(to).is_some() {
            return Err(format!(
                "{m:?}: leg {leg} lands on the occupied square {to}"
            ));
        }
        let [(jumped, colour)] = between[..] else {
            return Err(format!(
                "{m:?}: leg {leg} {at}->{to} passes {} pieces",
                between.len()
            ));
        };
        if colour == me {
            return Err(format!("{m:?}: leg {leg} jumps an own piece"));
        }
        if !king && (f1 - f0).abs() + (r1 - r0).abs() != 2 {
            return Err(format!(
                "{m:?}: leg {leg}: a man jumps further than over an adjacent piece"
            ));
        }
        removed |= jumped.bitboard().to_u64();
        at = to;
        last_dir = Some(dir);
        if !king && to.rank() == far && pos.rules() == RuleSet::Default {
            king = true;
        }
    }
    if removed != m.captured().to_u64() {
        return Err(format!("{m:?}: the path captures {removed:#x}"));
    }
    let crowned = piece.role == Role::Man && (king || at.rank() == far);
    if crowned != m.is_crowning() {
        return Err(format!("{m:?}: the path says crowned = {crowned}"));
    }
    Ok(())
}

/// Compares our legal moves with the reference's, as sets of results, and checks move text.
fn check_position(pos: &Position) -> Result<(), TestCaseError> {
    check_against(pos, ref_rules(pos.rules()))
}

/// `check_position`, and perft to depth 2 against the reference's perft: perft counts leaves
/// with its own set arithmetic (quiet moves, single captures by men) and grouped captures,
/// not with the move list.
fn check_position_and_perft(pos: &Position) -> Result<(), TestCaseError> {
    check_position(pos)?;
    let rpos = ref_pos(pos)?;
    for depth in 1..=2 {
        let (ours, theirs) = (
            perft(pos, depth),
            reference::perft(&rpos, ref_rules(pos.rules()), depth),
        );
        prop_assert_eq!(
            ours,
            theirs,
            "perft({}) of {} under {} rules",
            depth,
            pos.setup(),
            pos.rules()
        );
    }
    Ok(())
}

/// `check_position` with the reference run under `ref_rules` (normally the same rule set).
fn check_against(pos: &Position, ref_rules: reference::Rules) -> Result<(), TestCaseError> {
    let fen = pos.setup().to_string();
    let rules = pos.rules();
    let rpos = ref_pos(pos)?;
    let ours = pos.legal_moves();
    let theirs = reference::legal_moves(&rpos, ref_rules);
    let our_set: BTreeSet<Key> = ours.iter().map(key).collect();
    let ref_set: BTreeSet<Key> = theirs.iter().map(ref_key).collect();
    if our_set != ref_set {
        let only_ours: BTreeSet<Key> = our_set.difference(&ref_set).copied().collect();
        let only_ref: BTreeSet<Key> = ref_set.difference(&our_set).copied().collect();
        return Err(TestCaseError::fail(format!(
            "move sets differ\nFEN {fen}  rules {rules}\n{pos}\nonly ours:      {}\nonly reference: {}\nours:      {}\nreference: {}",
            set_text(&only_ours),
            set_text(&only_ref),
            set_text(&our_set),
            set_text(&ref_set),
        )));
    }
    if our_set.len() != ours.len() {
        return Err(TestCaseError::fail(format!(
            "FEN {fen} rules {rules}: {} moves listed but only {} distinct results",
            ours.len(),
            our_set.len()
        )));
    }
    for m in &ours {
        replay_path(pos, m)
            .map_err(|e| TestCaseError::fail(format!("FEN {fen} rules {rules}: {e}")))?;
        // A move prints its own path; one too long for it to hold prints with the path its
        // position gives, and prints as its origin and destination alone.
        let text = pos.move_text(m).map(|t| t.to_string());
        let text = text.unwrap_or_default();
        if m.has_path() != (m.to_string() == text) {
            return Err(TestCaseError::fail(format!(
                "FEN {fen} rules {rules}: {m:?} displays as {m}, its text is {text:?}"
            )));
        }
        if !m.has_path() && m.to_string() != format!("{}x{}", m.from(), m.to()) {
            return Err(TestCaseError::fail(format!(
                "FEN {fen} rules {rules}: {m:?} holds no path and displays as {m}"
            )));
        }
        match pos.parse_move(&text) {
            Ok(p) if p == *m && pos.path_of(&p) == pos.path_of(m) => {}
            other => {
                return Err(TestCaseError::fail(format!(
                    "FEN {fen} rules {rules}: {m:?} displays as {text:?}, which parses as {other:?}"
                )));
            }
        }
        if !ref_set.contains(&key(m)) {
            return Err(TestCaseError::fail(format!(
                "FEN {fen} rules {rules}: the reference has no move with the result of {m:?}"
            )));
        }
    }
    // The reference's representative path (often another one than ours) names the same move.
    for rm in &theirs {
        let text = reference::move_text(rm);
        match pos.parse_move(&text) {
            Ok(p) if key(&p) == ref_key(rm) => {}
            other => {
                return Err(TestCaseError::fail(format!(
                    "FEN {fen} rules {rules}: the reference path {text:?} of {} parses as {other:?}",
                    key_text(&ref_key(rm))
                )));
            }
        }
    }
    Ok(())
}

/// Plays the moves chosen by `choices` (index modulo the number of legal moves) and compares
/// the move sets at every ply; also checks that the position after each move is the one the
/// reference reaches.
fn check_playout(start: Position, choices: &[u32]) -> Result<(), TestCaseError> {
    let mut pos = start;
    let mut played: Vec<String> = Vec::new();
    for &c in choices {
        let context = |e: TestCaseError, played: &[String]| {
            TestCaseError::fail(format!(
                "{e}\nreached from {} by {}",
                start.setup(),
                played.join(" ")
            ))
        };
        check_position(&pos).map_err(|e| context(e, &played))?;
        let moves = pos.legal_moves();
        if moves.is_empty() {
            return Ok(());
        }
        let m = moves[c as usize % moves.len()];
        let rpos = ref_pos(&pos)?;
        let rm = reference::legal_moves(&rpos, ref_rules(pos.rules()))
            .into_iter()
            .find(|rm| ref_key(rm) == key(&m))
            .expect("the sets were compared");
        pos.play(m);
        played.push(m.to_string());
        let want = reference::to_fen(&reference::apply(&rpos, &rm));
        if pos.setup().to_string() != want {
            return Err(context(
                TestCaseError::fail(format!(
                    "after {m:?}: our position {} but the reference's {want}",
                    pos.setup()
                )),
                &played,
            ));
        }
    }
    check_position(&pos)
}

// ------------------------------------------------------------------------------------------
// Random boards
// ------------------------------------------------------------------------------------------

/// One square of a generated board, relative to the side to move. Boards are generated in
/// the mover's frame: index `i` is file `i % 8` and rank `i / 8` counted from the mover's own
/// back rank, so index 56..64 is the rank where the mover's men are crowned.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Cell {
    Empty,
    MoverMan,
    MoverKing,
    OppMan,
    OppKing,
}

/// `n` independent cells with the given weights (empty, mover man, mover king, opponent man,
/// opponent king). Shrinks towards empty squares.
fn cells_n(w: [u32; 5], n: usize) -> impl Strategy<Value = Vec<Cell>> {
    prop::collection::vec(
        prop_oneof![
            w[0] => Just(Cell::Empty),
            w[1] => Just(Cell::MoverMan),
            w[2] => Just(Cell::MoverKing),
            w[3] => Just(Cell::OppMan),
            w[4] => Just(Cell::OppKing),
        ],
        n,
    )
}

fn cells(w: [u32; 5]) -> impl Strategy<Value = Vec<Cell>> {
    cells_n(w, 64)
}

/// Opponent pieces on a lattice with holes: every square whose file and rank both have the
/// parity given by `offset` is kept free of opponent pieces, so that there are landing squares
/// between the pieces and capture sequences grow long and branch.
fn lattice() -> impl Strategy<Value = Vec<Cell>> {
    lattice_of([50, 4, 10, 22, 14])
}

/// A few mover kings against a crowd of opponent pieces on a lattice with holes: the capture
/// paths explode, and about a third of these positions are too much for the plain capture
/// search, so they reach the slow one (kings by layers, or depth-first with a memo table).
fn exploding() -> impl Strategy<Value = Vec<Cell>> {
    lattice_of([38, 2, 4, 30, 26])
}

/// Cells with the weights `w`, and holes in the opponent's pieces as in [`lattice`].
fn lattice_of(w: [u32; 5]) -> impl Strategy<Value = Vec<Cell>> {
    (cells(w), 0..4usize).prop_map(|(mut c, offset)| {
        for (i, cell) in c.iter_mut().enumerate() {
            let hole = (i % 8 + offset % 2) % 2 == 0 && (i / 8 + offset / 2) % 2 == 0;
            if hole && matches!(cell, Cell::OppMan | Cell::OppKing) {
                *cell = Cell::Empty;
            }
        }
        c
    })
}

/// Crowning in the middle of a capture, where the two rule sets differ: the mover's men crowd
/// the three ranks in front of the far rank, among opponent pieces (also on the far rank).
fn promotion_zone() -> impl Strategy<Value = Vec<Cell>> {
    (
        cells_n([90, 4, 1, 4, 1], 40),
        cells_n([45, 40, 1, 10, 4], 8),
        cells_n([40, 10, 1, 35, 14], 8),
        cells_n([55, 1, 1, 1, 42], 8),
    )
        .prop_map(|(mut c, r6, r7, r8)| {
            c.extend(r6);
            c.extend(r7);
            c.extend(r8);
            c
        })
}

/// A mix of board shapes.
fn any_cells() -> impl Strategy<Value = Vec<Cell>> {
    prop_oneof![
        3 => cells([80, 7, 3, 7, 3]),   // sparse, mostly men
        2 => cells([40, 27, 3, 27, 3]), // dense, mostly men
        3 => cells([72, 3, 8, 9, 8]),   // many kings
        4 => lattice(),                 // capture-rich
        2 => promotion_zone(),          // crowning mid-capture
        1 => cells([88, 1, 4, 3, 4]),   // endgames
    ]
}

/// Turns generated cells into a setup. A man on its far rank becomes a king. With `relaxed`,
/// a man may stay on its own back rank and a side may keep up to 32 pieces; otherwise such a
/// man becomes a king and pieces beyond the 16th of a side (in generation order) are dropped.
fn make_setup(cells: &[Cell], mover: Color, relaxed: bool) -> Setup {
    let mut setup = Setup::empty();
    setup.turn = mover;
    let mut count = [0u32; 2];
    for (i, &cell) in cells.iter().enumerate() {
        // From the mover's frame to the board: Black's ranks count from rank 8 down.
        let s = sq(if mover == Color::White {
            i as u8
        } else {
            i as u8 ^ 56
        });
        let (color, mut role) = match cell {
            Cell::Empty => continue,
            Cell::MoverMan => (mover, Role::Man),
            Cell::MoverKing => (mover, Role::King),
            Cell::OppMan => (!mover, Role::Man),
            Cell::OppKing => (!mover, Role::King),
        };
        let limit = if relaxed { 32 } else { 16 };
        if count[color as usize] == limit {
            continue;
        }
        if role == Role::Man
            && (s.rank() == color.promotion_rank() || (!relaxed && s.rank() == color.back_rank()))
        {
            role = Role::King;
        }
        count[color as usize] += 1;
        match color {
            Color::White => setup.white = setup.white.with(s),
            Color::Black => setup.black = setup.black.with(s),
        }
        if role == Role::King {
            setup.kings = setup.kings.with(s);
        }
    }
    setup
}

fn make_position(cells: &[Cell], white: bool, relaxed: bool, rules: RuleSet) -> Position {
    let mover = if white { Color::White } else { Color::Black };
    let setup = make_setup(cells, mover, relaxed);
    let pos = if relaxed {
        Position::from_setup_relaxed(&setup, rules)
    } else {
        Position::from_setup(&setup, rules)
    };
    pos.unwrap_or_else(|e| panic!("generated setup {setup} refused: {e}"))
}

fn config(cases: u32) -> ProptestConfig {
    ProptestConfig {
        cases,
        failure_persistence: None,
        // The same cases, drawn by a cheaper generator than the default ChaCha.
        rng_algorithm: proptest::test_runner::RngAlgorithm::XorShift,
        ..ProptestConfig::default()
    }
}

proptest! {
    #![proptest_config(config(4000))]

    #[test]
    fn random_positions_default_rules(cells in any_cells(), white in any::<bool>()) {
        check_position_and_perft(&make_position(&cells, white, false, RuleSet::Default))?;
    }

    #[test]
    fn random_positions_tudaf_rules(cells in any_cells(), white in any::<bool>()) {
        check_position_and_perft(&make_position(&cells, white, false, RuleSet::Tudaf))?;
    }
}

proptest! {
    #![proptest_config(config(600))]

    /// Men on their own back rank and up to 32 pieces a side (`from_setup_relaxed`).
    #[test]
    fn random_relaxed_positions_both_rules(
        cells in prop_oneof![any_cells(), cells([30, 30, 5, 30, 5])],
        white in any::<bool>(),
    ) {
        for rules in RuleSet::ALL {
            check_position_and_perft(&make_position(&cells, white, true, rules))?;
        }
    }
}

proptest! {
    #![proptest_config(config(120))]

    /// Positions where the capture paths explode (up to 32 pieces a side).
    #[test]
    fn exploding_positions_both_rules(cells in exploding(), white in any::<bool>()) {
        for rules in RuleSet::ALL {
            check_position(&make_position(&cells, white, true, rules))?;
        }
    }
}

/// Edits a landing path: 0 drops a landing, 1 replaces one by another square, 2 appends a
/// square, 3 swaps two landings, 4 cuts the path short.
fn mutate(path: &[Square], edits: &[(u8, u8, u8)]) -> Vec<Square> {
    let mut p = path.to_vec();
    for &(op, i, square) in edits {
        let i = if p.is_empty() {
            0
        } else {
            usize::from(i) % p.len()
        };
        match op % 5 {
            0 if p.len() > 1 => {
                p.remove(i);
            }
            1 if !p.is_empty() => p[i] = sq(square % 64),
            2 => p.push(sq(square % 64)),
            3 if !p.is_empty() => {
                let j = usize::from(square) % p.len();
                p.swap(i, j);
            }
            4 if p.len() > 1 => p.truncate(i.max(1)),
            _ => {}
        }
    }
    p
}

proptest! {
    #![proptest_config(config(600))]

    /// The parser accepts a capture path only if it is a legal jump sequence with the result of
    /// a legal move, and it never reports `Unfinished` or `NoSuchCapture` (they would mean that
    /// the path captures at least the maximum but is missing from the move list).
    #[test]
    fn edited_capture_paths_are_parsed_soundly(
        cells in any_cells(),
        white in any::<bool>(),
        edits in prop::collection::vec(prop::collection::vec((any::<u8>(), any::<u8>(), any::<u8>()), 1..3), 1..12),
    ) {
        for rules in RuleSet::ALL {
            let pos = make_position(&cells, white, false, rules);
            let moves = pos.legal_moves();
            for (m, edit) in moves.iter().filter(|m| m.is_capture()).zip(&edits) {
                let path = mutate(&pos.path_of(m).unwrap(), edit);
                let text: Vec<String> = std::iter::once(m.from()).chain(path).map(|s| s.to_string()).collect();
                let text = text.join("x");
                match pos.parse_move(&text) {
                    Ok(q) => {
                        prop_assert!(moves.contains(&q), "{} {rules}: {text:?} gave the illegal {q:?}", pos.setup());
                        // The move keeps the path of the text, or the generator's for a short form.
                        replay_path(&pos, &q).map_err(|e| TestCaseError::fail(format!("{} {rules}: {text:?}: {e}", pos.setup())))?;
                    }
                    Err(e @ (ParseMoveError::Unfinished { .. } | ParseMoveError::NoSuchCapture { .. })) => {
                        prop_assert!(false, "{} {rules}: {text:?} gave {e:?}", pos.setup());
                    }
                    Err(_) => {}
                }
            }
        }
    }
}

/// Playouts of up to 100 plies.
fn choices() -> impl Strategy<Value = Vec<u32>> {
    prop::collection::vec(any::<u32>(), 0..=100)
}

proptest! {
    #![proptest_config(config(100))]

    #[test]
    fn playouts_from_the_start_default_rules(choices in choices()) {
        check_playout(Position::new(RuleSet::Default), &choices)?;
    }

    #[test]
    fn playouts_from_the_start_tudaf_rules(choices in choices()) {
        check_playout(Position::new(RuleSet::Tudaf), &choices)?;
    }

    #[test]
    fn playouts_from_random_positions_default_rules(
        cells in any_cells(), white in any::<bool>(), choices in choices(),
    ) {
        check_playout(make_position(&cells, white, false, RuleSet::Default), &choices)?;
    }

    #[test]
    fn playouts_from_random_positions_tudaf_rules(
        cells in any_cells(), white in any::<bool>(), choices in choices(),
    ) {
        check_playout(make_position(&cells, white, false, RuleSet::Tudaf), &choices)?;
    }
}

// ------------------------------------------------------------------------------------------
// Fixed positions
// ------------------------------------------------------------------------------------------

fn check_fen(fen: &str, depth: u32) {
    for rules in RuleSet::ALL {
        let setup: Setup = fen.parse().unwrap_or_else(|e| panic!("{fen}: {e}"));
        let pos =
            Position::from_setup_relaxed(&setup, rules).unwrap_or_else(|e| panic!("{fen}: {e}"));
        check_tree(&pos, depth);
    }
}

fn check_tree(pos: &Position, depth: u32) {
    if let Err(e) = check_position(pos) {
        panic!("{e}");
    }
    if depth > 1 {
        for m in &pos.legal_moves() {
            let mut child = *pos;
            child.play(*m);
            check_tree(&child, depth - 1);
        }
    }
}

fn data_file(name: &str) -> String {
    let path = format!("{}/tests/data/{name}", env!("CARGO_MANIFEST_DIR"));
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("cannot read {path}: {e}"))
}

#[test]
fn worked_examples_of_the_rules() {
    for fen in [
        "W:WKb2:Bb4,d5,b6,f6,d7",
        "W:WKe4:Bf4,c4",
        "W:WKh1:Bh3,h6",
        "B:Wd2,Ke1:Bd3",
        "W:Wc4,d4:Bc5,Kd6,e4,b4",
        "W:WKc3,c4:Bg8",
        "B:Wb3,c4,d3,e5:Bc5,Kh8",
        // Crowning in the middle of a capture, both rule sets.
        "W:Wg6:Bg7,Ke8,Kb8",
        "W:Wg6:Bg7,Kf8,Kc8",
        "W:Wg6:Bg7,Ke8,Kd5",
        "W:Wg6:Bg7,g4",
        "B:Wb2,Kc1,e1,Kh3:Bb3",
    ] {
        check_fen(fen, 2);
    }
}

#[test]
fn start_position_three_plies() {
    for rules in RuleSet::ALL {
        let pos = Position::new(rules);
        assert_eq!(
            perft(&pos, 3),
            reference::perft(&reference::start_position(), ref_rules(rules), 3)
        );
        check_tree(&pos, 3);
    }
}

#[test]
fn bench_and_perft_table_positions() {
    let bench = data_file("bench.fen");
    let table = data_file("perft.tsv");
    let fens = bench
        .lines()
        .chain(table.lines().map(|l| l.split('\t').next().unwrap_or("")));
    for fen in fens
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
    {
        check_fen(fen, 2);
    }
}

/// The positions with the most legal moves known (195). The reference enumerates every capture
/// path of them one by one, which takes many minutes in a debug build and about two minutes in
/// a release build: run with `cargo test --release --test differential against_reference -- --ignored`.
#[test]
#[ignore]
fn worst_case_positions() {
    for fen in data_file("worst-case.fen").lines().map(str::trim) {
        if !fen.is_empty() && !fen.starts_with('#') {
            check_fen(fen, 1);
        }
    }
}

/// The comparison notices a difference and reports it with the FEN and both sets: the
/// default rules' moves against the reference under the federation's rules.
#[test]
fn the_comparison_reports_differences() {
    let pos = Position::from_fen("B:Wd2,Ke1:Bd3", RuleSet::Default).unwrap();
    let err = check_against(&pos, reference::Rules::Tudaf).expect_err("the rule sets differ here");
    let msg = err.to_string();
    for part in [
        "FEN B:WKe1,d2:Bd3  rules default",
        "only ours:      2 moves [d3xg1 {e1,d2} crowned, d3xh1 {e1,d2} crowned]",
        "only reference: 0 moves []",
    ] {
        assert!(msg.contains(part), "{part:?} missing from:\n{msg}");
    }
    assert!(check_against(&pos, reference::Rules::Default).is_ok());
}

/// The board strategies really produce what the differential tests rely on: mostly captures,
/// often long ones, some quiet positions, and positions where the two rule sets differ.
#[test]
fn board_strategies_reach_interesting_positions() {
    use proptest::strategy::ValueTree;
    let mut runner = proptest::test_runner::TestRunner::deterministic();
    let strategy = (any_cells(), any::<bool>());
    let n = 1000;
    let (mut quiet, mut long, mut differ, mut many) = (0, 0, 0, 0);
    for _ in 0..n {
        let (cells, white) = strategy.new_tree(&mut runner).expect("a value").current();
        let pos = make_position(&cells, white, false, RuleSet::Default);
        let moves = pos.legal_moves();
        let captured = moves.first().map_or(0, |m| m.captured().count());
        quiet += usize::from(captured == 0);
        long += usize::from(captured >= 4);
        many += usize::from(moves.len() >= 10);
        let tudaf = pos.with_rules(RuleSet::Tudaf).legal_moves();
        let set = |l: &[Move]| l.iter().map(key).collect::<BTreeSet<Key>>();
        differ += usize::from(set(&moves) != set(&tudaf));
    }
    eprintln!(
        "{n} boards: {quiet} quiet, {long} capture 4 or more, {many} with 10+ moves, {differ} differ between the rule sets"
    );
    assert!(quiet >= n / 50, "too few quiet positions: {quiet}");
    assert!(long >= n / 5, "too few long captures: {long}");
    assert!(many >= n / 20, "too few positions with many moves: {many}");
    assert!(
        differ >= n / 50,
        "too few positions where the rule sets differ: {differ}"
    );
}
