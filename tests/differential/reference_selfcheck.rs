//! Self-check of the naive reference move generator in tests/reference/mod.rs against the
//! rules as RULES.md states them: worked examples of the rules, the start-position perft
//! numbers and the perft table in tests/data/perft.tsv.

use crate::reference;

use reference::*;
use std::collections::BTreeSet;
use std::time::Instant;

const ALL_RULES: [Rules; 2] = [Rules::Default, Rules::Tudaf];

fn sq(name: &str) -> usize {
    parse_square(name).unwrap_or_else(|| panic!("bad square name {:?}", name))
}

fn set_of(names: &[&str]) -> u64 {
    names.iter().fold(0u64, |acc, n| acc | (1u64 << sq(n)))
}

fn pos(fen: &str) -> RefPos {
    parse_fen(fen).unwrap_or_else(|| panic!("cannot parse FEN {:?}", fen))
}

type Key = (usize, usize, u64, bool);

fn key_text(k: &Key) -> String {
    format!(
        "{}->{} {{{}}}{}",
        square_name(k.0),
        square_name(k.1),
        captured_names(k.2).join(","),
        if k.3 { " crowned" } else { "" }
    )
}

/// Replays a capture move's representative path on the board and checks that each leg is a
/// legal single jump under `rules`, that the jumped pieces are exactly `captured`, and that the
/// crowning flag is right. Written separately from the generator, in the most literal way.
fn check_capture_path(p: &RefPos, m: &RefMove, rules: Rules) -> Result<(), String> {
    let mut board = p.cells;
    let piece = board[m.from];
    let white = matches!(piece, Cell::WhiteMan | Cell::WhiteKing);
    let mut king = matches!(piece, Cell::WhiteKing | Cell::BlackKing);
    let started_as_man = !king;
    let far = if white { 7 } else { 0 };
    board[m.from] = Cell::Empty;
    let mut cur = m.from;
    let mut jumped = 0u64;
    let mut last: Option<(i32, i32)> = None;
    for &land in &m.path {
        let (cf, cr) = ((cur % 8) as i32, (cur / 8) as i32);
        let (lf, lr) = ((land % 8) as i32, (land / 8) as i32);
        if cf != lf && cr != lr || cur == land {
            return Err(format!(
                "leg {}-{} is not straight",
                square_name(cur),
                square_name(land)
            ));
        }
        let d = ((lf - cf).signum(), (lr - cr).signum());
        if let Some(prev) = last {
            if prev.0 == -d.0 && prev.1 == -d.1 {
                return Err(format!("180-degree turn at {}", square_name(cur)));
            }
        }
        if !king {
            let forward = if white { 1 } else { -1 };
            if d.1 == -forward {
                return Err("a man jumped backward".to_string());
            }
            if (lf - cf).abs() + (lr - cr).abs() != 2 {
                return Err("a man's jump is not over an adjacent piece".to_string());
            }
        }
        // Exactly one enemy piece strictly between cur and land; everything else empty.
        let mut enemies = Vec::new();
        let (mut f, mut r) = (cf + d.0, cr + d.1);
        while (f, r) != (lf, lr) {
            let s = (r * 8 + f) as usize;
            match board[s] {
                Cell::Empty => {}
                Cell::WhiteMan | Cell::WhiteKing if !white => enemies.push(s),
                Cell::BlackMan | Cell::BlackKing if white => enemies.push(s),
                _ => return Err(format!("own piece on {} in the way", square_name(s))),
            }
            f += d.0;
            r += d.1;
        }
        if enemies.len() != 1 {
            return Err(format!(
                "{} pieces between {} and {}",
                enemies.len(),
                square_name(cur),
                square_name(land)
            ));
        }
        if board[land] != Cell::Empty {
            return Err(format!("landing square {} is occupied", square_name(land)));
        }
        board[enemies[0]] = Cell::Empty;
        jumped |= 1u64 << enemies[0];
        if !king && lr == far && rules == Rules::Default {
            king = true;
        }
        cur = land;
        last = Some(d);
    }
    if cur != m.to {
        return Err("path does not end on `to`".to_string());
    }
    if jumped != m.captured {
        return Err("jumped pieces differ from the captured set".to_string());
    }
    let crowned = started_as_man && (king || (cur / 8) as i32 == far);
    if crowned != m.crowned {
        return Err("wrong crowning flag".to_string());
    }
    Ok(())
}

