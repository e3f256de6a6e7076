//! What every example does on the command line: `--help` on stdout with exit code 0, every
//! error as one line `error: ...` on stderr with exit code 2, naming the file when a file is
//! involved; one wording for a refused FEN; a quiet stop when the reader of the output goes
//! away. `cargo test` builds the examples first; run `cargo build --examples` before
//! `cargo test --test examples cli::` alone.

use crate::common::example_binary;
use std::path::PathBuf;
use std::process::{Command, Output, Stdio};

const EXAMPLES: [&str; 5] = ["perft", "play", "svg", "pdn", "selfplay"];

/// Runs the built example `name` with `args` and no input.
pub fn run(name: &str, args: &[&str]) -> Output {
    Command::new(example_binary(name))
        .args(args)
        .stdin(Stdio::null())
        .output()
        .unwrap_or_else(|e| panic!("{name} runs: {e}"))
}

/// The one line of an error, after checking the exit code, that it is alone on stderr and
/// that nothing went to stdout.
#[track_caller]
pub fn one_line_error(name: &str, args: &[&str]) -> String {
    let out = run(name, args);
    let err = String::from_utf8_lossy(&out.stderr).to_string();
    assert_eq!(out.status.code(), Some(2), "{name} {args:?}: {err}");
    assert_eq!(err.lines().count(), 1, "{name} {args:?}: {err}");
    assert!(err.starts_with("error: "), "{name} {args:?}: {err}");
    assert!(!err.contains("panicked"), "{name} {args:?}: {err}");
    assert!(out.stdout.is_empty(), "{name} {args:?}");
    err.trim_end().to_string()
}

/// Runs the built example `name` with `args` and no input, its stdout a pipe whose reader
/// has gone already, as `| head` leaves it once it has read its lines: every write fails
/// (`EPIPE`). Returns the exit status and stderr.
// `io::pipe` is from Rust 1.87, past the library's 1.85; the tests need 1.88 already
// (proptest, README "Minimum Rust version").
#[allow(clippy::incompatible_msrv)]
pub fn run_to_a_closed_pipe(name: &str, args: &[&str]) -> Output {
    let (reader, writer) = std::io::pipe().expect("a pipe");
    drop(reader);
    Command::new(example_binary(name))
        .args(args)
        .stdin(Stdio::null())
        .stdout(writer)
        .output()
        .unwrap_or_else(|e| panic!("{name} runs: {e}"))
}

/// Asserts that `name` with `args` stops quietly when its reader has gone: exit code 0,
/// nothing on stderr.
#[track_caller]
pub fn assert_quiet_on_a_closed_pipe(name: &str, args: &[&str]) {
    let out = run_to_a_closed_pipe(name, args);
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(0), "{name} {args:?}: {err}");
    assert!(err.is_empty(), "{name} {args:?}: {err}");
}

/// A path in the temporary directory, named after this test process and `what`.
fn temp_path(what: &str) -> PathBuf {
    std::env::temp_dir().join(format!("td-cli-{}-{what}", std::process::id()))
}

#[test]
fn help_goes_to_stdout_with_exit_code_0() {
    for name in EXAMPLES {
        for flag in ["--help", "-h"] {
            let out = run(name, &[flag]);
            assert_eq!(out.status.code(), Some(0), "{name} {flag}");
            assert!(out.stderr.is_empty(), "{name} {flag}");
            let text = String::from_utf8(out.stdout).unwrap();
            assert!(
                text.starts_with(&format!("usage: {name} ")),
                "{name} {flag}: {text}"
            );
            // Every option the usage line names is explained below it.
            let usage: String = text.split("\n\n").next().unwrap().to_string();
            let rest = &text[usage.len()..];
            for option in usage
                .split(|c: char| c.is_whitespace() || "[]|".contains(c))
                .filter(|w| w.starts_with("--"))
            {
                assert!(rest.contains(option), "{name}: {option} is not explained");
            }
        }
    }
}

#[test]
fn errors_are_one_line_starting_with_error() {
    for name in EXAMPLES {
        one_line_error(name, &["--bogus"]);
        let err = one_line_error(name, &["--rules", "fide"]);
        assert!(err.contains("`fide`"), "{err}");
        assert!(err.contains("default or tudaf"), "{err}");
        let err = one_line_error(name, &["--rules"]);
        assert!(err.contains("--rules needs a value"), "{err}");
    }
}

#[test]
fn pdn_refuses_a_directory_and_a_missing_file_naming_them() {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/pdn");
    let err = one_line_error("pdn", &[dir]);
    assert_eq!(err, format!("error: cannot read {dir}: it is a directory"));
    let missing = temp_path("missing.pdn");
    let missing = missing.to_str().unwrap();
    let err = one_line_error("pdn", &[missing]);
    assert!(
        err.starts_with(&format!("error: cannot read {missing}: ")),
        "{err}"
    );
    // A file it can read: one line a game and the summary, exit code 0.
    let file = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/pdn/playok.pdn");
    let out = run("pdn", &[file]);
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(
        text.lines().last().unwrap().starts_with("games: 3,"),
        "{text}"
    );
}

