//! g. The capture generator by kind of capture: the sets of `benches/support/capture_kinds.rs`
//! (the criterion group `captures-by-kind` times the same sets), one full move list of each
//! position, ours `legal_moves_into` under the federation rules (kish's reading) against kish
//! `actions_into`, interleaved, best of `--reps`; reported per list and per move (our moves:
//! kish lists every capture path, so its count is higher where paths differ and results do
//! not).

use std::hint::black_box;
use std::path::PathBuf;
use std::time::Duration;

use turkish_draughts::{MoveList, Position, RuleSet};

// The sets' rule set is the federation's here: kish's reading.
#[allow(dead_code)]
#[path = "../../benches/support/capture_kinds.rs"]
mod capture_kinds;

use crate::leaf_cost::Crate;
use crate::{calibrate, fmt_duration, in_turn, timed, to_kish, Options};

/// A duration of a list or a move: in nanoseconds below a microsecond.
fn short(d: Duration) -> String {
    if d < Duration::from_micros(10) {
        format!("{:.1} ns", d.as_secs_f64() * 1e9)
    } else {
        fmt_duration(d)
    }
}

/// One pass of our lists over the set: the moves summed.
#[inline(never)]
fn ours_pass(positions: &[Position], list: &mut MoveList) -> usize {
    let mut n = 0;
    for p in positions {
        black_box(p).legal_moves_into(list);
        n += black_box(&*list).len();
    }
    n
}

/// One pass of kish's lists over the set: the actions summed.
#[inline(never)]
fn kish_pass(boards: &[kish::Board], actions: &mut Vec<kish::Action>) -> usize {
    let mut n = 0;
    for b in boards {
        black_box(b).actions_into(actions);
        n += black_box(&*actions).len();
    }
    n
}

/// The files of [`capture_kinds::FILES`], read.
fn read_files() -> Result<Vec<String>, String> {
    let mut texts = Vec::new();
    for file in capture_kinds::FILES {
        let path: PathBuf = [env!("CARGO_MANIFEST_DIR"), "..", "tests", "data", file]
            .iter()
            .collect();
        texts.push(std::fs::read_to_string(&path).map_err(|e| format!("{}: {e}", path.display()))?);
    }
    Ok(texts)
}

/// One pass of one crate's lists over the set `kind` (federation rules), untimed: for an
/// instruction count under callgrind (`--toggle-collect='*_pass*'`).
pub(crate) fn capture_cost(krate: Crate, kind: &str) -> Result<(), String> {
    let texts = read_files()?;
    let texts: Vec<&str> = texts.iter().map(String::as_str).collect();
    let set = capture_kinds::sets(&texts, RuleSet::Tudaf)
        .into_iter()
        .find(|s| s.kind == kind)
        .ok_or_else(|| {
            format!(
                "--kind: expected one of {}",
                capture_kinds::KINDS.join(", ")
            )
        })?;
    let positions: Vec<Position> = set.positions.iter().map(|(p, _)| *p).collect();
    let n = match krate {
        Crate::Ours => ours_pass(black_box(&positions), &mut MoveList::new()),
        Crate::Kish => {
            let boards: Vec<kish::Board> = positions.iter().map(|p| to_kish(&p.setup())).collect();
            kish_pass(black_box(&boards), &mut Vec::with_capacity(64))
        }
    };
    println!(
        "capturecost: {krate:?}, {kind}, {} positions: {n}",
        positions.len()
    );
    Ok(())
}

/// Times every set and prints the table.
pub(crate) fn captures(opts: &Options) -> Result<(), String> {
    let texts = read_files()?;
    let texts: Vec<&str> = texts.iter().map(String::as_str).collect();
    println!();
    println!(
        "g. The capture generator by kind of capture (benches/support/capture_kinds.rs; at most {} \
         positions a set from {}): one list of each position, ours legal_moves_into (tudaf) vs \
         kish actions_into; per list, per move (our moves)",
        capture_kinds::PER_KIND,
        capture_kinds::FILES.join(", ")
    );
    let line = format!(
        "{:<16} {:>5} {:>6} {:>6}  {:>10} {:>10}  {:>10} {:>10}  {:>9}",
        "kind",
        "lists",
        "moves",
        "kish",
        "ours/list",
        "kish/list",
        "ours/move",
        "kish/move",
        "ours/kish"
    );
    println!("{line}");
    println!("{}", "-".repeat(line.chars().count()));
    let mut list = MoveList::new();
    let mut actions = Vec::new();
    for set in capture_kinds::sets(&texts, RuleSet::Tudaf) {
        if set.positions.is_empty() {
            println!("{:<16} (no position)", set.kind);
            continue;
        }
        let positions: Vec<Position> = set.positions.iter().map(|(p, _)| *p).collect();
        let boards: Vec<kish::Board> = positions.iter().map(|p| to_kish(&p.setup())).collect();
        let iters_ours = calibrate(|| ours_pass(&positions, &mut list));
        let iters_kish = calibrate(|| kish_pass(&boards, &mut actions));
        let (mut best_ours, mut best_kish) = (Duration::MAX, Duration::MAX);
        let (mut moves, mut kish_moves) = (0, 0);
        for rep in 0..opts.reps {
            let mut ours = || {
                let (t, n) = timed(|| {
                    let mut n = 0;
                    for _ in 0..iters_ours {
                        n = ours_pass(&positions, &mut list);
                    }
                    n
                });
                best_ours = best_ours.min(t / iters_ours);
                moves = n;
            };
            let mut theirs = || {
                let (t, n) = timed(|| {
                    let mut n = 0;
                    for _ in 0..iters_kish {
                        n = kish_pass(&boards, &mut actions);
                    }
                    n
                });
                best_kish = best_kish.min(t / iters_kish);
                kish_moves = n;
            };
            in_turn(rep, &mut ours, &mut theirs);
        }
        let lists = positions.len() as u32;
        println!(
            "{:<16} {:>5} {:>6} {:>6}  {:>10} {:>10}  {:>10} {:>10}  {:>9.3}",
            set.kind,
            lists,
            moves,
            kish_moves,
            short(best_ours / lists),
            short(best_kish / lists),
            short(best_ours / moves as u32),
            short(best_kish / moves as u32),
            best_ours.as_secs_f64() / best_kish.as_secs_f64()
        );
    }
    Ok(())
}