/// Structural checks every generated move list must pass.
fn check_move_list(p: &RefPos, rules: Rules, moves: &[RefMove]) {
    let fen = to_fen(p);
    let keys: BTreeSet<Key> = moves
        .iter()
        .map(|m| (m.from, m.to, m.captured, m.crowned))
        .collect();
    assert_eq!(
        keys.len(),
        moves.len(),
        "duplicate results in {} ({:?})",
        fen,
        rules
    );
    let counts: BTreeSet<u32> = moves.iter().map(|m| m.captured.count_ones()).collect();
    assert!(
        counts.len() <= 1,
        "moves with different capture counts in {} ({:?})",
        fen,
        rules
    );
    for m in moves {
        assert!(m.from < 64 && m.to < 64);
        assert_eq!(m.path.last(), Some(&m.to), "path must end on `to`: {:?}", m);
        if m.captured == 0 {
            assert_eq!(m.path, vec![m.to]);
            assert_ne!(m.from, m.to);
        } else {
            assert_eq!(
                m.path.len() as u32,
                m.captured.count_ones(),
                "one landing per capture: {:?}",
                m
            );
            if let Err(e) = check_capture_path(p, m, rules) {
                panic!("bad path {} in {} ({:?}): {}", move_text(m), fen, rules, e);
            }
        }
    }
}

/// Asserts that the legal moves of `fen` under `rules` are exactly `expected`
/// (from, to, captured squares, crowned).
fn expect_moves(fen: &str, rules: Rules, expected: &[(&str, &str, &[&str], bool)]) {
    let p = pos(fen);
    let moves = legal_moves(&p, rules);
    check_move_list(&p, rules, &moves);
    let got: BTreeSet<Key> = moves
        .iter()
        .map(|m| (m.from, m.to, m.captured, m.crowned))
        .collect();
    let want: BTreeSet<Key> = expected
        .iter()
        .map(|&(f, t, c, k)| (sq(f), sq(t), set_of(c), k))
        .collect();
    assert_eq!(
        want.len(),
        expected.len(),
        "duplicate in the expected list for {}",
        fen
    );
    if got != want {
        let missing: Vec<String> = want.difference(&got).map(key_text).collect();
        let extra: Vec<String> = got.difference(&want).map(key_text).collect();
        panic!(
            "{} under {:?}: missing {:?}, unexpected {:?}",
            fen, rules, missing, extra
        );
    }
}

fn texts(fen: &str, rules: Rules) -> BTreeSet<String> {
    legal_moves(&pos(fen), rules)
        .iter()
        .map(move_text)
        .collect()
}

// ------------------------------------------------------------------------------------------
// Worked examples of the rules
// ------------------------------------------------------------------------------------------

#[test]
fn example_king_loop_ends_on_own_start_square() {
    // W:WKb2:Bb4,d5,b6,f6,d7 -- 7 moves, all capturing 5.
    let all5: &[&str] = &["b4", "d5", "b6", "f6", "d7"];
    for rules in ALL_RULES {
        expect_moves(
            "W:WKb2:Bb4,d5,b6,f6,d7",
            rules,
            &[
                ("b2", "a5", all5, false),
                ("b2", "b1", all5, false),
                ("b2", "b2", all5, false),
                ("b2", "b3", all5, false),
                ("b2", "b4", all5, false),
                ("b2", "b5", all5, false),
                ("b2", "c5", all5, false),
            ],
        );
    }
}

#[test]
fn example_no_180_degree_turn() {
    for rules in ALL_RULES {
        expect_moves(
            "W:WKe4:Bf4,c4",
            rules,
            &[
                ("e4", "a4", &["c4"], false),
                ("e4", "b4", &["c4"], false),
                ("e4", "g4", &["f4"], false),
                ("e4", "h4", &["f4"], false),
            ],
        );
    }
}

#[test]
fn example_same_result_paths_are_one_move() {
    for rules in ALL_RULES {
        expect_moves(
            "W:WKh1:Bh3,h6",
            rules,
            &[
                ("h1", "h7", &["h3", "h6"], false),
                ("h1", "h8", &["h3", "h6"], false),
            ],
        );
    }
}

