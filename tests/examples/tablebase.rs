//! The `tablebase` example's answers where there is nothing to look up: a directory without
//! the rule set's tables, a game that is over, the end of a line; what a build will take,
//! printed before it starts; and a quiet stop when the reader of the output goes away.
#![cfg(feature = "std")]

use crate::cli::{assert_quiet_on_a_closed_pipe, one_line_error, run};
use crate::tablebase_option::Tables;
use turkish_draughts::{Position, RuleSet};

/// Runs `tablebase` with `args`, expecting exit code 0 and nothing on stderr; its stdout.
#[track_caller]
fn stdout(args: &[&str]) -> String {
    let out = run("tablebase", args);
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(0), "{args:?}: {err}");
    assert!(err.is_empty(), "{args:?}: {err}");
    String::from_utf8(out.stdout).expect("UTF-8")
}

#[test]
fn a_directory_without_the_rule_sets_tables_is_an_error_saying_what_it_holds() {
    let tables = Tables::build_for(RuleSet::Default, 2);
    let dir = tables.arg();
    let expected = format!(
        "error: no table of the tudaf rules in {dir} (it holds the default rules' tables, up to 2 pieces)"
    );
    for args in [
        &["verify", "--rules", "tudaf", "--dir", dir][..],
        &["stats", "--rules", "tudaf", "--dir", dir],
        &["probe", "--rules", "tudaf", "--dir", dir, "W:WKa1,Kb2:BKh8"],
        &["line", "--rules", "tudaf", "--dir", dir, "W:WKa1,Kb2:BKh8"],
    ] {
        assert_eq!(one_line_error("tablebase", args), expected, "{args:?}");
    }
    // Under the rule set it holds, the same directory answers.
    let text = stdout(&["verify", "--dir", dir]);
    assert!(text.ends_with(": 0 mismatches\n"), "{text}");
}

#[test]
fn a_game_that_is_over_says_so_and_why() {
    let tables = Tables::build_for(RuleSet::Default, 2);
    let dir = tables.arg();
    // One king each, no capture: a draw under the default rules.
    assert_eq!(
        stdout(&["probe", "--dir", dir, "W:WKa1:BKh8"]),
        "wdl: draw\ndtw: -\nbest: -\ngame over: draw: one king each\n"
    );
    assert_eq!(
        stdout(&["line", "--dir", dir, "W:WKa1:BKh8"]),
        "1-1 (draw: one king each)\n"
    );
    // A lone king against a lone man wins at once for the king's side.
    assert_eq!(
        stdout(&["probe", "--dir", dir, "B:WKd4:Bd6"]),
        "wdl: loss\ndtw: 0\nbest: -\ngame over: white wins: a lone king against a lone man\n"
    );
    // A game that goes on still lists its best moves.
    assert_eq!(
        stdout(&["probe", "--dir", dir, "W:WKd4:BKd6"]),
        "wdl: win\ndtw: 1\nbest: d4xd7 d4xd8\n"
    );
}

/// The moves of a printed line, played from `fen`: each must be legal. Returns the final
/// position.
fn replay(fen: &str, rules: RuleSet, moves: &[&str]) -> Position {
    let mut pos = Position::from_fen(fen, rules).unwrap();
    for text in moves {
        let m = pos
            .parse_move(text)
            .unwrap_or_else(|e| panic!("{text}: {e}"));
        pos.try_play(m).unwrap();
    }
    pos
}

#[test]
fn a_line_ends_with_its_result_and_why() {
    let tables = Tables::build_for(RuleSet::Default, 2);
    // The men race; White crowns first, and a lone king beats a lone man.
    let fen = "W:Wa2:Bh7";
    let text = stdout(&["line", "--dir", tables.arg(), fen]);
    let end = " 2-0 (white wins: a lone king against a lone man)\n";
    let moves = text.strip_suffix(end).unwrap_or_else(|| panic!("{text}"));
    let moves: Vec<&str> = moves.split(' ').collect();
    assert_eq!(moves.len(), 11, "{text}");
    let last = replay(fen, RuleSet::Default, &moves);
    assert_eq!(last.to_fen(), "B:WKa8:Bh2");

    // Under the federation's rules two kings cannot beat one: White's kings shuffle, and the
    // line is cut, saying so.
    let tables = Tables::build_for(RuleSet::Tudaf, 3);
    let fen = "W:WKa1,Kc3:BKh8";
    let text = stdout(&["line", "--rules", "tudaf", "--dir", tables.arg(), fen]);
    let end = " 1-1 (draw: neither side can force the end; cut after 40 plies)\n";
    let moves = text.strip_suffix(end).unwrap_or_else(|| panic!("{text}"));
    let moves: Vec<&str> = moves.split(' ').collect();
    assert_eq!(moves.len(), 40, "{text}");
    let last = replay(fen, RuleSet::Tudaf, &moves);
    assert_eq!(last.outcome(), None);
    // A drawn line that reaches the end of the game ends with it.
    let text = stdout(&[
        "line",
        "--rules",
        "tudaf",
        "--dir",
        tables.arg(),
        "W:WKd4,e4:BKh8",
    ]);
    assert!(text.ends_with(" 1-1 (draw: one king each)\n"), "{text}");
}

#[test]
fn build_prints_what_it_will_take_before_it_starts() {
    let dir = std::env::temp_dir().join(format!("td-example-build-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let text = stdout(&["build", "--pieces", "2", "--dir", dir.to_str().unwrap()]);
    let _ = std::fs::remove_dir_all(&dir);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 2, "{text}");
    // KvK 64 * 64 entries, KvM and MvK 64 * 48 each, MvM 48 * 48. The largest slice, KvM+MvK:
    // 4 bytes an entry solved, a byte an entry of KvK read, and 64 MiB: 67 137 536 bytes.
    assert!(
        lines[0].starts_with(
            "estimate for 12544 index entries of 2 to 2 pieces (default rules) from nothing: \
             peak memory 67.1 MB (slice KvM+MvK), disk "
        ),
        "{text}"
    );
    assert!(
        lines[0].ends_with(" on 2 threads (tables already in the directory are kept)"),
        "{text}"
    );
    assert!(
        lines[1].starts_with("built 4 materials, 0 present, "),
        "{text}"
    );
}

#[test]
fn every_command_stops_quietly_when_its_reader_goes_away() {
    let tables = Tables::build_for(RuleSet::Default, 2);
    let dir = tables.arg();
    let fresh = std::env::temp_dir().join(format!("td-example-pipe-{}", std::process::id()));
    let fresh = fresh.to_str().unwrap();
    for args in [
        &["probe", "--dir", dir, "W:WKd4:BKd6"][..],
        &["probe", "--dir", dir, "W:WKa1:BKh8"],
        &["line", "--dir", dir, "W:Wa2:Bh7"],
        &["stats", "--dir", dir],
        &["verify", "--dir", dir],
        &["plan", "--pieces", "2"],
        &["build", "--pieces", "2", "--dir", fresh],
    ] {
        assert_quiet_on_a_closed_pipe("tablebase", args);
    }
    let _ = std::fs::remove_dir_all(fresh);
}