/// A broken game: its error on stderr as `error: ...` with exit code 2, the good game on
/// stdout ("1 ply", not "1 plies"), and the control characters of the file escaped.
#[test]
fn pdn_prints_game_errors_on_stderr_with_exit_code_2() {
    let file = temp_path("broken.pdn");
    let text = "[White \"a\u{1b}[31m\"]\n[Black \"b\"]\n1. c3-c4 *\n\n1. c3\u{1b}[2J-c5 *\n";
    std::fs::write(&file, text).unwrap();
    let out = run("pdn", &[file.to_str().unwrap()]);
    std::fs::remove_file(&file).unwrap();
    let stdout = String::from_utf8(out.stdout).unwrap();
    let stderr = String::from_utf8(out.stderr).unwrap();
    assert_eq!(out.status.code(), Some(2), "{stdout}{stderr}");
    assert_eq!(
        stdout,
        "1. a\\u{1b}[31m - b: 1 ply, *, ok\ngames: 2, plies: 1, errors: 1\n"
    );
    assert_eq!(stderr.lines().count(), 1, "{stderr}");
    assert!(stderr.starts_with("error: game 2 at 5:4: "), "{stderr}");
    assert!(stderr.contains(r#""c3\u{1b}""#), "{stderr}");
    assert!(
        !stderr.trim_end().chars().any(char::is_control),
        "{stderr:?}"
    );
}

#[test]
fn selfplay_names_the_out_file_it_cannot_write_before_playing() {
    let dir = temp_path("no-such-dir");
    let file = dir.join("games.pdn");
    let file = file.to_str().unwrap();
    // A million games would take minutes: the error comes before the first.
    let err = one_line_error("selfplay", &["--games", "1000000", "--out", file]);
    assert!(
        err.starts_with(&format!("error: cannot write {file}: ")),
        "{err}"
    );
    let err = one_line_error("selfplay", &["--out"]);
    assert_eq!(err, "error: --out needs a value: a file name");
}

#[test]
fn play_names_the_save_file_it_cannot_write_before_the_game_starts() {
    let dir = temp_path("no-such-dir");
    let file = dir.join("game.pdn");
    let file = file.to_str().unwrap();
    // Stdin is empty: had the game started, it would have printed the board and the PDN.
    let err = one_line_error("play", &["--save", file, "--depth", "1"]);
    assert!(
        err.starts_with(&format!("error: cannot write {file}: ")),
        "{err}"
    );
    let err = one_line_error("play", &["--save"]);
    assert_eq!(err, "error: --save needs a value: a file name");
}

#[test]
fn svg_writes_the_side_to_move_when_asked() {
    let out = run("svg", &["--turn", "B:Wd4:Bd6"]);
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).unwrap();
    assert_eq!(text.matches(r#"class="turn black""#).count(), 1);
    let out = run("svg", &["B:Wd4:Bd6"]);
    assert!(
        !String::from_utf8(out.stdout)
            .unwrap()
            .contains("class=\"turn")
    );
}

#[test]
fn every_example_stops_quietly_when_its_reader_goes_away() {
    let pdn = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/pdn/playok.pdn");
    for (name, args) in [
        ("perft", &["3"][..]),
        ("perft", &["--divide", "2"]),
        ("svg", &["W:Wd4:Bd6"]),
        ("pdn", &[pdn]),
        ("selfplay", &["--games", "2"]),
        // The game's first line (stdin is empty, so it would end at once).
        ("play", &["--depth", "1"]),
        ("tablebase", &["plan", "--pieces", "3"]),
    ] {
        assert_quiet_on_a_closed_pipe(name, args);
    }
    for name in EXAMPLES.into_iter().chain(["tablebase"]) {
        assert_quiet_on_a_closed_pipe(name, &["--help"]);
    }
}

/// A FEN an example refuses reads the same in every example: `bad FEN `TEXT`: ` and the
/// reason, a refused position's reason without a prefix.
#[test]
fn a_bad_fen_reads_the_same_in_every_example() {
    // Any directory opens as tables: the FEN is refused before anything is probed.
    let dir = std::env::temp_dir();
    let dir = dir.to_str().unwrap();
    for (fen, reason) in [
        (
            "W:Wa1:Bd5",
            "a man stands on a1, on its side's own back rank, which men never reach",
        ),
        (
            "W:Wa1:Bz5",
            "at byte 7: expected a square such as `d4` or `Kd4`",
        ),
    ] {
        let expected = format!("error: bad FEN `{fen}`: {reason}");
        for (name, args) in [
            ("perft", &["1", fen][..]),
            ("svg", &[fen]),
            ("play", &["--fen", fen]),
            ("tablebase", &["probe", "--dir", dir, fen]),
            ("tablebase", &["line", "--dir", dir, fen]),
        ] {
            let err = one_line_error(name, args);
            // perft adds how to count such a position all the same.
            let hint = " (--relaxed accepts it as a composed position)";
            let err = err.strip_suffix(hint).unwrap_or(&err);
            assert_eq!(err, expected, "{name} {args:?}");
        }
    }
}