#[test]
fn example_default_vs_federation_crowning() {
    expect_moves(
        "B:Wd2,Ke1:Bd3",
        Rules::Default,
        &[
            ("d3", "f1", &["d2", "e1"], true),
            ("d3", "g1", &["d2", "e1"], true),
            ("d3", "h1", &["d2", "e1"], true),
        ],
    );
    expect_moves(
        "B:Wd2,Ke1:Bd3",
        Rules::Tudaf,
        &[("d3", "f1", &["d2", "e1"], true)],
    );
    let want_default: BTreeSet<String> = ["d3xd1xf1", "d3xd1xg1", "d3xd1xh1"]
        .iter()
        .map(|s| s.to_string())
        .collect();
    assert_eq!(texts("B:Wd2,Ke1:Bd3", Rules::Default), want_default);
    let want_tudaf: BTreeSet<String> = ["d3xd1xf1"].iter().map(|s| s.to_string()).collect();
    assert_eq!(texts("B:Wd2,Ke1:Bd3", Rules::Tudaf), want_tudaf);
}

#[test]
fn example_maximum_capture() {
    for rules in ALL_RULES {
        expect_moves(
            "W:Wc4,d4:Bc5,Kd6,e4,b4",
            rules,
            &[("c4", "e6", &["c5", "d6"], false)],
        );
    }
}

#[test]
fn example_king_quiet_move_stops_at_any_piece() {
    for rules in ALL_RULES {
        expect_moves(
            "W:WKc3,c4:Bg8",
            rules,
            &[
                ("c3", "c2", &[], false),
                ("c3", "c1", &[], false),
                ("c3", "b3", &[], false),
                ("c3", "a3", &[], false),
                ("c3", "d3", &[], false),
                ("c3", "e3", &[], false),
                ("c3", "f3", &[], false),
                ("c3", "g3", &[], false),
                ("c3", "h3", &[], false),
                ("c4", "c5", &[], false),
                ("c4", "b4", &[], false),
                ("c4", "d4", &[], false),
            ],
        );
    }
}

#[test]
fn example_black_man_jumps_south_or_sideways() {
    for rules in ALL_RULES {
        expect_moves(
            "B:Wb3,c4,d3,e5:Bc5,Kh8",
            rules,
            &[
                ("c5", "a3", &["b3", "c4"], false),
                ("c5", "e3", &["c4", "d3"], false),
            ],
        );
        let want: BTreeSet<String> = ["c5xc3xa3", "c5xc3xe3"]
            .iter()
            .map(|s| s.to_string())
            .collect();
        assert_eq!(texts("B:Wb3,c4,d3,e5:Bc5,Kh8", rules), want);
    }
}

// A few extra hand-checked positions (from the rules, not from the crate).

#[test]
fn extra_man_moves_and_crowning() {
    for rules in ALL_RULES {
        // A white man steps forward or sideways, never backward or diagonally.
        expect_moves(
            "W:Wd4:Ba7",
            rules,
            &[
                ("d4", "d5", &[], false),
                ("d4", "c4", &[], false),
                ("d4", "e4", &[], false),
            ],
        );
        // Reaching the far rank by a step crowns.
        expect_moves(
            "W:Wa7:Bh2",
            rules,
            &[("a7", "a8", &[], true), ("a7", "b7", &[], false)],
        );
        // A black man on rank 2 steps down and is crowned.
        expect_moves(
            "B:Wh7:Bc2",
            rules,
            &[
                ("c2", "c1", &[], true),
                ("c2", "b2", &[], false),
                ("c2", "d2", &[], false),
            ],
        );
        // A man never captures backward.
        expect_moves(
            "W:Wd4:Bd3,Ka8",
            rules,
            &[
                ("d4", "d5", &[], false),
                ("d4", "c4", &[], false),
                ("d4", "e4", &[], false),
            ],
        );
    }
}

