//! The perft example's command line: strict FEN unless `--relaxed`, `--threads`, and the
//! last line. `cargo test` builds the examples first; run `cargo build --example perft`
//! before `cargo test --test examples perft::` alone.

use crate::common::example_binary;
use std::process::{Command, Output};

/// Runs the built `perft` example with `args` and returns what it printed and its status.
fn run(args: &[&str]) -> Output {
    Command::new(example_binary("perft"))
        .args(args)
        .output()
        .expect("perft runs")
}

/// The last line of the output (empty if there is none): the count, `Nodes searched: N`.
fn last_line(out: &Output) -> String {
    String::from_utf8_lossy(&out.stdout)
        .lines()
        .last()
        .unwrap_or("")
        .to_string()
}

/// The error of a refused run, after checking exit code 2, one line on stderr and no panic.
fn one_line_error(out: &Output) -> String {
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr).to_string();
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(!err.contains("panicked"), "{err}");
    err
}

#[test]
fn a_composed_position_needs_relaxed() {
    // A black man on g8, its own back rank: refused by the strict check, accepted relaxed
    // (the example of `Position::from_setup_relaxed`, which has 12 moves).
    let fen = "W:WKc3,c4:Bg8";
    let err = one_line_error(&run(&["1", fen]));
    assert!(err.contains("--relaxed"), "{err}");
    let out = run(&["--relaxed", "1", fen]);
    assert!(out.status.success());
    assert_eq!(last_line(&out), "Nodes searched: 12");
    // Relaxed does not accept everything: a square claimed twice stays an error, without
    // the hint.
    let err = one_line_error(&run(&["--relaxed", "1", "W:Wa2:Ba2"]));
    assert!(!err.contains("--relaxed"), "{err}");
}

#[test]
fn threads_give_the_same_counts_and_divide_lines() {
    let one = run(&["--threads", "1", "--divide", "5"]);
    let three = run(&["--threads", "3", "--divide", "5"]);
    assert!(one.status.success() && three.status.success());
    // 85 090: perft 5 from the start, the count RULES.md gives (tests/rules/perft.rs).
    assert_eq!(last_line(&one), "Nodes searched: 85090");
    assert_eq!(last_line(&three), "Nodes searched: 85090");
    let moves = |out: &Output| -> Vec<String> {
        String::from_utf8_lossy(&out.stdout)
            .lines()
            .filter(|l| !l.starts_with("Time:") && !l.starts_with("Nodes"))
            .map(str::to_string)
            .collect()
    };
    assert_eq!(moves(&one).len(), 8);
    assert_eq!(moves(&one), moves(&three));
}

#[test]
fn bad_thread_counts_are_refused() {
    for args in [
        &["--threads", "0", "3"][..],
        &["--threads", "x", "3"],
        &["--threads"],
    ] {
        one_line_error(&run(args));
    }
}

#[allow(dead_code)]
#[path = "../../examples/perft.rs"]
mod program;

#[test]
fn progress_grows_inside_the_first_root_move() {
    use std::sync::Mutex;
    use turkish_draughts::{Position, divide, perft};

    let pos = Position::start();
    for threads in [1, 2] {
        let parts = Mutex::new(Vec::new());
        let counts = program::count(&pos, 7, threads, |done| parts.lock().unwrap().push(done));
        // The counts are divide's, in the order of the legal moves.
        let mut expected = Vec::new();
        divide(&pos, 7, |m, n| expected.push((m, n)));
        assert_eq!(counts, expected);
        // The parts add up to perft, and each root move is reported done once.
        let parts = parts.into_inner().unwrap();
        assert_eq!(parts.iter().map(|d| d.nodes).sum::<u64>(), perft(&pos, 7));
        assert_eq!(parts.iter().filter(|d| d.root_move).count(), 8);
        // Before the first root move is done, its replies' counts have come in: 8 of them,
        // the first root move's count in all.
        let first = parts.iter().position(|d| d.root_move).unwrap();
        assert_eq!(first, 8, "{parts:?}");
        let inside: u64 = parts[..first].iter().map(|d| d.nodes).sum();
        assert_eq!(inside, counts[0].1);
    }
    // Shallow counts go through the plain divide and give the same.
    for depth in 0..3 {
        let counts = program::count(&pos, depth, 2, |_| {});
        let mut expected = Vec::new();
        divide(&pos, depth, |m, n| expected.push((m, n)));
        assert_eq!(counts, expected, "depth {depth}");
    }
}

#[test]
fn a_huge_thread_count_is_safe() {
    // 40 000 threads asked: no more start than the machine runs at once, and the time line
    // says how many did.
    let out = run(&["--threads", "40000", "6"]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert_eq!(last_line(&out), "Nodes searched: 931312");
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    let text = String::from_utf8_lossy(&out.stdout);
    let time = text.lines().find(|l| l.starts_with("Time:")).unwrap();
    let used = if cores == 1 {
        "1 thread)".to_string()
    } else {
        format!("{cores} threads)")
    };
    assert!(time.ends_with(&used), "{time}");
}