#[test]
fn extra_crowning_mid_capture_along_the_far_rank() {
    // White man g6 takes g7 and reaches g8. Default: it goes on as a king, takes e8 and b8.
    expect_moves(
        "W:Wg6:Bg7,Ke8,Kb8",
        Rules::Default,
        &[("g6", "a8", &["g7", "e8", "b8"], true)],
    );
    // Federation: still a man on g8; f8 is empty, so it cannot jump on.
    expect_moves(
        "W:Wg6:Bg7,Ke8,Kb8",
        Rules::Tudaf,
        &[("g6", "g8", &["g7"], true)],
    );
    // Federation: a man on the far rank continues sideways over an adjacent piece.
    expect_moves(
        "W:Wg6:Bg7,Kf8,Kc8",
        Rules::Tudaf,
        &[("g6", "e8", &["g7", "f8"], true)],
    );
    // Default: crowned on g8, the new king leaves the far rank and stays a king.
    expect_moves(
        "W:Wg6:Bg7,Ke8,Kd5",
        Rules::Default,
        &[
            ("g6", "d4", &["g7", "e8", "d5"], true),
            ("g6", "d3", &["g7", "e8", "d5"], true),
            ("g6", "d2", &["g7", "e8", "d5"], true),
            ("g6", "d1", &["g7", "e8", "d5"], true),
        ],
    );
    expect_moves(
        "W:Wg6:Bg7,Ke8,Kd5",
        Rules::Tudaf,
        &[("g6", "g8", &["g7"], true)],
    );
    let after = apply(
        &pos("W:Wg6:Bg7,Ke8,Kd5"),
        &legal_moves(&pos("W:Wg6:Bg7,Ke8,Kd5"), Rules::Default)[0],
    );
    assert_eq!(to_fen(&after), "B:WKd1:B");
    // Default: after crowning on g8 by a northward jump it may not turn back south.
    expect_moves(
        "W:Wg6:Bg7,g4",
        Rules::Default,
        &[("g6", "g8", &["g7"], true)],
    );
}

#[test]
fn extra_quiet_positions_and_no_moves() {
    for rules in ALL_RULES {
        // No pieces for the side to move: no legal moves.
        assert!(legal_moves(&pos("W:W:Ba7"), rules).is_empty());
        // Every piece blocked: a2 can neither step nor jump (a4 and c2 are occupied).
        expect_moves("W:Wa2:Ba3,a4,b2,c2", rules, &[]);
        // The same with one landing square freed: the jump is compulsory.
        expect_moves("W:Wa2:Ba3,b2,c2", rules, &[("a2", "a4", &["a3"], false)]);
    }
}

#[test]
fn move_text_and_square_names() {
    assert_eq!(square_name(0), "a1");
    assert_eq!(square_name(1), "b1");
    assert_eq!(square_name(7), "h1");
    assert_eq!(square_name(8), "a2");
    assert_eq!(square_name(63), "h8");
    for i in 0..64 {
        assert_eq!(parse_square(&square_name(i)), Some(i));
    }
    let quiet = RefMove {
        from: sq("d3"),
        to: sq("d4"),
        captured: 0,
        crowned: false,
        path: vec![sq("d4")],
    };
    assert_eq!(move_text(&quiet), "d3-d4");
    let cap = RefMove {
        from: sq("b3"),
        to: sq("d5"),
        captured: set_of(&["c3", "d4"]),
        crowned: false,
        path: vec![sq("d3"), sq("d5")],
    };
    assert_eq!(move_text(&cap), "b3xd3xd5");
}

// ------------------------------------------------------------------------------------------
// FEN
// ------------------------------------------------------------------------------------------

#[test]
fn fen_start_position_and_edge_cases() {
    let start = start_position();
    assert_eq!(
        to_fen(&start),
        "W:Wa2,b2,c2,d2,e2,f2,g2,h2,a3,b3,c3,d3,e3,f3,g3,h3:\
         Ba6,b6,c6,d6,e6,f6,g6,h6,a7,b7,c7,d7,e7,f7,g7,h7"
    );
    assert_eq!(parse_fen(&to_fen(&start)), Some(start.clone()));
    assert_eq!(
        start.cells.iter().filter(|&&c| c == Cell::WhiteMan).count(),
        16
    );
    assert_eq!(
        start.cells.iter().filter(|&&c| c == Cell::BlackMan).count(),
        16
    );
    assert!(start.white_to_move);

    // Either list may be empty; input order is free, output is sorted a1..h8.
    let p = pos("W:W:Ba7");
    assert_eq!(to_fen(&p), "W:W:Ba7");
    let p = pos("B:WKd4,b2,a2:BKh8,a7");
    assert_eq!(to_fen(&p), "B:Wa2,b2,Kd4:Ba7,Kh8");
    assert_eq!(p.cells[sq("d4")], Cell::WhiteKing);
    assert_eq!(p.cells[sq("h8")], Cell::BlackKing);
    assert!(!p.white_to_move);

    for bad in [
        "",
        "W",
        "W:W",
        "X:Wa2:Ba7",
        "W:Wa2:Wa7",
        "W:Ba2:Ba7",
        "W:Wa2,a2:Ba7",
        "W:Wa2:Ba2",
        "W:Wa9:Ba7",
        "W:Wi2:Ba7",
        "W:Wa2,:Ba7",
        "W:Wk2:Ba7",
        "W:WKK2:Ba7",
        "W:Wa8:Ba7", // a white man on the far rank
        "W:Wa2:Ba1", // a black man on the far rank
        "W:Wa2:Ba7:",
        "w:Wa2:Ba7",
    ] {
        assert_eq!(parse_fen(bad), None, "{:?} must not parse", bad);
    }
    // Kings may stand anywhere; a man on its own back rank is accepted (RULES.md's example
    // `W:WKc3,c4:Bg8` has a black man on g8), and it moves like any man.
    assert!(parse_fen("W:WKa1,Ka8:BKh1,Kh8").is_some());
    assert_eq!(pos("W:Wa1:Bh8").cells[sq("a1")], Cell::WhiteMan);
    assert_eq!(pos("W:Wa1:Bh8").cells[sq("h8")], Cell::BlackMan);
    expect_moves(
        "W:Wa1:Bh8",
        Rules::Default,
        &[("a1", "a2", &[], false), ("a1", "b1", &[], false)],
    );
}

// ------------------------------------------------------------------------------------------
// Perft
// ------------------------------------------------------------------------------------------

#[test]
fn perft_start_position() {
    let expected = [8u64, 64, 708, 7538, 85090];
    let start = start_position();
    let t = Instant::now();
    for rules in ALL_RULES {
        for (i, &want) in expected.iter().enumerate() {
            let depth = i as u32 + 1;
            assert_eq!(
                perft(&start, rules, depth),
                want,
                "start perft({}) under {:?}",
                depth,
                rules
            );
        }
    }
    eprintln!(
        "start-position perft 1..5, both rule sets: {:?}",
        t.elapsed()
    );
}

/// Depths 6 and 7 of the start position (slower; run with `-- --ignored`).
#[test]
#[ignore]
fn perft_start_position_deep() {
    let start = start_position();
    for rules in ALL_RULES {
        assert_eq!(perft(&start, rules, 6), 931_312, "{:?}", rules);
        assert_eq!(perft(&start, rules, 7), 10_782_308, "{:?}", rules);
    }
}

struct Row {
    fen: String,
    depth: u32,
    default_nodes: u64,
    tudaf_nodes: u64,
}

fn perft_rows() -> Vec<Row> {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/perft.tsv");
    let text =
        std::fs::read_to_string(path).unwrap_or_else(|e| panic!("cannot read {}: {}", path, e));
    let mut rows = Vec::new();
    for (n, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let cols: Vec<&str> = line.split('\t').collect();
        assert_eq!(
            cols.len(),
            4,
            "line {} of perft.tsv has {} columns",
            n + 1,
            cols.len()
        );
        rows.push(Row {
            fen: cols[0].to_string(),
            depth: cols[1].parse().unwrap(),
            default_nodes: cols[2].parse().unwrap(),
            tudaf_nodes: cols[3].parse().unwrap(),
        });
    }
    assert!(!rows.is_empty(), "perft.tsv has no rows");
    rows
}

#[test]
fn perft_table() {
    let t = Instant::now();
    let rows = perft_rows();
    let mut failures = Vec::new();
    for row in &rows {
        let p = pos(&row.fen);
        for (rules, want) in [
            (Rules::Default, row.default_nodes),
            (Rules::Tudaf, row.tudaf_nodes),
        ] {
            let got = perft(&p, rules, row.depth);
            if got != want {
                failures.push(format!(
                    "{}\tdepth {}\t{:?}: got {}, want {}",
                    row.fen, row.depth, rules, got, want
                ));
            }
        }
    }
    eprintln!(
        "perft.tsv: {} rows, both rule sets: {:?}",
        rows.len(),
        t.elapsed()
    );
    assert!(
        failures.is_empty(),
        "{} perft mismatches:\n{}",
        failures.len(),
        failures.join("\n")
    );
}

#[test]
fn move_lists_are_well_formed_on_table_positions() {
    // Every move list one ply and two plies down from each table row passes the structural
    // checks, and every representative capture path replays as a legal sequence of jumps.
    for row in perft_rows() {
        let p = pos(&row.fen);
        for rules in ALL_RULES {
            let moves = legal_moves(&p, rules);
            check_move_list(&p, rules, &moves);
            for m in &moves {
                let q = apply(&p, m);
                assert_eq!(q.white_to_move, !p.white_to_move);
                check_move_list(&q, rules, &legal_moves(&q, rules));
            }
        }
    }
}

/// True if each piece list of `fen` lists its squares in ascending square index.
fn lists_in_index_order(fen: &str) -> bool {
    fen.split(':').skip(1).all(|list| {
        let idx: Vec<usize> = list[1..]
            .split(',')
            .filter(|t| !t.is_empty())
            .map(|t| sq(t.trim_start_matches('K')))
            .collect();
        idx.windows(2).all(|w| w[0] < w[1])
    })
}

#[test]
fn fen_round_trip_on_table_rows() {
    let mut verbatim = 0;
    for row in perft_rows() {
        let p = pos(&row.fen);
        let printed = to_fen(&p);
        let again = parse_fen(&printed).unwrap_or_else(|| panic!("cannot re-parse {:?}", printed));
        assert_eq!(p, again, "round trip changed {:?}", row.fen);
        assert_eq!(to_fen(&again), printed);
        // Output is sorted a1, b1, ..., h1, a2, ..., h8 (square index order). Rows whose lists
        // are already in that order must print back verbatim (most generated rows are; the
        // hand-written ones use free input order).
        if lists_in_index_order(&row.fen) {
            assert_eq!(
                printed, row.fen,
                "a canonically ordered FEN must print back verbatim"
            );
            verbatim += 1;
        }
    }
    assert!(verbatim > 0, "no row of perft.tsv is in canonical order");
}

/// `has_legal_move` and `can_capture` (the search's quick end-of-game questions) give the
/// answers the move lists give: on the positions blocked by hand, on every position one and
/// two plies from each perft table row, and on random boards from 2 to 24 pieces (men and
/// kings of both sides, either side to move), a good share of which have no move or a
/// capture.
#[test]
fn quick_answers_agree_with_the_move_lists() {
    let mut checked = 0usize;
    let mut blocked = 0usize;
    let mut capturing = 0usize;
    let mut check = |p: &RefPos| {
        for rules in ALL_RULES {
            let moves = legal_moves(p, rules);
            let fen = to_fen(p);
            assert_eq!(has_legal_move(p), !moves.is_empty(), "has_legal_move {fen}");
            assert_eq!(
                can_capture(p),
                moves.iter().any(|m| m.captured != 0),
                "can_capture {fen}"
            );
            checked += 1;
            blocked += usize::from(moves.is_empty());
            capturing += usize::from(moves.iter().any(|m| m.captured != 0));
        }
    };
    for fen in [
        "W:W:Ba7",
        "W:Wa2:Ba3,a4,b2,c2",
        "W:Wa2:Ba3,b2,c2",
        "B:Wa2:Ba3,a4,b2,c2",
        "W:WKa1:BKa2,Ka3,Kb1,Kc1",
        "W:WKa1:BKa2,Kb1",
    ] {
        check(&pos(fen));
    }
    for row in perft_rows() {
        let p = pos(&row.fen);
        for m in legal_moves(&p, Rules::Default) {
            let q = apply(&p, &m);
            check(&q);
            for m2 in legal_moves(&q, Rules::Default) {
                check(&apply(&q, &m2));
            }
        }
    }
    let mut x = 0x9e37_79b9_7f4a_7c15u64;
    let mut next = move |n: u64| {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        x % n
    };
    for _ in 0..20_000 {
        let mut p = empty_position(next(2) == 0);
        let pieces = 2 + next(23);
        for _ in 0..pieces {
            let s = next(64) as usize;
            let cell = match next(4) {
                0 if s / 8 != 7 => Cell::WhiteMan,
                1 => Cell::WhiteKing,
                2 if s / 8 != 0 => Cell::BlackMan,
                _ => Cell::BlackKing,
            };
            p.cells[s] = cell;
        }
        check(&p);
    }
    assert!(
        blocked >= 20 && capturing >= 1000,
        "too few boards with no move ({blocked}) or a capture ({capturing}) of {checked}"
    );
}
